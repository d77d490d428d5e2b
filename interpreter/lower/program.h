// LoweredKernel: a kernel lowered for the lockstep executor — a flat list of
// type-specialised ops grouped into blocks in loop-contiguous order, register
// slot layout, constants to preload, private/local/program-scope variables and
// how kernel arguments map onto slots and memory.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "lower/collective.h"
#include "lower/op_table.h"

namespace spvsim {

/// One executable op. Slot operands are byte offsets into the warp's register
/// file (slot index × warp width × 8), so handlers index without multiplying.
struct LoweredOp {
  OpCode code = OpCode::Exit;
  uint16_t mask = 0; ///< which mask the op runs under: 0 the block's, k edge k
  uint32_t d = 0;    ///< destination slot (or block / table index for control ops)
  uint32_t a = 0, b = 0, c = 0;
  uint32_t aux = 0;      ///< builtin kind, switch table, ...
  uint32_t source = ~0u; ///< module instruction index for diagnostics
  /// Loads, stores and atomics: log2 of the alignment the access needs (0: none), for
  /// the misaligned check (lower/access_alignment.h); in the padding before imm.
  uint8_t alignLog2 = 0;
  uint8_t access = 0; ///< Loads and stores: kAccessCopy, kAccessWriteBack
  /// The inlined call the op comes from (LoweredKernel::debugFrames; 0: the kernel's own
  /// body), recorded when lowering for the debugger; in the padding before imm.
  uint16_t frame = 0;
  uint64_t imm = 0; ///< byte offset, stride, component, ...
};

/// LoweredOp::access: the load or store moves bytes of an aggregate copy (OpCopyMemory,
/// a struct or array loaded or stored whole), so what it carries is no use of the value.
inline constexpr uint8_t kAccessCopy = 1;
/// LoweredOp::access: the load's bytes only flow back, unchanged, into a store to the
/// place they were read from — how producers lower a store to vector components
/// (`v.x = …`: load, OpCompositeInsert or OpVectorShuffle, store). The source reads
/// nothing there, so reading a CL_MEM_WRITE_ONLY buffer so is not reported.
inline constexpr uint8_t kAccessWriteBack = 2;
/// LoweredOp::access of a plain load (Load8 … Load64): every use of its value is an
/// OpSelect that keeps it only where the condition in slot `b` holds (or, with
/// kAccessSelectedWhenFalse, where it does not) — a load clang hoisted out of `if (c)`
/// (lower/selected_load.cpp). The race check records the read for those lanes alone: a
/// lane that discards the value reads nothing in the source.
inline constexpr uint8_t kAccessSelected = 4;
inline constexpr uint8_t kAccessSelectedWhenFalse = 8;

static_assert(sizeof(LoweredOp) == 40, "the access fields fill LoweredOp's padding");

/// log2 of an alignment (a power of two; others round down), for LoweredOp::alignLog2.
inline constexpr uint8_t alignLog2Of(uint64_t alignment) {
  uint8_t log = 0;
  while (alignment > 1) alignment >>= 1, ++log;
  return log;
}

/// A Barrier op's imm for OpGroupWaitEvents (its other barriers carry their scopes).
inline constexpr uint64_t kWaitEventsBarrier = uint64_t(1) << 63;

struct LoweredBlock {
  uint32_t first = 0; ///< index of the first op
  uint32_t end = 0;   ///< one past the terminator op
};

/// A slot filled with the same bits in every lane before a warp starts.
struct UniformInit {
  enum class Reloc : uint8_t { None, ProgramGlobal };
  uint32_t slot = 0;
  uint8_t size = 8; ///< bytes per lane
  uint64_t bits = 0;
  Reloc reloc = Reloc::None; ///< ProgramGlobal: bits is the program global's index
};

/// A private (Function storage) variable: its own allocation in each lane's arena.
struct PrivateVariable {
  std::string name;
  uint64_t offset = 0; ///< in the lane's private arena
  uint64_t size = 0;
  uint32_t instruction = ~0u;
};

/// A __local allocation: a Workgroup variable or a __local kernel argument.
struct LocalVariable {
  std::string name;
  uint64_t size = 0; ///< for arguments, set per launch
  uint32_t alignment = 16;
  int32_t argument = -1; ///< kernel parameter index for __local arguments
  uint32_t instruction = ~0u;
};

/// A program-scope CrossWorkgroup or UniformConstant variable, created per launch.
struct ProgramGlobal {
  std::string name;
  bool constant = false;
  uint64_t size = 0;
  /// Initial bytes, `size` of them; empty when they are all zero (no initializer,
  /// OpConstantNull, OpUndef), so that a large zeroed variable costs nothing to lower.
  std::vector<std::byte> init;
  /// A pointer in the initial bytes (`volatile global int *p = &a[1];`): at `offset`,
  /// `bytes` wide, the address of program global `target` (an index into the kernel's
  /// programGlobals) plus `addend`. Its bytes in `init` are zero.
  struct PointerInit {
    uint64_t offset = 0;
    uint32_t target = 0;
    uint64_t addend = 0;
    uint8_t bytes = 8;
  };
  std::vector<PointerInit> pointers;
};

/// How one kernel parameter reaches the kernel.
struct ParamBinding {
  /// Image: an image argument, one leaf holding its index in the launch's image table.
  enum class Kind : uint8_t { Pointer, Value, ByValStruct, Local, Image } kind = Kind::Value;
  /// Pointer: slot of the tagged pointer. Value: one slot per leaf.
  struct Leaf {
    uint32_t slot = 0;
    uint8_t size = 0;    ///< bytes per lane in the slot
    uint32_t offset = 0; ///< byte offset in the argument's value
  };
  std::vector<Leaf> leaves;
  uint32_t privateVariable = 0; ///< ByValStruct: the private copy it is stored in
  uint32_t localVariable = 0;   ///< Local: index into LoweredKernel::locals
  uint32_t pointerSlot = 0;     ///< Pointer / ByValStruct / Local: slot of the pointer value
  bool constant = false;        ///< Pointer: a __constant (UniformConstant) parameter
  std::string name;
};

struct SwitchTable {
  std::vector<uint64_t> values; ///< case literals
  std::vector<uint16_t> edges;  ///< edge (mask index) per case
  uint16_t defaultEdge = 1;
  uint8_t selectorBytes = 4;
};

enum class BuiltinKind : uint8_t {
  GlobalId,
  LocalId,
  GroupId,
  NumGroups,
  LocalSize,
  EnqueuedLocalSize,
  GlobalSize,
  GlobalOffset,
  GlobalLinearId,
  LocalIndex,
  WorkDim,
  SubgroupSize,
  SubgroupMaxSize,
  NumSubgroups,
  NumEnqueuedSubgroups,
  SubgroupId,
  SubgroupLocalId,
  // uint4 lane masks (get_sub_group_*_mask, cl_khr_subgroup_ballot): component imm
  SubgroupEqMask,
  SubgroupGeMask,
  SubgroupGtMask,
  SubgroupLeMask,
  SubgroupLtMask
};

/// One argument of an OpenCL.std printf call: a scalar or vector of one kind.
struct PrintfArgument {
  enum class Kind : uint8_t { Int, Float, Pointer } kind = Kind::Int;
  uint8_t bytes = 4;      ///< per component
  uint8_t components = 1; ///< 1 for a scalar
  uint32_t firstSlot = 0; ///< index into PrintfCall::slots of component 0
};

/// A printf call (OpenCL.std 184): the Printf op's aux indexes these.
struct PrintfCall {
  uint32_t format = 0; ///< slot (byte offset) of the format pointer
  std::vector<PrintfArgument> arguments;
  std::vector<uint32_t> slots; ///< byte offsets of every argument component
};

/// What a DebugBind op (lowered only for the debugger) says from there on, lane by lane:
/// the source variable `variable` (a DebugLocalVariable id) is the value in `leaves`
/// slots from the op's `a` (a DebugValue), or lives in memory at the pointer in that slot
/// (a DebugDeclare), or is gone (`optimizedOut`: a DebugValue of OpUndef or of a value
/// with no slot, a DebugExpression that is not empty).
struct DebugBinding {
  uint32_t variable = 0;
  uint32_t type = 0; ///< Value: the SPIR-V type of the value; Address: the pointer's type
  bool address = false;
  bool optimizedOut = false;
};

/// A call the lowering inlined, for the debugger's backtrace: the OpFunctionCall
/// instruction, the frame it was made in, and the function called.
struct DebugFrame {
  uint32_t call = ~0u;
  uint16_t parent = 0;
  uint32_t function = 0;
};

/// An image instruction (OpImageRead, OpImageWrite, OpImageSampleExplicitLod, the
/// queries): the Image op's aux indexes these. Slots are byte offsets of leaf 0; the
/// leaves of a vector are consecutive slots. The op's d, a, b and c name the same slots
/// (texel, image, coordinate, sampler), and the passes over lowered code may rename
/// them there: the handler reads the op's fields, never the slots recorded here.
struct ImageInstruction {
  enum class Kind : uint8_t {
    Read,
    Write,
    Sample,
    QuerySize,
    QueryOrder,
    QueryFormat,
    QueryLevels, ///< mip levels: 0, as clGetImageInfo's CL_IMAGE_NUM_MIP_LEVELS
    QuerySamples ///< samples: 0, as clGetImageInfo's CL_IMAGE_NUM_SAMPLES
  };
  Kind kind = Kind::Read;
  uint8_t dim = 0;         ///< coordinates of the image type: 1, 2 or 3 (layer included)
  bool arrayed = false;    ///< the last coordinate is an array layer
  uint8_t handleBytes = 8; ///< bytes of the image handle (and of the sampler) per lane
  uint32_t image = 0;      ///< slot of the image handle
  uint32_t sampler = 0;    ///< Sample: slot of the sampler value
  uint32_t coordinate = 0; ///< Read/Write/Sample: slot of the first coordinate
  uint8_t coordinateCount = 1;
  bool floatCoordinates = false;
  /// Read/Sample: the result; Write: the texel; queries: the result.
  uint32_t texel = 0;
  uint8_t texelCount = 4; ///< components (1 for a depth image's scalar)
  uint8_t texelBytes = 4; ///< bytes per component: 4, or 2 for half; queries 4 or 8
  bool texelFloat = true; ///< float (or half) components; else 32-bit integers
};

/// The Image op's imm: what lower/op_operands.cpp needs to name its slots (the kind,
/// the texel's and the coordinate's component counts).
inline uint64_t imageOpImm(const ImageInstruction &ii) {
  return uint64_t(ii.kind) | uint64_t(ii.texelCount) << 8 | uint64_t(ii.coordinateCount) << 16;
}

/// A SPIR-V result id's registers in one inlined copy of its function, for the
/// debugger's `print %N` (debugger launches only). Kept only when some op still writes
/// them after optimizeLowered (a result it folded into another register is gone).
struct DebugValueSlot {
  uint32_t id = 0;
  uint32_t slot = 0;  ///< byte offset of its first register, as LoweredOp operands
  uint32_t type = 0;  ///< its SPIR-V type
  uint16_t frame = 0; ///< the LoweredOp::frame of that copy (0: the kernel's own body)
};

struct LoweredKernel {
  std::string name;
  uint32_t warpWidth = 32;
  uint32_t slotCount = 0;
  uint32_t slotStride = 0; ///< bytes per slot = warpWidth * 8
  std::vector<LoweredOp> ops;
  std::vector<LoweredBlock> blocks; ///< loop-contiguous order; blocks[0] is the entry
  uint32_t maxEdges = 2;            ///< masks a terminator may compute (edge 1..maxEdges)
  std::vector<UniformInit> constants;
  std::vector<PrivateVariable> privates;
  uint64_t privateSize = 0; ///< bytes of one lane's private arena
  std::vector<LocalVariable> locals;
  std::vector<ProgramGlobal> programGlobals;
  std::vector<ParamBinding> params;
  std::vector<SwitchTable> switches;
  std::vector<std::vector<uint32_t>> gotoTables;   ///< GotoN: target block per edge
  std::vector<Collective> collectives;             ///< GroupCollect / SubgroupCollective aux
  std::vector<PrintfCall> printfCalls;             ///< Printf aux
  std::vector<DebugBinding> debugBindings;         ///< DebugBind aux (debugger launches only)
  std::vector<DebugFrame> debugFrames;             ///< LoweredOp::frame (debugger launches only)
  std::vector<DebugValueSlot> debugValues;         ///< by id (debugger launches only)
  std::vector<ImageInstruction> imageInstructions; ///< Image aux
};

} // namespace spvsim
