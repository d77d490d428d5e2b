// Optimisation of lowered code: the copies lowering leaves behind (vector
// shuffles, composite construction, phi inputs) and ops nothing reads.
//
//   1. Retargeting: an op whose result only a later copy in its block reads
//      writes the copy's destination itself (the copy goes).
//   2. Copy propagation: within a block, ops after a copy read its source.
//   3. Dead code: pure ops whose results nothing reads go.
//
// All three work on whole-warp masks only (an op's mask 0, the block's): an op
// under an edge mask writes some lanes only, and lanes that left a loop keep
// their values (DESIGN.md: masked writes blend). The slot operands of each op
// come from lower/op_operands.h; a kernel with an op whose operands it cannot
// describe (opaque) is only optimised within blocks, around that op.
#include "lower/optimize.h"

#include <unordered_map>
#include <vector>

#include "lower/op_operands.h"

namespace spvsim {

namespace {

bool isCopy(const LoweredOp &op) {
  return op.mask == 0 && (op.code == OpCode::Mov8 || op.code == OpCode::Mov16 ||
                          op.code == OpCode::Mov32 || op.code == OpCode::Mov64);
}

/// The slots each op reads, counted over the whole kernel (slot byte offset ->
/// readers); `opaque` when some op touches slots nobody can list.
struct Readers {
  std::unordered_map<uint32_t, uint32_t> count;
  bool opaque = false;
};

Readers countReaders(const LoweredKernel &k) {
  Readers r;
  for (const LoweredOp &op : k.ops) {
    const OpOperands o = opOperands(op);
    r.opaque |= o.opaque;
    for (uint32_t i = 0; i < o.size; ++i) {
      const SlotOperand &s = o.list[i];
      if (s.write) continue;
      for (uint32_t n = 0; n < s.count; ++n) ++r.count[fieldOf(op, s.field) + n * k.slotStride];
    }
  }
  return r;
}

/// Whether some operand of `o` (of op `op`) reads / writes slot `slot`.
bool touches(const LoweredOp &op, const OpOperands &o, uint32_t slot, uint32_t stride, bool write) {
  for (uint32_t i = 0; i < o.size; ++i) {
    const SlotOperand &s = o.list[i];
    if (s.write != write) continue;
    const uint32_t first = fieldOf(op, s.field);
    if (slot >= first && slot < first + s.count * stride && (slot - first) % stride == 0)
      return true;
  }
  return false;
}

/// Removes the ops marked dead, keeping the blocks' extents right.
void compact(LoweredKernel &k, const std::vector<bool> &dead) {
  std::vector<LoweredOp> ops;
  ops.reserve(k.ops.size());
  for (LoweredBlock &b : k.blocks) {
    const uint32_t first = static_cast<uint32_t>(ops.size());
    for (uint32_t i = b.first; i < b.end; ++i)
      if (!dead[i]) ops.push_back(k.ops[i]);
    b.first = first;
    b.end = static_cast<uint32_t>(ops.size());
  }
  k.ops = std::move(ops);
}

// 1. For a copy d <- t whose source t nothing else reads, and whose block wrote
// t earlier with one scalar result of a pure op under the block's mask: that
// op writes d instead, when nothing between them reads or writes d.
void retarget(LoweredKernel &k) {
  const Readers readers = countReaders(k);
  const uint32_t stride = k.slotStride;
  std::vector<bool> dead(k.ops.size(), false);
  bool changed = false;
  for (const LoweredBlock &b : k.blocks) {
    for (uint32_t i = b.first; i < b.end; ++i) {
      const LoweredOp &copy = k.ops[i];
      if (!isCopy(copy) || copy.d == copy.a) continue;
      auto it = readers.count.find(copy.a);
      if (readers.opaque || it == readers.count.end() || it->second != 1) continue;
      // The last writer of the source in this block, with nothing touching d after it.
      for (uint32_t j = i; j-- > b.first;) {
        if (dead[j]) continue; // a copy already folded into its source's op
        LoweredOp &def = k.ops[j];
        const OpOperands o = opOperands(def);
        if (o.opaque || touches(def, o, copy.d, stride, false)) break;
        if (touches(def, o, copy.a, stride, true)) {
          const bool single = o.size > 0 && o.list[0].write && o.list[0].field == OpField::D &&
                              o.list[0].count == 1 && !(o.size > 1 && o.list[1].write); // d only
          if (o.pure && single && def.mask == 0 && def.d == copy.a) {
            def.d = copy.d;
            dead[i] = true;
            changed = true;
          }
          break;
        }
        if (touches(def, o, copy.d, stride, true)) break;
      }
    }
  }
  if (changed) compact(k, dead);
}

// 2. Within a block, after a copy d <- s (block mask), reads of d read s, until
// d or s is written again.
void propagateCopies(LoweredKernel &k) {
  const uint32_t stride = k.slotStride;
  std::unordered_map<uint32_t, uint32_t> sourceOf; // destination -> source
  for (const LoweredBlock &b : k.blocks) {
    sourceOf.clear();
    for (uint32_t i = b.first; i < b.end; ++i) {
      LoweredOp &op = k.ops[i];
      const OpOperands o = opOperands(op);
      if (o.opaque) {
        sourceOf.clear();
        continue;
      }
      for (uint32_t n = 0; n < o.size; ++n) {
        const SlotOperand &s = o.list[n];
        if (s.write || s.count != 1) continue;
        bool alsoWritten = false; // a field read and written in place keeps its slot
        for (uint32_t w = 0; w < o.size; ++w)
          alsoWritten |= o.list[w].write && o.list[w].field == s.field;
        if (alsoWritten) continue;
        uint32_t &slot = fieldOf(op, s.field);
        if (auto it = sourceOf.find(slot); it != sourceOf.end()) slot = it->second;
      }
      for (uint32_t n = 0; n < o.size; ++n) {
        const SlotOperand &s = o.list[n];
        if (!s.write) continue;
        const uint32_t first = fieldOf(op, s.field), end = first + s.count * stride;
        for (auto it = sourceOf.begin(); it != sourceOf.end();) {
          const bool hit =
              (it->first >= first && it->first < end) || (it->second >= first && it->second < end);
          it = hit ? sourceOf.erase(it) : std::next(it);
        }
      }
      if (isCopy(op) && op.d != op.a) sourceOf[op.d] = op.a;
    }
  }
}

// 3. Pure ops whose written slots nothing reads.
void removeDeadOps(LoweredKernel &k) {
  for (;;) {
    const Readers readers = countReaders(k);
    if (readers.opaque) return;
    std::vector<bool> dead(k.ops.size(), false);
    bool changed = false;
    for (size_t i = 0; i < k.ops.size(); ++i) {
      const LoweredOp &op = k.ops[i];
      const OpOperands o = opOperands(op);
      if (!o.pure) continue;
      bool read = false;
      for (uint32_t n = 0; n < o.size && !read; ++n) {
        const SlotOperand &s = o.list[n];
        if (!s.write) continue;
        for (uint32_t c = 0; c < s.count && !read; ++c)
          read = readers.count.count(fieldOf(op, s.field) + c * k.slotStride) != 0;
      }
      if (!read) dead[i] = changed = true;
    }
    if (!changed) return;
    compact(k, dead);
  }
}

} // namespace

void optimizeLowered(LoweredKernel &kernel) {
  retarget(kernel);
  propagateCopies(kernel);
  removeDeadOps(kernel);
}

} // namespace spvsim
