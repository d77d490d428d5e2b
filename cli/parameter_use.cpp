// Reads and writes through a kernel's pointer parameters (see parameter_use.h).
#include "parameter_use.h"

#include <unordered_map>

namespace spvsim::cli {

namespace {

/// OpenCL.std instructions (OpenCL Extended Instruction Set §2.5 "Vector Data Load and
/// Store Instructions", §2.9 printf and prefetch) that only read or only write through
/// their pointer; every other pointer operand of the set may be written (fract, modf,
/// sincos, frexp, lgamma_r, remquo store a second result) and is counted as both.
bool openclStdOnlyReads(uint32_t number) {
  return number == 171 || number == 173 || number == 174 || number == 179 || // vload*
         number == 184 || number == 185;                                     // printf, prefetch
}
bool openclStdOnlyWrites(uint32_t number) {
  return number == 172 || (number >= 175 && number <= 178) || number == 180 ||
         number == 181; // vstore*
}

/// The parameters (as bits) a pointer or pointer-derived value comes from.
using Origins = uint64_t;

class Analysis {
public:
  explicit Analysis(const Module &module) : m_(module) {}

  std::vector<ParameterUse> run(const Function &kernel) {
    for (size_t i = 0; i < kernel.params.size(); ++i)
      derived_[kernel.params[i]] = i < 64 ? Origins{1} << i : ~Origins{0};
    do {
      changed_ = false;
      for (const Function &f : m_.functions())
        for (uint32_t i = f.first; i < f.end; ++i) visit(f, m_.instruction(i));
    } while (changed_);
    std::vector<ParameterUse> use(kernel.params.size());
    for (size_t i = 0; i < use.size(); ++i) {
      const Origins bit = i < 64 ? Origins{1} << i : ~Origins{0};
      use[i].read = (read_ & bit) != 0;
      use[i].written = (written_ & bit) != 0;
      use[i].atomic = (atomic_ & bit) != 0;
    }
    return use;
  }

private:
  Origins of(uint32_t id) const {
    auto it = derived_.find(id);
    return it == derived_.end() ? 0 : it->second;
  }
  Origins held(uint32_t id) const {
    auto it = held_.find(id);
    return it == held_.end() ? 0 : it->second;
  }
  void add(std::unordered_map<uint32_t, Origins> &map, uint32_t id, Origins bits) {
    if (!bits) return;
    Origins &value = map[id];
    if ((value | bits) != value) {
      value |= bits;
      changed_ = true;
    }
  }

  void visit(const Function &f, const Instruction &inst) {
    if (inst.nonSemantic) return;
    const std::span<const uint32_t> ops = m_.operands(inst);
    auto at = [&](size_t k) { return k < ops.size() ? of(ops[k]) : Origins{0}; };
    switch (inst.opcode) {
    case spv::Op::OpStore:
      written_ |= at(0);
      if (ops.size() > 1) add(held_, ops[0], of(ops[1])); // a private copy of a pointer
      return;
    case spv::Op::OpLoad:
      read_ |= at(0);
      if (!ops.empty()) add(derived_, inst.resultId, held(ops[0]));
      return;
    case spv::Op::OpCopyMemory:
    case spv::Op::OpCopyMemorySized:
      written_ |= at(0);
      read_ |= at(1);
      return;
    case spv::Op::OpGroupAsyncCopy: // execution scope, destination, source, ...
      written_ |= at(1);
      read_ |= at(2);
      add(derived_, inst.resultId, 0);
      return;
    case spv::Op::OpAtomicLoad:
      read_ |= at(0);
      return;
    case spv::Op::OpAtomicStore:
    case spv::Op::OpAtomicFlagClear:
      written_ |= at(0);
      return;
    case spv::Op::OpAtomicExchange:
    case spv::Op::OpAtomicCompareExchange:
    case spv::Op::OpAtomicCompareExchangeWeak:
    case spv::Op::OpAtomicIIncrement:
    case spv::Op::OpAtomicIDecrement:
    case spv::Op::OpAtomicIAdd:
    case spv::Op::OpAtomicISub:
    case spv::Op::OpAtomicSMin:
    case spv::Op::OpAtomicUMin:
    case spv::Op::OpAtomicSMax:
    case spv::Op::OpAtomicUMax:
    case spv::Op::OpAtomicAnd:
    case spv::Op::OpAtomicOr:
    case spv::Op::OpAtomicXor:
    case spv::Op::OpAtomicFlagTestAndSet:
    case spv::Op::OpAtomicFAddEXT:
    case spv::Op::OpAtomicFMinEXT:
    case spv::Op::OpAtomicFMaxEXT:
      read_ |= at(0);
      written_ |= at(0);
      atomic_ |= at(0);
      return;
    case spv::Op::OpReturnValue:
      add(returned_, f.id, at(0));
      return;
    case spv::Op::OpFunctionCall: {
      const Function *callee = ops.empty() ? nullptr : m_.function(ops[0]);
      for (size_t k = 1; k < ops.size(); ++k) {
        const Origins bits = of(ops[k]);
        if (callee && !callee->isDeclaration() && k - 1 < callee->params.size()) {
          add(derived_, callee->params[k - 1], bits);
        } else {
          read_ |= bits;
          written_ |= bits;
        }
      }
      if (callee) {
        auto it = returned_.find(callee->id);
        if (it != returned_.end()) add(derived_, inst.resultId, it->second);
      }
      return;
    }
    case spv::Op::OpExtInst: {
      if (ops.size() < 2) return;
      const bool openclStd = m_.extInstSet(ops[0]) == "OpenCL.std";
      for (size_t k = 2; k < ops.size(); ++k) {
        const Origins bits = of(ops[k]);
        if (!openclStd || !openclStdOnlyWrites(ops[1])) read_ |= bits;
        if (!openclStd || !openclStdOnlyReads(ops[1])) written_ |= bits;
      }
      return;
    }
    default:
      // Access chains, casts, phis, selects, pointer arithmetic as integers: the
      // result comes from whatever its operands come from.
      if (!inst.resultId) return;
      for (size_t k = 0; k < ops.size(); ++k) add(derived_, inst.resultId, of(ops[k]));
      return;
    }
  }

  const Module &m_;
  std::unordered_map<uint32_t, Origins> derived_;  ///< value id -> origins
  std::unordered_map<uint32_t, Origins> held_;     ///< pointer id -> origins of what it holds
  std::unordered_map<uint32_t, Origins> returned_; ///< function id -> origins of its result
  Origins read_ = 0, written_ = 0, atomic_ = 0;
  bool changed_ = false;
};

} // namespace

std::vector<ParameterUse> parameterUse(const Module &module, const EntryPoint &kernel) {
  const Function *function = module.function(kernel.function);
  if (!function) return {};
  return Analysis(module).run(*function);
}

} // namespace spvsim::cli
