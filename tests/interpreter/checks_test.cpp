// CheckSet (interpreter/src/checks.cpp): the check lists of --checks and SPVSIM_CHECKS.
#include "spvsim/interpreter/checks.h"

#include <gtest/gtest.h>

#include "spvsim/common/error.h"

namespace spvsim {
namespace {

TEST(CheckSet, EveryCheckByDefault) {
  CheckSet all;
  for (Check c : {Check::Bounds, Check::Access, Check::Barriers, Check::Collectives, Check::Ub,
                  Check::Timeout, Check::Races, Check::Uninit, Check::Misaligned})
    EXPECT_TRUE(all.has(c));
  EXPECT_EQ(all.describe(), "all");
  EXPECT_EQ(CheckSet::parse("all"), all);
}

TEST(CheckSet, ListsNameChecksAndBoundsAreAlwaysOn) {
  CheckSet s = CheckSet::parse("races, uninit");
  EXPECT_TRUE(s.has(Check::Races));
  EXPECT_TRUE(s.has(Check::Uninit));
  EXPECT_TRUE(s.has(Check::Bounds));
  EXPECT_FALSE(s.has(Check::Misaligned));
  EXPECT_FALSE(s.has(Check::Barriers));
  EXPECT_EQ(s.describe(), "bounds,races,uninit");
  EXPECT_EQ(CheckSet::parse("bounds").describe(), "bounds");
  EXPECT_EQ(CheckSet::parse("bounds,,all"), CheckSet());
}

TEST(CheckSet, UnknownOrEmptyListsAreErrors) {
  try {
    CheckSet::parse("bounds,speling");
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("unknown check 'speling'"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("misaligned"), std::string::npos) << "names the known";
  }
  EXPECT_THROW(CheckSet::parse(""), Error);
  EXPECT_THROW(CheckSet::parse(" , "), Error);
}

} // namespace
} // namespace spvsim
