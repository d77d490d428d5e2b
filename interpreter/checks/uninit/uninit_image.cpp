// The uninit check of image reads and writes (checks/uninit/uninit_image.h). What
// defines an image's texels is what defines a buffer's bytes: its creation with
// contents (a run file's `init`, CL_MEM_COPY_HOST_PTR or CL_MEM_USE_HOST_PTR), host
// writes and fills, and kernel writes; an image created without contents (a
// write-only output, say) has a shadow of undefined bytes until then.
#include "checks/uninit/uninit_image.h"

#include <bit>

#include "checks/uninit/uninit_ops.h"

namespace spvsim::ops {

namespace {

using Kind = ImageInstruction::Kind;

/// Per byte of a texel of image `image`, the components it holds (§7.4), for a read or a
/// write: found when the launch bound the image (ImageView).
const uint8_t *byteComponents(const ExecState &x, uint32_t image, bool read) {
  const ImageView &v = x.launch->images[image];
  return read ? v.readComponents.data() : v.writeComponents.data();
}

void readShadow(const ExecState &x, const ImageInstruction &ii, const UninitOp &u, uint32_t index,
                const ImageTexels &t) {
  uint8_t undefined[64] = {}; // per lane: the result components that are undefined
  uint64_t lanes = 0;
  ShadowOrigin origin;
  for (uint64_t m = t.lanes; m; m &= m - 1) {
    const uint32_t l = static_cast<uint32_t>(std::countr_zero(m));
    // Its texels are of its image's allocation (ImageView::shadow).
    const uint8_t *shadow = x.launch->images[t.image[l]].shadow;
    if (!shadow) continue; // created with contents: every byte defined
    const uint8_t *masks = byteComponents(x, t.image[l], true);
    for (uint32_t k = 0; k < t.count[l]; ++k) {
      const uint8_t *s = shadow + tagged::offset(t.pointers[l][k]);
      uint8_t texel = 0;
      for (uint32_t b = 0; b < t.texelBytes[l]; ++b)
        if (s[b] == kUndefinedByte) texel |= masks[b];
      if (texel && !lanes) origin = ShadowOrigin{index, t.texelBytes[l], t.pointers[l][k]};
      undefined[l] |= texel;
    }
    if (undefined[l]) lanes |= laneBit(l);
  }
  if (!lanes) return;
  for (uint32_t c = 0; c < ii.texelCount; ++c) {
    uint8_t *s = shadowOf(x, u.d + c);
    bool any = false;
    for (uint64_t m = lanes; m; m &= m - 1) {
      const uint32_t l = static_cast<uint32_t>(std::countr_zero(m));
      if (!((undefined[l] >> c) & 1)) continue;
      s[l] = undefinedMask(ii.texelBytes);
      any = true;
    }
    if (any) markDirty(x, u.d + c), originOf(x, u.d + c) = origin;
  }
}

void writeShadow(const ExecState &x, const LoweredOp &op, const ImageInstruction &ii,
                 const UninitOp &u, const ImageTexels &t) {
  uint64_t wholly = 0;
  ShadowOrigin origin;
  for (uint64_t m = t.lanes; m; m &= m - 1) {
    const uint32_t l = static_cast<uint32_t>(std::countr_zero(m));
    uint8_t undefined = 0; // the components of the value that are undefined
    for (uint32_t c = 0; c < ii.texelCount; ++c)
      if (isDirty(x, u.d + c) && shadowOf(x, u.d + c)[l]) {
        if (!undefined && !wholly) origin = originOf(x, u.d + c);
        undefined |= uint8_t(1u << c);
      }
    const uint8_t *masks = byteComponents(x, t.image[l], false);
    uint8_t stored = 0; // the components the format stores
    for (uint32_t b = 0; b < t.texelBytes[l]; ++b) stored |= masks[b];
    if (stored && (undefined & stored) == stored) {
      // Nothing of the texel was written: reported, and then counts as defined.
      wholly |= laneBit(l);
      undefined = 0;
    }
    uint8_t *shadow = x.launch->images[t.image[l]].shadow;
    if (!shadow) continue; // a buffer created with contents keeps no shadow
    uint8_t *s = shadow + tagged::offset(t.pointers[l][0]);
    for (uint32_t b = 0; b < t.texelBytes[l]; ++b)
      s[b] = masks[b] & undefined ? kUndefinedByte : kDefinedByte;
  }
  if (!wholly) return;
  reportUninitRead(x, op, UninitUse::ImageWrite, wholly, origin);
  for (uint32_t c = 0; c < ii.texelCount; ++c)
    if (isDirty(x, u.d + c))
      for (uint64_t m = wholly; m; m &= m - 1) shadowOf(x, u.d + c)[std::countr_zero(m)] = 0;
}

} // namespace

void uninitImage(const ExecState &x, const LoweredOp &op, uint32_t index,
                 const ImageTexels &texels) {
  const ImageInstruction &ii = x.launch->kernel->imageInstructions[op.aux];
  const UninitOp &u = uninitProgram(x).ops[index];
  if (ii.kind == Kind::Write) return writeShadow(x, op, ii, u, texels);
  if (ii.kind == Kind::Read || ii.kind == Kind::Sample) readShadow(x, ii, u, index, texels);
}

} // namespace spvsim::ops
