// ValidationCopy: rewrites the module's instruction stream for SPIRV-Tools —
// functions' blocks in a given order, debug information left out — and keeps
// the original index of every instruction it writes.
#include "validation_copy.h"

#include <algorithm>
#include <set>

#include "ext_inst_sets.h"

namespace spvsim::detail {

bool hasDebugInfo(const Module &module) {
  for (const Instruction &inst : module.instructions())
    if (inst.opcode == spv::Op::OpExtInstImport && isDebugInfoSet(module.extInstSet(inst.resultId)))
      return true;
  return false;
}

namespace {

/// Whether a function's blocks tile [first label, OpFunctionEnd) with nothing in between,
/// so that its blocks can be moved as units.
bool blocksAreContiguous(const Function &f) {
  if (f.blocks.empty()) return false;
  for (size_t k = 0; k + 1 < f.blocks.size(); ++k)
    if (f.blocks[k].end != f.blocks[k + 1].first) return false;
  return f.blocks.back().end + 1 == f.end;
}

} // namespace

ValidationCopy makeValidationCopy(const Module &module,
                                  const std::vector<std::vector<uint32_t>> &blockOrders,
                                  bool withoutDebugInfo) {
  const auto words = module.words();
  const auto &instructions = module.instructions();
  std::set<uint32_t> debugSets;
  if (withoutDebugInfo)
    for (const Instruction &inst : instructions)
      if (inst.opcode == spv::Op::OpExtInstImport &&
          isDebugInfoSet(module.extInstSet(inst.resultId)))
        debugSets.insert(inst.resultId);

  ValidationCopy copy;
  copy.words.assign(words.begin(), words.begin() + std::min<size_t>(5, words.size()));
  auto emit = [&](uint32_t index) {
    const Instruction &inst = instructions[index];
    if (inst.opcode == spv::Op::OpExtInstImport && debugSets.count(inst.resultId)) return;
    if (inst.opcode == spv::Op::OpExtInst && inst.operandCount > 0 &&
        debugSets.count(words[inst.operandOffset]))
      return;
    copy.offsets.push_back(uint32_t(copy.words.size()));
    copy.original.push_back(index);
    copy.words.insert(copy.words.end(), words.begin() + inst.wordOffset,
                      words.begin() + inst.wordOffset + inst.wordCount);
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
  // The header's bound stays: removed ids only leave gaps.
  return copy;
}

} // namespace spvsim::detail
