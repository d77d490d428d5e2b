// Loader: every malformed-input path ends in spvsim::Error naming the file and
// the exact word; both byte orders load the same module; assembly picks the
// first SPIR-V version that accepts it; OpLine scopes, decoration groups and
// spec constants come out as the module view documents.
#include <cstring>
#include <fstream>

#include <gtest/gtest.h>

#include "spvsim/common/error.h"
#include "test_modules.h"

namespace spvsim {
namespace {

using test::kMinimalKernel;
using test::wordsOf;

// Word offsets in kMinimalKernel (header: words 0-4).
constexpr uint32_t kTypeFunctionAt = 19; // %fn = OpTypeFunction %void (result 20, return type 21)
constexpr uint32_t kMemoryModelAt = 9;
constexpr uint32_t kReturnAt = 29;
constexpr uint32_t kFunctionEndAt = 30;

std::string loadError(const std::vector<uint32_t> &words) {
  try {
    loadBinary(words, "k.spv");
  } catch (const Error &e) {
    return e.what();
  }
  return "(loaded)";
}

TEST(Loader, MinimalKernelLayout) {
  auto words = wordsOf(kMinimalKernel);
  ASSERT_EQ(words.size(), 31u);
  EXPECT_EQ(words[kTypeFunctionAt] & 0xffff, uint32_t(spv::Op::OpTypeFunction));
  EXPECT_EQ(words[kReturnAt] & 0xffff, uint32_t(spv::Op::OpReturn));
  EXPECT_EQ(words[kFunctionEndAt] & 0xffff, uint32_t(spv::Op::OpFunctionEnd));
  EXPECT_EQ(loadError(words), "(loaded)");
}

// Assembly is SPIR-V 1.0 unless its leading comments name a version the way
// spirv-dis writes it ("; Version: 1.3").
TEST(Loader, AssemblyVersionComment) {
  EXPECT_EQ(test::assemble(test::kMinimalKernel)->version(), 0x00010000u);
  const std::string v13 = "; SPIR-V\n; Version: 1.3\n" + std::string(test::kMinimalKernel);
  EXPECT_EQ(test::assemble(v13)->version(), 0x00010300u);
}

TEST(Loader, ByteSizeNotMultipleOfFour) {
  auto words = wordsOf(kMinimalKernel);
  std::vector<std::byte> bytes(words.size() * 4 - 2);
  std::memcpy(bytes.data(), words.data(), bytes.size());
  try {
    loadBinaryBytes(bytes, "k.spv");
    FAIL() << "loaded";
  } catch (const Error &e) {
    EXPECT_EQ(std::string(e.what()),
              "k.spv: word 30: truncated: 122 bytes is not a whole number of words");
  }
}

TEST(Loader, ShorterThanHeader) {
  auto words = wordsOf(kMinimalKernel);
  words.resize(3);
  EXPECT_EQ(loadError(words),
            "k.spv: word 3: truncated header: 3 words, a SPIR-V module starts with 5");
  EXPECT_EQ(loadError({}),
            "k.spv: word 0: truncated header: 0 words, a SPIR-V module starts with 5");
}

TEST(Loader, BadMagic) {
  auto words = wordsOf(kMinimalKernel);
  words[0] = 0xdeadbeef;
  EXPECT_EQ(loadError(words), "k.spv: word 0: bad magic number 0xdeadbeef (expected 0x7230203)");
}

TEST(Loader, IdBoundAboveUniversalLimit) {
  auto words = wordsOf(kMinimalKernel);
  words[3] = 0x400000;
  EXPECT_EQ(loadError(words),
            "k.spv: word 3: id bound 4194304 exceeds the SPIR-V limit of 4194303");
}

TEST(Loader, ZeroWordCount) {
  auto words = wordsOf(kMinimalKernel);
  words[kTypeFunctionAt] &= 0xffff;
  EXPECT_EQ(loadError(words), "k.spv: word 19: instruction word count is 0");
}

TEST(Loader, WordCountPastTheEnd) {
  auto words = wordsOf(kMinimalKernel);
  words[kFunctionEndAt] = (3u << 16) | uint32_t(spv::Op::OpFunctionEnd);
  EXPECT_EQ(loadError(words),
            "k.spv: word 30: instruction word count 3 runs past the end (31 words)");
}

TEST(Loader, UnknownOpcode) {
  auto words = wordsOf(kMinimalKernel);
  words[kReturnAt] = (1u << 16) | 0xffffu;
  EXPECT_EQ(loadError(words), "k.spv: word 29: unknown opcode 65535");
}

TEST(Loader, IdNotBelowBound) {
  auto words = wordsOf(kMinimalKernel);
  ASSERT_EQ(words[3], 5u);
  words[kTypeFunctionAt + 2] = 99; // the return type operand
  EXPECT_EQ(loadError(words), "k.spv: word 21: id 99 is not below the id bound 5");
}

TEST(Loader, ParserDiagnosticsKeepTheirWordOffset) {
  auto words = wordsOf(kMinimalKernel);
  words[kMemoryModelAt + 1] = 77; // no such addressing model
  const std::string error = loadError(words);
  EXPECT_EQ(error.rfind("k.spv: word 9: ", 0), 0u) << error;
  EXPECT_NE(error.find("77"), std::string::npos) << error;
}

TEST(Loader, ResultIdZero) {
  auto words = wordsOf(kMinimalKernel);
  words[kTypeFunctionAt + 1] = 0;
  const std::string error = loadError(words);
  EXPECT_EQ(error, "k.spv: word 19: Error: Result Id is 0");
}

TEST(Loader, EitherByteOrderGivesTheSameModule) {
  auto words = wordsOf(kMinimalKernel);
  std::vector<uint32_t> swapped(words);
  for (uint32_t &w : swapped) w = __builtin_bswap32(w);
  auto host = loadBinary(words, "k.spv");
  auto other = loadBinary(swapped, "k.spv");
  EXPECT_TRUE(std::equal(host->words().begin(), host->words().end(), other->words().begin(),
                         other->words().end()));
  ASSERT_EQ(host->instructions().size(), other->instructions().size());
  for (size_t k = 0; k < host->instructions().size(); ++k) {
    EXPECT_EQ(host->instructions()[k].opcode, other->instructions()[k].opcode);
    EXPECT_EQ(host->instructions()[k].wordOffset, other->instructions()[k].wordOffset);
    EXPECT_EQ(host->instructions()[k].resultId, other->instructions()[k].resultId);
  }
  ASSERT_EQ(other->entryPoints().size(), 1u);
  EXPECT_EQ(other->entryPoints()[0].name, "main");
}

TEST(Loader, FileOfEitherByteOrder) {
  auto words = wordsOf(kMinimalKernel);
  for (uint32_t &w : words) w = __builtin_bswap32(w);
  const std::string path = ::testing::TempDir() + "/swapped.spv";
  {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char *>(words.data()), std::streamsize(words.size() * 4));
  }
  auto m = loadFile(path);
  EXPECT_EQ(m->sourceName(), path);
  EXPECT_EQ(m->entryPoints().at(0).name, "main");
}

TEST(Loader, UnreadableFileIsNamed) {
  try {
    loadFile("/nonexistent/dir/k.spv");
    FAIL() << "loaded";
  } catch (const Error &e) {
    EXPECT_EQ(std::string(e.what()).rfind("/nonexistent/dir/k.spv: ", 0), 0u) << e.what();
  }
}

TEST(Loader, AssemblyErrorHasLineAndColumn) {
  try {
    loadAssembly("OpCapability Kernel\n  OpFoo\n", "bad.spvasm");
    FAIL() << "assembled";
  } catch (const Error &e) {
    EXPECT_EQ(std::string(e.what()), "bad.spvasm:2:3: Invalid Opcode name 'OpFoo'");
  }
}

TEST(Loader, AssemblyIsSpirv10UnlessItNeedsLater) {
  EXPECT_EQ(test::assemble(kMinimalKernel)->version(), 0x00010000u);
  // OpExecutionModeId is SPIR-V 1.2.
  auto m = test::assemble(R"(
OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
OpExecutionModeId %main LocalSizeId %one %one %one
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%one = OpConstant %uint 1
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
)");
  EXPECT_EQ(m->version(), 0x00010200u);
  const auto &modes = m->entryPoints().at(0).modes;
  ASSERT_EQ(modes.size(), 1u);
  EXPECT_EQ(modes[0].mode, spv::ExecutionMode::LocalSizeId);
  EXPECT_EQ(modes[0].literals.size(), 3u);
}

TEST(Loader, SpvasmFileByExtension) {
  const std::string path = ::testing::TempDir() + "/minimal.spvasm";
  {
    std::ofstream out(path);
    out << kMinimalKernel;
  }
  EXPECT_EQ(loadFile(path)->entryPoints().at(0).name, "main");
}

TEST(Loader, OpLineScopes) {
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
%a = OpIAdd %uint %one %one
%b = OpIAdd %uint %a %one
OpLine %file 11 5
%c = OpIAdd %uint %b %one
OpNoLine
%d = OpIAdd %uint %c %one
OpLine %file 12 1
OpBranch %next
%next = OpLabel
%e = OpIAdd %uint %d %one
OpReturn
OpFunctionEnd
)");
  auto at = [&](uint32_t id) { return m->location(m->id(id).instruction); };
  // The OpIAdd results in order of appearance.
  std::vector<uint32_t> adds;
  for (const Instruction &inst : m->instructions())
    if (inst.opcode == spv::Op::OpIAdd) adds.push_back(inst.resultId);
  ASSERT_EQ(adds.size(), 5u);
  ASSERT_TRUE(at(adds[0]));
  EXPECT_EQ(m->string(at(adds[0])->fileId), "k.cl");
  EXPECT_EQ(at(adds[0])->line, 10u);
  EXPECT_EQ(at(adds[0])->column, 3u);
  EXPECT_EQ(at(adds[1])->line, 10u);
  EXPECT_EQ(at(adds[2])->line, 11u);
  EXPECT_FALSE(at(adds[3])) << "OpNoLine ends the scope";
  const uint32_t branch = test::firstOf(*m, spv::Op::OpBranch);
  ASSERT_TRUE(m->location(branch));
  EXPECT_EQ(m->location(branch)->line, 12u);
  EXPECT_FALSE(at(adds[4])) << "the end of a block ends the scope";
}

