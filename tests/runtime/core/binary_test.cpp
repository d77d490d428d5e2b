// The program binary container: what CL_PROGRAM_BINARIES gives back is what
// clCreateProgramWithBinary accepts, plain SPIR-V is accepted too, and
// anything else is not a binary.
#include "core/binary.h"

#include <gtest/gtest.h>

#include <cstring>

namespace spvsim::runtime {
namespace {

ProgramBinary sample() {
  ProgramBinary b;
  b.type = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
  b.options = "-D X=1 -cl-std=CL3.0";
  b.spirv = {0x07230203, 0x00010000, 0, 12, 0, 0x00020011, 6};
  return b;
}

TEST(Binary, RoundTrip) {
  const ProgramBinary b = sample();
  std::vector<unsigned char> bytes = encodeBinary(b);
  std::optional<ProgramBinary> back = decodeBinary(bytes);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->type, b.type);
  EXPECT_EQ(back->options, b.options);
  EXPECT_EQ(back->spirv, b.spirv);
}

TEST(Binary, PlainSpirvIsAnExecutableToBuild) {
  const ProgramBinary b = sample();
  std::vector<unsigned char> bytes(b.spirv.size() * 4);
  std::memcpy(bytes.data(), b.spirv.data(), bytes.size());
  std::optional<ProgramBinary> back = decodeBinary(bytes);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->type, CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
  EXPECT_TRUE(back->options.empty());
  EXPECT_EQ(back->spirv, b.spirv);
}

TEST(Binary, DamagedBinariesAreRejected) {
  std::vector<unsigned char> bytes = encodeBinary(sample());
  EXPECT_FALSE(decodeBinary(std::vector<unsigned char>(bytes.begin(), bytes.end() - 4)));
  std::vector<unsigned char> longer = bytes;
  longer.push_back(0);
  EXPECT_FALSE(decodeBinary(longer));
  std::vector<unsigned char> badType = bytes;
  badType[12] = 0x77;
  EXPECT_FALSE(decodeBinary(badType));
  std::vector<unsigned char> hugeOptions = bytes;
  hugeOptions[16] = hugeOptions[17] = hugeOptions[18] = 0xff;
  EXPECT_FALSE(decodeBinary(hugeOptions));
  EXPECT_FALSE(decodeBinary(std::vector<unsigned char>(64, 0x5a)));
  EXPECT_FALSE(decodeBinary({}));
}

} // namespace
} // namespace spvsim::runtime
