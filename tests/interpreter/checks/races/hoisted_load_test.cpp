// A load clang -O2 hoisted out of `if (lid == k)` (OpLoad, then OpSelect on the
// condition): the race check records the read only for the lanes the select keeps
// (lower/selected_load.cpp). Hand-written modules: work-item l stores tile[(l + shift) %
// 64] (shift = 0: its own element), then every work-item loads tile[0] and keeps it where
// lid == k. Kept by work-item 0 alone (which wrote tile[0]): no race; kept by work-item 1:
// the race with work-item 0's write is found; a condition computed after the load, or a
// second use of the loaded value, leaves every lane's read recorded. Through tile[shift]
// (a dynamic index) the same.
#include <gtest/gtest.h>

#include "kernel_harness.h"

namespace spvsim {
namespace {

using testing::range1;
using testing::value;

struct Shape {
  uint32_t keptBy = 0;             ///< the local id whose lane keeps the loaded value
  bool conditionAfterLoad = false; ///< the compare follows the load
  bool otherUse = false;           ///< the loaded value is also added to the result
  bool keepWhenFalse = false;      ///< select(lid != k, other, load)
  bool indexed = false;            ///< tile[shift] (a dynamic index, 0) instead of tile[0]
};

std::string hoistedModule(const Shape &s) {
  const std::string compare =
      std::string("%c = ") + (s.keepWhenFalse ? "OpINotEqual" : "OpIEqual") + " %bool %lid %k\n";
  // Keeps the load where lid == k: select(lid == k, load, -1) or select(lid != k, -1, load).
  const std::string select = s.keepWhenFalse ? "%r = OpSelect %uint %c %minus1 %v\n"
                                             : "%r = OpSelect %uint %c %v %minus1\n";
  std::string text = R"(OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "hoisted" %lidvar %gidvar
OpDecorate %lidvar BuiltIn LocalInvocationId
OpDecorate %lidvar Constant
OpDecorate %gidvar BuiltIn GlobalInvocationId
OpDecorate %gidvar Constant
%ulong = OpTypeInt 64 0
%uint = OpTypeInt 32 0
%bool = OpTypeBool
%ulong_64 = OpConstant %ulong 64
%uint_64 = OpConstant %uint 64
%ulong_0 = OpConstant %ulong 0
%k = OpConstant %uint )" +
                     std::to_string(s.keptBy) +
                     R"(
%minus1 = OpConstant %uint 4294967295
%arr = OpTypeArray %uint %ulong_64
%ptr_wg_arr = OpTypePointer Workgroup %arr
%v3ulong = OpTypeVector %ulong 3
%ptr_in = OpTypePointer Input %v3ulong
%void = OpTypeVoid
%ptr_cw = OpTypePointer CrossWorkgroup %uint
%ptr_wg = OpTypePointer Workgroup %uint
%fn = OpTypeFunction %void %ptr_cw %ptr_cw %uint
%tile = OpVariable %ptr_wg_arr Workgroup
%lidvar = OpVariable %ptr_in Input
%gidvar = OpVariable %ptr_in Input
%main = OpFunction %void None %fn
%in = OpFunctionParameter %ptr_cw
%out = OpFunctionParameter %ptr_cw
%shift = OpFunctionParameter %uint
%entry = OpLabel
%lid3 = OpLoad %v3ulong %lidvar Aligned 32
%lid64 = OpCompositeExtract %ulong %lid3 0
%lid = OpUConvert %uint %lid64
%gid3 = OpLoad %v3ulong %gidvar Aligned 32
%gid = OpCompositeExtract %ulong %gid3 0
%inp = OpInBoundsPtrAccessChain %ptr_cw %in %gid
%x = OpLoad %uint %inp Aligned 4
%sum = OpIAdd %uint %lid %shift
%slot = OpUMod %uint %sum %uint_64
%slot64 = OpUConvert %ulong %slot
%mine = OpInBoundsPtrAccessChain %ptr_wg %tile %ulong_0 %slot64
OpStore %mine %x Aligned 4
)";
  text += s.indexed ? "%index = OpUConvert %ulong %shift\n"
                      "%first = OpInBoundsPtrAccessChain %ptr_wg %tile %ulong_0 %index\n"
                    : "%first = OpInBoundsPtrAccessChain %ptr_wg %tile %ulong_0 %ulong_0\n";
  if (!s.conditionAfterLoad) text += compare;
  text += "%v = OpLoad %uint %first Aligned 4\n";
  if (s.conditionAfterLoad) text += compare;
  text += select;
  text += s.otherUse ? "%w = OpIAdd %uint %r %v\n" : "%w = OpCopyObject %uint %r\n";
  text += R"(%outp = OpInBoundsPtrAccessChain %ptr_cw %out %gid
OpStore %outp %w Aligned 4
OpReturn
OpFunctionEnd
)";
  return text;
}

