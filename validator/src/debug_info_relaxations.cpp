// The validation copy's rewrites of OpenCL.DebugInfo.100 that SPIRV-Tools 2023.1
// rejects and the extended instruction set allows (see debug_info_relaxations.h).
#include "debug_info_relaxations.h"

#include <algorithm>
#include <unordered_map>

namespace spvsim::detail {

namespace {

// OpenCL.DebugInfo.100 instruction numbers (§4).
constexpr uint32_t kInfoNone = 0, kTypeBasic = 2, kTypePointer = 3, kTypeQualifier = 4,
                   kTypeVector = 6, kTypedef = 7, kTypeFunction = 8, kTypeComposite = 10,
                   kTypeMember = 11, kTypeTemplate = 14, kFunction = 20;

/// The word (as SPIRV-Tools counts them: 5 is the first operand after the instruction
/// number) of the Base Type of a type instruction that has one; 0 for others.
uint32_t baseTypeWord(uint32_t instruction) {
  switch (instruction) {
  case kTypePointer:
  case kTypeQualifier:
  case kTypeVector:
    return 5;
  case kTypedef:
    return 6;
  default:
    return 0;
  }
}

bool contains(const std::vector<uint32_t> &ids, uint32_t id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

} // namespace

DebugInfoRelaxations planDebugInfoRelaxations(const Module &module) {
  DebugInfoRelaxations plan;
  const auto &instructions = module.instructions();
  for (const Instruction &inst : instructions)
    if (inst.opcode == spv::Op::OpExtInstImport &&
        module.extInstSet(inst.resultId) == "OpenCL.DebugInfo.100")
      plan.sets.push_back(inst.resultId);
  if (plan.sets.empty()) return plan;

  const auto words = module.words();
  auto word = [&](const Instruction &inst, uint32_t k) {
    return k < inst.wordCount ? words[inst.wordOffset + k] : 0u;
  };
  auto isDebug = [&](const Instruction &inst) {
    return inst.opcode == spv::Op::OpExtInst && inst.wordCount >= 5 &&
           contains(plan.sets, word(inst, 3));
  };
  // id -> (instruction index, OpenCL.DebugInfo.100 instruction number) of debug
  // instructions; id -> instruction index of every definition.
  std::unordered_map<uint32_t, std::pair<uint32_t, uint32_t>> debug;
  std::unordered_map<uint32_t, uint32_t> definedAt;
  for (uint32_t i = 0; i < instructions.size(); ++i) {
    const Instruction &inst = instructions[i];
    if (inst.resultId) definedAt[inst.resultId] = i;
    if (!isDebug(inst)) continue;
    debug[inst.resultId] = {i, word(inst, 4)};
    if (word(inst, 4) == kInfoNone) plan.none.push_back(inst.resultId);
  }

  // The module's first DebugTypeBasic (instruction index), for a Base Type before it.
  uint32_t firstBasic = 0;
  for (const auto &[id, at] : debug)
    if (at.second == kTypeBasic && (!firstBasic || at.first < firstBasic)) firstBasic = at.first;
  plan.moved.assign(instructions.size(), false);

  uint32_t lastBasic = 0;
  std::unordered_map<uint32_t, uint32_t> firstMember; // composite index -> its first member's
  for (uint32_t i = 0; i < instructions.size(); ++i) {
    const Instruction &inst = instructions[i];
    if (!isDebug(inst)) continue;
    const uint32_t number = word(inst, 4);
    if (const uint32_t k = baseTypeWord(number); k && k < inst.wordCount) {
      auto base = debug.find(word(inst, k));
      if (base != debug.end() && base->second.second != kTypeBasic &&
          (base->second.second == kInfoNone ||
           (base->second.second >= kTypeBasic && base->second.second <= kTypeTemplate))) {
        // No DebugTypeBasic yet (clang's `image2d_t`, a pointer to a structure, is the
        // first type of a kernel taking an image): the module's first one is written
        // before this instruction, when its Name and Size are defined before it.
        if (!lastBasic && firstBasic > i) {
          const Instruction &basic = instructions[firstBasic];
          bool ready = true;
          for (uint32_t w : {5u, 6u})
            if (auto found = definedAt.find(word(basic, w)); found != definedAt.end())
              ready &= found->second < i;
          if (ready) {
            plan.writtenBefore[i].push_back(firstBasic);
            plan.moved[firstBasic] = true;
            lastBasic = basic.resultId;
          }
        }
        if (lastBasic) plan.baseTypes[i] = lastBasic;
      }
    }
    if (number == kTypeMember && inst.wordCount > 10) {
      auto parent = debug.find(word(inst, 10));
      if (parent != debug.end() && parent->second.second == kTypeComposite &&
          parent->second.first > i)
        firstMember.try_emplace(parent->second.first, i);
    }
    if (number == kTypeBasic && !plan.moved[i]) lastBasic = inst.resultId;
  }
  for (const auto &[composite, member] : firstMember) {
    // Moved only when what the composite names besides its members (Name, Source,
    // Parent, Linkage Name, Size: words 5, 7, 10, 11, 12) is defined before the member.
    const Instruction &inst = instructions[composite];
    bool ready = true;
    for (uint32_t k : {5u, 7u, 10u, 11u, 12u})
      if (auto found = definedAt.find(word(inst, k)); found != definedAt.end())
        ready &= found->second < member;
    if (!ready) continue;
    plan.writtenBefore[member].push_back(composite);
    plan.moved[composite] = true;
  }
  for (auto &[member, early] : plan.writtenBefore) std::sort(early.begin(), early.end());
  return plan;
}

void relaxDebugInfoInstruction(const Module &module, const DebugInfoRelaxations &plan,
                               uint32_t index, std::vector<uint32_t> &words, size_t start) {
  const Instruction &inst = module.instruction(index);
  const size_t count = words.size() - start;
  if (inst.opcode != spv::Op::OpExtInst || count < 5 || !contains(plan.sets, words[start + 3]))
    return;
  auto isNone = [&](size_t k) { return k < count && contains(plan.none, words[start + k]); };
  const uint32_t number = words[start + 4];
  if (auto base = plan.baseTypes.find(index); base != plan.baseTypes.end())
    words[start + baseTypeWord(number)] = base->second;
  switch (number) {
  case kTypeVector: // OpenCL C vectors have 2, 3, 4, 8 or 16 components
    if (count > 6 && (words[start + 6] == 8 || words[start + 6] == 16)) words[start + 6] = 4;
    break;
  case kTypeFunction: // Return Type: a debug type, or OpTypeVoid
    if (isNone(6) && module.type(inst.typeId).kind == TypeKind::Void)
      words[start + 6] = inst.typeId;
    break;
  case kFunction: // Declaration (word 15) is optional
    if (count == 16 && isNone(15)) {
      words.pop_back();
      words[start] = (15u << spv::WordCountShift) | (words[start] & spv::OpCodeMask);
    }
    break;
  case kTypeComposite: // Linkage Name: an OpString
    if (isNone(11)) words[start + 11] = words[start + 5];
    break;
  default:
    break;
  }
}

} // namespace spvsim::detail
