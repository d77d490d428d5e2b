// CommandRunner (command_runner.h).
#include "command_runner.h"

#include <utility>

namespace spvsim::debugger {

CommandRunner::CommandRunner(DebugSession &session, std::map<std::string, BufferType> buffers,
                             LaunchControl control)
    : loop_(session, std::move(buffers), std::move(control)) {
  loop_.setOutput(text_);
}

CommandRunner::Result CommandRunner::run(const std::string &line) {
  if (line.find_first_not_of(" \t\r\n") == std::string::npos) return {};
  text_.str("");
  text_.clear();
  const bool goOn = loop_.execute(line);
  return {text_.str(), !goOn};
}

} // namespace spvsim::debugger
