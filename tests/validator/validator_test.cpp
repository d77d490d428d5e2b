// validate(): the SPIRV-Tools pass-through, the choice of environment, and
// what real compilers emit: blocks out of dominance order (-O2) and debug
// information SPIRV-Tools rejects (-g).
#include <algorithm>

#include <gtest/gtest.h>
#include <spirv-tools/libspirv.hpp>

#include "spvsim/validator/disassembly.h"
#include "spvsim/validator/validator.h"
#include "test_modules.h"

namespace spvsim {
namespace {

using test::describe;
using test::device;

std::vector<Finding> ofKind(const ValidationResult &r, std::string_view kind) {
  std::vector<Finding> found;
  std::copy_if(r.findings.begin(), r.findings.end(), std::back_inserter(found),
               [&](const Finding &f) { return f.kind == kind; });
  return found;
}

bool spirvToolsAccepts(const Module &m, spv_target_env env) {
  spvtools::SpirvTools tools(env);
  tools.SetMessageConsumer(
      [](spv_message_level_t, const char *, const spv_position_t &, const char *) {});
  return tools.Validate(m.words().data(), m.words().size());
}

TEST(Validate, MinimalKernelIsValid) {
  auto m = test::assemble(test::kMinimalKernel);
  const ValidationResult r = validate(m, DeviceDescription::spvsim());
  EXPECT_TRUE(r.ok()) << describe(r);
  EXPECT_TRUE(r.findings.empty()) << describe(r);
  ASSERT_TRUE(r.module);
  EXPECT_EQ(&r.module->module(), m.get());
  EXPECT_EQ(r.module->shared(), m);
  EXPECT_EQ(r.module->device().version, OpenCLVersion::CL3_0);
}

TEST(Validate, CompilerOutputIsValidEverywhere) {
  for (const char *name : {"reduce_O0.spv", "reduce_O2.spv"}) {
    for (const char *env : {"opencl1.2", "opencl2.0", "opencl2.1", "opencl2.2", "opencl3.0"}) {
      SCOPED_TRACE(std::string(name) + " " + env);
      const ValidationResult r = validate(loadFile(test::dataPath(name)), device(env));
      EXPECT_TRUE(r.ok()) << describe(r);
      EXPECT_TRUE(r.findings.empty()) << describe(r);
    }
  }
}

TEST(Validate, SpirvToolsErrorsPassThroughWithWordOffset) {
  auto m = test::assemble(R"(
OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%file = OpString "k.cl"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%one = OpConstant %uint 1
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpLine %file 10 3
%sum = OpIAdd %uint %one %nowhere
OpReturn
OpFunctionEnd
)");
  const ValidationResult r = validate(m, DeviceDescription::spvsim());
  EXPECT_FALSE(r.ok());
  const auto spirv = ofKind(r, "validation.spirv");
  ASSERT_EQ(spirv.size(), 1u) << describe(r);
  const Finding &f = spirv[0];
  EXPECT_EQ(f.severity, Severity::Error);
  EXPECT_NE(f.message.find("has not been defined"), std::string::npos) << f.message;
  const Instruction &add = m->instruction(test::firstOf(*m, spv::Op::OpIAdd));
  EXPECT_EQ(f.wordOffset, add.wordOffset);
  EXPECT_NE(f.instruction.find(" = OpIAdd %uint %uint_1 %"), std::string::npos) << f.instruction;
  EXPECT_EQ(f.kernel, "main");
  ASSERT_TRUE(f.location);
  EXPECT_EQ(f.location->file, "k.cl");
  EXPECT_EQ(f.location->line, 10u);
  EXPECT_EQ(f.location->column, 3u);
  ASSERT_FALSE(f.notes.empty());
  EXPECT_NE(f.notes[0].find("SPIR-V 1.0"), std::string::npos) << f.notes[0];
}

// SPIRV-Tools' OpenCL environments take SPIR-V 1.0 (1.2 for OpenCL 2.2); OpenCL 1.2
// has no GenericPointer, which only its environment knows.
constexpr std::string_view kGenericPointerKernel = R"(
OpCapability Addresses
OpCapability Kernel
OpCapability GenericPointer
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
)";

TEST(Validate, OpenCLEnvironmentForSpirv10) {
  // Pipes, like GenericPointer, is OpenCL 2.0 only: SPIRV-Tools' OpenCL 1.2
  // environment rejects it.
  auto pipes = test::assemble(test::replaced(kGenericPointerKernel, "GenericPointer", "Pipes"));
  const ValidationResult cl12 = validate(pipes, device("opencl1.2"));
  EXPECT_FALSE(cl12.ok());
  const auto spirv = ofKind(cl12, "validation.spirv");
  ASSERT_EQ(spirv.size(), 1u) << describe(cl12);
  EXPECT_NE(spirv[0].message.find("Pipes"), std::string::npos) << spirv[0].message;
  EXPECT_NE(spirv[0].notes.at(0).find("OpenCL 1.2"), std::string::npos) << spirv[0].notes[0];
  // GenericPointer, which clang + llvm-spirv declare for OpenCL C 1.2 too
  // (wait_group_events), is tolerated on OpenCL 1.2 (OpenCL-Env §3.1): a
  // warning, an error when strict.
  auto m = test::assemble(kGenericPointerKernel);
  const ValidationResult tolerated = validate(m, device("opencl1.2"));
  EXPECT_TRUE(tolerated.ok()) << describe(tolerated);
  EXPECT_TRUE(ofKind(tolerated, "validation.spirv").empty()) << describe(tolerated);
  ValidationOptions strict;
  strict.strict = true;
  EXPECT_FALSE(validate(m, device("opencl1.2"), strict).ok());
  EXPECT_TRUE(validate(m, device("opencl2.0")).ok());
  EXPECT_TRUE(validate(m, device("opencl3.0")).ok());
}

TEST(Validate, UniversalEnvironmentBeyondWhatOpenCLEnvironmentsTake) {
  // The same kernel as SPIR-V 1.1 is past SPIRV-Tools' OpenCL 1.2 environment:
  // SPIRV-Tools accepts it in the universal 1.1 one, and only OpenCL-Env §2.1
  // (an OpenCL 1.2 device consumes SPIR-V 1.0) rejects it.
  auto words = test::wordsOf(kGenericPointerKernel);
  words[1] = 0x00010100;
  const ValidationResult r = validate(loadBinary(words, "k11.spv"), device("opencl1.2"));
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(ofKind(r, "validation.spirv").empty()) << describe(r);
  EXPECT_EQ(ofKind(r, "validation.version").size(), 1u) << describe(r);
}

TEST(Validate, BlocksBeforeTheirDominatorsAreAWarning) {
  auto m = loadFile(test::dataPath("early_exit_search_O2.spv"));
  ASSERT_FALSE(spirvToolsAccepts(*m, SPV_ENV_OPENCL_1_2)) << "the premise: SPIRV-Tools rejects it";
  for (const char *env : {"opencl1.2", "opencl3.0"}) {
    SCOPED_TRACE(env);
    const ValidationResult r = validate(m, device(env));
    EXPECT_TRUE(r.ok()) << describe(r);
    const auto layout = ofKind(r, "validation.layout");
    ASSERT_EQ(layout.size(), 1u) << describe(r);
    EXPECT_EQ(r.findings.size(), 1u) << describe(r);
    const Finding &f = layout[0];
    EXPECT_EQ(f.severity, Severity::Warning);
    EXPECT_EQ(f.message.rfind("SPIR-V §2.16.1: the order of blocks in a function must satisfy the "
                              "rule that blocks appear before all blocks they dominate",
                              0),
              0u)
        << f.message;
    EXPECT_NE(f.instruction.find("OpLabel"), std::string::npos);
    ASSERT_TRUE(f.wordOffset);
  }
}

TEST(Validate, BlocksBeforeTheirDominatorsAreAnErrorWhenStrict) {
  auto m = loadFile(test::dataPath("early_exit_search_O2.spv"));
  ValidationOptions strict;
  strict.strict = true;
  const ValidationResult r = validate(m, DeviceDescription::spvsim(), strict);
  EXPECT_FALSE(r.ok());
  const auto layout = ofKind(r, "validation.layout");
  ASSERT_EQ(layout.size(), 1u) << describe(r);
  EXPECT_EQ(layout[0].severity, Severity::Error);
  EXPECT_TRUE(ofKind(r, "validation.spirv").empty()) << describe(r);
}

TEST(Validate, MinimalBlockOrderTwin) {
  const std::string inOrder = R"(
OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
OpName %main "main"
OpName %first "first"
OpName %second "second"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpBranch %first
%first = OpLabel
OpBranch %second
%second = OpLabel
OpReturn
OpFunctionEnd
)";
  EXPECT_TRUE(validate(test::assemble(inOrder), DeviceDescription::spvsim()).findings.empty());
  const std::string swapped =
      test::replaced(inOrder, "%first = OpLabel\nOpBranch %second\n%second = OpLabel\nOpReturn\n",
                     "%second = OpLabel\nOpReturn\n%first = OpLabel\nOpBranch %second\n");
  auto m = test::assemble(swapped);
  const ValidationResult r = validate(m, DeviceDescription::spvsim());
  EXPECT_TRUE(r.ok()) << describe(r);
  const auto layout = ofKind(r, "validation.layout");
  ASSERT_EQ(layout.size(), 1u) << describe(r);
  EXPECT_NE(layout[0].message.find("block %second of function %main appears before its "
                                   "dominator %first"),
            std::string::npos)
      << layout[0].message;
  EXPECT_EQ(layout[0].instruction, "%second = OpLabel");
}

