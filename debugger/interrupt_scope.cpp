// InterruptScope (interrupt_scope.h).
#include "interrupt_scope.h"

namespace spvsim::debugger {

namespace {

/// The session Ctrl-C interrupts (null outside every scope).
std::atomic<DebugSession *> interrupted{nullptr};

extern "C" void interruptLaunch(int) {
  if (DebugSession *s = interrupted.load()) s->requestInterrupt();
}

} // namespace

InterruptScope::InterruptScope(DebugSession &s) : previousSession_(interrupted.load()) {
  interrupted.store(&s);
  struct sigaction a {};
  a.sa_handler = interruptLaunch;
  sigemptyset(&a.sa_mask);
  sigaction(SIGINT, &a, &previous_);
}

InterruptScope::~InterruptScope() {
  interrupted.store(previousSession_);
  sigaction(SIGINT, &previous_, nullptr);
}

} // namespace spvsim::debugger
