// HostProgramRelay: a DAP `launch` of a host program (docs/debugging.md, "A host
// program"). At `configurationDone` the program is started as `spvsim exec --debug`
// runs it, with a socket named by SPVSIM_DEBUG_DAP; each kernel launch it enqueues
// connects there and serves DAP for that launch (serveLaunchDap, in the program's
// process). The relay configures each launch as the client configured the session
// (breakpoints, exception filters, stopOnEntry), forwards the client's requests to the
// launch being debugged and its responses and events back, turns the program's standard
// output and error into `output` events, and sends `exited` and `terminated` when the
// program exits. Between launches it answers what needs no launch itself.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "dap_channel.h"
#include "spvsim/debugger/dap.h"

namespace spvsim::debugger::dap {

class HostProgramRelay {
public:
  struct Settings {
    std::vector<std::string> argv;          ///< the whole command line to run
    std::map<std::string, std::string> env; ///< added to spvsim's environment
    std::string cwd;                        ///< empty: spvsim's
    bool stopOnEntry = false;
    nlohmann::json initialize; ///< the client's `initialize` arguments (lines from 1, ...)
  };
  HostProgramRelay(DapChannel &client, Settings settings);
  /// Throws spvsim::Error, saying why, unless `program` names a file that can be run
  /// from `cwd` (empty: spvsim's) as `spvsim exec` runs it: a path with a '/' from
  /// there, else found on PATH (`env`'s PATH when it sets one), as execvp finds it.
  static void checkProgram(const std::string &program, const std::string &cwd,
                           const std::map<std::string, std::string> &env);
  /// Ends the program (as `disconnect` does) when it still runs.
  ~HostProgramRelay();
  HostProgramRelay(const HostProgramRelay &) = delete;
  HostProgramRelay &operator=(const HostProgramRelay &) = delete;

  /// A request of the client (after `launch`), on the adapter's serving thread.
  void fromClient(const nlohmann::json &request);
  /// `disconnect` was answered: the session is over.
  bool ended() const { return ended_; }

private:
  using Handler = std::function<void(const nlohmann::json &response)>;

  void start(); ///< at configurationDone: the socket, the program, the reading threads
  void acceptLaunches();
  void serveConnection(int fd);
  /// The program's standard output and error as `output` events, until both close.
  void readOutput(int out, int err);
  void waitForExit();
  /// Ends the program: SIGINT to `spvsim exec` (which passes it on, and kills the
  /// program at the second), then SIGKILL to the process group if it has not ended.
  void endProgram();

  // With mutex_ held.
  void configureLaunch();
  void sendToLaunch(nlohmann::json message);
  void internalRequest(const std::string &command, nlohmann::json arguments, Handler handler);
  void sendBreakpoints(const std::string &path, const nlohmann::json *clientRequest);
  void fromLaunch(const nlohmann::json &message);
  void launchClosed();
  nlohmann::json pendingBreakpoints(const std::string &path) const;

  DapChannel &client_;
  Settings settings_;

  std::mutex mutex_;
  bool configured_ = false;
  nlohmann::json exceptionFilters_;                   ///< the last setExceptionBreakpoints args
  std::map<std::string, nlohmann::json> breakpoints_; ///< client path -> setBreakpoints args
  std::map<std::string, std::vector<int64_t>> ids_;   ///< client path -> the ids given out
  std::map<int64_t, int64_t> launchIds_;              ///< a launch's id -> the client's
  std::map<int64_t, nlohmann::json> verified_;        ///< the client's id -> as last told
  int64_t nextId_ = 1;

  int launchFd_ = -1;                           ///< the connected launch (-1: none)
  bool launchEnding_ = false;                   ///< its `terminated` came: disconnected
  std::map<int64_t, Handler> internal_;         ///< seq -> what its response does
  std::map<int64_t, nlohmann::json> forwarded_; ///< a client request's seq -> the request
  int64_t nextInternalSeq_ = int64_t(1) << 40;

  std::string socketDir_, socketPath_;
  int listenFd_ = -1;
  pid_t pid_ = -1;
  bool exited_ = false;
  std::condition_variable exitedChanged_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> ended_{false};
  std::vector<std::thread> threads_;
};

} // namespace spvsim::debugger::dap
