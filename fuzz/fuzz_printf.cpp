// Fuzz target: the printf format engine (interpreter/exec/printf_format.h).
// Input: the format, a NUL, then the arguments — per argument a descriptor byte
// (kind in bits 0-1, bytes per component 1 << bits 2-3, components from
// {1, 2, 3, 4, 8, 16} by bits 4-6) and 8 bytes per component. %s strings are
// read from the format text, or fail to read for pointers divisible by 5.
// Besides not crashing, the engine must keep its contract: nothing appended
// unless the outcome is Ok, and never more than the limit.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "exec/printf_format.h"

namespace pf = spvsim::printf_format;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const auto *text = reinterpret_cast<const char *>(data);
  const void *nul = std::memchr(text, 0, size);
  const size_t formatSize = nul ? static_cast<const char *>(nul) - text : size;
  const std::string_view format(text, formatSize);
  std::vector<pf::Argument> args;
  static constexpr uint8_t kComponents[] = {1, 2, 3, 4, 8, 16, 1, 2};
  for (size_t at = formatSize + 1; at < size && args.size() < 32;) {
    const uint8_t descriptor = data[at++];
    pf::Argument a;
    a.kind = static_cast<pf::Argument::Kind>((descriptor & 3) % 3);
    a.bytes = static_cast<uint8_t>(1u << ((descriptor >> 2) & 3));
    a.components = kComponents[(descriptor >> 4) & 7];
    for (uint32_t c = 0; c < a.components && at < size; ++c) {
      uint64_t bits = 0;
      const size_t n = std::min<size_t>(8, size - at);
      std::memcpy(&bits, data + at, n);
      at += n;
      a.bits[c] = bits;
    }
    args.push_back(a);
  }
  const pf::StringReader reader = [&](uint64_t pointer,
                                      uint64_t limit) -> std::optional<std::string> {
    if (pointer % 5 == 0) return std::nullopt;
    const std::string_view from = format.substr(format.empty() ? 0 : pointer % format.size());
    const std::string_view upToNul = from.substr(0, from.find('\0'));
    return std::string(upToNul.substr(0, std::min<uint64_t>(limit, upToNul.size())));
  };
  const uint64_t limit = size % 2 ? 1 << 16 : 64;
  std::string out = "before";
  const pf::Outcome outcome = pf::format(format, args, reader, out, limit);
  if (outcome.status != pf::Status::Ok && out != "before") std::abort();
  if (out.size() - 6 > limit) std::abort();
  if (outcome.status == pf::Status::FormatError && outcome.error.empty()) std::abort();
  return 0;
}