TEST(Loader, DecorationGroupsAreApplied) {
  auto m = test::assemble(R"(
OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpDecorate %group Restrict
OpDecorate %group Alignment 16
%group = OpDecorationGroup
OpGroupDecorate %group %p %q
OpDecorate %sgroup Volatile
%sgroup = OpDecorationGroup
OpGroupMemberDecorate %sgroup %s 1
%uint = OpTypeInt 32 0
%s = OpTypeStruct %uint %uint
%ptr = OpTypePointer CrossWorkgroup %uint
%p = OpVariable %ptr CrossWorkgroup
%q = OpVariable %ptr CrossWorkgroup
)");
  uint32_t p =
      m->globalVariables().size() == 2 ? m->instruction(m->globalVariables()[0]).resultId : 0;
  uint32_t q = m->instruction(m->globalVariables().at(1)).resultId;
  for (uint32_t target : {p, q}) {
    ASSERT_NE(m->findDecoration(target, spv::Decoration::Restrict), nullptr);
    const Decoration *align = m->findDecoration(target, spv::Decoration::Alignment);
    ASSERT_NE(align, nullptr);
    EXPECT_EQ(align->literals, std::vector<uint32_t>{16});
  }
  uint32_t s = 0;
  for (const Instruction &inst : m->instructions())
    if (inst.opcode == spv::Op::OpTypeStruct) s = inst.resultId;
  auto decorations = m->decorations(s);
  ASSERT_EQ(decorations.size(), 1u);
  EXPECT_EQ(decorations[0].member, 1u);
  EXPECT_EQ(decorations[0].decoration, spv::Decoration::Volatile);
  EXPECT_EQ(m->findDecoration(s, spv::Decoration::Volatile), nullptr) << "a member decoration";
}

