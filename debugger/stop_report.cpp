// CommandLoop (command_loop.h): showing where the launch is — the report of a stop
// (breakpoint, watchpoint, finding, step), source lines, `list` and `backtrace`.
#include "command_loop.h"

#include <cstring>
#include <fstream>
#include <sstream>

#include "command_text.h"
#include "frames.h"
#include "spvsim/common/error.h"

namespace spvsim::debugger {

std::string CommandLoop::workItemText(const GlobalId &id) const {
  return command_text::idTuple(id, session_.launch() ? session_.launch()->range.dims : 1);
}

std::string CommandLoop::whereText(uint32_t instruction) const {
  const DebugInfo &info = session_.info();
  const uint32_t line = info.lineOf(instruction);
  if (!line) return "SPIR-V instruction " + std::to_string(instruction);
  return command_text::baseName(info.fileOf(instruction)) + ":" + std::to_string(line);
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
    *out_ << line << "\tin " << command_text::baseName(file) << "\n";
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
  if (!s.watches.empty()) {
    // Every watchpoint the store changed in this work-item, as gdb reports those one
    // instruction triggers.
    for (const WatchHit &hit : s.watches) {
      const Watchpoint *w = nullptr;
      for (const Watchpoint &candidate : session_.watchpoints)
        if (candidate.number == hit.number) w = &candidate;
      out << "\nWatchpoint " << hit.number << (w ? ": " + w->expression : "") << "\n\n";
      if (!w) continue;
      auto show = [&](const std::vector<std::byte> &bytes) {
        auto e = inspectEvaluator();
        if (!e || !w->type) return std::string("?");
        return e->format(valueOfBytes(w->type, bytes.data(), bytes.size()));
      };
      out << "Old value = " << show(hit.before) << "\nNew value = " << show(hit.after) << "\n";
    }
    out << item << " at " << where << "\n";
  } else if (s.finding) {
    const Finding &f = *s.finding;
    out << "\n" << s.reason << "\n" << item << " at ";
    if (f.location) {
      out << command_text::baseName(f.location->file) << ":" << f.location->line << "\n";
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

void CommandLoop::cmdBacktrace() {
  if (!requireStopped()) return;
  auto found = session_.findWorkItem(session_.focus);
  if (!found) throw Error(notRunningText());
  const uint32_t at = session_.instructionOf(*found->first, found->second);
  if (at == kNone) throw Error("The work-item in focus has finished.");
  // The frames the compiler inlined (DebugScope), then those of each call the lowering
  // inlined; the entry point's wrapper (no source line) only when it is the innermost.
  const std::vector<SourceFrame> frames = framesOfWorkItem(session_, *found->first, found->second);
  uint32_t n = 0;
  for (const SourceFrame &f : frames) {
    *out_ << "#" << n++ << "  " << f.function << " () at "
          << (f.line ? command_text::baseName(f.file) + ":" + std::to_string(f.line)
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
        if (command_text::baseName(f) == command_text::baseName(file)) file = f;
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

} // namespace spvsim::debugger
