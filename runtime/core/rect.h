// Rectangles of the *BufferRect commands (OpenCL API §5.2.2): an origin, a
// region in (bytes, rows, slices) and the pitches of the memory they lie in;
// zero pitches resolved, bounds measured, copies, fills with a repeated
// pattern and the overlap test of OpenCL API Appendix D.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace spvsim::runtime {

using Triple = std::array<size_t, 3>;

/// Where a rectangle lies: its origin and its memory's pitches.
struct RectPlace {
  Triple origin{0, 0, 0};
  size_t rowPitch = 0;
  size_t slicePitch = 0;

  /// Byte offset of the origin.
  uint64_t start() const {
    return uint64_t(origin[2]) * slicePitch + uint64_t(origin[1]) * rowPitch + origin[0];
  }
  /// One past the last byte the region touches.
  uint64_t end(const Triple &region) const {
    return start() + uint64_t(region[2] - 1) * slicePitch + uint64_t(region[1] - 1) * rowPitch +
           region[0];
  }
  /// The region's rows follow each other without a gap: its bytes are one range.
  bool contiguous(const Triple &region) const {
    return end(region) - start() == uint64_t(region[0]) * region[1] * region[2];
  }
};

/// Replaces zero pitches by the region's (OpenCL API §5.2.2) and checks given ones: a row
/// pitch at least region[0], a slice pitch at least region[1] rows and a multiple of the
/// row pitch. False when they are invalid.
bool resolvePitches(const Triple &region, RectPlace &place);

/// Calls `row(toOffset, fromOffset)` with the byte offsets of each row of `region` in
/// `to` and in `from` (rows of region[0] bytes).
template <class Row>
void forEachRow(const RectPlace &to, const RectPlace &from, const Triple &region, Row row) {
  for (size_t z = 0; z < region[2]; ++z)
    for (size_t y = 0; y < region[1]; ++y)
      row(to.start() + uint64_t(z) * to.slicePitch + uint64_t(y) * to.rowPitch,
          from.start() + uint64_t(z) * from.slicePitch + uint64_t(y) * from.rowPitch);
}

/// Copies `region` from `src` laid out as `from` to `dst` laid out as `to`.
void copyRect(std::byte *dst, const RectPlace &to, const std::byte *src, const RectPlace &from,
              const Triple &region);

/// Fills `region` of `dst` laid out as `to` with copies of the `size` bytes at `pattern`
/// (region[0] a multiple of `size`): the pattern is doubled across the first row, by
/// memcpy of what is already filled, and the other rows are copies of it; a region
/// whose rows have no gap is filled as one row.
void fillRect(std::byte *dst, const RectPlace &to, const Triple &region, const std::byte *pattern,
              size_t size);

/// OpenCL API Appendix D: do two rectangles of one buffer with the same pitches overlap?
bool rectsOverlap(const Triple &srcOrigin, const Triple &dstOrigin, const Triple &region,
                  size_t rowPitch, size_t slicePitch);

} // namespace spvsim::runtime
