// The loop a suspected spinning warp is in and its exit slice (exec/spin_loop.h,
// docs/findings.md "A wait that counts"). A wait that counts (`while (flag == 0) ++spins;`)
// changes its registers each time round; comparing only what its exit conditions depend
// on finds it as a spin. The slice keeps a branch only when it leaves the loop or decides
// whether an op of the slice runs (control dependence, through the loop's postdominators),
// and a store only when it may write bytes a load of the slice reads.
#include "exec/spin_loop.h"

#include <algorithm>
#include <bit>

#include "exec/exec_state.h"
#include "lower/op_operands.h"

namespace spvsim {

void loopAround(const LoweredKernel &k, uint32_t block, uint32_t &first, uint32_t &last) {
  first = 0, last = uint32_t(k.blocks.size() - 1);
  bool found = false;
  for (uint32_t j = block; j < k.blocks.size(); ++j)
    forSuccessors(k, j, [&](uint32_t t) {
      if (t > block) return;
      if (!found || t > first || (t == first && j > last)) first = t, last = j;
      found = true;
    });
}

bool readsMemory(OpCode code) {
  if (isPlainLoad(code)) return true;
  switch (code) {
  case OpCode::AtomicStore32:
  case OpCode::AtomicStore64:
    return false;
  default:
    return atomicAccessBytes(code) != 0;
  }
}

bool writesMemory(OpCode code) {
  switch (code) {
  case OpCode::Store8:
  case OpCode::Store16:
  case OpCode::Store32:
  case OpCode::Store64:
  case OpCode::StoreIndexed8:
  case OpCode::StoreIndexed16:
  case OpCode::StoreIndexed32:
  case OpCode::StoreIndexed64:
  case OpCode::CopyMemoryDynamic:
    return true;
  case OpCode::AtomicLoad32:
  case OpCode::AtomicLoad64:
    return false;
  default:
    return atomicAccessBytes(code) != 0;
  }
}

uint32_t accessBytes(OpCode code) {
  switch (code) {
  case OpCode::Load8:
  case OpCode::LoadIndexed8:
  case OpCode::Store8:
  case OpCode::StoreIndexed8:
    return 1;
  case OpCode::Load16:
  case OpCode::LoadIndexed16:
  case OpCode::Store16:
  case OpCode::StoreIndexed16:
    return 2;
  case OpCode::Load32:
  case OpCode::LoadIndexed32:
  case OpCode::Store32:
  case OpCode::StoreIndexed32:
    return 4;
  case OpCode::Load64:
  case OpCode::LoadIndexed64:
  case OpCode::Store64:
  case OpCode::StoreIndexed64:
    return 8;
  default:
    return atomicAccessBytes(code);
  }
}

namespace {

bool plainLoad(OpCode code) {
  return (code >= OpCode::Load8 && code <= OpCode::Load64) ||
         (code >= OpCode::LoadIndexed8 && code <= OpCode::LoadIndexed64);
}

bool pointerArithmetic(OpCode code) {
  return code == OpCode::PtrAdd || code == OpCode::PtrAddIndex32 || code == OpCode::PtrAddIndex64;
}

bool indexed(OpCode code) {
  return (code >= OpCode::LoadIndexed8 && code <= OpCode::LoadIndexed64) ||
         (code >= OpCode::StoreIndexed8 && code <= OpCode::StoreIndexed64);
}

/// What one lane's access touches: the allocation of `pointer` and, when `exact`, the
/// bytes [lo, hi) of it; else any byte of it.
struct AccessSpan {
  uint64_t pointer = 0;
  uint64_t lo = 0, hi = 0;
  bool exact = false;
};

/// Lane `lane`'s access by `op` (a load, store or atomic), as the handlers compute its
/// address (exec/handlers_memory.h): a + imm, or a + index × stride + imm + b when
/// indexed. Exact only when `fixed`: the registers of the address are not written in the
/// loop, so every time round the op touches the same bytes.
AccessSpan accessSpan(const ExecState &x, const LoweredOp &op, uint32_t lane, bool fixed) {
  AccessSpan s;
  s.pointer = x.reg<uint64_t>(op.a)[lane];
  const uint32_t bytes = accessBytes(op.code);
  if (!fixed || !bytes) return s;
  uint64_t p = s.pointer;
  if (indexed(op.code)) {
    const int64_t index =
        op.aux & kIndex64 ? x.reg<int64_t>(op.c)[lane] : int64_t(x.reg<int32_t>(op.c)[lane]);
    p = tagged::addOffset(p, uint64_t(index) * (op.aux & kMaxIndexedStride) + op.imm);
    p = tagged::addOffset(p, op.b);
  } else {
    p = tagged::addOffset(p, op.imm);
  }
  // An access that would run past 2^40 is out of bounds and writes nothing.
  s.lo = tagged::offset(p), s.hi = s.lo + bytes;
  s.exact = true;
  return s;
}

/// Whether two accesses may touch a common byte (a pointer not computed yet may point
/// anywhere).
bool mayOverlap(const AccessSpan &p, const AccessSpan &q) {
  if (tagged::space(p.pointer) == AddressSpace::None ||
      tagged::space(q.pointer) == AddressSpace::None)
    return true;
  if (tagged::allocation(p.pointer) != tagged::allocation(q.pointer)) return false;
  return !p.exact || !q.exact || (p.lo < q.hi && q.lo < p.hi);
}

/// Whether a lane's access by `write` may touch a byte that a lane's access by `read`
/// touches, over the lanes `lanes` (each lane's spans computed once). A private pointer
/// means the bytes of the lane that uses it, so two lanes' private accesses never meet:
/// there only a lane's own pair counts.
bool lanesMayOverlap(const ExecState &x, const LoweredOp &write, bool writeFixed,
                     const LoweredOp &read, bool readFixed, uint64_t lanes) {
  AccessSpan reads[64];
  uint64_t sharedReads = 0; // lanes whose read is not of private memory
  for (uint64_t m = lanes; m; m &= m - 1) {
    const auto lane = uint32_t(std::countr_zero(m));
    reads[lane] = accessSpan(x, read, lane, readFixed);
    if (tagged::space(reads[lane].pointer) != AddressSpace::Private) sharedReads |= m & -m;
  }
  for (uint64_t l = lanes; l; l &= l - 1) {
    const auto lane = uint32_t(std::countr_zero(l));
    const AccessSpan w = accessSpan(x, write, lane, writeFixed);
    const uint64_t against = tagged::space(w.pointer) == AddressSpace::Private
                                 ? (sharedReads | (l & -l)) & lanes
                                 : lanes;
    for (uint64_t m = against; m; m &= m - 1)
      if (mayOverlap(w, reads[std::countr_zero(m)])) return true;
  }
  return false;
}

/// The loop's blocks as a graph of one iteration: successors inside the loop, with the
/// back edges to the head and the edges that leave the loop going to one sink, and which
/// block postdominates which (a block every path from the other to the sink goes through).
struct IterationGraph {
  uint32_t first = 0, size = 0; ///< the loop's first block, its blocks; the sink is `size`
  std::vector<std::vector<uint32_t>> successors;
  std::vector<uint8_t> exits; ///< the block may leave the loop (an edge out, or a return)
  std::vector<std::vector<uint64_t>> postdominators; ///< a bit set per block

