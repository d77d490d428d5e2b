// CommandLoop (command_loop.h): the prompt — reading lines (libedit on a terminal),
// the table of commands in gdb's words and abbreviations, and running a launch to its
// next stop. The commands' handlers are in files of their family:
// breakpoint_commands.cpp, inspect_commands.cpp, workitem_commands.cpp,
// stop_report.cpp (where a launch stopped, list, backtrace), replay_commands.cpp.
#include "command_loop.h"

#include <atomic>
#include <cstdlib>
#include <iostream>

#include <dlfcn.h>
#include <signal.h>

#include "command_text.h"
#include "interrupt_scope.h"
#include "spvsim/common/error.h"

namespace spvsim::debugger {

namespace {

/// libedit's readline interface, loaded when the prompt is on a terminal: a run that
/// never opens a prompt does not pay for loading and relocating libedit and the
/// libraries it needs (libtinfo, libbsd).
struct LineEditor {
  using Readline = char *(*)(const char *);
  using AddHistory = int (*)(const char *);
  Readline readline = nullptr;
  AddHistory addHistory = nullptr;

  static const LineEditor &get() {
    static const LineEditor editor = [] {
      LineEditor e;
      void *library = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
      if (!library) return e;
      e.readline = reinterpret_cast<Readline>(dlsym(library, "readline"));
      e.addHistory = reinterpret_cast<AddHistory>(dlsym(library, "add_history"));
      if (!e.addHistory) e.readline = nullptr;
      return e;
    }();
    return editor;
  }
};

/// Set by Ctrl-C at the prompt (which it does not end).
std::atomic<bool> promptInterrupted{false};

extern "C" void notePromptInterrupt(int) {
  promptInterrupted.store(true);
}

} // namespace

CommandLoop::CommandLoop(DebugSession &session, std::map<std::string, BufferType> buffers,
                         LaunchControl control)
    : session_(session), buffers_(std::move(buffers)), control_(std::move(control)) {
  session_.conditionHolds = [this](const ExecState &x, uint32_t lane, const std::string &c) {
    try {
      return Evaluator(session_, x, lane, buffers_).truth(c);
    } catch (const Error &) {
      return false;
    }
  };
}

int CommandLoop::run(std::istream &in, std::ostream &out, bool terminal) {
  out_ = &out;
  if (terminal) { // Ctrl-C at the prompt does not end the session
    // A handler, not SIG_IGN: libedit's readline returns null when Ctrl-C interrupts
    // it, which is told from the end of the input by the flag the handler sets.
    struct sigaction note {};
    note.sa_handler = notePromptInterrupt;
    sigemptyset(&note.sa_mask);
    sigaction(SIGINT, &note, nullptr);
  }
  const LineEditor *editor = terminal ? &LineEditor::get() : nullptr;
  if (editor && !editor->readline) {
    out << "spvsim: libedit (libedit.so.2) could not be loaded: no line editing or history\n";
    editor = nullptr;
  }
  for (;;) {
    std::string line;
    promptInterrupted.store(false);
    if (editor) {
      char *text = editor->readline("(spvsim) ");
      if (!text && promptInterrupted.exchange(false)) {
        out << "\n";
        continue;
      }
      if (!text) break;
      line = text;
      std::free(text);
      if (!command_text::trim(line).empty()) editor->addHistory(line.c_str());
    } else if (terminal) {
      out << "(spvsim) " << std::flush;
      if (!std::getline(in, line) && promptInterrupted.exchange(false)) {
        in.clear();
        out << "\n";
        continue;
      }
      if (!in) break;
    } else {
      out << "(spvsim) " << std::flush;
      if (!std::getline(in, line)) {
        out << "\n";
        break;
      }
      out << line << "\n";
    }
    if (!execute(line)) return 0;
    if (endWhenFinished && started_ && session_.finished()) return 0;
  }
  execute("quit");
  return 0;
}

bool CommandLoop::execute(const std::string &rawLine) {
  std::ostream &out = *out_;
  std::string line = command_text::trim(rawLine);
  if (line.empty()) line = lastRepeatable_;
  if (line.empty() || line[0] == '#') return true;
  auto [word, args] = command_text::splitCommand(line);
  lastRepeatable_.clear();
  try {
    if (command_text::isOneOf(word, {"quit", "q"})) {
      if (started_ && !session_.finished()) {
        session_.breakpoints.clear();
        session_.watchpoints.clear();
        session_.stopOnFindings = false;
        control_.stop();
        if (session_.stopped()) session_.resume(Resume::Continue);
      }
      if (started_) control_.join();
      return false;
    }
    if (command_text::isOneOf(word, {"break", "b", "br"})) return cmdBreak(args, false), true;
    if (command_text::isOneOf(word, {"tbreak", "tb"})) return cmdBreak(args, true), true;
    if (command_text::isOneOf(word, {"delete", "d"})) return cmdDelete(args), true;
    if (word == "ignore") return cmdIgnore(args), true;
    if (command_text::isOneOf(word, {"info", "i"})) return cmdInfo(args), true;
    if (command_text::isOneOf(word, {"print", "p", "inspect"})) return cmdPrint(args), true;
    if (word == "x") return cmdExamine(args, ""), true;
    if (command_text::isOneOf(word, {"workitem", "wi"})) return cmdWorkitem(args), true;
    if (command_text::isOneOf(word, {"backtrace", "bt", "where"})) return cmdBacktrace(), true;
    if (command_text::isOneOf(word, {"list", "l"})) return cmdList(args), true;
    if (word == "watch") return cmdWatch(args), true;
    if (command_text::isOneOf(word, {"run", "r", "start"})) {
      if (started_) {
        out << "The kernel is already running; `continue` resumes it.\n";
        return true;
      }
      started_ = true;
      control_.start();
      waitAndReport();
      return true;
    }
    if (command_text::isOneOf(word, {"continue", "c", "cont"}))
      return resume(Resume::Continue), true;
    if (command_text::isOneOf(word, {"next", "n"}))
      return resume(Resume::Next), lastRepeatable_ = "next", true;
    if (command_text::isOneOf(word, {"step", "s"}))
      return resume(Resume::Step), lastRepeatable_ = "step", true;
    if (command_text::isOneOf(word, {"stepi", "si"}))
      return resume(Resume::StepInstruction), lastRepeatable_ = "stepi", true;
    if (command_text::isOneOf(word, {"finish", "fin"})) {
      if (!requireStopped()) return true;
      if (session_.opDepth(session_.stopPoint().index) == 0) {
        out << "\"finish\" not meaningful in the outermost frame.\n";
        return true;
      }
      return resume(Resume::Finish), true;
    }
    if (word == "last-write") return cmdLastWrite(args), true;
    if (word == "set") return cmdSet(args), true;
    if (command_text::isOneOf(word, {"reverse-step", "rs"}))
      return cmdReverse(ReverseCommand::Step), lastRepeatable_ = word, true;
    if (command_text::isOneOf(word, {"reverse-next", "rn"}))
      return cmdReverse(ReverseCommand::Next), lastRepeatable_ = word, true;
    if (command_text::isOneOf(word, {"reverse-stepi", "rsi"}))
      return cmdReverse(ReverseCommand::StepInstruction), lastRepeatable_ = word, true;
    if (command_text::isOneOf(word, {"reverse-continue", "rc"}))
      return cmdReverse(ReverseCommand::Continue), true;
    if (command_text::isOneOf(word, {"reverse-finish", "rf"}))
      return cmdReverse(ReverseCommand::Finish), true;
    if (command_text::isOneOf(word, {"help", "h"})) {
      out << "Commands: run, continue (c), next (n), step (s), stepi (si), finish,\n"
             "  break FILE:LINE|LINE|KERNEL|on-finding [if COND], tbreak, delete [N...],\n"
             "  ignore N COUNT,\n"
             "  info breakpoints|locals|args|workitems|registers, print EXPR (p),\n"
             "  print %ID (a SPIR-V result id), x/NF ADDR,\n"
             "  workitem GX [GY GZ] | workitem group G... local L..., backtrace (bt),\n"
             "  list [LINE|FILE:LINE], watch EXPR, last-write EXPR, set var EXPR = VALUE,\n"
             "  reverse-step (rs), reverse-next (rn), reverse-stepi (rsi),\n"
             "  reverse-continue (rc), reverse-finish (rf), quit (q).\n"
             "  See docs/debugging.md.\n";
      return true;
    }
    out << "Undefined command: \"" << word << "\".  Try \"help\".\n";
  } catch (const Error &e) {
    out << e.what() << "\n";
  }
  return true;
}

bool CommandLoop::requireStopped() {
  if (!started_) {
    *out_ << "The kernel is not being run.\n";
    return false;
  }
  if (session_.finished()) {
    *out_ << "The kernel has finished.\n";
    return false;
  }
  return true;
}

void CommandLoop::resume(Resume how) {
  if (!requireStopped()) return;
  session_.resume(how);
  waitAndReport();
}

void CommandLoop::waitAndReport() {
  bool stopped;
  {
    InterruptScope scope(session_);
    stopped = session_.waitForStop();
  }
  if (stopped) return reportStop();
  control_.join();
}

void CommandLoop::cmdInfo(const std::string &args) {
  if (command_text::isOneOf(args, {"breakpoints", "b", "break", "watchpoints"}))
    return infoBreakpoints();
  if (command_text::isOneOf(args, {"locals", "args"})) return infoVariables(args == "args");
  if (command_text::isOneOf(args, {"workitems", "workitem", "wi"})) return infoWorkitems();
  if (command_text::isOneOf(args, {"registers", "reg", "r", "all-registers"}))
    return infoRegisters();
  throw Error("Undefined info command: \"" + args + "\".");
}

} // namespace spvsim::debugger
