// The text profile of `spvsim run --profile` and `spvsim exec --profile`
// (cli/profile_report.h).
#include "profile_report.h"

#include <iomanip>
#include <sstream>

#include "spvsim/common/source_excerpt.h"

namespace spvsim::cli {

namespace {

const char *const kNoSourceLine = "(no source line)";

std::string percent(uint64_t part, uint64_t whole) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(1) << (whole ? 100.0 * double(part) / double(whole) : 0.0)
    << "%";
  return s.str();
}

} // namespace

void printProfile(std::ostream &out, const ProfileSummary &profile) {
  const InstructionCounts &total = profile.total;
  out << "profile of kernel '" << profile.kernel << "' (" << profile.launches << " launch"
      << (profile.launches == 1 ? "" : "es") << "):\n";
  out << "  instructions executed: " << total.activeLanes << " by work-items, "
      << total.warpExecutions << " by warps; lane utilisation "
      << percent(total.activeLanes, total.laneSlots) << "\n";
  out << "  by opcode family:\n";
  for (const auto &[family, c] : profile.families)
    out << "    " << std::left << std::setw(14) << family << std::right << std::setw(14)
        << c.activeLanes << "  " << percent(c.activeLanes, total.activeLanes) << "\n";
  out << "  by source line (work-item instructions, times run, lane utilisation):\n";
  SourceExcerpts sources;
  for (const auto &[file, text] : profile.sources) sources.setText(file, text);
  const auto printLine = [&](const std::string &name, const ProfileSite &site) {
    const InstructionCounts &c = site.counts;
    out << "    " << name << "  " << c.activeLanes << " instructions, " << site.runs << " runs, "
        << percent(c.activeLanes, c.laneSlots) << " lanes";
    if (site.hasSource())
      if (auto text = sources.line(site.file, site.line)) {
        const size_t start = text->find_first_not_of(" \t");
        if (start != std::string::npos) out << "  | " << text->substr(start);
      }
    out << "\n";
  };
  for (const ProfileSite &site : profile.sites) printLine(site.name(), site);
  // Instructions without a line are one entry, whatever their number (docs/profiling.md).
  if (!profile.withoutLine.empty()) printLine(kNoSourceLine, withoutLineTotal(profile.withoutLine));
  if (!profile.branches.empty()) {
    out << "  branches (warp executions, divergent, lane utilisation):\n";
    const auto printBranch = [&](const std::string &name, const InstructionCounts &c) {
      out << "    " << name << "  " << c.warpExecutions << "  " << c.divergentBranches
          << " divergent  " << percent(c.activeLanes, c.laneSlots) << "\n";
    };
    bool lineless = false;
    for (const ProfileSite &site : profile.branches) {
      if (site.hasSource())
        printBranch(site.name(), site.counts);
      else
        lineless = true;
    }
    if (lineless) printBranch(kNoSourceLine, withoutLineTotal(profile.branches).counts);
  }
  out << "  memory traffic (bytes loaded, stored):\n";
  for (const auto &[space, t] : profile.bySpace)
    out << "    " << space << ": " << t.loaded << " loaded, " << t.stored << " stored\n";
  for (const auto &[buffer, t] : profile.byBuffer)
    out << "    buffer " << buffer << ": " << t.loaded << " loaded, " << t.stored << " stored\n";
  out << "  atomics: " << profile.atomics << "\n";
  out << "  barriers: " << profile.barriers << " (work-group barriers completed)\n";
}

} // namespace spvsim::cli
