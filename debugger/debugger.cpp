// Debugger (spvsim/debugger/debugger.h): the session and its prompt behind one face.
#include "spvsim/debugger/debugger.h"

#include <signal.h>

#include <sstream>

#include "command_loop.h"
#include "debug_session.h"

namespace spvsim::debugger {

Debugger::Debugger(const Module &module, std::map<std::string, BufferType> buffers)
    : session_(std::make_unique<DebugSession>(module)), buffers_(std::move(buffers)) {}

Debugger::~Debugger() = default;

DebugWatcher *Debugger::watcher() {
  return session_.get();
}

void Debugger::findingReported(const Finding &f) {
  session_->findingReported(f);
}

void Debugger::finished() {
  session_->finishAll();
}

int Debugger::commandLoop(std::istream &in, std::ostream &out, bool terminal,
                          LaunchControl control) {
  CommandLoop loop(*session_, buffers_, std::move(control));
  for (const auto &[file, text] : sourceTexts_) loop.setSourceText(file, text);
  return loop.run(in, out, terminal);
}

int Debugger::launchPrompt(std::istream &in, std::ostream &out, bool terminal,
                           LaunchControl control, const std::string &kernel) {
  // The prompt takes Ctrl-C (command_loop.h); the host program's own handling comes back
  // when it returns.
  struct KeepSigint {
    struct sigaction previous {};
    KeepSigint() { sigaction(SIGINT, nullptr, &previous); }
    ~KeepSigint() { sigaction(SIGINT, &previous, nullptr); }
  } keep;
  CommandLoop loop(*session_, buffers_, std::move(control));
  for (const auto &[file, text] : sourceTexts_) loop.setSourceText(file, text);
  std::ostringstream unseen; // "Temporary breakpoint 1 at kernel K": not the user's
  loop.setOutput(unseen);
  loop.execute("tbreak " + kernel);
  loop.setOutput(out);
  loop.endWhenFinished = true;
  loop.execute("run");
  if (session_->finished()) return 0;
  return loop.run(in, out, terminal);
}

} // namespace spvsim::debugger
