// Module: the read-only view of a parsed SPIR-V module that every later stage
// reads: instructions, ids, types, constants, decorations, names, entry
// points, execution modes, functions, blocks and OpLine source locations.
// Built only by the loader (loader.h); never executes anything.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <spirv/unified1/spirv.hpp11>

namespace spvsim {

inline constexpr uint32_t kNone = 0xffffffffu;

/// One instruction of the module, indexing into Module::words().
struct Instruction {
  spv::Op opcode = spv::Op::OpNop;
  uint32_t wordOffset = 0;    ///< offset of the first word in the module (header included)
  uint32_t wordCount = 0;     ///< total words including the opcode word
  uint32_t typeId = 0;        ///< result type id, 0 if none
  uint32_t resultId = 0;      ///< result id, 0 if none
  uint32_t operandOffset = 0; ///< word offset of the first operand after type and result
  uint32_t operandCount = 0;  ///< words after type and result
  uint32_t location = kNone;  ///< index into Module::locations(), kNone if no OpLine applies
  uint32_t block = kNone;     ///< index of the Block containing it (in its Function), kNone outside
  /// OpLine, OpNoLine, or an OpExtInst of a debug-information or NonSemantic.* set:
  /// metadata wherever it appears. Nothing it names is a use, a definition or a store,
  /// and it never ends or starts a block (it may sit among a block's OpPhi instructions).
  bool nonSemantic = false;
};

enum class TypeKind : uint8_t {
  None,
  Void,
  Bool,
  Int,
  Float,
  Vector,
  Array,
  RuntimeArray,
  Struct,
  Pointer,
  Function,
  Opaque,
  Event,
  DeviceEvent,
  ReserveId,
  Queue,
  Pipe,
  Image,
  Sampler,
  SampledImage,
  ForwardPointer
};

struct Type {
  TypeKind kind = TypeKind::None;
  uint32_t width = 0;    ///< Int/Float bit width
  bool isSigned = false; ///< Int signedness literal (OpenCL requires 0)
  uint32_t element =
      0; ///< Vector/Array/RuntimeArray component, Pointer pointee, Function return type
  uint32_t count = 0;    ///< Vector component count; Array length (resolved constant value)
  uint32_t lengthId = 0; ///< Array length constant id (may be a spec constant)
  spv::StorageClass storage = spv::StorageClass::Max; ///< Pointer storage class
  std::vector<uint32_t> members;                      ///< Struct members; Function parameter types
  uint32_t instruction = kNone;                       ///< defining instruction index
  // OpTypeImage operands (`element` holds the Sampled Type).
  spv::Dim dim = spv::Dim::Max;
  uint32_t depth = 0; ///< 0 not depth, 1 depth, 2 unknown
  uint32_t arrayed = 0;
  uint32_t multisampled = 0;
  uint32_t sampled = 0; ///< 0 known at run time (OpenCL), 1 sampled, 2 storage
  spv::ImageFormat format = spv::ImageFormat::Max;
  /// Image or Pipe access qualifier; Max when the type has none.
  spv::AccessQualifier access = spv::AccessQualifier::Max;
};

enum class ConstantKind : uint8_t { Scalar, True, False, Composite, Null, Sampler, SpecOp, Undef };

struct Constant {
  ConstantKind kind = ConstantKind::Scalar;
  uint32_t typeId = 0;
  uint64_t bits = 0; ///< Scalar value (low bits; sign not extended)
  /// Composite: constituent ids. Sampler: addressing mode, normalized, filter mode.
  /// SpecOp: the opcode literal, then the operand ids.
  std::vector<uint32_t> parts;
  bool isSpec = false;            ///< OpSpecConstant*
  std::optional<uint32_t> specId; ///< SpecId decoration
  uint32_t instruction = kNone;   ///< defining instruction index (SpecOp evaluation reads it)
};

struct Decoration {
  uint32_t target = 0;
  uint32_t member = kNone; ///< kNone unless OpMemberDecorate
  spv::Decoration decoration = spv::Decoration::Max;
  std::vector<uint32_t> literals; ///< the words after the decoration
  std::string text; ///< string literal when the decoration takes one (LinkageAttributes)
};

struct ExecutionMode {
  spv::ExecutionMode mode = spv::ExecutionMode::Max;
  std::vector<uint32_t> literals;
  uint32_t instruction = kNone;
};

struct EntryPoint {
  spv::ExecutionModel model = spv::ExecutionModel::Kernel;
  uint32_t function = 0;
  std::string name;
  std::vector<uint32_t> interface;
  std::vector<ExecutionMode> modes;
  uint32_t instruction = kNone;
};

struct Block {
  uint32_t label = 0; ///< OpLabel result id
  uint32_t first = 0; ///< index of the OpLabel instruction
  uint32_t end = 0;   ///< one past the terminator
  uint32_t terminator() const { return end - 1; }
};

struct Function {
  uint32_t id = 0;
  uint32_t returnType = 0;
  uint32_t functionType = 0;
  std::vector<uint32_t> params; ///< OpFunctionParameter result ids
  std::vector<Block> blocks;    ///< in module order; blocks[0] is the entry block
  uint32_t first = 0;           ///< index of OpFunction
  uint32_t end = 0;             ///< one past OpFunctionEnd
  bool isDeclaration() const { return blocks.empty(); }
};

/// What an id is defined as.
enum class IdKind : uint8_t {
  Undefined,
  Type,
  Constant,
  Variable,
  Function,
  Parameter,
  Label,
  Value,
  ExtInstImport,
  String,
  Other
};

struct IdInfo {
  IdKind kind = IdKind::Undefined;
  uint32_t instruction = kNone; ///< defining instruction index
  uint32_t function = kNone;    ///< index into functions() for ids defined inside a function
};

struct SourceLine {
  uint32_t fileId = 0; ///< OpString id
  uint32_t line = 0;
  uint32_t column = 0;
};

class Module {
public:
  // Header.
  uint32_t version() const { return version_; } ///< e.g. 0x00010000 for 1.0
  uint32_t versionMajor() const { return (version_ >> 16) & 0xff; }
  uint32_t versionMinor() const { return (version_ >> 8) & 0xff; }
  uint32_t generator() const { return generator_; }
  uint32_t bound() const { return bound_; }

