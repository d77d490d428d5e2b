// The text profile of `spvsim run --profile` (cli/profile_report.h).
#include "profile_report.h"

#include <algorithm>
#include <iomanip>
#include <map>
#include <sstream>
#include <tuple>

#include "spvsim/common/source_excerpt.h"

namespace spvsim::cli {

std::string opcodeFamily(const Module &module, uint32_t instruction) {
  const Instruction &in = module.instruction(instruction);
  const auto op = static_cast<uint32_t>(in.opcode);
  using spv::Op;
  if (in.opcode == Op::OpExtInst) {
    const std::string_view set = module.extInstSet(module.operands(in)[0]);
    return set == "OpenCL.std" ? "OpenCL.std" : std::string(set);
  }
  if (op >= uint32_t(Op::OpConvertFToU) && op <= uint32_t(Op::OpBitcast)) return "conversions";
  if (op >= uint32_t(Op::OpVariable) && op <= uint32_t(Op::OpPtrAccessChain)) return "memory";
  if (in.opcode == Op::OpGenericCastToPtr || in.opcode == Op::OpGenericCastToPtrExplicit ||
      in.opcode == Op::OpPtrCastToGeneric || in.opcode == Op::OpInBoundsPtrAccessChain)
    return "memory";
  if (op >= uint32_t(Op::OpAtomicLoad) && op <= uint32_t(Op::OpAtomicXor)) return "atomics";
  if (in.opcode == Op::OpAtomicFlagTestAndSet || in.opcode == Op::OpAtomicFlagClear ||
      in.opcode == Op::OpAtomicFAddEXT || in.opcode == Op::OpAtomicFMinEXT ||
      in.opcode == Op::OpAtomicFMaxEXT)
    return "atomics";
  if (in.opcode == Op::OpControlBarrier || in.opcode == Op::OpMemoryBarrier) return "barriers";
  if ((op >= uint32_t(Op::OpPhi) && op <= uint32_t(Op::OpUnreachable)) ||
      in.opcode == Op::OpFunctionCall)
    return "control";
  if (op >= uint32_t(Op::OpVectorExtractDynamic) && op <= uint32_t(Op::OpCopyObject))
    return "composite";
  if (op >= uint32_t(Op::OpSNegate) && op <= uint32_t(Op::OpBitCount)) return "arithmetic";
  if (op >= uint32_t(Op::OpGroupAsyncCopy) && op <= uint32_t(Op::OpGroupSMax)) return "work-group";
  return "other";
}

namespace {

std::string percent(uint64_t part, uint64_t whole) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(1) << (whole ? 100.0 * double(part) / double(whole) : 0.0)
    << "%";
  return s.str();
}

void add(InstructionCounts &sum, const InstructionCounts &c) {
  sum.warpExecutions += c.warpExecutions;
  sum.activeLanes += c.activeLanes;
  sum.laneSlots += c.laneSlots;
  sum.divergentBranches += c.divergentBranches;
}

using SiteKey = std::tuple<std::string, uint32_t>;

std::vector<ProfileSite> sitesOf(const std::map<SiteKey, ProfileSite> &sites) {
  std::vector<ProfileSite> list;
  for (const auto &[key, site] : sites) list.push_back(site);
  return list;
}

nlohmann::json countsJson(const InstructionCounts &c) {
  return {{"work_item_instructions", c.activeLanes},
          {"warp_instructions", c.warpExecutions},
          {"lane_utilisation", laneUtilisation(c)}};
}

nlohmann::json siteJson(const ProfileSite &site) {
  nlohmann::json j = site.hasSource() ? nlohmann::json{{"file", site.file}, {"line", site.line}}
                                      : nlohmann::json{{"word", site.line}};
  j.update(countsJson(site.counts));
  return j;
}

nlohmann::json trafficJson(const std::map<std::string, Traffic> &traffic) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto &[name, t] : traffic) j[name] = {{"loaded", t.loaded}, {"stored", t.stored}};
  return j;
}

} // namespace

double laneUtilisation(const InstructionCounts &counts) {
  return counts.laneSlots ? double(counts.activeLanes) / double(counts.laneSlots) : 0.0;
}

