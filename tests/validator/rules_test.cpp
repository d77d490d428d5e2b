// spvsim's OpenCL environment rules: for each rule a valid module and its
// minimal breaking twin, the finding's kind, cited section and location.
#include <algorithm>

#include <gtest/gtest.h>

#include "spvsim/validator/validator.h"
#include "test_modules.h"

namespace spvsim {
namespace {

using test::describe;
using test::device;

using test::kMinimalKernel;
using test::replaced;

/// Validates and returns the single finding of `kind` (failing the test otherwise).
Finding onlyFinding(const std::shared_ptr<const Module> &m, const DeviceDescription &d,
                    std::string_view kind) {
  const ValidationResult r = validate(m, d);
  EXPECT_FALSE(r.ok()) << describe(r);
  std::vector<Finding> found;
  std::copy_if(r.findings.begin(), r.findings.end(), std::back_inserter(found),
               [&](const Finding &f) { return f.kind == kind; });
  EXPECT_EQ(found.size(), 1u) << describe(r);
  if (found.empty()) return {};
  EXPECT_EQ(found[0].severity, Severity::Error);
  return found[0];
}

void expectValid(const std::string &text, const DeviceDescription &d) {
  const ValidationResult r = validate(test::assemble(text), d);
  EXPECT_TRUE(r.ok()) << describe(r);
  EXPECT_TRUE(r.findings.empty()) << describe(r);
}

uint32_t wordOffsetOf(const Module &m, spv::Op op) {
  return m.instruction(test::firstOf(m, op)).wordOffset;
}

TEST(Rules, ExecutionModelMustBeKernel) {
  expectValid(std::string(kMinimalKernel), DeviceDescription::spvsim());
  auto m =
      test::assemble(replaced(kMinimalKernel, "OpEntryPoint Kernel", "OpEntryPoint GLCompute"));
  const Finding f = onlyFinding(m, DeviceDescription::spvsim(), "validation.entrypoint");
  EXPECT_EQ(f.message, "OpenCL-Env §4 Execution Model: entry point 'main' has execution model "
                       "GLCompute; it must be Kernel");
  EXPECT_EQ(f.wordOffset, wordOffsetOf(*m, spv::Op::OpEntryPoint));
  EXPECT_EQ(f.instruction, "OpEntryPoint GLCompute %1 \"main\"");
}

TEST(Rules, KernelReturnsVoid) {
  auto m = test::assemble(R"(
OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%uint = OpTypeInt 32 0
%zero = OpConstant %uint 0
%fn = OpTypeFunction %uint
%main = OpFunction %uint None %fn
%entry = OpLabel
OpReturnValue %zero
OpFunctionEnd
)");
  const Finding f = onlyFinding(m, DeviceDescription::spvsim(), "validation.entrypoint");
  EXPECT_EQ(f.message.rfind("OpenCL-Env §2.8.1 Kernel Return Types: kernel 'main' returns %", 0),
            0u)
      << f.message;
  EXPECT_EQ(f.wordOffset, wordOffsetOf(*m, spv::Op::OpFunction));
  EXPECT_EQ(f.kernel, "main");
}

TEST(Rules, AddressingModelMatchesAddressBits) {
  DeviceDescription bits32 = DeviceDescription::spvsim();
  bits32.addressBits = 32;
  const std::string physical32 = replaced(kMinimalKernel, "Physical64", "Physical32");
  expectValid(physical32, bits32);

  auto m64 = test::assemble(kMinimalKernel);
  Finding f = onlyFinding(m64, bits32, "validation.memorymodel");
  EXPECT_EQ(f.message, "OpenCL-Env §4 Addressing Model: addressing model Physical64 on a device "
                       "with 32 address bits; it must be Physical32");
  EXPECT_EQ(f.wordOffset, wordOffsetOf(*m64, spv::Op::OpMemoryModel));
  EXPECT_EQ(f.instruction, "OpMemoryModel Physical64 OpenCL");

  f = onlyFinding(test::assemble(physical32), DeviceDescription::spvsim(),
                  "validation.memorymodel");
  EXPECT_NE(f.message.find("it must be Physical64"), std::string::npos) << f.message;

  f = onlyFinding(test::assemble(replaced(kMinimalKernel, "Physical64", "Logical")),
                  DeviceDescription::spvsim(), "validation.memorymodel");
  EXPECT_NE(f.message.find("addressing model Logical"), std::string::npos) << f.message;
}

TEST(Rules, MemoryModelMustBeOpenCL) {
  auto m = test::assemble(replaced(kMinimalKernel, "Physical64 OpenCL", "Physical64 GLSL450"));
  const Finding f = onlyFinding(m, DeviceDescription::spvsim(), "validation.memorymodel");
  EXPECT_EQ(f.message, "OpenCL-Env §4 Memory Model: memory model GLSL450; it must be OpenCL");
  EXPECT_EQ(f.wordOffset, wordOffsetOf(*m, spv::Op::OpMemoryModel));
}

TEST(Rules, KernelCapabilityIsDeclared) {
  auto m = test::assemble(replaced(kMinimalKernel, "OpCapability Kernel", "OpCapability Shader"));
  const Finding f = onlyFinding(m, DeviceDescription::spvsim(), "validation.capability");
  EXPECT_EQ(f.message, "OpenCL-Env §3.1 Required Capabilities: the module does not declare the "
                       "Kernel capability that OpenCL kernels need");
  EXPECT_FALSE(f.wordOffset);
}

constexpr std::string_view kInt64Kernel = R"(
OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%void = OpTypeVoid
%ulong = OpTypeInt 64 0
%ptr = OpTypePointer CrossWorkgroup %ulong
%big = OpConstant %ulong 0x123456789
%fn = OpTypeFunction %void %ptr
%main = OpFunction %void None %fn
%p = OpFunctionParameter %ptr
%entry = OpLabel
OpStore %p %big Aligned 8
OpReturn
OpFunctionEnd
)";

TEST(Rules, Int64TypesNeedInt64AndAreFine) {
  expectValid(std::string(kInt64Kernel), DeviceDescription::spvsim());
  expectValid(std::string(kInt64Kernel), device("opencl1.2"));
  auto m = test::assemble(replaced(kInt64Kernel, "OpCapability Int64\n", ""));
  const Finding f = onlyFinding(m, DeviceDescription::spvsim(), "validation.capability");
  EXPECT_EQ(f.message, "OpenCL-Env §3.1 Required Capabilities: a 64-bit integer type needs the "
                       "Int64 capability, which the module does not declare");
  EXPECT_EQ(f.instruction, "%ulong = OpTypeInt 64 0");
}

TEST(Rules, Int64OnTheEmbeddedProfileNeedsClesKhrInt64) {
  DeviceDescription embedded = device("opencl1.2embedded");
  expectValid(std::string(kInt64Kernel), embedded);
  embedded.extensions.erase("cles_khr_int64");
  auto m = test::assemble(kInt64Kernel);
  const Finding f = onlyFinding(m, embedded, "validation.capability");
  EXPECT_EQ(f.message.rfind("OpenCL-Env §5.3.1 cles_khr_int64: ", 0), 0u) << f.message;
  EXPECT_EQ(f.instruction, "OpCapability Int64");
}

constexpr std::string_view kFloat64Kernel = R"(
OpCapability Addresses
OpCapability Kernel
OpCapability Float64
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%void = OpTypeVoid
%double = OpTypeFloat 64
%ptr = OpTypePointer CrossWorkgroup %double
%fn = OpTypeFunction %void %ptr
%main = OpFunction %void None %fn
%p = OpFunctionParameter %ptr
%entry = OpLabel
%x = OpLoad %double %p Aligned 8
%y = OpFMul %double %x %x
OpStore %p %y Aligned 8
OpReturn
OpFunctionEnd
)";

