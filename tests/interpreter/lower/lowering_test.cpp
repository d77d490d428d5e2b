#include "lower/lowering.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "spvsim/common/error.h"
#include "spvsim/validator/loader.h"

namespace spvsim {
namespace {

const char *kHeader = R"(
OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main" %gid
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %gid Constant
)";
const char *kTypes = R"(
%void = OpTypeVoid
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%float = OpTypeFloat 32
%v3ulong = OpTypeVector %ulong 3
%v4float = OpTypeVector %float 4
%ptr_in_v3ulong = OpTypePointer Input %v3ulong
%ptr_v4 = OpTypePointer CrossWorkgroup %v4float
%ptr_uint = OpTypePointer CrossWorkgroup %uint
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_2 = OpConstant %uint 2
%uint_10 = OpConstant %uint 10
%uint_272 = OpConstant %uint 272
%gid = OpVariable %ptr_in_v3ulong Input
)";

ValidatedModule load(const std::string &body, const std::string &decorations = "") {
  std::string text = std::string(kHeader) + decorations + kTypes + body;
  auto result = validate(loadAssembly(text, "test.spvasm"), DeviceDescription::spvsim());
  for (const auto &f : result.findings) ADD_FAILURE() << formatText(f);
  if (!result.module) throw Error("test module does not validate");
  return std::move(*result.module);
}

size_t count(const LoweredKernel &k, OpCode code) {
  return std::count_if(k.ops.begin(), k.ops.end(),
                       [&](const LoweredOp &o) { return o.code == code; });
}

TEST(Lowering, VectorsAreScalarised) {
  auto m = load(R"(
%fn = OpTypeFunction %void %ptr_v4
%main = OpFunction %void None %fn
%p = OpFunctionParameter %ptr_v4
%entry = OpLabel
%v = OpLoad %v4float %p Aligned 16
%w = OpFAdd %v4float %v %v
OpStore %p %w Aligned 16
OpReturn
OpFunctionEnd
)");
  LoweredKernel k = lowerKernel(m, "main", {}, 32);
  EXPECT_EQ(count(k, OpCode::Load32), 4u);
  EXPECT_EQ(count(k, OpCode::FAddF32), 4u);
  EXPECT_EQ(count(k, OpCode::Store32), 4u);
  ASSERT_EQ(k.params.size(), 1u);
  EXPECT_EQ(k.params[0].kind, ParamBinding::Kind::Pointer);
  // Component k of the vector is at byte offset 4k.
  std::vector<uint64_t> offsets;
  for (const auto &op : k.ops)
    if (op.code == OpCode::Load32) offsets.push_back(op.imm);
  EXPECT_EQ(offsets, (std::vector<uint64_t>{0, 4, 8, 12}));
  EXPECT_EQ(k.slotStride, 32u * 8);
}

TEST(Lowering, PhisBecomeEdgeCopiesAndBarriersSplitBlocks) {
  auto m = load(R"(
%fn = OpTypeFunction %void %ptr_uint
%main = OpFunction %void None %fn
%p = OpFunctionParameter %ptr_uint
%entry = OpLabel
OpBranch %header
%header = OpLabel
%i = OpPhi %uint %uint_0 %entry %next %header
%next = OpIAdd %uint %i %uint_1
OpControlBarrier %uint_2 %uint_2 %uint_272
%more = OpULessThan %bool %next %uint_10
OpBranchConditional %more %header %exit
%exit = OpLabel
OpStore %p %next
OpReturn
OpFunctionEnd
)");
  LoweredKernel k = lowerKernel(m, "main", {}, 8);
  EXPECT_EQ(count(k, OpCode::Barrier), 1u);
  EXPECT_EQ(count(k, OpCode::CondEdges), 1u);
  // One copy for the entry edge, one for the back edge (under edge mask 1).
  std::vector<uint16_t> movMasks;
  for (const auto &op : k.ops)
    if (op.code == OpCode::Mov32) movMasks.push_back(op.mask);
  EXPECT_EQ(movMasks, (std::vector<uint16_t>{0, 1}));
  // entry, header (up to the barrier), rest of header, exit.
  EXPECT_EQ(k.blocks.size(), 4u);
  for (const auto &b : k.blocks) EXPECT_TRUE(isTerminator(k.ops[b.end - 1].code));
}

// OpMemoryBarrier becomes a Fence op that tells the seam its scopes (laid out as a
// Barrier's, with the execution scope of one invocation) and does not end its block.
TEST(Lowering, MemoryBarriersBecomeFences) {
  auto m = load(R"(
%fn = OpTypeFunction %void %ptr_uint
%main = OpFunction %void None %fn
%p = OpFunctionParameter %ptr_uint
%entry = OpLabel
OpStore %p %uint_1
OpMemoryBarrier %uint_2 %uint_272
OpStore %p %uint_2
OpReturn
OpFunctionEnd
)");
  LoweredKernel k = lowerKernel(m, "main", {}, 8);
  ASSERT_EQ(count(k, OpCode::Fence), 1u);
  std::vector<OpCode> codes;
  for (const auto &op : k.ops) {
    codes.push_back(op.code);
    if (op.code == OpCode::Fence) {
      EXPECT_EQ(op.imm, uint64_t(4) | uint64_t(2) << 16 | uint64_t(272) << 32);
    }
  }
  EXPECT_EQ(codes,
            (std::vector<OpCode>{OpCode::Store32, OpCode::Fence, OpCode::Store32, OpCode::Exit}));
  EXPECT_EQ(k.blocks.size(), 1u);
}

