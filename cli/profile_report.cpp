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

/// A source line, or an instruction without one (file "", line: its word offset).
struct Site {
  std::string file;
  uint32_t line = 0;
  bool operator<(const Site &o) const { return std::tie(file, line) < std::tie(o.file, o.line); }
};

} // namespace

void printProfile(std::ostream &out, const Module &module, const std::string &kernel,
                  const KernelProfile &profile) {
  std::map<Site, InstructionCounts> bySite;
  std::map<std::string, InstructionCounts> byFamily;
  std::map<Site, InstructionCounts> branches;
  std::map<Site, uint64_t>
      runs; ///< per line, the most work-item executions of one of its instructions
  InstructionCounts total;
  for (const auto &[instruction, c] : profile.instructions) {
    if (instruction >= module.instructions().size()) continue;
    Site site;
    if (auto loc = module.location(instruction))
      site = {std::string(module.string(loc->fileId)), loc->line};
    else
      site = {"", module.instruction(instruction).wordOffset};
    auto add = [&c](InstructionCounts &n) {
      n.warpExecutions += c.warpExecutions;
      n.activeLanes += c.activeLanes;
      n.laneSlots += c.laneSlots;
      n.divergentBranches += c.divergentBranches;
    };
    add(bySite[site]);
    runs[site] = std::max(runs[site], c.activeLanes);
    add(byFamily[opcodeFamily(module, instruction)]);
    add(total);
    const spv::Op op = module.instruction(instruction).opcode;
    if (op == spv::Op::OpBranchConditional || op == spv::Op::OpSwitch) add(branches[site]);
  }
  out << "profile of kernel '" << kernel << "' (" << profile.launches << " launch"
      << (profile.launches == 1 ? "" : "es") << "):\n";
  out << "  instructions executed: " << total.activeLanes << " by work-items, "
      << total.warpExecutions << " by warps; lane utilisation "
      << percent(total.activeLanes, total.laneSlots) << "\n";
  out << "  by opcode family:\n";
  for (const auto &[family, c] : byFamily)
    out << "    " << std::left << std::setw(14) << family << std::right << std::setw(14)
        << c.activeLanes << "  " << percent(c.activeLanes, total.activeLanes) << "\n";
  out << "  by source line (work-item instructions, times run, lane utilisation):\n";
  SourceExcerpts sources;
  for (const auto &[site, c] : bySite) {
    std::string where = site.file.empty() ? "word " + std::to_string(site.line)
                                          : site.file + ":" + std::to_string(site.line);
    out << "    " << where << "  " << c.activeLanes << " instructions, " << runs[site] << " runs, "
        << percent(c.activeLanes, c.laneSlots) << " lanes";
    if (!site.file.empty())
      if (auto text = sources.line(site.file, site.line)) {
        const size_t start = text->find_first_not_of(" \t");
        if (start != std::string::npos) out << "  | " << text->substr(start);
      }
    out << "\n";
  }
  if (!branches.empty()) {
    out << "  branches (warp executions, divergent, lane utilisation):\n";
    for (const auto &[site, c] : branches)
      out << "    "
          << (site.file.empty() ? "word " + std::to_string(site.line)
                                : site.file + ":" + std::to_string(site.line))
          << "  " << c.warpExecutions << "  " << c.divergentBranches << " divergent  "
          << percent(c.activeLanes, c.laneSlots) << "\n";
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
