// RunFileDebugTarget: the launches of a run file made ready to run under the debugger —
// the run file read, its module loaded and validated, its buffers made as `spvsim run`
// makes them, and the LaunchControl that runs them on a thread of their own (one
// work-group thread each, so the schedule is the same on every run) and replays the
// stopped launch from the bytes its buffers started with (last-write). Used by
// `spvsim debug` (the prompt) and `spvsim dap` (the Debug Adapter Protocol).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "spvsim/common/error.h"
#include "spvsim/debugger/dap.h"
#include "spvsim/debugger/debugger.h"

namespace spvsim::cli {

/// The module did not validate; the message is the findings as text.
class InvalidModule : public Error {
public:
  using Error::Error;
};

class RunFileDebugTarget : public debugger::DebugTarget {
public:
  /// Reads `runFile`; throws spvsim::Error (InvalidModule when the module has errors).
  /// `checks`: as `spvsim run --checks` takes them (the debugger's default: bounds).
  RunFileDebugTarget(const std::string &runFile, uint32_t warpWidth, debugger::TargetOutput output,
                     const std::string &checks = "bounds");
  ~RunFileDebugTarget() override;
  RunFileDebugTarget(const RunFileDebugTarget &) = delete;
  RunFileDebugTarget &operator=(const RunFileDebugTarget &) = delete;

  debugger::Debugger &debugger() override;
  debugger::LaunchControl control() override;
  int exitStatus() const override;

private:
  struct State;
  std::unique_ptr<State> state_;
};

} // namespace spvsim::cli
