// The commands that replay the stopped launch (CommandLoop, command_loop.h):
// `last-write EXPR` (last_write.h) and the reverse ones (reverse_execution.h),
// `reverse-finish` included (back to the call of the function the work-item is in).
#include <algorithm>
#include <cstring>
#include <filesystem>

#include "command_loop.h"
#include "frames.h"
#include "interrupt_scope.h"
#include "last_write.h"
#include "memory/tagged_pointer.h"
#include "reverse_execution.h"
#include "spvsim/common/error.h"

namespace spvsim::debugger {

void CommandLoop::cmdReverse(ReverseCommand command) {
  if (!requireStopped()) return;
  std::string leaving; // reverse-finish: the frame gone back out of
  if (command == ReverseCommand::Finish) {
    if (session_.opDepth(session_.stopPoint().index) == 0) {
      *out_ << "\"finish\" not meaningful in the outermost frame.\n";
      return;
    }
    if (auto found = session_.findWorkItem(session_.focus)) {
      const std::vector<SourceFrame> frames =
          framesOfWorkItem(session_, *found->first, found->second);
      if (!frames.empty())
        leaving =
            "Run back to call of #0  " + frames.front().function + " () at " +
            (frames.front().line ? std::filesystem::path(frames.front().file).filename().string() +
                                       ":" + std::to_string(frames.front().line)
                                 : "SPIR-V instruction");
    }
  }
  const ReverseTarget target = [&] {
    const InterruptScope ctrlC(session_); // Ctrl-C ends the search replay
    return findReverseTarget(session_, command, control_, buffers_);
  }();
  if (!leaving.empty()) *out_ << leaving << "\n";
  rewind(session_, target, control_);
  waitAndReport();
}

void CommandLoop::cmdLastWrite(const std::string &args) {
  if (!requireStopped()) return;
  if (args.empty())
    throw Error("Usage: last-write EXPR (a buffer element, a __local array element)");
  auto e = inspectEvaluator();
  if (!e) throw Error("The kernel is not stopped.");
  Value v = e->evaluate(args);
  if (v.address && tagged::space(*v.address) == AddressSpace::Private)
    throw Error("last-write needs global or __local memory (a private variable is one "
                "work-item's).");
  constexpr uint32_t kLargestElement = 256; // as for `watch`
  if (!v.address || !v.type || v.type->bytes == 0 || v.type->bytes > kLargestElement)
    throw Error("last-write needs an element in memory (of a buffer or array, a vector or its "
                "component, up to " +
                std::to_string(kLargestElement) + " bytes).");
  if (!control_.replay) throw Error("This launch cannot be replayed.");
  // Replay the launch from its inputs up to the op it is stopped at (last_write.h).
  const StopPoint &s = session_.stopPoint();
  const GroupState *g = session_.group();
  std::atomic<bool> cancel{false};
  LastWriteRecorder recorder(*v.address, v.type->bytes, g ? g->id : GlobalId{0, 0, 0}, s.position,
                             cancel, session_.edits, session_.programScopeStart);
  session_.takeInterrupt(); // one that came as the launch stopped is not for this replay
  {
    const InterruptScope ctrlC(session_);
    const ReplayCancelScope cancelOnInterrupt(session_, cancel);
    control_.replay(recorder, cancel);
  }
  if (session_.takeInterrupt()) throw Error(kReplayInterrupted);
  std::ostream &out = *out_;
  if (!recorder.reachedEnd())
    out << "warning: the replay ended before it reached this stop; the answer covers the "
           "whole replay.\n";
  const std::optional<LastWrite> &w = recorder.lastWrite();
  if (!w) {
    out << args << " was never written in this launch before now.\n";
    return;
  }
  if (w->bySetVar)
    out << args << " was last set by `set var`, stopped in work-item " << workItemText(w->workItem)
        << " at " << whereText(w->instruction) << "\n";
  else
    out << args << " was last written by work-item " << workItemText(w->workItem) << " at "
        << whereText(w->instruction) << "\n";
  if (const uint32_t line = session_.info().lineOf(w->instruction))
    printSourceLine(session_.info().fileOf(w->instruction), line);
  out << "Value written = " << e->format(valueOfBytes(v.type, w->bytes.data(), w->bytes.size()))
      << "\n";
}

} // namespace spvsim::debugger
