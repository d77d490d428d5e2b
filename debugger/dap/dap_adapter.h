// DapAdapter: one Debug Adapter Protocol session (docs/debugging.md, "Editors: the
// Debug Adapter Protocol"). Requests are read on a thread of their own and handled in
// order on the serving thread, which runs the prompt's commands (command_runner.h), so
// that `continue`, `next`, `stepIn`, `stepOut`, `stepBack` and `reverseContinue` do
// exactly what `continue`, `next`, `step`, `finish`, `reverse-step` and
// `reverse-continue` do at the prompt. While the launch runs, the reading thread
// answers `pause` itself (the launch stops at its next op, as on Ctrl-C) and makes
// `disconnect` stop it; other requests wait for the stop.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "../command_runner.h"
#include "dap_channel.h"
#include "dap_host_relay.h"
#include "dap_variables.h"
#include "spvsim/debugger/dap.h"

namespace spvsim::debugger::dap {

class DapAdapter {
public:
  DapAdapter(int input, std::ostream &output, DebugTargetFactory makeTarget,
             HostCommandFactory hostCommand = {});
  ~DapAdapter();
  DapAdapter(const DapAdapter &) = delete;
  DapAdapter &operator=(const DapAdapter &) = delete;

  /// Handles requests until `disconnect` or the end of the input.
  void serve();

private:
  /// What identifies a stop: a command that leaves it unchanged did not run the launch.
  struct StopKey {
    bool stopped = false, finished = false;
    uint64_t position = 0;
    uint32_t index = 0;
    std::string reason;
    GlobalId focus{0, 0, 0};
    bool operator==(const StopKey &) const = default;
  };

  void readRequests();
  void handle(const nlohmann::json &request);

  void initialize(const nlohmann::json &request);
  void launch(const nlohmann::json &request);
  /// `launch` of a host program ("program": [path, args...]): the relay takes over.
  void launchHost(const nlohmann::json &request, const nlohmann::json &args);
  void setBreakpoints(const nlohmann::json &request);
  void setExceptionBreakpoints(const nlohmann::json &request);
  void configurationDone(const nlohmann::json &request);
  void threads(const nlohmann::json &request);
  void stackTrace(const nlohmann::json &request);
  void scopes(const nlohmann::json &request);
  void setVariable(const nlohmann::json &request);
  void variables(const nlohmann::json &request);
  void evaluate(const nlohmann::json &request);
  void exceptionInfo(const nlohmann::json &request);
  /// `source`: the text of a source the client has no file for (a host program's
  /// OpenCL C, built from a string: the module's "input.cl"; dap_sources.cpp).
  void source(const nlohmann::json &request);
  /// A module file as a DAP Source: its path, or, for a source that is no file, a
  /// sourceReference the client asks `source` for.
  nlohmann::json sourceOf(const std::string &moduleFile) const;
  /// A breakpoint's hitCondition (dap_breakpoints.cpp); nullopt when not understood.
  struct HitCondition {
    Breakpoint::HitRule rule = Breakpoint::HitRule::Every;
    uint64_t count = 0;
  };
  static std::optional<HitCondition> parseHitCondition(const std::string &text);
  /// Log points of `session` send their messages as `output` events.
  void installLogPoints(DebugSession &session, const std::map<std::string, BufferType> &buffers);
  /// continue, next, stepIn, stepOut: answered, then the prompt's `command` runs.
  void forward(const nlohmann::json &request, const std::string &command);
  /// stepBack, reverseContinue: the prompt's `command` runs, then it is answered (a
  /// failure with the prompt's words when it did not move the launch).
  void backward(const nlohmann::json &request, const std::string &command);
  void end(const nlohmann::json &request, bool terminate);

  /// Runs a prompt command that may run the launch (the reading thread may pause it).
  /// The caller forgets the frame and variable handles when the launch moved.
  /// `first` (answering the request) runs just before the command.
  CommandRunner::Result runLaunching(const std::string &command,
                                     const std::function<void()> &first = {});
  /// Events for where the launch is now: `stopped`, or `exited` and `terminated`.
  void reportRun();
  void stoppedEvent();
  StopKey stopKey() const;
  bool launched() const { return runner_ != nullptr; }
  /// The work-item of a DAP thread id (local linear id + 1) of the running group.
  std::optional<GlobalId> itemOfThread(int64_t thread) const;
  int64_t threadOf(const GlobalId &item) const;
  /// The first thread `threads` lists (the stop's thread when its work-item has none).
  int64_t firstThread() const;
  /// Focuses the request's `threadId` (when it names a work-item of the running group).
  void focusThread(const nlohmann::json &arguments);
  /// The work-item a frameId stands for (the focus without one).
  GlobalId itemOfFrame(const nlohmann::json &arguments) const;
  /// The module's name for a client's source path (equal once resolved, else the same
  /// file name); nullopt when no instruction of the module comes from it.
  std::optional<std::string> moduleFileFor(const std::string &path) const;
  /// A module file name as a path a client opens.
  std::string clientPath(const std::string &moduleFile) const;
  void requireLaunched() const;
  void forgetHandles();

  DapChannel channel_;
  DebugTargetFactory makeTarget_;
  HostCommandFactory hostCommand_;
  nlohmann::json initializeArguments_;

  // Read on the reading thread, handled on the serving one.
  std::thread reader_;
  std::atomic<bool> stopReading_{false};
  std::atomic<bool> running_{false}; ///< a prompt command is running the launch
  std::atomic<DebugSession *> session_{nullptr};
  std::mutex queueMutex_;
  std::condition_variable queued_;
  std::deque<Incoming> queue_;
  bool inputEnded_ = false;

  bool initialized_ = false;
  bool linesStartAt1_ = true;
  bool configured_ = false;
  bool stopOnEntry_ = false;
  bool stopAtFindings_ = true;
  bool terminatedSent_ = false;
  bool quit_ = false;
  bool done_ = false;
  std::string cwd_;
  std::string programDir_;
  std::vector<uint32_t> entryBreakpoints_;
  std::map<std::string, std::vector<uint32_t>> sourceBreakpoints_; ///< client path -> numbers
  struct FrameRef {
    GlobalId item{0, 0, 0};
    uint32_t depth = 0;
    uint32_t function = 0; ///< the frame's DebugFunction (0: none)
  };
  nlohmann::json lastStopped_;   ///< the body of the last `stopped` event
  std::vector<FrameRef> frames_; ///< frameId n is frames_[n - 1], until the launch resumes
  /// The module files given by sourceReference: reference n is referencedSources_[n - 1].
  mutable std::vector<std::string> referencedSources_;

  // Declared last: destroyed first (the runner's commands use the target).
  std::unique_ptr<DebugTarget> target_;
  std::unique_ptr<CommandRunner> runner_;
  std::unique_ptr<DapVariables> variables_;
  /// A host program's session: every request after `launch` goes to it.
  std::unique_ptr<HostProgramRelay> relay_;
};

} // namespace spvsim::debugger::dap
