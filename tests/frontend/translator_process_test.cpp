// The translator process (frontend/src/isolated_translation.h): one process serves every
// build, and whatever happens to it (it ends on a module, is killed, is missing, answers
// nothing or nonsense) fails at most the build it was serving, with a log saying how;
// the next build starts another.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "../../frontend/src/isolated_translation.h"
#include "spvsim/frontend/frontend.h"

namespace {

using spvsim::frontend::CompileResult;
using spvsim::frontend::translatorProcessId;

CompileResult build(const std::string &source) {
  spvsim::frontend::CompileInput input;
  input.source = source;
  return spvsim::frontend::compile(input, spvsim::frontend::DeviceFacts{});
}

const char *const kKernel = "__kernel void k(__global int *a) { a[0] = a[1] + 1; }\n";

// llvm-spirv 15 aborts on it ("Invalid vector size for fixup: 5").
const char *const kAbortingKernel =
    "typedef int int5 __attribute__((ext_vector_type(5)));\n"
    "__kernel void k(__global int *a) {\n"
    "  int5 v = (int5)(a[0], a[1], a[2], a[3], a[4]);\n  v = v * v;\n"
    "  a[0] = v.s0 + v.s4;\n}\n";

/// Whether the real translator serves: it answers bitcode it cannot read with an error
/// (cheaper than a build, which compiles first).
bool translatorServes() {
  const spvsim::frontend::Translation t =
      spvsim::frontend::translateBitcode("not bitcode", 0x00010400u);
  return !t.ok && t.log.find("the translator cannot read the module") != std::string::npos &&
         t.log.find("error: the SPIR-V translator failed\n") != std::string::npos;
}

/// Kills the running translator and waits until it has ended (a zombie, or reaped).
void killTranslator() {
  const int pid = translatorProcessId();
  if (pid < 0) return;
  ::kill(pid, SIGKILL);
  const std::string stat = "/proc/" + std::to_string(pid) + "/stat";
  for (int i = 0; i < 500; ++i) {
    std::ifstream in(stat);
    std::string line;
    if (!std::getline(in, line)) return;
    const size_t close = line.rfind(')');
    if (close != std::string::npos && close + 2 < line.size() && line[close + 2] == 'Z') return;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

/// Builds with SPVSIM_TRANSLATOR naming `path` (a fresh translator started from it).
class NamedTranslator {
public:
  explicit NamedTranslator(const std::string &path) {
    killTranslator();
    ::setenv("SPVSIM_TRANSLATOR", path.c_str(), 1);
  }
  ~NamedTranslator() {
    killTranslator();
    ::unsetenv("SPVSIM_TRANSLATOR");
  }
};

/// An executable shell script in the test's temporary folder.
std::string script(const std::string &name, const std::string &text) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     ("spvsim-translator-" + std::to_string(::getpid()) + name);
  std::ofstream(path) << "#!/bin/sh\n" << text;
  ::chmod(path.c_str(), 0700);
  return path.string();
}

TEST(TranslatorProcess, OneProcessServesEveryBuild) {
  CompileResult r = build(kKernel);
  ASSERT_TRUE(r.ok) << r.log;
  const int first = translatorProcessId();
  EXPECT_GT(first, 0);
  r = build("__kernel void other(__global float *a) { a[0] *= 2.0f; }\n");
  ASSERT_TRUE(r.ok) << r.log;
  EXPECT_EQ(translatorProcessId(), first);
}

// A build starts the translator as it begins, so that its start-up overlaps clang's
// work: it runs even after a build clang fails, and the next build's translation uses it.
TEST(TranslatorProcess, ABuildStartsTheTranslatorAsItBegins) {
  killTranslator();
  ASSERT_EQ(translatorProcessId(), -1);
  CompileResult r = build("__kernel void k(__global int *a) { a[0] = missing; }\n");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.log.find("use of undeclared identifier 'missing'"), std::string::npos) << r.log;
  const int started = translatorProcessId();
  EXPECT_GT(started, 0);
  r = build(kKernel);
  ASSERT_TRUE(r.ok) << r.log;
  EXPECT_EQ(translatorProcessId(), started);
}

TEST(TranslatorProcess, AnotherStartsAfterOneEndedOnAModule) {
  ASSERT_TRUE(build(kKernel).ok);
  const int first = translatorProcessId();
  CompileResult r = build(kAbortingKernel);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.log.find("Invalid vector size for fixup: 5"), std::string::npos) << r.log;
  EXPECT_NE(r.log.find("error: the SPIR-V translator crashed (signal 6"), std::string::npos)
      << r.log;
  EXPECT_EQ(translatorProcessId(), -1);
  r = build(kKernel);
  EXPECT_TRUE(r.ok) << r.log;
  EXPECT_GT(translatorProcessId(), 0);
  EXPECT_NE(translatorProcessId(), first);
}

