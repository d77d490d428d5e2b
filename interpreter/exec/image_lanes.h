// The image instructions' lanes (exec/image_ops.cpp), per lane as OpenCL SPIR-V
// Env §7 prescribes: coordinates (§7.1), addressing and filter modes (§7.2 clamp,
// clamp-to-edge and none, §7.2.2 repeat, §7.2.3 mirrored repeat), layer selection
// (§7.5), sampler-less reads (§7.7) and the texel conversions of §7.4
// (memory/image_format.cpp). A coordinate outside the image where OpenCL leaves the
// result undefined (addressing mode none, sampler-less reads, writes) is the finding
// image.coordinate; the read yields 0 and the write is dropped. An access the image's
// buffer forbids (a write to a read-only image, a released or mapped buffer) goes to
// the access-fault check like a buffer access. A template over whether the texels are
// recorded (ImageTexels, for the checked loop); each instantiation lives in a file of
// its own (image_ops.cpp, image_ops_recorded.cpp), so that the compiler inlines the
// plain one as if it were alone.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>

#include "exec/execution_events.h"
#include "exec/handlers_memory.h"

namespace spvsim::ops {

namespace {

using Kind = ImageInstruction::Kind;

/// (int)floor(v), saturated to the int range (a huge or NaN coordinate is undefined in
/// OpenCL; here it lands far outside the image instead of being undefined behaviour).
int64_t floorIndex(float v) {
  if (!(v >= -2147483648.0f)) return INT32_MIN; // NaN too
  if (v >= 2147483648.0f) return INT32_MAX;
  const int64_t t = static_cast<int64_t>(v); // toward zero, exact: |t| < 2^31
  return t - (static_cast<float>(t) > v);
}

float frac(float v) {
  return v - std::floor(v);
}

/// The texels a read combines along one axis: i0 alone (nearest), or i0 and i1 with
/// weight a of i1 (linear).
struct Axis {
  int64_t i0 = 0, i1 = 0;
  float a = 0.0f;
};

int64_t addressMode(uint32_t mode, int64_t i, int64_t size) {
  switch (mode) {
  case sampler_bits::kAddressClamp:
    return std::clamp<int64_t>(i, -1, size);
  case sampler_bits::kAddressClampToEdge:
    return std::clamp<int64_t>(i, 0, size - 1);
  default:
    return i;
  }
}

/// One axis of §7.2: coordinate s (normalized or not) over `size` texels.
Axis axisOf(float s, int64_t size, uint32_t sampler) {
  const bool normalized = sampler & sampler_bits::kNormalized;
  const bool linear = (sampler & sampler_bits::kFilterMask) == sampler_bits::kFilterLinear;
  const uint32_t mode = sampler & sampler_bits::kAddressMask;
  const float w = static_cast<float>(size);
  Axis x;
  if (mode == sampler_bits::kAddressRepeat) { // §7.2.2
    const float sn = normalized ? s : s / w;
    const float u = (sn - std::floor(sn)) * w;
    if (!linear) {
      x.i0 = floorIndex(u);
      if (x.i0 > size - 1) x.i0 -= size;
      return x;
    }
    x.i0 = floorIndex(u - 0.5f);
    x.i1 = x.i0 + 1;
    if (x.i0 < 0) x.i0 += size;
    if (x.i1 > size - 1) x.i1 -= size;
    x.a = frac(u - 0.5f);
    return x;
  }
  if (mode == sampler_bits::kAddressMirroredRepeat) { // §7.2.3
    const float sn = normalized ? s : s / w;
    const float mirrored = std::fabs(sn - 2.0f * std::nearbyint(0.5f * sn));
    const float u = mirrored * w;
    if (!linear) {
      x.i0 = std::min<int64_t>(floorIndex(u), size - 1);
      return x;
    }
    x.i0 = std::max<int64_t>(floorIndex(u - 0.5f), 0);
    x.i1 = std::min<int64_t>(floorIndex(u - 0.5f) + 1, size - 1);
    x.a = frac(u - 0.5f);
    return x;
  }
  // §7.2.1: clamp, clamp-to-edge and none.
  const float u = normalized ? s * w : s;
  if (!linear) {
    x.i0 = addressMode(mode, floorIndex(u), size);
    return x;
  }
  x.i0 = addressMode(mode, floorIndex(u - 0.5f), size);
  x.i1 = addressMode(mode, floorIndex(u - 0.5f) + 1, size);
  x.a = frac(u - 0.5f);
  return x;
}

/// The texel a nearest-filter read takes along one axis (axisOf's i0).
int64_t nearestOf(float s, int64_t size, uint32_t sampler) {
  const uint32_t mode = sampler & sampler_bits::kAddressMask;
  if (mode == sampler_bits::kAddressRepeat || mode == sampler_bits::kAddressMirroredRepeat)
    return axisOf(s, size, sampler).i0;
  // §7.2.1: clamp, clamp-to-edge and none.
  const float u = (sampler & sampler_bits::kNormalized) ? s * static_cast<float>(size) : s;
  return addressMode(mode, floorIndex(u), size);
}

/// The sizes along x, y and z of the image, z and y counting layers for arrays.
std::array<int64_t, 3> extent(const ImageDescription &d) {
  switch (d.type) {
  case ImageType::Image1DArray:
    return {int64_t(d.width), int64_t(d.arraySize), 1};
  case ImageType::Image2DArray:
    return {int64_t(d.width), int64_t(d.height), int64_t(d.arraySize)};
  default:
    return {int64_t(d.width), int64_t(d.height), int64_t(d.depth)};
  }
}

/// The byte offset of texel (i, j, k), k the slice or layer (j the layer of 1D arrays).
uint64_t offsetOf(const ImageView &v, int64_t i, int64_t j, int64_t k) {
  const ImageDescription &d = v.image;
  if (d.type == ImageType::Image1DArray)
    return uint64_t(i) * v.texelBytes + uint64_t(j) * d.slicePitch;
  return uint64_t(i) * v.texelBytes + uint64_t(j) * d.rowPitch + uint64_t(k) * d.slicePitch;
}

/// The border colour of §7.2.1 (OpenCL C++ §5.3.3.4): (0, 0, 0, 1) for orders without
/// alpha that are not padded, else (0, 0, 0, 0).
bool borderAlphaOne(uint32_t order) {
  namespace co = channel_order;
  return order == co::R || order == co::RG || order == co::RGB || order == co::Luminance ||
         order == co::sRGB;
}

/// What one lane's read found: the texel, or that it lay outside the image.
struct LaneRead {
  std::array<float, 4> f{};
  std::array<uint32_t, 4> i{};
  bool outside = false; ///< a coordinate outside the image where the result is undefined
  std::array<int64_t, 3> where{};
};

/// The image op's lanes. With `Record` the texel accesses go to an ImageTexels record
/// and writes wait in it (the checked loop); without it nothing of the record is compiled.
template <bool Record> class ImageLanes {
public:
  ImageLanes(const ExecState &x, const LoweredOp &op, const ImageInstruction &ii,
             ImageTexels *texels = nullptr)
      : x_(x), op_(op), ii_(ii), stride_(x.launch->kernel->slotStride), texels_(texels) {
    if constexpr (Record) texels_->isWrite = ii.kind == Kind::Write;
  }

  void run() {
    const uint64_t mask = x_.maskOf(op_);
    if (!mask) return;
    if (!runUniform(mask))
      for (uint64_t m = mask; m; m &= m - 1) lane(static_cast<uint32_t>(std::countr_zero(m)));
    if (outsideLanes_) reportOutside();
    if (faultLanes_)
      raiseAccessFault(x_, op_, faultLane_, faultPointer_, faultBytes_, ii_.kind == Kind::Write,
                       fault_, std::popcount(faultLanes_));
  }

private:
  const ImageView *imageOf(uint32_t l) const {
    const uint64_t handle = indexOf(x_, op_.a, ii_.handleBytes, l);
    const auto &images = x_.launch->images;
    return handle < images.size() ? &images[handle] : nullptr;
  }

  float floatCoordinate(uint32_t l, uint32_t c) const {
    const uint32_t slot = op_.b + c * stride_;
    return ii_.floatCoordinates ? x_.reg<float>(slot)[l]
                                : static_cast<float>(x_.reg<int32_t>(slot)[l]);
  }
  int64_t intCoordinate(uint32_t l, uint32_t c) const {
    const uint32_t slot = op_.b + c * stride_;
    return ii_.floatCoordinates ? floorIndex(x_.reg<float>(slot)[l]) : x_.reg<int32_t>(slot)[l];
  }

  /// Whether the lane may access the image's buffer; raises the access fault otherwise
  /// (a read of a write-only buffer is still performed, as for buffers).
  /// Whether every texel of image v is accessible (no fault for the op's kind of access),
  /// found once per image of the op.
  bool wholeAccessible(const ImageView &v, uint32_t l, bool isWrite) {
    if (&v == whole_) return true;
    if (&v == tested_) return false;
    tested_ = &v;
    ResolvedAllocation r;
    const uint64_t first = tagged::make(AddressSpace::Global, v.allocation, 0);
    if (checkAccess(r, resolve(x_, first, l, r), v.bytes, isWrite) != AccessFault::None)
      return false;
    whole_ = &v;
    return true;
  }

  bool accessible(const ImageView &v, uint32_t l, uint64_t offset, bool isWrite) {
    if (wholeAccessible(v, l, isWrite)) return true;
    ResolvedAllocation r;
    const uint64_t pointer = tagged::make(AddressSpace::Global, v.allocation, offset);
    const AccessFault f =
        checkAccess(r, resolve(x_, pointer, l, r), offset + v.texelBytes, isWrite);
    if (f == AccessFault::None) return true;
    if (!faultLanes_) {
      faultLane_ = l, faultPointer_ = pointer, faultBytes_ = v.texelBytes, fault_ = f;
    }
    faultLanes_ |= laneBit(l);
    return f == AccessFault::WriteOnlyRead;
  }

  void fetch(const ImageView &v, uint32_t l, int64_t i, int64_t j, int64_t k,
             std::array<float, 4> &f, std::array<uint32_t, 4> &n) {
    const uint64_t offset = offsetOf(v, i, j, k);
    if (!accessible(v, l, offset, false)) {
      f = {}, n = {};
      return;
    }
    decodeAt(v, l, offset, f, n);
  }

  /// Reads the texel at `offset` of image v, whose access was checked.
  void decodeAt(const ImageView &v, uint32_t l, uint64_t offset, std::array<float, 4> &f,
                std::array<uint32_t, 4> &n) {
    const std::byte *p = v.base + offset;
    if constexpr (Record) note(v, l, offset);
    if (v.kind == TexelKind::Float)
      decodeFloatTexel(v.image.format, p, f.data());
    else
      n = decodeIntTexel(v.image.format, p);
  }

  /// Records lane l's access of the texel at `offset` of image v.
  void note(const ImageView &v, uint32_t l, uint64_t offset) {
    uint8_t &n = texels_->count[l];
    if (n == ImageTexels::kMaxPerLane) return;
    if (n == 0) {
      texels_->lanes |= laneBit(l);
      texels_->texelBytes[l] = uint8_t(v.texelBytes);
      texels_->image[l] = uint32_t(&v - x_.launch->images.data());
    }
    texels_->pointers[l][n++] = tagged::make(AddressSpace::Global, v.allocation, offset);
  }

  bool inside(const std::array<int64_t, 3> &size, int64_t i, int64_t j, int64_t k) const {
    return i >= 0 && i < size[0] && j >= 0 && j < size[1] && k >= 0 && k < size[2];
  }

  void markOutside(uint32_t l, const std::array<int64_t, 3> &where) {
    if (!outsideLanes_) outsideLane_ = l, outsideWhere_ = where;
    outsideLanes_ |= laneBit(l);
  }

  /// A texel for a sampled read: the border colour outside the image (clamp modes), 0
  /// and a finding with addressing mode none.
  void sampleTexel(const ImageView &v, uint32_t l, uint32_t sampler,
                   const std::array<int64_t, 3> &size, int64_t i, int64_t j, int64_t k,
                   std::array<float, 4> &f, std::array<uint32_t, 4> &n) {
    if (inside(size, i, j, k)) return fetch(v, l, i, j, k, f, n);
    const bool one = borderAlphaOne(v.image.format.order);
    f = {0.0f, 0.0f, 0.0f, one ? 1.0f : 0.0f};
    n = {0, 0, 0, one ? 1u : 0u};
    if (v.image.format.order == channel_order::Depth) f[3] = 0.0f;
    if ((sampler & sampler_bits::kAddressMask) == sampler_bits::kAddressNone)
      markOutside(l, {i, j, k});
  }

  void sample(const ImageView &v, uint32_t l, LaneRead &out) {
    const uint32_t sampler = static_cast<uint32_t>(indexOf(x_, op_.c, ii_.handleBytes, l));
    sample(v, l, sampler, extent(v.image), out);
  }

  /// Lane l's sampled read of image v with `sampler`, the image's extent `size`.
  void sample(const ImageView &v, uint32_t l, uint32_t sampler, const std::array<int64_t, 3> &size,
              LaneRead &out) {
    // At most 3 (GCC cannot tell once this is inlined into runUniform).
    const uint32_t spatial = std::min<uint32_t>(ii_.dim - (ii_.arrayed ? 1 : 0), 2 + !ii_.arrayed);
    // Linear filtering applies to float reads; integer formats read the nearest texel.
    const bool linear = (sampler & sampler_bits::kFilterMask) == sampler_bits::kFilterLinear &&
                        v.kind == TexelKind::Float;
    const uint32_t axisSampler =
        linear ? sampler : (sampler & ~sampler_bits::kFilterMask) | sampler_bits::kFilterNearest;
    std::array<Axis, 3> axes{};
    for (uint32_t c = 0; c < spatial; ++c)
      axes[c] = axisOf(floatCoordinate(l, c), size[c], axisSampler);
    if (ii_.arrayed) axes[spatial].i0 = axes[spatial].i1 = layerOf(l, spatial, size);
    const uint32_t filtered = linear ? spatial : 0; // axes that combine two texels
    std::array<float, 4> sum{};
    for (uint32_t corner = 0; corner < (1u << filtered); ++corner) {
      std::array<int64_t, 3> at{0, 0, 0};
      float weight = 1.0f;
      for (uint32_t c = 0; c < 3; ++c) {
        const bool second = c < filtered && ((corner >> c) & 1);
        at[c] = second ? axes[c].i1 : axes[c].i0;
        if (c < filtered) weight *= second ? axes[c].a : 1.0f - axes[c].a;
      }
      std::array<float, 4> f{};
      std::array<uint32_t, 4> n{};
      sampleTexel(v, l, sampler, size, at[0], at[1], at[2], f, n);
      if (!linear) {
        out.f = f, out.i = n;
        return;
      }
      for (uint32_t ch = 0; ch < 4; ++ch) sum[ch] += weight * f[ch];
    }
    out.f = sum;
  }

  /// §7.5: the layer of a sampled read, coordinate `c` of lane l; never normalized, rint
  /// rounding ties to even.
  int64_t layerOf(uint32_t l, uint32_t c, const std::array<int64_t, 3> &size) const {
    const float w = floatCoordinate(l, c);
    const double layer = std::nearbyint(double(w));
    return w == w ? int64_t(std::clamp(layer, 0.0, double(size[c] - 1))) : 0;
  }

  /// §7.7: sampler-less reads and writes take integer coordinates that must lie inside.
  bool texelOf(const ImageView &v, uint32_t l, std::array<int64_t, 3> &at) {
    return texelOf(extent(v.image), l, at);
  }
  bool texelOf(const std::array<int64_t, 3> &size, uint32_t l, std::array<int64_t, 3> &at) {
    at = {0, 0, 0};
    for (uint32_t c = 0; c < ii_.dim; ++c) at[c] = intCoordinate(l, c);
    if (inside(size, at[0], at[1], at[2])) return true;
    markOutside(l, at);
    return false;
  }

  void lane(uint32_t l) {
    const ImageView *v = imageOf(l);
    if (!v) return; // no image bound: the value was never an image argument
    switch (ii_.kind) {
    case Kind::QuerySize:
      return querySize(*v, l);
    case Kind::QueryOrder:
      return writeInteger(l, 0, v->image.format.order - channel_order::kBase);
    case Kind::QueryFormat:
      return writeInteger(l, 0, v->image.format.type - channel_type::kBase);
    case Kind::QueryLevels:  // no mipmaps: OpenCL API §5.3.1.2, num_mip_levels is 0
    case Kind::QuerySamples: // no multisampled images: num_samples is 0
      return writeInteger(l, 0, 0);
    case Kind::Write:
      return write(*v, l);
    case Kind::Read:
    case Kind::Sample:
      break;
    }
    LaneRead r;
    if (ii_.kind == Kind::Sample) {
      sample(*v, l, r);
    } else {
      std::array<int64_t, 3> at;
      if (texelOf(*v, l, at)) fetch(*v, l, at[0], at[1], at[2], r.f, r.i);
    }
    setResult(*v, l, r.f, r.i);
  }

  /// The read texel into the lane's result registers.
  void setResult(const ImageView &v, uint32_t l, const std::array<float, 4> &f,
                 const std::array<uint32_t, 4> &n) {
    for (uint32_t c = 0; c < ii_.texelCount; ++c) {
      const uint32_t slot = op_.d + c * stride_;
      if (v.kind != TexelKind::Float) {
        x_.reg<uint32_t>(slot)[l] = n[c];
      } else if (ii_.texelBytes == 2) {
        x_.reg<_Float16>(slot)[l] = static_cast<_Float16>(f[c]);
      } else {
        x_.reg<float>(slot)[l] = f[c];
      }
    }
  }

  /// An op whose lanes all take one image (and, sampling, one sampler), every texel of
  /// which they may access: what lane() finds per lane — the image, its extent, the
  /// sampler, the access check — is found once, with the same results (a linear filter's
  /// corners are combined by the same code and in the same order as lane by lane). False
  /// (nothing done) for any other op.
  bool runUniform(uint64_t mask) {
    const bool sampled = ii_.kind == Kind::Sample;
    if (!sampled && ii_.kind != Kind::Read && ii_.kind != Kind::Write) return false;
    const uint32_t first = static_cast<uint32_t>(std::countr_zero(mask));
    const ImageView *v = imageOf(first);
    if (!v) return false;
    const uint64_t handle = uint64_t(v - x_.launch->images.data());
    uint32_t sampler = 0;
    bool linear = false;
    if (sampled) {
      sampler = static_cast<uint32_t>(indexOf(x_, op_.c, ii_.handleBytes, first));
      linear = (sampler & sampler_bits::kFilterMask) == sampler_bits::kFilterLinear &&
               v->kind == TexelKind::Float;
    }
    for (uint64_t m = mask & (mask - 1); m; m &= m - 1) {
      const uint32_t l = static_cast<uint32_t>(std::countr_zero(m));
      if (indexOf(x_, op_.a, ii_.handleBytes, l) != handle) return false;
      if (sampled && indexOf(x_, op_.c, ii_.handleBytes, l) != sampler) return false;
    }
    if (!wholeAccessible(*v, first, ii_.kind == Kind::Write)) return false;
    const std::array<int64_t, 3> size = extent(v->image);
    const uint32_t nearest = (sampler & ~sampler_bits::kFilterMask) | sampler_bits::kFilterNearest;
    const uint32_t spatial = ii_.dim - (ii_.arrayed ? 1 : 0);
    for (uint64_t m = mask; m; m &= m - 1) {
      const uint32_t l = static_cast<uint32_t>(std::countr_zero(m));
      std::array<int64_t, 3> at{0, 0, 0};
      std::array<float, 4> f{};
      std::array<uint32_t, 4> n{};
      if (linear) {
        LaneRead r;
        sample(*v, l, sampler, size, r);
        f = r.f, n = r.i;
      } else if (sampled) {
        for (uint32_t c = 0; c < spatial; ++c)
          at[c] = nearestOf(floatCoordinate(l, c), size[c], nearest);
        if (ii_.arrayed) at[spatial] = layerOf(l, spatial, size);
        if (inside(size, at[0], at[1], at[2]))
          decodeAt(*v, l, offsetOf(*v, at[0], at[1], at[2]), f, n);
        else
          sampleTexel(*v, l, sampler, size, at[0], at[1], at[2], f, n);
      } else if (!texelOf(size, l, at)) {
        if (ii_.kind == Kind::Write) continue;
      } else if (ii_.kind == Kind::Write) {
        encodeAt(*v, l, offsetOf(*v, at[0], at[1], at[2]));
        continue;
      } else {
        decodeAt(*v, l, offsetOf(*v, at[0], at[1], at[2]), f, n);
      }
      setResult(*v, l, f, n);
    }
    return true;
  }

  void write(const ImageView &v, uint32_t l) {
    std::array<int64_t, 3> at;
    if (!texelOf(v, l, at)) return;
    const uint64_t offset = offsetOf(v, at[0], at[1], at[2]);
    if (!accessible(v, l, offset, true)) return;
    encodeAt(v, l, offset);
  }

  /// Writes the lane's texel value at `offset` of image v, whose access was checked.
  void encodeAt(const ImageView &v, uint32_t l, uint64_t offset) {
    std::byte *p = v.base + offset;
    if constexpr (Record) {
      note(v, l, offset);
      p = texels_->stored[l].data(); // written by commitImageWrites
    }
    if (v.kind == TexelKind::Float) {
      std::array<float, 4> color{};
      for (uint32_t c = 0; c < ii_.texelCount; ++c) {
        const uint32_t slot = op_.d + c * stride_;
        color[c] = ii_.texelBytes == 2 ? static_cast<float>(x_.reg<_Float16>(slot)[l])
                                       : x_.reg<float>(slot)[l];
      }
      encodeFloatTexel(v.image.format, color, p);
    } else {
      std::array<uint32_t, 4> color{};
      for (uint32_t c = 0; c < ii_.texelCount; ++c)
        color[c] = x_.reg<uint32_t>(op_.d + c * stride_)[l];
      encodeIntTexel(v.image.format, color, p);
    }
  }

  void querySize(const ImageView &v, uint32_t l) {
    const ImageDescription &d = v.image;
    std::array<uint64_t, 4> sizes{};
    switch (d.type) {
    case ImageType::Image1D:
    case ImageType::Image1DBuffer:
      sizes = {d.width, 0, 0, 0};
      break;
    case ImageType::Image1DArray:
      sizes = {d.width, d.arraySize, 0, 0};
      break;
    case ImageType::Image2D:
      sizes = {d.width, d.height, 0, 0};
      break;
    case ImageType::Image2DArray:
      sizes = {d.width, d.height, d.arraySize, 0};
      break;
    case ImageType::Image3D:
      sizes = {d.width, d.height, d.depth, 0};
      break;
    }
    for (uint32_t c = 0; c < ii_.texelCount; ++c) writeInteger(l, c, sizes[c]);
  }

  void writeInteger(uint32_t l, uint32_t component, uint64_t value) {
    const uint32_t slot = op_.d + component * stride_;
    if (ii_.texelBytes == 8)
      x_.reg<uint64_t>(slot)[l] = value;
    else
      x_.reg<uint32_t>(slot)[l] = static_cast<uint32_t>(value);
  }

  void reportOutside() {
    const uint64_t key = repeatKey(5, op_, 1);
    FaultReporter &reporter = *x_.launch->reporter;
    if (reporter.countRepeat(key)) return;
    const ImageView &v = *imageOf(outsideLane_);
    const std::array<int64_t, 3> size = extent(v.image);
    std::string at, extentText;
    for (uint32_t c = 0; c < ii_.dim; ++c) {
      at += (c ? ", " : "") + std::to_string(outsideWhere_[c]);
      extentText += (c ? "×" : "") + std::to_string(size[c]);
    }
    Finding f;
    f.kind = "image.coordinate";
    const char *what = ii_.kind == Kind::Write    ? "image write"
                       : ii_.kind == Kind::Sample ? "image read with addressing mode none"
                                                  : "sampler-less image read";
    f.message = std::string(what) + " at texel (" + at + ") outside image '" +
                x_.launch->allocations[v.allocation].name + "' (" + extentText + ")";
    f.notes.push_back(ii_.kind == Kind::Write
                          ? "OpenCL SPIR-V Env §7.7: the write is undefined; it was dropped"
                          : "OpenCL SPIR-V Env §7.2: the colour is undefined; the read yields 0");
    if (std::popcount(outsideLanes_) > 1)
      f.notes.push_back(std::to_string(std::popcount(outsideLanes_)) +
                        " work-items of this warp did so here");
    f.workItem = workItemOf(x_, outsideLane_);
    reporter.report(std::move(f), op_.source, key);
  }

  const ExecState &x_;
  const LoweredOp &op_;
  const ImageInstruction &ii_;
  const uint32_t stride_;
  uint64_t outsideLanes_ = 0;
  uint32_t outsideLane_ = 0;
  std::array<int64_t, 3> outsideWhere_{};
  uint64_t faultLanes_ = 0;
  uint32_t faultLane_ = 0;
  uint64_t faultPointer_ = 0;
  uint32_t faultBytes_ = 0;
  AccessFault fault_ = AccessFault::None;
  /// The image whose access was checked whole (tested_), and it again if every texel of
  /// it is accessible (whole_): then a lane's texel needs no check of its own.
  const ImageView *tested_ = nullptr;
  const ImageView *whole_ = nullptr;
  ImageTexels *texels_ = nullptr;
};

} // namespace
} // namespace spvsim::ops
