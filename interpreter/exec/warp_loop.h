// The warp loop: one switch over the op table, handlers inlined from
// handlers_*.h; control ops update the pending masks of their targets. A template
// over the watcher policy of exec/execution_events.h: the plain loop is its
// instantiation with NoWatchers, where every event compiles to nothing.
#pragma once

#include <algorithm>
#include <bit>
#include <cstring>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "exec/dispatch_cases.h"
#include "exec/exec_state.h"
#include "exec/execution_events.h"
#include "exec/handlers_arith.h"
#include "exec/handlers_atomic.h"
#include "exec/handlers_collective.h"
#include "exec/handlers_convert.h"
#include "exec/handlers_copy.h"
#include "exec/handlers_memory.h"
#include "exec/opencl_std_dispatch.h"
#include "exec/printf_call.h"
#include "exec/spin_detector.h"

namespace spvsim {

// The loop and its helpers have internal linkage: each of the few files that
// instantiate the loop (exec/warp_executor.cpp, launch/checked_execution.cpp) gets
// its own copy, which the compiler may specialise as it did when the loop was local
// to one file.
namespace {

namespace warp_loop {

/// The lanes whose bool (one byte, 0 or 1) is true: SSE2's byte mask, 16 lanes at a time.
inline uint64_t boolLanes(const uint8_t *b, uint32_t width) {
  uint64_t lanes = 0;
  uint32_t l = 0;
#ifdef __SSE2__
  for (; l + 16 <= width; l += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(b + l));
    lanes |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_slli_epi16(v, 7)))) << l;
  }
#endif
  for (; l < width; ++l) lanes |= uint64_t(b[l] & 1) << l;
  return lanes;
}

// Always inline: three ops on the warp loop's hottest path (every branch), which GCC would
// otherwise call out of line once the loop grows.
[[gnu::always_inline]] inline void addPending(Warp &w, uint32_t block, uint64_t lanes) {
  if (!lanes) return;
  w.pending[block] |= lanes;
  w.pendingBlocks[block >> 6] |= uint64_t(1) << (block & 63);
}

inline int64_t lowestPending(const Warp &w) {
  for (size_t i = 0; i < w.pendingBlocks.size(); ++i)
    if (w.pendingBlocks[i]) return int64_t(i * 64 + std::countr_zero(w.pendingBlocks[i]));
  return -1;
}

inline void switchEdges(const ExecState &x, const LoweredOp &op) {
  const SwitchTable &t = x.launch->kernel->switches[op.aux];
  uint64_t mask = x.masks[0];
  for (uint32_t e = 1; e < x.warp->masks.size(); ++e) x.masks[e] = 0;
  for (uint32_t l = 0; l < x.width; ++l) {
    if (!((mask >> l) & 1)) continue;
    uint64_t v = 0;
    std::memcpy(&v, x.regs + op.a + l * t.selectorBytes, t.selectorBytes);
    uint16_t edge = t.defaultEdge;
    for (size_t k = 0; k < t.values.size(); ++k)
      if (t.values[k] == v) {
        edge = t.edges[k];
        break;
      }
    x.masks[edge] |= laneBit(l);
  }
}

} // namespace warp_loop

} // namespace

void reportUnreachableFault(const ExecState &x, const LoweredOp &op, uint64_t mask);

