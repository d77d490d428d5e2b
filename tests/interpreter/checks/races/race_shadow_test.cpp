// The race shadow through the launch API: sub-buffers alias their parent, every
// access width and granule, printf's %s reads, partial work-groups, the finding's
// two accesses, async copies of wide elements, and nothing at all when races are
// not checked.
#include <algorithm>
#include <fstream>
#include <map>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "checks/races/root_slots.h"
#include "kernel_harness.h"
#include "memory/allocation_table.h"

namespace spvsim {
namespace {

using testing::KernelHarness;
using testing::range1;
using testing::value;
using testing::Variant;

/// The lines of kernels/races.cl marked `BUG: <label>`.
std::vector<uint32_t> markedLines(const std::string &label) {
  std::ifstream in(std::string(SPVSIM_TEST_SOURCE_DIR) + "/kernels/races.cl");
  std::vector<uint32_t> lines;
  std::string line;
  for (uint32_t number = 1; std::getline(in, line); ++number)
    if (line.find("BUG: " + label) != std::string::npos) lines.push_back(number);
  return lines;
}

class RaceShadow : public ::testing::TestWithParam<Variant> {
protected:
  std::string path() const { return testing::kernelPath("races", GetParam().level); }
  ExecOptions options() const { return GetParam().options(); }
};

TEST_P(RaceShadow, SubBuffersAliasTheirParent) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  // a = the whole buffer, b = its second half: b[i] is a[i + 32], written by
  // work-item i + 32 of the other work-group.
  const BufferId whole = h.buffer(std::vector<int32_t>(64), "whole");
  const BufferId half = h.memory.createSub(whole, 128, 128, "half");
  const BufferId out = h.buffer(std::vector<int32_t>(64), "out");
  const std::vector<ArgBinding> args = {ArgBinding::ofBuffer(whole), ArgBinding::ofBuffer(half),
                                        ArgBinding::ofBuffer(out), value<int32_t>(32)};
  h.run("aliased", range1(32, 32), args, options());
  // Work-items 0..31 write a[0..31] and read b[0..31] = a[32..63]: nobody writes those.
  EXPECT_TRUE(h.sink.findings().empty());
  h.run("aliased", range1(64, 32), args, options());
  // Now work-items 32..63 write a[32..63]: work-item i reads (through `half`) what
  // work-item i + 32 of the other group writes (through `whole`).
  // With two threads the groups run at once and a pair may be found from either side:
  // through `whole` (the write found the read) or `half` (the read found the write), one
  // finding per buffer name; each of the 32 pairs found once, or from both sides when
  // both accesses ran at the same moment.
  auto findings = h.sink.findings();
  ASSERT_GE(findings.size(), 1u);
  ASSERT_LE(findings.size(), 2u);
  uint64_t pairs = 0;
  for (const Finding &f : findings) {
    EXPECT_EQ(f.kind, "race.global.inter-group");
    ASSERT_TRUE(f.memory && f.other && f.workItem && f.other->workItem);
    pairs += f.count;
    // Either access may come first; they are i and i + 32 at one byte of the parent.
    const uint64_t mine = f.workItem->global[0], theirs = f.other->workItem->global[0];
    EXPECT_EQ(std::max(mine, theirs) - std::min(mine, theirs), 32u);
    if (GetParam().debugInfo()) {
      // The write and the read, in either order (the order work-groups ran in).
      ASSERT_TRUE(f.location && f.other->location);
      const auto marked = markedLines("aliased");
      std::vector<uint32_t> lines = {f.location->line, f.other->location->line};
      std::sort(lines.begin(), lines.end());
      EXPECT_EQ(lines, marked);
    }
  }
  EXPECT_GE(pairs, 32u);
  EXPECT_LE(pairs, 64u);
}

TEST_P(RaceShadow, NeighbouringBytesShortsAndLongsDoNotRace) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const BufferId bytes = h.buffer(std::vector<uint8_t>(100), "bytes");
  const BufferId shorts = h.buffer(std::vector<uint16_t>(100), "shorts");
  const BufferId longs = h.buffer(std::vector<int64_t>(100), "longs");
  h.run("widths", range1(100, 10),
        {ArgBinding::ofBuffer(bytes), ArgBinding::ofBuffer(shorts), ArgBinding::ofBuffer(longs)},
        options());
  EXPECT_TRUE(h.sink.findings().empty());
  EXPECT_EQ(h.read<uint8_t>(bytes)[77], 77);
  // A long read by its neighbour races, at 8-byte units (the kernel's bytes are another
  // buffer's) ...
  h.run("wide_neighbour", range1(100, 100),
        {ArgBinding::ofBuffer(longs), ArgBinding::ofBuffer(bytes)}, options());
  ASSERT_EQ(h.findingKinds(), std::vector<std::string>{"race.global.intra-group"});
  // ... and beside another buffer's ints.
  h.sink.clear();
  const BufferId out = h.buffer(std::vector<int32_t>(100), "out");
  h.run("long_neighbour", range1(100, 10),
        {ArgBinding::ofBuffer(longs), ArgBinding::ofBuffer(out), value<int32_t>(0)}, options());
  EXPECT_TRUE(h.sink.findings().empty());
  h.run("long_neighbour", range1(100, 10),
        {ArgBinding::ofBuffer(longs), ArgBinding::ofBuffer(out), value<int32_t>(10)}, options());
  EXPECT_EQ(h.findingKinds(), std::vector<std::string>{"race.global.inter-group"});
}

