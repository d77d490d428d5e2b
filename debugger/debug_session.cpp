// DebugSession (debug_session.h): where a launch may stop, whether it stops, and
// the hand-over between the launch's thread and the prompt's.
#include "debug_session.h"
#include "last_write.h"

#include <algorithm>
#include <bit>
#include <filesystem>
#include <utility>

namespace spvsim::debugger {

namespace {

constexpr uint8_t kFlagBind = 1;       ///< a DebugBind op: the variable moves
constexpr uint8_t kFlagBreakpoint = 2; ///< the first op of a breakpoint's line

/// The file names of a breakpoint and of a module location match: equal, or one is the
/// other's last components (`break k.cl:12` for /src/k.cl).
bool sameFile(const std::string &wanted, const std::string &actual) {
  if (wanted.empty() || wanted == actual) return true;
  const std::string w = std::filesystem::path(wanted).lexically_normal().string();
  const std::string a = std::filesystem::path(actual).lexically_normal().string();
  return a.size() > w.size() && a.ends_with(w) && a[a.size() - w.size() - 1] == '/';
}

/// The GroupWatcher of the debugger: tells the session which group runs.
class DebugGroupWatcher : public GroupWatcher {
public:
  DebugGroupWatcher(DebugSession &s, std::span<Warp> warps) : session_(s), warps_(warps) {}
  void groupStarted(GroupState &g, std::span<Warp> warps, uint64_t) override {
    session_.setGroup(&g, warps);
  }
  void groupEnded(GroupState &) override { session_.setGroup(nullptr, {}); }

private:
  DebugSession &session_;
  std::span<Warp> warps_;
};

} // namespace

DebugSession::DebugSession(const Module &module) : info_(module) {}

std::unique_ptr<GroupWatcher> DebugSession::makeGroupWatcher(LaunchContext &,
                                                             std::span<Warp> warps) {
  return std::make_unique<DebugGroupWatcher>(*this, warps);
}

void DebugSession::setGroup(GroupState *g, std::span<Warp> warps) {
  group_ = g;
  warps_ = warps;
  if (g) {
    groupItems_ = g->items;
    bindings_.assign(size_t(g->items) * variableCount_, kNone);
    if (launch_ && !warps.empty() && argumentRegisters_.empty()) keepArguments(warps.front());
    // A replay reaching the group of a __local watchpoint: its copy as the group starts.
    if (launch_ && !warps.empty() &&
        std::any_of(watchpoints.begin(), watchpoints.end(),
                    [&](const Watchpoint &w) { return w.group && *w.group == g->id; }))
      rereadWatchpoints(stateOfWarp(warps.front()));
  } else {
    bindings_.clear();
  }
}

void DebugSession::launchStarted(LaunchContext &L) {
  launch_ = &L;
  opsReached = 0;
  lastStopPosition_ = ~uint64_t(0);
  endNow = false;
  argumentRegisters_.clear();
  nextEdit_ = 0;
  const LoweredKernel &k = *L.kernel;
  numberBindings(k);
  opLines_.assign(k.ops.size(), 0);
  opFunctions_.assign(k.ops.size(), 0);
  opDepths_.assign(k.ops.size(), 0);
  lineStart_.assign(k.ops.size(), 0);
  for (size_t i = 0; i < k.ops.size(); ++i) {
    opLines_[i] = info_.lineOf(k.ops[i].source);
    const uint32_t df = info_.debugFunctionAt(k.ops[i].source);
    opFunctions_[i] = df ? df : info_.functionOf(k.ops[i].source);
    uint32_t depth = info_.inlineDepth(k.ops[i].source);
    for (uint32_t f = k.ops[i].frame, n = 0; f && f < k.debugFrames.size() && n < 0x10000; ++n) {
      depth += 1 + info_.inlineDepth(k.debugFrames[f].call);
      f = k.debugFrames[f].parent;
    }
    opDepths_[i] = depth;
  }
  // llvm-spirv's kernels are wrappers without source lines that call the kernel's body:
  // depths count from the outermost frame with source lines.
  uint32_t base = ~0u;
  for (size_t i = 0; i < k.ops.size(); ++i)
    if (opLines_[i]) base = std::min(base, opDepths_[i]);
  if (base != ~0u)
    for (uint32_t &d : opDepths_) d = d > base ? d - base : 0;
  const EntryPoint *ep = info_.module().findEntryPoint(k.name);
  kernelFunction_ = ep ? ep->function : 0;
  // A line starts where an op of a block has a line the block's previous op with a line
  // did not have: a breakpoint stops there once per pass through the block.
  for (const LoweredBlock &b : k.blocks) {
    uint32_t previous = 0, previousFunction = 0, previousDepth = 0;
    for (uint32_t i = b.first; i < b.end; ++i) {
      if (k.ops[i].code == OpCode::DebugBind || opLines_[i] == 0) continue;
      if (opLines_[i] != previous || opFunctions_[i] != previousFunction ||
          opDepths_[i] != previousDepth)
        lineStart_[i] = 1;
      previous = opLines_[i];
      previousFunction = opFunctions_[i];
      previousDepth = opDepths_[i];
    }
  }
  updateFlags();
  // Program-scope variables keep their values across launches: a replay and a run again
  // start from their bytes as the launch first started, as the buffers do.
  if (search_) {
    programScopeNow_.capture(L);
    programScopeStart.restore(L);
  } else if (rewind_ == Rewind::Abandon) {
    programScopeStart.restore(L);
  } else {
    programScopeStart.capture(L);
    for (Breakpoint &b : breakpoints) {
      b.countFrom = 0;
      b.hitsAtCountFrom = b.hits;
      b.loggedAt.clear();
    }
  }
  if (search_) {
    searchStarted_ = false;
    everyOp = true;
  } else if (rewind_ == Rewind::Abandon) {
    // Run again from the start: silently, every op counted, to the rewind's count.
    rewind_ = Rewind::Position;
    everyOp = true;
    watchingStores = false;
  }
}

bool DebugSession::breakpointMatches(const Breakpoint &b, uint32_t index) const {
  if (!b.kernel.empty()) {
    // The kernel's first line: the first line start of the entry block.
    // The kernel's first line after its declaration's (gdb skips the prologue so).
    if (b.kernel != launch_->kernel->name) return false;
    for (uint32_t i = 0; i < lineStart_.size(); ++i)
      if (lineStart_[i] && !isDeclarationLine(i)) return i == index;
    return index == 0; // no lines (no -g): its first op
  }
  if (!lineStart_[index] || opLines_[index] != b.line ||
      !sameFile(b.file, info_.fileOf(launch_->kernel->ops[index].source)))
    return false;
  // The line's first op in each inlined copy of its function: a line that goes on after
  // a call (in the call's continuation block) or spans branches stops once per pass.
  const LoweredOp &op = launch_->kernel->ops[index];
  for (uint32_t i = 0; i < index; ++i)
    if (lineStart_[i] && opLines_[i] == b.line && launch_->kernel->ops[i].frame == op.frame &&
        opDepths_[i] == opDepths_[index] && opFunctions_[i] == opFunctions_[index])
      return false;
  return true;
}

bool DebugSession::isDeclarationLine(uint32_t index) const {
  const uint32_t df = info_.debugFunctionAt(launch_->kernel->ops[index].source);
  return df && opLines_[index] == info_.functionLine(df);
}

bool DebugSession::lineHasCode(const std::string &file, uint32_t line) const {
  if (!launch_) return true; // known once the kernel is lowered
  Breakpoint b;
  b.file = file;
  b.line = line;
  for (uint32_t i = 0; i < lineStart_.size(); ++i)
    if (breakpointMatches(b, i)) return true;
  return false;
}

void DebugSession::updateFlags() {
  if (!launch_) return;
  const LoweredKernel &k = *launch_->kernel;
  flags_.assign(k.ops.size(), 0);
  for (uint32_t i = 0; i < k.ops.size(); ++i) {
    if (k.ops[i].code == OpCode::DebugBind) flags_[i] |= kFlagBind;
    for (const Breakpoint &b : breakpoints)
      if (breakpointMatches(b, i)) flags_[i] |= kFlagBreakpoint;
  }
  opFlags = flags_.data();
  watchingStores = !watchpoints.empty();
}

GlobalId DebugSession::globalIdOf(const Warp &w, uint32_t lane) const {
  GlobalId id{};
  for (uint32_t d = 0; d < 3; ++d)
    id[d] = group_->id[d] * launch_->localSize[d] + w.localId[d][lane] + launch_->range.offset[d];
  return id;
}

void DebugSession::keepArguments(Warp &w) {
  // The registers startWarp filled with the kernel's arguments (lane 0: they are the
  // same in every work-item), for reading buffers through them with no group running.
  const LoweredKernel &k = *launch_->kernel;
  const ExecState x = stateOfWarp(w);
  auto keep = [&](uint32_t offset, uint32_t bytes) {
    uint64_t bits = 0;
    switch (bytes) {
    case 1:
      bits = x.reg<uint8_t>(offset)[0];
      break;
    case 2:
      bits = x.reg<uint16_t>(offset)[0];
      break;
    case 4:
      bits = x.reg<uint32_t>(offset)[0];
      break;
    default:
      bits = x.reg<uint64_t>(offset)[0];
      break;
    }
    argumentRegisters_.emplace_back(offset, bits);
  };
  for (const ParamBinding &p : k.params) {
    if (p.kind == ParamBinding::Kind::Value)
      for (const ParamBinding::Leaf &leaf : p.leaves) keep(leaf.slot, leaf.size);
    else
      keep(p.pointerSlot, 8);
  }
}

std::optional<uint64_t> DebugSession::argumentRegister(uint32_t offset) const {
  for (const auto &[at, bits] : argumentRegisters_)
    if (at == offset) return bits;
  return std::nullopt;
}

ExecState DebugSession::launchState() const {
  ExecState x;
  x.width = launch_ ? launch_->kernel->warpWidth : 32;
  x.launch = launch_;
  return x;
}

ExecState DebugSession::stateOfWarp(Warp &w) const {
  ExecState x;
  x.regs = w.registers();
  x.width = launch_->kernel->warpWidth;
  x.allLanes = x.width == 64 ? ~uint64_t(0) : (uint64_t(1) << x.width) - 1;
  x.masks = w.masks.data();
  x.launch = launch_;
  x.group = group_;
  x.warp = &w;
  x.laneMasks = w.laneMasks.get();
  return x;
}

std::optional<std::pair<Warp *, uint32_t>> DebugSession::findWorkItem(const GlobalId &id) const {
  if (!group_) return std::nullopt;
  for (Warp &w : warps_)
    for (uint32_t l = 0; l < launch_->kernel->warpWidth; ++l)
      if ((w.present >> l) & 1 && globalIdOf(w, l) == id) return std::make_pair(&w, l);
  return std::nullopt;
}

uint32_t DebugSession::instructionOf(const Warp &w, uint32_t lane) const {
  const uint64_t bit = uint64_t(1) << lane;
  if (stopped_ && stop_.x.warp == &w && (stop_.x.maskOf(*stop_.op) & bit)) return stop_.op->source;
  const LoweredKernel &k = *launch_->kernel;
  // The first op of the block it resumes at that has a source line (at -O2 a block
  // often starts with ops that have none), else the block's first op.
  auto blockStart = [&](uint32_t b) {
    for (uint32_t i = k.blocks[b].first; i < k.blocks[b].end; ++i)
      if (opLines_[i]) return k.ops[i].source;
    return k.ops[k.blocks[b].first].source;
  };
  for (const auto &p : w.parked)
    if (p.lanes & bit) return blockStart(p.next);
  for (uint32_t b = 0; b < w.pending.size() && b < k.blocks.size(); ++b)
    if (w.pending[b] & bit) return blockStart(b);
  return kNone;
}

void DebugSession::numberBindings(const LoweredKernel &k) {
  // A part is its variable, offset and size in bits (size 0: the whole variable).
  struct Part {
    uint32_t slot, offset, bits;
  };
  std::unordered_map<uint32_t, std::vector<Part>> parts;
  variableSlots_.clear();
  bindingSlot_.assign(k.debugBindings.size(), 0);
  variableCount_ = 0;
  std::vector<BindPart> partOf(k.debugBindings.size());
  for (const LoweredOp &op : k.ops)
    if (op.code == OpCode::DebugBind && op.aux < partOf.size()) partOf[op.aux] = bindPartOf(op);
  for (size_t b = 0; b < k.debugBindings.size(); ++b) {
    const BindPart d = partOf[b];
    std::vector<Part> &list = parts[k.debugBindings[b].variable];
    auto same = std::find_if(list.begin(), list.end(), [&](const Part &p) {
      return p.offset == d.offset && p.bits == d.bits;
    });
    if (same == list.end()) {
      list.push_back({variableCount_++, d.offset, d.bits});
      same = list.end() - 1;
    }
    bindingSlot_[b] = same->slot;
  }
  replacedSlots_.assign(k.debugBindings.size(), {});
  for (size_t b = 0; b < k.debugBindings.size(); ++b) {
    const BindPart d = partOf[b];
    for (const Part &p : parts[k.debugBindings[b].variable]) {
      if (p.slot == bindingSlot_[b] || p.bits == 0) continue;
      if (d.bits == 0 || (uint64_t(p.offset) < uint64_t(d.offset) + d.bits &&
                          uint64_t(d.offset) < uint64_t(p.offset) + p.bits))
        replacedSlots_[b].push_back(p.slot);
    }
  }
  for (auto &[variable, list] : parts) {
    std::stable_sort(list.begin(), list.end(),
                     [](const Part &a, const Part &b) { return (a.bits != 0) < (b.bits != 0); });
    for (const Part &p : list) variableSlots_[variable].push_back(p.slot);
  }
}

std::vector<uint32_t> DebugSession::bindingsOf(uint32_t localIndex, uint32_t variable) const {
  std::vector<uint32_t> ops;
  auto it = variableSlots_.find(variable);
  if (it == variableSlots_.end() || localIndex >= groupItems_) return ops;
  for (uint32_t slot : it->second) {
    const size_t at = size_t(slot) * groupItems_ + localIndex;
    if (at < bindings_.size() && bindings_[at] != kNone) ops.push_back(bindings_[at]);
  }
  return ops;
}

std::optional<uint32_t> DebugSession::focusLane(const ExecState &x, uint64_t mask) const {
  // The focus's local linear index in this group, if it is in it: a warp's lanes are
  // consecutive local linear indices, x fastest (exec/warp_executor.cpp).
  uint64_t linear = 0, scale = 1;
  for (uint32_t d = 0; d < 3; ++d) {
    const uint64_t first = x.group->id[d] * x.launch->localSize[d] + x.launch->range.offset[d];
    if (focus[d] < first || focus[d] - first >= x.group->size[d]) return std::nullopt;
    linear += (focus[d] - first) * scale;
    scale *= x.group->size[d];
  }
  if (linear < x.warp->firstItem || linear - x.warp->firstItem >= x.width) return std::nullopt;
  const auto lane = uint32_t(linear - x.warp->firstItem);
  if (!((mask >> lane) & 1)) return std::nullopt;
  return lane;
}

void DebugSession::findingReported(const Finding &f) {
  // Findings before a rewind's stop were reported when the launch first got there.
  if (!stopOnFindings || !f.workItem || search_ || rewind_ != Rewind::None) return;
  pendingFinding_ = f;
  everyOp = true;
}

void DebugSession::bind(const ExecState &x, const LoweredOp &op, uint32_t index) {
  const uint64_t mask = x.maskOf(op);
  // The variable's row: the warp's work-items are consecutive in it.
  const uint32_t firstItem = x.warp->firstItem;
  auto write = [&](uint32_t slot, uint32_t value) {
    uint32_t *row = bindings_.data() + size_t(slot) * groupItems_ + firstItem;
    if (mask == x.allLanes && firstItem + x.width <= groupItems_) {
      std::fill(row, row + x.width, value);
      return;
    }
    for (uint64_t m = mask; m; m &= m - 1)
      if (const uint32_t lane = uint32_t(std::countr_zero(m)); firstItem + lane < groupItems_)
        row[lane] = value;
  };
  write(bindingSlot_[op.aux], index);
  // The parts of the variable this binding says anew (LLVM's DW_OP_LLVM_fragment).
  for (uint32_t slot : replacedSlots_[op.aux]) write(slot, kNone);
}

void DebugSession::applyEdits(const ExecState &x) {
  nextEdit_ = edits.applyAt(x, opsReached, nextEdit_);
  // The launch first went on with the bytes as `set var` left them, watched from there.
  if (!watchpoints.empty()) rereadWatchpoints(x);
}

void DebugSession::recordEdit(StateEdit e) {
  e.position = stop_.position;
  edits.add(e);
  nextEdit_ = edits.after(e.position);
  for (Breakpoint &b : breakpoints)
    std::erase_if(b.loggedAt, [&](uint64_t at) { return at > e.position; });
}

void DebugSession::addBreakpoint(Breakpoint b) {
  if (stopped_) {
    b.countFrom = stop_.position;
    b.hitsAtCountFrom = b.hits;
  }
  breakpoints.push_back(std::move(b));
  updateFlags();
}

void DebugSession::opReached(const ExecState &x, const LoweredOp &op, uint32_t index) {
  // Ops reached here are counted in every run alike; an edit's op is always reached
  // here (everyOp is set until it is: search and position runs, resume).
  if (opsReached >= edits.positionAt(nextEdit_) && rewind_ != Rewind::Abandon &&
      !(search_ && search_->reached))
    applyEdits(x);
  if (search_) return searchOp(x, op, index);
  switch (rewind_) {
  case Rewind::Abandon:
    return;
  case Rewind::Position:
    return positionOp(x, op, index);
  case Rewind::None:
    break;
  }
  if (op.code == OpCode::DebugBind) return bind(x, op, index);
  decide(x, op, index);
}

void DebugSession::rereadWatchpoints(const ExecState &x) {
  for (Watchpoint &w : watchpoints) {
    if (!watchesGroupOf(w, x)) continue;
    ops::ResolvedAllocation r;
    const uint64_t offset = tagged::offset(w.pointer);
    if (ops::resolve(x, w.pointer, 0, r) && offset + w.bytes <= r.size)
      w.last.assign(r.base + offset, r.base + offset + w.bytes);
  }
}

void DebugSession::searchOp(const ExecState &x, const LoweredOp &op, uint32_t index) {
  SearchReplay &s = *search_;
  if (s.reached) return;
  if (opsReached >= s.until) {
    // The op the launch stopped at has not run: nothing from here on counts but the
    // watch stops of a store made just before it, which the launch makes here, one per
    // work-item (the one it stopped at among them: StopPoint::sequence).
    if (!pendingWatches_.empty() && op.source != watchSource_ && x.maskOf(op))
      stopAtWatches(x, op, index);
    s.reached = true;
    everyOp = false;
    watchingStores = false;
    if (s.cancel) {
      s.cancel->store(true);
      endNow = true;
    }
    return;
  }
  if (!searchStarted_) { // watchpoints compare with the bytes the launch starts with
    searchStarted_ = true;
    rereadWatchpoints(x);
  }
  if (op.code == OpCode::DebugBind) return bind(x, op, index);
  if (s.record == SearchReplay::Record::LastOp ||
      (s.record == SearchReplay::Record::LineStarts && lineStart_[index]) ||
      (s.record == SearchReplay::Record::CallSite && opDepths_[index] < s.callerDepth))
    if (const uint64_t mask = x.maskOf(op); mask && focusLane(x, mask)) {
      const FocusStep step{opsReached, opLines_[index], opDepths_[index], lineStart_[index] != 0,
                           isDeclarationLine(index)};
      if (s.record != SearchReplay::Record::LineStarts)
        s.steps.assign(1, step);
      else
        s.steps.push_back(step);
    }
  // The stops it would make are recorded by stopHere; every op comes back here.
  if ((flags_[index] & kFlagBreakpoint) || !pendingWatches_.empty()) decide(x, op, index);
  everyOp = true;
}

void DebugSession::positionOp(const ExecState &x, const LoweredOp &op, uint32_t index) {
  if (op.code == OpCode::DebugBind) return bind(x, op, index);
  const uint64_t mask = x.maskOf(op);
  if (!mask) return;
  // Ctrl-C while going back: the launch stops here, short of the count, as it would
  // have when it first ran (what follows is run again by the next forward command).
  const bool interrupted = opsReached < rewindStop_.position &&
                           interrupt_.load(std::memory_order_relaxed) && interrupt_.exchange(false);
  if (opsReached < rewindStop_.position && !interrupted) return;
  rewind_ = Rewind::None;
  everyOp = false;
  interrupt_.store(false);
  rereadWatchpoints(x);
  watchingStores = !watchpoints.empty();
  RewindStop to = std::exchange(rewindStop_, {});
  focus = to.focus;
  mode_ = Resume::Continue;
  if (interrupted) {
    if (!focusLane(x, mask)) focus = globalIdOf(*x.warp, uint32_t(std::countr_zero(mask)));
    return stopHere(x, op, index, "Interrupted");
  }
  lastStopPosition_ = opsReached;
  stopsAtPosition_ = to.sequence;
  if (!to.watches.empty()) { // a watch stop: then those of the same store after it
    pendingWatches_ = std::move(to.laterWatches);
    pendingWatches_.push_front({to.focus, std::move(to.watches)});
    return stopAtWatches(x, op, index);
  }
  stopHere(x, op, index, std::move(to.reason));
}

void DebugSession::decide(const ExecState &x, const LoweredOp &op, uint32_t index) {
  const uint64_t mask = x.maskOf(op);
  if (!mask) return;
  if (interrupt_.exchange(false)) {
    everyOp = mode_ != Resume::Continue || pendingFinding_ || !pendingWatches_.empty();
    if (auto lane = focusLane(x, mask); !lane)
      for (uint32_t l = 0; l < x.width; ++l)
        if ((mask >> l) & 1) {
          focus = globalIdOf(*x.warp, l);
          break;
        }
    mode_ = Resume::Continue;
    return stopHere(x, op, index, "Interrupted");
  }
  // Every watchpoint the store changed, each in the work-item that wrote it, at this op:
  // after the SPIR-V instruction that stored (all the components of a vector it stores).
  if (!pendingWatches_.empty() && op.source != watchSource_) {
    stopAtWatches(x, op, index);
    if (rewind_ != Rewind::None) return; // going back: this launch is abandoned
  }
  if (pendingFinding_) {
    const Finding f = *std::exchange(pendingFinding_, std::nullopt);
    everyOp = mode_ != Resume::Continue;
    focus = f.workItem->global;
    stopHere(x, op, index, "Finding " + f.kind + ": " + f.message, {}, f);
    if (rewind_ != Rewind::None) return;
  }
  if (flags_[index] & kFlagBreakpoint) {
    for (size_t bi = 0; bi < breakpoints.size(); ++bi) {
      Breakpoint &b = breakpoints[bi];
      if (!breakpointMatches(b, index)) continue;
      // The work-item in focus when it is here, else the first one here whose
      // condition holds.
      std::optional<uint32_t> lane;
      auto holds = [&](uint32_t l) {
        return b.condition.empty() || !conditionHolds || conditionHolds(x, l, b.condition);
      };
      if (auto f = focusLane(x, mask); f && holds(*f)) lane = f;
      for (uint32_t l = 0; !lane && l < x.width; ++l)
        if ((mask >> l) & 1 && holds(l)) lane = l;
      if (!lane) continue;
      // A search replay before the breakpoint was set: no hit to count (so none that a
      // hit count stops at), but a place where `reverse-continue` stops, as gdb's does.
      if (opsReached > b.countFrom) {
        ++b.hits;
        if (search_) search_->hits.emplace_back(opsReached, b.number);
        if (!b.hitStops()) continue;
      } else if (b.hitRule != Breakpoint::HitRule::Every) {
        continue;
      }
      if (!b.logMessage.empty()) { // a log point: logged once per hit, and on
        if (!search_ && logPointReached && b.firstLogAt(opsReached)) logPointReached(x, *lane, b);
        continue;
      }
      focus = globalIdOf(*x.warp, *lane);
      std::string reason =
          (b.temporary ? "Temporary breakpoint " : "Breakpoint ") + std::to_string(b.number);
      if (b.temporary && !search_) {
        breakpoints.erase(breakpoints.begin() + std::ptrdiff_t(bi));
        updateFlags();
      }
      everyOp = false;
      return stopHere(x, op, index, reason);
    }
  }
  if (!everyOp || mode_ == Resume::Continue) return;
  auto lane = focusLane(x, mask);
  if (!lane) return;
  const uint32_t line = opLines_[index];
  const uint32_t depth = opDepths_[index];
  bool stop = false;
  switch (mode_) {
  case Resume::StepInstruction:
    stop = true;
    break;
  case Resume::Step:
    stop = lineStart_[index] && (line != stepLine_ || depth != stepDepth_);
    // Into a function: past the line it is declared on (its parameters are stored there).
    if (stop && depth > stepDepth_ && isDeclarationLine(index)) {
      stop = false;
      stepLine_ = line;
      stepDepth_ = depth;
    }
    break;
  case Resume::Next:
    stop = lineStart_[index] && depth <= stepDepth_ && (line != stepLine_ || depth < stepDepth_);
    break;
  case Resume::Finish:
    stop = lineStart_[index] && depth < stepDepth_;
    break;
  case Resume::Continue:
    break;
  }
  if (op.code == OpCode::Exit && mode_ != Resume::StepInstruction) {
    stop = true;
    everyOp = false;
    mode_ = Resume::Continue;
    return stopHere(x, op, index, "returns");
  }
  if (!stop) return;
  everyOp = false;
  mode_ = Resume::Continue;
  stopHere(x, op, index, "step");
}

void DebugSession::stopAtWatches(const ExecState &x, const LoweredOp &op, uint32_t index) {
  while (!pendingWatches_.empty()) {
    WatchStop s = std::move(pendingWatches_.front());
    pendingWatches_.pop_front();
    std::sort(s.hits.begin(), s.hits.end(),
              [](const WatchHit &a, const WatchHit &b) { return a.number < b.number; });
    everyOp = mode_ != Resume::Continue || pendingFinding_.has_value();
    focus = s.writer;
    const std::string reason = "Watchpoint " + std::to_string(s.hits.front().number);
    stopHere(x, op, index, reason, std::move(s.hits));
    if (rewind_ != Rewind::None) return; // going back: this launch is abandoned
  }
}

void DebugSession::storeDone(const ExecState &x, const LoweredOp &op, uint32_t index,
                             uint32_t bytes, bool indexed) {
  if (rewind_ != Rewind::None || (search_ && search_->reached)) return;
  for (Watchpoint &w : watchpoints) {
    if (!watchesGroupOf(w, x)) continue; // another group's copy of a __local element
    ops::ResolvedAllocation r;
    if (!ops::resolve(x, w.pointer, 0, r)) continue;
    const uint64_t offset = tagged::offset(w.pointer);
    if (offset + w.bytes > r.size) continue;
    const std::byte *now = r.base + offset;
    if (w.last.size() == w.bytes && std::equal(now, now + w.bytes, w.last.begin())) continue;
    // Another op of the instruction that changed it already (the next component of a
    // vector it stores): the same hit, with the bytes as they are now.
    if (op.source == watchSource_) {
      WatchHit *same = nullptr;
      for (WatchStop &pending : pendingWatches_)
        for (WatchHit &h : pending.hits)
          if (h.number == w.number) same = &h;
      if (same) {
        same->after.assign(now, now + w.bytes);
        w.last = same->after;
        continue;
      }
    }
    // Which work-item wrote it: a lane whose access covers the watched bytes.
    const uint64_t mask = x.maskOf(op);
    std::optional<uint32_t> writer;
    const uint64_t *p = x.reg<uint64_t>(op.a);
    for (uint32_t l = 0; l < x.width && !writer; ++l)
      if ((mask >> l) & 1 && tagged::allocation(p[l]) == tagged::allocation(w.pointer)) {
        const int64_t at = storeOffset(x, op, l, indexed);
        if (at < int64_t(offset + w.bytes) && int64_t(offset) < at + int64_t(bytes)) writer = l;
      }
    if (!writer)
      for (uint32_t l = 0; l < x.width && !writer; ++l)
        if ((mask >> l) & 1) writer = l;
    // Stop after the store, at the warp's next op, in the work-item that wrote, with
    // the other watchpoints it changed; each other work-item that changed one, in turn.
    (void)index;
    WatchHit hit{w.number, w.last, std::vector<std::byte>(now, now + w.bytes)};
    w.last = hit.after;
    const GlobalId id = globalIdOf(*x.warp, *writer);
    auto stop = std::find_if(pendingWatches_.begin(), pendingWatches_.end(),
                             [&](const WatchStop &s) { return s.writer == id; });
    if (stop == pendingWatches_.end()) {
      if (pendingWatches_.empty()) {
        watchSource_ = op.source;
        everyOp = true;
      }
      stop = pendingWatches_.insert(pendingWatches_.end(), WatchStop{id, {}});
    }
    stop->hits.push_back(std::move(hit));
  }
}

void DebugSession::launchEnded(LaunchContext &L) {
  if (search_) programScopeNow_.restore(L); // as the stopped launch has them
  // Abandoned: the runner runs the launch again. Ended before the rewind's count (which
  // a deterministic launch does not): it stops no more.
  if (rewind_ == Rewind::Position) rewind_ = Rewind::None;
  // A launch that ended for good takes its edits with it; one abandoned to be run again
  // keeps them.
  if (rewind_ == Rewind::None && !search_) edits.clear();
  launch_ = nullptr;
  opFlags = nullptr;
  pendingFinding_.reset();
  pendingWatches_.clear();
  everyOp = false;
  mode_ = Resume::Continue;
}

void DebugSession::stopHere(const ExecState &x, const LoweredOp &op, uint32_t index,
                            std::string reason, std::vector<WatchHit> watches,
                            std::optional<Finding> finding) {
  if (opsReached != lastStopPosition_) {
    lastStopPosition_ = opsReached;
    stopsAtPosition_ = 0;
  }
  const uint32_t sequence = stopsAtPosition_++;
  if (search_) { // a search replay: where it would stop, and on
    search_->stops.push_back({opsReached, sequence, focus, std::move(reason), std::move(watches)});
    focus = search_->focus;
    return;
  }
  std::unique_lock lock(mutex_);
  stop_.watches = std::move(watches);
  stop_.sequence = sequence;
  stop_.finding = std::move(finding);
  stop_.x = x;
  stop_.op = &op;
  stop_.index = index;
  stop_.position = opsReached;
  stop_.reason = std::move(reason);
  stopped_ = true;
  resumed_ = false;
  changed_.notify_all();
  changed_.wait(lock, [&] { return resumed_; });
  stopped_ = false;
}

bool DebugSession::waitForStop() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return stopped_ || finished_; });
  return stopped_;
}