TEST(Lowering, BuiltinLoadsBecomeBuiltinOps) {
  auto m = load(R"(
%fn = OpTypeFunction %void %ptr_uint
%main = OpFunction %void None %fn
%p = OpFunctionParameter %ptr_uint
%entry = OpLabel
%ids = OpLoad %v3ulong %gid Aligned 32
%x = OpCompositeExtract %ulong %ids 0
%q = OpInBoundsPtrAccessChain %ptr_uint %p %x
OpStore %q %uint_1
OpReturn
OpFunctionEnd
)");
  LoweredKernel k = lowerKernel(m, "main", {}, 32);
  // Only the component the kernel extracts is computed, into the extract's slot.
  EXPECT_EQ(count(k, OpCode::Builtin), 1u);
  EXPECT_EQ(count(k, OpCode::Mov64), 0u);
  // The pointer only addresses a store: the store takes base and index itself.
  EXPECT_EQ(count(k, OpCode::PtrAddIndex64), 0u);
  EXPECT_EQ(count(k, OpCode::StoreIndexed32), 1u);
}

// A BuiltIn vector used whole (here: stored), and a pointer used otherwise than
// by loads and stores (here: by a phi), are computed into slots as before.
TEST(Lowering, BuiltinsAndPointersUsedOtherwiseAreComputed) {
  auto m = load(R"(
%fn = OpTypeFunction %void %ptr_uint
%main = OpFunction %void None %fn
%p = OpFunctionParameter %ptr_uint
%entry = OpLabel
%ids = OpLoad %v3ulong %gid Aligned 32
%x = OpCompositeExtract %ulong %ids 0
%q = OpInBoundsPtrAccessChain %ptr_uint %p %x
OpBranch %next
%next = OpLabel
%r = OpPhi %ptr_uint %q %entry
%v = OpLoad %uint %q
OpStore %r %v
OpReturn
OpFunctionEnd
)");
  LoweredKernel k = lowerKernel(m, "main", {}, 32);
  EXPECT_EQ(count(k, OpCode::PtrAddIndex64), 1u);
  EXPECT_EQ(count(k, OpCode::Load32), 1u);
  EXPECT_EQ(count(k, OpCode::LoadIndexed32), 0u);
}

TEST(Lowering, UnknownKernelIsAnError) {
  auto m = load(R"(
%fn = OpTypeFunction %void %ptr_uint
%main = OpFunction %void None %fn
%p = OpFunctionParameter %ptr_uint
%entry = OpLabel
OpReturn
OpFunctionEnd
)");
  EXPECT_THROW(lowerKernel(m, "nope", {}, 32), Error);
  EXPECT_THROW(lowerKernel(m, "main", {}, 65), Error);
}

TEST(Lowering, SpecConstantsTakeTheirValues) {
  auto m = load(R"(
%spec = OpSpecConstant %uint 3
%twice = OpSpecConstantOp %uint IAdd %spec %spec
%fn = OpTypeFunction %void %ptr_uint
%main = OpFunction %void None %fn
%p = OpFunctionParameter %ptr_uint
%entry = OpLabel
OpStore %p %twice
OpReturn
OpFunctionEnd
)",
                "OpDecorate %spec SpecId 7\n");
  for (auto [given, expected] :
       {std::pair<std::optional<uint64_t>, uint64_t>{std::nullopt, 6}, {20, 40}}) {
    std::map<uint32_t, uint64_t> spec;
    if (given) spec[7] = *given;
    LoweredKernel k = lowerKernel(m, "main", spec, 4);
    bool found = false;
    for (const auto &c : k.constants) found |= c.bits == expected && c.size == 4;
    EXPECT_TRUE(found) << "spec constant value " << expected;
  }
}

} // namespace
} // namespace spvsim

namespace spvsim {
namespace {

TEST(OpTable, NamesFollowTheEnum) {
  EXPECT_STREQ(opName(OpCode::IAdd8), "IAdd8");
  EXPECT_STREQ(opName(OpCode::SGreaterEq64), "SGreaterEq64");
  EXPECT_STREQ(opName(OpCode::UClamp32), "UClamp32");
  EXPECT_STREQ(opName(OpCode::FAddF64), "FAddF64");
  EXPECT_STREQ(opName(OpCode::MixF32), "MixF32");
  EXPECT_STREQ(opName(OpCode::LogicalNotEqual), "LogicalNotEqual");
  EXPECT_STREQ(opName(OpCode::Unreachable), "Unreachable");
  EXPECT_STREQ(opName(convertOp(ConvertKind::S8, ConvertKind::F64)), "Convert.s8.f64");
  EXPECT_STREQ(opName(static_cast<OpCode>(static_cast<uint32_t>(OpCode::Count) - 1)),
               "Convert.f16.f16");
  EXPECT_EQ(sizedOp(OpCode::Load8, 4), OpCode::Load32);
  EXPECT_EQ(sizedOp(OpCode::Mov8, 8), OpCode::Mov64);
}

} // namespace
} // namespace spvsim
