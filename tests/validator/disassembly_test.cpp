// Disassembly: one line per instruction, tied to the right instruction even
// for OpLine, extended instructions, debug information and strings that
// contain newlines.
#include <gtest/gtest.h>
#include <spirv-tools/libspirv.h>

#include "spvsim/validator/disassembly.h"
#include "test_modules.h"

namespace spvsim {
namespace {

/// Every line names its instruction's opcode and, when it has one, its result.
void expectLinesMatchInstructions(const Module &m) {
  const Disassembly d(m);
  for (uint32_t k = 0; k < m.instructions().size(); ++k) {
    const Instruction &inst = m.instruction(k);
    const std::string text(d.text(k));
    const std::string opcode = std::string("Op") + spvOpcodeString(uint32_t(inst.opcode));
    EXPECT_NE(text.find(opcode), std::string::npos) << k << ": " << text;
    if (inst.resultId) {
      EXPECT_EQ(text.rfind("%", 0), 0u) << k << ": " << text;
    }
    EXPECT_EQ(text.find('\n'), std::string::npos) << k;
    EXPECT_NE(text.find_first_not_of(' '), std::string::npos) << k;
    EXPECT_NE(text.front(), ' ') << "no indentation: " << text;
  }
  EXPECT_EQ(d.text(uint32_t(m.instructions().size())), "");
}

TEST(Disassembly, MinimalKernel) {
  auto m = test::assemble(test::kMinimalKernel);
  const Disassembly d(*m);
  EXPECT_EQ(d.text(0), "OpCapability Addresses");
  EXPECT_EQ(d.text(3), "OpEntryPoint Kernel %1 \"main\""); // no OpName: numbered
  EXPECT_EQ(d.text(4), "%void = OpTypeVoid");
  EXPECT_EQ(d.text(6), "%1 = OpFunction %void None %3");
  EXPECT_EQ(d.text(8), "OpReturn");
  EXPECT_EQ(d.text(9), "OpFunctionEnd");
  expectLinesMatchInstructions(*m);
}

TEST(Disassembly, NewlinesInStringsDoNotShiftLines) {
  auto m =
      test::assemble("OpCapability Addresses\nOpCapability Kernel\n"
                     "OpMemoryModel Physical64 OpenCL\n"
                     "%s = OpString \"first\nsecond\"\nOpName %s \"after\"\n%u = OpTypeInt 32 0\n");
  const Disassembly d(*m);
  EXPECT_EQ(d.text(3), "%1 = OpString \"first\\nsecond\"");
  EXPECT_EQ(d.text(4), "OpName %1 \"after\"");
  EXPECT_EQ(d.text(5), "%uint = OpTypeInt 32 0");
}

TEST(Disassembly, CompilerOutputWithDebugInfo) {
  for (const char *name : {"reduce_O0_debug.spv", "reduce_O2_debug.spv", "reduce_O2.spv"}) {
    SCOPED_TRACE(name);
    auto m = loadFile(test::dataPath(name));
    expectLinesMatchInstructions(*m);
  }
  auto m = loadFile(test::dataPath("reduce_O0_debug.spv"));
  const Disassembly d(*m);
  const uint32_t line = test::firstOf(*m, spv::Op::OpLine);
  ASSERT_NE(line, kNone);
  EXPECT_EQ(std::string(d.text(line)).rfind("OpLine %", 0), 0u) << d.text(line);
  bool sawDebugExtInst = false;
  for (uint32_t k = 0; k < m->instructions().size(); ++k)
    if (m->instruction(k).opcode == spv::Op::OpExtInst &&
        std::string(d.text(k)).find("DebugDeclare") != std::string::npos)
      sawDebugExtInst = true;
  EXPECT_TRUE(sawDebugExtInst);
}

} // namespace
} // namespace spvsim