void DebugSession::resume(Resume how) {
  std::unique_lock lock(mutex_);
  mode_ = how;
  stepLine_ = opLine(stop_.index);
  stepDepth_ = opDepth(stop_.index);
  stepIndex_ = stop_.index;
  // Edits ahead (made before a reverse command went back): their ops call back.
  everyOp = how != Resume::Continue || pendingFinding_.has_value() ||
            edits.positionAt(nextEdit_) != StateEdits::kNoPosition;
  updateFlags();
  interrupt_.store(false); // a Ctrl-C or pause that came as the launch stopped
  resumed_ = true;
  stopped_ = false;
  changed_.notify_all();
}

void DebugSession::rewindTo(RewindStop to) {
  std::unique_lock lock(mutex_);
  rewind_ = Rewind::Abandon;
  endNow = true; // its runner has cancelled it (LaunchControl::restart): it ends at once
  rewindStop_ = std::move(to);
  pendingFinding_.reset();
  pendingWatches_.clear();
  mode_ = Resume::Continue;
  everyOp = false;
  interrupt_.store(false);
  resumed_ = true;
  stopped_ = false;
  changed_.notify_all();
}

void DebugSession::finishAll() {
  std::unique_lock lock(mutex_);
  finished_ = true;
  changed_.notify_all();
}

} // namespace spvsim::debugger