namespace {

/// The warp loop, with the per-instruction events of `Watchers` (exec/execution_events.h;
/// NoWatchers: the plain loop). Instantiated by exec/warp_executor.cpp (plain) and by the
/// launch layer for each watcher policy it runs.
/// The atomicDone event of `Watchers` (nothing in the plain loop).
template <class Watchers>
inline void atomicDone(const ExecState &x, const LoweredOp &op, uint32_t bytes, bool isWrite) {
  if constexpr (Watchers::kWatching) Watchers::atomicDone(x, op, bytes, isWrite);
}
/// The atomicWriting event of `Watchers` (nothing in the plain loop).
template <class Watchers> inline void atomicWriting(const ExecState &x, const LoweredOp &op) {
  if constexpr (Watchers::kWatching) Watchers::atomicWriting(x, op);
}

/// Whether `Watchers` asks the warp to poll the watchdog before its next block (the
/// debugger ending a launch at once); never in a loop whose policy has no pollNow.
template <class Watchers> inline bool pollNow(const ExecState &x) {
  if constexpr (requires { Watchers::pollNow(x); })
    return Watchers::pollNow(x);
  else
    return false;
}

template <class Watchers> void runWarpLoop(LaunchContext &launch, GroupState &group, Warp &warp) {
  const LoweredKernel &k = *launch.kernel;
  ExecState x;
  x.regs = warp.registers();
  x.width = k.warpWidth;
  x.allLanes = x.width == 64 ? ~uint64_t(0) : (uint64_t(1) << x.width) - 1;
  x.masks = warp.masks.data();
  x.launch = &launch;
  x.group = &group;
  x.warp = &warp;
  if (!warp.laneMasks) warp.laneMasks = std::make_unique<LaneMaskCache>();
  x.laneMasks = warp.laneMasks.get();
  const LoweredOp *ops = k.ops.data();
  // Ops since the last poll; the watchdog counts each once per lane of the warp (a popcount
  // of the mask per block would make the count exact, and cost 2% on the benchmarks).
  uint64_t executed = 0;
  // The poll countdown lives in the warp, so it runs on across barriers and work-groups;
  // a local copy keeps it in a register (stores through register slots may alias).
  uint32_t untilPoll = warp.untilPoll;
  // Polls in this run of the warp: a warp that runs long without yielding is watched for
  // spinning (exec/spin_detector.h), at the polls only.
  warp.pollsThisRun = 0;
  if constexpr (Watchers::kWatching) Watchers::warpStarted(x);
  for (;;) {
    if (--untilPoll == 0 || pollNow<Watchers>(x)) {
      untilPoll = Watchdog::kBlocksPerPoll;
      const bool leave = pollRunningWarp(x, executed); // the launch stops, or a spin yields
      executed = 0;
      if (leave) break;
    }
    int64_t next = warp_loop::lowestPending(warp);
    if (next < 0) {
      warp.status = warp.parked.empty() ? WarpStatus::Exited : WarpStatus::AtBarrier;
      break;
    }
    const uint32_t block = static_cast<uint32_t>(next);
    x.masks[0] = warp.pending[block];
    warp.pending[block] = 0;
    warp.pendingBlocks[block >> 6] &= ~(uint64_t(1) << (block & 63));
    const LoweredBlock &b = k.blocks[block];
    executed += b.end - b.first;
    for (uint32_t i = b.first; i < b.end; ++i) {
      const LoweredOp &op = ops[i];
      if constexpr (Watchers::kWatching) Watchers::beforeOp(x, op, i);
      switch (op.code) {
        SPVSIM_INT_BINARY_OPS(SPVSIM_INT_CASE)
        SPVSIM_INT_UNARY_OPS(SPVSIM_INT_CASE)
        SPVSIM_INT_COMPARE_OPS(SPVSIM_INT_CMP_CASE)
        SPVSIM_FLOAT_BINARY_OPS(SPVSIM_FLOAT_CASE)
        SPVSIM_FLOAT_UNARY_OPS(SPVSIM_FLOAT_CASE)
        SPVSIM_FLOAT_COMPARE_OPS(SPVSIM_FLOAT_CMP_CASE)
        SPVSIM_FLOAT_TEST_OPS(SPVSIM_FLOAT_CMP_CASE)
        SPVSIM_BOOL_OPS(SPVSIM_BOOL_CASE)
#define SPVSIM_ATOMIC_INT_CASE(name, spvop, expr)                                                  \
  case OpCode::name##32:                                                                           \
    atomicWriting<Watchers>(x, op);                                                                \
    ops::atomicUpdate<uint32_t, ops::name##Fn>(x, op);                                             \
    atomicDone<Watchers>(x, op, 4, true);                                                          \
    break;                                                                                         \
  case OpCode::name##64:                                                                           \
    atomicWriting<Watchers>(x, op);                                                                \
    ops::atomicUpdate<uint64_t, ops::name##Fn>(x, op);                                             \
    atomicDone<Watchers>(x, op, 8, true);                                                          \
    break;
#define SPVSIM_ATOMIC_FLOAT_CASE(name, spvop, expr)                                                \
  case OpCode::name##F32:                                                                          \
    atomicWriting<Watchers>(x, op);                                                                \
    ops::atomicUpdate<float, ops::name##Fn>(x, op);                                                \
    atomicDone<Watchers>(x, op, 4, true);                                                          \
    break;                                                                                         \
  case OpCode::name##F64:                                                                          \
    atomicWriting<Watchers>(x, op);                                                                \
    ops::atomicUpdate<double, ops::name##Fn>(x, op);                                               \
    atomicDone<Watchers>(x, op, 8, true);                                                          \
    break;
        SPVSIM_ATOMIC_INT_OPS(SPVSIM_ATOMIC_INT_CASE)
        SPVSIM_ATOMIC_FLOAT_OPS(SPVSIM_ATOMIC_FLOAT_CASE)
#undef SPVSIM_ATOMIC_INT_CASE
#undef SPVSIM_ATOMIC_FLOAT_CASE
      case OpCode::AtomicLoad32:
        ops::atomicLoad<uint32_t>(x, op);
        atomicDone<Watchers>(x, op, sizeof(uint32_t), false);
        break;
      case OpCode::AtomicLoad64:
        ops::atomicLoad<uint64_t>(x, op);
        atomicDone<Watchers>(x, op, sizeof(uint64_t), false);
        break;
      case OpCode::AtomicStore32:
        atomicWriting<Watchers>(x, op);
        ops::atomicStore<uint32_t>(x, op);
        atomicDone<Watchers>(x, op, sizeof(uint32_t), true);
        break;
      case OpCode::AtomicStore64:
        atomicWriting<Watchers>(x, op);
        ops::atomicStore<uint64_t>(x, op);
        atomicDone<Watchers>(x, op, sizeof(uint64_t), true);
        break;
      case OpCode::AtomicCompareExchange32:
        atomicWriting<Watchers>(x, op);
        ops::atomicCompareExchange<uint32_t>(x, op);
        atomicDone<Watchers>(x, op, sizeof(uint32_t), true);
        break;
      case OpCode::AtomicCompareExchange64:
        atomicWriting<Watchers>(x, op);
        ops::atomicCompareExchange<uint64_t>(x, op);
        atomicDone<Watchers>(x, op, sizeof(uint64_t), true);
        break;
      case OpCode::ExtractDynamic8:
        ops::extractDynamic<uint8_t>(x, op);
        break;
      case OpCode::ExtractDynamic16:
        ops::extractDynamic<uint16_t>(x, op);
        break;
      case OpCode::ExtractDynamic32:
        ops::extractDynamic<uint32_t>(x, op);
        break;
      case OpCode::ExtractDynamic64:
        ops::extractDynamic<uint64_t>(x, op);
        break;
      case OpCode::InsertDynamic8:
        ops::insertDynamic<uint8_t>(x, op);
        break;
      case OpCode::InsertDynamic16:
        ops::insertDynamic<uint16_t>(x, op);
        break;
      case OpCode::InsertDynamic32:
        ops::insertDynamic<uint32_t>(x, op);
        break;
      case OpCode::InsertDynamic64:
        ops::insertDynamic<uint64_t>(x, op);
        break;
      case OpCode::Mov8:
        ops::move<uint8_t>(x, op);
        break;
      case OpCode::Mov16:
        ops::move<uint16_t>(x, op);
        break;
      case OpCode::Mov32:
        ops::move<uint32_t>(x, op);
        break;
      case OpCode::Mov64:
        ops::move<uint64_t>(x, op);
        break;
      case OpCode::Select8:
        ops::select<uint8_t>(x, op);
        break;
      case OpCode::Select16:
        ops::select<uint16_t>(x, op);
        break;
      case OpCode::Select32:
        ops::select<uint32_t>(x, op);
        break;
      case OpCode::Select64:
        ops::select<uint64_t>(x, op);
        break;
      case OpCode::LogicalNot:
        ops::logicalNot(x, op);
        break;
      case OpCode::WrapCheck8:
        ops::wrapCheck<uint8_t>(x, op);
        break;
      case OpCode::WrapCheck16:
        ops::wrapCheck<uint16_t>(x, op);
        break;
      case OpCode::WrapCheck32:
        ops::wrapCheck<uint32_t>(x, op);
        break;
      case OpCode::WrapCheck64:
        ops::wrapCheck<uint64_t>(x, op);
        break;
      case OpCode::Load8:
        Watchers::template load<uint8_t, false>(x, op, i);
        break;
      case OpCode::Load16:
        Watchers::template load<uint16_t, false>(x, op, i);
        break;
      case OpCode::Load32:
        Watchers::template load<uint32_t, false>(x, op, i);
        break;
      case OpCode::Load64:
        Watchers::template load<uint64_t, false>(x, op, i);
        break;
      case OpCode::Store8:
        Watchers::template store<uint8_t, false>(x, op, i);
        break;
      case OpCode::Store16:
        Watchers::template store<uint16_t, false>(x, op, i);
        break;
      case OpCode::Store32:
        Watchers::template store<uint32_t, false>(x, op, i);
        break;
      case OpCode::Store64:
        Watchers::template store<uint64_t, false>(x, op, i);
        break;
      case OpCode::LoadIndexed8:
        Watchers::template load<uint8_t, true>(x, op, i);
        break;
      case OpCode::LoadIndexed16:
        Watchers::template load<uint16_t, true>(x, op, i);
        break;
      case OpCode::LoadIndexed32:
        Watchers::template load<uint32_t, true>(x, op, i);
        break;
      case OpCode::LoadIndexed64:
        Watchers::template load<uint64_t, true>(x, op, i);
        break;
      case OpCode::StoreIndexed8:
        Watchers::template store<uint8_t, true>(x, op, i);
        break;
      case OpCode::StoreIndexed16:
        Watchers::template store<uint16_t, true>(x, op, i);
        break;
      case OpCode::StoreIndexed32:
        Watchers::template store<uint32_t, true>(x, op, i);
        break;
      case OpCode::StoreIndexed64:
        Watchers::template store<uint64_t, true>(x, op, i);
        break;
      case OpCode::PtrAdd:
        ops::ptrAdd(x, op);
        break;
      case OpCode::PtrAddIndex32:
        ops::ptrAddIndex<int32_t>(x, op);
        break;
      case OpCode::PtrAddIndex64:
        ops::ptrAddIndex<int64_t>(x, op);
        break;
      case OpCode::PtrDiff:
        ops::ptrDiff(x, op);
        break;
      case OpCode::GenericCastExplicit:
        ops::genericCastExplicit(x, op);
        break;
      case OpCode::GenericMemSemantics:
        ops::genericMemSemantics(x, op);
        break;
      case OpCode::CopyMemoryDynamic:
        ops::copyMemoryDynamic(x, op);
        break;
      case OpCode::Repack:
        ops::repack(x, op);
        break;
      case OpCode::GroupCollect:
        ops::groupCollect(x, op);
        break;
      case OpCode::GroupResult:
        ops::groupResult(x, op);
        break;
      case OpCode::SubgroupCollective:
        ops::subgroupCollective(x, op);
        break;
      case OpCode::SubgroupNonUniform:
        ops::subgroupNonUniform(x, op);
        break;
      case OpCode::Printf:
        ops::printfCall(x, op);
        break;
      case OpCode::Image:
        Watchers::image(x, op, i);
        break;
      case OpCode::Builtin:
        ops::builtin(x, op);
        break;
      case OpCode::CondEdges: {
        const uint64_t taken = warp_loop::boolLanes(x.reg<uint8_t>(op.a), x.width);
        x.masks[1] = x.masks[0] & taken;
        x.masks[2] = x.masks[0] & ~taken;
        if constexpr (Watchers::kWatching) Watchers::branched(x, op, 2);
        break;
      }
      case OpCode::SwitchEdges:
        warp_loop::switchEdges(x, op);
        if constexpr (Watchers::kWatching)
          Watchers::branched(x, op, uint32_t(warp.masks.size() - 1));
        break;
      case OpCode::Jump:
        warp_loop::addPending(warp, op.d, x.masks[0]);
        break;
      case OpCode::Goto2:
        warp_loop::addPending(warp, op.d, x.masks[1]);
        warp_loop::addPending(warp, op.a, x.masks[2]);
        break;
      case OpCode::GotoN: {
        const auto &targets = k.gotoTables[op.aux];
        for (uint32_t e = 0; e < targets.size(); ++e)
          warp_loop::addPending(warp, targets[e], x.masks[e + 1]);
        break;
      }
      case OpCode::Barrier: {
        bool merged = false;
        for (auto &p : warp.parked)
          if (p.site == op.aux && p.next == op.d) p.lanes |= x.masks[0], merged = true;
        if (!merged) warp.parked.push_back({op.aux, op.imm, op.d, x.masks[0]});
        if constexpr (Watchers::kWatching) Watchers::fenced(x, op, op.imm);
        break;
      }
      case OpCode::Fence:
        if constexpr (Watchers::kWatching) Watchers::fenced(x, op, op.imm);
        break;
      case OpCode::DebugBind: // seen by the debugger's beforeOp
        break;
      case OpCode::Exit:
        warp.live &= ~x.masks[0];
        if constexpr (Watchers::kWatching) Watchers::lanesExited(x, x.masks[0]);
        break;
      case OpCode::Unreachable:
        reportUnreachableFault(x, op, x.masks[0]);
        warp.live &= ~x.masks[0];
        if constexpr (Watchers::kWatching) Watchers::lanesExited(x, x.masks[0]);
        break;
      default:
        if (op.code >= OpCode::ConvertFirst && op.code < OpCode::Count)
          ops::convert(x, op);
        else
          ops::runOpenclStdOp(x, op); // exec/opencl_std_dispatch.cpp
        break;
      }
    }
  }
  if constexpr (Watchers::kWatching) Watchers::warpStopped(x);
  warp.untilPoll = untilPoll;
  warp.unpolled += executed * x.width;
}

} // namespace

} // namespace spvsim
