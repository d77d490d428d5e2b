// `spvsim debug FILE.json` (docs/debugging.md): the launches of a run file under the
// interactive debugger. The run file is read, the module loaded and validated and the
// buffers made as `spvsim run` does (run_file_debug_target.h); the prompt starts the
// launches on a thread of their own with `run`, one work-group thread each, the
// debugger's watcher attached.
#include <unistd.h>

#include <iostream>
#include <memory>
#include <string>

#include "commands.h"
#include "launch_options.h"
#include "run_file_debug_target.h"
#include "spvsim/interpreter/checks.h"

namespace spvsim::cli {

namespace {

struct DebugOptions {
  std::string runFile;
  uint32_t warpWidth = 32;
  std::string checks = "bounds";
};

int debugCommand(const DebugOptions &options) {
  debugger::TargetOutput output;
  output.printf = [](std::string_view text) {
    std::cout.write(text.data(), static_cast<std::streamsize>(text.size()));
    std::cout.flush();
  };
  output.message = [](const std::string &line) { std::cout << line << "\n"; };
  std::unique_ptr<RunFileDebugTarget> target;
  try {
    target = std::make_unique<RunFileDebugTarget>(options.runFile, options.warpWidth, output,
                                                  options.checks);
  } catch (const InvalidModule &e) {
    std::cerr << e.what();
    return kBadInput;
  }
  return target->debugger().commandLoop(std::cin, std::cout, isatty(0) && isatty(1),
                                        target->control());
}

} // namespace

void addDebugCommand(CLI::App &app, int &exitStatus) {
  auto options = std::make_shared<DebugOptions>();
  CLI::App *debug = app.add_subcommand(
      "debug", "Run a run file's launches under the interactive debugger (docs/debugging.md)");
  debug->add_option("file", options->runFile, "The run file (as for `spvsim run`)")->required();
  debug->add_option("--warp-width", options->warpWidth, "Lanes run in lockstep (1..64)")
      ->check(CLI::Range(1, 64));
  debug
      ->add_option("--checks", options->checks,
                   std::string("Comma-separated checks to run, as for `spvsim run`: ") +
                       checkNames() +
                       " (default bounds: the others make every op of the launch slower, "
                       "and each replay too)")
      ->check(checkListProblem);
  debug->callback([options, &exitStatus] { exitStatus = debugCommand(*options); });
}

} // namespace spvsim::cli
