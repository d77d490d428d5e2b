// The dispatch loop: one switch over the op table, handlers inlined from
// handlers_*.h; control ops update the pending masks of their targets.
#include "exec/warp_executor.h"

#include <algorithm>
#include <bit>
#include <cstring>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "exec/checked_ops.h"
#include "exec/dispatch_cases.h"
#include "exec/exec_state.h"
#include "exec/handlers_arith.h"
#include "exec/handlers_atomic.h"
#include "exec/handlers_collective.h"
#include "exec/handlers_convert.h"
#include "exec/handlers_copy.h"
#include "exec/handlers_memory.h"
#include "exec/opencl_std_dispatch.h"
#include "exec/printf_call.h"
#include "exec/uninit_setup.h"

namespace spvsim {

namespace {

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

inline void addPending(Warp &w, uint32_t block, uint64_t lanes) {
  if (!lanes) return;
  w.pending[block] |= lanes;
  w.pendingBlocks[block >> 6] |= uint64_t(1) << (block & 63);
}

inline int64_t lowestPending(const Warp &w) {
  for (size_t i = 0; i < w.pendingBlocks.size(); ++i)
    if (w.pendingBlocks[i]) return int64_t(i * 64 + std::countr_zero(w.pendingBlocks[i]));
  return -1;
}

void switchEdges(const ExecState &x, const LoweredOp &op) {
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

} // namespace
void reportUnreachableFault(const ExecState &x, const LoweredOp &op, uint64_t mask);
namespace {} // namespace

void initWarpStorage(const LaunchContext &launch, Warp &warp,
                     const std::vector<UniformInit> &uniforms) {
  const LoweredKernel &k = *launch.kernel;
  const uint32_t width = k.warpWidth;
  warp.registerStorage.assign(size_t(k.slotCount) * width + 1, 0);
  warp.pending.assign(k.blocks.size(), 0);
  warp.pendingBlocks.assign((k.blocks.size() + 63) / 64, 0);
  warp.masks.assign(k.maxEdges + 1, 0);
  for (auto &ids : warp.localId) ids.assign(width, 0);
  warp.privateArena.assign(size_t(k.privateSize) * width, std::byte{0});
  if (launch.uninit) initWarpShadow(launch, warp);
  std::byte *regs = warp.registers();
  for (const UniformInit &u : uniforms) {
    uint64_t bits = u.bits;
    if (u.reloc == UniformInit::Reloc::ProgramGlobal)
      bits = tagged::make(launch.allocations[launch.programGlobalIds[u.bits]].space,
                          launch.programGlobalIds[u.bits], 0);
    for (uint32_t l = 0; l < width; ++l) std::memcpy(regs + u.slot + l * u.size, &bits, u.size);
  }
}

void startWarp(const LaunchContext &launch, const GroupState &group, Warp &warp,
               uint32_t firstItem) {
  const uint32_t width = launch.kernel->warpWidth;
  warp.firstItem = firstItem;
  const uint64_t lanes = std::min<uint64_t>(width, group.items - firstItem);
  warp.present = lanes == 64 ? ~uint64_t(0) : (uint64_t(1) << lanes) - 1;
  // Local ids depend on the group's shape only: a warp keeps them for the next
  // group of the same shape (every full group of a launch).
  if (warp.localIdsFirst != firstItem || warp.localIdsShape != group.size) {
    warp.localIdsFirst = firstItem;
    warp.localIdsShape = group.size;
    // Local ids of lane 0, then counted up x fastest (no division per lane).
    uint64_t x = firstItem % group.size[0];
    uint64_t y = (firstItem / group.size[0]) % group.size[1];
    uint64_t z = firstItem / (group.size[0] * group.size[1]);
    for (uint32_t l = 0; l < lanes; ++l) {
      warp.localId[0][l] = x;
      warp.localId[1][l] = y;
      warp.localId[2][l] = z;
      if (++x == group.size[0]) {
        x = 0;
        if (++y == group.size[1]) y = 0, ++z;
      }
    }
  }
  warp.live = warp.present;
  std::fill(warp.pending.begin(), warp.pending.end(), 0);
  std::fill(warp.pendingBlocks.begin(), warp.pendingBlocks.end(), 0);
  warp.parked.clear();
  addPending(warp, 0, warp.present);
  warp.status = WarpStatus::Ready;
}

void releaseBarrier(Warp &warp) {
  for (const auto &p : warp.parked) addPending(warp, p.next, p.lanes);
  warp.parked.clear();
  warp.status = WarpStatus::Ready;
}

namespace {

/// The warp loop; `Checked` runs the checks of exec/checked_ops.h before each op.
template <bool Checked> void runWarpLoop(LaunchContext &launch, GroupState &group, Warp &warp) {
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
  for (;;) {
    if (--untilPoll == 0) {
      untilPoll = Watchdog::kBlocksPerPoll;
      const bool stop = launch.watchdog.poll(warp.unpolled + executed * x.width);
      warp.unpolled = 0;
      executed = 0;
      if (stop) break; // the group runner reports where every warp stopped
    }
    int64_t next = lowestPending(warp);
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
      if constexpr (Checked) checkOp(x, op, i);
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
    ops::atomicUpdate<uint32_t, ops::name##Fn>(x, op);                                             \
    break;                                                                                         \
  case OpCode::name##64:                                                                           \
    ops::atomicUpdate<uint64_t, ops::name##Fn>(x, op);                                             \
    break;
#define SPVSIM_ATOMIC_FLOAT_CASE(name, spvop, expr)                                                \
  case OpCode::name##F32:                                                                          \
    ops::atomicUpdate<float, ops::name##Fn>(x, op);                                                \
    break;                                                                                         \
  case OpCode::name##F64:                                                                          \
    ops::atomicUpdate<double, ops::name##Fn>(x, op);                                               \
    break;
        SPVSIM_ATOMIC_INT_OPS(SPVSIM_ATOMIC_INT_CASE)
        SPVSIM_ATOMIC_FLOAT_OPS(SPVSIM_ATOMIC_FLOAT_CASE)
#undef SPVSIM_ATOMIC_INT_CASE
#undef SPVSIM_ATOMIC_FLOAT_CASE
      case OpCode::AtomicLoad32:
        ops::atomicLoad<uint32_t>(x, op);
        break;
      case OpCode::AtomicLoad64:
        ops::atomicLoad<uint64_t>(x, op);
        break;
      case OpCode::AtomicStore32:
        ops::atomicStore<uint32_t>(x, op);
        break;
      case OpCode::AtomicStore64:
        ops::atomicStore<uint64_t>(x, op);
        break;
      case OpCode::AtomicCompareExchange32:
        ops::atomicCompareExchange<uint32_t>(x, op);
        break;
      case OpCode::AtomicCompareExchange64:
        ops::atomicCompareExchange<uint64_t>(x, op);
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
        loadOp<Checked, uint8_t, false>(x, op, i);
        break;
      case OpCode::Load16:
        loadOp<Checked, uint16_t, false>(x, op, i);
        break;
      case OpCode::Load32:
        loadOp<Checked, uint32_t, false>(x, op, i);
        break;
      case OpCode::Load64:
        loadOp<Checked, uint64_t, false>(x, op, i);
        break;
      case OpCode::Store8:
        storeOp<Checked, uint8_t, false>(x, op, i);
        break;
      case OpCode::Store16:
        storeOp<Checked, uint16_t, false>(x, op, i);
        break;
      case OpCode::Store32:
        storeOp<Checked, uint32_t, false>(x, op, i);
        break;
      case OpCode::Store64:
        storeOp<Checked, uint64_t, false>(x, op, i);
        break;
      case OpCode::LoadIndexed8:
        loadOp<Checked, uint8_t, true>(x, op, i);
        break;
      case OpCode::LoadIndexed16:
        loadOp<Checked, uint16_t, true>(x, op, i);
        break;
      case OpCode::LoadIndexed32:
        loadOp<Checked, uint32_t, true>(x, op, i);
        break;
      case OpCode::LoadIndexed64:
        loadOp<Checked, uint64_t, true>(x, op, i);
        break;
      case OpCode::StoreIndexed8:
        storeOp<Checked, uint8_t, true>(x, op, i);
        break;
      case OpCode::StoreIndexed16:
        storeOp<Checked, uint16_t, true>(x, op, i);
        break;
      case OpCode::StoreIndexed32:
        storeOp<Checked, uint32_t, true>(x, op, i);
        break;
      case OpCode::StoreIndexed64:
        storeOp<Checked, uint64_t, true>(x, op, i);
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
      case OpCode::Builtin:
        ops::builtin(x, op);
        break;
      case OpCode::CondEdges: {
        const uint64_t taken = boolLanes(x.reg<uint8_t>(op.a), x.width);
        x.masks[1] = x.masks[0] & taken;
        x.masks[2] = x.masks[0] & ~taken;
        break;
      }
      case OpCode::SwitchEdges:
        switchEdges(x, op);
        break;
      case OpCode::Jump:
        addPending(warp, op.d, x.masks[0]);
        break;
      case OpCode::Goto2:
        addPending(warp, op.d, x.masks[1]);
        addPending(warp, op.a, x.masks[2]);
        break;
      case OpCode::GotoN: {
        const auto &targets = k.gotoTables[op.aux];
        for (uint32_t e = 0; e < targets.size(); ++e) addPending(warp, targets[e], x.masks[e + 1]);
        break;
      }
      case OpCode::Barrier: {
        bool merged = false;
        for (auto &p : warp.parked)
          if (p.site == op.aux && p.next == op.d) p.lanes |= x.masks[0], merged = true;
        if (!merged) warp.parked.push_back({op.aux, op.imm, op.d, x.masks[0]});
        break;
      }
      case OpCode::Exit:
        warp.live &= ~x.masks[0];
        break;
      case OpCode::Unreachable:
        reportUnreachableFault(x, op, x.masks[0]);
        warp.live &= ~x.masks[0];
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
  warp.untilPoll = untilPoll;
  warp.unpolled += executed * x.width;
}

} // namespace

void runWarp(LaunchContext &launch, GroupState &group, Warp &warp) {
  if (launch.checkedLoop)
    runWarpLoop<true>(launch, group, warp);
  else
    runWarpLoop<false>(launch, group, warp);
}

} // namespace spvsim
