// The program binary container (see binary.h).
#include "core/binary.h"

#include <cstring>

namespace spvsim::runtime {

namespace {

constexpr char kMagic[8] = {'S', 'P', 'V', 'S', 'I', 'M', 'P', 'B'};
constexpr uint32_t kFormatVersion = 1;
constexpr uint32_t kSpirvMagic = 0x07230203;

void putWord(std::vector<unsigned char> &out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<unsigned char>(v >> (8 * i)));
}

bool getWord(std::span<const unsigned char> bytes, size_t &at, uint32_t &v) {
  if (bytes.size() < 4 || at > bytes.size() - 4) return false;
  v = 0;
  for (int i = 0; i < 4; ++i) v |= uint32_t(bytes[at + i]) << (8 * i);
  at += 4;
  return true;
}

bool isSpirv(std::span<const unsigned char> bytes) {
  if (bytes.size() < 20 || bytes.size() % 4 != 0) return false;
  uint32_t first = 0;
  std::memcpy(&first, bytes.data(), 4);
  return first == kSpirvMagic || __builtin_bswap32(first) == kSpirvMagic;
}

} // namespace

std::vector<unsigned char> encodeBinary(const ProgramBinary &binary) {
  std::vector<unsigned char> out(kMagic, kMagic + sizeof kMagic);
  putWord(out, kFormatVersion);
  putWord(out, static_cast<uint32_t>(binary.type));
  putWord(out, static_cast<uint32_t>(binary.options.size()));
  out.insert(out.end(), binary.options.begin(), binary.options.end());
  putWord(out, static_cast<uint32_t>(binary.spirv.size() * 4));
  for (uint32_t w : binary.spirv) putWord(out, w);
  return out;
}

std::optional<ProgramBinary> decodeBinary(std::span<const unsigned char> bytes) {
  ProgramBinary binary;
  if (bytes.size() >= sizeof kMagic && std::memcmp(bytes.data(), kMagic, sizeof kMagic) == 0) {
    size_t at = sizeof kMagic;
    uint32_t version = 0, type = 0, optionBytes = 0, moduleBytes = 0;
    if (!getWord(bytes, at, version) || version != kFormatVersion) return std::nullopt;
    if (!getWord(bytes, at, type)) return std::nullopt;
    if (type != CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT && type != CL_PROGRAM_BINARY_TYPE_LIBRARY &&
        type != CL_PROGRAM_BINARY_TYPE_EXECUTABLE)
      return std::nullopt;
    if (!getWord(bytes, at, optionBytes) || optionBytes > bytes.size() - at) return std::nullopt;
    binary.options.assign(reinterpret_cast<const char *>(bytes.data() + at), optionBytes);
    at += optionBytes;
    if (!getWord(bytes, at, moduleBytes) || moduleBytes != bytes.size() - at) return std::nullopt;
    std::span<const unsigned char> module = bytes.subspan(at);
    if (!isSpirv(module)) return std::nullopt;
    binary.type = type;
    binary.spirv.resize(module.size() / 4);
    std::memcpy(binary.spirv.data(), module.data(), module.size());
    return binary;
  }
  if (!isSpirv(bytes)) return std::nullopt;
  binary.spirv.resize(bytes.size() / 4);
  std::memcpy(binary.spirv.data(), bytes.data(), bytes.size());
  return binary;
}

} // namespace spvsim::runtime
