// A finding read back from its JSON object (see finding_json.h).
#include "spvsim/common/finding_json.h"

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include <nlohmann/json.hpp>

namespace spvsim {

namespace {

template <typename T> T valueOr(const nlohmann::json &j, const char *key, T otherwise) {
  if (!j.is_object() || !j.contains(key)) return otherwise;
  const nlohmann::json &v = j[key];
  if constexpr (std::is_same_v<T, std::string>) {
    return v.is_string() ? v.get<std::string>() : otherwise;
  } else if constexpr (std::is_same_v<T, bool>) {
    return v.is_boolean() ? v.get<bool>() : otherwise;
  } else {
    return v.is_number_unsigned() ? v.get<T>() : otherwise;
  }
}

int64_t signedOr(const nlohmann::json &j, const char *key, int64_t otherwise) {
  if (!j.is_object() || !j.contains(key) || !j[key].is_number_integer()) return otherwise;
  return j[key].get<int64_t>();
}

std::optional<SourceLocation> locationFromJson(const nlohmann::json &j, const char *key) {
  if (!j.contains(key) || !j[key].is_object()) return std::nullopt;
  const nlohmann::json &l = j[key];
  return SourceLocation{valueOr<std::string>(l, "file", ""), valueOr<uint32_t>(l, "line", 0),
                        valueOr<uint32_t>(l, "column", 0)};
}

std::optional<WorkItemIds> workItemFromJson(const nlohmann::json &j) {
  if (!j.contains("work_item") || !j["work_item"].is_object()) return std::nullopt;
  const nlohmann::json &w = j["work_item"];
  WorkItemIds ids;
  ids.dims = 0;
  for (const auto &[key, ids3] : {std::pair{"global", &ids.global}, std::pair{"local", &ids.local},
                                  std::pair{"group", &ids.group}}) {
    if (!w.contains(key) || !w[key].is_array()) continue;
    const nlohmann::json &list = w[key];
    ids.dims = std::max<uint32_t>(ids.dims, std::min<uint32_t>(3, uint32_t(list.size())));
    for (size_t d = 0; d < list.size() && d < 3; ++d)
      if (list[d].is_number_unsigned()) (*ids3)[d] = list[d].get<uint64_t>();
  }
  if (ids.dims == 0) ids.dims = 1;
  return ids;
}

std::optional<uint32_t> wordOffsetFromJson(const nlohmann::json &j) {
  if (!j.contains("word_offset") || !j["word_offset"].is_number_unsigned()) return std::nullopt;
  return j["word_offset"].get<uint32_t>();
}

} // namespace

std::optional<Finding> findingFromJson(const nlohmann::json &j) {
  if (!j.is_object() || !j.contains("kind") || !j["kind"].is_string()) return std::nullopt;
  Finding f;
  f.kind = j["kind"].get<std::string>();
  f.severity = valueOr<std::string>(j, "severity", "error") == "warning" ? Severity::Warning
                                                                         : Severity::Error;
  f.message = valueOr<std::string>(j, "message", "");
  f.kernel = valueOr<std::string>(j, "kernel", "");
  f.workItem = workItemFromJson(j);
  f.instruction = valueOr<std::string>(j, "instruction", "");
  f.wordOffset = wordOffsetFromJson(j);
  f.location = locationFromJson(j, "location");
  if (j.contains("memory") && j["memory"].is_object()) {
    const nlohmann::json &m = j["memory"];
    // "offset" and "element" are negative for an access before the buffer's start.
    const int64_t offset = signedOr(m, "offset", 0);
    f.memory =
        MemoryRef{valueOr<std::string>(m, "space", ""), valueOr<std::string>(m, "buffer", ""),
                  uint64_t(offset), valueOr<uint64_t>(m, "size", 0)};
    const int64_t element = signedOr(m, "element", 0);
    const int64_t inside = signedOr(m, "element_byte", 0);
    f.elementType = valueOr<std::string>(m, "element_type", "");
    if (!f.elementType.empty() && m.contains("element")) {
      // offset = element * size + inside; element 0 leaves the size unknown, so the
      // smallest size that keeps the offset inside element 0 stands in for it.
      const int64_t size = element ? (offset - inside) / element : offset + 1;
      f.elementSize = uint32_t(std::clamp<int64_t>(size, 1, UINT32_MAX));
    }
  }
  if (j.contains("other_access") && j["other_access"].is_object()) {
    const nlohmann::json &o = j["other_access"];
    OtherAccess other;
    other.access = valueOr<std::string>(o, "access", "");
    other.by = valueOr<std::string>(o, "by", "work-item");
    other.workItem = workItemFromJson(o);
    other.instruction = valueOr<std::string>(o, "instruction", "");
    other.wordOffset = wordOffsetFromJson(o);
    other.location = locationFromJson(o, "location");
    f.other = std::move(other);
  }
  f.origin = locationFromJson(j, "origin_location");
  if (j.contains("notes") && j["notes"].is_array())
    for (const nlohmann::json &n : j["notes"])
      if (n.is_string()) f.notes.push_back(n.get<std::string>());
  f.count = valueOr<uint64_t>(j, "count", 1);
  f.instructions = valueOr<uint64_t>(j, "instructions", 1);
  f.uniformWrite = valueOr<bool>(j, "uniform_write", false);
  return f;
}

} // namespace spvsim
