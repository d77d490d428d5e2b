// `spvsim dap` (docs/debugging.md, "Editors: the Debug Adapter Protocol"): the debugger
// as a Debug Adapter Protocol server on standard input and output, for VS Code,
// Neovim (nvim-dap) and other DAP clients. A `launch` request names a run file
// ("program"), debugged as `spvsim debug` debugs it (run_file_debug_target.h), or a host
// program (["./app", args...]), run as `spvsim exec --debug` runs it.
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "run_file_debug_target.h"
#include "spvsim/debugger/dap.h"

namespace spvsim::cli {

namespace {

/// While it lives, std::cout writes to standard error: standard output carries the
/// protocol only, so a stray write cannot corrupt it.
class ProtocolOutput {
public:
  ProtocolOutput() : protocol_(std::cout.rdbuf()) { std::cout.rdbuf(std::cerr.rdbuf()); }
  ~ProtocolOutput() { std::cout.rdbuf(protocol_.rdbuf()); }
  ProtocolOutput(const ProtocolOutput &) = delete;
  ProtocolOutput &operator=(const ProtocolOutput &) = delete;
  std::ostream &stream() { return protocol_; }

private:
  std::ostream protocol_;
};

/// This spvsim's executable (run again as `spvsim exec --debug` for a host program).
std::string selfPath() {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) throw Error("cannot find spvsim's own executable (/proc/self/exe): " + ec.message());
  return self.string();
}

std::vector<std::string> hostCommand(const debugger::DapLaunchArguments &launch) {
  std::vector<std::string> argv = {
      selfPath(), "exec",        "--debug", "--warp-width", std::to_string(launch.warpWidth),
      "--checks", launch.checks, "--"};
  argv.insert(argv.end(), launch.command.begin(), launch.command.end());
  return argv;
}

} // namespace

void addDapCommand(CLI::App &app, int &exitStatus) {
  CLI::App *dap = app.add_subcommand(
      "dap", "Serve the Debug Adapter Protocol on standard input and output (docs/debugging.md)");
  dap->callback([&exitStatus] {
    ProtocolOutput protocol;
    exitStatus = debugger::serveDap(
        STDIN_FILENO, protocol.stream(),
        [](const debugger::DapLaunchArguments &launch, debugger::TargetOutput output) {
          try {
            return std::unique_ptr<debugger::DebugTarget>(std::make_unique<RunFileDebugTarget>(
                launch.program, launch.warpWidth, std::move(output), launch.checks));
          } catch (const InvalidModule &e) {
            throw Error("The module of " + launch.program + " is not valid:\n" + e.what());
          }
        },
        hostCommand);
  });
}

} // namespace spvsim::cli
