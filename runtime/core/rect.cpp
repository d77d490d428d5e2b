// Buffer rectangles (see rect.h).
#include "core/rect.h"

#include <algorithm>
#include <cstring>

namespace spvsim::runtime {

bool resolvePitches(const Triple &region, RectPlace &place) {
  if (place.rowPitch == 0)
    place.rowPitch = region[0];
  else if (place.rowPitch < region[0])
    return false;
  const uint64_t slice = uint64_t(region[1]) * place.rowPitch;
  if (place.slicePitch == 0) {
    place.slicePitch = static_cast<size_t>(slice);
  } else if (place.slicePitch < slice || place.slicePitch % place.rowPitch != 0) {
    return false;
  }
  return true;
}

void copyRect(std::byte *dst, const RectPlace &to, const std::byte *src, const RectPlace &from,
              const Triple &region) {
  forEachRow(to, from, region,
             [&](uint64_t d, uint64_t s) { std::memmove(dst + d, src + s, region[0]); });
}

namespace {

/// Fills `bytes` bytes at `dst` with the `size`-byte pattern: one copy of it, then the
/// filled part copied after itself, doubling each time.
void fillByDoubling(std::byte *dst, uint64_t bytes, const std::byte *pattern, size_t size) {
  std::memcpy(dst, pattern, size);
  for (uint64_t done = size; done < bytes;) {
    const uint64_t n = std::min(done, bytes - done);
    std::memcpy(dst + done, dst, n);
    done += n;
  }
}

} // namespace

void fillRect(std::byte *dst, const RectPlace &to, const Triple &region, const std::byte *pattern,
              size_t size) {
  if (region[0] == 0 || region[1] == 0 || region[2] == 0) return;
  const uint64_t start = to.start();
  if (to.contiguous(region))
    return fillByDoubling(dst + start, to.end(region) - start, pattern, size);
  fillByDoubling(dst + start, region[0], pattern, size);
  forEachRow(to, to, region, [&](uint64_t row, uint64_t) {
    if (row != start) std::memcpy(dst + row, dst + start, region[0]);
  });
}

bool rectsOverlap(const Triple &srcOrigin, const Triple &dstOrigin, const Triple &region,
                  size_t rowPitch, size_t slicePitch) {
  const size_t sliceSize = (region[1] - 1) * rowPitch + region[0];
  const size_t blockSize = (region[2] - 1) * slicePitch + sliceSize;
  const size_t srcStart = srcOrigin[2] * slicePitch + srcOrigin[1] * rowPitch + srcOrigin[0];
  const size_t srcEnd = srcStart + blockSize;
  const size_t dstStart = dstOrigin[2] * slicePitch + dstOrigin[1] * rowPitch + dstOrigin[0];
  const size_t dstEnd = dstStart + blockSize;
  if (dstEnd <= srcStart || srcEnd <= dstStart) return false;
  const size_t srcDx = srcOrigin[0] % rowPitch, dstDx = dstOrigin[0] % rowPitch;
  if ((dstDx >= srcDx + region[0] && dstDx + region[0] <= srcDx + rowPitch) ||
      (srcDx >= dstDx + region[0] && srcDx + region[0] <= dstDx + rowPitch))
    return false;
  const size_t srcDy = (srcOrigin[1] * rowPitch + srcOrigin[0]) % slicePitch;
  const size_t dstDy = (dstOrigin[1] * rowPitch + dstOrigin[0]) % slicePitch;
  if ((dstDy >= srcDy + sliceSize && dstDy + sliceSize <= srcDy + slicePitch) ||
      (srcDy >= dstDy + sliceSize && srcDy + sliceSize <= dstDy + slicePitch))
    return false;
  return true;
}

} // namespace spvsim::runtime
