// The race check's memory model (interpreter/checks/races/sync_order.h) through the
// launch API: correctly synchronised work-groups — fences paired with atomics,
// release/acquire atomics, release sequences through read-modify-writes, spin locks —
// run clean, and each broken twin (fence removed, relaxed, work-group scope, local
// fence only) gets a race finding whose message names the ordering it lacks.
#include <gtest/gtest.h>

#include "kernel_harness.h"

namespace spvsim {
namespace {

using testing::KernelHarness;
using testing::range1;
using testing::Variant;

class MemoryModel : public ::testing::TestWithParam<Variant> {
protected:
  std::string path() const { return testing::kernelPath("memory_model", GetParam().level); }
  ExecOptions options() const { return GetParam().options(); }

  /// Runs `kernel` over `groups` work-groups of `local` work-items with one int buffer
  /// per name in `buffers` (`size` elements, zeroed) and returns the findings' text.
  std::vector<Finding> run(const std::string &kernel, uint64_t groups, uint64_t local,
                           const std::vector<std::string> &buffers, size_t size = 256) {
    KernelHarness h(path());
    EXPECT_TRUE(h.ok());
    if (!h.ok()) return {};
    std::vector<ArgBinding> args;
    std::vector<BufferId> ids;
    for (const std::string &name : buffers) {
      ids.push_back(h.buffer(std::vector<int32_t>(size, name == "in" ? 1 : 0), name));
      args.push_back(ArgBinding::ofBuffer(ids.back()));
    }
    h.run(kernel, range1(groups * local, local), args, options());
    results = {};
    for (size_t i = 0; i < buffers.size(); ++i) results.push_back(h.read<int32_t>(ids[i]));
    return h.sink.findings();
  }

