// framesOfWorkItem (frames.h).
#include "frames.h"

namespace spvsim::debugger {

std::vector<SourceFrame> framesOfWorkItem(const DebugSession &session, const Warp &warp,
                                          uint32_t lane) {
  const LaunchContext *launch = session.launch();
  if (!launch) return {};
  uint32_t at = session.instructionOf(warp, lane);
  if (at == kNone) return {};
  // The frame of the op the work-item is at: the stop's own op when it is this warp's,
  // else the first op lowered from that instruction.
  const LoweredKernel &k = *launch->kernel;
  uint16_t frame = 0;
  const StopPoint &s = session.stopPoint();
  // Stopped at a finding, its work-item is at the op after the one that caused it (at
  // -O2 often on another line, or out of the function inlined there): the frames are
  // those of the op that caused it (the last op of its instruction before the stop), as
  // the stop report shows its line and gdb the faulting line of a signal.
  const std::optional<Finding> &finding = s.finding;
  const bool atFinding = finding && finding->workItem && s.x.warp == &warp && s.op &&
                         finding->workItem->global == session.globalIdOf(warp, lane);
  std::optional<uint32_t> cause;
  if (atFinding && finding->wordOffset) {
    const Module &m = session.info().module();
    for (uint32_t i = s.index; i-- > 0 && !cause;)
      if (m.instruction(k.ops[i].source).wordOffset == *finding->wordOffset) cause = i;
  }
  if (cause) {
    at = k.ops[*cause].source;
    frame = k.ops[*cause].frame;
  } else if (s.x.warp == &warp && s.op && s.op->source == at) {
    frame = s.op->frame;
  } else {
    for (const LoweredOp &op : k.ops)
      if (op.source == at) {
        frame = op.frame;
        break;
      }
  }
  const DebugInfo &info = session.info();
  std::vector<SourceFrame> all = info.framesAt(at);
  for (uint32_t n = 0; frame && frame < k.debugFrames.size() && n < 0x10000; ++n) {
    for (SourceFrame &f : info.framesAt(k.debugFrames[frame].call)) all.push_back(f);
    frame = k.debugFrames[frame].parent;
  }
  std::vector<SourceFrame> frames;
  for (SourceFrame &f : all)
    if (f.line != 0 || frames.empty()) frames.push_back(std::move(f));
  // A finding's op not found: its line at least.
  if (atFinding && !cause && finding->location && finding->location->line && !frames.empty()) {
    frames.front().file = finding->location->file;
    frames.front().line = finding->location->line;
  }
  return frames;
}

} // namespace spvsim::debugger
