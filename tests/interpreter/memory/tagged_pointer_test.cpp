#include "memory/tagged_pointer.h"

#include <gtest/gtest.h>

namespace spvsim {
namespace {

TEST(TaggedPointer, FieldsRoundTrip) {
  uint64_t p = tagged::make(AddressSpace::Local, 1234, 5678);
  EXPECT_EQ(tagged::space(p), AddressSpace::Local);
  EXPECT_EQ(tagged::id(p), 1234u);
  EXPECT_EQ(tagged::offset(p), 5678u);
}

TEST(TaggedPointer, NullIsZero) {
  EXPECT_EQ(tagged::make(AddressSpace::None, 0, 0), 0u);
  EXPECT_EQ(tagged::space(0), AddressSpace::None);
}

TEST(TaggedPointer, ArithmeticNeverLeavesTheAllocation) {
  uint64_t p = tagged::make(AddressSpace::Global, 7, 0);
  uint64_t below = tagged::addOffset(p, uint64_t(-4));
  EXPECT_EQ(tagged::allocation(below), tagged::allocation(p));
  EXPECT_EQ(tagged::signedOffset(below), -4);
  EXPECT_GT(tagged::offset(below), uint64_t(1) << 39); // fails any bounds check
  EXPECT_EQ(tagged::addOffset(below, 12), tagged::make(AddressSpace::Global, 7, 8));
}

} // namespace
} // namespace spvsim