TEST_P(RaceShadow, PrintfStringReadsAreReads) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const BufferId text = h.buffer(std::vector<char>(8), "text");
  ExecOptions o = options();
  std::string printed;
  o.printfSink = [&](std::string_view s) { printed += s; };
  h.run("print_shared", range1(4, 4), {ArgBinding::ofBuffer(text)}, o);
  EXPECT_EQ(printed, "hi\nhi\nhi\nhi\n");
  auto findings = h.sink.findings();
  ASSERT_FALSE(findings.empty());
  for (const Finding &f : findings) {
    EXPECT_EQ(f.kind, "race.global.intra-group") << formatText(f);
    ASSERT_TRUE(f.other) << formatText(f);
  }
}

TEST_P(RaceShadow, PartialWorkGroupsGetTheirIds) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const BufferId data = h.buffer(std::vector<int32_t>(100), "data");
  h.run("partial", range1(100, 32), {ArgBinding::ofBuffer(data)}, options());
  auto findings = h.sink.findings();
  ASSERT_EQ(findings.size(), 1u) << formatText(findings[0]);
  const Finding &f = findings[0];
  EXPECT_EQ(f.kind, "race.global.intra-group");
  ASSERT_TRUE(f.workItem && f.other && f.other->workItem && f.memory);
  EXPECT_EQ(f.memory->offset, 98u * 4);
  std::array<uint64_t, 2> ids = {f.workItem->global[0], f.other->workItem->global[0]};
  std::sort(ids.begin(), ids.end());
  EXPECT_EQ(ids, (std::array<uint64_t, 2>{98, 99}));
  EXPECT_EQ(f.workItem->group[0], 3u);
  EXPECT_EQ(f.other->workItem->local[0] + f.workItem->local[0], 2u + 3u);
}

// The message of a race between two work-items of a group through global memory
// blames a barrier without the global fence only when one passed between the accesses.
TEST_P(RaceShadow, OnlyABarrierBetweenTheAccessesIsBlamedForItsFence) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const BufferId data = h.buffer(std::vector<int32_t>(64), "data");
  const BufferId out = h.buffer(std::vector<int32_t>(64), "out");
  const std::string localOnly = "(CLK_LOCAL_MEM_FENCE alone does not order global memory)";
  const std::string noFence = "(a barrier without CLK_GLOBAL_MEM_FENCE does not order";
  auto messages = [&] {
    std::string all;
    for (const Finding &f : h.sink.findings()) {
      EXPECT_TRUE(f.kind.starts_with("race.global.")) << formatText(f);
      EXPECT_NE(f.message.find("no work-group barrier with the global fence between them"),
                std::string::npos)
          << f.message;
      all += f.message + "\n";
    }
    h.sink.clear();
    return all;
  };
  h.run("two_writers", range1(64, 32),
        {ArgBinding::ofBuffer(data), value<uint32_t>(3), value<uint32_t>(1), value<uint32_t>(2)},
        options());
  std::string text = messages();
  EXPECT_FALSE(text.empty());
  EXPECT_EQ(text.find("CLK_"), std::string::npos) << text;
  for (const bool local : {true, false}) {
    h.run(local ? "local_fence_exchange" : "no_fence_exchange", range1(64, 32),
          {ArgBinding::ofBuffer(data), ArgBinding::ofBuffer(out)}, options());
    text = messages();
    EXPECT_NE(text.find(local ? localOnly : noFence), std::string::npos) << text;
    EXPECT_EQ(text.find(local ? noFence : localOnly), std::string::npos) << text;
  }
}

