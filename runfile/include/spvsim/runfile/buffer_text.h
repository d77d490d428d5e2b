// The text form of a buffer that `"dump": true` prints after the last launch.
//
// Format (stable; scripts may parse it):
//
//   name: float4[3]
//     0: (1, 2.5, -3, 4), (nan, inf, -inf, 0)
//     2: (1e-07, 2, 3, 4)
//
// A header line `name: type[count]`, then the elements, 8 scalars per line or
// max(1, 8 / width) vectors per line (vec2: 4, vec3 and vec4: 2, vec8 and
// vec16: 1). Each line is indented by two spaces and starts with the index of
// its first element, right-aligned to the width of the largest index, and
// ": "; elements are separated by ", ". A vector shows its components in
// parentheses (a vec3's padding lane is not shown). Integers are decimal (char
// and uchar too); floats and doubles are the shortest text that reads back as
// the same value (std::to_chars); halves are printed as the float of the same
// value; NaN and infinities as nan, inf, -inf.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "spvsim/runfile/values.h"

namespace spvsim::runfile {

/// The text of `count` elements of `type` stored little-endian in `bytes`.
std::string formatBufferText(std::string_view name, const ElementType &type, uint64_t count,
                             std::span<const std::byte> bytes);

/// Writes the same text to `out` a line at a time, so a large buffer needs no large string.
/// Every few thousand lines it asks `stop`; when that returns true it throws
/// spvsim::Interrupted (the text written so far stays written).
void writeBufferText(std::ostream &out, std::string_view name, const ElementType &type,
                     uint64_t count, std::span<const std::byte> bytes, const StopCheck &stop = {});

/// One component as the text dump prints it.
std::string formatComponent(ScalarType type, uint64_t bits);

} // namespace spvsim::runfile