TEST(Loader, SpecConstantsWithSpecId) {
  auto m = test::assemble(R"(
OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpMemoryModel Physical64 OpenCL
OpDecorate %n SpecId 7
OpDecorate %flag SpecId 8
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%bool = OpTypeBool
%n = OpSpecConstant %uint 42
%flag = OpSpecConstantTrue %bool
%big = OpSpecConstant %ulong 0x100000002
%sum = OpSpecConstantOp %uint IAdd %n %n
%pair = OpSpecConstantComposite %v2 %n %n
%v2 = OpTypeVector %uint 2
%arr = OpTypeArray %uint %n
)");
  auto byName = [&](spv::Op op) { return m->instruction(test::firstOf(*m, op)).resultId; };
  const Constant *n = m->constant(byName(spv::Op::OpSpecConstant));
  ASSERT_NE(n, nullptr);
  EXPECT_TRUE(n->isSpec);
  EXPECT_EQ(n->kind, ConstantKind::Scalar);
  EXPECT_EQ(n->bits, 42u);
  EXPECT_EQ(n->specId, 7u);
  const Constant *flag = m->constant(byName(spv::Op::OpSpecConstantTrue));
  ASSERT_NE(flag, nullptr);
  EXPECT_EQ(flag->kind, ConstantKind::True);
  EXPECT_TRUE(flag->isSpec);
  EXPECT_EQ(flag->specId, 8u);
  const uint32_t bigAt =
      test::firstOf(*m, spv::Op::OpSpecConstant, test::firstOf(*m, spv::Op::OpSpecConstant) + 1);
  const Constant *big = m->constant(m->instruction(bigAt).resultId);
  EXPECT_EQ(big->bits, 0x100000002u);
  EXPECT_FALSE(big->specId.has_value());
  const Constant *sum = m->constant(byName(spv::Op::OpSpecConstantOp));
  ASSERT_NE(sum, nullptr);
  EXPECT_EQ(sum->kind, ConstantKind::SpecOp);
  EXPECT_TRUE(sum->isSpec);
  ASSERT_EQ(sum->parts.size(), 3u);
  EXPECT_EQ(sum->parts[0], uint32_t(spv::Op::OpIAdd));
  const Constant *pair = m->constant(byName(spv::Op::OpSpecConstantComposite));
  EXPECT_EQ(pair->kind, ConstantKind::Composite);
  EXPECT_EQ(pair->parts.size(), 2u);
  // An array whose length is a spec constant keeps count 0 and names the constant.
  const Type &arr = m->type(byName(spv::Op::OpTypeArray));
  EXPECT_EQ(arr.kind, TypeKind::Array);
  EXPECT_EQ(arr.count, 0u);
  EXPECT_EQ(arr.lengthId, byName(spv::Op::OpSpecConstant));
}

