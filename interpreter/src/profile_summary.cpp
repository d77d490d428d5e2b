// A kernel's profile summed up and its JSON form, both ways (profile_summary.h).
#include "spvsim/interpreter/profile_summary.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace spvsim {

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

void add(InstructionCounts &sum, const InstructionCounts &c) {
  sum.warpExecutions += c.warpExecutions;
  sum.activeLanes += c.activeLanes;
  sum.laneSlots += c.laneSlots;
  sum.divergentBranches += c.divergentBranches;
}

void add(std::map<std::string, Traffic> &sum, const std::map<std::string, Traffic> &more) {
  for (const auto &[name, t] : more) {
    Traffic &n = sum[name];
    n.loaded += t.loaded;
    n.stored += t.stored;
  }
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

// Reading back: a key missing or of the wrong type is zero (or empty).

uint64_t numberAt(const nlohmann::json &j, const char *key) {
  if (!j.is_object() || !j.contains(key) || !j[key].is_number_unsigned()) return 0;
  return j[key].get<uint64_t>();
}

std::string textAt(const nlohmann::json &j, const char *key) {
  if (!j.is_object() || !j.contains(key) || !j[key].is_string()) return "";
  return j[key].get<std::string>();
}

const nlohmann::json &memberAt(const nlohmann::json &j, const char *key) {
  static const nlohmann::json none;
  return j.is_object() && j.contains(key) ? j[key] : none;
}

/// countsJson read back. The lane slots are the active lanes over the utilisation,
/// exact for any count below 2^52 (the quotient is rounded to the nearest integer).
InstructionCounts countsFromJson(const nlohmann::json &j) {
  InstructionCounts c;
  c.activeLanes = numberAt(j, "work_item_instructions");
  c.warpExecutions = numberAt(j, "warp_instructions");
  const nlohmann::json &lanes = memberAt(j, "lane_utilisation");
  if (lanes.is_number() && lanes.get<double>() > 0)
    c.laneSlots = static_cast<uint64_t>(std::llround(double(c.activeLanes) / lanes.get<double>()));
  return c;
}

std::vector<ProfileSite> sitesFromJson(const nlohmann::json &list, const char *extra) {
  std::vector<ProfileSite> sites;
  if (!list.is_array()) return sites;
  for (const nlohmann::json &j : list) {
    if (!j.is_object()) continue;
    ProfileSite site;
    site.file = textAt(j, "file");
    site.line = static_cast<uint32_t>(numberAt(j, site.file.empty() ? "word" : "line"));
    site.counts = countsFromJson(j);
    if (std::string_view(extra) == "runs")
      site.runs = numberAt(j, "runs");
    else
      site.counts.divergentBranches = numberAt(j, "divergent");
    sites.push_back(std::move(site));
  }
  return sites;
}

std::map<std::string, Traffic> trafficFromJson(const nlohmann::json &j) {
  std::map<std::string, Traffic> traffic;
  if (!j.is_object()) return traffic;
  for (const auto &[name, t] : j.items())
    traffic[name] = {numberAt(t, "loaded"), numberAt(t, "stored")};
  return traffic;
}

} // namespace

double laneUtilisation(const InstructionCounts &counts) {
  return counts.laneSlots ? double(counts.activeLanes) / double(counts.laneSlots) : 0.0;
}

std::string ProfileSite::name() const {
  return hasSource() ? file + ":" + std::to_string(line) : "word " + std::to_string(line);
}

ProfileSite withoutLineTotal(const std::vector<ProfileSite> &sites) {
  ProfileSite total;
  for (const ProfileSite &site : sites) {
    if (site.hasSource()) continue;
    add(total.counts, site.counts);
    total.runs = std::max(total.runs, site.runs);
  }
  return total;
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
  for (ProfileSite &site : sitesOf(sites))
    (site.hasSource() ? summary.sites : summary.withoutLine).push_back(std::move(site));
  summary.branches = sitesOf(branches);
  summary.bySpace = profile.bySpace;
  summary.byBuffer = profile.byBuffer;
  summary.atomics = profile.atomics;
  summary.barriers = profile.barriers;
  return summary;
}

void addProfile(KernelProfile &sum, const KernelProfile &more) {
  for (const auto &[instruction, c] : more.instructions) add(sum.instructions[instruction], c);
  add(sum.bySpace, more.bySpace);
  add(sum.byBuffer, more.byBuffer);
  sum.atomics += more.atomics;
  sum.barriers += more.barriers;
  sum.launches += more.launches;
}

nlohmann::json profileJson(const ProfileSummary &profile) {
  nlohmann::json families = nlohmann::json::object();
  for (const auto &[family, c] : profile.families) families[family] = c.activeLanes;
  const auto withRuns = [](const std::vector<ProfileSite> &sites) {
    nlohmann::json list = nlohmann::json::array();
    for (const ProfileSite &site : sites) {
      list.push_back(siteJson(site));
      list.back()["runs"] = site.runs;
    }
    return list;
  };
  nlohmann::json branches = nlohmann::json::array();
  for (const ProfileSite &site : profile.branches) {
    branches.push_back(siteJson(site));
    branches.back()["divergent"] = site.counts.divergentBranches;
  }
  nlohmann::json j{{"kernel", profile.kernel}, {"launches", profile.launches}};
  j.update(countsJson(profile.total));
  j["families"] = std::move(families);
  j["lines"] = withRuns(profile.sites);
  j["without_line"] = withRuns(profile.withoutLine);
  j["branches"] = std::move(branches);
  j["memory"] = {{"spaces", trafficJson(profile.bySpace)},
                 {"buffers", trafficJson(profile.byBuffer)}};
  j["atomics"] = profile.atomics;
  j["barriers"] = profile.barriers;
  if (!profile.sources.empty()) j["sources"] = profile.sources;
  return j;
}

std::optional<ProfileSummary> profileFromJson(const nlohmann::json &json) {
  if (!json.is_object() || !json.contains("kernel") || !json["kernel"].is_string())
    return std::nullopt;
  ProfileSummary profile;
  profile.kernel = json["kernel"].get<std::string>();
  profile.launches = numberAt(json, "launches");
  profile.total = countsFromJson(json);
  if (const nlohmann::json &families = memberAt(json, "families"); families.is_object())
    for (const auto &[family, count] : families.items())
      profile.families[family].activeLanes = count.is_number_unsigned() ? count.get<uint64_t>() : 0;
  // A site without a file is an instruction without a line, wherever it is listed.
  for (const char *key : {"lines", "without_line"})
    for (ProfileSite &site : sitesFromJson(memberAt(json, key), "runs"))
      (site.hasSource() ? profile.sites : profile.withoutLine).push_back(std::move(site));
  profile.branches = sitesFromJson(memberAt(json, "branches"), "divergent");
  const nlohmann::json &memory = memberAt(json, "memory");
  profile.bySpace = trafficFromJson(memberAt(memory, "spaces"));
  profile.byBuffer = trafficFromJson(memberAt(memory, "buffers"));
  profile.atomics = numberAt(json, "atomics");
  profile.barriers = numberAt(json, "barriers");
  if (const nlohmann::json &sources = memberAt(json, "sources"); sources.is_object())
    for (const auto &[file, text] : sources.items())
      if (text.is_string()) profile.sources[file] = text.get<std::string>();
  return profile;
}

} // namespace spvsim
