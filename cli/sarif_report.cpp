// SARIF 2.1.0 report: findings as results with physical locations (SARIF §3.14 run,
// §3.19 tool, §3.27 result, §3.28 location, §3.29 physicalLocation, §3.30 region).
#include "sarif_report.h"

#include <cstdint>
#include <map>

namespace spvsim::cli {

namespace {

/// A file path as a URI reference (SARIF §3.4.3, RFC 3986 §2): bytes other than
/// unreserved characters and '/' percent-encoded; an absolute path as a file:// URI.
std::string sarifFileUri(const std::string &path) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string uri = path.starts_with('/') ? "file://" : "";
  for (unsigned char c : path) {
    const bool plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                       c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
    if (plain) {
      uri += static_cast<char>(c);
    } else {
      uri += '%';
      uri += hex[c >> 4];
      uri += hex[c & 15];
    }
  }
  return uri;
}

/// A SARIF location from a finding's {"file", "line", "column"}; null without a file.
/// The region is left out where the line is unknown (0): SARIF's lines and columns
/// start at 1 (§3.30.5).
nlohmann::json sarifLocation(const nlohmann::json &location, const std::string &text) {
  if (!location.is_object() || !location.contains("file") || !location["file"].is_string())
    return nullptr;
  nlohmann::json physical = {
      {"artifactLocation", {{"uri", sarifFileUri(location["file"].get<std::string>())}}}};
  const int64_t line = location.value("line", int64_t{0});
  const int64_t column = location.value("column", int64_t{0});
  if (line >= 1) {
    nlohmann::json region = {{"startLine", line}};
    if (column >= 1) region["startColumn"] = column;
    physical["region"] = region;
  }
  nlohmann::json l = {{"physicalLocation", physical}};
  if (!text.empty()) l["message"] = {{"text", text}};
  return l;
}

} // namespace

nlohmann::json sarifReport(const nlohmann::json &findings, const std::string &version) {
  nlohmann::json rules = nlohmann::json::array();
  std::map<std::string, size_t> ruleIndex;
  nlohmann::json results = nlohmann::json::array();
  for (const nlohmann::json &f : findings) {
    const std::string kind = f.value("kind", "finding");
    auto [it, added] = ruleIndex.emplace(kind, rules.size());
    // helpUri must be an absolute URI (§3.49.12); the kind's description is in spvsim's
    // own documentation, so the rule says where instead.
    if (added)
      rules.push_back(
          {{"id", kind},
           {"help", {{"text", "See `spvsim help findings` (docs/findings.md): " + kind}}}});
    std::string text = f.value("message", "");
    if (f.contains("kernel")) text += " (kernel " + f["kernel"].get<std::string>() + ")";
    nlohmann::json result = {
        {"ruleId", kind},
        {"ruleIndex", it->second},
        {"level", f.value("severity", "error") == "error" ? "error" : "warning"},
        {"message", {{"text", text}}},
        {"occurrenceCount", f.value("count", 1)}};
    nlohmann::json locations = nlohmann::json::array();
    if (auto l = sarifLocation(f.value("location", nlohmann::json()), ""); !l.is_null())
      locations.push_back(l);
    result["locations"] = locations;
    nlohmann::json related = nlohmann::json::array();
    if (f.contains("other_access"))
      if (auto l = sarifLocation(f["other_access"].value("location", nlohmann::json()),
                                 "the other access: " +
                                     f["other_access"].value("access", std::string("access")));
          !l.is_null())
        related.push_back(l);
    if (auto l = sarifLocation(f.value("origin_location", nlohmann::json()),
                               "where the value was loaded");
        !l.is_null())
      related.push_back(l);
    for (size_t i = 0; i < related.size(); ++i) related[i]["id"] = i;
    if (!related.empty()) result["relatedLocations"] = related;
    nlohmann::json properties = nlohmann::json::object();
    for (const char *key : {"work_item", "memory", "instruction", "word_offset", "notes"})
      if (f.contains(key)) properties[key] = f[key];
    if (!properties.empty()) result["properties"] = properties;
    results.push_back(std::move(result));
  }
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs",
           {{{"tool",
              {{"driver",
                {{"name", "spvsim"},
                 {"version", version},
                 {"semanticVersion", version},
                 {"rules", rules}}}}},
             {"results", results}}}}};
}

} // namespace spvsim::cli
