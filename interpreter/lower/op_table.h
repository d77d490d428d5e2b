// The opcode table: every type-specialised op the executor runs, as X-macro
// lists whose comment column states each op's semantics. Lowering picks ops
// from these lists by (SPIR-V opcode, operand type); the dispatch loop expands
// the same lists into its handlers, so the two can never disagree.
//
// Operands: d = destination slot, a/b/c = source slots; lanes are the active
// lanes of the op's mask. Integer ops exist per width (8/16/32/64 bits) and
// compute on unsigned values (`a`, `b`); `S(x)` is the signed view. Float ops
// exist for float, double and half (computed in float, rounded once to half).
#pragma once

#include <cstdint>

#include <spirv/unified1/spirv.hpp11>

#include "lower/opencl_std_ops.h"

namespace spvsim {

// clang-format off
//      name          SPIR-V opcode                semantics (per active lane)
#define SPVSIM_INT_BINARY_OPS(X)                                                   \
  X(IAdd,         OpIAdd,                   a + b)                                 \
  X(ISub,         OpISub,                   a - b)                                 \
  X(IMul,         OpIMul,                   a * b)                                 \
  X(UDiv,         OpUDiv,                   udiv<U>(a, b)) /* b == 0: 0, finding */ \
  X(SDiv,         OpSDiv,                   sdiv<U>(a, b)) /* INT_MIN/-1 wraps */  \
  X(UMod,         OpUMod,                   umod<U>(a, b))                           \
  X(SRem,         OpSRem,                   srem<U>(a, b)) /* sign of a */         \
  X(SMod,         OpSMod,                   smod<U>(a, b)) /* sign of b */         \
  X(BitAnd,       OpBitwiseAnd,             a & b)                                 \
  X(BitOr,        OpBitwiseOr,              a | b)                                 \
  X(BitXor,       OpBitwiseXor,             a ^ b)                                 \
  X(Shl,          OpShiftLeftLogical,       shl<U>(a, b))  /* b mod width */       \
  X(ShrL,         OpShiftRightLogical,      shrl<U>(a, b))                           \
  X(ShrA,         OpShiftRightArithmetic,   shra<U>(a, b))

#define SPVSIM_INT_UNARY_OPS(X)                                                    \
  X(SNegate,      OpSNegate,                0 - a)                                 \
  X(BitNot,       OpNot,                    ~a)                                    \
  X(BitCount,     OpBitCount,               U(std::popcount(U(a))))

#define SPVSIM_INT_COMPARE_OPS(X)  /* result: bool */                              \
  X(IEqual,       OpIEqual,                 a == b)                                \
  X(INotEqual,    OpINotEqual,              a != b)                                \
  X(ULess,        OpULessThan,              a < b)                                 \
  X(ULessEq,      OpULessThanEqual,         a <= b)                                \
  X(UGreater,     OpUGreaterThan,           a > b)                                 \
  X(UGreaterEq,   OpUGreaterThanEqual,      a >= b)                                \
  X(SLess,        OpSLessThan,              S(a) < S(b))                           \
  X(SLessEq,      OpSLessThanEqual,         S(a) <= S(b))                          \
  X(SGreater,     OpSGreaterThan,           S(a) > S(b))                           \
  X(SGreaterEq,   OpSGreaterThanEqual,      S(a) >= S(b))

#define SPVSIM_FLOAT_BINARY_OPS(X)                                                 \
  X(FAdd,         OpFAdd,                   a + b)                                 \
  X(FSub,         OpFSub,                   a - b)                                 \
  X(FMul,         OpFMul,                   a * b)                                 \
  X(FDiv,         OpFDiv,                   a / b)                                 \
  X(FRem,         OpFRem,                   std::fmod(a, b))  /* sign of a */      \
  X(FMod,         OpFMod,                   fmodFloor(a, b))  /* sign of b */

#define SPVSIM_FLOAT_UNARY_OPS(X)                                                  \
  X(FNegate,      OpFNegate,                -a)                                    \
  X(QuantizeToF16, OpQuantizeToF16,         quantizeToHalf(a)) /* half's normal range, else ±0 / ±inf */

#define SPVSIM_FLOAT_COMPARE_OPS(X)  /* result: bool; Ord false on NaN, Unord true */ \
  X(FOrdEqual,       OpFOrdEqual,              a == b)                             \
  X(FOrdNotEqual,    OpFOrdNotEqual,           a < b || a > b)                     \
  X(FOrdLess,        OpFOrdLessThan,           a < b)                              \
  X(FOrdLessEq,      OpFOrdLessThanEqual,      a <= b)                             \
  X(FOrdGreater,     OpFOrdGreaterThan,        a > b)                              \
  X(FOrdGreaterEq,   OpFOrdGreaterThanEqual,   a >= b)                             \
  X(FUnordEqual,     OpFUnordEqual,            !(a < b || a > b))                  \
  X(FUnordNotEqual,  OpFUnordNotEqual,         !(a == b))                          \
  X(FUnordLess,      OpFUnordLessThan,         !(a >= b))                          \
  X(FUnordLessEq,    OpFUnordLessThanEqual,    !(a > b))                           \
  X(FUnordGreater,   OpFUnordGreaterThan,      !(a <= b))                          \
  X(FUnordGreaterEq, OpFUnordGreaterThanEqual, !(a < b))                           \
  X(FOrdered,        OpOrdered,                a == a && b == b)                   \
  X(FUnordered,      OpUnordered,              a != a || b != b)                   \
  X(FLessOrGreater,  OpLessOrGreater,          a < b || a > b)

#define SPVSIM_FLOAT_TEST_OPS(X)  /* result: bool */                               \
  X(IsNan,        OpIsNan,                  std::isnan(a))                         \
  X(IsInf,        OpIsInf,                  std::isinf(a))                         \
  X(IsFinite,     OpIsFinite,               std::isfinite(a))                      \
  X(IsNormal,     OpIsNormal,               std::isnormal(a))                      \
  X(SignBitSet,   OpSignBitSet,             std::signbit(a))

#define SPVSIM_BOOL_OPS(X)  /* on bools (one byte, 0 or 1) */                      \
  X(LogicalAnd,      OpLogicalAnd,             a & b)                              \
  X(LogicalOr,       OpLogicalOr,              a | b)                              \
  X(LogicalEqual,    OpLogicalEqual,           a == b)                             \
  X(LogicalNotEqual, OpLogicalNotEqual,        a != b)

// Atomic read-modify-write on 32- and 64-bit integers: d = the value at
// pointer a, which becomes `expr` of it (old) and b; lanes go in lane order.
#define SPVSIM_ATOMIC_INT_OPS(X)                                                   \
  X(AtomicExchange,  OpAtomicExchange,         b)                                  \
  X(AtomicIAdd,      OpAtomicIAdd,             old + b)                            \
  X(AtomicISub,      OpAtomicISub,             old - b)                            \
  X(AtomicSMin,      OpAtomicSMin,             S(b) < S(old) ? b : old)            \
  X(AtomicUMin,      OpAtomicUMin,             b < old ? b : old)                  \
  X(AtomicSMax,      OpAtomicSMax,             S(b) > S(old) ? b : old)            \
  X(AtomicUMax,      OpAtomicUMax,             b > old ? b : old)                  \
  X(AtomicAnd,       OpAtomicAnd,              old & b)                            \
  X(AtomicOr,        OpAtomicOr,               old | b)                            \
  X(AtomicXor,       OpAtomicXor,              old ^ b)

// Atomic read-modify-write on float and double (SPV_EXT_shader_atomic_float_*).
#define SPVSIM_ATOMIC_FLOAT_OPS(X)                                                 \
  X(AtomicFAdd,      OpAtomicFAddEXT,          old + b)                            \
  X(AtomicFMin,      OpAtomicFMinEXT,          std::fmin(old, b))                  \
  X(AtomicFMax,      OpAtomicFMaxEXT,          std::fmax(old, b))

// Ops with hand-written handlers (exec/handlers_*.h), one entry each.
#define SPVSIM_SPECIAL_OPS(X)                                                      \
  X(Mov8)  X(Mov16)  X(Mov32)  X(Mov64)   /* d = a (copy of a scalar slot) */      \
  X(Select8) X(Select16) X(Select32) X(Select64) /* d = a ? b : c */               \
  X(LogicalNot)                             /* d = !a */                           \
  X(WrapCheck8) X(WrapCheck16) X(WrapCheck32) X(WrapCheck64)                      \
      /* after d = a op b: finding if it wrapped (aux: WrapOp | kNoSignedWrap | kNoUnsignedWrap) */ \
  X(Load8)  X(Load16)  X(Load32)  X(Load64)  /* d = *(a + imm), checked */         \
  X(Store8) X(Store16) X(Store32) X(Store64) /* *(a + imm) = b, checked */         \
  X(LoadIndexed8) X(LoadIndexed16) X(LoadIndexed32) X(LoadIndexed64)              \
      /* d = *(a + sext(c) * stride + imm, then + b), checked; aux: stride | flags */ \
  X(StoreIndexed8) X(StoreIndexed16) X(StoreIndexed32) X(StoreIndexed64)          \
      /* *(a + sext(c) * stride + imm, then + b) = d, checked */                  \
  X(PtrAdd)                                 /* d = a + imm (offset only) */        \
  X(PtrAddIndex32) X(PtrAddIndex64)         /* d = a + sext(b) * imm */            \
  X(PtrDiff)                                /* d = (a - b) / imm, aux result bytes */ \
  X(GenericCastExplicit)                    /* d = space of a == imm ? a : NULL */ \
  X(GenericMemSemantics)                    /* d = memory semantics of a's space */ \
  X(CopyMemoryDynamic)   /* *a = *b for c bytes (c an integer of aux bytes), checked */ \
  X(Repack)  /* the c leaves of aux & 0xff bytes at a, as bytes, become the b leaves of aux >> 8 bytes at d */ \
  X(GroupCollect)        /* work-group function: deposit a (b, c, imm) and wait; then block d */ \
  X(GroupResult)         /* d = this work-item's result of the collective aux (c bytes) */ \
  X(SubgroupCollective)  /* d = sub-group function aux over the warp's lanes of a (b) */ \
  X(SubgroupNonUniform)  /* d (c bytes) = non-uniform sub-group op aux over the active lanes of a (b) */ \
  X(Printf)                  /* d (int) = printf call aux: 0, or -1 when it fails */ \
  X(Image)                   /* image instruction aux (exec/image_ops.cpp) */ \
  X(Builtin)                                /* d = builtin[aux] component imm */   \
  X(CondEdges)                              /* edge1 = mask & a, edge2 = mask & !a */ \
  X(SwitchEdges)                            /* edges by a against a case table */  \
  X(Jump)                                   /* pending[a] |= mask */               \
  X(Goto2)                                  /* pending[a] |= edge1, [b] |= edge2 */\
  X(GotoN)                                  /* pending[target k] |= edge k */      \
  X(Barrier)                                /* rendezvous; pending[a] |= mask */   \
  X(Fence)   /* OpMemoryBarrier: imm = scopes as Barrier's, execution scope Invocation */ \
  X(DebugBind) /* debugger only: variable aux takes c slots from a; computes nothing */ \
  X(Exit)                                   /* lanes return from the kernel */     \
  X(Unreachable)                            /* OpUnreachable executed: finding */ \
  X(ExtractDynamic8) X(ExtractDynamic16) X(ExtractDynamic32) X(ExtractDynamic64)  \
                            /* d = component b (index of aux bytes) of the c-leaf vector at a */ \
  X(InsertDynamic8) X(InsertDynamic16) X(InsertDynamic32) X(InsertDynamic64)      \
                            /* component b of the c-leaf vector at d = a */       \
  X(AtomicLoad32) X(AtomicLoad64)           /* d = atomic *(a) */                  \
  X(AtomicStore32) X(AtomicStore64)         /* atomic *(a) = b */                  \
  X(AtomicCompareExchange32) X(AtomicCompareExchange64) /* d = *a; if d == c: *a = b */

// clang-format on

// clang-format off
enum class OpCode : uint16_t {
#define SPVSIM_INT_OP_ENUM(name, spv, expr) name##8, name##16, name##32, name##64,
#define SPVSIM_FLOAT_OP_ENUM(name, spv, expr) name##F32, name##F64, name##F16,
#define SPVSIM_ATOMIC_FLOAT_OP_ENUM(name, spv, expr) name##F32, name##F64,
#define SPVSIM_PLAIN_OP_ENUM(name, spv, expr) name,
#define SPVSIM_SPECIAL_OP_ENUM(name) name,
#define SPVSIM_ATOMIC_OP_ENUM(name, spv, expr) name##32, name##64,
  SPVSIM_INT_BINARY_OPS(SPVSIM_INT_OP_ENUM)
  SPVSIM_INT_UNARY_OPS(SPVSIM_INT_OP_ENUM)
  SPVSIM_INT_COMPARE_OPS(SPVSIM_INT_OP_ENUM)
  SPVSIM_INT_EXT_BINARY_OPS(SPVSIM_INT_OP_ENUM)
  SPVSIM_INT_EXT_UNARY_OPS(SPVSIM_INT_OP_ENUM)
  SPVSIM_INT_EXT_TERNARY_OPS(SPVSIM_INT_OP_ENUM)
  SPVSIM_FLOAT_BINARY_OPS(SPVSIM_FLOAT_OP_ENUM)
  SPVSIM_FLOAT_UNARY_OPS(SPVSIM_FLOAT_OP_ENUM)
  SPVSIM_FLOAT_COMPARE_OPS(SPVSIM_FLOAT_OP_ENUM)
  SPVSIM_FLOAT_TEST_OPS(SPVSIM_FLOAT_OP_ENUM)
  SPVSIM_FLOAT_EXT_UNARY_OPS(SPVSIM_FLOAT_OP_ENUM)
  SPVSIM_FLOAT_EXT_BINARY_OPS(SPVSIM_FLOAT_OP_ENUM)
  SPVSIM_FLOAT_EXT_TERNARY_OPS(SPVSIM_FLOAT_OP_ENUM)
  SPVSIM_FLOAT_EXT_FLOAT_INT_OPS(SPVSIM_FLOAT_OP_ENUM)
  SPVSIM_FLOAT_EXT_INT_RESULT_OPS(SPVSIM_FLOAT_OP_ENUM)
  SPVSIM_FLOAT_EXT_NAN_OPS(SPVSIM_FLOAT_OP_ENUM)
  SPVSIM_FLOAT_EXT_FLOAT_PTR_OPS(SPVSIM_FLOAT_OP_ENUM)
  SPVSIM_FLOAT_EXT_INT_PTR_OPS(SPVSIM_FLOAT_OP_ENUM)
  SPVSIM_BOOL_OPS(SPVSIM_PLAIN_OP_ENUM)
  SPVSIM_ATOMIC_INT_OPS(SPVSIM_ATOMIC_OP_ENUM)
  SPVSIM_ATOMIC_FLOAT_OPS(SPVSIM_ATOMIC_FLOAT_OP_ENUM)
  SPVSIM_SPECIAL_OPS(SPVSIM_SPECIAL_OP_ENUM)
  SPVSIM_OPENCL_STD_SPECIAL_OPS(SPVSIM_SPECIAL_OP_ENUM)
  /// Conversions: ConvertFirst + from * kConvertKinds + to (see ConvertKind).
  ConvertFirst,
  Count = ConvertFirst + 121
#undef SPVSIM_INT_OP_ENUM
#undef SPVSIM_FLOAT_OP_ENUM
#undef SPVSIM_ATOMIC_FLOAT_OP_ENUM
#undef SPVSIM_PLAIN_OP_ENUM
#undef SPVSIM_SPECIAL_OP_ENUM
#undef SPVSIM_ATOMIC_OP_ENUM
};
// clang-format on

/// The numeric kinds conversions read and write: OpUConvert reads unsigned,
/// OpSConvert/OpConvertSToF signed, OpConvertFToS writes signed, and so on.
enum class ConvertKind : uint8_t { U8, U16, U32, U64, S8, S16, S32, S64, F32, F64, F16 };
inline constexpr uint32_t kConvertKinds = 11;

/// A conversion op's aux: the rounding mode (FPRoundingMode + 1, 0 for the
/// environment's default) and whether it saturates (SaturatedConversion).
inline constexpr uint32_t kRoundDefault = 0, kRoundRte = 1, kRoundRtz = 2, kRoundRtp = 3,
                          kRoundRtn = 4, kRoundMask = 7, kSaturate = 8;

inline OpCode convertOp(ConvertKind from, ConvertKind to) {
  return static_cast<OpCode>(static_cast<uint32_t>(OpCode::ConvertFirst) +
                             static_cast<uint32_t>(from) * kConvertKinds +
                             static_cast<uint32_t>(to));
}

/// A WrapCheck op's aux: the checked operation and the decorations it carries
/// (NoSignedWrap / NoUnsignedWrap, SPIR-V §3.20).
enum class WrapOp : uint32_t { Add, Sub, Mul, ShiftLeft, Negate };
inline constexpr uint32_t kNoSignedWrap = 16, kNoUnsignedWrap = 32;

/// LoadIndexed / StoreIndexed aux: the element stride (below 2^30), kIndex64 when
/// the index slot holds 64-bit integers (else 32-bit ones), and kUniformBase when
/// the base pointer is the same in every lane by construction (a kernel argument,
/// a variable's address).
inline constexpr uint32_t kIndex64 = 0x80000000u;
inline constexpr uint32_t kUniformBase = 0x40000000u;
inline constexpr uint32_t kMaxIndexedStride = 0x3fffffffu;

/// Index of a scalar size of 1, 2, 4 or 8 bytes (0..3).
inline constexpr uint32_t widthIndex(uint32_t bytes) {
  return bytes == 1 ? 0 : bytes == 2 ? 1 : bytes == 4 ? 2 : 3;
}

/// The member of an op family that exists per scalar size (Mov8..Mov64,
/// Load8.., IAdd8.., ...) for `bytes`, given the family's 8-bit op.
inline OpCode sizedOp(OpCode op8, uint32_t bytes) {
  return static_cast<OpCode>(static_cast<uint32_t>(op8) + widthIndex(bytes));
}

/// The member of a float op family (FAddF32, FAddF64, FAddF16, ...) for a
/// float of `bytes` bytes, given the family's float op.
inline OpCode floatOp(OpCode f32, uint32_t bytes) {
  return static_cast<OpCode>(static_cast<uint32_t>(f32) + (bytes == 4 ? 0 : bytes == 8 ? 1 : 2));
}

/// Ops that end a block.
inline bool isTerminator(OpCode op) {
  switch (op) {
  case OpCode::Jump:
  case OpCode::Goto2:
  case OpCode::GotoN:
  case OpCode::Barrier:
  case OpCode::GroupCollect:
  case OpCode::Exit:
  case OpCode::Unreachable:
    return true;
  default:
    return false;
  }
}

/// Plain (not atomic) loads from memory, by pointer or indexed.
inline bool isPlainLoad(OpCode op) {
  switch (op) {
  case OpCode::Load8:
  case OpCode::Load16:
  case OpCode::Load32:
  case OpCode::Load64:
  case OpCode::LoadIndexed8:
  case OpCode::LoadIndexed16:
  case OpCode::LoadIndexed32:
  case OpCode::LoadIndexed64:
    return true;
  default:
    return false;
  }
}

/// Human-readable op name for dumps and tests, e.g. "IAdd32", "Load64".
const char *opName(OpCode op);

} // namespace spvsim
