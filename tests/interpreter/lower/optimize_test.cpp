// optimizeLowered (lower/optimize.cpp) on small kernels: copies from shuffles
// and composite construction fold away, an insert chain that rewrites a vector
// in place keeps the component last written, copies under edge masks (phis of
// a loop) stay, and every kernel still computes what it did (run at widths 1
// and 32 against host-computed values).
#include "lower/optimize.h"

#include <algorithm>
#include <cstring>

#include <gtest/gtest.h>

#include "kernel_harness.h"
#include "lower/lowering.h"
#include "spvsim/common/error.h"
#include "spvsim/validator/loader.h"

namespace spvsim {
namespace {

const char *kPrelude = R"(
OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main" %gid
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %gid Constant
%void = OpTypeVoid
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%float = OpTypeFloat 32
%v3ulong = OpTypeVector %ulong 3
%v4float = OpTypeVector %float 4
%ptr_in = OpTypePointer Input %v3ulong
%ptr_v4 = OpTypePointer CrossWorkgroup %v4float
%ptr_f = OpTypePointer CrossWorkgroup %float
%ptr_u = OpTypePointer CrossWorkgroup %uint
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_4 = OpConstant %uint 4
%float_2 = OpConstant %float 2
%undef4 = OpUndef %v4float
%gid = OpVariable %ptr_in Input
)";

/// out[i] = (v.w * 2, v.x, v.y + v.z, v.x) for v = in[i], built by a shuffle and an
/// insert chain that overwrites one component twice.
const char *kVectors = R"(
%fn = OpTypeFunction %void %ptr_v4 %ptr_v4
%main = OpFunction %void None %fn
%in = OpFunctionParameter %ptr_v4
%out = OpFunctionParameter %ptr_v4
%entry = OpLabel
%ids = OpLoad %v3ulong %gid
%i = OpCompositeExtract %ulong %ids 0
%pin = OpInBoundsPtrAccessChain %ptr_v4 %in %i
%v = OpLoad %v4float %pin
%s = OpVectorShuffle %v4float %v %v 3 0 1 0
%w = OpCompositeExtract %float %s 0
%w2 = OpFMul %float %w %float_2
%y = OpCompositeExtract %float %v 1
%z = OpCompositeExtract %float %v 2
%yz = OpFAdd %float %y %z
%t0 = OpCompositeInsert %v4float %w2 %s 0
%t1 = OpCompositeInsert %v4float %w %t0 2
%t2 = OpCompositeInsert %v4float %yz %t1 2
%pout = OpInBoundsPtrAccessChain %ptr_v4 %out %i
OpStore %pout %t2
OpReturn
OpFunctionEnd
)";

ValidatedModule validated(const std::string &body) {
  auto result = validate(loadAssembly(std::string(kPrelude) + body, "optimize.spvasm"),
                         DeviceDescription::spvsim());
  for (const auto &f : result.findings) ADD_FAILURE() << formatText(f);
  if (!result.module) throw Error("test module does not validate");
  return std::move(*result.module);
}

size_t movs(const LoweredKernel &k) {
  return std::count_if(k.ops.begin(), k.ops.end(), [](const LoweredOp &o) {
    return o.code == OpCode::Mov8 || o.code == OpCode::Mov16 || o.code == OpCode::Mov32 ||
           o.code == OpCode::Mov64;
  });
}

TEST(Optimize, ShuffleAndInsertCopiesFoldAway) {
  ValidatedModule m = validated(kVectors);
  LoweredKernel k = lowerKernel(m, "main", {}, 32);
  // Lowering copies the shuffle's four components and each insert's whole vector;
  // all that is left is what the store needs, taken from the loads directly.
  EXPECT_EQ(movs(k), 0u);
  for (uint32_t width : {1u, 32u}) {
    GlobalMemory memory;
    FindingSink sink;
    std::vector<float> in(4 * 40);
    for (size_t j = 0; j < in.size(); ++j) in[j] = float(j) * 0.5f + 1.0f;
    BufferId bin = memory.create(in.size() * 4, "in"), bout = memory.create(in.size() * 4, "out");
    std::memcpy(memory.bytes(bin).data(), in.data(), in.size() * 4);
    ExecOptions options;
    options.warpWidth = width;
    launchKernel(m, "main", testing::range1(40),
                 {ArgBinding::ofBuffer(bin), ArgBinding::ofBuffer(bout)}, {}, memory, sink,
                 options);
    EXPECT_TRUE(sink.findings().empty());
    std::vector<float> out(in.size());
    std::memcpy(out.data(), memory.bytes(bout).data(), out.size() * 4);
    for (size_t i = 0; i < 40; ++i) {
      const float *v = &in[4 * i];
      EXPECT_EQ(out[4 * i + 0], v[3] * 2) << i;
      EXPECT_EQ(out[4 * i + 1], v[0]) << i;
      EXPECT_EQ(out[4 * i + 2], v[1] + v[2]) << i;
      EXPECT_EQ(out[4 * i + 3], v[0]) << i;
    }
  }
}

// sum = 0; k = 0; do { sum += k; k += 1 } while (k < 4 + i): the phis' copies on
// the back edge run under the edge's mask and must stay.
TEST(Optimize, LoopPhiCopiesStay) {
  ValidatedModule m = validated(R"(
%fn = OpTypeFunction %void %ptr_u
%main = OpFunction %void None %fn
%out = OpFunctionParameter %ptr_u
%entry = OpLabel
%ids = OpLoad %v3ulong %gid
%i = OpCompositeExtract %ulong %ids 0
%i32 = OpUConvert %uint %i
%n = OpIAdd %uint %i32 %uint_4
OpBranch %loop
%loop = OpLabel
%k = OpPhi %uint %uint_0 %entry %k1 %loop
%sum = OpPhi %uint %uint_0 %entry %sum1 %loop
%sum1 = OpIAdd %uint %sum %k
%k1 = OpIAdd %uint %k %uint_1
%more = OpULessThan %bool %k1 %n
OpBranchConditional %more %loop %exit
%exit = OpLabel
%p = OpInBoundsPtrAccessChain %ptr_u %out %i
OpStore %p %sum1
OpReturn
OpFunctionEnd
)");
  LoweredKernel k = lowerKernel(m, "main", {}, 32);
  size_t edgeCopies =
      std::count_if(k.ops.begin(), k.ops.end(), [](const LoweredOp &o) { return o.mask != 0; });
  EXPECT_EQ(edgeCopies, 2u);
  for (uint32_t width : {1u, 32u}) {
    GlobalMemory memory;
    FindingSink sink;
    BufferId out = memory.create(37 * 4, "out");
    ExecOptions options;
    options.warpWidth = width;
    launchKernel(m, "main", testing::range1(37), {ArgBinding::ofBuffer(out)}, {}, memory, sink,
                 options);
    std::vector<uint32_t> got(37);
    std::memcpy(got.data(), memory.bytes(out).data(), got.size() * 4);
    for (uint32_t i = 0; i < 37; ++i) {
      const uint32_t n = i + 4;
      EXPECT_EQ(got[i], n * (n - 1) / 2) << i;
    }
  }
}

} // namespace
} // namespace spvsim
