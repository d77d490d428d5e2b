// Lowering of OpenCL.std extended instructions (the table is in
// lower/opencl_std_ops.h): one op per vector component, scalar operands
// broadcast over vectors; second results (frexp, modf, remquo, ...) stored
// through their pointer operand. Instructions of sets without semantics
// (OpenCL.DebugInfo.100, NonSemantic.*) lower to nothing.
#include "lower/kernel_lowering.h"
#include "lower/op_lookup.h"
#include "spvsim/common/error.h"

namespace spvsim {

namespace {
#define SPVSIM_INT_EXT_ENTRY(name, number, expr) {number, OpCode::name##8},
#define SPVSIM_FLOAT_EXT_ENTRY(name, number, expr) {number, OpCode::name##F32},
constexpr ExtEntry kIntExtUnary[] = {SPVSIM_INT_EXT_UNARY_OPS(SPVSIM_INT_EXT_ENTRY)};
constexpr ExtEntry kIntExtBinary[] = {SPVSIM_INT_EXT_BINARY_OPS(SPVSIM_INT_EXT_ENTRY)};
constexpr ExtEntry kIntExtTernary[] = {SPVSIM_INT_EXT_TERNARY_OPS(SPVSIM_INT_EXT_ENTRY)};
constexpr ExtEntry kFloatExtUnary[] = {SPVSIM_FLOAT_EXT_UNARY_OPS(SPVSIM_FLOAT_EXT_ENTRY)};
constexpr ExtEntry kFloatExtBinary[] = {SPVSIM_FLOAT_EXT_BINARY_OPS(SPVSIM_FLOAT_EXT_ENTRY)};
constexpr ExtEntry kFloatExtTernary[] = {SPVSIM_FLOAT_EXT_TERNARY_OPS(SPVSIM_FLOAT_EXT_ENTRY)};
constexpr ExtEntry kFloatExtFloatInt[] = {SPVSIM_FLOAT_EXT_FLOAT_INT_OPS(SPVSIM_FLOAT_EXT_ENTRY)};
constexpr ExtEntry kFloatExtIntResult[] = {SPVSIM_FLOAT_EXT_INT_RESULT_OPS(SPVSIM_FLOAT_EXT_ENTRY)};
constexpr ExtEntry kFloatExtNan[] = {SPVSIM_FLOAT_EXT_NAN_OPS(SPVSIM_FLOAT_EXT_ENTRY)};
constexpr ExtEntry kFloatExtFloatPtr[] = {SPVSIM_FLOAT_EXT_FLOAT_PTR_OPS(SPVSIM_FLOAT_EXT_ENTRY)};
constexpr ExtEntry kFloatExtIntPtr[] = {SPVSIM_FLOAT_EXT_INT_PTR_OPS(SPVSIM_FLOAT_EXT_ENTRY)};
#undef SPVSIM_INT_EXT_ENTRY
#undef SPVSIM_FLOAT_EXT_ENTRY
} // namespace

void KernelLowering::lowerExtInst(Instance &in, const Instruction &inst) {
  auto ops = module_.operands(inst);
  std::string_view set = module_.extInstSet(ops[0]);
  if (debugBindings_ && set == "OpenCL.DebugInfo.100" && (ops[1] == 28 || ops[1] == 29))
    return lowerDebugBinding(in, inst, ops[1]);
  if (set.starts_with("NonSemantic.") || set == "OpenCL.DebugInfo.100" || set == "DebugInfo")
    return; // no semantics
  if (set != "OpenCL.std") unsupported("extended instruction set '" + std::string(set) + "'");
  uint32_t number = ops[1];
  if (number == 184) return lowerPrintf(in, inst);
  if (lowerExtVector(in, inst, number)) return;
  auto args = ops.subspan(2);
  SlotValue r = resultValue(in, inst.resultId);
  const auto &leaves = layout_.leaves(r.type);
  bool isFloat = leaves[0].kind == LeafKind::Float;
  std::vector<SlotValue> a;
  for (uint32_t id : args) a.push_back(valueOf(in, id));
  auto perLeaf = [&](OpCode base, uint32_t arity) {
    if (a.size() != arity) throw Error("OpenCL.std instruction with the wrong operand count");
    for (uint32_t i = 0; i < leaves.size(); ++i) {
      uint32_t bytes = leaves[i].bytes;
      OpCode code = isFloat ? floatOp(base, bytes) : sizedOp(base, bytes);
      auto slotOf = [&](uint32_t k) {
        // Scalar operands broadcast over vectors (e.g. clamp(float4, float, float)).
        return slotBytes(a[k].slot + (leafCount(a[k].type) == 1 ? 0 : i));
      };
      emit(code, slotBytes(r.slot + i), slotOf(0), arity > 1 ? slotOf(1) : 0,
           arity > 2 ? slotOf(2) : 0);
    }
  };
  // ilogb: an int result of a float operand, whose width picks the op.
  if (auto base = findOp(kFloatExtIntResult, number)) {
    if (a.size() != 1) throw Error("OpenCL.std ilogb with the wrong operand count");
    const auto &from = layout_.leaves(a[0].type);
    for (uint32_t i = 0; i < leaves.size(); ++i)
      emit(floatOp(*base, from[i].bytes), slotBytes(r.slot + i), slotBytes(a[0].slot + i));
    return;
  }
  // Functions with a second result: the op leaves it in a temporary, stored
  // through the pointer operand component by component (a checked store).
  const bool floatSecond = findOp(kFloatExtFloatPtr, number).has_value();
  if (auto base =
          floatSecond ? findOp(kFloatExtFloatPtr, number) : findOp(kFloatExtIntPtr, number)) {
    const uint32_t arity = number == 52 ? 2 : 1; // remquo(x, y, quo)
    if (a.size() != arity + 1) throw Error("OpenCL.std instruction with the wrong operand count");
    const SlotValue pointer = a[arity];
    const uint32_t second = allocSlots(1);
    for (uint32_t i = 0; i < leaves.size(); ++i) {
      const uint32_t bytes = leaves[i].bytes, secondBytes = floatSecond ? bytes : 4;
      emit(floatOp(*base, bytes), slotBytes(r.slot + i), slotBytes(a[0].slot + i),
           arity > 1 ? slotBytes(a[1].slot + i) : 0, slotBytes(second));
      emit(sizedOp(OpCode::Store8, secondBytes), 0, slotBytes(pointer.slot), slotBytes(second), 0,
           uint64_t(i) * secondBytes)
          .alignLog2 =
          i == 0 ? alignLog2Of(layout_.alignment(module_.type(pointer.type).element)) : 0;
    }
    return;
  }
  if (isFloat) {
    if (auto base = findOp(kFloatExtFloatInt, number)) return perLeaf(*base, 2);
    if (auto base = findOp(kFloatExtNan, number)) return perLeaf(*base, 1);
    if (auto base = findOp(kFloatExtUnary, number)) return perLeaf(*base, 1);
    if (auto base = findOp(kFloatExtBinary, number)) return perLeaf(*base, 2);
    if (auto base = findOp(kFloatExtTernary, number)) return perLeaf(*base, 3);
  } else {
    if (number == 201) { // u_abs: the identity on unsigned values
      for (uint32_t i = 0; i < leaves.size(); ++i)
        emit(sizedOp(OpCode::Mov8, leaves[i].bytes), slotBytes(r.slot + i),
             slotBytes(a[0].slot + i));
      return;
    }
    if (auto base = findOp(kIntExtUnary, number)) return perLeaf(*base, 1);
    if (auto base = findOp(kIntExtBinary, number)) return perLeaf(*base, 2);
    if (auto base = findOp(kIntExtTernary, number)) return perLeaf(*base, 3);
  }
  unsupported("OpenCL.std instruction " + std::to_string(number));
}

} // namespace spvsim
