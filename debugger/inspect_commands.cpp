// CommandLoop (command_loop.h): the commands that read and write the state of the
// work-item in focus — `print`, `x`, `info locals`, `info args`, `info registers`,
// `set var`.
#include "command_loop.h"

#include <cstdio>
#include <cstring>

#include "command_text.h"
#include "memory/tagged_pointer.h"
#include "spvsim/common/error.h"

namespace spvsim::debugger {

std::optional<Evaluator> CommandLoop::focusEvaluator() {
  if (!started_ || session_.finished() || !session_.stopped()) return std::nullopt;
  auto found = session_.findWorkItem(session_.focus);
  if (!found) return std::nullopt;
  Evaluator e(session_, session_.stateOfWarp(*found->first), found->second, buffers_);
  e.setHistory(&history_);
  return e;
}

std::string CommandLoop::notRunningText() const {
  return "The work-group of work-item " + workItemText(session_.focus) +
         " is not running: its variables, registers and __local memory can be read when it "
         "runs (buffers and global memory can be read now).";
}

std::optional<Evaluator> CommandLoop::inspectEvaluator() {
  if (auto e = focusEvaluator()) return e;
  if (!started_ || session_.finished() || !session_.stopped() || !session_.launch())
    return std::nullopt;
  // Buffers and global memory exist for the whole launch (OpenCL C §6.5.1), __local
  // memory while its work-group runs, private memory while its work-item's group does.
  Evaluator e(session_, buffers_,
              "the work-group of work-item " + workItemText(session_.focus) + " is not running");
  e.setHistory(&history_);
  return e;
}

void CommandLoop::infoVariables(bool arguments) {
  std::ostream &out = *out_;
  if (!requireStopped()) return;
  auto e = focusEvaluator();
  if (!e) throw Error(notRunningText());
  if (!session_.info().hasVariables()) {
    out << "No symbol table info available (source names need a module built with -g).\n";
    return;
  }
  auto vars = e->variables(arguments);
  if (vars.empty()) out << (arguments ? "No arguments.\n" : "No locals.\n");
  for (const auto &[name, v] : vars) out << name << " = " << e->format(v) << "\n";
  return;
}

void CommandLoop::infoRegisters() {
  std::ostream &out = *out_;
  if (!requireStopped()) return;
  auto e = focusEvaluator();
  if (!e) throw Error(notRunningText());
  // The current function's SPIR-V result ids, with the module's names (OpName).
  for (const auto &[id, v] : e->registers()) {
    const std::string_view name = session_.info().module().name(id);
    out << "%" << id << " (" << (v.type ? v.type->name : "?")
        << (name.empty() ? "" : " " + std::string(name)) << ") = " << e->format(v) << "\n";
  }
  return;
}

void CommandLoop::cmdPrint(const std::string &argsIn) {
  std::string args = argsIn;
  char format = 0;
  if (args.starts_with("/")) {
    format = args.size() > 1 ? args[1] : 0;
    args = command_text::trim(args.substr(2));
  }
  // Before `run` and after the launches have run (gdb keeps its value history after
  // the program exits): the value history and arithmetic, no names of a launch.
  std::optional<Evaluator> e = inspectEvaluator();
  if (!e && (!started_ || session_.finished())) {
    e.emplace(session_, buffers_,
              started_ ? "the kernel has finished" : "the kernel is not being run");
    e->setHistory(&history_);
  }
  if (!e) throw Error("The kernel is not stopped.");
  Value v = e->evaluate(args);
  // Read before it is shown: a value that cannot be read is an error, not a $N.
  Value kept = snapshotOf(v, e->reader());
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
  history_.push_back(std::move(kept));
  *out_ << "$" << history_.size() << " = " << text << "\n";
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
    args = command_text::trim(args.substr(i));
  }
  if (format == 'c') size = 1;
  auto e = inspectEvaluator();
  if (!e) throw Error("The kernel is not stopped.");
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
    if (i % perLine == 0) {
      // An address in no allocation is labelled by its number, as gdb's x does ("0x0:").
      char number[24];
      std::snprintf(number, sizeof number, "0x%llx", static_cast<unsigned long long>(p));
      out << (i ? "\n" : "") << (tagged::allocation(p) == 0 ? number : e->describePointer(p))
          << ":";
    }
    uint64_t bits = 0;
    std::string why;
    if (!read(p, size, &bits, why)) {
      out << "\t" << why << "\n"; // on the line, as gdb prints it
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

void CommandLoop::cmdSet(const std::string &args) {
  // gdb's `set var EXPR = VALUE` (`set variable`): the `=` that is not part of ==, <=, >=, !=.
  auto [word, rest] = command_text::splitCommand(args);
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
  if (!e) throw Error(notRunningText());
  session_.recordEdit(e->assign(e->evaluate(command_text::trim(rest.substr(0, eq))),
                                e->evaluate(command_text::trim(rest.substr(eq + 1)))));
  session_.refreshWatchpoints();
}

} // namespace spvsim::debugger
