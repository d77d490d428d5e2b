// The elements of an output buffer that nothing wrote, noted under its text dump
// (docs/run-files.md, "Never-written elements"): decided from the buffer's per-byte
// definedness map, which the uninitialized-value check keeps for a buffer created without
// `init` (GlobalMemory::setUndefined), so that marking them costs a run nothing more.
//
//   c: float[128]
//       0: 0, 1, 2, ...
//     ...
//     never written: 100..127 (28 of 128 elements)
#pragma once

#include <cstdint>
#include <ostream>
#include <span>
#include <utility>
#include <vector>

#include "spvsim/runfile/values.h"

namespace spvsim::runfile {

struct NeverWritten {
  /// The first ranges of never-written elements, [first, last], in order.
  std::vector<std::pair<uint64_t, uint64_t>> ranges;
  uint64_t rangeCount = 0; ///< ranges in all
  uint64_t elements = 0;   ///< never-written elements in all
};

/// The elements among `count` of `type` none of whose bytes `written` (one byte per
/// byte of the buffer, 0: never written) marks; the first `limit` ranges are kept.
NeverWritten findNeverWritten(const ElementType &type, uint64_t count,
                              std::span<const uint8_t> written, size_t limit = 8);

/// "  never written: 100..127, 200 (29 of 128 elements)", with ", ..." after the ranges
/// kept when there are more; nothing when every element was written.
void writeNeverWritten(std::ostream &out, const NeverWritten &never, uint64_t count);

} // namespace spvsim::runfile
