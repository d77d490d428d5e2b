// Text and JSON forms of a Finding.
#include "spvsim/common/finding.h"

#include <sstream>

#include <nlohmann/json.hpp>

namespace spvsim {

const char *severityName(Severity s) {
  return s == Severity::Error ? "error" : "warning";
}

namespace {
std::string idList(const std::array<uint64_t, 3> &v, uint32_t dims) {
  std::string s = "(";
  for (uint32_t i = 0; i < dims; ++i) {
    if (i) s += ",";
    s += std::to_string(v[i]);
  }
  return s + ")";
}

nlohmann::json idArray(const std::array<uint64_t, 3> &v, uint32_t dims) {
  auto a = nlohmann::json::array();
  for (uint32_t i = 0; i < dims; ++i) a.push_back(v[i]);
  return a;
}

std::string workItemText(const WorkItemIds &w) {
  return "global " + idList(w.global, w.dims) + " local " + idList(w.local, w.dims) + " group " +
         idList(w.group, w.dims);
}

nlohmann::json workItemJson(const WorkItemIds &w) {
  return {{"global", idArray(w.global, w.dims)},
          {"local", idArray(w.local, w.dims)},
          {"group", idArray(w.group, w.dims)}};
}

nlohmann::json locationJson(const SourceLocation &l) {
  nlohmann::json j = {{"file", l.file}, {"line", l.line}};
  if (l.column) j["column"] = l.column;
  return j;
}

void writeInstruction(std::ostringstream &os, const char *indent, const std::string &instruction,
                      const std::optional<uint32_t> &wordOffset,
                      const std::optional<SourceLocation> &location) {
  if (!instruction.empty()) {
    os << indent << "instruction: " << instruction;
    if (wordOffset) os << " (word " << *wordOffset << ")";
    os << "\n";
  }
  if (location) {
    os << indent << "at " << location->file << ":" << location->line;
    if (location->column) os << ":" << location->column;
    os << "\n";
  }
}
} // namespace

std::string formatText(const Finding &f) {
  std::ostringstream os;
  os << severityName(f.severity) << "[" << f.kind << "]: " << f.message;
  if (f.count > 1) os << " (" << f.count << " times)";
  os << "\n";
  if (!f.kernel.empty()) os << "  kernel: " << f.kernel << "\n";
  if (f.workItem) os << "  work-item: " << workItemText(*f.workItem) << "\n";
  if (f.memory) {
    const auto &m = *f.memory;
    os << "  memory: " << m.space << " buffer '" << m.buffer << "' offset " << m.offset << " size "
       << m.size << "\n";
  }
  writeInstruction(os, "  ", f.instruction, f.wordOffset, f.location);
  if (f.other) {
    const OtherAccess &o = *f.other;
    os << "  other access: " << o.access << " by " << o.by;
    if (o.workItem) os << " " << workItemText(*o.workItem);
    os << "\n";
    writeInstruction(os, "    ", o.instruction, o.wordOffset, o.location);
  }
  for (const auto &n : f.notes) os << "  " << n << "\n";
  return os.str();
}

nlohmann::json toJson(const Finding &f) {
  nlohmann::json j;
  j["kind"] = f.kind;
  j["severity"] = severityName(f.severity);
  j["message"] = f.message;
  if (!f.kernel.empty()) j["kernel"] = f.kernel;
  if (f.workItem) j["work_item"] = workItemJson(*f.workItem);
  if (!f.instruction.empty()) j["instruction"] = f.instruction;
  if (f.wordOffset) j["word_offset"] = *f.wordOffset;
  if (f.location) j["location"] = locationJson(*f.location);
  if (f.memory) {
    const auto &m = *f.memory;
    j["memory"] = {
        {"space", m.space}, {"buffer", m.buffer}, {"offset", m.offset}, {"size", m.size}};
  }
  if (f.other) {
    const OtherAccess &o = *f.other;
    nlohmann::json other = {{"access", o.access}, {"by", o.by}};
    if (o.workItem) other["work_item"] = workItemJson(*o.workItem);
    if (!o.instruction.empty()) other["instruction"] = o.instruction;
    if (o.wordOffset) other["word_offset"] = *o.wordOffset;
    if (o.location) other["location"] = locationJson(*o.location);
    j["other_access"] = std::move(other);
  }
  if (!f.notes.empty()) j["notes"] = f.notes;
  j["count"] = f.count;
  return j;
}

} // namespace spvsim
