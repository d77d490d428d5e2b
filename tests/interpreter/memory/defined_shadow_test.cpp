// Memory definedness (interpreter/memory/defined_shadow.h) and the buffers'
// shadows in GlobalMemory: what is undefined, what host writes and copies
// define, and how a register's undefined-byte mask maps onto shadow bytes.
#include "memory/defined_shadow.h"

#include <gtest/gtest.h>

#include "spvsim/common/error.h"
#include "spvsim/interpreter/global_memory.h"

namespace spvsim {
namespace {

TEST(DefinedShadow, StartsUndefinedAndRecordsWrites) {
  DefinedShadow s(16);
  EXPECT_EQ(s.size(), 16u);
  EXPECT_FALSE(s.defined(0, 1));
  EXPECT_TRUE(s.defined(3, 0)); // no bytes: nothing undefined
  s.define(4, 8);
  EXPECT_TRUE(s.defined(4, 8));
  EXPECT_FALSE(s.defined(3, 2));
  EXPECT_FALSE(s.defined(11, 2));
  EXPECT_EQ(s.data()[3], kUndefinedByte);
  EXPECT_EQ(s.data()[4], kDefinedByte);
  DefinedShadow empty(0);
  EXPECT_NE(empty.data(), nullptr);
}

TEST(DefinedShadow, HasNoMemoryUntilFirstNeeded) {
  DefinedShadow s(1 << 20);
  EXPECT_FALSE(s.allocated());
  EXPECT_FALSE(s.defined(0, 1)); // every byte undefined without memory
  EXPECT_FALSE(s.defined((1 << 20) - 1, 1));
  EXPECT_TRUE(s.defined(5, 0));
  s.define(8, 0); // nothing written: still nothing allocated
  EXPECT_FALSE(s.allocated());
  s.retire(); // written whole by the host before anything read it: never allocated
  EXPECT_FALSE(s.allocated());
  s.revive();
  EXPECT_TRUE(s.allocated());
  EXPECT_TRUE(s.defined(0, 1 << 20));
  DefinedShadow t(64);
  const uint8_t *bytes = t.data(); // a launch takes the address: allocated, all undefined
  EXPECT_TRUE(t.allocated());
  EXPECT_EQ(t.data(), bytes);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(bytes[i], kUndefinedByte) << i;
  t.define(60, 4);
  EXPECT_EQ(bytes[59], kUndefinedByte);
  EXPECT_EQ(bytes[60], kDefinedByte);
}

TEST(DefinedShadow, RegisterMasksGatherAndScatterByte) {
  uint8_t bytes[8] = {kDefinedByte, kUndefinedByte, kDefinedByte, kUndefinedByte,
                      kDefinedByte, kDefinedByte,   kDefinedByte, kDefinedByte};
  EXPECT_EQ(gatherUndefined(bytes, 1), 0);
  EXPECT_EQ(gatherUndefined(bytes, 2), 0b10);
  EXPECT_EQ(gatherUndefined(bytes, 4), 0b1010);
  EXPECT_EQ(gatherUndefined(bytes, 8), 0b1010);
  EXPECT_EQ(gatherUndefined(bytes + 4, 4), 0);
  EXPECT_EQ(undefinedMask(4), 0x0f);
  EXPECT_EQ(undefinedMask(8), 0xff);
  uint8_t out[8];
  std::memset(out, 0x7f, sizeof out);
  scatterUndefined(out, 4, 0b0110);
  EXPECT_EQ(out[0], kDefinedByte);
  EXPECT_EQ(out[1], kUndefinedByte);
  EXPECT_EQ(out[2], kUndefinedByte);
  EXPECT_EQ(out[3], kDefinedByte);
  EXPECT_EQ(out[4], 0x7f); // only the value's bytes
  scatterUndefined(out, 8, 0);
  EXPECT_EQ(gatherUndefined(out, 8), 0);
}

TEST(DefinedShadow, CopiesMoveDefinedness) {
  uint8_t from[4] = {kDefinedByte, kUndefinedByte, kDefinedByte, kUndefinedByte};
  uint8_t to[4] = {};
  copyDefinedness(to, from, 4);
  EXPECT_EQ(gatherUndefined(to, 4), 0b1010);
  copyDefinedness(to, nullptr, 2); // from memory without a shadow: defined
  EXPECT_EQ(gatherUndefined(to, 4), 0b1000);
  copyDefinedness(nullptr, from, 4); // into memory without a shadow: nothing to record
}

TEST(GlobalMemoryShadow, BuffersAreDefinedUnlessCreatedWithoutContents) {
  GlobalMemory memory;
  BufferId written = memory.create(64, "written");
  BufferId empty = memory.create(64, "empty");
  memory.setUndefined(empty);
  EXPECT_TRUE(memory.defined(written, 0, 64));
  EXPECT_FALSE(memory.defined(empty, 0, 1));
  auto views = memory.snapshot();
  EXPECT_EQ(views[written].shadow, nullptr);
  ASSERT_NE(views[empty].shadow, nullptr);
  EXPECT_EQ(views[empty].shadow[0], kUndefinedByte);
  // A sub-buffer views its parent's shadow at its offset; host writes through it define
  // the parent's bytes.
  BufferId sub = memory.createSub(empty, 16, 32, "sub");
  EXPECT_THROW(memory.setUndefined(sub), Error);
  memory.setDefined(sub, 4, 8);
  EXPECT_TRUE(memory.defined(empty, 20, 8));
  EXPECT_FALSE(memory.defined(empty, 19, 2));
  views = memory.snapshot();
  EXPECT_EQ(views[sub].shadow, views[empty].shadow + 16);
  EXPECT_THROW(memory.setDefined(sub, 30, 4), Error);
}

/// A buffer of `size` bytes created without contents.
BufferId undefinedBuffer(GlobalMemory &memory, uint64_t size, const char *name) {
  BufferId id = memory.create(size, name);
  memory.setUndefined(id);
  return id;
}

TEST(GlobalMemoryShadow, HostCopiesCarryDefinedness) {
  GlobalMemory memory;
  BufferId a = undefinedBuffer(memory, 32, "a"), b = undefinedBuffer(memory, 32, "b");
  memory.setDefined(a, 0, 8);
  memory.copyDefined(b, 4, a, 4, 8); // bytes 4..7 defined, 8..11 not
  EXPECT_TRUE(memory.defined(b, 4, 4));
  EXPECT_FALSE(memory.defined(b, 8, 1));
  BufferId c = memory.create(32, "c"); // created with contents
  memory.copyDefined(b, 16, c, 0, 16);
  EXPECT_TRUE(memory.defined(b, 16, 16));
  memory.copyDefined(c, 0, b, 0, 16); // c has no shadow: stays defined
  EXPECT_TRUE(memory.defined(c, 0, 32));
  memory.release(a);
  EXPECT_EQ(memory.snapshot()[a].shadow, nullptr);
}

/// Expects the bytes [from, from + count) of buffer `id` of `size` bytes undefined, each
/// of them, and every other byte defined.
void expectUndefinedOnly(const GlobalMemory &memory, BufferId id, uint64_t size, uint64_t from,
                         uint64_t count) {
  EXPECT_TRUE(memory.defined(id, 0, from));
  for (uint64_t i = from; i < from + count; ++i) EXPECT_FALSE(memory.defined(id, i, 1)) << i;
  EXPECT_TRUE(memory.defined(id, from + count, size - from - count));
}

// Copies from a buffer nothing has written yet (its shadow without memory) carry
// undefined bytes over defined ones.
TEST(GlobalMemoryShadow, CopiesFromNeverWrittenBuffersUndefineTheirTargets) {
  GlobalMemory memory;
  BufferId fresh = undefinedBuffer(memory, 32, "fresh");
  BufferId partly = undefinedBuffer(memory, 32, "partly");
  memory.setDefined(partly, 0, 16);
  memory.setDefined(partly, 16, 16);
  memory.copyDefined(partly, 8, fresh, 0, 4);
  expectUndefinedOnly(memory, partly, 32, 8, 4);
  // Into another never-written buffer, and within one: still undefined, both.
  BufferId other = undefinedBuffer(memory, 32, "other");
  memory.copyDefined(other, 0, fresh, 0, 32);
  memory.copyDefined(fresh, 16, fresh, 0, 16);
  EXPECT_FALSE(memory.defined(other, 31, 1));
  EXPECT_FALSE(memory.defined(fresh, 16, 1));
  // Into a buffer the host wrote whole (its shadow retired): the copied bytes only.
  BufferId whole = undefinedBuffer(memory, 32, "whole");
  memory.setDefined(whole, 0, 32);
  memory.copyDefined(whole, 4, fresh, 4, 2);
  expectUndefinedOnly(memory, whole, 32, 4, 2);
  ASSERT_NE(memory.snapshot()[whole].shadow, nullptr);
  EXPECT_EQ(memory.snapshot()[whole].shadow[4], kUndefinedByte);
}

TEST(GlobalMemoryShadow, AHostWriteOfTheWholeBufferDropsItsShadow) {
  GlobalMemory memory;
  BufferId a = undefinedBuffer(memory, 64, "a"), b = undefinedBuffer(memory, 64, "b");
  // Written in parts, the last part completing it: the shadow stays, every byte defined.
  memory.setDefined(a, 0, 32);
  memory.setDefined(a, 32, 32);
  EXPECT_TRUE(memory.defined(a, 0, 64));
  EXPECT_NE(memory.snapshot()[a].shadow, nullptr);
  // Written whole (a whole-image map for writing, unmapped): no shadow any more, and a
  // launch that took the old one before still reads valid memory.
  const uint8_t *before = memory.snapshot()[b].shadow;
  ASSERT_NE(before, nullptr);
  memory.setDefined(b, 0, 64);
  EXPECT_EQ(memory.snapshot()[b].shadow, nullptr);
  EXPECT_TRUE(memory.defined(b, 0, 64));
  EXPECT_EQ(before[0], kUndefinedByte);
  // A whole sub-buffer is not the whole buffer.
  BufferId c = undefinedBuffer(memory, 64, "c");
  BufferId sub = memory.createSub(c, 0, 32, "sub");
  memory.setDefined(sub, 0, 32);
  EXPECT_NE(memory.snapshot()[c].shadow, nullptr);
  EXPECT_FALSE(memory.defined(c, 32, 1));
  memory.setDefined(c, 32, 32);
  memory.copyDefined(b, 0, c, 0, 64); // b has no shadow: stays defined
  EXPECT_TRUE(memory.defined(b, 0, 64));
  // Undefined bytes copied in: the shadow is consulted again, only they undefined.
  BufferId d = undefinedBuffer(memory, 64, "d");
  memory.copyDefined(b, 16, d, 0, 8);
  EXPECT_NE(memory.snapshot()[b].shadow, nullptr);
  EXPECT_FALSE(memory.defined(b, 16, 1));
  EXPECT_FALSE(memory.defined(b, 23, 1));
  EXPECT_TRUE(memory.defined(b, 0, 16));
  EXPECT_TRUE(memory.defined(b, 24, 40));
  memory.release(b);
  EXPECT_EQ(memory.snapshot()[b].shadow, nullptr);
}

} // namespace
} // namespace spvsim
