// The HTML report page (cli/html_report.h).
#include "html_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <sstream>

#include "spvsim/common/source_excerpt.h"

namespace spvsim::cli {

namespace {

const char *const kStyle = R"css(
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em 2em; color: #1d1d1f; background: #fff; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
h2 { font-size: 1.2em; margin-top: 1.6em; border-bottom: 1px solid #ddd; padding-bottom: 0.2em; }
h3 { font-size: 1.05em; margin: 1.2em 0 0.4em; }
.summary { color: #444; margin-top: 0; }
table { border-collapse: collapse; }
th, td { padding: 2px 8px; text-align: left; vertical-align: top; }
th { background: #f2f2f4; font-weight: 600; }
table.launches td, table.launches th, table.counts td, table.counts th { border: 1px solid #ddd; }
td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
.finding { border-left: 4px solid #c62828; background: #fdf3f3; margin: 0.8em 0; padding: 0.3em 0.8em; }
.finding.warning { border-color: #ef6c00; background: #fff6ec; }
.finding.note { border-color: #1565c0; background: #f1f6fd; }
.finding h3 { margin: 0.2em 0; font: 600 12.5px/1.35 ui-monospace, SFMono-Regular, Menlo, monospace; white-space: pre-wrap; }
pre { font: 12.5px/1.35 ui-monospace, SFMono-Regular, Menlo, monospace; margin: 0.3em 0; white-space: pre-wrap; }
table.source { font: 12.5px/1.35 ui-monospace, SFMono-Regular, Menlo, monospace; margin-top: 0.4em; }
table.source td { padding: 0 8px; white-space: pre; }
table.source td.line { color: #888; text-align: right; user-select: none; }
table.source td.heat, table.source td.lanes { text-align: right; min-width: 5.5em; }
table.source td.code { min-width: 40em; }
table.source tr.idle td.code { color: #777; }
.legend { color: #555; font-size: 0.9em; }
.legend span { display: inline-block; padding: 0 6px; margin-right: 4px; font-family: ui-monospace, monospace; }
.none { color: #2e7d32; }
)css";

std::string format(const char *pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

std::string number(uint64_t n) {
  return std::to_string(n);
}

/// A warm background whose depth grows with the log of `count` up to `maximum`.
std::string heatColour(uint64_t count, uint64_t maximum) {
  if (!count || !maximum) return "transparent";
  const double depth = std::log1p(double(count)) / std::log1p(double(maximum));
  return format("rgba(230, 81, 0, %.3f)", 0.08 + 0.72 * depth);
}

/// Red for idle lanes through amber to green for full warps.
std::string lanesColour(double utilisation) {
  return format("hsla(%.0f, 70%%, 45%%, 0.35)", 120.0 * std::clamp(utilisation, 0.0, 1.0));
}

std::string sizes(const nlohmann::json &list) {
  std::string text;
  for (const auto &n : list) text += (text.empty() ? "" : " × ") + n.dump();
  return text;
}

void writeLaunches(std::ostringstream &out, const nlohmann::json &launches) {
  out << "<h2>Launches</h2>\n";
  if (launches.empty()) {
    out << "<p>No launch ran.</p>\n";
    return;
  }
  out << "<table class=\"launches\"><tr><th class=\"number\">#</th><th>kernel</th><th>global "
         "size</th><th>local size</th><th class=\"number\">work-groups</th><th>notes</th></tr>\n";
  for (size_t i = 0; i < launches.size(); ++i) {
    const nlohmann::json &l = launches[i];
    std::string notes;
    if (l.contains("schedule")) notes += "schedule " + l["schedule"].get<std::string>();
    if (l.contains("stopped"))
      notes += (notes.empty() ? "" : "; ") + std::string("stopped: ") +
               l["stopped"].get<std::string>() + ", " + l["work_items_finished"].dump() +
               " work-items finished";
    out << "<tr><td class=\"number\">" << i << "</td><td>"
        << htmlEscape(l.value("kernel", std::string())) << "</td><td>"
        << sizes(l.value("global_size", nlohmann::json::array())) << "</td><td>"
        << sizes(l.value("local_size", nlohmann::json::array())) << "</td><td class=\"number\">"
        << l.value("work_groups", uint64_t(0)) << "</td><td>" << htmlEscape(notes)
        << "</td></tr>\n";
  }
  out << "</table>\n";
}

void writeFindings(std::ostringstream &out, const HtmlReportContent &content) {
  out << "<h2>Findings</h2>\n";
  if (content.findings.empty()) out << "<p class=\"none\">No findings.</p>\n";
  // The first line of a finding's text is its headline: "error[KIND]: message".
  for (const HtmlFinding &f : content.findings) {
    const size_t end = f.text.find('\n');
    out << "<section class=\"finding " << htmlEscape(f.severity) << "\" data-kind=\""
        << htmlEscape(f.kind) << "\"><h3>" << htmlEscape(f.text.substr(0, end)) << "</h3><pre>"
        << htmlEscape(end == std::string::npos ? "" : f.text.substr(end + 1))
        << "</pre></section>\n";
  }
  if (!content.notes.empty()) {
    out << "<details><summary>" << content.notes.size() << " producer quirk"
        << (content.notes.size() == 1 ? "" : "s")
        << " in the module accepted (notes, not findings)</summary>\n";
    for (const std::string &note : content.notes)
      out << "<section class=\"finding note\"><pre>" << htmlEscape(note) << "</pre></section>\n";
    out << "</details>\n";
  }
  if (!content.errors.empty()) {
    out << "<h2>Errors</h2>\n";
    for (const std::string &error : content.errors)
      out << "<section class=\"finding\" data-error><pre>" << htmlEscape(error)
          << "</pre></section>\n";
  }
}

/// One row of a source table: the line number (data-line "none" without one), its counts
/// (empty when it ran nothing) and its text.
void writeSourceRow(std::ostringstream &out, const std::string &label, const ProfileSite *site,
                    uint64_t maximum, const std::string &text) {
  out << "<tr data-line=\"" << (label.empty() ? "none" : label) << "\""
      << (site ? "" : " class=\"idle\"") << "><td class=\"line\">" << label << "</td>";
  if (site) {
    const InstructionCounts &c = site->counts;
    const double lanes = laneUtilisation(c);
    out << "<td class=\"heat\" style=\"background:" << heatColour(c.activeLanes, maximum)
        << "\" title=\"" << c.activeLanes << " work-item instructions, " << c.warpExecutions
        << " warp instructions, ran " << site->runs << " times\">" << c.activeLanes << "</td>"
        << "<td class=\"lanes\" style=\"background:" << lanesColour(lanes) << "\" title=\""
        << format("%.1f", 100 * lanes) << "% of the warps' lanes active\">"
        << format("%.1f%%", 100 * lanes) << "</td>";
  } else {
    out << "<td></td><td></td>";
  }
  out << "<td class=\"code\">" << htmlEscape(text) << "</td></tr>\n";
}

void writeProfile(std::ostringstream &out, const ProfileSummary &profile) {
  const InstructionCounts &total = profile.total;
  out << "<h3>Kernel '" << htmlEscape(profile.kernel) << "'</h3>\n<p>" << total.activeLanes
      << " instructions executed by work-items, " << total.warpExecutions << " by warps, in "
      << profile.launches << " launch" << (profile.launches == 1 ? "" : "es")
      << "; lane utilisation " << format("%.1f%%", 100 * laneUtilisation(total)) << "; "
      << profile.atomics << " atomics; " << profile.barriers << " work-group barriers.</p>\n";
  out << "<table class=\"counts\"><tr><th>opcode family</th><th class=\"number\">work-item "
         "instructions</th></tr>\n";
  for (const auto &[family, c] : profile.families)
    out << "<tr><td>" << htmlEscape(family) << "</td><td class=\"number\">" << c.activeLanes
        << "</td></tr>\n";
  out << "</table>\n";
  if (!profile.bySpace.empty() || !profile.byBuffer.empty()) {
    out << "<table class=\"counts\" style=\"margin-top:0.6em\"><tr><th>memory</th><th "
           "class=\"number\">bytes loaded</th><th class=\"number\">bytes stored</th></tr>\n";
    for (const auto &[space, t] : profile.bySpace)
      out << "<tr><td>" << htmlEscape(space) << "</td><td class=\"number\">" << t.loaded
          << "</td><td class=\"number\">" << t.stored << "</td></tr>\n";
    for (const auto &[buffer, t] : profile.byBuffer)
      out << "<tr><td>buffer " << htmlEscape(buffer) << "</td><td class=\"number\">" << t.loaded
          << "</td><td class=\"number\">" << t.stored << "</td></tr>\n";
    out << "</table>\n";
  }
  uint64_t maximum = 0;
  std::map<std::string, std::map<uint32_t, const ProfileSite *>> byFile;
  for (const ProfileSite &site : profile.sites) {
    maximum = std::max(maximum, site.counts.activeLanes);
    byFile[site.file][site.line] = &site;
  }
  // Instructions without a line are one row, whatever their number (docs/profiling.md).
  const ProfileSite withoutLine = withoutLineTotal(profile.withoutLine);
  maximum = std::max(maximum, withoutLine.counts.activeLanes);
  SourceExcerpts sources;
  for (const auto &[file, text] : profile.sources) sources.setText(file, text);
  const std::string header = "<table class=\"source\"><tr><th>line</th><th>instructions</th>"
                             "<th>lanes</th><th>source</th></tr>\n";
  for (const auto &[file, lines] : byFile) {
    out << "<p><b>" << htmlEscape(file) << "</b></p>\n" << header;
    if (sources.line(file, 1)) {
      for (uint32_t n = 1;; ++n) {
        const std::optional<std::string> text = sources.line(file, n);
        if (!text) break;
        auto at = lines.find(n);
        writeSourceRow(out, number(n), at == lines.end() ? nullptr : at->second, maximum, *text);
      }
    } else {
      for (const auto &[n, site] : lines)
        writeSourceRow(out, number(n), site, maximum, "(source not readable)");
    }
    out << "</table>\n";
  }
  if (!profile.withoutLine.empty()) {
    out << "<p><b>Instructions without a source line</b></p>\n" << header;
    writeSourceRow(out, "", &withoutLine, maximum, "(no source line)");
    out << "</table>\n";
  }
}

} // namespace

std::string htmlEscape(const std::string &text) {
  std::string escaped;
  escaped.reserve(text.size());
  for (const char c : text) switch (c) {
    case '&':
      escaped += "&amp;";
      break;
    case '<':
      escaped += "&lt;";
      break;
    case '>':
      escaped += "&gt;";
      break;
    case '"':
      escaped += "&quot;";
      break;
    case '\'':
      escaped += "&#39;";
      break;
    default:
      escaped += c;
    }
  return escaped;
}

std::string htmlReport(const HtmlReportContent &content) {
  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<title>spvsim report</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n"
      << "<h1>spvsim report</h1>\n<p class=\"summary\">" << htmlEscape(content.summary)
      << " &middot; spvsim " << htmlEscape(content.version) << "</p>\n";
  if (!content.command.empty())
    out << "<p class=\"summary\"><code>" << htmlEscape(content.command) << "</code></p>\n";
  writeLaunches(out, content.launches);
  writeFindings(out, content);
  if (!content.profiles.empty()) {
    out << "<h2>Profile</h2>\n<p class=\"legend\">Per source line: the instructions its "
           "work-items executed (<span style=\"background:"
        << heatColour(1, 1000) << "\">few</span><span style=\"background:" << heatColour(1000, 1000)
        << "\">most</span>) and the share of the warps' lanes active when it ran "
           "(<span style=\"background:"
        << lanesColour(0) << "\">0%</span><span style=\"background:" << lanesColour(0.5)
        << "\">50%</span><span style=\"background:" << lanesColour(1)
        << "\">100%</span>). Hover a cell for its counts.</p>\n";
    for (const ProfileSummary &profile : content.profiles) writeProfile(out, profile);
  }
  out << "</body>\n</html>\n";
  return out.str();
}

} // namespace spvsim::cli
