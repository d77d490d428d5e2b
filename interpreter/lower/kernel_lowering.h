// KernelLowering: the state of lowering one kernel. Its work is split by
// concern: values, constants and variables (lowering_values.cpp), instructions
// by family (lowering_instructions.cpp, lowering_memory.cpp) and control flow,
// calls and block ordering (lowering_control.cpp).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "lower/program.h"
#include "lower/type_layout.h"
#include "spvsim/validator/cfg.h"
#include "spvsim/validator/validator.h"

namespace spvsim {

/// A value in registers: `leaves` consecutive slots starting at `slot`.
struct SlotValue {
  uint32_t slot = 0;
  uint32_t type = 0;
};

/// A pointer `base + index × stride + offset` not computed into a slot: every use
/// is a load or store, which reads the base and index slots itself (LoadIndexed,
/// StoreIndexed). Both are SSA values whose definitions dominate the pointer's, so
/// at each use they still hold what they held where the pointer was defined.
struct IndexedPointer {
  SlotValue base;
  bool uniformBase = false; ///< the base slot holds the same pointer in every lane
  uint32_t indexSlot = 0;
  bool index64 = false;
  uint32_t stride = 0;
  uint64_t offset = 0;
  uint32_t type = 0; ///< the pointer's type
};

/// A pointer into a BuiltIn Input variable (or one component of it).
struct BuiltinRef {
  BuiltinKind kind = BuiltinKind::GlobalId;
  int32_t component = -1; ///< -1: the whole variable
  uint32_t type = 0;      ///< the variable's pointee type
};

class KernelLowering {
public:
  KernelLowering(const ValidatedModule &module, const std::map<uint32_t, uint64_t> &specConstants,
                 uint32_t warpWidth, bool debugBindings = false);
  LoweredKernel run(const std::string &kernel);

private:
  // One inlined function body.
  struct Instance {
    const Function *function = nullptr;
    std::unordered_map<uint32_t, SlotValue> values;
    std::unordered_map<uint32_t, BuiltinRef> builtinPointers;
    std::unordered_map<uint32_t, IndexedPointer> indexedPointers;
    /// Loads of a whole BuiltIn vector that only OpCompositeExtract uses: each
    /// extract computes its component (the others are never computed).
    std::unordered_map<uint32_t, BuiltinRef> builtinValues;
    std::unordered_map<uint32_t, uint32_t> blockOf; ///< label id -> lowered block
    bool isKernel = false;
    uint32_t returnBlock = 0;
    SlotValue returnValue;
  };
  struct BlockBuild {
    std::vector<LoweredOp> ops;
    std::vector<uint32_t> successors;
  };

  // lowering_values.cpp
  uint32_t allocSlots(uint32_t count);
  uint32_t slotBytes(uint32_t slot) const { return slot * slotStride_; }
  uint32_t leafCount(uint32_t type) { return static_cast<uint32_t>(layout_.leaves(type).size()); }
  SlotValue valueOf(Instance &in, uint32_t id);
  /// The slots a result id is defined into (allocated on first use, also by forward uses).
  SlotValue resultValue(Instance &in, uint32_t id);
  /// Defines `id` as another name for existing slots, or copies when it is already allocated.
  void defineAlias(Instance &in, uint32_t id, SlotValue v);
  SlotValue constantValue(uint32_t id);
  std::vector<uint64_t> constantLeafBits(uint32_t id);
  uint64_t scalarConstant(uint32_t id);
  /// OpSpecConstantOp, evaluated with the run's spec constant values (spec_constant_op.cpp).
  std::vector<uint64_t> evaluateSpecOp(const Constant &c);
  SlotValue uniformPointer(uint64_t bits, UniformInit::Reloc reloc = UniformInit::Reloc::None);
  /// A slot holding `bits` (of `bytes` per lane) in every lane.
  SlotValue uniformValue(uint64_t bits, uint8_t bytes);
  SlotValue globalVariable(uint32_t id);
  // global_initializer.cpp
  /// Sets the initial bytes (and pointers) of program global `index` from constant `id`.
  void initializeProgramGlobal(uint32_t index, uint32_t id);
  void writeInitializer(uint32_t id, uint64_t offset, std::vector<std::byte> &bytes,
                        std::vector<ProgramGlobal::PointerInit> &pointers);
  /// A constant pointer expression (a program-scope variable, access chains and casts of
  /// one, OpConstantNull): the program global it points into and the byte offset;
  /// nullopt for a null pointer.
  std::optional<std::pair<uint32_t, uint64_t>> constantPointer(uint32_t id);
  bool hasPointerLeaves(uint32_t type);
  const BuiltinRef *builtinOf(Instance &in, uint32_t pointerId);
  void bindParameters(Instance &in);
  /// A new private allocation of `pointee`'s size and alignment in each lane's private
  /// arena (an OpVariable, or the copy of a by-value argument): a slot holding its address.
  SlotValue privateAllocation(const std::string &name, uint32_t pointee);

