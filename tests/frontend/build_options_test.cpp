// Build options of a run file's OpenCL C module (frontend/build_options.h): what each
// option sets, relative -I folders, and the message for a bad option.
#include "spvsim/frontend/build_options.h"

#include <gtest/gtest.h>

namespace spvsim::frontend {
namespace {

TEST(BuildOptionsTest, SplitsWordsAndQuotedWords) {
  EXPECT_EQ(splitBuildOptions("  -DA=1\t-I \"a dir\"  -w "),
            (std::vector<std::string>{"-DA=1", "-I", "a dir", "-w"}));
  EXPECT_TRUE(splitBuildOptions("").empty());
}

TEST(BuildOptionsTest, SortsOptionsIntoTheInput) {
  CompileInput input;
  EXPECT_EQ(applyBuildOptions("-D N=4 -DM -Iinc -I /abs -cl-std=CL3.0 -cl-opt-disable -g "
                              "-cl-fast-relaxed-math",
                              "/base/folder", input),
            std::nullopt);
  EXPECT_EQ(input.options, (std::vector<std::string>{"-D", "N=4", "-DM", "-I", "/base/folder/inc",
                                                     "-I", "/abs", "-cl-fast-relaxed-math"}));
  EXPECT_EQ(input.clStd, "CL3.0");
  EXPECT_FALSE(input.optimize);
  EXPECT_TRUE(input.debugInfo);
}

TEST(BuildOptionsTest, NamesWhatIsWrong) {
  CompileInput input;
  EXPECT_EQ(applyBuildOptions("-O3", "/", input).value_or(""),
            "unknown build option '-O3' (-D, -I, -cl-std=, -cl-opt-disable, -g and the -cl-* "
            "options of clBuildProgram)");
  EXPECT_EQ(applyBuildOptions("-D", "/", input).value_or(""), "option -D needs a value");
  // LLVM's options are the process's, not one build's: refused, naming the option.
  const std::string llvmReason =
      "' is not supported: LLVM's own options (of clang's optimiser and the SPIR-V "
      "translator) are settings of a whole process, shared by every build, and spvsim "
      "cannot set them for one build";
  EXPECT_EQ(applyBuildOptions("-g -mllvm -unroll-threshold=4 -w", "/", input).value_or(""),
            "option '-mllvm -unroll-threshold=4" + llvmReason);
  EXPECT_EQ(applyBuildOptions("-mllvm=-spirv-text", "/", input).value_or(""),
            "option '-mllvm=-spirv-text" + llvmReason);
  EXPECT_EQ(applyBuildOptions("-mllvm", "/", input).value_or(""), "option '-mllvm" + llvmReason);
  EXPECT_EQ(applyBuildOptions("-cl-std=CL2.1", "/", input).value_or(""),
            "unsupported language in -cl-std=CL2.1 (CL1.0, CL1.1, CL1.2, CL2.0, CL3.0, or "
            "CLC++2021 for C++ for OpenCL)");
  EXPECT_EQ(applyBuildOptions("-cl-std=CLC++2021", "/", input), std::nullopt);
  EXPECT_EQ(input.clStd, "CLC++2021");
}

// Clang's lower-case spellings name the same languages, kept as the specification spells
// them (the runtime's clBuildProgram and the build cache see one name).
TEST(BuildOptionsTest, LanguageNamesIgnoreCase) {
  CompileInput input;
  EXPECT_EQ(applyBuildOptions("-cl-std=clc++2021", "/", input), std::nullopt);
  EXPECT_EQ(input.clStd, "CLC++2021");
  EXPECT_EQ(applyBuildOptions("-cl-std=cl3.0", "/", input), std::nullopt);
  EXPECT_EQ(input.clStd, "CL3.0");
  EXPECT_EQ(clStdLanguage("Clc++"), "CLC++");
  EXPECT_EQ(clStdLanguage("clc++20"), std::nullopt);
  EXPECT_EQ(clStdLanguage(""), std::nullopt);
}

// A run file may ask for OpenCL C 2.0 as Oclgrind's simulator files do, although the
// runtime's clBuildProgram refuses it (the device lists no OpenCL C 2.0).
TEST(BuildOptionsTest, RunFilesTakeOpenCLC20) {
  CompileInput input;
  EXPECT_EQ(applyBuildOptions("-cl-std=CL2.0", "/", input), std::nullopt);
  EXPECT_EQ(input.clStd, "CL2.0");
}

} // namespace
} // namespace spvsim::frontend