// clang -g and llvm-spirv 15 write OpenCL.DebugInfo.100 that SPIRV-Tools 2023.1 rejects
// although the instruction set allows it (a DebugTypePointer to a `const` qualifier, a
// DebugFunction with DebugInfoNone for its declaration, a struct's members before the
// struct, ...): the validator gives SPIRV-Tools a copy it accepts, and the module's
// debug information is validated, not ignored.
TEST(Validate, DebugInfoSpirvTools2023RejectsIsValidated) {
  for (const char *name : {"reduce_O0_debug.spv", "reduce_O2_debug.spv"}) {
    SCOPED_TRACE(name);
    auto m = loadFile(test::dataPath(name));
    ASSERT_FALSE(spirvToolsAccepts(*m, SPV_ENV_UNIVERSAL_1_1)) << "the premise";
    for (const char *env : {"opencl1.2", "opencl3.0"}) {
      SCOPED_TRACE(env);
      const ValidationResult r = validate(m, device(env));
      EXPECT_TRUE(r.ok()) << describe(r);
      EXPECT_TRUE(ofKind(r, "validation.debuginfo").empty()) << describe(r);
      EXPECT_TRUE(ofKind(r, "validation.spirv").empty()) << describe(r);
      // The validated module keeps its source locations.
      const Module &validated = r.module->module();
      size_t located = 0;
      for (uint32_t k = 0; k < validated.instructions().size(); ++k)
        if (auto line = validated.location(k);
            line && validated.string(line->fileId) == "./reduce.cl")
          ++located;
      EXPECT_GT(located, 10u);
    }
  }
}