TEST(Rules, Float64NeedsClKhrFp64) {
  expectValid(std::string(kFloat64Kernel), DeviceDescription::spvsim());
  expectValid(std::string(kFloat64Kernel), device("opencl1.2"));
  DeviceDescription noFp64 = DeviceDescription::spvsim();
  noFp64.extensions.erase("cl_khr_fp64");
  auto m = test::assemble(kFloat64Kernel);
  const Finding f = onlyFinding(m, noFp64, "validation.capability");
  EXPECT_EQ(f.message, "OpenCL-Env §5.2.5 cl_khr_fp64: the Float64 capability needs a device with "
                       "cl_khr_fp64 (double precision)");
  EXPECT_EQ(f.instruction, "OpCapability Float64");
  EXPECT_EQ(f.wordOffset, 9u);
}

constexpr std::string_view kFloat16Kernel = R"(
OpCapability Addresses
OpCapability Kernel
OpCapability Float16
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%void = OpTypeVoid
%half = OpTypeFloat 16
%ptr = OpTypePointer CrossWorkgroup %half
%fn = OpTypeFunction %void %ptr
%main = OpFunction %void None %fn
%p = OpFunctionParameter %ptr
%entry = OpLabel
%x = OpLoad %half %p Aligned 2
%y = OpFAdd %half %x %x
OpStore %p %y Aligned 2
OpReturn
OpFunctionEnd
)";

