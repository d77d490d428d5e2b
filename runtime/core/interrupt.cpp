// Ctrl-C while launches run (see interrupt.h).
#include "core/interrupt.h"

#include <csignal>
#include <mutex>

#include "core/config.h"

namespace spvsim::runtime {

namespace {

// Written by the signal handler: lock-free atomics are async-signal-safe.
std::atomic<bool> stopping{false};
std::atomic<bool> sigint{false};
static_assert(std::atomic<bool>::is_always_lock_free);

std::mutex scopeMutex;
int scopes = 0; ///< launches running inside an InterruptScope
struct sigaction programAction;

extern "C" void onSigint(int) {
  sigint.store(true);
  stopping.store(true);
}

} // namespace

std::atomic<bool> &launchesStopping() {
  return stopping;
}

bool interruptedByUser() {
  return sigint.load();
}

InterruptScope::InterruptScope() {
  if (!Config::get().stopOnInterrupt) return;
  std::lock_guard lock(scopeMutex);
  active_ = true;
  if (scopes++) return;
  struct sigaction action {};
  action.sa_handler = onSigint;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, &programAction);
  // A program that ignores SIGINT keeps ignoring it.
  if (programAction.sa_handler == SIG_IGN) sigaction(SIGINT, &programAction, nullptr);
}

InterruptScope::~InterruptScope() {
  if (!active_) return;
  std::lock_guard lock(scopeMutex);
  if (--scopes == 0) sigaction(SIGINT, &programAction, nullptr);
}

} // namespace spvsim::runtime