  /// Host-endian words of the whole module (header included).
  std::span<const uint32_t> words() const { return words_; }
  const std::vector<Instruction> &instructions() const { return instructions_; }
  const Instruction &instruction(uint32_t index) const { return instructions_[index]; }
  /// The operand words of an instruction (after result type and result id).
  std::span<const uint32_t> operands(const Instruction &inst) const {
    return std::span<const uint32_t>(words_).subspan(inst.operandOffset, inst.operandCount);
  }
  /// Decodes a literal string starting at the given word; `wordsUsed` receives its length.
  static std::string literalString(std::span<const uint32_t> words, uint32_t *wordsUsed = nullptr);

  const std::vector<spv::Capability> &capabilities() const { return capabilities_; }
  bool hasCapability(spv::Capability c) const;
  const std::vector<std::string> &extensions() const { return extensions_; }
  spv::AddressingModel addressingModel() const { return addressing_; }
  spv::MemoryModel memoryModel() const { return memoryModel_; }

  const IdInfo &id(uint32_t id) const;
  /// The type of a type id; a Type of kind None for anything else.
  const Type &type(uint32_t id) const;
  /// The constant with this id, or nullptr.
  const Constant *constant(uint32_t id) const;
  /// Type id of a result id (0 if it has none).
  uint32_t typeOf(uint32_t id) const;
  /// All decorations, sorted by target; decoration groups are already applied.
  std::span<const Decoration> decorations(uint32_t target) const;
  /// The first decoration `d` of `target` itself (not of a member), or nullptr.
  const Decoration *findDecoration(uint32_t target, spv::Decoration d) const;
  /// OpName of an id, or "".
  std::string_view name(uint32_t id) const;
  /// The name of parameter `index` of a function: its OpName, else the name debug
  /// information (DebugLocalVariable with ArgNumber) gives it, else the name of the
  /// parameter it is passed on to unchanged (llvm-spirv's kernel entry points are
  /// wrappers that call the kernel's body), else "".
  std::string_view parameterName(uint32_t function, uint32_t index) const;
  /// OpMemberName, or "".
  std::string_view memberName(uint32_t structId, uint32_t member) const;
  /// OpString text, or "".
  std::string_view string(uint32_t id) const;
  /// OpExtInstImport set name, or "".
  std::string_view extInstSet(uint32_t id) const;

  const std::vector<EntryPoint> &entryPoints() const { return entryPoints_; }
  const EntryPoint *findEntryPoint(std::string_view name) const;
  const std::vector<Function> &functions() const { return functions_; }
  /// The function with this id, or nullptr.
  const Function *function(uint32_t id) const;
  /// Module-scope OpVariable instruction indices.
  const std::vector<uint32_t> &globalVariables() const { return globals_; }

  const std::vector<SourceLine> &locations() const { return locations_; }
  /// The source location of an instruction, if any OpLine applies to it.
  std::optional<SourceLine> location(uint32_t instructionIndex) const;

  /// Ids with more than one defining instruction (SPIR-V §2.2.2: an id is defined once);
  /// id() describes the first definition. Sorted, each listed once.
  const std::vector<uint32_t> &redefinedIds() const { return redefinedIds_; }

  /// The file name given when the module was loaded (for diagnostics).
  const std::string &sourceName() const { return sourceName_; }

private:
  friend class ModuleBuilder;
  std::string sourceName_;
  uint32_t version_ = 0, generator_ = 0, bound_ = 0;
  std::vector<uint32_t> words_;
  std::vector<Instruction> instructions_;
  std::vector<spv::Capability> capabilities_;
  std::vector<std::string> extensions_;
  spv::AddressingModel addressing_ = spv::AddressingModel::Logical;
  spv::MemoryModel memoryModel_ = spv::MemoryModel::OpenCL;
  std::vector<IdInfo> ids_; ///< indexed by id, size bound
  std::unordered_map<uint32_t, Type> types_;
  std::unordered_map<uint32_t, Constant> constants_;
  std::vector<Decoration> decorations_; ///< sorted by target
  std::unordered_map<uint32_t, std::string> names_;
  std::unordered_map<uint64_t, std::string> memberNames_; ///< (struct << 32 | member)
  std::unordered_map<uint32_t, std::string> strings_;
  std::unordered_map<uint32_t, std::string> extInstSets_;
  std::vector<EntryPoint> entryPoints_;
  std::vector<Function> functions_;
  std::unordered_map<uint32_t, uint32_t> functionIndex_; ///< function id -> index
  std::vector<uint32_t> globals_;
  std::vector<SourceLine> locations_;
  std::vector<uint32_t> redefinedIds_;
  std::map<std::pair<uint32_t, uint32_t>, std::string> debugParameterNames_; ///< (function, index)
};

} // namespace spvsim