TEST_P(RaceShadow, NothingWhenRacesAreNotChecked) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const BufferId data = h.buffer(std::vector<int32_t>(100), "data");
  ExecOptions o = options();
  o.checks = CheckSet::parse("bounds,access,barriers,collectives,ub,timeout,uninit,misaligned");
  h.run("partial", range1(100, 32), {ArgBinding::ofBuffer(data)}, o);
  EXPECT_TRUE(h.sink.findings().empty());
  EXPECT_EQ(h.read<int32_t>(data)[98], 1);
}

TEST_P(RaceShadow, UniformWritesHaveTheirOwnKind) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const BufferId flag = h.buffer(std::vector<int32_t>(1), "flag");
  const BufferId last = h.buffer(std::vector<int32_t>(1), "last");
  const BufferId same = h.buffer(std::vector<int32_t>(1), "same");
  const BufferId out = h.buffer(std::vector<int32_t>(64), "out");
  h.run("uniform_writes", range1(64, 32),
        {ArgBinding::ofBuffer(flag), ArgBinding::ofBuffer(last), ArgBinding::ofBuffer(same),
         ArgBinding::ofBuffer(out), ArgBinding::ofLocal(4)},
        options());
  // By kind ("uniform" appended for uniform writes), the lines of its findings. A
  // uniform write keeps its write-write kind and severity, marked.
  std::map<std::string, std::vector<uint32_t>> lines;
  for (const Finding &f : h.sink.findings()) {
    lines[f.kind + (f.uniformWrite ? " uniform" : "")].push_back(f.location ? f.location->line : 0);
    EXPECT_EQ(f.uniformWrite, f.message.find("both stored the same bytes") != std::string::npos)
        << f.message;
    if (f.uniformWrite) {
      EXPECT_TRUE(f.kind.ends_with(".write-write")) << formatText(f);
      EXPECT_EQ(f.severity, Severity::Error) << formatText(f);
      EXPECT_EQ(toJson(f).value("uniform_write", false), true);
    }
  }
  EXPECT_EQ(h.read<int32_t>(flag)[0], 1);
  EXPECT_EQ(h.read<int32_t>(out)[5], 7);
  if (GetParam().threads > 1) {
    // Work-groups run at once: the bytes a store is compared with may be another
    // thread's, written in between, so the mark is decided at one thread only
    // (docs/findings.md); the findings are the same write-write races.
    for (const Finding &f : h.sink.findings())
      EXPECT_TRUE(f.kind.ends_with(".write-write")) << formatText(f);
    return;
  }
  ASSERT_EQ(lines.size(), 3u) << ::testing::PrintToString(h.findingKinds());
  EXPECT_TRUE(lines.count("race.global.write-write uniform"));
  EXPECT_TRUE(lines.count("race.local.write-write uniform"));
  ASSERT_TRUE(lines.count("race.global.write-write"));
  if (GetParam().debugInfo()) {
    EXPECT_EQ(lines["race.global.write-write"], markedLines("differ"));
    const std::vector<uint32_t> uniform = markedLines("uniform");
    for (const char *kind : {"race.global.write-write uniform", "race.local.write-write uniform"})
      for (uint32_t line : lines[kind])
        EXPECT_NE(std::find(uniform.begin(), uniform.end(), line), uniform.end())
            << kind << " at line " << line;
    // flag[0] = 1 by two work-groups, and same[0] = 5 from its two stores.
    std::vector<uint32_t> global = lines["race.global.write-write uniform"];
    std::sort(global.begin(), global.end());
    global.erase(std::unique(global.begin(), global.end()), global.end());
    EXPECT_EQ(global, (std::vector<uint32_t>{uniform[0], uniform[3]}));
  }
}

