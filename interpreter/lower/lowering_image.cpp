// Lowering of the image instructions: OpSampledImage (the image and the sampler
// copied into the sampled image's two leaves), OpImageRead, OpImageWrite,
// OpImageSampleExplicitLod (Lod 0) and the size, order, format, levels and samples
// queries. Each
// lowers to one Image op whose side table entry (LoweredKernel::imageInstructions)
// says what it does; exec/image_ops.cpp runs it (OpenCL SPIR-V Env §7).
#include <string>

#include "lower/kernel_lowering.h"
#include "lower/op_operands.h"
#include "spvsim/common/error.h"

namespace spvsim {

namespace {

/// The image type behind an image or sampled image type.
const Type &imageTypeOf(const Module &m, uint32_t typeId) {
  const Type *t = &m.type(typeId);
  if (t->kind == TypeKind::SampledImage) t = &m.type(t->element);
  if (t->kind != TypeKind::Image) throw Error("image instruction on a value that is no image");
  return *t;
}

} // namespace

bool KernelLowering::lowerImage(Instance &in, const Instruction &inst) {
  using Kind = ImageInstruction::Kind;
  Kind kind;
  switch (inst.opcode) {
  case spv::Op::OpSampledImage: {
    auto ops = module_.operands(inst);
    const SlotValue image = valueOf(in, ops[0]);
    const SlotValue sampler = valueOf(in, ops[1]);
    const SlotValue r = resultValue(in, inst.resultId);
    emitCopy(r.slot, image.slot, image.type);
    emitCopy(r.slot + 1, sampler.slot, sampler.type);
    return true;
  }
  case spv::Op::OpImageRead:
    kind = Kind::Read;
    break;
  case spv::Op::OpImageWrite:
    kind = Kind::Write;
    break;
  case spv::Op::OpImageSampleExplicitLod:
    kind = Kind::Sample;
    break;
  case spv::Op::OpImageQuerySize:
  case spv::Op::OpImageQuerySizeLod:
    kind = Kind::QuerySize;
    break;
  case spv::Op::OpImageQueryOrder:
    kind = Kind::QueryOrder;
    break;
  case spv::Op::OpImageQueryFormat:
    kind = Kind::QueryFormat;
    break;
  case spv::Op::OpImageQueryLevels:
    kind = Kind::QueryLevels;
    break;
  case spv::Op::OpImageQuerySamples:
    kind = Kind::QuerySamples;
    break;
  default:
    return false;
  }
  auto ops = module_.operands(inst);
  const SlotValue image = valueOf(in, ops[0]);
  const Type &imageType = imageTypeOf(module_, image.type);
  ImageInstruction ii;
  ii.kind = kind;
  ii.arrayed = imageType.arrayed != 0;
  switch (imageType.dim) {
  case spv::Dim::Dim1D:
  case spv::Dim::Buffer:
    ii.dim = 1;
    break;
  case spv::Dim::Dim2D:
    ii.dim = 2;
    break;
  case spv::Dim::Dim3D:
    ii.dim = 3;
    break;
  default:
    unsupported("image of dimension " + std::to_string(int(imageType.dim)));
  }
  if (ii.arrayed) ++ii.dim;
  const std::vector<Leaf> &handle = layout_.leaves(image.type);
  ii.handleBytes = handle[0].bytes;
  ii.image = slotBytes(image.slot);
  if (kind == Kind::Sample) {
    ii.sampler = slotBytes(image.slot + 1);
    // Image operands: only an explicit Lod of 0 (OpenCL has no mipmaps here).
    if (ops.size() > 2) {
      const uint32_t mask = ops[2];
      if (mask & ~uint32_t(spv::ImageOperandsMask::Lod | spv::ImageOperandsMask::SignExtend |
                           spv::ImageOperandsMask::ZeroExtend))
        unsupported("image operands other than Lod");
    }
  }
  auto describe = [&](uint32_t id, bool isResult) -> SlotValue {
    const SlotValue v = isResult ? resultValue(in, id) : valueOf(in, id);
    const std::vector<Leaf> &leaves = layout_.leaves(v.type);
    if (leaves.empty() || leaves.size() > 4) throw Error("image texel of more than 4 components");
    ii.texel = slotBytes(v.slot);
    ii.texelCount = static_cast<uint8_t>(leaves.size());
    ii.texelBytes = leaves[0].bytes;
    ii.texelFloat = leaves[0].kind == LeafKind::Float;
    return v;
  };
  if (kind == Kind::Read || kind == Kind::Write || kind == Kind::Sample) {
    if (ops.size() < (kind == Kind::Write ? 3u : 2u))
      throw Error("image instruction without its operands");
    const SlotValue coordinate = valueOf(in, ops[1]);
    const std::vector<Leaf> &c = layout_.leaves(coordinate.type);
    if (c.empty() || c.size() > 4 || c[0].bytes != 4)
      unsupported("image coordinates that are not 32-bit scalars or vectors");
    ii.coordinate = slotBytes(coordinate.slot);
    ii.coordinateCount = static_cast<uint8_t>(c.size());
    ii.floatCoordinates = c[0].kind == LeafKind::Float;
    if (ii.coordinateCount < ii.dim) throw Error("image coordinate has too few components");
    if (kind == Kind::Write) {
      describe(ops[2], false);
    } else {
      describe(inst.resultId, true);
    }
    if ((ii.texelFloat && ii.texelBytes != 4 && ii.texelBytes != 2) ||
        (!ii.texelFloat && ii.texelBytes != 4))
      unsupported("image texels other than float, half, int or uint");
  } else {
    describe(inst.resultId, true);
    if (ii.texelFloat || (ii.texelBytes != 4 && ii.texelBytes != 8))
      throw Error("image query with a result that is not a 32- or 64-bit integer");
  }
  // The op names its slots for the passes over lowered code (lower/op_operands.cpp): d the
  // texel or result, a the image, b the coordinate, c the sampler.
  LoweredOp &op =
      emit(OpCode::Image, ii.texel, ii.image, ii.coordinate, ii.sampler, imageOpImm(ii));
  op.aux = static_cast<uint32_t>(out_.imageInstructions.size());
  out_.imageInstructions.push_back(ii);
  return true;
}

} // namespace spvsim
