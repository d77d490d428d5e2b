// ControlFlowGraph: successors (switch included), reverse post-order,
// dominators, and unreachable blocks.
#include <gtest/gtest.h>

#include "spvsim/validator/cfg.h"
#include "test_modules.h"

namespace spvsim {
namespace {

TEST(ControlFlowGraph, DiamondLoopAndSwitch) {
  auto m = test::assemble(R"(
OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%void = OpTypeVoid
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%zero = OpConstant %uint 0
%cond = OpConstantTrue %bool
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%b0 = OpLabel
OpSwitch %zero %b3 1 %b1 2 %b2
%b1 = OpLabel
OpBranch %b3
%b2 = OpLabel
OpBranchConditional %cond %b2 %b3
%b3 = OpLabel
OpReturn
%b4 = OpLabel
OpBranch %b3
OpFunctionEnd
)");
  const Function &f = m->functions().at(0);
  const ControlFlowGraph cfg(*m, f);
  ASSERT_EQ(cfg.blockCount(), 5u);
  EXPECT_EQ(cfg.successors(0), (std::vector<uint32_t>{3, 1, 2}));
  EXPECT_EQ(cfg.successors(2), (std::vector<uint32_t>{2, 3}));
  EXPECT_TRUE(cfg.successors(3).empty());
  EXPECT_EQ(cfg.predecessors(3), (std::vector<uint32_t>{0, 1, 2, 4}));
  EXPECT_TRUE(cfg.reachable(2));
  EXPECT_FALSE(cfg.reachable(4));
  EXPECT_EQ(cfg.reversePostOrder().front(), 0u);
  EXPECT_EQ(cfg.reversePostOrder().size(), 4u);
  EXPECT_EQ(cfg.immediateDominator(0), kNone);
  EXPECT_EQ(cfg.immediateDominator(1), 0u);
  EXPECT_EQ(cfg.immediateDominator(2), 0u);
  EXPECT_EQ(cfg.immediateDominator(3), 0u);
  EXPECT_EQ(cfg.immediateDominator(4), kNone);
  EXPECT_TRUE(cfg.dominates(0, 3));
  EXPECT_TRUE(cfg.dominates(2, 2));
  EXPECT_FALSE(cfg.dominates(1, 3));
  EXPECT_FALSE(cfg.dominates(0, 4));
}

TEST(ControlFlowGraph, SixtyFourBitSwitchLiterals) {
  auto m = test::assemble(R"(
OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%void = OpTypeVoid
%ulong = OpTypeInt 64 0
%sel = OpConstant %ulong 5
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%b0 = OpLabel
OpSwitch %sel %b2 0x100000000 %b1
%b1 = OpLabel
OpReturn
%b2 = OpLabel
OpReturn
OpFunctionEnd
)");
  const ControlFlowGraph cfg(*m, m->functions().at(0));
  EXPECT_EQ(cfg.successors(0), (std::vector<uint32_t>{2, 1}));
}

TEST(ControlFlowGraph, BlocksAfterTheirDominatorsInCompilerOutput) {
  auto m = loadFile(test::dataPath("early_exit_search_O2.spv"));
  bool outOfOrder = false;
  for (const Function &f : m->functions()) {
    if (f.isDeclaration()) continue;
    const ControlFlowGraph cfg(*m, f);
    for (uint32_t b = 1; b < cfg.blockCount(); ++b) {
      ASSERT_TRUE(cfg.reachable(b));
      EXPECT_TRUE(cfg.dominates(0, b));
      if (cfg.immediateDominator(b) > b) outOfOrder = true;
    }
  }
  EXPECT_TRUE(outOfOrder) << "the -O2 kernel places a block before its dominator";
}

} // namespace
} // namespace spvsim
