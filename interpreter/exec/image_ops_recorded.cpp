// The Image op of the checked warp loop: ImageLanes with a record of the texels it
// reads and writes (exec/image_lanes.h, ImageTexels), and the writes it holds back.
#include <cstring>

#include "exec/image_lanes.h"

namespace spvsim::ops {

void imageOp(const ExecState &x, const LoweredOp &op, ImageTexels &texels) {
  ImageLanes<true>(x, op, x.launch->kernel->imageInstructions[op.aux], &texels).run();
}

void commitImageWrites(const ExecState &x, const ImageTexels &texels) {
  if (!texels.isWrite) return;
  for (uint64_t m = texels.lanes; m; m &= m - 1) {
    const uint32_t l = static_cast<uint32_t>(std::countr_zero(m));
    const uint64_t p = texels.pointers[l][0];
    std::memcpy(x.launch->allocations[tagged::id(p)].base + tagged::offset(p),
                texels.stored[l].data(), texels.texelBytes[l]);
  }
}

} // namespace spvsim::ops
