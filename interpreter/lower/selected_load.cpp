// Loads whose value only OpSelects keep: at -O2 clang hoists a load out of `if (c)`
// when the memory is safe to read (a __local array, a location loaded on another path)
// and keeps its value with `select c, load, other` — every work-item now reads, and
// those where c is false throw the value away. Such a load is marked (kAccessSelected,
// the condition's slot in `b`) so that the race check records the read only for the
// lanes the selects keep; anything this file cannot prove is left unmarked and every
// lane's read is recorded, as before.
#include <algorithm>

#include "lower/kernel_lowering.h"
#include "spvsim/validator/cfg.h"

namespace spvsim {

std::optional<KernelLowering::SelectedLoad> KernelLowering::selectedLoad(const Instance &in,
                                                                         const Instruction &load) {
  const Function &f = *in.function;
  const uint32_t id = load.resultId;
  std::optional<SelectedLoad> kept;
  for (uint32_t k = f.first; k < f.end; ++k) {
    const Instruction &use = module_.instruction(k);
    if (use.nonSemantic) continue;
    auto ops = module_.operands(use);
    if (std::find(ops.begin(), ops.end(), id) == ops.end()) continue;
    // A select of the load on one side only: Condition, Object 1, Object 2.
    if (use.opcode != spv::Op::OpSelect || ops.size() != 3 || ops[0] == id ||
        (ops[1] == id) == (ops[2] == id))
      return std::nullopt;
    const SelectedLoad here{ops[0], ops[1] == id};
    if (kept && (kept->condition != here.condition || kept->whenTrue != here.whenTrue))
      return std::nullopt; // selects on other conditions: not worth a union of masks
    kept = here;
  }
  if (!kept) return std::nullopt; // no use at all: nothing says which lanes discard it
  // One condition for every component (a vector condition selects per component).
  const uint32_t conditionType = module_.typeOf(kept->condition);
  if (conditionType == 0 || module_.type(conditionType).kind != TypeKind::Bool) return std::nullopt;
  // The condition must hold its value for this execution of the load when the load runs:
  // defined before it in its block, or in a block that dominates it — then every path
  // from its definition to a select passes the load again (SSA: the load dominates its
  // uses). A function's parameter holds one value throughout its body.
  const IdInfo &cond = module_.id(kept->condition);
  if (cond.kind != IdKind::Value && cond.kind != IdKind::Parameter) return std::nullopt;
  if (cond.kind == IdKind::Value) {
    const uint32_t loadIndex = module_.id(id).instruction;
    const Instruction &def = module_.instruction(cond.instruction);
    if (cond.instruction < f.first || cond.instruction >= f.end || def.block == kNone ||
        load.block == kNone)
      return std::nullopt;
    if (def.block == load.block) {
      if (cond.instruction > loadIndex) return std::nullopt;
    } else {
      auto &cfg = cfgs_[&f];
      if (!cfg) cfg = std::make_unique<ControlFlowGraph>(module_, f);
      if (!cfg->reachable(def.block) || !cfg->reachable(load.block) ||
          !cfg->dominates(def.block, load.block))
        return std::nullopt;
    }
  }
  return kept;
}

} // namespace spvsim
