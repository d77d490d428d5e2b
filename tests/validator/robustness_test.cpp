// Regressions of issue 14 (robustness) in the validator: inputs found by
// mutating modules and by the fuzz targets of fuzz/. A DISABLED_ test is a
// known problem described in docs/robustness.md, waiting for its fix.
#include <gtest/gtest.h>

#include "spvsim/validator/validator.h"
#include "test_modules.h"

namespace spvsim {
namespace {

// Issue 14: an id defined twice, one definition a debug-information OpExtInst, was
// passed off as a debug-information warning; `run` then failed with "type %N has no
// memory layout". Only rules about debug information itself may become warnings: an id
// defined twice makes the module invalid.
TEST(ValidatorRegressions, AnIdDefinedTwiceByDebugInformationIsInvalid) {
  auto m = test::assemble(R"(
               OpCapability Addresses
               OpCapability Kernel
        %dbg = OpExtInstImport "OpenCL.DebugInfo.100"
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "k"
       %file = OpString "k.cl"
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
        %ptr = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %ptr
     %uint_1 = OpConstant %uint 1
        %src = OpExtInst %void %dbg DebugSource %file
       %uint = OpExtInst %void %dbg DebugSource %file
          %k = OpFunction %void None %fn
          %p = OpFunctionParameter %ptr
      %entry = OpLabel
               OpStore %p %uint_1
               OpReturn
               OpFunctionEnd
)");
  const ValidationResult r = validate(m, DeviceDescription::spvsim());
  EXPECT_FALSE(r.ok());
  bool named = false;
  for (const Finding &f : r.findings)
    named |= f.severity == Severity::Error &&
             f.message.find("defined more than once") != std::string::npos;
  EXPECT_TRUE(named);
}

} // namespace
} // namespace spvsim