// A kernel taking an image, built -g: the first debug type is the pointer to clang's
// structure `opencl_image2d_ro_t` (`image2d_t`), before any DebugTypeBasic. SPIRV-Tools
// 2023.1 wants a DebugTypeBasic there; the copy writes the module's first one early.
TEST(Validate, DebugPointerBeforeAnyBasicTypeIsValidated) {
  auto m = test::assemble(R"(
OpCapability Addresses
OpCapability Kernel
%dbg = OpExtInstImport "OpenCL.DebugInfo.100"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%file = OpString "k.cl"
%text = OpString ""
%image = OpString "opencl_image2d_ro_t"
%float_name = OpString "float"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%uint_0 = OpConstant %uint 0
%uint_32 = OpConstant %uint 32
%fn = OpTypeFunction %void
%none = OpExtInst %void %dbg DebugInfoNone
%source = OpExtInst %void %dbg DebugSource %file %text
%unit = OpExtInst %void %dbg DebugCompilationUnit 65536 5 %source OpenCL_C
%opaque = OpExtInst %void %dbg DebugTypeComposite %image Structure %source 0 0 %unit %image %uint_0 FlagFwdDecl
%image_ptr = OpExtInst %void %dbg DebugTypePointer %opaque CrossWorkgroup None
%float = OpExtInst %void %dbg DebugTypeBasic %float_name %uint_32 Float
%float_ptr = OpExtInst %void %dbg DebugTypePointer %float CrossWorkgroup None
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
)");
  ASSERT_FALSE(spirvToolsAccepts(*m, SPV_ENV_UNIVERSAL_1_1)) << "the premise";
  const ValidationResult r = validate(m, DeviceDescription::spvsim());
  EXPECT_TRUE(r.ok()) << describe(r);
  EXPECT_TRUE(ofKind(r, "validation.debuginfo").empty()) << describe(r);
}

/// The -O0 -g module with one debug instruction SPIRV-Tools does not know (a newer
/// instruction number): debug information SPIRV-Tools rejects.
std::shared_ptr<const Module> withUnknownDebugInstruction() {
  auto m = loadFile(test::dataPath("reduce_O0_debug.spv"));
  std::vector<uint32_t> words(m->words().begin(), m->words().end());
  for (const Instruction &inst : m->instructions())
    if (inst.opcode == spv::Op::OpExtInst && inst.wordCount == 5 &&
        words[inst.wordOffset + 4] == 0) { // DebugInfoNone
      words[inst.wordOffset + 4] = 999;
      break;
    }
  return loadBinary(words, "newer.spv");
}