// An async copy is recorded a range at a time (a side whose elements follow each
// other at once, a strided side an element at a time); a race the copy finds still
// names the 8 bytes of its element that hold the shared granule.
TEST_P(RaceShadow, WideAsyncCopiesNameEightBytesOfAnElement) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const uint32_t n = 64, local = 16;
  std::vector<int64_t> init(n * 2 * 4);
  for (size_t i = 0; i < init.size(); ++i) init[i] = int64_t(i) * 3 + 1;
  const BufferId src = h.buffer(init, "src");
  const BufferId out = h.buffer(std::vector<int64_t>(n), "out");
  // The copy writes __local tile[9] (bytes 288-319) over work-item 5's store to tile[9].y
  // (bytes 296-303, or the whole element where the store is one of the vector).
  h.run("wide_copy_after_race", range1(n, local),
        {ArgBinding::ofBuffer(src), ArgBinding::ofBuffer(out), ArgBinding::ofLocal(local * 32)},
        options());
  ASSERT_EQ(h.findingKinds(), std::vector<std::string>{"race.local.write-write"});
  for (const Finding &f : h.sink.findings()) {
    ASSERT_TRUE(f.memory && f.other);
    EXPECT_EQ(f.memory->size, 8u) << formatText(f);
    EXPECT_TRUE(f.memory->offset == 288 || f.memory->offset == 296) << formatText(f);
    EXPECT_NE(f.message.find("async_work_group_copy write of 8 bytes"), std::string::npos)
        << f.message;
  }
  const std::vector<int64_t> copied = h.read<int64_t>(out);
  for (uint32_t i = 0; i < n; ++i)
    EXPECT_EQ(copied[i], init[(i / local * local * 2 + i % local * 2) * 4]) << i;

  // The copy writes dst element 6 of each group's part, every other one from the tile's
  // element 3, after work-item 3 read its third long (bytes 208-215, or all 32 bytes).
  KernelHarness g(path());
  ASSERT_TRUE(g.ok());
  const BufferId dst = g.buffer(std::vector<int64_t>(n * 2 * 4, -1), "dst");
  const BufferId read = g.buffer(std::vector<int64_t>(n / local), "read");
  g.run("wide_copy_out_after_race", range1(n, local),
        {ArgBinding::ofBuffer(dst), ArgBinding::ofBuffer(read), ArgBinding::ofLocal(local * 32)},
        options());
  ASSERT_EQ(g.findingKinds(), std::vector<std::string>{"race.global.intra-group"});
  for (const Finding &f : g.sink.findings()) {
    ASSERT_TRUE(f.memory);
    EXPECT_EQ(f.memory->size, 8u) << formatText(f);
    // The element's first long (a load of the whole vector) or its third (.z): with two
    // threads, any group's race may be the one reported.
    EXPECT_TRUE(f.memory->offset % 32 == 0 || f.memory->offset % 32 == 16) << formatText(f);
    EXPECT_EQ(f.memory->offset / 32 % (local * 2), 6u) << formatText(f);
  }
  const std::vector<int64_t> written = g.read<int64_t>(dst);
  for (uint32_t e = 0; e < n * 2; ++e)
    for (uint32_t k = 0; k < 4; ++k)
      EXPECT_EQ(written[e * 4 + k], e % 2 ? -1 : int64_t(e % (local * 2) / 2)) << e << "," << k;
}

