// OpOperands of every op, by op-table family (lower/op_table.h,
// lower/opencl_std_ops.h) and for each op with a hand-written handler.
#include "lower/op_operands.h"

namespace spvsim {

namespace {

// clang-format off
#define SPVSIM_INT_LABELS(name, spvop, expr)                                                       \
  case OpCode::name##8: case OpCode::name##16: case OpCode::name##32: case OpCode::name##64:
#define SPVSIM_FLOAT_LABELS(name, spvop, expr)                                                     \
  case OpCode::name##F32: case OpCode::name##F64: case OpCode::name##F16:
#define SPVSIM_ATOMIC_FLOAT_LABELS(name, spvop, expr)                                              \
  case OpCode::name##F32: case OpCode::name##F64:
#define SPVSIM_ATOMIC_LABELS(name, spvop, expr) case OpCode::name##32: case OpCode::name##64:
#define SPVSIM_PLAIN_LABELS(name, spvop, expr) case OpCode::name:
// clang-format on

/// Integer ops whose handlers report undefined behaviour (docs/findings.md ub.*).
bool reportsUndefined(OpCode code) {
  switch (code) {
    SPVSIM_INT_LABELS(UDiv, , )
    SPVSIM_INT_LABELS(SDiv, , )
    SPVSIM_INT_LABELS(UMod, , )
    SPVSIM_INT_LABELS(SRem, , )
    SPVSIM_INT_LABELS(SMod, , )
    SPVSIM_INT_LABELS(Shl, , )
    SPVSIM_INT_LABELS(ShrL, , )
    SPVSIM_INT_LABELS(ShrA, , )
    return true;
  default:
    return false;
  }
}

} // namespace

uint32_t atomicAccessBytes(OpCode code) {
#define SPVSIM_ATOMIC_BYTES(name, spvop, expr)                                                     \
  case OpCode::name##32:                                                                           \
    return 4;                                                                                      \
  case OpCode::name##64:                                                                           \
    return 8;
#define SPVSIM_ATOMIC_FLOAT_BYTES(name, spvop, expr)                                               \
  case OpCode::name##F32:                                                                          \
    return 4;                                                                                      \
  case OpCode::name##F64:                                                                          \
    return 8;
  switch (code) {
    SPVSIM_ATOMIC_INT_OPS(SPVSIM_ATOMIC_BYTES)
    SPVSIM_ATOMIC_FLOAT_OPS(SPVSIM_ATOMIC_FLOAT_BYTES)
  case OpCode::AtomicLoad32:
  case OpCode::AtomicStore32:
  case OpCode::AtomicCompareExchange32:
    return 4;
  case OpCode::AtomicLoad64:
  case OpCode::AtomicStore64:
  case OpCode::AtomicCompareExchange64:
    return 8;
  default:
    return 0;
  }
#undef SPVSIM_ATOMIC_BYTES
#undef SPVSIM_ATOMIC_FLOAT_BYTES
}

OpOperands opOperands(const LoweredOp &op) {
  OpOperands o;
  using F = OpField;
  auto result = [&](std::initializer_list<F> reads, bool pure) {
    o.add(F::D, true);
    for (F f : reads) o.add(f, false);
    o.pure = pure;
  };
  const OpCode code = op.code;
  if (code >= OpCode::ConvertFirst && code < OpCode::Count) {
    // A float converted to an integer may be out of range (ub.fp-to-int).
    const uint32_t index = uint32_t(code) - uint32_t(OpCode::ConvertFirst);
    const bool fromFloat = index / kConvertKinds >= uint32_t(ConvertKind::F32);
    const bool toInt = index % kConvertKinds < uint32_t(ConvertKind::F32);
    result({F::A}, !(fromFloat && toInt));
    return o;
  }
  switch (code) {
    SPVSIM_INT_BINARY_OPS(SPVSIM_INT_LABELS)
    SPVSIM_INT_COMPARE_OPS(SPVSIM_INT_LABELS)
    SPVSIM_INT_EXT_BINARY_OPS(SPVSIM_INT_LABELS)
    SPVSIM_FLOAT_BINARY_OPS(SPVSIM_FLOAT_LABELS)
    SPVSIM_FLOAT_COMPARE_OPS(SPVSIM_FLOAT_LABELS)
    SPVSIM_FLOAT_EXT_BINARY_OPS(SPVSIM_FLOAT_LABELS)
    SPVSIM_FLOAT_EXT_FLOAT_INT_OPS(SPVSIM_FLOAT_LABELS)
    SPVSIM_BOOL_OPS(SPVSIM_PLAIN_LABELS)
    result({F::A, F::B}, !reportsUndefined(code));
    return o;
    SPVSIM_INT_UNARY_OPS(SPVSIM_INT_LABELS)
    SPVSIM_INT_EXT_UNARY_OPS(SPVSIM_INT_LABELS)
    SPVSIM_FLOAT_UNARY_OPS(SPVSIM_FLOAT_LABELS)
    SPVSIM_FLOAT_TEST_OPS(SPVSIM_FLOAT_LABELS)
    SPVSIM_FLOAT_EXT_UNARY_OPS(SPVSIM_FLOAT_LABELS)
    SPVSIM_FLOAT_EXT_INT_RESULT_OPS(SPVSIM_FLOAT_LABELS)
    SPVSIM_FLOAT_EXT_NAN_OPS(SPVSIM_FLOAT_LABELS)
  case OpCode::Mov8:
  case OpCode::Mov16:
  case OpCode::Mov32:
  case OpCode::Mov64:
  case OpCode::LogicalNot:
  case OpCode::PtrAdd:
  case OpCode::GenericCastExplicit:
  case OpCode::GenericMemSemantics:
    result({F::A}, true);
    return o;
    SPVSIM_INT_EXT_TERNARY_OPS(SPVSIM_INT_LABELS)
    SPVSIM_FLOAT_EXT_TERNARY_OPS(SPVSIM_FLOAT_LABELS)
  case OpCode::Select8:
  case OpCode::Select16:
  case OpCode::Select32:
  case OpCode::Select64:
    result({F::A, F::B, F::C}, true);
    return o;
  case OpCode::PtrAddIndex32:
  case OpCode::PtrAddIndex64:
  case OpCode::PtrDiff:
    result({F::A, F::B}, true);
    return o;
    // Second results go to slot c (then a Store writes them through the pointer).
    SPVSIM_FLOAT_EXT_FLOAT_PTR_OPS(SPVSIM_FLOAT_LABELS)
    SPVSIM_FLOAT_EXT_INT_PTR_OPS(SPVSIM_FLOAT_LABELS)
    result({F::A, F::B}, true);
    o.add(F::C, true);
    return o;
  case OpCode::Builtin:
    result({}, true);
    return o;
  case OpCode::ExtractDynamic8:
  case OpCode::ExtractDynamic16:
  case OpCode::ExtractDynamic32:
  case OpCode::ExtractDynamic64:
    o.add(F::D, true);
    o.add(F::A, false, op.c);
    o.add(F::B, false);
    o.pure = true;
    return o;
  case OpCode::Repack:
    o.add(F::D, true, op.b);
    o.add(F::A, false, op.c);
    o.pure = true;
    return o;
  case OpCode::CopyMemoryDynamic:
    o.add(F::A, false);
    o.add(F::B, false);
    o.add(F::C, false);
    return o;
  case OpCode::InsertDynamic8:
  case OpCode::InsertDynamic16:
  case OpCode::InsertDynamic32:
  case OpCode::InsertDynamic64:
    o.add(F::D, true, op.c);
    o.add(F::D, false, op.c); // the components not inserted keep their values
    o.add(F::A, false);
    o.add(F::B, false);
    o.pure = true;
    return o;
  case OpCode::GeomLengthF32:
  case OpCode::GeomLengthF64:
  case OpCode::GeomLengthF16:
    o.add(F::D, true);
    o.add(F::A, false, op.c);
    o.add(F::B, false, op.c);
    o.pure = true;
    return o;
  case OpCode::GeomNormalizeF32:
  case OpCode::GeomNormalizeF64:
  case OpCode::GeomNormalizeF16:
    o.add(F::D, true, op.c);
    o.add(F::A, false, op.c);
    o.pure = true;
    return o;
  case OpCode::Load8:
  case OpCode::Load16:
  case OpCode::Load32:
  case OpCode::Load64:
  case OpCode::AtomicLoad32:
  case OpCode::AtomicLoad64:
    result({F::A}, false);
    if (op.access & kAccessSelected) o.add(F::B, false); // the race check reads the condition
    return o;
  case OpCode::LoadIndexed8:
  case OpCode::LoadIndexed16:
  case OpCode::LoadIndexed32:
  case OpCode::LoadIndexed64:
    result({F::A, F::C}, false);
    return o;
  case OpCode::Store8:
  case OpCode::Store16:
  case OpCode::Store32:
  case OpCode::Store64:
  case OpCode::AtomicStore32:
  case OpCode::AtomicStore64:
    o.add(F::A, false);
    o.add(F::B, false);
    return o;
  case OpCode::StoreIndexed8:
  case OpCode::StoreIndexed16:
  case OpCode::StoreIndexed32:
  case OpCode::StoreIndexed64:
    o.add(F::D, false);
    o.add(F::A, false);
    o.add(F::C, false);
    return o;
    SPVSIM_ATOMIC_INT_OPS(SPVSIM_ATOMIC_LABELS)
    SPVSIM_ATOMIC_FLOAT_OPS(SPVSIM_ATOMIC_FLOAT_LABELS)
    result({F::A, F::B}, false);
    return o;
  case OpCode::AtomicCompareExchange32:
  case OpCode::AtomicCompareExchange64:
    result({F::A, F::B, F::C}, false);
    return o;
  case OpCode::WrapCheck8:
  case OpCode::WrapCheck16:
  case OpCode::WrapCheck32:
  case OpCode::WrapCheck64:
    o.add(F::D, false);
    o.add(F::A, false);
    o.add(F::B, false);
    return o;
  case OpCode::CondEdges:
  case OpCode::SwitchEdges:
    o.add(F::A, false);
    return o;
  case OpCode::Image: { // lower/lowering_image.cpp: imm = kind | texels << 8 | coordinates << 16
    using K = ImageInstruction::Kind;
    const K kind = K(op.imm & 0xff);
    const uint32_t texels = uint32_t(op.imm >> 8) & 0xff,
                   coordinates = uint32_t(op.imm >> 16) & 0xff;
    o.add(F::A, false);
    if (kind == K::Read || kind == K::Write || kind == K::Sample) o.add(F::B, false, coordinates);
    if (kind == K::Sample) o.add(F::C, false);
    o.add(F::D, kind != K::Write, texels);
    return o;
  }
  case OpCode::Jump:
  case OpCode::Goto2:
  case OpCode::GotoN:
  case OpCode::Barrier:
  case OpCode::Fence:
  case OpCode::Exit:
  case OpCode::Unreachable:
    return o;
  case OpCode::DebugBind: // keeps the value it names alive; not pure, never removed
    if (op.c) o.add(F::A, false, op.c);
    return o;
  default:
    // Work-group and sub-group functions, printf: operands in side tables.
    o.opaque = true;
    return o;
  }
}

} // namespace spvsim
