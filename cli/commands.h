// The spvsim subcommands. Each registers itself on the CLI11 app; its callback
// stores the process exit status (0 clean, 1 findings, 2 bad input, 3 internal).
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace spvsim::cli {

/// Exit statuses of docs/run-files.md, and 128 + SIGINT for a run stopped by Ctrl-C.
enum ExitStatus : int {
  kClean = 0,
  kFindings = 1,
  kBadInput = 2,
  kInternal = 3,
  kInterrupted = 130
};

/// `spvsim validate [options] FILE...` (validate_command.cpp).
void addValidateCommand(CLI::App &app, int &exitStatus);
/// `spvsim run [options] FILE.json` (run_command.cpp).
void addRunCommand(CLI::App &app, int &exitStatus);
/// `spvsim init [options] MODULE` (init_command.cpp).
void addInitCommand(CLI::App &app, int &exitStatus);
/// `spvsim debug [options] FILE.json` (debug_command.cpp).
void addDebugCommand(CLI::App &app, int &exitStatus);
/// `spvsim dap` (dap_command.cpp).
void addDapCommand(CLI::App &app, int &exitStatus);
/// `spvsim exec [options] -- PROGRAM [ARGS...]` (exec_command.cpp).
void addExecCommand(CLI::App &app, int &exitStatus);
/// `spvsim help [TOPIC]` (help_command.cpp).
void addHelpCommand(CLI::App &app, int &exitStatus);

} // namespace spvsim::cli
