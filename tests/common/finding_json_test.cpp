#include "spvsim/common/finding_json.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "finding_examples.h"

namespace spvsim {
namespace {

using test::oob;

/// formatText of the finding read back from its JSON, and the original's.
void expectSameTextFromJson(const Finding &f) {
  const std::optional<Finding> back = findingFromJson(toJson(f));
  ASSERT_TRUE(back);
  EXPECT_EQ(formatText(*back), formatText(f));
  EXPECT_EQ(toJson(*back), toJson(f));
}

TEST(Finding, ReadBackFromJsonPrintsTheSame) {
  Finding f = oob(1, "in");
  f.kernel = "blur";
  f.workItem = WorkItemIds{3, {4, 5, 6}, {0, 1, 2}, {1, 1, 1}};
  f.instruction = "%40 = OpLoad %float %39 Aligned 4";
  f.wordOffset = 475;
  f.location = SourceLocation{"blur.cl", 3, 13};
  f.notes = {"a note", "another"};
  f.count = 9;
  f.instructions = 3;
  expectSameTextFromJson(f);
  // The element size is recovered from the index; at element 0 only the text is kept.
  // Before the buffer's start the offset and element are negative numbers in the JSON.
  for (uint64_t offset : {uint64_t(400), uint64_t(402), uint64_t(0), uint64_t(2), uint64_t(-4),
                          uint64_t(-2), uint64_t(-403)}) {
    f.memory->offset = offset;
    f.elementSize = 4;
    f.elementType = "float";
    expectSameTextFromJson(f);
  }
  Finding race = oob(2, "shared");
  race.kind = "race.local.write-write";
  race.severity = Severity::Warning;
  race.uniformWrite = true;
  race.other = OtherAccess{"write", "a work-item of work-group (2)", std::nullopt, "",
                           88,      SourceLocation{"r.cl", 7, 0}};
  race.origin = SourceLocation{"r.cl", 2, 5};
  expectSameTextFromJson(race);
  race.other->by = "work-item";
  race.other->workItem = WorkItemIds{2, {3, 4, 0}, {1, 0, 0}, {0, 2, 0}};
  expectSameTextFromJson(race);
}

TEST(Finding, ReadBackFromJsonSkipsWhatIsNotAFinding) {
  EXPECT_FALSE(findingFromJson(nlohmann::json::array()));
  EXPECT_FALSE(findingFromJson(nlohmann::json{{"message", "no kind"}}));
  const std::optional<Finding> odd =
      findingFromJson(nlohmann::json{{"kind", "oob.global.read"},
                                     {"count", "many"},
                                     {"location", 3},
                                     {"memory", {{"offset", "far"}}}});
  ASSERT_TRUE(odd);
  EXPECT_EQ(odd->count, 1u);
  EXPECT_FALSE(odd->location);
  ASSERT_TRUE(odd->memory);
  EXPECT_EQ(odd->memory->offset, 0u);
}

} // namespace
} // namespace spvsim
