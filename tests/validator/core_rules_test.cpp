// Core SPIR-V rules SPIRV-Tools does not check (validator/src/core_rules.cpp):
// composite constants of arrays with 64-bit lengths, and the components and
// indexes OpSpecConstantOp selects. Each rule has a module it refuses and a
// twin it accepts.
#include <gtest/gtest.h>

#include <string>

#include "spvsim/validator/validator.h"
#include "test_modules.h"

namespace spvsim {
namespace {

/// The module with `constants` after the types below and a kernel that uses nothing.
std::string moduleWith(const std::string &constants) {
  return R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int8
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "k"
      %uchar = OpTypeInt 8 0
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
    %ulong_3 = OpConstant %ulong 3
     %uint_3 = OpConstant %uint 3
      %char1 = OpConstant %uchar 1
       %arr3 = OpTypeArray %uchar %ulong_3
      %v2int = OpTypeVector %uint 2
      %v4int = OpTypeVector %uint 4
       %pair = OpTypeStruct %uint %v2int
       %spec = OpSpecConstant %uint 1
         %ab = OpSpecConstantComposite %v2int %spec %uint_3
         %st = OpSpecConstantComposite %pair %spec %ab
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
)" + constants +
         R"(
          %k = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
)";
}

/// The error messages validation gives the module with `constants`.
std::string errorsOf(const std::string &constants) {
  const ValidationResult r =
      validate(test::assemble(moduleWith(constants)), DeviceDescription::spvsim());
  std::string errors;
  for (const Finding &f : r.findings)
    if (f.severity == Severity::Error) errors += f.kind + ": " + f.message + "\n";
  EXPECT_EQ(r.ok(), errors.empty());
  return errors;
}

TEST(CoreRules, TheTwinsAreValid) {
  EXPECT_EQ(errorsOf("%table = OpConstantComposite %arr3 %char1 %char1 %char1\n"
                     "%stable = OpSpecConstantComposite %arr3 %char1 %char1 %char1\n"
                     "%shuffled = OpSpecConstantOp %v4int VectorShuffle %ab %ab 1 0 3 "
                     "4294967295\n"
                     "%x = OpSpecConstantOp %uint CompositeExtract %st 1 1\n"
                     "%y = OpSpecConstantOp %pair CompositeInsert %uint_3 %st 1 0\n"),
            "");
}

TEST(CoreRules, ArrayConstantsWithA64BitLengthHaveOneConstituentPerElement) {
  const std::string errors = errorsOf("%table = OpConstantComposite %arr3 %char1 %char1\n");
  EXPECT_NE(errors.find("validation.spirv: SPIR-V OpConstantComposite: there must be exactly "
                        "one constituent for each element of the array; %"),
            std::string::npos)
      << errors;
  EXPECT_NE(errors.find(" gives 2 to %"), std::string::npos) << errors;
  EXPECT_NE(errors.find(" of 3 elements"), std::string::npos) << errors;
  EXPECT_NE(errorsOf("%table = OpSpecConstantComposite %arr3 %char1 %char1 %char1 %char1\n")
                .find("OpSpecConstantComposite: there must be exactly one constituent"),
            std::string::npos);
}

TEST(CoreRules, SpecConstantShufflesSelectComponentsThatExist) {
  const std::string errors =
      errorsOf("%shuffled = OpSpecConstantOp %v4int VectorShuffle %ab %ab 1 0 3 4\n");
  EXPECT_NE(errors.find("SPIR-V OpVectorShuffle (in OpSpecConstantOp): component 4 selects "
                        "none of the 4 components of the two vectors"),
            std::string::npos)
      << errors;
  EXPECT_NE(errorsOf("%shuffled = OpSpecConstantOp %v4int VectorShuffle %ab %ab 1 0 3\n")
                .find("the result type must be a vector of 3 components"),
            std::string::npos);
  EXPECT_NE(errorsOf("%shuffled = OpSpecConstantOp %v2int VectorShuffle %spec %ab 1 0\n")
                .find("Vector 1 and Vector 2 must be vectors"),
            std::string::npos);
}

TEST(CoreRules, SpecConstantExtractsAndInsertsIndexWhatExists) {
  EXPECT_NE(errorsOf("%x = OpSpecConstantOp %uint CompositeExtract %ab 2\n")
                .find("SPIR-V OpCompositeExtract (in OpSpecConstantOp): index 2 is beyond the 2 "
                      "elements of %"),
            std::string::npos);
  EXPECT_NE(errorsOf("%x = OpSpecConstantOp %uint CompositeExtract %st 2\n")
                .find("index 2 is beyond the 2 elements of %"),
            std::string::npos);
  EXPECT_NE(errorsOf("%x = OpSpecConstantOp %uint CompositeExtract %st 0 0\n")
                .find(", which is not a composite"),
            std::string::npos);
  EXPECT_NE(errorsOf("%y = OpSpecConstantOp %pair CompositeInsert %uint_3 %st 1 7\n")
                .find("SPIR-V OpCompositeInsert (in OpSpecConstantOp): index 7 is beyond"),
            std::string::npos);
}

} // namespace
} // namespace spvsim
