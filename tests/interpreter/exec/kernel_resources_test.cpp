// KernelResources: a kernel's own __local variables (not its __local
// arguments), its private arena and the program-scope variables it uses.
#include "spvsim/interpreter/kernel_resources.h"

#include <gtest/gtest.h>

#include "kernel_harness.h"
#include "spvsim/common/error.h"

namespace spvsim::testing {
namespace {

TEST(KernelResources, LocalArraysAndPrivateArrays) {
  for (const char *level : {"O0", "O2"}) {
    KernelHarness h(kernelPath("resources", level));
    ASSERT_TRUE(h.ok());
    KernelResources r = kernelResources(h.module(), "tiles", {});
    EXPECT_EQ(r.localBytes, 64u * 4) << level; // tile[64]; scratch is an argument
    EXPECT_TRUE(r.programVariables.empty());
    if (std::string(level) == "O0") {
      EXPECT_GE(r.privateBytes, 8u * 4);
    }
    EXPECT_THROW(kernelResources(h.module(), "no_such_kernel", {}), Error);
  }
}

TEST(KernelResources, ProgramScopeVariablesOfAKernel) {
  KernelHarness h(kernelPath("program_scope", "O2"));
  ASSERT_TRUE(h.ok());
  KernelResources lookup = kernelResources(h.module(), "lookup", {});
  uint64_t total = 0, constants = 0;
  for (const ProgramVariable &v : lookup.programVariables) {
    total += v.size;
    if (v.constant) constants += v.size;
  }
  EXPECT_EQ(constants, 5u * 4); // table
  EXPECT_EQ(total, 5u * 4 + 4 + 4 * 4);
  EXPECT_EQ(kernelResources(h.module(), "read_back", {}).programVariables.size(), 2u);
}

} // namespace
} // namespace spvsim::testing