TEST(Loader, ShaderDebugInfoDebugLine) {
  auto m = test::assemble(R"(
OpCapability Addresses
OpCapability Kernel
OpExtension "SPV_KHR_non_semantic_info"
%dbg = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%file = OpString "shader.cl"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%u7 = OpConstant %uint 7
%u9 = OpConstant %uint 9
%u2 = OpConstant %uint 2
%fn = OpTypeFunction %void
%src = OpExtInst %void %dbg DebugSource %file
%main = OpFunction %void None %fn
%entry = OpLabel
%line = OpExtInst %void %dbg DebugLine %src %u7 %u9 %u2 %u2
%a = OpIAdd %uint %u7 %u9
%noline = OpExtInst %void %dbg DebugNoLine
%b = OpIAdd %uint %a %u9
OpReturn
OpFunctionEnd
)");
  const uint32_t a = test::firstOf(*m, spv::Op::OpIAdd);
  auto line = m->location(a);
  ASSERT_TRUE(line);
  EXPECT_EQ(m->string(line->fileId), "shader.cl");
  EXPECT_EQ(line->line, 7u);
  EXPECT_EQ(line->column, 2u);
  EXPECT_FALSE(m->location(test::firstOf(*m, spv::Op::OpIAdd, a + 1)));
}

// llvm-spirv writes DebugNoScope where LLVM kept no source location (instructions an
// optimisation moved) and no OpNoLine; the next DebugScope resumes the OpLine before,
// which it does not repeat when the line is the same.
TEST(Loader, OpenClDebugNoScopeSuspendsTheLine) {
  auto m = test::assemble(R"(
OpCapability Addresses
OpCapability Kernel
%dbg = OpExtInstImport "OpenCL.DebugInfo.100"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%file = OpString "k.cl"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%one = OpConstant %uint 1
%fn = OpTypeFunction %void
%src = OpExtInst %void %dbg DebugSource %file
%cu = OpExtInst %void %dbg DebugCompilationUnit 65536 4 %src OpenCL_C
%main = OpFunction %void None %fn
%entry = OpLabel
%s1 = OpExtInst %void %dbg DebugScope %cu
OpLine %file 3 16
%a = OpIAdd %uint %one %one
%ns = OpExtInst %void %dbg DebugNoScope
%b = OpIAdd %uint %a %one
%s2 = OpExtInst %void %dbg DebugScope %cu
%c = OpIAdd %uint %b %one
%ns2 = OpExtInst %void %dbg DebugNoScope
OpLine %file 11 1
%d = OpIAdd %uint %c %one
OpReturn
OpFunctionEnd
)");
  std::vector<uint32_t> adds;
  for (const Instruction &inst : m->instructions())
    if (inst.opcode == spv::Op::OpIAdd) adds.push_back(inst.resultId);
  ASSERT_EQ(adds.size(), 4u);
  auto at = [&](uint32_t id) { return m->location(m->id(id).instruction); };
  ASSERT_TRUE(at(adds[0]));
  EXPECT_EQ(at(adds[0])->line, 3u);
  EXPECT_FALSE(at(adds[1])) << "after DebugNoScope: no line";
  ASSERT_TRUE(at(adds[2])) << "DebugScope resumes the line";
  EXPECT_EQ(at(adds[2])->line, 3u);
  ASSERT_TRUE(at(adds[3])) << "an OpLine applies whatever the scope";
  EXPECT_EQ(at(adds[3])->line, 11u);
}