TEST(Rules, Float16NeedsClKhrFp16) {
  expectValid(std::string(kFloat16Kernel), DeviceDescription::spvsim());
  // SPIRV-Tools' OpenCL 1.2 environment rejects Float16; with cl_khr_fp16 it is allowed.
  expectValid(std::string(kFloat16Kernel), device("opencl1.2"));
  expectValid(std::string(kFloat16Kernel), device("opencl2.2"));
  DeviceDescription noFp16 = DeviceDescription::spvsim();
  noFp16.extensions.erase("cl_khr_fp16");
  const Finding f = onlyFinding(test::assemble(kFloat16Kernel), noFp16, "validation.capability");
  EXPECT_EQ(f.message.rfind("OpenCL-Env §5.2.4 cl_khr_fp16: ", 0), 0u) << f.message;
  EXPECT_EQ(f.instruction, "OpCapability Float16");
}

constexpr std::string_view kInt64AtomicsKernel = R"(
OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpCapability Int64Atomics
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%ptr = OpTypePointer CrossWorkgroup %ulong
%one = OpConstant %ulong 1
%scope_device = OpConstant %uint 1
%relaxed = OpConstant %uint 0
%fn = OpTypeFunction %void %ptr
%main = OpFunction %void None %fn
%p = OpFunctionParameter %ptr
%entry = OpLabel
%old = OpAtomicIAdd %ulong %p %scope_device %relaxed %one
OpReturn
OpFunctionEnd
)";

TEST(Rules, Int64AtomicsNeedClKhrInt64BaseAtomics) {
  expectValid(std::string(kInt64AtomicsKernel), DeviceDescription::spvsim());
  // SPIRV-Tools' OpenCL environments reject Int64Atomics; the extension allows it.
  expectValid(std::string(kInt64AtomicsKernel), device("opencl1.2"));
  expectValid(std::string(kInt64AtomicsKernel), device("opencl2.0"));
  DeviceDescription none = DeviceDescription::spvsim();
  none.extensions.erase("cl_khr_int64_base_atomics");
  none.extensions.erase("cl_khr_int64_extended_atomics");
  const Finding f = onlyFinding(test::assemble(kInt64AtomicsKernel), none, "validation.capability");
  EXPECT_EQ(f.message.rfind("OpenCL-Env §5.2.8 cl_khr_int64_base_atomics: ", 0), 0u) << f.message;
  EXPECT_EQ(f.instruction, "OpCapability Int64Atomics");
}

TEST(Rules, ImageBasicNeedsImageSupport) {
  const std::string images = R"(
OpCapability Addresses
OpCapability Kernel
OpCapability ImageBasic
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%void = OpTypeVoid
%image = OpTypeImage %void 2D 0 0 0 0 Unknown ReadOnly
%fn = OpTypeFunction %void %image
%main = OpFunction %void None %fn
%img = OpFunctionParameter %image
%entry = OpLabel
OpReturn
OpFunctionEnd
)";
  expectValid(images, DeviceDescription::spvsim());
  DeviceDescription noImages = DeviceDescription::spvsim();
  noImages.images = false;
  const Finding f = onlyFinding(test::assemble(images), noImages, "validation.capability");
  EXPECT_EQ(f.message, "OpenCL-Env §3.1 Required Capabilities: the ImageBasic capability needs a "
                       "device with image support");
  // The image type's operands are in the module view.
  auto m = test::assemble(images);
  const Type &t = m->type(m->instruction(test::firstOf(*m, spv::Op::OpTypeImage)).resultId);
  EXPECT_EQ(t.kind, TypeKind::Image);
  EXPECT_EQ(t.dim, spv::Dim::Dim2D);
  EXPECT_EQ(t.sampled, 0u);
  EXPECT_EQ(t.format, spv::ImageFormat::Unknown);
  EXPECT_EQ(t.access, spv::AccessQualifier::ReadOnly);
}

} // namespace
} // namespace spvsim