/// The findings of the race check on the module of `s`: 2 work-groups of 64 on 2 threads
/// in warps of `width` lanes.
std::vector<Finding> raceFindings(const Shape &s, uint32_t width) {
  ValidationResult v =
      validate(loadAssembly(hoistedModule(s), "hoisted.spvasm"), DeviceDescription::spvsim());
  EXPECT_TRUE(v.ok());
  if (!v.ok()) return {};
  GlobalMemory memory;
  FindingSink sink;
  std::vector<int32_t> init(128, 7);
  const BufferId in = memory.create(init.size() * 4, "in");
  std::memcpy(memory.bytes(in).data(), init.data(), init.size() * 4);
  const BufferId out = memory.create(init.size() * 4, "out");
  ExecOptions o;
  o.warpWidth = width;
  o.threads = 2;
  launchKernel(*v.module, "hoisted", range1(128, 64),
               {ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(out), value<uint32_t>(0)}, {},
               memory, sink, o);
  return sink.findings();
}

class HoistedLoad : public ::testing::TestWithParam<uint32_t> {};

TEST_P(HoistedLoad, AReadOnlyTheWriterKeepsIsNoRace) {
  EXPECT_TRUE(raceFindings({.keptBy = 0}, GetParam()).empty());
}

TEST_P(HoistedLoad, AReadKeptWhereTheConditionFailsIsRecordedThere) {
  // select(lid != 0, -1, tile[0]): work-item 0 keeps it, the others do not.
  EXPECT_TRUE(raceFindings({.keptBy = 0, .keepWhenFalse = true}, GetParam()).empty());
  // select(lid != 1, -1, tile[0]): work-item 1 keeps what work-item 0 wrote.
  const auto findings = raceFindings({.keptBy = 1, .keepWhenFalse = true}, GetParam());
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].kind, "race.local.read-write");
}

TEST_P(HoistedLoad, AReadAnotherWorkItemKeepsIsARace) {
  const auto findings = raceFindings({.keptBy = 1}, GetParam());
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].kind, "race.local.read-write");
  // Work-item 1 of one group read; once per group: a count of 2 at most.
  EXPECT_NE(formatText(findings[0]).find("local (1)"), std::string::npos)
      << formatText(findings[0]);
  EXPECT_LE(findings[0].count, 2u);
}

TEST_P(HoistedLoad, WithoutProofEveryLaneReads) {
  for (const Shape &s :
       {Shape{.keptBy = 0, .conditionAfterLoad = true}, Shape{.keptBy = 0, .otherUse = true}}) {
    const auto findings = raceFindings(s, GetParam());
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].kind, "race.local.read-write");
  }
}

// The same through a pointer with a dynamic index (lowered as LoadIndexed unless selects
// keep the load).
TEST_P(HoistedLoad, AnIndexedLoadIsRecordedForTheLanesThatKeepIt) {
  EXPECT_TRUE(raceFindings({.keptBy = 0, .indexed = true}, GetParam()).empty());
  EXPECT_TRUE(
      raceFindings({.keptBy = 0, .keepWhenFalse = true, .indexed = true}, GetParam()).empty());
  auto findings = raceFindings({.keptBy = 1, .indexed = true}, GetParam());
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].kind, "race.local.read-write");
  EXPECT_NE(formatText(findings[0]).find("local (1)"), std::string::npos)
      << formatText(findings[0]);
  findings = raceFindings({.keptBy = 0, .otherUse = true, .indexed = true}, GetParam());
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].kind, "race.local.read-write");
}

INSTANTIATE_TEST_SUITE_P(Widths, HoistedLoad, ::testing::Values(1u, 8u, 32u));

} // namespace
} // namespace spvsim
