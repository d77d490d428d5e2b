// ValidationCopy: rewrites the module's instruction stream for SPIRV-Tools —
// functions' blocks in a given order, the repairs of CopyRepairs applied —
// and keeps the original index of every instruction it writes.
#include "validation_copy.h"

#include <algorithm>
#include <map>
#include <set>

#include "debug_info_relaxations.h"
#include "ext_inst_sets.h"

namespace spvsim::detail {

namespace {

bool isMergeInstruction(spv::Op op) {
  return op == spv::Op::OpSelectionMerge || op == spv::Op::OpLoopMerge;
}

/// Module-scope OpVariable ids outside the Function storage class, in module order.
std::vector<uint32_t> moduleScopeVariables(const Module &module) {
  std::vector<uint32_t> ids;
  for (uint32_t index : module.globalVariables()) {
    const Instruction &inst = module.instruction(index);
    const auto operands = module.operands(inst);
    if (!operands.empty() &&
        static_cast<spv::StorageClass>(operands[0]) != spv::StorageClass::Function)
      ids.push_back(inst.resultId);
  }
  return ids;
}

/// Whether a function's blocks tile [first label, OpFunctionEnd) with nothing in between,
/// so that its blocks can be moved as units.
bool blocksAreContiguous(const Function &f) {
  if (f.blocks.empty()) return false;
  for (size_t k = 0; k + 1 < f.blocks.size(); ++k)
    if (f.blocks[k].end != f.blocks[k + 1].first) return false;
  return f.blocks.back().end + 1 == f.end;
}

} // namespace

bool hasDebugInfo(const Module &module) {
  for (const Instruction &inst : module.instructions())
    if (inst.opcode == spv::Op::OpExtInstImport && isDebugInfoSet(module.extInstSet(inst.resultId)))
      return true;
  return false;
}

bool hasMergeInstructions(const Module &module) {
  for (const Instruction &inst : module.instructions())
    if (isMergeInstruction(inst.opcode)) return true;
  return false;
}

bool hasMisplacedVariables(const Module &module) {
  for (const Function &f : module.functions()) {
    if (f.blocks.empty()) continue;
    bool leading = true; // still in the run of variables that opens the first block
    for (uint32_t k = f.blocks.front().first + 1; k < f.end; ++k) {
      const Instruction &inst = module.instruction(k);
      if (inst.opcode == spv::Op::OpVariable) {
        if (!leading) return true;
      } else if (!inst.nonSemantic) {
        leading = false;
      }
    }
  }
  return false;
}

bool hasRemovedInstructions(const Module &module) {
  if (module.version() < 0x00010400u) return false;
  for (const Instruction &inst : module.instructions())
    if (inst.opcode == spv::Op::OpAtomicCompareExchangeWeak) return true;
  return false;
}

namespace {

/// The component count of the result of an OpSelect whose condition is a scalar and
/// whose result is a vector (0 for any other instruction).
uint32_t scalarSelectWidth(const Module &module, const Instruction &inst) {
  if (inst.opcode != spv::Op::OpSelect || inst.operandCount < 3) return 0;
  const Type &result = module.type(inst.typeId);
  const Type &condition = module.type(module.typeOf(module.operands(inst)[0]));
  return result.kind == TypeKind::Vector && condition.kind == TypeKind::Bool ? result.count : 0;
}

} // namespace

bool hasScalarSelectConditions(const Module &module) {
  if (module.version() >= 0x00010400u) return false;
  for (const Instruction &inst : module.instructions())
    if (scalarSelectWidth(module, inst)) return true;
  return false;
}

bool hasIncompleteInterface(const Module &module) {
  const std::vector<uint32_t> variables = moduleScopeVariables(module);
  for (const EntryPoint &e : module.entryPoints())
    for (uint32_t id : variables)
      if (std::find(e.interface.begin(), e.interface.end(), id) == e.interface.end()) return true;
  return false;
}

bool hasDuplicateSamplerTypes(const Module &module) {
  return std::count_if(
             module.instructions().begin(), module.instructions().end(),
             [](const Instruction &inst) { return inst.opcode == spv::Op::OpTypeSampler; }) > 1;
}

ValidationCopy makeValidationCopy(const Module &module,
                                  const std::vector<std::vector<uint32_t>> &blockOrders,
                                  const CopyRepairs &repairs) {
  const auto words = module.words();
  const auto &instructions = module.instructions();
  std::set<uint32_t> debugSets;
  if (repairs.dropDebugInfo)
    for (const Instruction &inst : instructions)
      if (inst.opcode == spv::Op::OpExtInstImport &&
          isDebugInfoSet(module.extInstSet(inst.resultId)))
        debugSets.insert(inst.resultId);
  std::vector<uint32_t> variables;
  if (repairs.completeInterfaces) variables = moduleScopeVariables(module);

  // hoisted[label index]: the function's OpVariables, written after its first OpLabel.
  std::vector<bool> moved(instructions.size(), false);
  std::map<uint32_t, std::vector<uint32_t>> hoisted;
  if (repairs.hoistVariables) {
    for (const Function &f : module.functions()) {
      if (f.blocks.empty()) continue;
      std::vector<uint32_t> &list = hoisted[f.blocks.front().first];
      for (uint32_t k = f.blocks.front().first + 1; k < f.end; ++k)
        if (instructions[k].opcode == spv::Op::OpVariable) list.push_back(k), moved[k] = true;
    }
  }

  // widenSelectConditions: the bool vector type of each component count a select needs
  // (the module's own, else a new id written after OpTypeBool), and the next free id.
  uint32_t bound = module.bound();
  std::map<uint32_t, uint32_t> boolVectors, addedBoolVectors;
  if (repairs.widenSelectConditions) {
    for (const Instruction &inst : instructions)
      if (inst.opcode == spv::Op::OpTypeVector && inst.operandCount >= 2 &&
          module.type(module.operands(inst)[0]).kind == TypeKind::Bool)
        boolVectors.emplace(module.operands(inst)[1], inst.resultId);
    for (const Instruction &inst : instructions)
      if (const uint32_t n = scalarSelectWidth(module, inst); n && !boolVectors.count(n))
        boolVectors[n] = addedBoolVectors[n] = bound++;
  }

  // mergeSamplerTypes: the first OpTypeSampler, and the others that become it.
  uint32_t samplerType = 0;
  std::set<uint32_t> duplicateSamplerTypes;
  if (repairs.mergeSamplerTypes)
    for (const Instruction &inst : instructions)
      if (inst.opcode == spv::Op::OpTypeSampler) {
        if (samplerType)
          duplicateSamplerTypes.insert(inst.resultId);
        else
          samplerType = inst.resultId;
      }
  DebugInfoRelaxations relaxations;
  if (repairs.relaxDebugInfo && !repairs.dropDebugInfo)
    relaxations = planDebugInfoRelaxations(module);
  ValidationCopy copy;
  copy.words.assign(words.begin(), words.begin() + std::min<size_t>(5, words.size()));
  // A type id is used as a result type and as an operand of the type declarations that
  // take types: the element of a pointer (after its storage class), array or runtime
  // array, the members of a struct, a function type's return and parameter types.
  auto mergeSamplerTypeUses = [&](const Instruction &inst, size_t start) {
    auto merge = [&](size_t w) {
      if (duplicateSamplerTypes.count(copy.words[w])) copy.words[w] = samplerType;
    };
    if (inst.typeId) merge(start + 1);
    size_t first = 0, last = 0;
    switch (inst.opcode) {
    case spv::Op::OpTypePointer:
      first = last = 3;
      break;
    case spv::Op::OpTypeArray:
    case spv::Op::OpTypeRuntimeArray:
      first = last = 2;
      break;
    case spv::Op::OpTypeStruct:
    case spv::Op::OpTypeFunction:
      first = 2, last = inst.wordCount - 1;
      break;
    default:
      return;
    }
    for (size_t w = first; w <= last && w < inst.wordCount; ++w) merge(start + w);
  };

  auto write = [&](uint32_t index) {
    const Instruction &inst = instructions[index];
    if (repairs.widenSelectConditions) {
      if (const uint32_t n = scalarSelectWidth(module, inst)) {
        // %wide = OpCompositeConstruct %boolN %cond ... %cond, then the OpSelect on it.
        const uint32_t wide = bound++;
        copy.offsets.push_back(uint32_t(copy.words.size()));
        copy.original.push_back(index);
        copy.words.push_back(((3 + n) << spv::WordCountShift) |
                             static_cast<uint32_t>(spv::Op::OpCompositeConstruct));
        copy.words.push_back(boolVectors[n]);
        copy.words.push_back(wide);
        copy.words.insert(copy.words.end(), n, module.operands(inst)[0]);
        copy.offsets.push_back(uint32_t(copy.words.size()));
        copy.original.push_back(index);
        const size_t start = copy.words.size();
        copy.words.insert(copy.words.end(), words.begin() + inst.wordOffset,
                          words.begin() + inst.wordOffset + inst.wordCount);
        copy.words[start + 3] = wide;
        return;
      }
    }
    if (inst.opcode == spv::Op::OpExtInstImport && debugSets.count(inst.resultId)) return;
    if (inst.opcode == spv::Op::OpExtInst && inst.operandCount > 0 &&
        debugSets.count(words[inst.operandOffset]))
      return;
    if (repairs.dropMergeInstructions && isMergeInstruction(inst.opcode)) return;
    if (inst.opcode == spv::Op::OpTypeSampler && duplicateSamplerTypes.count(inst.resultId)) return;
    copy.offsets.push_back(uint32_t(copy.words.size()));
    copy.original.push_back(index);
    const size_t start = copy.words.size();
    copy.words.insert(copy.words.end(), words.begin() + inst.wordOffset,
                      words.begin() + inst.wordOffset + inst.wordCount);
    if (!duplicateSamplerTypes.empty()) mergeSamplerTypeUses(inst, start);
    if (!relaxations.sets.empty())
      relaxDebugInfoInstruction(module, relaxations, index, copy.words, start);
    if (repairs.dropDuplicatePhiParents && inst.opcode == spv::Op::OpPhi) {
      // Words: opcode, type, result, then (value, parent) pairs.
      std::vector<uint32_t> parents;
      size_t out = start + 3;
      for (size_t w = start + 3; w + 1 < copy.words.size(); w += 2) {
        if (std::find(parents.begin(), parents.end(), copy.words[w + 1]) != parents.end()) continue;
        parents.push_back(copy.words[w + 1]);
        copy.words[out++] = copy.words[w];
        copy.words[out++] = copy.words[w + 1];
      }
      copy.words.resize(out);
      const uint32_t count = uint32_t(out - start);
      copy.words[start] = (count << spv::WordCountShift) | (copy.words[start] & spv::OpCodeMask);
    }
    if (repairs.replaceRemovedInstructions && inst.opcode == spv::Op::OpAtomicCompareExchangeWeak)
      copy.words[start] = (copy.words[start] & ~spv::OpCodeMask) |
                          static_cast<uint32_t>(spv::Op::OpAtomicCompareExchange);
    if (inst.opcode == spv::Op::OpTypeBool)
      for (const auto &[n, id] : addedBoolVectors) {
        copy.offsets.push_back(uint32_t(copy.words.size()));
        copy.original.push_back(index);
        copy.words.insert(copy.words.end(), {(4u << spv::WordCountShift) |
                                                 static_cast<uint32_t>(spv::Op::OpTypeVector),
                                             id, inst.resultId, n});
      }
    if (repairs.completeInterfaces && inst.opcode == spv::Op::OpEntryPoint) {
      const EntryPoint *e = nullptr;
      for (const EntryPoint &candidate : module.entryPoints())
        if (candidate.instruction == index) e = &candidate;
      if (!e) return;
      for (uint32_t id : variables)
        if (std::find(e->interface.begin(), e->interface.end(), id) == e->interface.end())
          copy.words.push_back(id);
      const uint32_t count = uint32_t(copy.words.size() - start);
      copy.words[start] = (count << spv::WordCountShift) | (copy.words[start] & spv::OpCodeMask);
    }
  };
  auto emit = [&](uint32_t index) {
    if (moved[index] || (!relaxations.moved.empty() && relaxations.moved[index])) return;
    if (auto early = relaxations.writtenBefore.find(index);
        early != relaxations.writtenBefore.end())
      for (uint32_t earlier : early->second) write(earlier);
    write(index);
    if (auto it = hoisted.find(index); it != hoisted.end())
      for (uint32_t variable : it->second) write(variable);
  };

  // reorderedAt[i]: the function starting at instruction i whose blocks move, or kNone.
  std::vector<uint32_t> reorderedAt(instructions.size(), kNone);
  const auto &functions = module.functions();
  for (size_t f = 0; f < functions.size() && f < blockOrders.size(); ++f)
    if (!blockOrders[f].empty() && blockOrders[f].size() == functions[f].blocks.size() &&
        blocksAreContiguous(functions[f]))
      reorderedAt[functions[f].first] = uint32_t(f);

  for (uint32_t index = 0; index < instructions.size();) {
    if (reorderedAt[index] == kNone) {
      emit(index++);
      continue;
    }
    const Function &f = functions[reorderedAt[index]];
    for (uint32_t k = f.first; k < f.blocks.front().first; ++k) emit(k); // OpFunction, parameters
    for (uint32_t b : blockOrders[reorderedAt[index]])
      for (uint32_t k = f.blocks[b].first; k < f.blocks[b].end; ++k) emit(k);
    emit(f.end - 1); // OpFunctionEnd
    index = f.end;
  }
  // Removed ids only leave gaps; added ones raise the bound.
  if (copy.words.size() > 3) copy.words[3] = std::max(copy.words[3], bound);
  return copy;
}

} // namespace spvsim::detail
