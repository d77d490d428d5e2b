// CommandLoop (command_loop.h): the commands that say where a launch stops —
// `break`, `tbreak` (with conditions), `delete`, `watch`, `info breakpoints`.
#include "command_loop.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "command_text.h"
#include "memory/tagged_pointer.h"
#include "spvsim/common/error.h"

namespace spvsim::debugger {

void CommandLoop::cmdBreak(const std::string &argsIn, bool temporary) {
  std::string args = argsIn, condition;
  if (auto at = args.find(" if "); at != std::string::npos) {
    condition = command_text::trim(args.substr(at + 4));
    args = command_text::trim(args.substr(0, at));
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
    throw Error("No code at " + (b.file.empty() ? "" : command_text::baseName(b.file) + ":") +
                std::to_string(b.line) + ".");
  b.number = session_.nextNumber++;
  *out_ << (temporary ? "Temporary breakpoint " : "Breakpoint ") << b.number << " at ";
  if (!b.kernel.empty())
    *out_ << "kernel " << b.kernel;
  else
    *out_ << (b.file.empty() ? "line " : command_text::baseName(b.file) + ":") << b.line;
  if (!b.condition.empty()) *out_ << " if " << b.condition;
  *out_ << "\n";
  session_.addBreakpoint(std::move(b));
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

void CommandLoop::cmdIgnore(const std::string &args) {
  // gdb's `ignore N COUNT`: the next COUNT hits do not stop; a hit count rule (DAP's
  // hitCondition "N") that stops from hit hits + COUNT + 1 on.
  std::istringstream in(args);
  uint32_t number = 0;
  int64_t count = -1;
  if (!(in >> number >> count) || count < 0)
    throw Error("Usage: ignore N COUNT (breakpoint N does not stop at its next COUNT hits)");
  for (Breakpoint &b : session_.breakpoints) {
    if (b.number != number) continue;
    b.hitRule = count ? Breakpoint::HitRule::AtLeast : Breakpoint::HitRule::Every;
    b.hitCount = b.hits + uint64_t(count) + 1;
    if (count == 0)
      *out_ << "Will stop next time breakpoint " << number << " is reached.\n";
    else if (count == 1)
      *out_ << "Will ignore next crossing of breakpoint " << number << ".\n";
    else
      *out_ << "Will ignore next " << count << " crossings of breakpoint " << number << ".\n";
    return;
  }
  throw Error("No breakpoint number " + std::to_string(number) + ".");
}

void CommandLoop::infoBreakpoints() {
  std::ostream &out = *out_;
  if (session_.breakpoints.empty() && session_.watchpoints.empty())
    out << "No breakpoints or watchpoints.\n";
  else
    out << "Num     Type            What\n";
  for (const Breakpoint &b : session_.breakpoints) {
    std::string what = !b.kernel.empty()
                           ? "kernel " + b.kernel
                           : (b.file.empty() ? "line " : command_text::baseName(b.file) + ":") +
                                 std::to_string(b.line);
    char head[64];
    std::snprintf(head, sizeof head, "%-7u %-15s ", b.number,
                  b.temporary ? "tbreakpoint" : "breakpoint");
    out << head << what << "\n";
    if (!b.condition.empty()) out << "\tstop only if " << b.condition << "\n";
    // Set by DAP clients (hitCondition, logMessage).
    switch (b.hitRule) {
    case Breakpoint::HitRule::AtLeast:
      out << "\tstop only from hit " << b.hitCount << " on\n";
      break;
    case Breakpoint::HitRule::Greater:
      out << "\tstop only after hit " << b.hitCount << "\n";
      break;
    case Breakpoint::HitRule::Equal:
      out << "\tstop only at hit " << b.hitCount << "\n";
      break;
    case Breakpoint::HitRule::Multiple:
      out << "\tstop only at hits that are multiples of " << b.hitCount << "\n";
      break;
    default:
      break;
    }
    if (!b.logMessage.empty()) out << "\tlog \"" << b.logMessage << "\" instead of stopping\n";
    if (b.hits)
      out << "\tbreakpoint already hit " << b.hits << " time" << (b.hits == 1 ? "" : "s") << "\n";
  }
  for (const Watchpoint &w : session_.watchpoints) {
    char head[64];
    std::snprintf(head, sizeof head, "%-7u %-15s ", w.number, "watchpoint");
    out << head << w.expression << "\n";
  }
  out << "Stop at findings: " << (session_.stopOnFindings ? "on" : "off") << "\n";
}

void CommandLoop::cmdWatch(const std::string &args) {
  if (!requireStopped()) return;
  auto e = inspectEvaluator();
  if (!e) throw Error("The kernel is not stopped.");
  Value v = e->evaluate(args);
  if (v.address && tagged::space(*v.address) == AddressSpace::Private)
    throw Error("Can only watch global or __local memory (a private variable is one work-item's).");
  // gdb watches any lvalue; here a value in memory of up to kLargestWatch bytes: a scalar,
  // a vector (`watch acc[70]`), a component (`watch acc[70].x`), a small struct or array.
  constexpr uint32_t kLargestWatch = 256;
  if (!v.address || !v.type || v.type->bytes == 0)
    throw Error("Can only watch a value in memory (an element of a buffer or array, a vector "
                "component, a -O0 variable).");
  if (v.type->bytes > kLargestWatch)
    throw Error("Can only watch up to " + std::to_string(kLargestWatch) + " bytes; " + args +
                " has " + std::to_string(v.type->bytes) + " (watch an element of it).");
  Watchpoint w;
  w.number = session_.nextNumber++;
  w.expression = args;
  w.pointer = *v.address;
  w.bytes = v.type->bytes;
  w.type = v.type;
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