TEST(Loader, DebugInstructionsSpirvToolsDoesNotKnowAreTakenRaw) {
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
  words[known->instruction(extInst).wordOffset + 4] = 999; // no such DebugInfo instruction
  auto m = loadBinary(words, "newer.spv");
  ASSERT_EQ(m->instructions().size(), known->instructions().size());
  const Instruction &raw = m->instruction(extInst);
  EXPECT_EQ(raw.opcode, spv::Op::OpExtInst);
  EXPECT_EQ(raw.resultId, known->instruction(extInst).resultId);
  EXPECT_EQ(raw.typeId, known->instruction(extInst).typeId);
  EXPECT_EQ(m->operands(raw)[1], 999u);
  EXPECT_EQ(m->functions().size(), 1u);
  EXPECT_EQ(m->id(raw.resultId).kind, IdKind::Other);
}

TEST(Loader, UnknownInstructionsOfOtherSetsAreErrors) {
  auto m = test::assemble(R"(
OpCapability Addresses
OpCapability Kernel
%std = OpExtInstImport "OpenCL.std"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%void = OpTypeVoid
%float = OpTypeFloat 32
%one = OpConstant %float 1
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
%x = OpExtInst %float %std fabs %one
OpReturn
OpFunctionEnd
)");
  const Instruction &fabs = m->instruction(test::firstOf(*m, spv::Op::OpExtInst));
  std::vector<uint32_t> words(m->words().begin(), m->words().end());
  words[fabs.wordOffset + 4] = 9999;
  const std::string error = loadError(words);
  EXPECT_EQ(error.rfind("k.spv: word " + std::to_string(fabs.wordOffset) + ": ", 0), 0u) << error;
}

TEST(Loader, DebugInfoModuleLoadsWithLocations) {
  auto m = loadFile(test::dataPath("reduce_O0_debug.spv"));
  EXPECT_EQ(m->version(), 0x00010100u);
  size_t located = 0;
  for (uint32_t k = 0; k < m->instructions().size(); ++k) {
    auto line = m->location(k);
    if (!line) continue;
    ++located;
    EXPECT_EQ(m->string(line->fileId), "./reduce.cl");
    EXPECT_GE(line->line, 2u);
    EXPECT_LE(line->line, 12u);
  }
  EXPECT_GT(located, 20u);
}

} // namespace
} // namespace spvsim
