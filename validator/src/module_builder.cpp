// ModuleBuilder: turns instructions, in module order, into the Module view:
// ids, types, constants, decorations (groups applied), names, strings,
// entry points and execution modes, functions and blocks, and the source
// location (OpLine or NonSemantic.Shader.DebugInfo.100 DebugLine) that
// applies to each instruction, and parameter names from debug information. Every word access is
// bounds-checked: the loader hands over anything spvBinaryParse accepts, which need not be valid.
#include "module_builder.h"

#include <algorithm>

#include <spirv/unified1/NonSemanticShaderDebugInfo100.h>
#include <spirv/unified1/OpenCLDebugInfo100.h>

#include "ext_inst_sets.h"

namespace spvsim {

/// The words of one instruction; reading past its end gives 0.
struct ModuleBuilder::Words {
  std::span<const uint32_t> words;
  uint32_t operator[](size_t k) const { return k < words.size() ? words[k] : 0; }
  size_t size() const { return words.size(); }
  std::vector<uint32_t> from(size_t k) const {
    return k < words.size()
               ? std::vector<uint32_t>(words.begin() + static_cast<ptrdiff_t>(k), words.end())
               : std::vector<uint32_t>();
  }
  std::string string(size_t k, uint32_t *used = nullptr) const {
    if (k >= words.size()) {
      if (used) *used = 0;
      return {};
    }
    return Module::literalString(words.subspan(k), used);
  }
};

namespace {

bool isBlockTerminator(spv::Op op) {
  switch (op) {
  case spv::Op::OpBranch:
  case spv::Op::OpBranchConditional:
  case spv::Op::OpSwitch:
  case spv::Op::OpReturn:
  case spv::Op::OpReturnValue:
  case spv::Op::OpKill:
  case spv::Op::OpUnreachable:
  case spv::Op::OpTerminateInvocation:
  case spv::Op::OpIgnoreIntersectionKHR:
  case spv::Op::OpTerminateRayKHR:
  case spv::Op::OpEmitMeshTasksEXT:
    return true;
  default:
    return false;
  }
}

/// OpType* instructions, by their grammar name.
bool isTypeDeclaration(spv::Op op) {
  std::string_view name = spvOpcodeString(static_cast<uint32_t>(op));
  return name.starts_with("Type");
}

TypeKind typeKindOf(spv::Op op) {
  using spv::Op;
  switch (op) {
  case Op::OpTypeVoid:
    return TypeKind::Void;
  case Op::OpTypeBool:
    return TypeKind::Bool;
  case Op::OpTypeInt:
    return TypeKind::Int;
  case Op::OpTypeFloat:
    return TypeKind::Float;
  case Op::OpTypeVector:
    return TypeKind::Vector;
  case Op::OpTypeArray:
    return TypeKind::Array;
  case Op::OpTypeRuntimeArray:
    return TypeKind::RuntimeArray;
  case Op::OpTypeStruct:
    return TypeKind::Struct;
  case Op::OpTypePointer:
    return TypeKind::Pointer;
  case Op::OpTypeFunction:
    return TypeKind::Function;
  case Op::OpTypeEvent:
    return TypeKind::Event;
  case Op::OpTypeDeviceEvent:
    return TypeKind::DeviceEvent;
  case Op::OpTypeReserveId:
    return TypeKind::ReserveId;
  case Op::OpTypeQueue:
    return TypeKind::Queue;
  case Op::OpTypePipe:
    return TypeKind::Pipe;
  case Op::OpTypeImage:
    return TypeKind::Image;
  case Op::OpTypeSampler:
    return TypeKind::Sampler;
  case Op::OpTypeSampledImage:
    return TypeKind::SampledImage;
  case Op::OpTypeForwardPointer:
    return TypeKind::ForwardPointer;
  default:
    return TypeKind::Opaque; // OpTypeOpaque and types OpenCL does not use
  }
}

} // namespace

ModuleBuilder::ModuleBuilder(std::vector<uint32_t> words, std::string sourceName)
    : module_(std::make_shared<Module>()) {
  Module &m = *module_;
  m.words_ = std::move(words);
  m.sourceName_ = std::move(sourceName);
  if (m.words_.size() >= 5) {
    m.version_ = m.words_[1];
    m.generator_ = m.words_[2];
    m.bound_ = m.words_[3];
  }
  m.ids_.resize(m.bound_);
}

void ModuleBuilder::defineId(uint32_t id, IdKind kind, uint32_t index) {
  if (id == 0 || id >= module_->ids_.size()) return;
  IdInfo &info = module_->ids_[id];
  if (info.kind != IdKind::Undefined) { // the first definition stays; validation reports it
    module_->redefinedIds_.push_back(id);
    return;
  }
  info = IdInfo{kind, index, function_};
}

uint32_t ModuleBuilder::internLocation(uint32_t fileId, uint32_t line, uint32_t column) {
  auto [it, inserted] =
      locationIndex_.try_emplace({fileId, line, column}, uint32_t(module_->locations_.size()));
  if (inserted) module_->locations_.push_back(SourceLine{fileId, line, column});
  return it->second;
}

uint32_t ModuleBuilder::constantValue(uint32_t id) const {
  const Constant *c = module_->constant(id);
  return c && c->kind == ConstantKind::Scalar ? uint32_t(c->bits) : 0;
}

void ModuleBuilder::add(uint32_t wordOffset, const spv_parsed_instruction_t *parsed) {
  Module &m = *module_;
  const uint32_t wordCount = m.words_[wordOffset] >> spv::WordCountShift;
  const Words w{std::span<const uint32_t>(m.words_).subspan(wordOffset, wordCount)};
  Instruction inst;
  inst.opcode = static_cast<spv::Op>(w[0] & spv::OpCodeMask);
  inst.wordOffset = wordOffset;
  inst.wordCount = wordCount;
  if (parsed) {
    inst.typeId = parsed->type_id;
    inst.resultId = parsed->result_id;
  } else if (inst.opcode == spv::Op::OpExtInst) { // raw extended instruction: type, result, set
    inst.typeId = w[1];
    inst.resultId = w[2];
  }
  const uint32_t first = 1 + (inst.typeId ? 1 : 0) + (inst.resultId ? 1 : 0);
  inst.operandOffset = wordOffset + std::min(first, wordCount);
  inst.operandCount = wordCount > first ? wordCount - first : 0;
  const uint32_t index = uint32_t(m.instructions_.size());

  // SPIR-V §3.42.2 OpLine: applies until OpNoLine, the next OpLine, or the end of the block.
  if (inst.opcode == spv::Op::OpLine || inst.opcode == spv::Op::OpNoLine)
    suspendedLocation_ = kNone;
  if (inst.opcode == spv::Op::OpLine) location_ = internLocation(w[1], w[2], w[3]);
  if (inst.opcode == spv::Op::OpNoLine) location_ = kNone;
  if (inst.opcode == spv::Op::OpExtInst) addExtInst(w, inst);
  inst.location = location_;
  inst.nonSemantic = inst.opcode == spv::Op::OpLine || inst.opcode == spv::Op::OpNoLine ||
                     (inst.opcode == spv::Op::OpExtInst && debugSets_.count(w[3]));

  addToFunction(w, inst, index); // sets inst.block, may end the location's scope
  m.instructions_.push_back(inst);
  Instruction &stored = m.instructions_.back();

  using spv::Op;
  if (isTypeDeclaration(inst.opcode)) {
    addType(w, stored, index);
    return;
  }
  switch (inst.opcode) {
  case Op::OpCapability:
    m.capabilities_.push_back(static_cast<spv::Capability>(w[1]));
    break;
  case Op::OpExtension:
    m.extensions_.push_back(w.string(1));
    break;
  case Op::OpExtInstImport: {
    std::string name = w.string(2);
    if (name == detail::kShaderDebugInfoSet) shaderDebugSets_.insert(w[1]);
    if (detail::isDebugInfoSet(name)) debugSets_.insert(w[1]);
    m.extInstSets_[w[1]] = std::move(name);
    defineId(w[1], IdKind::ExtInstImport, index);
    break;
  }
  case Op::OpMemoryModel:
    m.addressing_ = static_cast<spv::AddressingModel>(w[1]);
    m.memoryModel_ = static_cast<spv::MemoryModel>(w[2]);
    break;
  case Op::OpEntryPoint: {
    EntryPoint e;
    e.model = static_cast<spv::ExecutionModel>(w[1]);
    e.function = w[2];
    uint32_t used = 0;
    e.name = w.string(3, &used);
    e.interface = w.from(3 + used);
    e.instruction = index;
    m.entryPoints_.push_back(std::move(e));
    break;
  }
  case Op::OpExecutionMode:
  case Op::OpExecutionModeId:
    executionModes_.push_back(
        {w[1], ExecutionMode{static_cast<spv::ExecutionMode>(w[2]), w.from(3), index}});
    break;
  case Op::OpString:
    m.strings_[w[1]] = w.string(2);
    defineId(w[1], IdKind::String, index);
    break;
  case Op::OpName:
    m.names_[w[1]] = w.string(2);
    break;
  case Op::OpMemberName:
    m.memberNames_[(uint64_t(w[1]) << 32) | w[2]] = w.string(3);
    break;
  case Op::OpDecorate:
  case Op::OpDecorateId:
  case Op::OpDecorateString:
  case Op::OpMemberDecorate:
  case Op::OpMemberDecorateString:
    addDecoration(w, parsed);
    break;
  case Op::OpGroupDecorate:
    for (size_t k = 2; k < w.size(); ++k) groupUses_.push_back({w[1], w[k], kNone});
    break;
  case Op::OpGroupMemberDecorate:
    for (size_t k = 2; k + 1 < w.size(); k += 2) groupUses_.push_back({w[1], w[k], w[k + 1]});
    break;
  case Op::OpConstantTrue:
  case Op::OpConstantFalse:
  case Op::OpConstant:
  case Op::OpConstantComposite:
  case Op::OpConstantSampler:
  case Op::OpConstantNull:
  case Op::OpSpecConstantTrue:
  case Op::OpSpecConstantFalse:
  case Op::OpSpecConstant:
  case Op::OpSpecConstantComposite:
  case Op::OpSpecConstantOp:
  case Op::OpUndef:
    addConstant(w, stored, index);
    break;
  case Op::OpVariable:
    defineId(inst.resultId, IdKind::Variable, index);
    if (function_ == kNone) m.globals_.push_back(index);
    break;
  case Op::OpFunction:
  case Op::OpFunctionParameter:
  case Op::OpLabel:
    break; // defined in addToFunction
  default:
    if (inst.resultId)
      defineId(inst.resultId, function_ != kNone ? IdKind::Value : IdKind::Other, index);
    break;
  }
}

void ModuleBuilder::addType(const Words &w, Instruction &inst, uint32_t index) {
  using spv::Op;
  if (inst.opcode == Op::OpTypeForwardPointer) {
    // Declares no id of its own: the later OpTypePointer defines the type.
    auto [it, inserted] = module_->types_.try_emplace(w[1]);
    if (inserted) {
      it->second.kind = TypeKind::ForwardPointer;
      it->second.storage = static_cast<spv::StorageClass>(w[2]);
      it->second.instruction = index;
    }
    return;
  }
  Type t;
  t.kind = typeKindOf(inst.opcode);
  t.instruction = index;
  switch (inst.opcode) {
  case Op::OpTypeInt:
    t.width = w[2];
    t.isSigned = w[3] != 0;
    break;
  case Op::OpTypeFloat:
    t.width = w[2];
    break;
  case Op::OpTypeVector:
  case Op::OpTypeMatrix:
    t.element = w[2];
    t.count = w[3];
    break;
  case Op::OpTypeArray:
    t.element = w[2];
    t.lengthId = w[3];
    break;
  case Op::OpTypeRuntimeArray:
  case Op::OpTypeSampledImage:
    t.element = w[2];
    break;
  case Op::OpTypeStruct:
    t.members = w.from(2);
    break;
  case Op::OpTypePointer:
    t.storage = static_cast<spv::StorageClass>(w[2]);
    t.element = w[3];
    break;
  case Op::OpTypeFunction:
    t.element = w[2];
    t.members = w.from(3);
    break;
  case Op::OpTypeImage:
    t.element = w[2];
    t.dim = static_cast<spv::Dim>(w[3]);
    t.depth = w[4];
    t.arrayed = w[5];
    t.multisampled = w[6];
    t.sampled = w[7];
    t.format = static_cast<spv::ImageFormat>(w[8]);
    if (w.size() > 9) t.access = static_cast<spv::AccessQualifier>(w[9]);
    break;
  case Op::OpTypePipe:
    t.access = static_cast<spv::AccessQualifier>(w[2]);
    break;
  default:
    break;
  }
  module_->types_[w[1]] = std::move(t);
  defineId(w[1], IdKind::Type, index);
}

void ModuleBuilder::addConstant(const Words &w, Instruction &inst, uint32_t index) {
  using spv::Op;
  Constant c;
  c.typeId = inst.typeId;
  c.instruction = index;
  switch (inst.opcode) {
  case Op::OpSpecConstantTrue:
    c.isSpec = true;
    [[fallthrough]];
  case Op::OpConstantTrue:
    c.kind = ConstantKind::True;
    break;
  case Op::OpSpecConstantFalse:
    c.isSpec = true;
    [[fallthrough]];
  case Op::OpConstantFalse:
    c.kind = ConstantKind::False;
    break;
  case Op::OpSpecConstant:
    c.isSpec = true;
    [[fallthrough]];
  case Op::OpConstant: {
    c.kind = ConstantKind::Scalar;
    c.bits = w[3] | (w.size() > 4 ? uint64_t(w[4]) << 32 : 0);
    uint32_t width = module_->type(inst.typeId).width;
    if (width > 0 && width < 64) c.bits &= (uint64_t(1) << width) - 1; // zero-extended
    break;
  }
  case Op::OpSpecConstantComposite:
    c.isSpec = true;
    [[fallthrough]];
  case Op::OpConstantComposite:
    c.kind = ConstantKind::Composite;
    c.parts = w.from(3);
    break;
  case Op::OpConstantNull:
    c.kind = ConstantKind::Null;
    break;
  case Op::OpConstantSampler:
    c.kind = ConstantKind::Sampler;
    c.parts = w.from(3);
    break;
  case Op::OpSpecConstantOp:
    c.kind = ConstantKind::SpecOp;
    c.isSpec = true;
    c.parts = w.from(3);
    break;
  default:
    c.kind = ConstantKind::Undef;
    break;
  }
  module_->constants_[inst.resultId] = std::move(c);
  defineId(inst.resultId, IdKind::Constant, index);
}

void ModuleBuilder::addDecoration(const Words &w, const spv_parsed_instruction_t *parsed) {
  using spv::Op;
  const auto op = static_cast<spv::Op>(w[0] & spv::OpCodeMask);
  const bool member = op == Op::OpMemberDecorate || op == Op::OpMemberDecorateString;
  Decoration d;
  d.target = w[1];
  size_t next = 2;
  if (member) d.member = w[next++];
  d.decoration = static_cast<spv::Decoration>(w[next++]);
  d.literals = w.from(next);
  if (parsed) {
    for (uint16_t k = 0; k < parsed->num_operands; ++k) {
      if (parsed->operands[k].type == SPV_OPERAND_TYPE_LITERAL_STRING) {
        d.text = w.string(parsed->operands[k].offset);
        break;
      }
    }
  }
  module_->decorations_.push_back(std::move(d));
}

void ModuleBuilder::addExtInst(const Words &w, const Instruction &inst) {
  const bool shader = shaderDebugSets_.count(w[3]) != 0;
  const bool opencl = module_->extInstSet(w[3]) == "OpenCL.DebugInfo.100";
  if (!shader && !opencl) return;
  // Both sets number these instructions alike; the Shader set gives literals as
  // OpConstant ids and ties a DebugFunction to its OpFunction separately.
  static_assert(int(OpenCLDebugInfo100DebugFunction) ==
                int(NonSemanticShaderDebugInfo100DebugFunction));
  static_assert(int(OpenCLDebugInfo100DebugLocalVariable) ==
                int(NonSemanticShaderDebugInfo100DebugLocalVariable));
  switch (w[4]) {
  case OpenCLDebugInfo100DebugFunction:
    if (opencl) debugFunctions_[inst.resultId] = w[14];
    return;
  case OpenCLDebugInfo100DebugLocalVariable:
    // Name, Type, Source, Line, Column, Parent, Flags, then ArgNumber for a parameter.
    if (w.size() > 12) {
      const uint32_t argNumber = shader ? constantValue(w[12]) : w[12];
      if (argNumber > 0) debugParameters_.push_back({w[10], argNumber - 1, w[5]});
    }
    return;
  default:
    break;
  }
  // NonSemantic.Shader.DebugInfo.100 carries its own line information; the
  // OpenCL.DebugInfo.100 set relies on OpLine.
  if (opencl) {
    // OpenCL.DebugInfo.100, DebugNoScope: the instructions after it belong to no
    // source scope. Producers (llvm-spirv) write it where the compiler kept no source
    // location, and write no OpNoLine, so the OpLine before it would name a line the
    // instructions do not come from; they get none. The next DebugScope resumes that
    // OpLine, which the producer does not repeat when the line is the same.
    if (w[4] == OpenCLDebugInfo100DebugNoScope && location_ != kNone)
      suspendedLocation_ = location_, location_ = kNone;
    if (w[4] == OpenCLDebugInfo100DebugScope && suspendedLocation_ != kNone)
      location_ = suspendedLocation_, suspendedLocation_ = kNone;
    return;
  }
  switch (w[4]) {
  case NonSemanticShaderDebugInfo100DebugFunctionDefinition:
    debugFunctions_[w[5]] = w[6];
    break;
  case NonSemanticShaderDebugInfo100DebugSource:
    debugSourceFile_[inst.resultId] = w[5];
    break;
  case NonSemanticShaderDebugInfo100DebugLine: {
    auto file = debugSourceFile_.find(w[5]);
    location_ = internLocation(file != debugSourceFile_.end() ? file->second : 0,
                               constantValue(w[6]), constantValue(w[8]));
    break;
  }
  case NonSemanticShaderDebugInfo100DebugNoLine:
    location_ = kNone;
    break;
  default:
    break;
  }
}

void ModuleBuilder::resolveDebugParameterNames() {
  for (const DebugParameter &p : debugParameters_) {
    auto function = debugFunctions_.find(p.scope);
    if (function == debugFunctions_.end()) continue;
    std::string_view name = module_->string(p.name);
    if (!name.empty()) module_->debugParameterNames_.try_emplace({function->second, p.index}, name);
  }
}

void ModuleBuilder::closeBlock(uint32_t end) {
  if (function_ == kNone || block_ == kNone) return;
  module_->functions_[function_].blocks[block_].end = end;
  block_ = kNone;
}

void ModuleBuilder::addToFunction(const Words &w, Instruction &inst, uint32_t index) {
  Module &m = *module_;
  using spv::Op;
  switch (inst.opcode) {
  case Op::OpFunction: {
    if (function_ != kNone) { // previous function never ended
      closeBlock(index);
      m.functions_[function_].end = index;
    }
    Function f;
    f.id = inst.resultId;
    f.returnType = inst.typeId;
    f.functionType = w[4];
    f.first = index;
    f.end = index + 1;
    function_ = uint32_t(m.functions_.size());
    m.functionIndex_.try_emplace(f.id, function_);
    m.functions_.push_back(std::move(f));
    defineId(inst.resultId, IdKind::Function, index);
    return;
  }
  case Op::OpFunctionEnd:
    if (function_ != kNone) {
      closeBlock(index);
      m.functions_[function_].end = index + 1;
    }
    location_ = suspendedLocation_ = kNone;
    function_ = kNone;
    return;
  default:
    break;
  }
  if (function_ == kNone) {
    if (inst.opcode == Op::OpLabel) defineId(inst.resultId, IdKind::Label, index);
    return;
  }
  Function &f = m.functions_[function_];
  f.end = index + 1;
  if (inst.opcode == Op::OpFunctionParameter) {
    f.params.push_back(inst.resultId);
    defineId(inst.resultId, IdKind::Parameter, index);
    return;
  }
  if (inst.opcode == Op::OpLabel) {
    closeBlock(index); // a block without terminator ends at the next label
    block_ = uint32_t(f.blocks.size());
    f.blocks.push_back(Block{inst.resultId, index, index + 1});
    defineId(inst.resultId, IdKind::Label, index);
  }
  if (block_ == kNone) return;
  inst.block = block_;
  f.blocks[block_].end = index + 1;
  if (isBlockTerminator(inst.opcode)) {
    closeBlock(index + 1);
    location_ = suspendedLocation_ = kNone; // a location's scope ends with its block
  }
}

void ModuleBuilder::applyDecorationGroups() {
  // SPIR-V §3.42.5: OpGroupDecorate / OpGroupMemberDecorate give every
  // decoration of an OpDecorationGroup to each target.
  if (groupUses_.empty()) return;
  std::vector<Decoration> &all = module_->decorations_;
  const size_t original = all.size();
  for (const GroupUse &use : groupUses_) {
    for (size_t k = 0; k < original; ++k) {
      if (all[k].target != use.group || all[k].member != kNone) continue;
      Decoration copy = all[k];
      copy.target = use.target;
      copy.member = use.member;
      all.push_back(std::move(copy));
    }
  }
}

void ModuleBuilder::resolveSpecIds() {
  for (auto &[id, c] : module_->constants_) {
    if (!c.isSpec) continue;
    const Decoration *d = module_->findDecoration(id, spv::Decoration::SpecId);
    if (d && !d->literals.empty()) c.specId = d->literals[0];
  }
}

void ModuleBuilder::resolveArrayLengths() {
  for (auto &[id, t] : module_->types_) {
    if (t.kind != TypeKind::Array) continue;
    const Constant *length = module_->constant(t.lengthId);
    if (length && !length->isSpec && length->kind == ConstantKind::Scalar &&
        length->bits <= UINT32_MAX)
      t.count = uint32_t(length->bits);
  }
}

void ModuleBuilder::attachExecutionModes() {
  for (const auto &[function, mode] : executionModes_)
    for (EntryPoint &e : module_->entryPoints_)
      if (e.function == function) e.modes.push_back(mode);
}

std::shared_ptr<const Module> ModuleBuilder::finish() {
  if (function_ != kNone) closeBlock(uint32_t(module_->instructions_.size()));
  function_ = kNone;
  applyDecorationGroups();
  std::stable_sort(module_->decorations_.begin(), module_->decorations_.end(),
                   [](const Decoration &a, const Decoration &b) { return a.target < b.target; });
  std::sort(module_->redefinedIds_.begin(), module_->redefinedIds_.end());
  module_->redefinedIds_.erase(
      std::unique(module_->redefinedIds_.begin(), module_->redefinedIds_.end()),
      module_->redefinedIds_.end());
  resolveSpecIds();
  resolveArrayLengths();
  attachExecutionModes();
  resolveDebugParameterNames();
  return std::move(module_);
}

} // namespace spvsim
