// Ctrl-C while launches run (see interrupt.h).
#include "core/interrupt.h"

#include <csignal>
#include <mutex>
#include <unistd.h>

#include "core/config.h"

namespace spvsim::runtime {

namespace {

// Written by the signal handler: lock-free atomics are async-signal-safe.
std::atomic<bool> stopping{false};
std::atomic<bool> sigint{false};
static_assert(std::atomic<bool>::is_always_lock_free);

std::atomic<bool> launchStopped{false}; ///< a launch was stopped by the Ctrl-C
std::atomic<int> running{0};            ///< launches running inside an InterruptScope
static_assert(std::atomic<int>::is_always_lock_free);

std::mutex scopeMutex;
int scopes = 0; ///< launches running inside an InterruptScope
struct sigaction programAction;

extern "C" void onSigint(int) {
  // While no launch runs the user hears what the Ctrl-C does (write(2) is
  // async-signal-safe; the message is printed once).
  const bool first = !sigint.exchange(true);
  stopping.store(true);
  if (first && running.load() == 0) {
    static const char message[] =
        "\nspvsim: Ctrl-C: the program's next launch stops at its start and later commands "
        "fail; Ctrl-C again ends the program\n";
    [[maybe_unused]] const ssize_t written = write(STDERR_FILENO, message, sizeof message - 1);
  }
}

} // namespace

void takeInterrupts() {
  static std::once_flag once;
  std::call_once(once, [] {
    const Config &config = Config::get();
    if (!config.stopOnInterrupt || config.debug) return;
    struct sigaction action {
    }, previous{};
    action.sa_handler = onSigint;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, &previous);
    // A program that ignores SIGINT keeps ignoring it.
    if (previous.sa_handler == SIG_IGN) sigaction(SIGINT, &previous, nullptr);
  });
}

bool markLaunchInterrupted() {
  return !launchStopped.exchange(true);
}

bool launchInterrupted() {
  return launchStopped.load();
}

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
  running.fetch_add(1);
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
  running.fetch_sub(1);
  if (--scopes == 0) sigaction(SIGINT, &programAction, nullptr);
}

} // namespace spvsim::runtime
