// The loop a suspected spinning warp is in (exec/spin_detector.h): its blocks, which ops
// read and write memory, and its exit slice — the register slots its exit conditions
// depend on (docs/findings.md "A wait that counts"). Off the hot path: the spin detector
// asks at its polls, once per search.
#pragma once

#include <cstdint>
#include <vector>

#include "lower/program.h"

namespace spvsim {

struct ExecState;

/// Calls f(target) for each block the terminator of block `b` may go to.
template <class F> void forSuccessors(const LoweredKernel &k, uint32_t b, F f) {
  const LoweredBlock &block = k.blocks[b];
  if (block.end == block.first) return;
  const LoweredOp &op = k.ops[block.end - 1];
  switch (op.code) {
  case OpCode::Jump:
  case OpCode::Barrier:
    f(op.d);
    break;
  case OpCode::Goto2:
    f(op.d), f(op.a);
    break;
  case OpCode::GotoN:
    for (uint32_t t : k.gotoTables[op.aux]) f(t);
    break;
  default:
    break;
  }
}

/// The innermost loop around `block`: blocks are in weak topological order (lowering),
/// so a loop is the contiguous run from its head to the last block that jumps back to it.
void loopAround(const LoweredKernel &k, uint32_t block, uint32_t &first, uint32_t &last);

bool readsMemory(OpCode code);
bool writesMemory(OpCode code);
/// The bytes a load, store or atomic accesses in one lane (0 for other ops).
uint32_t accessBytes(OpCode code);

/// The exit slice of the loop around `block` (its blocks `first`..`last`), a flag per
/// register slot in `slots`: the condition of every branch that leaves the loop or decides
/// whether an op of the slice runs, and whatever an op of the loop computes them from,
/// through registers and, for the loads among those ops, through memory: a store or atomic
/// write of the loop that may write bytes such a load reads counts with its operands.
/// False when the loop has an op whose operands are not known (work-group functions,
/// printf) or a memory copy, or when the slice is every slot of the warp.
bool exitSlice(const ExecState &x, uint32_t block, std::vector<uint8_t> &slots, uint32_t &first,
               uint32_t &last);

} // namespace spvsim
