// The Debug Adapter Protocol server behind `spvsim dap` (docs/debugging.md, "Editors:
// the Debug Adapter Protocol"): requests and events on a pair of streams, driving the
// same commands as the prompt. What a `launch` request debugs is made by the program
// (cli/) through a DebugTargetFactory: the debugger library does not read run files.
// A `launch` of a host program ("program": [path, args...]) runs it as `spvsim exec
// --debug` does (the command line made by a HostCommandFactory); each kernel launch it
// enqueues connects back to the adapter and is served by serveLaunchDap.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "spvsim/common/finding.h"
#include "spvsim/debugger/debugger.h"

namespace spvsim::debugger {

/// The arguments of a DAP `launch` request that spvsim reads.
struct DapLaunchArguments {
  std::string program;              ///< the run file (empty for a host program)
  std::vector<std::string> command; ///< a host program and its arguments (empty for a run file)
  std::map<std::string, std::string> env; ///< a host program's added environment variables
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

/// The command line that runs a host program's `command` under the debugger (`spvsim
/// exec --debug [--checks LIST] [--warp-width N] -- command...`).
using HostCommandFactory = std::function<std::vector<std::string>(const DapLaunchArguments &)>;

/// The environment variable that names the socket a host program's kernel launches
/// connect to, each served by serveLaunchDap (set by the adapter for the program).
inline constexpr const char *kLaunchSocketVariable = "SPVSIM_DEBUG_DAP";

/// Serves one DAP session: requests read from file descriptor `input`, responses and
/// events written to `output`, until `disconnect` or the end of the input. Returns the
/// process exit status (0). `hostCommand` empty: a host program cannot be launched.
int serveDap(int input, std::ostream &output, DebugTargetFactory makeTarget,
             HostCommandFactory hostCommand = {});

/// Serves one kernel launch of a host program to the adapter connected on socket `fd`
/// (the adapter relays the client's requests; docs/debugging.md): `makeTarget` makes the
/// launch's target at the adapter's `launch`; returns when the adapter disconnects.
void serveLaunchDap(int fd, DebugTargetFactory makeTarget);

} // namespace spvsim::debugger
