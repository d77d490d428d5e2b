// Never-written elements from a per-byte written map: ranges, element widths, the limit
// on the ranges listed, and the note under a dump.
#include "spvsim/runfile/never_written.h"

#include <gtest/gtest.h>

#include <sstream>

namespace spvsim::runfile {
namespace {

std::string noteOf(const ElementType &type, uint64_t count, const std::vector<uint8_t> &written,
                   size_t limit = 8) {
  std::ostringstream out;
  writeNeverWritten(out, findNeverWritten(type, count, written, limit), count);
  return out.str();
}

TEST(NeverWritten, RangesOfElementsNoByteOfWhichWasWritten) {
  const ElementType i32{ScalarType::Int, 1};
  std::vector<uint8_t> written(10 * 4, 1);
  EXPECT_EQ(noteOf(i32, 10, written), "");
  for (size_t b = 3 * 4; b < 6 * 4; ++b) written[b] = 0;
  written[9 * 4 + 3] = 0; // one byte of element 9 unwritten: it was written
  std::fill(written.begin() + 8 * 4, written.begin() + 9 * 4, 0);
  const NeverWritten never = findNeverWritten(i32, 10, written);
  EXPECT_EQ(never.elements, 4u);
  EXPECT_EQ(never.rangeCount, 2u);
  EXPECT_EQ(noteOf(i32, 10, written), "  never written: 3..5, 8 (4 of 10 elements)\n");
  EXPECT_EQ(noteOf(i32, 10, std::vector<uint8_t>(40, 0)),
            "  never written: 0..9 (10 of 10 elements)\n");
}

TEST(NeverWritten, VectorsAndTheLimitOnRangesListed) {
  const ElementType f3{ScalarType::Float, 3}; // 16 bytes with its padding lane
  std::vector<uint8_t> written(6 * 16, 0);
  for (size_t e : {1, 3, 5}) written[e * 16 + 12] = 1; // only padding bytes: written
  EXPECT_EQ(noteOf(f3, 6, written), "  never written: 0, 2, 4 (3 of 6 elements)\n");
  EXPECT_EQ(noteOf(f3, 6, written, 2), "  never written: 0, 2, ... (3 of 6 elements)\n");
}

} // namespace
} // namespace spvsim::runfile
