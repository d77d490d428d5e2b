// Text and JSON forms of a Finding.
#include "spvsim/common/finding.h"

#include <sstream>

#include <nlohmann/json.hpp>

#include "spvsim/common/source_excerpt.h"

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

void writeLocation(std::ostringstream &os, const std::string &indent, const char *what,
                   const SourceLocation &location, SourceExcerpts *excerpts) {
  os << indent << what << location.file << ":" << location.line;
  if (location.column) os << ":" << location.column;
  os << "\n";
  if (excerpts) os << excerpts->excerpt(location, indent + "  ");
}

void writeInstruction(std::ostringstream &os, const std::string &indent,
                      const std::string &instruction, const std::optional<uint32_t> &wordOffset,
                      const std::optional<SourceLocation> &location, SourceExcerpts *excerpts) {
  if (!instruction.empty()) {
    os << indent << "instruction: " << instruction;
    if (wordOffset) os << " (word " << *wordOffset << ")";
    os << "\n";
  }
  if (location) writeLocation(os, indent, "at ", *location, excerpts);
}

/// " (9 times)", " (36 times: 9 instructions at this source location)".
std::string countText(const Finding &f) {
  if (f.count <= 1 && f.instructions <= 1) return "";
  std::string text = " (" + std::to_string(f.count) + (f.count == 1 ? " time" : " times");
  if (f.instructions > 1)
    text += ": " + std::to_string(f.instructions) + " instructions at this source location";
  return text + ")";
}
} // namespace

namespace {
/// An access before the buffer's start has a negative offset (held in two's complement):
/// its element is negative too, the bytes inside it counted up from that element's start.
struct ElementPosition {
  int64_t index = 0;
  int64_t inside = 0;
};

ElementPosition elementPosition(const MemoryRef &m, uint32_t elementSize) {
  const int64_t offset = int64_t(m.offset), size = elementSize;
  const int64_t index = offset >= 0 ? offset / size : -((-offset + size - 1) / size);
  return {index, offset - index * size};
}
} // namespace

std::string elementText(const Finding &f) {
  if (!f.memory || f.elementSize == 0) return "";
  const auto [index, inside] = elementPosition(*f.memory, f.elementSize);
  std::string text = f.memory->buffer + "[" + std::to_string(index) + "]";
  if (inside) text += " + " + std::to_string(inside) + (inside == 1 ? " byte" : " bytes");
  return text;
}

std::string formatText(const Finding &f, SourceExcerpts *excerpts) {
  std::ostringstream os;
  os << severityName(f.severity) << "[" << f.kind << "]: " << f.message << countText(f) << "\n";
  if (!f.kernel.empty()) os << "  kernel: " << f.kernel << "\n";
  if (f.workItem) os << "  work-item: " << workItemText(*f.workItem) << "\n";
  if (f.memory) {
    const auto &m = *f.memory;
    os << "  memory: " << m.space << " buffer '" << m.buffer << "' offset " << int64_t(m.offset)
       << " size " << m.size;
    if (f.elementSize) os << " (" << elementText(f) << ", " << f.elementType << ")";
    os << "\n";
  }
  writeInstruction(os, "  ", f.instruction, f.wordOffset, f.location, excerpts);
  if (f.other) {
    const OtherAccess &o = *f.other;
    os << "  other access: " << o.access << " by " << o.by;
    if (o.workItem) os << " " << workItemText(*o.workItem);
    os << "\n";
    writeInstruction(os, "    ", o.instruction, o.wordOffset, o.location, excerpts);
  }
  if (f.origin) writeLocation(os, "  ", "the value was loaded at ", *f.origin, excerpts);
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
    // The offset is signed: an access before the buffer's start is a negative number.
    j["memory"] = {
        {"space", m.space}, {"buffer", m.buffer}, {"offset", int64_t(m.offset)}, {"size", m.size}};
    if (f.elementSize) {
      const auto [index, inside] = elementPosition(m, f.elementSize);
      j["memory"]["element"] = index;
      if (inside) j["memory"]["element_byte"] = inside;
      j["memory"]["element_type"] = f.elementType;
    }
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
  if (f.origin) j["origin_location"] = locationJson(*f.origin);
  if (!f.notes.empty()) j["notes"] = f.notes;
  j["count"] = f.count;
  if (f.instructions > 1) j["instructions"] = f.instructions;
  if (f.uniformWrite) j["uniform_write"] = true;
  return j;
}

} // namespace spvsim