// Lanes on a strided array take one pass (first touch, quiet): the race they then
// make is found as lane by lane, and nothing else.
TEST_P(RaceShadow, StridedLanesFindTheirRace) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const uint32_t n = 128, local = 64;
  const BufferId g = h.buffer(std::vector<int32_t>(n * 20), "g");
  h.run("strided_race", range1(n, local),
        {ArgBinding::ofBuffer(g), ArgBinding::ofLocal(local * 80)}, options());
  uint64_t count = 0;
  for (const Finding &f : h.sink.findings()) {
    EXPECT_EQ(f.kind, "race.local.read-write") << formatText(f);
    ASSERT_TRUE(f.memory);
    EXPECT_EQ(f.memory->size, 4u);
    EXPECT_EQ(f.memory->offset % 80, 0u) << formatText(f);
    count += f.count;
    if (GetParam().debugInfo()) {
      ASSERT_TRUE(f.location);
      const auto marked = markedLines("strided");
      EXPECT_NE(std::find(marked.begin(), marked.end(), f.location->line), marked.end())
          << f.location->line;
    }
  }
  EXPECT_EQ(count, n); // every work-item's write races with its neighbour's read
  const std::vector<int32_t> got = h.read<int32_t>(g);
  // (What g[i * 20 + 1] gets depends on the order the racing work-items ran in.)
  for (uint32_t i = 0; i < n; ++i) EXPECT_EQ(got[i * 20], int32_t(i));
}

// A launch's words go back to a pool with the pages it wrote cleared, and the next
// launch of a buffer of that size takes them: no access of one launch races with an
// access of the next, on pages of any chunk, and races within a launch are still found.
TEST_P(RaceShadow, EveryLaunchStartsWithCleanWords) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const uint32_t n = 1 << 18; // 1 MiB: the words span chunks and pages
  const BufferId a = h.buffer(std::vector<int32_t>(n), "a");
  const BufferId b = h.buffer(std::vector<int32_t>(n), "b");
  const auto run = [&](BufferId buffer, uint32_t index, uint32_t first, uint32_t second) {
    h.run("two_writers", range1(64, 32),
          {ArgBinding::ofBuffer(buffer), value<uint32_t>(index), value<uint32_t>(first),
           value<uint32_t>(second)},
          options());
  };
  for (const uint32_t index : {5u, 1000u, 70000u, n - 1}) {
    run(a, index, 1, 1);   // work-item 1 of group 0
    run(a, index, 40, 40); // work-item 40 of group 1: no race with the last launch's
    run(b, index, 7, 7);   // b's words: likely a's, given back
    EXPECT_TRUE(h.sink.findings().empty()) << index << ": " << formatText(h.sink.findings()[0]);
    EXPECT_EQ(h.read<int32_t>(a)[index], 40);
    EXPECT_EQ(h.read<int32_t>(b)[index], 7);
  }
  run(b, 70000, 3, 50); // two work-items of one launch: still a race
  EXPECT_EQ(h.findingKinds(), std::vector<std::string>{"race.global.write-write"});
  h.sink.clear();
  run(b, 70000, 3, 3);
  EXPECT_TRUE(h.sink.findings().empty());
}

// Ints beside a kernel's byte accesses to another buffer, a warp's consecutive ints one
// range of words: launches without a race report none, and a race between neighbours is
// found for every work-item, at the int it names.
TEST_P(RaceShadow, WideAccessesOverNarrowGranulesAsOneRange) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const uint32_t n = 128;
  std::vector<uint8_t> bytes(n);
  for (uint32_t i = 0; i < n; ++i) bytes[i] = uint8_t(i);
  const BufferId b = h.buffer(bytes, "bytes");
  const BufferId w = h.buffer(std::vector<int32_t>(n + 1, 1000), "wide");
  const auto run = [&](uint32_t shift) {
    h.run("wide_over_bytes", range1(n, 64),
          {ArgBinding::ofBuffer(b), ArgBinding::ofBuffer(w), value<uint32_t>(shift)}, options());
  };
  run(0);
  run(0);
  EXPECT_TRUE(h.sink.findings().empty()) << formatText(h.sink.findings()[0]);
  std::vector<int32_t> got = h.read<int32_t>(w);
  for (uint32_t i = 0; i < n; ++i) EXPECT_EQ(got[i], int32_t(1000 + 2 * i)) << i;
  run(1);
  uint64_t count = 0;
  std::vector<bool> named(n + 1);
  for (const Finding &f : h.sink.findings()) {
    // Within a work-group, no barrier; between work-groups 0 and 1, at wide[64].
    ASSERT_TRUE(f.memory);
    EXPECT_EQ(f.kind,
              f.memory->offset == 4 * 64 ? "race.global.inter-group" : "race.global.intra-group")
        << formatText(f);
    EXPECT_EQ(f.memory->size, 4u);
    EXPECT_EQ(f.memory->offset % 4, 0u) << formatText(f);
    named[f.memory->offset / 4] = true;
    count += f.count;
  }
  // Each store with the next work-item's read, once: `wide` has int units though the
  // kernel reads bytes of another buffer (checks/races/race_unit.h).
  EXPECT_EQ(count, n - 1);
  EXPECT_FALSE(named[0]);
}

