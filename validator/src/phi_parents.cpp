// OpPhi parents listed twice: found, and reported as a producer quirk or as
// an invalid phi (phi_parents.h).
#include "phi_parents.h"

#include <algorithm>
#include <optional>
#include <sstream>

#include "rules.h"

namespace spvsim::detail {

namespace {

/// The words of an instruction's text ("%25 = OpPhi %uint %uint_9 %14 ..."), so that a
/// message names operands as the disassembly shows them (%uint_5, not %17).
std::vector<std::string> textWords(const Disassembly &disassembly, uint32_t instruction) {
  std::istringstream in{std::string(disassembly.text(instruction))};
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

} // namespace

std::vector<DuplicatePhiParent> findDuplicatePhiParents(const Module &module) {
  std::vector<DuplicatePhiParent> found;
  const auto &instructions = module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    if (inst.opcode != spv::Op::OpPhi) continue;
    const auto ops = module.operands(inst);
    // One entry per parent named more than once: its first pair, and the first later
    // pair with another value (else the first later pair).
    std::vector<uint32_t> seen;
    for (uint32_t q = 0; 2 * q + 1 < ops.size(); ++q) {
      const uint32_t parent = ops[2 * q + 1];
      if (std::find(seen.begin(), seen.end(), parent) != seen.end()) continue;
      seen.push_back(parent);
      std::optional<DuplicatePhiParent> d;
      for (uint32_t p = q + 1; 2 * p + 1 < ops.size(); ++p) {
        if (ops[2 * p + 1] != parent) continue;
        const bool same = ops[2 * p] == ops[2 * q];
        if (!d) d = DuplicatePhiParent{k, p, q, same};
        if (!same) {
          d = DuplicatePhiParent{k, p, q, false};
          break;
        }
      }
      if (d) found.push_back(*d);
    }
  }
  return found;
}

void reportDuplicatePhiParents(const Module &module, const Disassembly &disassembly,
                               const ValidationOptions &options, std::vector<Finding> &findings) {
  for (const DuplicatePhiParent &d : findDuplicatePhiParents(module)) {
    const Instruction &inst = module.instruction(d.instruction);
    const auto ops = module.operands(inst);
    // Text words: result, "=", "OpPhi", type, then the pairs.
    const std::vector<std::string> words = textWords(disassembly, d.instruction);
    auto name = [&](uint32_t operand) {
      const size_t w = 4 + operand;
      return w < words.size() && words[w].starts_with('%') ? words[w]
                                                           : rules::idName(module, ops[operand]);
    };
    const std::string phi = !words.empty() && words[0].starts_with('%')
                                ? words[0]
                                : rules::idName(module, inst.resultId);
    Finding f = rules::findingAt(module, disassembly, d.instruction);
    f.kind = "validation.phi";
    const std::string rule = "SPIR-V §3.52.17 OpPhi: there must be exactly one (value, parent) "
                             "pair for each parent block; OpPhi " +
                             phi + " names parent " + name(2 * d.pair + 1) + " twice";
    if (d.sameValue) {
      f.severity = options.strict ? Severity::Error : Severity::Warning;
      f.message = rule + ", with the same value " + name(2 * d.pair);
      if (!options.strict)
        f.notes.push_back("accepted as OpenCL implementations do: LLVM lists a phi's parent once "
                          "per edge (a switch with two cases on one target) and llvm-spirv copies "
                          "it; both pairs give the same value (--strict makes this an error)");
    } else {
      f.severity = Severity::Error;
      f.message = rule + ", with different values " + name(2 * d.firstPair) + " and " +
                  name(2 * d.pair) + ": which one the phi takes is undefined";
    }
    findings.push_back(std::move(f));
  }
}

} // namespace spvsim::detail
