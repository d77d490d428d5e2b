// framesOfWorkItem (frames.h).
#include "frames.h"

namespace spvsim::debugger {

std::vector<SourceFrame> framesOfWorkItem(const DebugSession &session, const Warp &warp,
                                          uint32_t lane) {
  const LaunchContext *launch = session.launch();
  if (!launch) return {};
  const uint32_t at = session.instructionOf(warp, lane);
  if (at == kNone) return {};
  // The frame of the op the work-item is at: the stop's own op when it is this warp's,
  // else the first op lowered from that instruction.
  const LoweredKernel &k = *launch->kernel;
  uint16_t frame = 0;
  const StopPoint &s = session.stopPoint();
  if (s.x.warp == &warp && s.op && s.op->source == at) {
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
  return frames;
}

} // namespace spvsim::debugger
