// Debugger (spvsim/debugger/debugger.h): the session and its prompt behind one face.
#include "spvsim/debugger/debugger.h"

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
  return loop.run(in, out, terminal);
}

} // namespace spvsim::debugger
