// Build and link options (OpenCL API §5.8.6, §5.8.7) and the SPIR-V rewriting
// that prepares compiler output and link inputs.
#include "core/compiler.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace spvsim::runtime {

// Unit tests link the runtime's core without its entry points.
const cl_icd_dispatch *icdDispatchTable() {
  return nullptr;
}

namespace {

TEST(CompileOptions, SplitLikeAShell) {
  EXPECT_EQ(splitOptions("  -D A=1\t-I \"a dir\"  -w "),
            (std::vector<std::string>{"-D", "A=1", "-I", "a dir", "-w"}));
  EXPECT_TRUE(splitOptions("").empty());
  EXPECT_EQ(splitOptions("-DX=\"\""), (std::vector<std::string>{"-DX="}));
}

TEST(CompileOptions, DefinesIncludesAndVersions) {
  std::string error;
  std::optional<CompileOptions> o =
      parseCompileOptions("-D A -DB=2 -I inc -Iabs -cl-std=CL3.0 -cl-mad-enable -g", error);
  ASSERT_TRUE(o) << error;
  EXPECT_EQ(o->clStd, "CL3.0");
  const std::string cwd = std::filesystem::current_path().string();
  EXPECT_EQ(o->clangArgs, (std::vector<std::string>{"-D", "A", "-DB=2", "-I", cwd + "/inc", "-I",
                                                    cwd + "/abs", "-cl-mad-enable"}));
  EXPECT_FALSE(o->uniformWorkGroupSize);
  ASSERT_TRUE(parseCompileOptions("-cl-uniform-work-group-size -cl-opt-disable", error));
  EXPECT_TRUE(parseCompileOptions("-cl-uniform-work-group-size", error)->uniformWorkGroupSize);
  EXPECT_TRUE(parseCompileOptions("-cl-opt-disable", error)->optDisable);
  EXPECT_EQ(parseCompileOptions("", error)->clStd, "CL1.2");
  EXPECT_EQ(parseCompileOptions("-cl-std=CLC++2021", error)->clStd, "CLC++2021");
  EXPECT_EQ(parseCompileOptions("-cl-std=clc++2021", error)->clStd, "CLC++2021");
}

TEST(CompileOptions, DebugInformation) {
  std::string error;
  EXPECT_TRUE(parseCompileOptions("-g -cl-opt-disable", error)->debugInfo);
  EXPECT_FALSE(parseCompileOptions("-cl-opt-disable", error)->debugInfo);
  // -g is no clang argument of its own: the front end chooses the debug level.
  EXPECT_TRUE(parseCompileOptions("-g", error)->clangArgs.empty());
}

TEST(CompileOptions, KernelArgumentInformationIsAskedFor) {
  std::string error;
  EXPECT_FALSE(parseCompileOptions("", error)->kernelArgInfo);
  EXPECT_FALSE(parseCompileOptions("-cl-mad-enable -w", error)->kernelArgInfo);
  std::optional<CompileOptions> o = parseCompileOptions("-cl-std=CL3.0 -cl-kernel-arg-info", error);
  ASSERT_TRUE(o) << error;
  EXPECT_TRUE(o->kernelArgInfo);
}

TEST(CompileOptions, UnknownOptionsAreErrors) {
  std::string error;
  EXPECT_FALSE(parseCompileOptions("-O3", error));
  EXPECT_NE(error.find("-O3"), std::string::npos);
  EXPECT_FALSE(parseCompileOptions("-cl-std=CL4.0", error));
  EXPECT_FALSE(parseCompileOptions("-D", error));
  EXPECT_NE(error.find("needs a value"), std::string::npos);
  EXPECT_FALSE(parseCompileOptions("-create-library", error));
}

TEST(LinkOptions, LibrariesAndMathOptions) {
  std::string error;
  std::optional<LinkOptions> o =
      parseLinkOptions("-create-library -enable-link-options -cl-fast-relaxed-math", error);
  ASSERT_TRUE(o) << error;
  EXPECT_TRUE(o->createLibrary);
  EXPECT_TRUE(o->enableLinkOptions);
  EXPECT_FALSE(parseLinkOptions("-enable-link-options", error));
  EXPECT_FALSE(parseLinkOptions("-D X", error));
}

TEST(SpirvRewriting, DebugInstructionsGoLinesStay) {
  // Header, OpExtInstImport %1 "OpenCL.DebugInfo.100", OpString %2 "f",
  // OpExtInst %3 %4 = DebugSource, OpLine %2 1 1, OpNop.
  const std::vector<uint32_t> words = {0x07230203,
                                       0x00010100,
                                       0,
                                       10,
                                       0,
                                       (8u << 16) | 11,
                                       1,
                                       0x6e65704f,
                                       0x442e4c43,
                                       0x67756265,
                                       0x6f666e49,
                                       0x3030312e,
                                       0,
                                       (3u << 16) | 7,
                                       2,
                                       0x66,
                                       (6u << 16) | 12,
                                       3,
                                       4,
                                       1,
                                       35,
                                       2,
                                       (4u << 16) | 8,
                                       2,
                                       1,
                                       1,
                                       (1u << 16) | 0};
  const std::vector<uint32_t> expected = {0x07230203, 0x00010100,     0, 10, 0, (3u << 16) | 7, 2,
                                          0x66,       (4u << 16) | 8, 2, 1,  1, (1u << 16) | 0};
  EXPECT_EQ(withoutDebugInstructions(words), expected);
  // A module without debug instructions is unchanged, and so is a malformed one.
  EXPECT_EQ(withoutDebugInstructions(expected), expected);
  const std::vector<uint32_t> malformed = {0x07230203, 0x00010100, 0, 10, 0, (9u << 16) | 11, 1};
  EXPECT_EQ(withoutDebugInstructions(malformed), malformed);
}

TEST(SpirvRewriting, DebugNoScopeBecomesNoLine) {
  // llvm-spirv: OpLine %2 3 16, OpNop, DebugNoScope (no source location from here),
  // OpNop, DebugScope (same line again, not repeated), OpNop.
  const std::vector<uint32_t> header = {0x07230203, 0x00010100, 0, 10, 0};
  const std::vector<uint32_t> import = {(8u << 16) | 11, 1,          0x6e65704f, 0x442e4c43,
                                        0x67756265,      0x6f666e49, 0x3030312e, 0};
  const std::vector<uint32_t> line = {(4u << 16) | 8, 2, 3, 16}, nop = {(1u << 16) | 0},
                              noLine = {(1u << 16) | 317};
  const std::vector<uint32_t> noScope = {(5u << 16) | 12, 3, 6, 1, 24},
                              scope = {(6u << 16) | 12, 3, 7, 1, 23, 5};
  auto join = [](std::initializer_list<std::vector<uint32_t>> parts) {
    std::vector<uint32_t> all;
    for (const auto &p : parts) all.insert(all.end(), p.begin(), p.end());
    return all;
  };
  EXPECT_EQ(withoutDebugInstructions(join({header, import, line, nop, noScope, nop, scope, nop})),
            join({header, line, nop, noLine, nop, line, nop}));
  // Without an OpLine before it, a DebugNoScope suspends nothing.
  EXPECT_EQ(withoutDebugInstructions(join({header, import, nop, noScope, nop, scope, nop})),
            join({header, nop, nop, nop}));
}

} // namespace
} // namespace spvsim::runtime