std::string ProfileSite::name() const {
  return hasSource() ? file + ":" + std::to_string(line) : "word " + std::to_string(line);
}

ProfileSummary summarizeProfile(const Module &module, const std::string &kernel,
                                const KernelProfile &profile) {
  ProfileSummary summary;
  summary.kernel = kernel;
  summary.launches = profile.launches;
  std::map<SiteKey, ProfileSite> sites, branches;
  for (const auto &[instruction, c] : profile.instructions) {
    if (instruction >= module.instructions().size()) continue;
    ProfileSite at;
    if (auto loc = module.location(instruction)) {
      at.file = module.string(loc->fileId);
      at.line = loc->line;
    } else {
      at.line = module.instruction(instruction).wordOffset;
    }
    ProfileSite &site = sites.try_emplace({at.file, at.line}, at).first->second;
    add(site.counts, c);
    site.runs = std::max(site.runs, c.activeLanes);
    add(summary.families[opcodeFamily(module, instruction)], c);
    add(summary.total, c);
    const spv::Op op = module.instruction(instruction).opcode;
    if (op == spv::Op::OpBranchConditional || op == spv::Op::OpSwitch)
      add(branches.try_emplace({at.file, at.line}, at).first->second.counts, c);
  }
  summary.sites = sitesOf(sites);
  summary.branches = sitesOf(branches);
  summary.bySpace = profile.bySpace;
  summary.byBuffer = profile.byBuffer;
  summary.atomics = profile.atomics;
  summary.barriers = profile.barriers;
  return summary;
}

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
  for (const ProfileSite &site : profile.sites) {
    const InstructionCounts &c = site.counts;
    out << "    " << site.name() << "  " << c.activeLanes << " instructions, " << site.runs
        << " runs, " << percent(c.activeLanes, c.laneSlots) << " lanes";
    if (site.hasSource())
      if (auto text = sources.line(site.file, site.line)) {
        const size_t start = text->find_first_not_of(" \t");
        if (start != std::string::npos) out << "  | " << text->substr(start);
      }
    out << "\n";
  }
  if (!profile.branches.empty()) {
    out << "  branches (warp executions, divergent, lane utilisation):\n";
    for (const ProfileSite &site : profile.branches) {
      const InstructionCounts &c = site.counts;
      out << "    " << site.name() << "  " << c.warpExecutions << "  " << c.divergentBranches
          << " divergent  " << percent(c.activeLanes, c.laneSlots) << "\n";
    }
  }
  out << "  memory traffic (bytes loaded, stored):\n";
  for (const auto &[space, t] : profile.bySpace)
    out << "    " << space << ": " << t.loaded << " loaded, " << t.stored << " stored\n";
  for (const auto &[buffer, t] : profile.byBuffer)
    out << "    buffer " << buffer << ": " << t.loaded << " loaded, " << t.stored << " stored\n";
  out << "  atomics: " << profile.atomics << "\n";
  out << "  barriers: " << profile.barriers << " (work-group barriers completed)\n";
}

nlohmann::json profileJson(const ProfileSummary &profile) {
  nlohmann::json families = nlohmann::json::object();
  for (const auto &[family, c] : profile.families) families[family] = c.activeLanes;
  nlohmann::json lines = nlohmann::json::array();
  for (const ProfileSite &site : profile.sites) {
    lines.push_back(siteJson(site));
    lines.back()["runs"] = site.runs;
  }
  nlohmann::json branches = nlohmann::json::array();
  for (const ProfileSite &site : profile.branches) {
    branches.push_back(siteJson(site));
    branches.back()["divergent"] = site.counts.divergentBranches;
  }
  nlohmann::json j{{"kernel", profile.kernel}, {"launches", profile.launches}};
  j.update(countsJson(profile.total));
  j["families"] = std::move(families);
  j["lines"] = std::move(lines);
  j["branches"] = std::move(branches);
  j["memory"] = {{"spaces", trafficJson(profile.bySpace)},
                 {"buffers", trafficJson(profile.byBuffer)}};
  j["atomics"] = profile.atomics;
  j["barriers"] = profile.barriers;
  return j;
}

} // namespace spvsim::cli
