// Call-graph rule: OpenCL-Env §4 "Recursion is not supported. The static
// function call graph for an entry point must not contain cycles."
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "rules.h"

namespace spvsim::rules {

namespace {

struct CallEdge {
  uint32_t callee = 0;      ///< function id
  uint32_t instruction = 0; ///< the OpFunctionCall
};

struct CallGraph {
  std::unordered_map<uint32_t, std::vector<CallEdge>> calls; ///< caller id -> calls
};

CallGraph buildCallGraph(const Module &module) {
  CallGraph g;
  const auto &instructions = module.instructions();
  for (const Function &fn : module.functions()) {
    auto &edges = g.calls[fn.id];
    for (uint32_t k = fn.first; k < fn.end && k < instructions.size(); ++k) {
      const Instruction &inst = instructions[k];
      if (inst.opcode != spv::Op::OpFunctionCall || inst.operandCount < 1) continue;
      edges.push_back({module.operands(inst)[0], k});
    }
  }
  return g;
}

// Depth-first search; a call to a function on the current path closes a cycle.
void findCycles(RuleContext &ctx, const CallGraph &g, uint32_t fn, std::vector<uint32_t> &path,
                std::unordered_set<uint32_t> &done, std::unordered_set<uint32_t> &reported) {
  path.push_back(fn);
  if (auto it = g.calls.find(fn); it != g.calls.end()) {
    for (const CallEdge &e : it->second) {
      auto onPath = std::find(path.begin(), path.end(), e.callee);
      if (onPath != path.end()) {
        if (!reported.insert(e.instruction).second) continue;
        std::string cycle;
        for (auto p = onPath; p != path.end(); ++p) cycle += idName(ctx.module, *p) + " -> ";
        cycle += idName(ctx.module, e.callee);
        ctx.error("4", "Recursion",
                  "the static call graph contains the cycle " + cycle +
                      "; recursion is not supported",
                  e.instruction);
        continue;
      }
      if (!done.contains(e.callee)) findCycles(ctx, g, e.callee, path, done, reported);
    }
  }
  path.pop_back();
  done.insert(fn);
}

} // namespace

// OpenCL-Env §4: the static call graph of every entry point must be acyclic.
void checkNoRecursion(RuleContext &ctx) {
  CallGraph g = buildCallGraph(ctx.module);
  std::unordered_set<uint32_t> done;
  std::unordered_set<uint32_t> reported;
  for (const EntryPoint &e : ctx.module.entryPoints()) {
    std::vector<uint32_t> path;
    if (!done.contains(e.function)) findCycles(ctx, g, e.function, path, done, reported);
  }
}

} // namespace spvsim::rules
