// DapAdapter (dap_adapter.h): breakpoints on source lines — `setBreakpoints` with
// conditions, hit counts (`hitCondition`, gdb's ignore counts) and log points
// (`logMessage`: an `output` event with `{EXPR}` replaced by its value, and no stop).
#include <algorithm>
#include <filesystem>

#include "../log_message.h"
#include "dap_adapter.h"
#include "dap_text.h"
#include "spvsim/common/error.h"

namespace spvsim::debugger::dap {

using nlohmann::json;
namespace fs = std::filesystem;
using text::breakpointNumber;
using text::trim;

std::optional<DapAdapter::HitCondition> DapAdapter::parseHitCondition(const std::string &in) {
  // As VS Code sends them: "N" (gdb's ignore count: from the N-th hit on), ">= N", "> N",
  // "== N" and "% N" (every N-th hit); spaces anywhere.
  std::string s;
  for (char c : in)
    if (!std::isspace(static_cast<unsigned char>(c))) s += c;
  HitCondition h;
  if (s.empty()) return h;
  size_t digits = 0;
  h.rule = Breakpoint::HitRule::AtLeast;
  if (s.starts_with(">=")) {
    digits = 2;
  } else if (s.starts_with("==")) {
    h.rule = Breakpoint::HitRule::Equal, digits = 2;
  } else if (s.starts_with(">")) {
    h.rule = Breakpoint::HitRule::Greater, digits = 1;
  } else if (s.starts_with("%")) {
    h.rule = Breakpoint::HitRule::Multiple, digits = 1;
  }
  const std::string number = s.substr(digits);
  if (number.empty() || number.size() > 18 ||
      number.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  h.count = std::stoull(number);
  if (h.rule == Breakpoint::HitRule::Multiple && h.count == 0) return std::nullopt;
  return h;
}

void DapAdapter::installLogPoints(DebugSession &session,
                                  const std::map<std::string, BufferType> &buffers) {
  // On the launch's thread, while the serving thread waits for the launch to stop.
  session.logPointReached = [this, &session, &buffers](const ExecState &x, uint32_t lane,
                                                       const Breakpoint &b) {
    const Evaluator e(session, x, lane, buffers);
    json body = {{"category", "console"},
                 {"output", interpolateLogMessage(b.logMessage, e) + "\n"}};
    if (b.line) {
      body["line"] = int64_t(b.line) - (linesStartAt1_ ? 0 : 1);
      if (!b.file.empty()) body["source"] = sourceOf(b.file);
    }
    channel_.event("output", body);
  };
}

void DapAdapter::setBreakpoints(const json &request) {
  requireLaunched();
  const json args = argumentsOf(request);
  const json source = args.value("source", json::object());
  std::string path = source.value("path", std::string());
  if (path.empty()) path = source.value("name", std::string());
  if (path.empty()) throw Error("\"setBreakpoints\" needs \"source\" with a \"path\".");
  struct Wanted {
    int64_t line = 0;
    std::string condition, hitCondition, logMessage;
  };
  std::vector<Wanted> wanted;
  if (args.contains("breakpoints")) {
    for (const json &b : args["breakpoints"])
      wanted.push_back({b.at("line").get<int64_t>(), b.value("condition", std::string()),
                        b.value("hitCondition", std::string()),
                        b.value("logMessage", std::string())});
  } else if (args.contains("lines")) { // the deprecated form
    for (const json &l : args["lines"]) wanted.push_back({l.get<int64_t>(), "", "", ""});
  }
  // The request replaces the source's breakpoints. One still wanted on its line is kept
  // (its condition, hit count rule and log message set anew) with the hits it has
  // counted, as gdb's `condition` and `ignore` keep them: clients send every breakpoint
  // of a file each time one of them changes.
  std::vector<uint32_t> kept(wanted.size(), 0);
  std::vector<uint32_t> &numbers = sourceBreakpoints_[path];
  for (size_t i = 0; i < wanted.size(); ++i) {
    const int64_t line = linesStartAt1_ ? wanted[i].line : wanted[i].line + 1;
    if (!parseHitCondition(wanted[i].hitCondition)) continue; // refused below
    for (uint32_t n : numbers)
      for (const Breakpoint &b : session_.load()->breakpoints)
        if (b.number == n && int64_t(b.line) == line && b.kernel.empty() && !kept[i] &&
            std::find(kept.begin(), kept.end(), n) == kept.end())
          kept[i] = n;
  }
  std::string remove;
  for (uint32_t n : numbers)
    for (const Breakpoint &b : session_.load()->breakpoints)
      if (b.number == n && std::find(kept.begin(), kept.end(), n) == kept.end())
        remove += " " + std::to_string(n);
  if (!remove.empty()) runner_->run("delete" + remove);
  numbers.clear();

  const Module &m = session_.load()->info().module();
  const std::optional<std::string> file = moduleFileFor(path);
  json result = json::array();
  for (size_t i = 0; i < wanted.size(); ++i) {
    const int64_t clientLine = wanted[i].line;
    const std::string &condition = wanted[i].condition;
    const int64_t line = linesStartAt1_ ? clientLine : clientLine + 1;
    json b = {{"verified", false}, {"line", clientLine}};
    const std::optional<HitCondition> hit = parseHitCondition(wanted[i].hitCondition);
    if (!hit) {
      b["message"] = "Hit count \"" + wanted[i].hitCondition +
                     "\" not understood: give N (from the N-th hit on), >= N, > N, == N or % N "
                     "(every N-th).";
    } else if (m.locations().empty()) {
      b["message"] = "The module has no line information: build it with -g.";
    } else if (!file) {
      b["message"] =
          "No code of the kernel's module comes from " + fs::path(path).filename().string() + ".";
    } else if (line < 1) {
      b["message"] = "No line " + std::to_string(clientLine) + ".";
    } else {
      // Before the first launch starts the prompt accepts any line: it is checked here
      // against the module's line information.
      bool hasLine = session_.load()->launch() != nullptr;
      for (const SourceLine &l : m.locations())
        hasLine |= int64_t(l.line) == line && m.string(l.fileId) == *file;
      const std::string where = *file + ":" + std::to_string(line);
      const std::string text =
          kept[i] ? std::string()
          : hasLine
              ? trim(runner_->run("break " + where + (condition.empty() ? "" : " if " + condition))
                         .text)
              : "No code at " + fs::path(*file).filename().string() + ":" + std::to_string(line) +
                    ".";
      if (const uint32_t n = kept[i] ? kept[i] : breakpointNumber(text)) {
        numbers.push_back(n);
        for (Breakpoint &set : session_.load()->breakpoints)
          if (set.number == n) {
            set.condition = condition;
            set.hitRule = hit->rule;
            set.hitCount = hit->count;
            set.logMessage = wanted[i].logMessage;
          }
        b["verified"] = true;
        b["id"] = n;
        b["source"] = sourceOf(*file);
      } else {
        b["message"] = text;
      }
    }
    result.push_back(std::move(b));
  }
  channel_.respond(request, true, {{"breakpoints", result}});
}

} // namespace spvsim::debugger::dap
