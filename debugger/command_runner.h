// CommandRunner: the prompt's commands run one at a time for a front end that is not
// a terminal (the Debug Adapter Protocol server, dap/): each command is executed by
// the same CommandLoop as `spvsim debug`'s prompt, and the text it printed is handed
// back instead of being written to a terminal.
#pragma once

#include <map>
#include <sstream>
#include <string>

#include "command_loop.h"

namespace spvsim::debugger {

class CommandRunner {
public:
  CommandRunner(DebugSession &session, std::map<std::string, BufferType> buffers,
                LaunchControl control);

  struct Result {
    std::string text; ///< what the prompt printed
    bool quit = false;
  };
  /// Runs one command line; an empty line does nothing (the prompt would repeat the last
  /// stepping command).
  Result run(const std::string &line);

private:
  std::ostringstream text_;
  CommandLoop loop_;
};

} // namespace spvsim::debugger
