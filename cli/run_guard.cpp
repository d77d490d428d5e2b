// RunGuard: SIGINT and the run's deadline (see run_guard.h).
#include "run_guard.h"

#include <algorithm>
#include <csignal>

namespace spvsim::cli {

namespace {

// Written by the signal handler: a lock-free atomic is async-signal-safe.
std::atomic<bool> sigintReceived{false};
static_assert(std::atomic<bool>::is_always_lock_free);

struct sigaction previousAction;

extern "C" void onSigint(int) {
  sigintReceived.store(true);
}

} // namespace

RunGuard::RunGuard(double runTimeoutSeconds) : runTimeoutSeconds_(runTimeoutSeconds) {
  if (runTimeoutSeconds > 0) {
    const double seconds = std::min(runTimeoutSeconds, 3.2e9); // no overflow of the clock
    deadline_ = std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(seconds));
  }
  sigintReceived.store(false);
  struct sigaction action {};
  action.sa_handler = onSigint;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND | SA_RESTART; // a second SIGINT takes the default action
  sigaction(SIGINT, &action, &previousAction);
  // A process started with SIGINT ignored (a background job of a shell) keeps ignoring it.
  if (previousAction.sa_handler == SIG_IGN) sigaction(SIGINT, &previousAction, nullptr);
}

RunGuard::~RunGuard() {
  sigaction(SIGINT, &previousAction, nullptr);
}

void RunGuard::configure(ExecOptions &options) const {
  options.cancel = &sigintReceived;
  options.runDeadline = deadline_;
  options.runTimeoutSeconds = runTimeoutSeconds_;
}

runfile::StopCheck RunGuard::stopCheck() const {
  return [this] { return interrupted() || timedOut(); };
}

bool RunGuard::interrupted() const {
  return sigintReceived.load();
}

bool RunGuard::timedOut() const {
  return deadline_ && std::chrono::steady_clock::now() >= *deadline_;
}

} // namespace spvsim::cli
