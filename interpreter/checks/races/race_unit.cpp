// race::ArgumentReach (race_unit.h): the kernel arguments each memory instruction may
// access, followed back from its pointer operands.
#include "checks/races/race_unit.h"

#include <algorithm>

#include "spvsim/validator/module.h"

namespace spvsim::race {

namespace {

/// ofPointer's key for the pointers stored in a private variable (ofPrivate).
constexpr uint64_t kStored = uint64_t(1) << 32;
/// How deep a pointer is followed, and how many ids are followed in all, before a
/// pointer counts as reaching anything.
constexpr uint32_t kMaxDepth = 256;
constexpr uint32_t kMaxSteps = 100000;

/// Whether `op` accesses memory at its first operand (a pointer): loads, stores and
/// atomics (SPIR-V §3.37.18).
bool accessesFirstOperand(spv::Op op) {
  // OpAtomicLoad .. OpAtomicXor are numbered in one run.
  const auto code = uint32_t(op);
  return op == spv::Op::OpLoad || op == spv::Op::OpStore ||
         (code >= uint32_t(spv::Op::OpAtomicLoad) && code <= uint32_t(spv::Op::OpAtomicXor)) ||
         op == spv::Op::OpAtomicFlagTestAndSet || op == spv::Op::OpAtomicFlagClear ||
         op == spv::Op::OpAtomicFAddEXT || op == spv::Op::OpAtomicFMinEXT ||
         op == spv::Op::OpAtomicFMaxEXT;
}

/// The operand (of an OpExtInst's, the set and the number first) that is the pointer an
/// OpenCL.std vector load or store accesses (OpenCL Extended Instruction Set §2.7:
/// vloadn, vload_half(n), vloada_halfn take (offset, p); the stores (data, offset, p)),
/// else ~0u.
uint32_t pointerOperandOfStd(uint32_t number) {
  switch (number) {
  case 171: // vloadn
  case 173: // vload_half
  case 174: // vload_halfn
  case 179: // vloada_halfn
    return 3;
  case 172: // vstoren
  case 175: // vstore_half
  case 176: // vstore_half_r
  case 177: // vstore_halfn
  case 178: // vstore_halfn_r
  case 180: // vstorea_halfn
  case 181: // vstorea_halfn_r
    return 4;
  default:
    return ~0u;
  }
}

} // namespace

ArgumentReach::ArgumentReach(const Module &module, uint32_t entry)
    : module_(module), entry_(entry) {}

uint64_t ArgumentReach::ofAccess(uint32_t instruction) {
  if (instruction >= module_.instructions().size()) return kAny;
  const Instruction &inst = module_.instruction(instruction);
  const std::span<const uint32_t> ops = module_.operands(inst);
  uint32_t cycle = ~0u;
  if (accessesFirstOperand(inst.opcode) && !ops.empty()) return ofPointer(ops[0], 0, cycle);
  if ((inst.opcode == spv::Op::OpCopyMemory || inst.opcode == spv::Op::OpCopyMemorySized) &&
      ops.size() >= 2)
    return ofPointer(ops[0], 0, cycle) | ofPointer(ops[1], 0, cycle);
  if (inst.opcode == spv::Op::OpExtInst && ops.size() >= 2 &&
      module_.extInstSet(ops[0]) == "OpenCL.std")
    if (const uint32_t at = pointerOperandOfStd(ops[1]); at < ops.size())
      return ofPointer(ops[at], 0, cycle);
  return kAny;
}

uint64_t ArgumentReach::ofPointer(uint64_t key, uint32_t depth, uint32_t &cycle) {
  if (auto it = reach_.find(key); it != reach_.end()) return it->second;
  // A key being followed (a loop's OpPhi): what it reaches is being gathered there.
  if (auto it = following_.find(key); it != following_.end()) {
    cycle = std::min(cycle, it->second);
    return 0;
  }
  if (depth > kMaxDepth || ++steps_ > kMaxSteps) return kAny;
  const uint32_t id = uint32_t(key);
  const IdInfo &info = module_.id(id);
  if (info.instruction == kNone) return kAny;
  following_[key] = depth;
  uint32_t inner = ~0u; // the shallowest key being followed that this one's operands met
  const Instruction &inst = module_.instruction(info.instruction);
  const std::span<const uint32_t> ops = module_.operands(inst);
  uint64_t reach = kAny;
  switch (key & kStored ? spv::Op::OpNop : inst.opcode) {
  case spv::Op::OpNop:
    reach = ofPrivate(id, depth, inner);
    break;
  case spv::Op::OpFunctionParameter: {
    if (info.function >= module_.functions().size()) break;
    const Function &f = module_.functions()[info.function];
    uint32_t index = 0;
    while (index < f.params.size() && f.params[index] != id) ++index;
    if (index == f.params.size()) break;
    if (f.id == entry_) {
      reach = index < kMaxArguments ? uint64_t(1) << index : kAny;
      break;
    }
    // Another function's parameter: whatever its calls pass (none: not reached).
    reach = 0;
    for (const uint32_t call : callsOf(f.id)) {
      const std::span<const uint32_t> args = module_.operands(module_.instruction(call));
      // OpFunctionCall: the callee, then the arguments.
      reach |= index + 1 < args.size() ? ofPointer(args[index + 1], depth + 1, inner) : kAny;
    }
    break;
  }
  case spv::Op::OpAccessChain:
  case spv::Op::OpInBoundsAccessChain:
  case spv::Op::OpPtrAccessChain:
  case spv::Op::OpInBoundsPtrAccessChain:
  case spv::Op::OpBitcast:
  case spv::Op::OpCopyObject:
  case spv::Op::OpPtrCastToGeneric:
  case spv::Op::OpGenericCastToPtr:
  case spv::Op::OpGenericCastToPtrExplicit:
    if (!ops.empty()) reach = ofPointer(ops[0], depth + 1, inner);
    break;
  case spv::Op::OpSelect:
    if (ops.size() == 3)
      reach = ofPointer(ops[1], depth + 1, inner) | ofPointer(ops[2], depth + 1, inner);
    break;
  case spv::Op::OpPhi:
    reach = 0;
    for (size_t k = 0; k + 1 < ops.size(); k += 2) reach |= ofPointer(ops[k], depth + 1, inner);
    break;
  case spv::Op::OpVariable:
    // Private and __local variables are no buffer of the launch.
    if (!ops.empty() && (spv::StorageClass(ops[0]) == spv::StorageClass::Function ||
                         spv::StorageClass(ops[0]) == spv::StorageClass::Workgroup))
      reach = 0;
    break;
  case spv::Op::OpLoad:
    // A pointer kept in a private variable (every value at -O0): what was stored there.
    if (!ops.empty() && module_.id(ops[0]).function == info.function)
      reach = ofPointer(kStored | ops[0], depth + 1, inner);
    break;
  default: // loaded from memory, made from an integer, a program-scope variable ...
    break;
  }
  following_.erase(key);
  // Inside a cycle whose first key is further up, the reach is not whole yet: kept only
  // once that key has gathered the cycle's (every key of a cycle reaches the same).
  if (inner >= depth)
    reach_[key] = reach;
  else
    cycle = std::min(cycle, inner);
  return reach;
}

uint64_t ArgumentReach::ofPrivate(uint32_t variable, uint32_t depth, uint32_t &cycle) {
  const IdInfo &info = module_.id(variable);
  const uint32_t function = info.function;
  if (info.instruction == kNone || function >= module_.functions().size()) return kAny;
  const Instruction &var = module_.instruction(info.instruction);
  const std::span<const uint32_t> varOps = module_.operands(var);
  if (var.opcode != spv::Op::OpVariable || varOps.empty() ||
      spv::StorageClass(varOps[0]) != spv::StorageClass::Function || varOps.size() > 1)
    return kAny;
  // Only loaded from and stored to (whole): a use of any other kind may let the pointer
  // change unseen, and so may a word that only looks like the id.
  const Function &f = module_.functions()[function];
  uint64_t reach = 0;
  for (uint32_t i = f.first; i < f.end; ++i) {
    const Instruction &inst = module_.instruction(i);
    if (inst.nonSemantic || i == info.instruction) continue;
    const std::span<const uint32_t> ops = module_.operands(inst);
    if (std::find(ops.begin(), ops.end(), variable) == ops.end()) continue;
    if (inst.opcode == spv::Op::OpLoad && ops[0] == variable &&
        std::count(ops.begin(), ops.end(), variable) == 1)
      continue;
    if (inst.opcode != spv::Op::OpStore || ops.size() < 2 || ops[0] != variable ||
        std::count(ops.begin(), ops.end(), variable) != 1)
      return kAny;
    reach |= ofPointer(ops[1], depth + 1, cycle);
  }
  return reach;
}

const std::vector<uint32_t> &ArgumentReach::callsOf(uint32_t function) {
  if (!callsMade_) {
    callsMade_ = true;
    const std::vector<Instruction> &all = module_.instructions();
    for (uint32_t i = 0; i < all.size(); ++i)
      if (all[i].opcode == spv::Op::OpFunctionCall) {
        const std::span<const uint32_t> ops = module_.operands(all[i]);
        if (!ops.empty()) calls_[ops[0]].push_back(i);
      }
  }
  static const std::vector<uint32_t> none;
  const auto it = calls_.find(function);
  return it == calls_.end() ? none : it->second;
}

} // namespace spvsim::race