TEST(Validate, DebugInstructionsSpirvToolsDoesNotKnowAreAWarning) {
  auto known = test::assemble(R"(
OpCapability Addresses
OpCapability Kernel
%dbg = OpExtInstImport "OpenCL.DebugInfo.100"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%none = OpExtInst %void %dbg DebugInfoNone
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
)");
  const uint32_t extInst = test::firstOf(*known, spv::Op::OpExtInst);
  std::vector<uint32_t> words(known->words().begin(), known->words().end());
  words[known->instruction(extInst).wordOffset + 4] = 999;
  auto m = loadBinary(words, "newer.spv");
  const ValidationResult r = validate(m, DeviceDescription::spvsim());
  EXPECT_TRUE(r.ok()) << describe(r);
  const auto debug = ofKind(r, "validation.debuginfo");
  ASSERT_EQ(debug.size(), 1u) << describe(r);
  EXPECT_EQ(debug[0].wordOffset, m->instruction(extInst).wordOffset);
  // The rest of the module still disassembles with names.
  const Disassembly d(*m);
  EXPECT_EQ(d.text(test::firstOf(*m, spv::Op::OpTypeVoid)), "%void = OpTypeVoid");
  const std::string raw = "%" + std::to_string(m->instruction(extInst).resultId) + " = OpExtInst ";
  EXPECT_EQ(std::string(d.text(extInst)).rfind(raw, 0), 0u) << d.text(extInst);
}

TEST(Validate, DebugInfoIsAWarningEvenWhenStrict) {
  ValidationOptions strict;
  strict.strict = true;
  const ValidationResult r =
      validate(withUnknownDebugInstruction(), DeviceDescription::spvsim(), strict);
  EXPECT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(ofKind(r, "validation.debuginfo").size(), 1u) << describe(r);
}

TEST(Validate, DebugInfoDoesNotHideRealErrors) {
  // Drop the -g module's Kernel capability: invalid with or without its debug information.
  auto m = withUnknownDebugInstruction();
  std::vector<uint32_t> words(m->words().begin(), m->words().end());
  for (const Instruction &inst : m->instructions())
    if (inst.opcode == spv::Op::OpCapability &&
        words[inst.wordOffset + 1] == uint32_t(spv::Capability::Kernel))
      words[inst.wordOffset + 1] = uint32_t(spv::Capability::Shader);
  const ValidationResult r = validate(loadBinary(words, "broken.spv"), DeviceDescription::spvsim());
  EXPECT_FALSE(r.ok());
  EXPECT_FALSE(ofKind(r, "validation.spirv").empty()) << describe(r);
  EXPECT_TRUE(ofKind(r, "validation.debuginfo").empty()) << describe(r);
}

// SPIRV-Tools 2023.1 rejects any Lod Image Operand on OpImageRead and
// OpImageWrite; OpenCL-Env §5.2.9 / §5.2.10 allow it with cl_khr_mipmap_image /
// cl_khr_mipmap_image_writes. Only the Lod operands the device allows are
// left out of what SPIRV-Tools sees: here the read's, not the write's.
TEST(Validate, LodTheDeviceAllowsDoesNotHideOtherLodErrors) {
  auto m = test::assemble(R"(
OpCapability Addresses
OpCapability Kernel
OpCapability ImageBasic
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%v2uint = OpTypeVector %uint 2
%v4uint = OpTypeVector %uint 4
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%coord = OpConstantComposite %v2uint %uint_0 %uint_0
%read = OpTypeImage %void 2D 0 0 0 0 Unknown ReadOnly
%write = OpTypeImage %void 2D 0 0 0 0 Unknown WriteOnly
%fn = OpTypeFunction %void %read %write
%main = OpFunction %void None %fn
%r = OpFunctionParameter %read
%w = OpFunctionParameter %write
%entry = OpLabel
%t = OpImageRead %v4uint %r %coord Lod %uint_1
OpImageWrite %w %coord %t Lod %uint_1
OpReturn
OpFunctionEnd
)");
  DeviceDescription d = device("opencl1.2");
  d.extensions = {"cl_khr_mipmap_image"};
  const ValidationResult r = validate(m, d);
  EXPECT_FALSE(r.ok());
  const auto spirv = ofKind(r, "validation.spirv");
  ASSERT_EQ(spirv.size(), 1u) << describe(r);
  EXPECT_EQ(spirv[0].wordOffset,
            m->instruction(test::firstOf(*m, spv::Op::OpImageWrite)).wordOffset)
      << describe(r);
  EXPECT_EQ(ofKind(r, "validation.extensions").size(), 1u) << describe(r); // §5.2.10
  // With both extensions, neither Lod is held against the module.
  d.extensions.insert("cl_khr_mipmap_image_writes");
  const ValidationResult both = validate(m, d);
  EXPECT_TRUE(both.ok()) << describe(both);
  EXPECT_TRUE(both.findings.empty()) << describe(both);
}

} // namespace
} // namespace spvsim
