// Suppressions: rules that accept findings by kind and source location.
#include "spvsim/common/suppressions.h"

#include <fstream>
#include <string_view>

#include "spvsim/common/error.h"

namespace spvsim {

namespace {

std::string trimmed(const std::string &s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

/// "shift.cl" matches "shift.cl", "data/shift.cl" and "/abs/data/shift.cl".
bool sameFile(const std::string &rule, const std::string &file) {
  if (rule == file) return true;
  return file.size() > rule.size() &&
         file.compare(file.size() - rule.size(), rule.size(), rule) == 0 &&
         (rule.front() == '/' || file[file.size() - rule.size() - 1] == '/');
}

} // namespace

void Suppressions::add(const std::string &text, const std::string &where) {
  const std::string rule = trimmed(text);
  auto bad = [&](const std::string &why) {
    throw Error(where + ": '" + rule + "': " + why + " (a rule is KIND or KIND@FILE:LINE)");
  };
  Rule r;
  const auto at = rule.find('@');
  r.kind = rule.substr(0, at);
  if (r.kind.empty()) bad("no finding kind");
  if (r.kind.back() == '*') {
    r.kind.pop_back();
    r.prefix = true;
  }
  if (r.kind.find_first_of("* \t") != std::string::npos)
    bad("a kind is a name, or one ending in *");
  if (at != std::string::npos) {
    const std::string location = rule.substr(at + 1);
    const auto colon = location.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == location.size())
      bad("the location is FILE:LINE");
    r.file = location.substr(0, colon);
    const std::string line = location.substr(colon + 1);
    if (line.find_first_not_of("0123456789") != std::string::npos || line.size() > 9)
      bad("the line is a number");
    r.line = static_cast<uint32_t>(std::stoul(line));
    if (r.line == 0) bad("lines count from 1");
  }
  rules_.push_back(std::move(r));
}

void Suppressions::addFile(const std::string &file) {
  std::ifstream in(file);
  if (!in) throw Error("--suppressions: cannot read '" + file + "'");
  uint32_t number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    line = trimmed(line.substr(0, line.find('#')));
    if (!line.empty()) add(line, file + ":" + std::to_string(number));
  }
}

namespace {

/// Whether a rule's kind names the finding: its kind, or for a race.*.write-write finding
/// whose writes stored the same bytes, race.*.uniform-write (docs/findings.md).
bool kindMatches(const std::string &ruleKind, bool prefix, const Finding &f) {
  if (prefix ? f.kind.rfind(ruleKind, 0) == 0 : f.kind == ruleKind) return true;
  if (!f.uniformWrite || !f.kind.ends_with(".write-write")) return false;
  const std::string uniformKind =
      f.kind.substr(0, f.kind.size() - std::string_view(".write-write").size()) + ".uniform-write";
  return prefix ? uniformKind.rfind(ruleKind, 0) == 0 : uniformKind == ruleKind;
}

} // namespace

bool Suppressions::matches(const Finding &f) const {
  for (const Rule &r : rules_) {
    if (!kindMatches(r.kind, r.prefix, f)) continue;
    if (r.file.empty()) return true;
    if (f.location && f.location->line == r.line && sameFile(r.file, f.location->file)) return true;
  }
  return false;
}

} // namespace spvsim
