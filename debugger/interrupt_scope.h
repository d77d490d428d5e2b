// InterruptScope: while a launch runs or a replay of it runs for the prompt (a reverse
// command, last-write), Ctrl-C (SIGINT) asks the session to stop
// (DebugSession::requestInterrupt); outside the scope the previous handler is back.
// ReplayCancelScope: a replay the prompt runs ends on that request.
#pragma once

#include <signal.h>

#include <atomic>

#include "debug_session.h"

namespace spvsim::debugger {

/// While alive, requestInterrupt sets `cancel` (a replay's), which ends the replay.
class ReplayCancelScope {
public:
  ReplayCancelScope(DebugSession &s, std::atomic<bool> &cancel) : session_(s) {
    session_.setReplayCancel(&cancel);
  }
  ~ReplayCancelScope() { session_.setReplayCancel(nullptr); }
  ReplayCancelScope(const ReplayCancelScope &) = delete;
  ReplayCancelScope &operator=(const ReplayCancelScope &) = delete;

private:
  DebugSession &session_;
};

class InterruptScope {
public:
  explicit InterruptScope(DebugSession &s);
  ~InterruptScope();
  InterruptScope(const InterruptScope &) = delete;
  InterruptScope &operator=(const InterruptScope &) = delete;

private:
  struct sigaction previous_ {};
  DebugSession *previousSession_ = nullptr; ///< scopes nest (a reverse command's replays)
};

} // namespace spvsim::debugger
