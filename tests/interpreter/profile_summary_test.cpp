// ProfileSummary's JSON form read back (interpreter/src/profile_summary.cpp): what
// `spvsim exec --profile` prints is what the runtime summed up, and profiles of several
// launches add up.
#include "spvsim/interpreter/profile_summary.h"

#include <gtest/gtest.h>

namespace spvsim {
namespace {

ProfileSite site(std::string file, uint32_t line, InstructionCounts counts, uint64_t runs) {
  ProfileSite s;
  s.file = std::move(file);
  s.line = line;
  s.counts = counts;
  s.runs = runs;
  return s;
}

ProfileSummary example() {
  ProfileSummary p;
  p.kernel = "k";
  p.launches = 2;
  p.total = {184, 5760, 5888, 0};
  p.families["arithmetic"] = {0, 2560, 0, 0};
  p.families["atomics"] = {0, 64, 0, 0};
  p.withoutLine.push_back(site("", 330, {4, 128, 128, 0}, 128));
  p.withoutLine.push_back(site("", 412, {2, 64, 64, 0}, 64));
  p.sites.push_back(site("input.cl", 8, {4, 64, 128, 0}, 64));
  // A utilisation that is no short binary fraction: 3 lanes of 7 slots.
  p.sites.push_back(site("input.cl", 9, {1, 3, 7, 0}, 3));
  p.branches.push_back(site("input.cl", 7, {4, 128, 128, 4}, 0));
  p.bySpace["global"] = {2048, 512};
  p.byBuffer["in"] = {2048, 0};
  p.atomics = 64;
  p.barriers = 4;
  p.sources["input.cl"] = "kernel void k() {}\n";
  return p;
}

void expectSameCounts(const InstructionCounts &got, const InstructionCounts &want) {
  EXPECT_EQ(got.warpExecutions, want.warpExecutions);
  EXPECT_EQ(got.activeLanes, want.activeLanes);
  EXPECT_EQ(got.laneSlots, want.laneSlots);
  EXPECT_EQ(got.divergentBranches, want.divergentBranches);
}

TEST(ProfileSummary, JsonReadsBackAsWritten) {
  const ProfileSummary p = example();
  // Through text, as the runtime's report travels.
  const auto back = profileFromJson(nlohmann::json::parse(profileJson(p).dump()));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->kernel, "k");
  EXPECT_EQ(back->launches, 2u);
  expectSameCounts(back->total, p.total);
  EXPECT_EQ(back->families.at("arithmetic").activeLanes, 2560u);
  EXPECT_EQ(back->families.at("atomics").activeLanes, 64u);
  ASSERT_EQ(back->sites.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(back->sites[i].file, p.sites[i].file);
    EXPECT_EQ(back->sites[i].line, p.sites[i].line);
    EXPECT_EQ(back->sites[i].runs, p.sites[i].runs);
    expectSameCounts(back->sites[i].counts, p.sites[i].counts);
  }
  ASSERT_EQ(back->withoutLine.size(), 2u);
  EXPECT_EQ(back->withoutLine[0].name(), "word 330");
  EXPECT_EQ(back->withoutLine[1].line, 412u);
  expectSameCounts(back->withoutLine[1].counts, p.withoutLine[1].counts);
  ASSERT_EQ(back->branches.size(), 1u);
  expectSameCounts(back->branches[0].counts, p.branches[0].counts);
  EXPECT_EQ(back->bySpace.at("global").loaded, 2048u);
  EXPECT_EQ(back->bySpace.at("global").stored, 512u);
  EXPECT_EQ(back->byBuffer.at("in").loaded, 2048u);
  EXPECT_EQ(back->atomics, 64u);
  EXPECT_EQ(back->barriers, 4u);
  EXPECT_EQ(back->sources, p.sources);
}

TEST(ProfileSummary, InstructionsWithoutALineHaveTheirOwnKey) {
  const nlohmann::json j = profileJson(example());
  ASSERT_EQ(j["lines"].size(), 2u);
  for (const nlohmann::json &line : j["lines"]) EXPECT_TRUE(line.contains("file"));
  ASSERT_EQ(j["without_line"].size(), 2u);
  EXPECT_EQ(j["without_line"][0]["word"], 330);
  EXPECT_EQ(j["without_line"][1]["runs"], 64);
  // A word listed among the lines, as an older report has it, is read as one without.
  nlohmann::json older = j;
  older["lines"].push_back(j["without_line"][0]);
  older.erase("without_line");
  const auto back = profileFromJson(older);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->sites.size(), 2u);
  ASSERT_EQ(back->withoutLine.size(), 1u);
  EXPECT_EQ(back->withoutLine[0].line, 330u);
}

TEST(ProfileSummary, WithoutLineTotalIsOneEntry) {
  const ProfileSummary p = example();
  const ProfileSite total = withoutLineTotal(p.withoutLine);
  EXPECT_FALSE(total.hasSource());
  expectSameCounts(total.counts, {6, 192, 192, 0});
  EXPECT_EQ(total.runs, 128u) << "the most runs of one instruction";
  // Sites with a line are not counted in it.
  expectSameCounts(withoutLineTotal(p.sites).counts, {});
  EXPECT_EQ(withoutLineTotal(p.sites).runs, 0u);
}

TEST(ProfileSummary, SourcesOnlyWhenHeld) {
  ProfileSummary p = example();
  p.sources.clear();
  EXPECT_FALSE(profileJson(p).contains("sources")) << "run's profiles keep their keys";
}

TEST(ProfileSummary, BadJsonIsNoProfileOrZeroCounts) {
  EXPECT_FALSE(profileFromJson(nlohmann::json()));
  EXPECT_FALSE(profileFromJson(nlohmann::json::array()));
  EXPECT_FALSE(profileFromJson(nlohmann::json{{"kernel", 3}}));
  const auto odd = profileFromJson(nlohmann::json::parse(R"({"kernel": "k", "launches": "two",
      "lines": [1, {"file": "a.cl"}], "memory": {"spaces": {"global": 5}},
      "sources": {"a.cl": 1}})"));
  ASSERT_TRUE(odd);
  EXPECT_EQ(odd->launches, 0u);
  ASSERT_EQ(odd->sites.size(), 1u);
  EXPECT_EQ(odd->sites[0].counts.activeLanes, 0u);
  EXPECT_EQ(odd->bySpace.at("global").loaded, 0u);
  EXPECT_TRUE(odd->sources.empty());
}

TEST(ProfileSummary, LaunchesAddUp) {
  KernelProfile sum, launch;
  launch.instructions[3] = {2, 40, 64, 1};
  launch.bySpace["global"] = {16, 8};
  launch.byBuffer["out"] = {0, 8};
  launch.atomics = 5;
  launch.barriers = 2;
  launch.launches = 1;
  addProfile(sum, launch);
  addProfile(sum, launch);
  expectSameCounts(sum.instructions.at(3), {4, 80, 128, 2});
  EXPECT_EQ(sum.bySpace.at("global").loaded, 32u);
  EXPECT_EQ(sum.byBuffer.at("out").stored, 16u);
  EXPECT_EQ(sum.atomics, 10u);
  EXPECT_EQ(sum.barriers, 4u);
  EXPECT_EQ(sum.launches, 2u);
}

} // namespace
} // namespace spvsim
