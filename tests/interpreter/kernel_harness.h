// KernelHarness: loads and validates a test module, creates buffers, runs a
// kernel through the public launch API and reads results back.
#pragma once

#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "spvsim/interpreter/launch.h"
#include "spvsim/validator/loader.h"

namespace spvsim::testing {

/// Path of a compiled test kernel: <name>.<level>.spv in the build tree.
inline std::string kernelPath(const std::string &name, const std::string &level) {
  return std::string(SPVSIM_TEST_KERNEL_DIR) + "/" + name + "." + level + ".spv";
}

class KernelHarness {
public:
  explicit KernelHarness(const std::string &path) {
    auto result = validate(loadFile(path), DeviceDescription::spvsim());
    for (const auto &f : result.findings)
      if (f.severity == Severity::Error) ADD_FAILURE() << formatText(f);
    if (result.module) module_.emplace(std::move(*result.module));
  }
  bool ok() const { return module_.has_value(); }
  const ValidatedModule &module() const { return *module_; }

  template <class T>
  BufferId buffer(const std::vector<T> &init, const std::string &name,
                  BufferAccess access = BufferAccess::ReadWrite) {
    BufferId id = memory.create(init.size() * sizeof(T), name, access);
    std::memcpy(memory.bytes(id).data(), init.data(), init.size() * sizeof(T));
    return id;
  }
  template <class T> std::vector<T> read(BufferId id) {
    auto bytes = memory.bytes(id);
    std::vector<T> out(bytes.size() / sizeof(T));
    std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
    return out;
  }
  LaunchStats run(const std::string &kernel, NDRange range, const std::vector<ArgBinding> &args,
                  ExecOptions options = {}, const SpecConstants &spec = {}) {
    return launchKernel(*module_, kernel, range, args, spec, memory, sink, options);
  }
  /// The kinds of every finding, in order.
  std::vector<std::string> findingKinds() const {
    std::vector<std::string> kinds;
    for (const auto &f : sink.findings()) kinds.push_back(f.kind);
    return kinds;
  }

  /// In builds with debug information, expects every finding to name the line of
  /// `source` (under tests/interpreter) that holds the comment `BUG: <label>`.
  void expectFindingsAt(bool debugInfo, const std::string &source, const std::string &label) {
    if (!debugInfo) return;
    std::ifstream in(std::string(SPVSIM_TEST_SOURCE_DIR) + "/" + source);
    std::string line;
    uint32_t number = 0, marked = 0;
    while (std::getline(in, line) && !marked) {
      ++number;
      if (line.find("BUG: " + label) != std::string::npos) marked = number;
    }
    ASSERT_NE(marked, 0u) << "no line marked 'BUG: " << label << "' in " << source;
    ASSERT_FALSE(sink.findings().empty());
    for (const Finding &f : sink.findings()) {
      ASSERT_TRUE(f.location.has_value()) << formatText(f);
      EXPECT_EQ(f.location->line, marked) << formatText(f);
      EXPECT_TRUE(f.location->file.ends_with(source)) << formatText(f);
    }
  }

  GlobalMemory memory;
  FindingSink sink;

private:
  std::optional<ValidatedModule> module_;
};

template <class T> ArgBinding value(T v) {
  std::vector<std::byte> bytes(sizeof(T));
  std::memcpy(bytes.data(), &v, sizeof(T));
  return ArgBinding::ofBytes(std::move(bytes));
}

inline NDRange range1(uint64_t global, std::optional<uint64_t> local = std::nullopt) {
  NDRange r;
  r.global = {global, 1, 1};
  if (local) r.local = std::array<uint64_t, 3>{*local, 1, 1};
  return r;
}

/// One build of a test kernel run one way: the build (O0, O2, and O0g/O2g with debug
/// information, see tests/CMakeLists.txt), the warp width and the worker threads.
struct Variant {
  std::string level;
  uint32_t width;
  uint32_t threads = 2;
  ExecOptions options() const {
    ExecOptions o;
    o.warpWidth = width;
    o.threads = threads;
    return o;
  }
  /// Whether the build carries debug information (OpLine, OpenCL.DebugInfo.100).
  bool debugInfo() const { return level.ends_with("g"); }
};
/// Every build at warp widths 1 and 32 (and 8 and 64 at -O2) on 1 and 2 threads, each
/// width on both thread counts across the builds: a kernel computes the same with and
/// without -g at -O0 and -O2. Builds with
/// sanitizers (SPVSIM_TEST_SANITIZED, tests/CMakeLists.txt), whose runs are several times
/// slower, take four of them: -O0 and -O2 with and without -g, each at another warp width
/// (1, 32, 8, 64) and on 1 or 2 threads; the plain build runs them all.
inline std::vector<Variant> allVariants() {
#ifdef SPVSIM_TEST_SANITIZED
  return {{"O0", 1, 1}, {"O0g", 32, 2}, {"O2", 8, 2}, {"O2g", 64, 1}};
#else
  return {{"O0", 1, 1},  {"O0", 32, 2}, {"O2", 1, 1},   {"O2", 8, 2},  {"O2", 32, 2},
          {"O2", 64, 1}, {"O0g", 1, 2}, {"O0g", 32, 1}, {"O2g", 1, 1}, {"O2g", 32, 2}};
#endif
}
inline std::string variantName(const ::testing::TestParamInfo<Variant> &info) {
  return info.param.level + "_w" + std::to_string(info.param.width) + "_t" +
         std::to_string(info.param.threads);
}

} // namespace spvsim::testing
