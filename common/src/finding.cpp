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
} // namespace

std::string formatText(const Finding &f) {
  std::ostringstream os;
  os << severityName(f.severity) << "[" << f.kind << "]: " << f.message;
  if (f.count > 1) os << " (" << f.count << " times)";
  os << "\n";
  if (!f.kernel.empty()) os << "  kernel: " << f.kernel << "\n";
  if (f.workItem) {
    const auto &w = *f.workItem;
    os << "  work-item: global " << idList(w.global, w.dims) << " local " << idList(w.local, w.dims)
       << " group " << idList(w.group, w.dims) << "\n";
  }
  if (f.memory) {
    const auto &m = *f.memory;
    os << "  memory: " << m.space << " buffer '" << m.buffer << "' offset " << m.offset << " size "
       << m.size << "\n";
  }
  if (!f.instruction.empty()) {
    os << "  instruction: " << f.instruction;
    if (f.wordOffset) os << " (word " << *f.wordOffset << ")";
    os << "\n";
  }
  if (f.location) {
    os << "  at " << f.location->file << ":" << f.location->line;
    if (f.location->column) os << ":" << f.location->column;
    os << "\n";
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
  if (f.workItem) {
    const auto &w = *f.workItem;
    j["work_item"] = {{"global", idArray(w.global, w.dims)},
                      {"local", idArray(w.local, w.dims)},
                      {"group", idArray(w.group, w.dims)}};
  }
  if (!f.instruction.empty()) j["instruction"] = f.instruction;
  if (f.wordOffset) j["word_offset"] = *f.wordOffset;
  if (f.location) {
    j["location"] = {{"file", f.location->file}, {"line", f.location->line}};
    if (f.location->column) j["location"]["column"] = f.location->column;
  }
  if (f.memory) {
    const auto &m = *f.memory;
    j["memory"] = {
        {"space", m.space}, {"buffer", m.buffer}, {"offset", m.offset}, {"size", m.size}};
  }
  if (!f.notes.empty()) j["notes"] = f.notes;
  j["count"] = f.count;
  return j;
}

} // namespace spvsim