TEST(TranslatorProcess, OneKilledBetweenBuildsIsReplaced) {
  ASSERT_TRUE(translatorServes());
  const int first = translatorProcessId();
  killTranslator();
  EXPECT_TRUE(translatorServes());
  EXPECT_NE(translatorProcessId(), first);
}

TEST(TranslatorProcess, AMissingTranslatorIsABuildError) {
  {
    NamedTranslator missing("/nonexistent/spvsim-translate");
    spvsim::frontend::Translation t = spvsim::frontend::translateBitcode("BC", 0x00010400u);
    EXPECT_FALSE(t.ok);
    EXPECT_NE(t.log.find("error: the SPIR-V translator spvsim-translate is not installed "
                         "(looked for /nonexistent/spvsim-translate; SPVSIM_TRANSLATOR names it)"),
              std::string::npos)
        << t.log;
  }
  EXPECT_TRUE(translatorServes());
}

TEST(TranslatorProcess, BitcodeItCannotReadIsABuildError) {
  EXPECT_TRUE(translatorServes());
  // The translator goes on serving.
  const int first = translatorProcessId();
  EXPECT_GT(first, 0);
  EXPECT_TRUE(translatorServes());
  EXPECT_EQ(translatorProcessId(), first);
}

TEST(TranslatorProcess, OneThatDoesNotAnswerInTimeIsStopped) {
  {
    // Reads the request and never answers.
    NamedTranslator silent(script("silent", "exec cat >/dev/null\n"));
    const auto start = std::chrono::steady_clock::now();
    spvsim::frontend::Translation t =
        spvsim::frontend::translateBitcode("BC", 0x00010400u, true, std::chrono::milliseconds(150));
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
    EXPECT_FALSE(t.ok);
    EXPECT_NE(t.log.find("error: the SPIR-V translator did not finish in 0.15 s\n"),
              std::string::npos)
        << t.log;
    EXPECT_EQ(translatorProcessId(), -1);
  }
  EXPECT_TRUE(translatorServes());
}

TEST(TranslatorProcess, AnAnswerThatIsNoneIsABuildError) {
  {
    // Prints, answers nonsense on its socket and waits.
    NamedTranslator talker(script("talker",
                                  "echo 'a message' >&2\necho 'no answer of the translator' >&0\n"
                                  "exec cat >/dev/null\n"));
    spvsim::frontend::Translation t = spvsim::frontend::translateBitcode("BC", 0x00010400u);
    EXPECT_FALSE(t.ok);
    EXPECT_NE(t.log.find("a message\n"), std::string::npos) << t.log;
    EXPECT_NE(t.log.find("error: the SPIR-V translator gave no module\n"), std::string::npos)
        << t.log;
    EXPECT_EQ(translatorProcessId(), -1);
  }
  {
    // Ends before answering, with a status of its own.
    NamedTranslator quitter(script("quitter", "echo 'cannot go on' >&2\nexit 7\n"));
    spvsim::frontend::Translation t = spvsim::frontend::translateBitcode("BC", 0x00010400u);
    EXPECT_FALSE(t.ok);
    EXPECT_NE(t.log.find("cannot go on\nerror: the SPIR-V translator failed\n"), std::string::npos)
        << t.log;
  }
  EXPECT_TRUE(translatorServes());
}

} // namespace
