// Regressions of issue 14 (robustness) in the lowering: inputs found by the fuzz
// targets of fuzz/ and while checking the limits, that crashed or ended in an
// internal error. Each module here is invalid SPIR-V or beyond spvsim's limits: it
// must fail validation or be refused by the lowering with a spvsim::Error — never
// run, end in another exception or access memory badly.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "kernel_harness.h"
#include "spvsim/common/error.h"

namespace spvsim::testing {
namespace {

/// Validates `text` and, when valid, launches kernel "k" on one work-item with a
/// 16-byte buffer. Returns why the module was refused: the validation errors, or the
/// message of the spvsim::Error or Unsupported the launch raised; nullopt when it ran
/// or ended in another exception.
std::optional<std::string> refusal(std::string_view text) {
  ValidationResult v =
      validate(loadAssembly(text, "regression.spvasm"), DeviceDescription::spvsim());
  if (!v.ok()) {
    std::string errors;
    for (const Finding &f : v.findings)
      if (f.severity == Severity::Error) errors += f.message + "\n";
    return errors;
  }
  GlobalMemory memory;
  FindingSink sink;
  BufferId out = memory.create(16, "out");
  try {
    launchKernel(*v.module, "k", range1(1), {ArgBinding::ofBuffer(out)}, {}, memory, sink);
  } catch (const Error &e) {
    return e.what();
  } catch (const Unsupported &e) {
    return e.what();
  } catch (const std::exception &e) {
    ADD_FAILURE() << "internal error: " << e.what();
  }
  return std::nullopt;
}

/// The refusal of `text`, expected to contain `reason`.
void expectRefused(std::string_view text, std::string_view reason) {
  const std::optional<std::string> why = refusal(text);
  ASSERT_TRUE(why) << "the module ran";
  EXPECT_NE(why->find(reason), std::string::npos) << *why;
}

// fuzz_executor: a program-scope constant array of 300 elements (its length a 64-bit
// constant, which SPIRV-Tools does not compare with the constituents) initialised with
// 4 constituents. KernelLowering::constantBytes (lowering_values.cpp) copies one leaf per
// array element from the 4 leaves constantLeafBits returned: a heap-buffer-overflow
// under ASan, garbage initial values without it. The validator refuses the module
// (validator/src/core_rules.cpp), and constantLeafBits refuses a constant whose values
// do not match its type.
TEST(LoweringRegressions, ConstantCompositeShorterThanItsArray) {
  expectRefused(R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int8
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "k"
      %uchar = OpTypeInt 8 0
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
  %ulong_300 = OpConstant %ulong 300
     %uint_0 = OpConstant %uint 0
      %char1 = OpConstant %uchar 1
        %arr = OpTypeArray %uchar %ulong_300
    %arr_ptr = OpTypePointer UniformConstant %arr
   %elem_ptr = OpTypePointer UniformConstant %uchar
       %void = OpTypeVoid
        %out = OpTypePointer CrossWorkgroup %uchar
         %fn = OpTypeFunction %void %out
      %table = OpConstantComposite %arr %char1 %char1 %char1 %char1
        %var = OpVariable %arr_ptr UniformConstant %table
          %k = OpFunction %void None %fn
          %p = OpFunctionParameter %out
      %entry = OpLabel
          %e = OpInBoundsPtrAccessChain %elem_ptr %var %uint_0 %uint_0
          %v = OpLoad %uchar %e
               OpStore %p %v
               OpReturn
               OpFunctionEnd
)",
                "one constituent for each element of the array");
}

// fuzz_executor: OpSpecConstantOp VectorShuffle with a component index (99) beyond both
// vectors. SPIR-V requires each component to select one of the vectors' components
// (or be 0xFFFFFFFF); the validator accepts it, and KernelLowering::evaluateSpecOp
// (spec_constant_op.cpp) threw std::out_of_range from vector::at: `spvsim run`
// reported "internal error" (exit 3) instead of an invalid module (exit 2). Both the
// validator and the lowering refuse it now.
TEST(LoweringRegressions, SpecConstantShuffleComponentOutOfRange) {
  expectRefused(R"(
               OpCapability Addresses
               OpCapability Kernel
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "k"
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
      %v2int = OpTypeVector %uint 2
      %v4int = OpTypeVector %uint 4
        %out = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %out
       %spec = OpSpecConstant %uint 1
     %uint_3 = OpConstant %uint 3
         %ab = OpSpecConstantComposite %v2int %spec %uint_3
   %shuffled = OpSpecConstantOp %v4int VectorShuffle %ab %ab 1 0 3 99
          %k = OpFunction %void None %fn
          %p = OpFunctionParameter %out
      %entry = OpLabel
          %x = OpCompositeExtract %uint %shuffled 3
               OpStore %p %x
               OpReturn
               OpFunctionEnd
)",
                "component 99 selects none of the 4 components");
}

/// A kernel with a private variable of `dims` nested arrays of 2^32 uints (2 dims: an
/// array of 2^32 such arrays) that stores to element 5 (5, 5).
std::string privateArrayOf2e32(int dims) {
  const bool nested = dims == 2;
  return std::string(R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "k"
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
        %big = OpConstant %ulong 4294967296
      %inner = OpTypeArray %uint %big
)") + (nested ? "%outer = OpTypeArray %inner %big\n" : "%outer = OpTypeArray %uint %big\n") +
         R"(
     %ptr_fn = OpTypePointer Function %outer
   %uint_ptr = OpTypePointer Function %uint
     %ulong5 = OpConstant %ulong 5
      %uint7 = OpConstant %uint 7
        %out = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %out
          %k = OpFunction %void None %fn
          %p = OpFunctionParameter %out
      %entry = OpLabel
          %v = OpVariable %ptr_fn Function
)" +
         (nested ? "%e = OpInBoundsAccessChain %uint_ptr %v %ulong5 %ulong5\n"
                 : "%e = OpInBoundsAccessChain %uint_ptr %v %ulong5\n") +
         R"(
               OpStore %e %uint7
               OpReturn
               OpFunctionEnd
)";
}

// Found while checking the private memory limit: an array length of 2^32 or more did
// not fit Type::count and counted as 0, and TypeLayout::size (type_layout.cpp)
// multiplied lengths without overflow checks, so a private array of 2^32 arrays of
// 2^32 uints had size 0: the limit check saw 0 bytes, the kernel ran, and every access
// was reported as out of bounds of a 0-byte variable. A type larger than 2^64 bytes is
// an error now.
TEST(LoweringRegressions, ArraySizesThatWrapAreRefused) {
  expectRefused(privateArrayOf2e32(2), "takes more than 2^64 bytes");
}

// The same without the wrap: a private array of 2^32 uints is 16 GiB, beyond the
// private memory limit — it used to count as 0 elements and run.
TEST(LoweringRegressions, ArrayLengthsBeyond32BitsCount) {
  expectRefused(privateArrayOf2e32(1),
                "bytes of private memory per work-item (variables 17179869184");
}

} // namespace
} // namespace spvsim::testing
