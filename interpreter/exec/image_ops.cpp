// The Image op of the plain warp loop (exec/image_lanes.h, without a record of the
// texels), and the texel a byte of an image is (texelCoordinate, for findings).
#include "exec/image_ops.h"

#include <string>

#include "exec/image_lanes.h"

namespace spvsim::ops {

void imageOp(const ExecState &x, const LoweredOp &op) {
  ImageLanes<false>(x, op, x.launch->kernel->imageInstructions[op.aux]).run();
}

} // namespace spvsim::ops

namespace spvsim {

std::string texelCoordinate(const LaunchContext &L, uint64_t pointer) {
  const uint32_t id = tagged::id(pointer);
  const uint64_t offset = tagged::offset(pointer);
  for (const ImageView &v : L.images) {
    if (v.allocation != id || v.texelBytes == 0) continue;
    const ImageDescription &d = v.image;
    const bool rows = d.type != ImageType::Image1D && d.type != ImageType::Image1DBuffer &&
                      d.type != ImageType::Image1DArray;
    const uint64_t slice = d.slicePitch ? offset / d.slicePitch : 0;
    const uint64_t inSlice = d.slicePitch ? offset % d.slicePitch : offset;
    const uint64_t row = rows && d.rowPitch ? inSlice / d.rowPitch : 0;
    const uint64_t x = (rows && d.rowPitch ? inSlice % d.rowPitch : inSlice) / v.texelBytes;
    std::array<uint64_t, 3> at{x, 0, 0};
    if (d.type == ImageType::Image1DArray)
      at[1] = slice;
    else
      at[1] = row, at[2] = slice;
    const std::array<int64_t, 3> size = ops::extent(d);
    if (at[0] >= uint64_t(size[0]) || at[1] >= uint64_t(size[1]) || at[2] >= uint64_t(size[2]))
      continue;
    const uint32_t n = coordinateCount(d.type);
    std::string s = "(";
    for (uint32_t c = 0; c < n; ++c) s += (c ? ", " : "") + std::to_string(at[c]);
    return s + ")";
  }
  return {};
}

} // namespace spvsim