  IterationGraph(const LoweredKernel &k, uint32_t firstBlock, uint32_t lastBlock)
      : first(firstBlock), size(lastBlock - firstBlock + 1), successors(size), exits(size, 0) {
    for (uint32_t i = 0; i < size; ++i) {
      forSuccessors(k, first + i, [&](uint32_t t) {
        if (t > first && t <= lastBlock)
          successors[i].push_back(t - first);
        else if (t != first)
          exits[i] = 1;
      });
      const LoweredBlock &b = k.blocks[first + i];
      bool any = false;
      forSuccessors(k, first + i, [&](uint32_t) { any = true; });
      if (!any && b.end != b.first) exits[i] = 1; // returns, or unreachable
    }
    const size_t words = (size + 1 + 63) / 64;
    std::vector<uint64_t> all(words, ~uint64_t(0));
    postdominators.assign(size + 1, all);
    std::vector<uint64_t> &sink = postdominators[size];
    std::fill(sink.begin(), sink.end(), 0);
    sink[size / 64] |= uint64_t(1) << (size % 64);
    for (bool changed = true; changed;) {
      changed = false;
      for (uint32_t i = size; i-- > 0;) {
        std::vector<uint64_t> meet = all;
        auto join = [&](uint32_t s) {
          for (size_t w = 0; w < words; ++w) meet[w] &= postdominators[s][w];
        };
        // Leaving the loop or going round again ends the iteration: the sink.
        if (successors[i].empty() || exits[i] || hasBackEdge(k, i)) join(size);
        for (uint32_t s : successors[i]) join(s);
        meet[i / 64] |= uint64_t(1) << (i % 64);
        if (meet != postdominators[i]) postdominators[i] = std::move(meet), changed = true;
      }
    }
  }
  bool hasBackEdge(const LoweredKernel &k, uint32_t i) const {
    bool back = false;
    forSuccessors(k, first + i, [&](uint32_t t) { back = back || t == first; });
    return back;
  }
  bool postdominates(uint32_t y, uint32_t i) const {
    return (postdominators[i][y / 64] >> (y % 64)) & 1;
  }
  /// The blocks an iteration may reach from block i's successors (i itself only through
  /// a loop inside the loop).
  std::vector<uint32_t> reachableFrom(uint32_t i) const {
    std::vector<uint8_t> seen(size, 0);
    std::vector<uint32_t> work = successors[i], out;
    for (uint32_t s : work) seen[s] = 1;
    while (!work.empty()) {
      const uint32_t b = work.back();
      work.pop_back();
      out.push_back(b);
      for (uint32_t s : successors[b])
        if (!seen[s]) seen[s] = 1, work.push_back(s);
    }
    return out;
  }
};

} // namespace

bool exitSlice(const ExecState &x, uint32_t block, std::vector<uint8_t> &slots, uint32_t &first,
               uint32_t &last) {
  const LoweredKernel &k = *x.launch->kernel;
  const Warp &w = *x.warp;
  if (!k.slotStride) return false;
  loopAround(k, block, first, last);
  uint64_t lanes = 0;
  for (uint32_t b = first; b <= last && b < w.pending.size(); ++b) lanes |= w.pending[b];
  if (!lanes) return false;
  slots.assign(k.slotCount, 0);
  auto slotOf = [&](const LoweredOp &op, OpField f) { return fieldOf(op, f) / k.slotStride; };
  const uint32_t begin = k.blocks[first].first, end = k.blocks[last].end;
  // How many ops of the loop write each slot (2: two or more).
  std::vector<uint8_t> writers(k.slotCount, 0);
  std::vector<uint32_t> stores, trusted; // ops writing memory; loads of bytes none writes
  for (uint32_t i = begin; i < end; ++i) {
    const LoweredOp &op = k.ops[i];
    const OpOperands ops = opOperands(op);
    if (ops.opaque || op.code == OpCode::CopyMemoryDynamic) return false;
    for (uint8_t j = 0; j < ops.size; ++j)
      for (uint32_t c = 0; ops.list[j].write && c < ops.list[j].count; ++c) {
        const uint32_t slot = slotOf(op, ops.list[j].field) + c;
        if (slot < writers.size() && writers[slot] < 2) ++writers[slot];
      }
    if (writesMemory(op.code)) stores.push_back(i);
    if (plainLoad(op.code)) trusted.push_back(i);
  }
  // Slots that hold the same value every time round: those no op of the loop writes, and
  // those only one op of the loop writes, computing a pointer from such slots — pointer
  // arithmetic, or a load of bytes that no store of the loop may write (at -O0 every
  // address is loaded from the variable that holds it). A load is trusted until a store
  // is found that may write what it reads, judged by the addresses of this assumption:
  // each round, then, every trusted load reads what it read before.
  std::vector<uint8_t> fixed;
  auto fixedAddress = [&](const LoweredOp &op) {
    const uint32_t a = slotOf(op, OpField::A);
    if (a >= fixed.size() || !fixed[a]) return false;
    if (!indexed(op.code)) return true;
    const uint32_t c = slotOf(op, OpField::C);
    return c < fixed.size() && fixed[c];
  };
  std::vector<uint8_t> isTrusted(end - begin, 0); // by op of the loop: in `trusted`
  auto computeFixed = [&] {
    std::fill(isTrusted.begin(), isTrusted.end(), 0);
    for (uint32_t i : trusted) isTrusted[i - begin] = 1;
    fixed.assign(k.slotCount, 0);
    for (size_t slot = 0; slot < fixed.size(); ++slot) fixed[slot] = writers[slot] == 0;
    for (bool changed = true; changed;) {
      changed = false;
      for (uint32_t i = begin; i < end; ++i) {
        const LoweredOp &op = k.ops[i];
        if (!pointerArithmetic(op.code) && !isTrusted[i - begin]) continue;
        const OpOperands ops = opOperands(op);
        bool inputs = true;
        uint32_t result = ~0u;
        for (uint8_t j = 0; j < ops.size; ++j)
          for (uint32_t c = 0; c < ops.list[j].count; ++c) {
            const uint32_t slot = slotOf(op, ops.list[j].field) + c;
            if (ops.list[j].write)
              result = ops.list[j].count == 1 ? slot : ~0u - 1;
            else
              inputs = inputs && slot < fixed.size() && fixed[slot];
          }
        if (inputs && result < fixed.size() && !fixed[result] && writers[result] == 1)
          fixed[result] = 1, changed = true;
      }
    }
  };
  for (bool changed = true; changed;) {
    computeFixed();
    changed = false;
    for (size_t t = 0; t < trusted.size();) {
      const LoweredOp &load = k.ops[trusted[t]];
      bool keep = fixedAddress(load);
      for (size_t j = 0; j < stores.size() && keep; ++j) {
        const LoweredOp &store = k.ops[stores[j]];
        keep = !lanesMayOverlap(x, store, fixedAddress(store), load, true, lanes);
      }
      if (keep) {
        ++t;
      } else {
        trusted.erase(trusted.begin() + ptrdiff_t(t));
        changed = true;
      }
    }
  }
  auto markReads = [&](const LoweredOp &op, const OpOperands &ops) {
    bool changed = false;
    for (uint8_t i = 0; i < ops.size; ++i) {
      if (ops.list[i].write) continue;
      for (uint32_t c = 0; c < ops.list[i].count; ++c) {
        const uint32_t slot = slotOf(op, ops.list[i].field) + c;
        if (slot < slots.size() && !slots[slot]) slots[slot] = 1, changed = true;
      }
    }
    return changed;
  };

  const IterationGraph graph(k, first, last);
  // Blocks with an op of the slice, or that leave the loop, and one past the last op of
  // the slice in each: a branch matters when such a block depends on it.
  std::vector<uint8_t> neededBlock = graph.exits;
  std::vector<uint32_t> neededEnd(graph.size, 0);
  std::vector<std::vector<uint32_t>> reach(graph.size);
  for (uint32_t i = 0; i < graph.size; ++i) reach[i] = graph.reachableFrom(i);
  auto branchMatters = [&](uint32_t i, uint32_t edgesOp) {
    if (graph.exits[i] || neededEnd[i] > edgesOp + 1) return true; // or an edge copy it reads
    for (uint32_t y : reach[i])
      if (neededBlock[y] && (y == i || !graph.postdominates(y, i))) return true;
    return false;
  };

  std::vector<uint32_t> loads; // ops of the slice that read memory
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t b = first; b <= last; ++b) {
      const uint32_t block = b - first;
      for (uint32_t i = k.blocks[b].first; i < k.blocks[b].end; ++i) {
        const LoweredOp &op = k.ops[i];
        const OpOperands ops = opOperands(op);
        bool needed = false;
        if (op.code == OpCode::CondEdges || op.code == OpCode::SwitchEdges) {
          needed = branchMatters(block, i);
        } else {
          for (uint8_t j = 0; j < ops.size && !needed; ++j)
            for (uint32_t c = 0; ops.list[j].write && c < ops.list[j].count; ++c) {
              const uint32_t slot = slotOf(op, ops.list[j].field) + c;
              needed = needed || (slot < slots.size() && slots[slot]);
            }
        }
        if (!needed && writesMemory(op.code)) {
          // Any lane's store against any lane's load: lanes may wait on one another.
          const bool storeFixed = fixedAddress(op);
          for (uint32_t load : loads) {
            const LoweredOp &read = k.ops[load];
            needed = lanesMayOverlap(x, op, storeFixed, read, fixedAddress(read), lanes);
            if (needed) break;
          }
        }
        if (!needed) continue;
        if (!neededBlock[block]) neededBlock[block] = 1, changed = true;
        if (neededEnd[block] < i + 1) neededEnd[block] = i + 1, changed = true;
        changed |= markReads(op, ops);
        if (readsMemory(op.code) && std::find(loads.begin(), loads.end(), i) == loads.end())
          loads.push_back(i), changed = true;
      }
    }
  }
  return std::find(slots.begin(), slots.end(), 0) != slots.end();
}

} // namespace spvsim