// The reads of a tile's rows and columns after a barrier are quiet (lanes at irregular
// offsets, tested in one pass once a lane's word is), and a write into them without a
// barrier races with them.
TEST_P(RaceShadow, TileRowsAndColumnsAreQuietUntilAWrite) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const uint32_t n = 512, local = 256; // a 16×16 tile per group
  const BufferId out = h.buffer(std::vector<int32_t>(n), "out");
  const auto run = [&](uint32_t racer) {
    h.run("tile_rows", range1(n, local),
          {ArgBinding::ofBuffer(out), ArgBinding::ofLocal(local * 4), value<uint32_t>(racer)},
          options());
  };
  run(~0u);
  EXPECT_TRUE(h.sink.findings().empty()) << formatText(h.sink.findings()[0]);
  const std::vector<int32_t> got = h.read<int32_t>(out);
  for (uint32_t i = 0; i < n; ++i) {
    const int32_t lid = int32_t(i % local);
    int32_t sum = 0;
    for (int32_t k = 0; k < 16; ++k) sum += (lid / 16 * 16 + k) * 100 + k * 16 + lid % 16;
    ASSERT_EQ(got[i], sum) << i;
  }
  run(40);
  uint64_t count = 0;
  for (const Finding &f : h.sink.findings()) {
    EXPECT_EQ(f.kind, "race.local.read-write") << formatText(f);
    ASSERT_TRUE(f.memory);
    EXPECT_EQ(f.memory->offset, 20u) << formatText(f);
    count += f.count;
    if (GetParam().debugInfo()) {
      ASSERT_TRUE(f.location);
      const auto marked = markedLines("tile_rows");
      EXPECT_NE(std::find(marked.begin(), marked.end(), f.location->line), marked.end())
          << f.location->line;
    }
  }
  EXPECT_GE(count, 2u); // each of the two groups: the write with the reads of tile[5]
}

// Buffer ids are not reused while unused ones last: a launch after 10,000 buffers created and
// released holds as many shadow slots as one in a fresh process (one chunk of ids with a live
// buffer), and still finds its races and only those.
TEST_P(RaceShadow, ReleasedBuffersCostALaterLaunchNothing) {
  GlobalMemory fresh;
  fresh.create(64, "a");
  const size_t freshSlots = race::RootSlots<int>(fresh.launchAllocations()).size();
  EXPECT_EQ(freshSlots, kAllocationChunkSize);

  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  for (int i = 0; i < 10000; ++i) h.memory.release(h.memory.create(16, "gone"));
  const BufferId data = h.buffer(std::vector<int32_t>(64), "data");
  const AllocationTable table = h.memory.launchAllocations();
  const race::RootSlots<int> slots(table);
  EXPECT_EQ(slots.size(), freshSlots);
  EXPECT_EQ(slots.chunks(), (10002 + kAllocationChunkSize - 1) / kAllocationChunkSize);
  EXPECT_EQ(race::RootSlots<int>(table).slot(5), nullptr); // a released buffer's chunk

  const auto run = [&](uint32_t first, uint32_t second) {
    h.run("two_writers", range1(64, 32),
          {ArgBinding::ofBuffer(data), value<uint32_t>(9), value<uint32_t>(first),
           value<uint32_t>(second)},
          options());
  };
  run(3, 3);
  EXPECT_TRUE(h.sink.findings().empty());
  run(3, 50);
  EXPECT_EQ(h.findingKinds(), std::vector<std::string>{"race.global.write-write"});
}

INSTANTIATE_TEST_SUITE_P(Builds, RaceShadow, ::testing::ValuesIn(testing::allVariants()),
                         testing::variantName);

} // namespace
} // namespace spvsim
