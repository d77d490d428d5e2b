// Spin detection and the progress.* findings (exec/spin_detector.h, docs/findings.md
// "Forward progress"). A warp is suspected after SpinMonitor::kSuspectPolls polls
// without yielding; from then on each poll compares its state — registers, pending
// lanes, private memory — with a snapshot (Brent's cycle search: the snapshot is
// retaken after 1, 2, 4, ... polls). A loop takes its addresses and stored values from
// registers, so when they repeat the loop writes what it wrote before and reads what
// it read before unless someone else writes: the warp spins once its state repeated
// twice while every other worker of the launch was idle or spinning too.
#include "exec/spin_detector.h"

#include <algorithm>
#include <bit>
#include <string>

#include "exec/exec_state.h"
#include "exec/execution_events.h"
#include "exec/spin_loop.h"

namespace spvsim {

namespace {
/// Work-groups whose state the monitor keeps, one byte each: a launch may have up to 2^63
/// work-items. Beyond them a spin names the first group not tracked.
constexpr uint64_t kTrackedGroups = uint64_t(1) << 20;
/// The calling thread's worker slot in the launch it runs (SpinMonitor::workerStarted).
thread_local uint32_t tWorkerSlot = 0;
} // namespace

void SpinMonitor::begin(uint32_t workers, uint64_t groups) {
  workers_ = std::max(workers, 1u);
  slots_ = std::make_unique<Worker[]>(workers_);
  nextSlot_.store(0, std::memory_order_relaxed);
  groups = std::min(groups, kTrackedGroups);
  groups_ = groups;
  groupState_ = std::make_unique<std::atomic<uint8_t>[]>(groups);
}

void SpinMonitor::workerStarted() {
  tWorkerSlot = std::min(nextSlot_.fetch_add(1, std::memory_order_relaxed), workers_ - 1);
}

void SpinMonitor::workerIdle() {
  slots_[tWorkerSlot].idle.store(true, std::memory_order_release);
}

void SpinMonitor::stuck(int delta) {
  slots_[tWorkerSlot].stuck.fetch_add(uint32_t(delta), std::memory_order_acq_rel);
}

void SpinMonitor::confirmed() {
  slots_[tWorkerSlot].repeats.fetch_add(1, std::memory_order_acq_rel);
}

bool SpinMonitor::quietSince(std::vector<uint64_t> &seen) const {
  const bool first = seen.size() != workers_;
  seen.resize(workers_, 0);
  bool quiet = !first;
  for (uint32_t w = 0; w < workers_; ++w) {
    const Worker &slot = slots_[w];
    const uint64_t repeats = slot.repeats.load(std::memory_order_acquire);
    if (w != tWorkerSlot && !slot.idle.load(std::memory_order_acquire) &&
        !(slot.stuck.load(std::memory_order_acquire) && repeats > seen[w]))
      quiet = false;
    seen[w] = repeats;
  }
  return quiet;
}

void SpinMonitor::groupStarted(uint64_t linearGroup) {
  if (linearGroup < groups_) groupState_[linearGroup].store(1, std::memory_order_relaxed);
}

void SpinMonitor::groupEnded(uint64_t linearGroup) {
  if (linearGroup < groups_) groupState_[linearGroup].store(2, std::memory_order_relaxed);
}

bool SpinMonitor::otherUnfinishedGroup(uint64_t self, uint64_t &group, bool &started) const {
  for (uint8_t wanted : {uint8_t(0), uint8_t(1)})
    for (uint64_t g = 0; g < groups_; ++g)
      if (g != self && groupState_[g].load(std::memory_order_relaxed) == wanted) {
        group = g;
        started = wanted == 1;
        return true;
      }
  return false;
}

namespace {

/// Polls of a cycle at most: a spin loop runs a few blocks per iteration.
constexpr uint32_t kMaxPeriodPolls = 64;
/// Matches in a row, each over a whole period with the launch quiescent, that make a spin.
constexpr uint32_t kQuietMatches = 2;

void snapshot(SpinWatch &s, const Warp &w) {
  s.registers = w.registerStorage;
  s.pending = w.pending;
  s.privateArena = w.privateArena;
  s.sinceSnapshot = 0;
}

int64_t lowestPendingBlock(const Warp &w) {
  for (size_t i = 0; i < w.pendingBlocks.size(); ++i)
    if (w.pendingBlocks[i]) return int64_t(i * 64 + std::countr_zero(w.pendingBlocks[i]));
  return -1;
}

bool sameState(const SpinWatch &s, const Warp &w, uint32_t slotStride) {
  if (s.pending != w.pending) return false;
  if (!s.sliced) return s.registers == w.registerStorage && s.privateArena == w.privateArena;
  // Still in the loop the slice is of (a loop after it has other exit conditions).
  const int64_t block = lowestPendingBlock(w);
  if (block < int64_t(s.sliceFirst) || block > int64_t(s.sliceLast)) return false;
  const size_t words = slotStride / sizeof(uint64_t);
  for (size_t slot = 0; slot < s.exitSlots.size(); ++slot)
    if (s.exitSlots[slot] && !std::equal(w.registerStorage.begin() + slot * words,
                                         w.registerStorage.begin() + (slot + 1) * words,
                                         s.registers.begin() + slot * words))
      return false;
  return true;
}

void unstick(LaunchContext &L, SpinWatch &s) {
  if (s.stuck) L.spin.stuck(-1);
  s.stuck = false;
  s.quietMatches = 0;
  s.cycle = 0;
}

/// Whether lane `lane`, waiting at block `from` outside the spinning loop, could write
/// what the loop reads (`read`, a tagged pointer) before it reaches a barrier or
/// returns: the blocks reachable from `from` without passing a barrier, skipping the
/// loop, have a store or atomic write whose pointer, as far as the lane's registers say
/// now, is into the same allocation, or not computed yet.
bool couldWrite(const ExecState &x, uint32_t from, uint32_t loopFirst, uint32_t loopLast,
                uint32_t lane, uint64_t read) {
  const LoweredKernel &k = *x.launch->kernel;
  std::vector<uint8_t> seen(k.blocks.size(), 0);
  std::vector<uint32_t> work{from};
  seen[from] = 1;
  while (!work.empty()) {
    const uint32_t b = work.back();
    work.pop_back();
    bool barrier = false;
    for (uint32_t i = k.blocks[b].first; i < k.blocks[b].end; ++i) {
      const LoweredOp &op = k.ops[i];
      if (op.code == OpCode::Barrier) barrier = true;
      if (!writesMemory(op.code)) continue;
      const uint64_t p = x.reg<uint64_t>(op.a)[lane];
      if (tagged::space(p) == AddressSpace::None ||
          (tagged::space(p) == tagged::space(read) && tagged::id(p) == tagged::id(read)))
        return true;
    }
    if (barrier) continue;
    forSuccessors(k, b, [&](uint32_t t) {
      if (t < seen.size() && !seen[t] && (t < loopFirst || t > loopLast)) {
        seen[t] = 1;
        work.push_back(t);
      }
    });
  }
  return false;
}

/// What a spinning lane waits on: the first load or atomic of its loop that reads
/// global or local memory.
struct SpinRead {
  uint32_t op = ~0u;
  uint64_t pointer = 0;
};

SpinRead spinRead(const ExecState &x, uint32_t first, uint32_t last, uint32_t lane) {
  const LoweredKernel &k = *x.launch->kernel;
  SpinRead fallback;
  for (uint32_t i = k.blocks[first].first; i < k.blocks[last].end; ++i) {
    const LoweredOp &op = k.ops[i];
    if (!readsMemory(op.code)) continue;
    const uint64_t p = x.reg<uint64_t>(op.a)[lane];
    const AddressSpace space = tagged::space(p);
    if (space == AddressSpace::Global || space == AddressSpace::Local)
      return {
          i,
          p + (op.code >= OpCode::LoadIndexed8 && op.code <= OpCode::LoadIndexed64 ? 0 : op.imm)};
    if (fallback.op == ~0u) fallback = {i, p};
  }
  return fallback;
}

std::string groupName(const LaunchContext &L, uint64_t linear) {
  std::string s = "(" + std::to_string(linear % L.groups[0]);
  if (L.range.dims > 1) s += "," + std::to_string((linear / L.groups[0]) % L.groups[1]);
  if (L.range.dims > 2) s += "," + std::to_string(linear / (L.groups[0] * L.groups[1]));
  return s + ")";
}

std::string localName(const ExecState &x, uint32_t lane) {
  std::string s = std::to_string(x.warp->localId[0][lane]);
  if (x.launch->range.dims > 1) s += "," + std::to_string(x.warp->localId[1][lane]);
  if (x.launch->range.dims > 2) s += "," + std::to_string(x.warp->localId[2][lane]);
  return s;
}

const char *spaceName(AddressSpace space) {
  switch (space) {
  case AddressSpace::Global:
    return "global";
  case AddressSpace::Local:
    return "local";
  case AddressSpace::Constant:
    return "constant";
  case AddressSpace::Private:
    return "private";
  default:
    return "generic";
  }
}

void reportSpin(const ExecState &x, const char *kind, std::string message,
                std::vector<std::string> notes, uint32_t lane, const SpinRead &read,
                uint32_t loopHeadOp) {
  const LaunchContext &L = *x.launch;
  Finding f;
  f.kind = kind;
  f.message = std::move(message);
  f.workItem = workItemOf(x, lane);
  uint32_t site = L.kernel->ops[loopHeadOp].source;
  if (read.op != ~0u) {
    const LoweredOp &op = L.kernel->ops[read.op];
    site = op.source;
    f.memory = MemoryRef{spaceName(tagged::space(read.pointer)), allocationName(x, read.pointer),
                         tagged::offset(read.pointer), accessBytes(op.code)};
  }
  f.notes = std::move(notes);
  L.reporter->report(std::move(f), site);
}

std::string waitsOn(const ExecState &x, const SpinRead &read) {
  if (read.op == ~0u) return "memory";
  return "'" + allocationName(x, read.pointer) + "' (byte " +
         std::to_string(tagged::offset(read.pointer)) + ")";
}

/// How far the group's warps got: those at a barrier or ended, and the sub-group barriers
/// they went through. It only grows while a warp of the group has yielded in a spin: a
/// work-group barrier is released only once no warp is ready, and a yielded warp is.
uint64_t groupProgress(const GroupState &group) {
  uint64_t progress = group.subGroupBarriersReleased;
  for (size_t i = 0; i < group.activeWarps; ++i)
    progress += group.warps[i].status != WarpStatus::Ready;
  return progress;
}

/// The warp's state repeated over whole periods with nothing else running: say why it
/// spins, and stop the launch or yield to the other warps of the group. True: leave
/// the warp loop.
bool spinning(const ExecState &x, SpinWatch &s) {
  LaunchContext &L = *x.launch;
  const LoweredKernel &k = *L.kernel;
  Warp &w = *x.warp;
  const int64_t block = lowestPendingBlock(w);
  if (block < 0) return false;
  uint32_t first = 0, last = 0;
  loopAround(k, uint32_t(block), first, last);
  // Lanes of the warp pending outside the loop wait for it to end (lockstep); they count
  // when they could write memory before their next barrier.
  uint64_t inLoop = 0;
  for (uint32_t b = first; b <= last && b < w.pending.size(); ++b) inLoop |= w.pending[b];
  if (!inLoop) return false;
  const uint32_t lane = uint32_t(std::countr_zero(inLoop));
  const SpinRead read = spinRead(x, first, last, lane);
  uint64_t waiting = 0, blocked = 0;
  for (uint32_t b = 0; b < w.pending.size(); ++b) {
    if (!w.pending[b] || (b >= first && b <= last)) continue;
    const uint32_t l = uint32_t(std::countr_zero(w.pending[b]));
    (couldWrite(x, b, first, last, l, read.pointer) ? waiting : blocked) |= w.pending[b];
  }
  const uint32_t headOp = k.blocks[first].first;
  const std::string self = groupName(L, x.group->linear);
  const std::string what = waitsOn(x, read);
  // Reports the spin and stops the launch: every finding of a spin ends with the same
  // note, after the notes of its own.
  auto stopWith = [&](const char *kind, std::string message, std::vector<std::string> notes = {}) {
    notes.push_back("spvsim stopped the launch here");
    reportSpin(x, kind, std::move(message), std::move(notes), lane, read, headOp);
    L.watchdog.stopForNoProgress();
    return true;
  };

  // Lanes of its own warp wait outside the loop: they cannot run until it ends.
  if (waiting) {
    const uint32_t other = uint32_t(std::countr_zero(waiting));
    return stopWith("progress.intra-group",
                    "work-item spins waiting for " + what +
                        " to change, which only work-items of its own sub-group could write, and "
                        "they wait for it to leave the loop: the work-items of a sub-group run in "
                        "lockstep, and OpenCL guarantees no forward progress between work-items of "
                        "a work-group outside barriers",
                    {"work-item with local id " + localName(x, other) +
                     " waits for the loop to end; " + std::to_string(std::popcount(inLoop)) +
                     " work-items of the sub-group spin"});
  }
  // Other warps of the group that have not run yet may release it: let them run (a wait
  // they end is correct on a device with independent forward progress of sub-groups,
  // OpenCL API §4.2, progress.intra-group on one without: reportReleased). A warp that
  // yielded yields again, and to a warp that yielded itself, once some warp of the group
  // reached a barrier or its end since (sub-groups that wait for each other in a chain);
  // with no such progress since they yielded, the group's warps all wait.
  const uint64_t progress = groupProgress(*x.group);
  const bool mayYield = !s.yielded || s.yieldedAt < progress;
  bool otherLive = blocked != 0;
  for (size_t i = 0; i < x.group->activeWarps; ++i) {
    Warp &o = x.group->warps[i];
    if (&o == &w || o.status == WarpStatus::Exited) continue;
    otherLive = true;
    if (o.status == WarpStatus::Ready &&
        !(o.spin && o.spin->yielded && o.spin->yieldedAt >= progress) && mayYield) {
      s.yielded = true;
      s.yieldedAt = progress;
      s.spinningLanes = inLoop;
      s.loopFirst = first, s.loopLast = last;
      s.readOp = read.op, s.readPointer = read.pointer, s.lane = lane;
      unstick(L, s);
      s.period = 1;
      snapshot(s, w);
      return true;
    }
  }
  uint64_t group = 0;
  bool started = false;
  const uint64_t groups = L.groups[0] * L.groups[1] * L.groups[2];
  // __local and private memory are the group's own: no other work-group can release a
  // wait on them (OpenCL 3.0 API §3.3.1).
  const AddressSpace readSpace =
      read.op == ~0u ? AddressSpace::Global : tagged::space(read.pointer);
  const bool groupOwn = readSpace == AddressSpace::Local || readSpace == AddressSpace::Private;
  bool other = !groupOwn && L.spin.otherUnfinishedGroup(x.group->linear, group, started);
  if (!other && !groupOwn && groups > kTrackedGroups && x.group->linear != kTrackedGroups)
    other = true, group = kTrackedGroups, started = false;
  if (other) {
    const std::string other = groupName(L, group);
    return stopWith(
        "progress.inter-group",
        "work-group " + self + " spins waiting for " + what +
            " to change, which no work-item of its own group can still write, and "
            "work-group " +
            other +
            (started ? " that could write it waits itself"
                     : " that could write it has not started and cannot start until "
                       "work-group " +
                           self + " ends") +
            ": OpenCL guarantees no forward progress between work-groups",
        {"the other work-group: " + other + (started ? " (running)" : " (not started)")});
  }
  if (otherLive && L.subGroupIndependentProgress && !blocked) {
    // Only other sub-groups of the group wait, and the device gives sub-groups
    // independent forward progress: no scheduler could end the wait (a deadlock).
    return stopWith(
        "hang.spin",
        "work-item spins waiting for " + what +
            " to change, and the other sub-groups of its work-group wait themselves (at "
            "a barrier or in a spin): none of them can write it, even with the "
            "independent forward progress of sub-groups the device reports");
  }
  if (otherLive) {
    return stopWith("progress.intra-group",
                    "work-item spins waiting for " + what +
                        " to change, and the other work-items of its group wait themselves (at a "
                        "barrier or in a spin): OpenCL guarantees no forward progress between "
                        "work-items of a work-group outside barriers");
  }
  return stopWith("hang.spin",
                  "work-item spins waiting for " + what +
                      " to change, and no work-item that is still to run could write it");
}

/// A warp that yielded in a spin went on after the other warps of its group ran: correct
/// on a device with independent forward progress of sub-groups (OpenCL API §4.2,
/// CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS), progress.intra-group on one without.
void reportReleased(const ExecState &x, SpinWatch &s) {
  s.yielded = false;
  if (x.launch->subGroupIndependentProgress) return;
  const LoweredKernel &k = *x.launch->kernel;
  const SpinRead read{s.readOp, s.readPointer};
  reportSpin(x, "progress.intra-group",
             "work-item spun waiting for " + waitsOn(x, read) +
                 " until other sub-groups of its work-group ran: it relies on forward progress "
                 "between the sub-groups of a work-group, which OpenCL does not guarantee",
             {"spvsim ran the group's other sub-groups while it waited, and it went on"}, s.lane,
             read, k.blocks[s.loopFirst].first);
}

bool stillInLoop(const Warp &w, const SpinWatch &s) {
  uint64_t in = 0;
  for (uint32_t b = s.loopFirst; b <= s.loopLast && b < w.pending.size(); ++b) in |= w.pending[b];
  return (in & s.spinningLanes) != 0;
}

} // namespace

bool pollRunningWarp(const ExecState &x, uint64_t executed) {
  Warp &warp = *x.warp;
  const bool stop = x.launch->watchdog.poll(warp.unpolled + executed * x.width);
  warp.unpolled = 0;
  if (stop) return true; // the group runner reports where every warp stopped
  return ++warp.pollsThisRun >= SpinMonitor::kSuspectPolls && spinPoll(x);
}

bool spinPoll(const ExecState &x) {
  Warp &w = *x.warp;
  LaunchContext &L = *x.launch;
  if (!w.spin) {
    w.spin = std::make_unique<SpinWatch>();
    snapshot(*w.spin, w);
    return false;
  }
  SpinWatch &s = *w.spin;
  if (s.yielded && !stillInLoop(w, s)) reportReleased(x, s);
  if (s.backoff) {
    --s.backoff;
    return false;
  }
  ++s.sinceSnapshot;
  if (s.cycle) {
    // A cycle of `cycle` polls was found: compare in its phase only.
    if (s.sinceSnapshot < s.cycle) return false;
    if (!sameState(s, w, L.kernel->slotStride)) {
      unstick(L, s);
      s.sliced = false; // the loop's state moved: search the whole state again
      s.period = 1;
      snapshot(s, w);
      return false;
    }
  } else if (!sameState(s, w, L.kernel->slotStride)) {
    if (s.sinceSnapshot >= s.period) {
      s.period *= 2;
      if (s.period > kMaxPeriodPolls) { // no short cycle
        s.period = 1;
        // Search again comparing only what the loop's exit conditions depend on (a wait
        // that counts), else look again later.
        const int64_t block = lowestPendingBlock(w);
        s.sliced = !s.sliced && block >= 0 &&
                   exitSlice(x, uint32_t(block), s.exitSlots, s.sliceFirst, s.sliceLast);
        if (!s.sliced) {
          s.backoff = std::min<uint32_t>(std::max<uint32_t>(s.backoffNext, 64), 1u << 16);
          s.backoffNext = s.backoff * 2;
        }
      }
      snapshot(s, w);
    }
    return false;
  } else {
    s.cycle = s.sinceSnapshot;
    s.stuck = true;
    L.spin.stuck(+1);
  }
  // The state repeated over a whole cycle. Count it when every other worker was idle or
  // spinning all along: their spins repeated since the last cycle (a flag alone would
  // count a worker whose warp just left its loop and whose thread did not run since).
  L.spin.confirmed();
  const bool quiet = L.spin.quietSince(s.seenRepeats);
  s.quietMatches = quiet ? s.quietMatches + 1 : 0;
  snapshot(s, w);
  if (s.quietMatches < kQuietMatches) return false;
  return spinning(x, s);
}

void spinRunEnded(LaunchContext &launch, GroupState &group, Warp &warp) {
  if (!warp.spin || warp.status == WarpStatus::Ready) return; // yielded, or the launch stopped
  SpinWatch &s = *warp.spin;
  if (s.yielded) {
    ExecState x;
    x.regs = warp.registers();
    x.width = launch.kernel->warpWidth;
    x.launch = &launch, x.group = &group, x.warp = &warp;
    reportReleased(x, s);
  }
  unstick(launch, s);
  warp.spin.reset();
}

} // namespace spvsim
