// CommandLoop: the debugger's prompt — reads commands in gdb's words (libedit with
// history on a terminal, plain lines otherwise, so command files can be fed on
// standard input), runs them against a DebugSession, and prints what gdb would.
// command_loop.cpp has the prompt and the table of commands; the handlers are in a
// file per family (breakpoint_, inspect_, workitem_, replay_commands.cpp, stop_report.cpp).
#pragma once

#include <atomic>
#include <functional>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "debug_session.h"
#include "evaluator.h"
#include "reverse_execution.h"
#include "spvsim/debugger/debugger.h"

namespace spvsim::debugger {

class CommandLoop {
public:
  /// `start` runs the launches on a thread of its own (the `run` command); `stopLaunch`
  /// asks a running launch to stop (quit while stopped).
  CommandLoop(DebugSession &session, std::map<std::string, BufferType> buffers,
              LaunchControl control);
  /// Reads and runs commands until `quit` or the end of the input; returns the exit status.
  int run(std::istream &in, std::ostream &out, bool terminal);
  /// Runs one command line (empty: repeat the last stepping command).
  /// Returns false on quit.
  bool execute(const std::string &line);
  /// Where `execute` prints (`run` sets it to its stream).
  void setOutput(std::ostream &out) { out_ = &out; }
  /// `run` returns once every launch has run (the prompt of one launch of a host program).
  bool endWhenFinished = false;
  /// The lines of `file` are those of `text`, not of a file of that name.
  void setSourceText(const std::string &file, const std::string &text);

private:
  void waitAndReport();
  void reportStop();
  void printSourceLine(const std::string &file, uint32_t line);
  std::string whereText(uint32_t instruction) const;
  std::string workItemText(const GlobalId &id) const;
  std::optional<Evaluator> focusEvaluator();
  /// The work-item in focus's evaluator, or, while its work-group is not running, one of
  /// the launch (buffers, global memory, kernel arguments); nullopt when not stopped.
  std::optional<Evaluator> inspectEvaluator();
  /// The error of a command that needs the work-item in focus while its group is not running.
  std::string notRunningText() const;
  bool requireStopped();
  void resume(Resume how);

  void cmdBreak(const std::string &args, bool temporary);
  void cmdDelete(const std::string &args);
  void cmdIgnore(const std::string &args);
  void cmdInfo(const std::string &args);
  void infoBreakpoints();
  void infoVariables(bool arguments);
  void infoRegisters();
  void cmdPrint(const std::string &args);
  void cmdExamine(const std::string &format, const std::string &args);
  void cmdWorkitem(const std::string &args);
  void cmdBacktrace();
  void cmdList(const std::string &args);
  void cmdWatch(const std::string &args);
  void cmdLastWrite(const std::string &args);
  void cmdSet(const std::string &args);
  void cmdReverse(ReverseCommand command);
  void infoWorkitems();

  DebugSession &session_;
  std::map<std::string, BufferType> buffers_;
  LaunchControl control_;
  std::ostream *out_ = nullptr;
  bool started_ = false;
  std::string lastRepeatable_;
  uint32_t lastFunction_ = 0;
  uint32_t listLine_ = 0;
  bool listContinues_ = false; ///< the last lines shown were a list's, not a stop's
  std::string listFile_;
  std::map<std::string, std::vector<std::string>> sources_;
  std::vector<Value> history_; ///< print's values, $1 first (gdb's value history)
};

} // namespace spvsim::debugger
