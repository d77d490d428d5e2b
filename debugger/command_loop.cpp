// CommandLoop (command_loop.h): the debugger's commands.
#include "command_loop.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <dlfcn.h>
#include <signal.h>

#include "interrupt_scope.h"
#include "memory/tagged_pointer.h"
#include "spvsim/common/error.h"

namespace spvsim::debugger {

namespace {

std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

/// Splits "cmd rest" into the command word (up to a space or '/') and the rest.
std::pair<std::string, std::string> splitCommand(const std::string &line) {
  size_t i = 0;
  while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i])) && line[i] != '/')
    ++i;
  return {line.substr(0, i), trim(line.substr(i))};
}

bool is(const std::string &word, std::initializer_list<const char *> names) {
  for (const char *n : names)
    if (word == n) return true;
  return false;
}

std::string baseName(const std::string &path) {
  return std::filesystem::path(path).filename().string();
}

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
      if (!trim(line).empty()) editor->addHistory(line.c_str());
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
  std::string line = trim(rawLine);
  if (line.empty()) line = lastRepeatable_;
  if (line.empty() || line[0] == '#') return true;
  auto [word, args] = splitCommand(line);
  lastRepeatable_.clear();
  try {
    if (is(word, {"quit", "q"})) {
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
    if (is(word, {"break", "b", "br"})) return cmdBreak(args, false), true;
    if (is(word, {"tbreak", "tb"})) return cmdBreak(args, true), true;
    if (is(word, {"delete", "d"})) return cmdDelete(args), true;
    if (is(word, {"info", "i"})) return cmdInfo(args), true;
    if (is(word, {"print", "p", "inspect"})) return cmdPrint(args), true;
    if (word == "x") return cmdExamine(args, ""), true;
    if (is(word, {"workitem", "wi"})) return cmdWorkitem(args), true;
    if (is(word, {"backtrace", "bt", "where"})) return cmdBacktrace(), true;
    if (is(word, {"list", "l"})) return cmdList(args), true;
    if (word == "watch") return cmdWatch(args), true;
    if (is(word, {"run", "r", "start"})) {
      if (started_) {
        out << "The kernel is already running; `continue` resumes it.\n";
        return true;
      }
      started_ = true;
      control_.start();
      waitAndReport();
      return true;
    }
    if (is(word, {"continue", "c", "cont"})) return resume(Resume::Continue), true;
    if (is(word, {"next", "n"})) return resume(Resume::Next), lastRepeatable_ = "next", true;
    if (is(word, {"step", "s"})) return resume(Resume::Step), lastRepeatable_ = "step", true;
    if (is(word, {"stepi", "si"}))
      return resume(Resume::StepInstruction), lastRepeatable_ = "stepi", true;
    if (is(word, {"finish", "fin"})) {
      if (!requireStopped()) return true;
      if (session_.opDepth(session_.stopPoint().index) == 0) {
        out << "\"finish\" not meaningful in the outermost frame.\n";
        return true;
      }
      return resume(Resume::Finish), true;
    }
    if (word == "last-write") return cmdLastWrite(args), true;
    if (word == "set") return cmdSet(args), true;
    if (is(word, {"reverse-step", "rs"}))
      return cmdReverse(ReverseCommand::Step), lastRepeatable_ = word, true;
    if (is(word, {"reverse-next", "rn"}))
      return cmdReverse(ReverseCommand::Next), lastRepeatable_ = word, true;
    if (is(word, {"reverse-stepi", "rsi"}))
      return cmdReverse(ReverseCommand::StepInstruction), lastRepeatable_ = word, true;
    if (is(word, {"reverse-continue", "rc"})) return cmdReverse(ReverseCommand::Continue), true;
    if (is(word, {"reverse-finish", "rf"})) return cmdReverse(ReverseCommand::Finish), true;
    if (is(word, {"help", "h"})) {
      out << "Commands: run, continue (c), next (n), step (s), stepi (si), finish,\n"
             "  break FILE:LINE|LINE|KERNEL|on-finding [if COND], tbreak, delete [N...],\n"
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

std::string CommandLoop::workItemText(const GlobalId &id) const {
  const uint32_t dims = session_.launch() ? session_.launch()->range.dims : 1;
  std::string s = "(";
  for (uint32_t d = 0; d < dims; ++d) s += (d ? ", " : "") + std::to_string(id[d]);
  return s + ")";
}

std::string CommandLoop::whereText(uint32_t instruction) const {
  const DebugInfo &info = session_.info();
  const uint32_t line = info.lineOf(instruction);
  if (!line) return "SPIR-V instruction " + std::to_string(instruction);
  return baseName(info.fileOf(instruction)) + ":" + std::to_string(line);
}

void CommandLoop::setSourceText(const std::string &file, const std::string &text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  sources_[file] = std::move(lines);
}

void CommandLoop::printSourceLine(const std::string &file, uint32_t line) {
  auto it = sources_.find(file);
  if (it == sources_.end()) {
    std::vector<std::string> lines;
    std::ifstream in(file);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    it = sources_.emplace(file, std::move(lines)).first;
  }
  listFile_ = file;
  listLine_ = line;
  listContinues_ = false;
  if (line == 0 || line > it->second.size()) {
    *out_ << line << "\tin " << baseName(file) << "\n";
    return;
  }
  *out_ << line << "\t" << it->second[line - 1] << "\n";
}

void CommandLoop::reportStop() {
  std::ostream &out = *out_;
  const StopPoint &s = session_.stopPoint();
  const DebugInfo &info = session_.info();
  const uint32_t instruction = s.op->source;
  const uint32_t line = info.lineOf(instruction);
  const std::string where = whereText(instruction);
  const std::string item = "work-item " + workItemText(session_.focus);
  if (s.watch) {
    const Watchpoint *w = nullptr;
    for (const Watchpoint &candidate : session_.watchpoints)
      if (candidate.number == s.watch->number) w = &candidate;
    out << "\n" << s.reason << (w ? ": " + w->expression : "") << "\n\n";
    if (w) {
      auto show = [&](const std::vector<std::byte> &bytes) {
        auto e = focusEvaluator();
        Value v = e ? e->evaluate(w->expression) : Value{};
        if (!e || !v.type || !v.type->isScalar() || bytes.size() < v.type->bytes)
          return std::string("?");
        uint64_t bits = 0;
        std::memcpy(&bits, bytes.data(), v.type->bytes);
        return formatScalar(*v.type, bits, [&](uint64_t p) { return e->describePointer(p); });
      };
      out << "Old value = " << show(s.watch->before) << "\nNew value = " << show(s.watch->after)
          << "\n";
    }
    out << item << " at " << where << "\n";
  } else if (s.finding) {
    const Finding &f = *s.finding;
    out << "\n" << s.reason << "\n" << item << " at ";
    if (f.location) {
      out << baseName(f.location->file) << ":" << f.location->line << "\n";
      lastFunction_ = session_.opFunction(s.index);
      printSourceLine(f.location->file, f.location->line);
      return;
    }
    out << where << "\n";
  } else if (s.reason == "step") {
    const uint32_t function = session_.opFunction(s.index);
    if (function != lastFunction_)
      out << info.framesAt(instruction).front().function << " () at " << where << "\n";
  } else if (s.reason == kLaunchStart) {
    out << "\nNo more reverse-execution history.\n"
        << item << " at the start of kernel " << session_.launch()->kernel->name << "\n";
  } else if (s.reason == "returns") {
    out << item << " returns from the kernel at " << where << "\n";
  } else {
    out << "\n" << s.reason << ", " << item << " at " << where << "\n";
  }
  lastFunction_ = session_.opFunction(s.index);
  if (line) {
    printSourceLine(info.fileOf(instruction), line);
  } else if (s.reason == "step") {
    out << "op " << s.index << " " << opName(s.op->code) << " (SPIR-V instruction " << instruction
        << ")\n";
  }
}

std::optional<Evaluator> CommandLoop::focusEvaluator() {
  if (!started_ || session_.finished() || !session_.stopped()) return std::nullopt;
  auto found = session_.findWorkItem(session_.focus);
  if (!found) return std::nullopt;
  return Evaluator(session_, session_.stateOfWarp(*found->first), found->second, buffers_);
}

void CommandLoop::cmdBreak(const std::string &argsIn, bool temporary) {
  std::string args = argsIn, condition;
  if (auto at = args.find(" if "); at != std::string::npos) {
    condition = trim(args.substr(at + 4));
    args = trim(args.substr(0, at));
  }
  if (args == "on-finding") {
    session_.stopOnFindings = true;
    *out_ << "Stopping at every finding (on).\n";
    return;
  }
  if (args == "off-finding") {
    session_.stopOnFindings = false;
    *out_ << "Not stopping at findings.\n";
    return;
  }
  Breakpoint b;
  b.temporary = temporary;
  b.condition = condition;
  if (args.empty()) {
    if (!session_.stopped())
      throw Error("No default breakpoint location: give FILE:LINE or a kernel.");
    b.file = session_.info().fileOf(session_.stopPoint().op->source);
    b.line = session_.info().lineOf(session_.stopPoint().op->source);
  } else if (auto colon = args.rfind(':'); colon != std::string::npos) {
    b.file = args.substr(0, colon);
    b.line = uint32_t(std::stoul(args.substr(colon + 1)));
  } else if (std::all_of(args.begin(), args.end(), ::isdigit)) {
    b.file = listFile_;
    b.line = uint32_t(std::stoul(args));
  } else {
    bool found = false;
    for (const EntryPoint &ep : session_.info().module().entryPoints()) found |= ep.name == args;
    if (!found) throw Error("Function \"" + args + "\" not defined (no kernel of that name).");
    b.kernel = args;
  }
  if (b.kernel.empty() && session_.info().module().locations().empty())
    throw Error(std::string(
        "The module has no line information: build it with -g (break KERNEL stops at its start)."));
  if (b.kernel.empty() && !session_.lineHasCode(b.file, b.line))
    throw Error("No code at " + (b.file.empty() ? "" : baseName(b.file) + ":") +
                std::to_string(b.line) + ".");
  b.number = session_.nextNumber++;
  *out_ << (temporary ? "Temporary breakpoint " : "Breakpoint ") << b.number << " at ";
  if (!b.kernel.empty())
    *out_ << "kernel " << b.kernel;
  else
    *out_ << (b.file.empty() ? "line " : baseName(b.file) + ":") << b.line;
  if (!b.condition.empty()) *out_ << " if " << b.condition;
  *out_ << "\n";
  session_.breakpoints.push_back(b);
  session_.updateFlags();
}

void CommandLoop::cmdDelete(const std::string &args) {
  if (args.empty()) {
    session_.breakpoints.clear();
    session_.watchpoints.clear();
  } else if (args == "on-finding") {
    session_.stopOnFindings = false;
  } else {
    std::istringstream in(args);
    for (uint32_t n; in >> n;) {
      auto before = session_.breakpoints.size() + session_.watchpoints.size();
      std::erase_if(session_.breakpoints, [&](const Breakpoint &b) { return b.number == n; });
      std::erase_if(session_.watchpoints, [&](const Watchpoint &w) { return w.number == n; });
      if (before == session_.breakpoints.size() + session_.watchpoints.size())
        *out_ << "No breakpoint number " << n << ".\n";
    }
  }
  session_.updateFlags();
}

void CommandLoop::cmdInfo(const std::string &args) {
  std::ostream &out = *out_;
  if (is(args, {"breakpoints", "b", "break", "watchpoints"})) {
    if (session_.breakpoints.empty() && session_.watchpoints.empty())
      out << "No breakpoints or watchpoints.\n";
    else
      out << "Num     Type            What\n";
    for (const Breakpoint &b : session_.breakpoints) {
      std::string what = !b.kernel.empty() ? "kernel " + b.kernel
                                           : (b.file.empty() ? "line " : baseName(b.file) + ":") +
                                                 std::to_string(b.line);
      char head[64];
      std::snprintf(head, sizeof head, "%-7u %-15s ", b.number,
                    b.temporary ? "tbreakpoint" : "breakpoint");
      out << head << what << "\n";
      if (!b.condition.empty()) out << "\tstop only if " << b.condition << "\n";
      if (b.hits)
        out << "\tbreakpoint already hit " << b.hits << " time" << (b.hits == 1 ? "" : "s") << "\n";
    }
    for (const Watchpoint &w : session_.watchpoints) {
      char head[64];
      std::snprintf(head, sizeof head, "%-7u %-15s ", w.number, "watchpoint");
      out << head << w.expression << "\n";
    }
    out << "Stop at findings: " << (session_.stopOnFindings ? "on" : "off") << "\n";
    return;
  }
  if (is(args, {"locals", "args"})) {
    if (!requireStopped()) return;
    auto e = focusEvaluator();
    if (!e) throw Error("The work-item in focus is not in the running work-group.");
    if (!session_.info().hasVariables()) {
      out << "No symbol table info available (source names need a module built with -g).\n";
      return;
    }
    auto vars = e->variables(args == "args");
    if (vars.empty()) out << (args == "args" ? "No arguments.\n" : "No locals.\n");
    for (const auto &[name, v] : vars) out << name << " = " << e->format(v) << "\n";
    return;
  }
  if (is(args, {"workitems", "workitem", "wi"})) return infoWorkitems();
  if (is(args, {"registers", "reg", "r", "all-registers"})) {
    if (!requireStopped()) return;
    auto e = focusEvaluator();
    if (!e) throw Error("The work-item in focus is not in the running work-group.");
    // The current function's SPIR-V result ids, with the module's names (OpName).
    for (const auto &[id, v] : e->registers()) {
      const std::string_view name = session_.info().module().name(id);
      out << "%" << id << " (" << (v.type ? v.type->name : "?")
          << (name.empty() ? "" : " " + std::string(name)) << ") = " << e->format(v) << "\n";
    }
    return;
  }
  throw Error("Undefined info command: \"" + args + "\".");
}

void CommandLoop::cmdPrint(const std::string &argsIn) {
  if (!requireStopped()) return;
  std::string args = argsIn;
  char format = 0;
  if (args.starts_with("/")) {
    format = args.size() > 1 ? args[1] : 0;
    args = trim(args.substr(2));
  }
  auto e = focusEvaluator();
  if (!e) throw Error("The work-item in focus is not in the running work-group.");
  Value v = e->evaluate(args);
  std::string text;
  if (format == 'x' && v.type && v.type->isScalar() && !v.optimizedOut) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx",
                  static_cast<unsigned long long>(
                      scalarBits(v, e->reader()) &
                      (v.type->bytes >= 8 ? ~0ull : (1ull << (8 * v.type->bytes)) - 1)));
    text = buf;
  } else {
    text = e->format(v);
  }
  *out_ << "$" << valueNumber_++ << " = " << text << "\n";
}

void CommandLoop::cmdExamine(const std::string &argsIn, const std::string &) {
  if (!requireStopped()) return;
  // x/NFU ADDR: N units of format F (d, u, x, f, c) and size U (b, h, w, g).
  std::string args = argsIn;
  uint64_t count = 1;
  char format = 'x';
  uint32_t size = 4;
  if (args.starts_with("/")) {
    size_t i = 1;
    size_t digits = i;
    while (i < args.size() && std::isdigit(static_cast<unsigned char>(args[i]))) ++i;
    if (i > digits) count = std::stoull(args.substr(digits, i - digits));
    for (; i < args.size() && !std::isspace(static_cast<unsigned char>(args[i])); ++i) {
      const char c = args[i];
      if (c == 'b')
        size = 1;
      else if (c == 'h')
        size = 2;
      else if (c == 'w')
        size = 4;
      else if (c == 'g')
        size = 8;
      else
        format = c;
    }
    args = trim(args.substr(i));
  }
  if (format == 'c') size = 1;
  auto e = focusEvaluator();
  if (!e) throw Error("The work-item in focus is not in the running work-group.");
  Value v = e->evaluate(args);
  uint64_t pointer = 0;
  if (v.type && v.type->kind == ValueType::Kind::Pointer)
    pointer = scalarBits(v, e->reader());
  else if (v.address)
    pointer = *v.address;
  else
    throw Error("Cannot examine a value in registers; give an address (&v, a pointer, a buffer).");
  auto read = e->reader();
  std::ostream &out = *out_;
  const uint32_t perLine = format == 'c' ? 8 : size == 8 ? 2 : 4;
  for (uint64_t i = 0; i < count; ++i) {
    const uint64_t p = tagged::addOffset(pointer, i * size);
    if (i % perLine == 0) out << (i ? "\n" : "") << e->describePointer(p) << ":";
    uint64_t bits = 0;
    std::string why;
    if (!read(p, size, &bits, why)) {
      out << "\n" << why << "\n";
      return;
    }
    ValueType t;
    t.bytes = size;
    t.kind = format == 'f'   ? ValueType::Kind::Float
             : format == 'd' ? ValueType::Kind::Int
                             : ValueType::Kind::UInt;
    if (format == 'x') {
      char buf[32];
      std::snprintf(buf, sizeof buf, "0x%0*llx", int(size * 2),
                    static_cast<unsigned long long>(bits));
      out << "\t" << buf;
    } else if (format == 'c') {
      const char c = char(bits);
      out << "\t"
          << (std::isprint(static_cast<unsigned char>(c)) ? std::string(1, c)
                                                          : "\\" + std::to_string(int(uint8_t(c))));
    } else {
      out << "\t" << formatScalar(t, bits, nullptr);
    }
  }
  out << "\n";
}

void CommandLoop::cmdWorkitem(const std::string &args) {
  std::istringstream in(args);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  if (words.empty()) {
    *out_ << "Focus: work-item " << workItemText(session_.focus) << "\n";
    return;
  }
  GlobalId id{0, 0, 0};
  if (words[0] == "group") {
    // workitem group G... local L...
    auto local = std::find(words.begin(), words.end(), "local");
    if (local == words.end()) throw Error("Usage: workitem group GX [GY GZ] local LX [LY LZ]");
    const LaunchContext *L = session_.launch();
    if (!L) throw Error("The kernel is not being run.");
    std::vector<uint64_t> g, l;
    for (auto it = words.begin() + 1; it != local; ++it) g.push_back(std::stoull(*it));
    for (auto it = local + 1; it != words.end(); ++it) l.push_back(std::stoull(*it));
    for (uint32_t d = 0; d < 3; ++d)
      id[d] = (d < g.size() ? g[d] : 0) * L->localSize[d] + (d < l.size() ? l[d] : 0) +
              L->range.offset[d];
  } else {
    for (size_t d = 0; d < words.size() && d < 3; ++d) id[d] = std::stoull(words[d]);
  }
  if (const LaunchContext *L = session_.launch())
    for (uint32_t d = 0; d < 3; ++d)
      if (id[d] < L->range.offset[d] || id[d] >= L->range.offset[d] + L->range.global[d])
        throw Error("Work-item " + workItemText(id) + " is outside the NDRange.");
  session_.focus = id;
  *out_ << "[Switching focus to work-item " << workItemText(id) << "]\n";
  if (session_.stopped()) {
    auto found = session_.findWorkItem(id);
    if (!found) {
      *out_ << "Its work-group is not running now; it stops when it reaches a breakpoint or "
               "is stepped.\n";
      return;
    }
    const uint32_t at = session_.instructionOf(*found->first, found->second);
    if (!((found->first->live >> found->second) & 1)) {
      *out_ << "It has finished.\n";
    } else if (at != kNone) {
      *out_ << "at " << whereText(at) << "\n";
      if (uint32_t line = session_.info().lineOf(at))
        printSourceLine(session_.info().fileOf(at), line);
    }
  }
}

void CommandLoop::infoWorkitems() {
  if (!requireStopped()) return;
  const GroupState *g = session_.group();
  if (!g) throw Error("No work-group is running.");
  std::ostream &out = *out_;
  out << "Work-group " << workItemText(g->id) << ", " << g->items << " work-items:\n";
  // Work-items grouped by where they are, in order of first appearance.
  std::vector<std::pair<std::string, std::vector<GlobalId>>> places;
  for (Warp &w : session_.warps())
    for (uint32_t l = 0; l < session_.launch()->kernel->warpWidth; ++l) {
      if (!((w.present >> l) & 1)) continue;
      std::string place;
      const uint64_t bit = uint64_t(1) << l;
      if (!(w.live & bit)) {
        place = "finished";
      } else {
        bool barrier = false;
        for (const auto &p : w.parked) barrier |= (p.lanes & bit) != 0;
        const uint32_t at = session_.instructionOf(w, l);
        place =
            (barrier ? "at a barrier, resuming at " : "at ") + (at == kNone ? "?" : whereText(at));
      }
      auto it =
          std::find_if(places.begin(), places.end(), [&](auto &p) { return p.first == place; });
      if (it == places.end()) places.push_back({place, {}}), it = places.end() - 1;
      it->second.push_back(session_.globalIdOf(w, l));
    }
  for (const auto &[place, items] : places) {
    out << "  " << items.size() << " " << (items.size() == 1 ? "work-item " : "work-items ");
    // Ranges of consecutive first ids.
    std::string list;
    for (size_t i = 0; i < items.size();) {
      size_t j = i;
      while (j + 1 < items.size() && items[j + 1][0] == items[j][0] + 1 &&
             items[j + 1][1] == items[i][1] && items[j + 1][2] == items[i][2])
        ++j;
      list += (list.empty() ? "" : ", ") + workItemText(items[i]);
      if (j > i) list += "-" + workItemText(items[j]);
      i = j + 1;
    }
    out << list << " " << place << "\n";
  }
  out << "Focus: work-item " << workItemText(session_.focus) << "\n";
}

void CommandLoop::cmdBacktrace() {
  if (!requireStopped()) return;
  auto found = session_.findWorkItem(session_.focus);
  if (!found) throw Error("The work-item in focus is not in the running work-group.");
  const uint32_t at = session_.instructionOf(*found->first, found->second);
  if (at == kNone) throw Error("The work-item in focus has finished.");
  // The op the work-item is at: the frames the compiler inlined (DebugScope), then
  // those of each call the lowering inlined.
  const LoweredKernel &k = *session_.launch()->kernel;
  uint16_t frame = 0;
  const StopPoint &s = session_.stopPoint();
  if (s.x.warp == found->first && s.op && s.op->source == at) {
    frame = s.op->frame;
  } else {
    for (const LoweredOp &op : k.ops)
      if (op.source == at) {
        frame = op.frame;
        break;
      }
  }
  const DebugInfo &info = session_.info();
  std::vector<SourceFrame> frames = info.framesAt(at);
  for (uint32_t n = 0; frame && frame < k.debugFrames.size() && n < 0x10000; ++n) {
    for (SourceFrame &f : info.framesAt(k.debugFrames[frame].call)) frames.push_back(f);
    frame = k.debugFrames[frame].parent;
  }
  uint32_t n = 0;
  for (const SourceFrame &f : frames) {
    if (f.line == 0 && n > 0) continue; // the entry point's wrapper: no source
    *out_ << "#" << n++ << "  " << f.function << " () at "
          << (f.line ? baseName(f.file) + ":" + std::to_string(f.line)
                     : "SPIR-V instruction " + std::to_string(at))
          << "\n";
  }
}

void CommandLoop::cmdList(const std::string &args) {
  std::string file = listFile_;
  uint32_t center = listLine_;
  if (!args.empty()) {
    if (auto colon = args.rfind(':'); colon != std::string::npos) {
      file = args.substr(0, colon);
      center = uint32_t(std::stoul(args.substr(colon + 1)));
      // A short name: the module's file of that name.
      for (const SourceLine &l : session_.info().module().locations()) {
        std::string f(session_.info().module().string(l.fileId));
        if (baseName(f) == baseName(file)) file = f;
      }
    } else {
      center = uint32_t(std::stoul(args));
    }
  } else if (listLine_) {
    // After a stop, around its line (as gdb lists); after a list, the next ten lines.
    center = listContinues_ ? listLine_ + 10 : listLine_;
  }
  if (file.empty()) {
    for (const SourceLine &l : session_.info().module().locations()) {
      file = std::string(session_.info().module().string(l.fileId));
      center = l.line;
      break;
    }
  }
  if (file.empty())
    throw Error("No source file (the module has no line information; build with -g).");
  const uint32_t first = center > 5 ? center - 5 : 1;
  for (uint32_t l = first; l < first + 10; ++l) {
    auto it = sources_.find(file);
    if (it != sources_.end() && l > it->second.size()) break;
    printSourceLine(file, l);
  }
  listLine_ = first + 5;
  listContinues_ = true;
}

void CommandLoop::cmdWatch(const std::string &args) {
  if (!requireStopped()) return;
  auto e = focusEvaluator();
  if (!e) throw Error("The work-item in focus is not in the running work-group.");
  Value v = e->evaluate(args);
  if (v.address && tagged::space(*v.address) == AddressSpace::Private)
    throw Error("Can only watch global or __local memory (a private variable is one work-item's).");
  if (!v.address || !v.type || !v.type->isScalar())
    throw Error(
        "Can only watch a scalar in memory (an element of a buffer or array, a -O0 variable).");
  Watchpoint w;
  w.number = session_.nextNumber++;
  w.expression = args;
  w.pointer = *v.address;
  w.bytes = v.type->bytes;
  if (tagged::space(w.pointer) == AddressSpace::Local && session_.group())
    w.group = session_.group()->id;
  w.last.resize(w.bytes);
  std::string why;
  if (!e->reader()(w.pointer, w.bytes, w.last.data(), why)) throw Error(why);
  *out_ << "Watchpoint " << w.number << ": " << args << "\n";
  session_.watchpoints.push_back(std::move(w));
  session_.updateFlags();
}

} // namespace spvsim::debugger

namespace spvsim::debugger {

void CommandLoop::cmdSet(const std::string &args) {
  // gdb's `set var EXPR = VALUE` (`set variable`): the `=` that is not part of ==, <=, >=, !=.
  auto [word, rest] = splitCommand(args);
  if (word != "var" && word != "variable")
    throw Error("Usage: set var EXPR = VALUE (a variable in memory, a buffer or __local "
                "element, a member).");
  size_t eq = std::string::npos;
  for (size_t i = 0; i < rest.size(); ++i)
    if (rest[i] == '=' && (i + 1 >= rest.size() || rest[i + 1] != '=') &&
        (i == 0 || std::string("=<>!").find(rest[i - 1]) == std::string::npos)) {
      eq = i;
      break;
    }
  if (eq == std::string::npos) throw Error("Usage: set var EXPR = VALUE");
  if (!requireStopped()) return;
  auto e = focusEvaluator();
  if (!e) throw Error("The work-item in focus is not in the running work-group.");
  session_.recordEdit(
      e->assign(e->evaluate(trim(rest.substr(0, eq))), e->evaluate(trim(rest.substr(eq + 1)))));
  session_.refreshWatchpoints();
}

} // namespace spvsim::debugger
