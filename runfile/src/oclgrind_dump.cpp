// oclgrind-kernel's dump format (oclgrind_dump.h).
#include "spvsim/runfile/oclgrind_dump.h"

#include <bit>
#include <cstdio>

#include "spvsim/common/error.h"

namespace spvsim::runfile {

namespace {

int64_t signExtendBytes(uint64_t bits, uint32_t bytes) {
  const uint32_t shift = 64 - bytes * 8;
  return static_cast<int64_t>(bits << shift) >> shift;
}

} // namespace

std::string formatOclgrindValue(ScalarType type, uint64_t bits, bool hex) {
  const uint32_t size = scalarSize(type);
  char text[64];
  if (isFloatType(type)) {
    const double value = type == ScalarType::Double ? std::bit_cast<double>(bits)
                         : type == ScalarType::Float
                             ? double{std::bit_cast<float>(static_cast<uint32_t>(bits))}
                             : double{halfBitsToFloat(static_cast<uint16_t>(bits))};
    std::snprintf(text, sizeof text, "%.6g", value);
  } else if (hex) {
    // A char is printed as an int, so a negative one shows an int's bits.
    const uint64_t shown =
        size == 1 && isSignedType(type)
            ? static_cast<uint32_t>(static_cast<int32_t>(signExtendBytes(bits, 1)))
            : bits;
    std::snprintf(text, sizeof text, "%llx", static_cast<unsigned long long>(shown));
  } else if (isSignedType(type)) {
    std::snprintf(text, sizeof text, "%lld", static_cast<long long>(signExtendBytes(bits, size)));
  } else {
    std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(bits));
  }
  if (!hex) return text;
  // "0x", then the value right-aligned in two characters per byte, filled with zeros.
  std::string value = text;
  if (value.size() < size * 2) value.insert(0, size * 2 - value.size(), '0');
  return "0x" + value;
}

void writeOclgrindDump(std::ostream &out, std::string_view name, ScalarType type, uint64_t count,
                       std::span<const std::byte> bytes, bool hex, const StopCheck &stop) {
  const uint32_t size = scalarSize(type);
  count = std::min<uint64_t>(count, bytes.size() / size);
  out << "\nArgument '" << name << "': " << bytes.size() << " bytes\n";
  std::string line;
  for (uint64_t i = 0; i < count; ++i) {
    if (stop && i % 4096 == 4095 && stop())
      throw Interrupted("printing buffer '" + std::string(name) + "'");
    line.assign("  ").append(name).append("[").append(std::to_string(i)).append("] = ");
    line += formatOclgrindValue(type, loadComponent(bytes.data() + i * size, size), hex);
    line += '\n';
    out << line;
  }
  out << "\n";
}

} // namespace spvsim::runfile
