// The Debug Adapter Protocol server behind `spvsim dap` (docs/debugging.md, "Editors:
// the Debug Adapter Protocol"): requests and events on a pair of streams, driving the
// same commands as the prompt. What a `launch` request debugs is made by the program
// (cli/) through a DebugTargetFactory: the debugger library does not read run files.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

#include "spvsim/common/finding.h"
#include "spvsim/debugger/debugger.h"

namespace spvsim::debugger {

/// The arguments of a DAP `launch` request that spvsim reads.
struct DapLaunchArguments {
  std::string program;     ///< the run file
  std::string cwd;         ///< relative paths are relative to it (empty: the current directory)
  uint32_t warpWidth = 32; ///< lanes run in lockstep
  std::string checks = "bounds"; ///< the checks to run, as `spvsim run --checks` takes them
};

/// Where a target's text goes while it runs (the adapter turns it into `output` events).
struct TargetOutput {
  std::function<void(std::string_view)> printf; ///< the kernels' printf output
  std::function<void(const Finding &)> finding; ///< each new finding, as it is reported
  std::function<void(const std::string &)>
      message; ///< a line about the run ("[The run finished...]")
};

/// The launches a `launch` request debugs, ready to run under `debugger()`.
class DebugTarget {
public:
  virtual ~DebugTarget() = default;
  virtual Debugger &debugger() = 0;
  /// How the debugger starts, stops and replays the launches.
  virtual LaunchControl control() = 0;
  /// The exit status `spvsim run` would give the launches run so far (0 clean, 1 findings).
  virtual int exitStatus() const = 0;
};

/// Makes the target of a launch request; throws spvsim::Error when it cannot (the
/// message is the launch request's error).
using DebugTargetFactory =
    std::function<std::unique_ptr<DebugTarget>(const DapLaunchArguments &, TargetOutput)>;

/// Serves one DAP session: requests read from file descriptor `input`, responses and
/// events written to `output`, until `disconnect` or the end of the input. Returns the
/// process exit status (0).
int serveDap(int input, std::ostream &output, DebugTargetFactory makeTarget);

} // namespace spvsim::debugger