  // lowering_instructions.cpp
  void lowerInstruction(Instance &in, uint32_t index);
  bool lowerArithmetic(Instance &in, const Instruction &inst);
  uint32_t wrapCheckOf(const Instruction &inst) const;
  bool lowerConversion(Instance &in, const Instruction &inst);
  bool lowerComposite(Instance &in, const Instruction &inst);
  void lowerExtInst(Instance &in, const Instruction &inst);
  /// A DebugDeclare or DebugValue (OpenCL.DebugInfo.100 28, 29) as a DebugBind op, when
  /// lowering for the debugger (lowering_debug.cpp).
  void lowerDebugBinding(Instance &in, const Instruction &inst, uint32_t number);
  /// Debugger launches: the registers of each result id of an inlined function body.
  void recordDebugValues(const Instance &in);
  // lowering_image.cpp
  bool lowerImage(Instance &in, const Instruction &inst);
  // lowering_printf.cpp
  void lowerPrintf(Instance &in, const Instruction &inst);
  // lowering_opencl_std_vector.cpp
  bool lowerExtVector(Instance &in, const Instruction &inst, uint32_t number);
  /// dstSlot = pointer + index × elementBytes (index: a 32- or 64-bit integer).
  void emitElementAddress(uint32_t dstSlot, SlotValue pointer, SlotValue index,
                          uint64_t elementBytes);

  // lowering_memory.cpp
  bool lowerMemory(Instance &in, const Instruction &inst);
  bool lowerAtomic(Instance &in, const Instruction &inst);
  void lowerAccessChain(Instance &in, const Instruction &inst);
  /// Whether every use of `id` in the function is as operand `operand` of an
  /// instruction with one of `opcodes` (debug information does not count).
  bool usedOnlyAs(const Instance &in, uint32_t id, std::initializer_list<spv::Op> opcodes,
                  size_t operand) const;
  /// An indexed pointer computed into a slot, for a use other than a load or store.
  SlotValue materialize(const IndexedPointer &p);
  void lowerLoad(Instance &in, const Instruction &inst);
  /// The LoweredOp::alignLog2 of a load or store of a value of `type` whose memory
  /// operands (mask first) are `memoryOperands`.
  uint8_t accessAlignment(uint32_t type, std::span<const uint32_t> memoryOperands);
  /// The LoweredOp::access flags of a load or store of a value of `type`.
  uint8_t accessFlags(uint32_t type) const;
  bool writtenBackOnly(const Instance &in, const Instruction &load) const;
  // selected_load.cpp
  /// The condition that decides which lanes use a loaded value (kAccessSelected).
  struct SelectedLoad {
    uint32_t condition = 0; ///< a scalar bool id
    bool whenTrue = true;   ///< lanes where it holds keep the value (else where it does not)
  };
  /// Whether every use of `load`'s value is an OpSelect on one condition, available
  /// when the load runs, that keeps it on the same side.
  std::optional<SelectedLoad> selectedLoad(const Instance &in, const Instruction &load);
  void emitCopyMemory(SlotValue dst, SlotValue src, uint64_t bytes);

  // lowering_collective.cpp
  bool lowerCollective(Instance &in, const Instruction &inst);
  // lowering_subgroup.cpp
  bool lowerNonUniform(Instance &in, const Instruction &inst);

  // lowering_control.cpp
  uint32_t lowerFunction(const Function &fn, const std::vector<SlotValue> &args, bool isKernel,
                         uint32_t returnBlock, SlotValue returnValue);
  bool lowerControl(Instance &in, const Instruction &inst);
  void emitEdgeCopies(Instance &in, uint32_t fromLabel, uint32_t toLabel, uint16_t mask);
  void lowerCall(Instance &in, const Instruction &inst);
  /// The argument a callee's parameter receives: a private copy of the pointee when the
  /// parameter is decorated FuncParamAttr ByVal, else the caller's value itself.
  SlotValue passArgument(const Function &callee, uint32_t index, SlotValue arg);
  uint32_t newBlock();
  void addSuccessor(uint32_t from, uint32_t to);
  void finish(LoweredKernel &out);

  /// Copies every leaf of a value of `type` from `srcSlot` to `dstSlot` under edge mask `mask`.
  void emitCopy(uint32_t dstSlot, uint32_t srcSlot, uint32_t type, uint16_t mask = 0);
  LoweredOp &emit(OpCode code, uint32_t d = 0, uint32_t a = 0, uint32_t b = 0, uint32_t c = 0,
                  uint64_t imm = 0);
  [[noreturn]] void unsupported(const std::string &what) const;

  const ValidatedModule &validated_;
  const Module &module_;
  const std::map<uint32_t, uint64_t> &specConstants_;
  TypeLayout layout_;
  uint32_t width_;
  uint32_t slotStride_;
  bool debugBindings_ = false;
  uint16_t currentFrame_ = 0; ///< LoweredOp::frame of the ops emitted now
  LoweredKernel out_;
  std::vector<BlockBuild> blocks_;
  uint32_t current_ = 0; ///< block being emitted into
  uint32_t currentInstruction_ = ~0u;
  std::unordered_map<uint32_t, SlotValue> constants_;
  std::unordered_map<uint32_t, SlotValue> globals_;
  /// Program-scope variable id -> index into out_.programGlobals.
  std::unordered_map<uint32_t, uint32_t> programGlobalIndex_;
  std::unordered_map<uint32_t, BuiltinRef> builtinVariables_;
  /// Slots that hold the same value in every lane: preloaded constants, kernel
  /// arguments and variables' addresses (never written by an op).
  std::unordered_set<uint32_t> uniformSlots_;
  /// Control-flow graphs of the functions selectedLoad() looked at dominance in.
  std::unordered_map<const Function *, std::unique_ptr<ControlFlowGraph>> cfgs_;
  std::vector<uint32_t> callStack_;
};

/// Debugger launches, after optimizeLowered: drops the result ids whose registers no
/// op writes any more (folded into another register or removed as unread), and sorts
/// LoweredKernel::debugValues by id (lowering_debug.cpp).
void keepWrittenDebugValues(LoweredKernel &kernel);

} // namespace spvsim