  /// Expects one race kind among `findings`, every message naming `missing`.
  static void expectRace(const std::vector<Finding> &findings, const std::string &missing) {
    ASSERT_FALSE(findings.empty());
    for (const Finding &f : findings) {
      EXPECT_TRUE(f.kind.starts_with("race.")) << formatText(f);
      EXPECT_NE(f.message.find("no release/acquire pair or fence orders these accesses"),
                std::string::npos)
          << formatText(f);
      EXPECT_NE(f.message.find(missing), std::string::npos) << formatText(f);
    }
  }

public:
  static std::string text(const std::vector<Finding> &findings) {
    std::string s;
    for (const Finding &f : findings) s += formatText(f) + "\n";
    return s;
  }

protected:
  std::vector<std::vector<int32_t>> results;
};

const std::vector<std::string> kLastBlock = {"in", "partial", "count", "total"};
const std::vector<std::string> kMessage = {"data", "flag", "out"};
const std::vector<std::string> kLock = {"lock", "counter"};
const std::vector<std::string> kInit = {"values", "count", "sum"};

TEST_P(MemoryModel, LastBlockWithAFenceIsOrdered) {
  const auto findings = run("last_block", 4, 16, kLastBlock);
  EXPECT_TRUE(findings.empty()) << text(findings);
  EXPECT_EQ(results[3][0], 64);
}

TEST_P(MemoryModel, LastBlockWithoutTheFenceRaces) {
  const auto findings = run("last_block_no_fence", 4, 16, kLastBlock);
  expectRace(findings, "OpenCL 1.2 atomics are");
  EXPECT_EQ(findings[0].kind, "race.global.inter-group");
}

TEST_P(MemoryModel, LastBlockWithALocalFenceRaces) {
  expectRace(run("last_block_local_fence", 4, 16, kLastBlock), "orders only local memory");
}

TEST_P(MemoryModel, MessagePassingWithReleaseAndAcquireIsOrdered) {
  const auto findings = run("message", 2, 8, kMessage);
  EXPECT_TRUE(findings.empty()) << text(findings);
  EXPECT_EQ(results[2][0], 42);
  const auto fenced = run("message_fences", 2, 8, kMessage);
  EXPECT_TRUE(fenced.empty()) << text(fenced);
}

TEST_P(MemoryModel, MessagePassingWithARelaxedStoreRaces) {
  expectRace(run("message_relaxed_store", 2, 8, kMessage),
             "atomic write is relaxed and no release fence precedes it");
}

TEST_P(MemoryModel, MessagePassingWithARelaxedLoadRaces) {
  expectRace(run("message_relaxed_load", 2, 8, kMessage),
             "atomic read is relaxed and no acquire fence follows it");
}

TEST_P(MemoryModel, MessagePassingAtWorkGroupScopeRaces) {
  const auto findings = run("message_group_scope", 2, 8, kMessage);
  ASSERT_FALSE(findings.empty());
  bool data = false;
  for (const Finding &f : findings) {
    if (f.kind == "race.scope") continue; // the flag itself, at work-group scope
    data = true;
    EXPECT_NE(f.message.find("release is at work-group scope"), std::string::npos) << formatText(f);
  }
  EXPECT_TRUE(data) << text(findings);
}

TEST_P(MemoryModel, SpinLockIsOrdered) {
  auto findings = run("spin_lock", 4, 4, kLock);
  EXPECT_TRUE(findings.empty()) << text(findings);
  EXPECT_EQ(results[1][0], 1 + 2 + 3 + 4);
  findings = run("spin_lock12", 4, 4, kLock);
  EXPECT_TRUE(findings.empty()) << text(findings);
  EXPECT_EQ(results[1][0], 1 + 2 + 3 + 4);
}

TEST_P(MemoryModel, SpinLockReleasedRelaxedRaces) {
  expectRace(run("spin_lock_relaxed", 4, 4, kLock), "atomic write is relaxed");
  expectRace(run("spin_lock12_no_fence", 4, 4, kLock), "OpenCL 1.2 atomics are");
}

TEST_P(MemoryModel, ReleaseSequenceThroughReadModifyWrites) {
  // Every work-item of four groups: the last reads what all of them stored.
  const auto findings = run("init_then_count", 4, 32, kInit, 128);
  EXPECT_TRUE(findings.empty()) << text(findings);
  EXPECT_EQ(results[2][0], 127 * 128 / 2);
  // Relaxed: races within each group as well as between groups, and every message says
  // that the atomics are relaxed and nothing pairs with them.
  const auto relaxed = run("init_then_count_relaxed", 4, 32, kInit, 128);
  expectRace(relaxed, "the kernel's atomics are relaxed, as OpenCL 1.2 atomics are, and no fence "
                      "pairs with them");
  bool intra = false;
  for (const Finding &f : relaxed) {
    if (f.kind != "race.global.intra-group") continue;
    intra = true;
    EXPECT_NE(f.message.find("no work-group barrier with the global fence between them, and no "
                             "release/acquire pair"),
              std::string::npos)
        << formatText(f);
  }
  EXPECT_TRUE(intra) << text(relaxed);
}

// The same count between the work-items of one group: a release/acquire pair orders them
// at work-group scope too, and the finding of a weakened one names what is missing.
TEST_P(MemoryModel, ReleaseSequenceWithinOneGroup) {
  auto findings = run("init_then_count_group", 1, 128, kInit, 128);
  EXPECT_TRUE(findings.empty()) << text(findings);
  EXPECT_EQ(results[2][0], 127 * 128 / 2);
  findings = run("init_then_count", 1, 128, kInit, 128);
  EXPECT_TRUE(findings.empty()) << text(findings);
  // Work-group scope across two groups: the other group's release does not reach.
  findings = run("init_then_count_group", 2, 64, kInit, 128);
  bool inter = false;
  for (const Finding &f : findings) {
    if (f.kind == "race.scope") continue; // the counter itself, at work-group scope
    inter = true;
    EXPECT_EQ(f.kind, "race.global.inter-group") << formatText(f);
    EXPECT_NE(f.message.find("release is at work-group scope"), std::string::npos) << formatText(f);
  }
  EXPECT_TRUE(inter) << text(findings);
  findings = run("init_then_count_release", 1, 128, kInit, 128);
  expectRace(findings, "this work-item's atomic read is relaxed and no acquire fence follows it");
  EXPECT_EQ(findings[0].kind, "race.global.intra-group");
  findings = run("init_then_count_acquire", 1, 128, kInit, 128);
  expectRace(findings, "the other work-item's atomic write is relaxed and no release fence");
  EXPECT_EQ(findings[0].kind, "race.global.intra-group");
}

// The conformance suite's atomic_flag critical sections within each of two groups of 64:
// relaxed test-and-set and clear with an acquire fence after the one and a release fence
// before the other synchronise through the flag (OpenCL 3.0 API §3.3.6.4), on a global
// flag at device or work-group scope and on a __local flag (fences naming both address
// spaces), and order the sections' global `visited`.
const std::vector<std::string> kFlags = {"flags", "visited"};

TEST_P(MemoryModel, FlagSectionsWithFencesAreOrdered) {
  for (const char *kernel : {"flag_section_device", "flag_section_group", "flag_section_local",
                             "flag_section_group_acquire"}) {
    const auto findings = run(kernel, 2, 64, kFlags);
    EXPECT_TRUE(findings.empty()) << kernel << ":\n" << text(findings);
    for (int i = 0; i < 128; ++i) EXPECT_EQ(results[1][i], 1) << kernel << " section " << i;
  }
}

// Each is found as a race within the group, naming the fence that is missing. When a
// group is one warp (width 64) its lanes take the flags in lockstep: each section is
// entered by one work-item only, and there is no race to find in that order.
TEST_P(MemoryModel, FlagSectionsWithoutAFenceRace) {
  const std::pair<const char *, const char *> cases[] = {
      {"flag_section_group_no_acquire",
       "this work-item's atomic read is relaxed and no acquire fence follows it"},
      {"flag_section_group_acquire_no_release",
       "the other work-item's atomic write is relaxed and no release fence precedes it"},
      {"flag_section_local_no_release",
       "the other work-item's atomic write is relaxed and no release fence precedes it"},
      {"flag_section_local_release_clear",
       "the other work-item's atomic write is on local memory and orders only local memory: a "
       "release fence with CLK_GLOBAL_MEM_FENCE before it is missing"},
      {"flag_section_local_local_release",
       "the other work-item's release fence orders only local memory: CLK_GLOBAL_MEM_FENCE is "
       "missing"},
      {"flag_section_local_no_acquire",
       "this work-item's atomic read is relaxed and no acquire fence follows it"}};
  for (const auto &[kernel, reason] : cases) {
    if (options().warpWidth >= 64) continue;
    const auto findings = run(kernel, 2, 64, kFlags);
    expectRace(findings, reason);
    ASSERT_FALSE(findings.empty()) << kernel;
    EXPECT_EQ(findings[0].kind, "race.global.intra-group") << kernel;
  }
}

// __local memory between the sub-groups (warps) of a group: two groups of 128 work-items,
// so that every warp width leaves more than one warp per group.
const std::vector<std::string> kLocalCount = {"in", "out"};

TEST_P(MemoryModel, LocalCountWithAcqRelOrFencesIsOrdered) {
  for (const char *kernel : {"local_count", "local_count_fences"}) {
    const auto findings = run(kernel, 2, 128, kLocalCount);
    EXPECT_TRUE(findings.empty()) << kernel << ":\n" << text(findings);
    EXPECT_EQ(results[1][0], 128) << kernel;
    EXPECT_EQ(results[1][1], 128) << kernel;
  }
}

TEST_P(MemoryModel, LocalCountWithoutAnAcquireRaces) {
  const auto findings = run("local_count_release_only", 2, 128, kLocalCount);
  expectRace(findings, "this work-item's atomic read is relaxed and no acquire fence follows it");
  EXPECT_EQ(findings[0].kind, "race.local.read-write");
}

TEST_P(MemoryModel, LocalCountWithARelaxedWriteRaces) {
  const auto findings = run("local_count_relaxed", 2, 128, kLocalCount);
  expectRace(findings, "the other work-item's atomic write is relaxed, as OpenCL 1.2 atomics "
                       "are, and no release fence such as mem_fence(CLK_LOCAL_MEM_FENCE)");
  EXPECT_EQ(findings[0].kind, "race.local.read-write");
}

TEST_P(MemoryModel, LocalCountWithAGlobalFenceRaces) {
  expectRace(run("local_count_global_fence", 2, 128, kLocalCount),
             "release fence orders only global memory: CLK_LOCAL_MEM_FENCE is missing");
}

// __local memory through an atomic on global memory (a counter per group).
const std::vector<std::string> kGlobalCount = {"in", "out", "count"};

TEST_P(MemoryModel, LocalThroughAGlobalAtomicWithBothFencesIsOrdered) {
  for (const char *kernel : {"global_count_fences", "global_count_seq_cst"}) {
    const auto findings = run(kernel, 2, 128, kGlobalCount);
    EXPECT_TRUE(findings.empty()) << kernel << ":\n" << text(findings);
    EXPECT_EQ(results[1][0], 128) << kernel;
    EXPECT_EQ(results[1][1], 128) << kernel;
  }
}

// The kernels are OpenCL C 2.0: a fence naming only CLK_LOCAL_MEM_FENCE pairs with local
// atomics only (OpenCL 3.0 API §3.3.6.4), not with the count on global memory.
TEST_P(MemoryModel, LocalThroughAGlobalAtomicWithLocalOnlyFencesRacesInOpenCLC20) {
  const auto findings = run("global_count_local_fences", 2, 128, kGlobalCount);
  expectRace(findings, "release fence names only CLK_LOCAL_MEM_FENCE, which in OpenCL C 2.0 and "
                       "later pairs only with atomics on local memory");
  EXPECT_EQ(findings[0].kind, "race.local.read-write");
}

TEST_P(MemoryModel, LocalThroughAGlobalAtomicWithGlobalFencesRaces) {
  const auto findings = run("global_count_global_fences", 2, 128, kGlobalCount);
  expectRace(findings, "release fence orders only global memory: CLK_LOCAL_MEM_FENCE is missing");
  EXPECT_EQ(findings[0].kind, "race.local.read-write");
}

TEST_P(MemoryModel, LocalThroughAGlobalAtomicWithAGlobalAcquireFenceRaces) {
  expectRace(run("global_count_global_acquire", 2, 128, kGlobalCount),
             "this work-item's acquire fence orders only global memory: CLK_LOCAL_MEM_FENCE is "
             "missing");
}

TEST_P(MemoryModel, LocalThroughAGlobalAcqRelAtomicRaces) {
  // acq_rel on a global object orders global memory only (§3.3.6.4).
  expectRace(run("global_count_acq_rel", 2, 128, kGlobalCount),
             "atomic write is on global memory and orders only global memory");
}

TEST_P(MemoryModel, LocalThroughAGlobalRelaxedAtomicRaces) {
  // Relaxed atomics only: nothing is tracked, the message says why.
  expectRace(run("global_count_no_fence", 2, 128, kGlobalCount),
             "the kernel's atomics are relaxed, as OpenCL 1.2 atomics are, and no fence pairs "
             "with them");
}

// mem_fence(CLK_LOCAL_MEM_FENCE) around atomic_xchg on a global flag orders the __local
// stores in OpenCL 1.2 (bugs/race_local_global_flag_fixed.cl), not in these OpenCL C 2.0
// kernels, where mem_fence is atomic_work_item_fence at work-group scope.
TEST_P(MemoryModel, LocalPublishedByXchgOnAGlobalFlagRacesInOpenCLC20) {
  const std::vector<std::string> buffers = {"in", "out", "flag"};
  auto findings = run("local_xchg", 2, 128, buffers);
  expectRace(findings, "release fence names only CLK_LOCAL_MEM_FENCE");
  findings = run("local_xchg_global_fence", 2, 128, buffers);
  expectRace(findings, "release fence orders only global memory: CLK_LOCAL_MEM_FENCE is missing");
}

INSTANTIATE_TEST_SUITE_P(Builds, MemoryModel, ::testing::ValuesIn(testing::allVariants()),
                         testing::variantName);

// The pairs under schedule exploration, as `--explore 16` runs them: the ordered schedule,
// then 15 shuffles of the group order, the warp order and the warp width, at -O2.
constexpr uint64_t kSchedules = 16;

/// Each schedule's findings of `kernel` over `groups` work-groups of `local` work-items,
/// with the buffers of MemoryModel::run; `sums` receives each run's last buffer's first
/// element.
std::vector<std::vector<Finding>> explore(const std::string &kernel, uint64_t groups,
                                          uint64_t local, const std::vector<std::string> &buffers,
                                          size_t size = 256, std::vector<int32_t> *sums = nullptr) {
  KernelHarness h(testing::kernelPath("memory_model", "O2"));
  EXPECT_TRUE(h.ok());
  if (!h.ok()) return {};
  std::vector<std::vector<Finding>> all;
  for (uint64_t seed = 0; seed < kSchedules; ++seed) {
    ExecOptions o;
    o.threads = 1;
    if (seed) o.schedule = Schedule{Schedule::Order::Shuffle, seed};
    std::vector<ArgBinding> args;
    BufferId last{};
    for (const std::string &name : buffers) {
      last = h.buffer(std::vector<int32_t>(size, name == "in" ? 1 : 0), name);
      args.push_back(ArgBinding::ofBuffer(last));
    }
    FindingSink sink;
    launchKernel(h.module(), kernel, range1(groups * local, local), args, {}, h.memory, sink, o);
    all.push_back(sink.findings());
    if (sums) sums->push_back(h.read<int32_t>(last)[0]);
  }
  return all;
}

std::string schedule(uint64_t seed) {
  return seed ? "shuffle:" + std::to_string(seed) : "ordered";
}

/// Whether `f` is a race whose message names the ordering it lacks, `missing`.
bool namesMissing(const Finding &f, const std::string &missing) {
  return f.kind.starts_with("race.") &&
         f.message.find("no release/acquire pair or fence orders these accesses") !=
             std::string::npos &&
         f.message.find(missing) != std::string::npos;
}

TEST(MemoryModelExplore, SpinLocksUnderEverySchedule) {
  for (const char *kernel : {"spin_lock", "spin_lock12"}) {
    std::vector<int32_t> sums;
    const auto runs = explore(kernel, 4, 4, kLock, 256, &sums);
    ASSERT_EQ(runs.size(), kSchedules);
    for (uint64_t s = 0; s < kSchedules; ++s) {
      EXPECT_TRUE(runs[s].empty()) << kernel << " under " << schedule(s) << ":\n"
                                   << MemoryModel::text(runs[s]);
      EXPECT_EQ(sums[s], 1 + 2 + 3 + 4) << kernel << " under " << schedule(s);
    }
  }
  for (const auto &[kernel, missing] :
       {std::pair{"spin_lock_relaxed", "atomic write is relaxed"},
        std::pair{"spin_lock12_no_fence", "OpenCL 1.2 atomics are"}}) {
    const auto runs = explore(kernel, 4, 4, kLock);
    ASSERT_EQ(runs.size(), kSchedules);
    for (uint64_t s = 0; s < kSchedules; ++s) {
      EXPECT_FALSE(runs[s].empty()) << kernel << " under " << schedule(s);
      for (const Finding &f : runs[s])
        EXPECT_TRUE(namesMissing(f, missing)) << kernel << " under " << schedule(s) << ":\n"
                                              << formatText(f);
    }
  }
}

// The waiter spins until the other group writes: under a schedule that runs it first,
// that is progress.inter-group (and the message is not passed), never a race.
TEST(MemoryModelExplore, MessagePassingUnderEverySchedule) {
  for (const char *kernel : {"message", "message_fences"}) {
    const auto runs = explore(kernel, 2, 8, kMessage);
    ASSERT_EQ(runs.size(), kSchedules);
    for (uint64_t s = 0; s < kSchedules; ++s)
      for (const Finding &f : runs[s])
        EXPECT_EQ(f.kind, "progress.inter-group") << kernel << " under " << schedule(s) << ":\n"
                                                  << formatText(f);
  }
  for (const auto &[kernel, missing] :
       {std::pair{"message_relaxed_store", "atomic write is relaxed and no release fence"},
        std::pair{"message_relaxed_load", "atomic read is relaxed and no acquire fence"}}) {
    const auto runs = explore(kernel, 2, 8, kMessage);
    ASSERT_EQ(runs.size(), kSchedules);
    uint64_t found = 0;
    for (uint64_t s = 0; s < kSchedules; ++s) {
      EXPECT_FALSE(runs[s].empty()) << kernel << " under " << schedule(s);
      for (const Finding &f : runs[s]) {
        found += namesMissing(f, missing);
        EXPECT_TRUE(f.kind == "progress.inter-group" || namesMissing(f, missing))
            << kernel << " under " << schedule(s) << ":\n"
            << formatText(f);
      }
    }
    EXPECT_GT(found, 0u) << kernel;
  }
}

TEST(MemoryModelExplore, ReleaseSequenceUnderEverySchedule) {
  std::vector<int32_t> sums;
  const auto runs = explore("init_then_count", 4, 32, kInit, 128, &sums);
  ASSERT_EQ(runs.size(), kSchedules);
  for (uint64_t s = 0; s < kSchedules; ++s) {
    EXPECT_TRUE(runs[s].empty()) << "under " << schedule(s) << ":\n" << MemoryModel::text(runs[s]);
    EXPECT_EQ(sums[s], 127 * 128 / 2) << "under " << schedule(s);
  }
  const auto relaxed = explore("init_then_count_relaxed", 4, 32, kInit, 128);
  ASSERT_EQ(relaxed.size(), kSchedules);
  for (uint64_t s = 0; s < kSchedules; ++s) {
    EXPECT_FALSE(relaxed[s].empty()) << "under " << schedule(s);
    for (const Finding &f : relaxed[s]) // within a group too: no barrier orders them
      EXPECT_TRUE(namesMissing(f, "atomics are relaxed, as OpenCL 1.2 atomics are"))
          << "under " << schedule(s) << ":\n"
          << formatText(f);
  }
}

} // namespace
} // namespace spvsim
