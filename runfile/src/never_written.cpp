// Never-written elements of a dumped buffer (never_written.h).
#include "spvsim/runfile/never_written.h"

#include <algorithm>

namespace spvsim::runfile {

NeverWritten findNeverWritten(const ElementType &type, uint64_t count,
                              std::span<const uint8_t> written, size_t limit) {
  NeverWritten never;
  const uint64_t size = type.size();
  count = std::min<uint64_t>(count, written.size() / size);
  bool inRange = false;
  for (uint64_t i = 0; i < count; ++i) {
    const uint8_t *bytes = written.data() + i * size;
    const bool unwritten = std::all_of(bytes, bytes + size, [](uint8_t b) { return b == 0; });
    if (!unwritten) {
      inRange = false;
      continue;
    }
    ++never.elements;
    if (inRange) {
      if (never.ranges.size() == never.rangeCount) never.ranges.back().second = i;
      continue;
    }
    inRange = true;
    if (never.rangeCount++ < limit) never.ranges.emplace_back(i, i);
  }
  return never;
}

void writeNeverWritten(std::ostream &out, const NeverWritten &never, uint64_t count) {
  if (!never.elements) return;
  out << "  never written: ";
  for (size_t r = 0; r < never.ranges.size(); ++r) {
    const auto [first, last] = never.ranges[r];
    out << (r ? ", " : "") << first;
    if (last != first) out << ".." << last;
  }
  if (never.rangeCount > never.ranges.size()) out << ", ...";
  out << " (" << never.elements << " of " << count << " elements)\n";
}

} // namespace spvsim::runfile
