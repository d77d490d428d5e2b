#include "lower/block_order.h"

#include <algorithm>

#include <gtest/gtest.h>

namespace spvsim {
namespace {

using Graph = std::vector<std::vector<uint32_t>>;

size_t position(const std::vector<uint32_t> &order, uint32_t b) {
  return std::find(order.begin(), order.end(), b) - order.begin();
}

TEST(BlockOrder, DiamondIsTopological) {
  // 0 -> 1, 2 -> 3
  Graph g{{1, 2}, {3}, {3}, {}};
  auto order = weakTopologicalOrder(g, 0);
  ASSERT_EQ(order.size(), 4u);
  EXPECT_EQ(order.front(), 0u);
  EXPECT_EQ(order.back(), 3u);
}

TEST(BlockOrder, LoopExitComesAfterTheWholeLoop) {
  // 0 -> 1 (header) -> 2 (exit) | 3 (body) ; 3 -> 4 -> 1 (latch). The exit block 2
  // is numbered lower in the module but must follow every block of the loop.
  Graph g{{1}, {2, 3}, {}, {4}, {1}};
  auto order = weakTopologicalOrder(g, 0);
  ASSERT_EQ(order.size(), 5u);
  EXPECT_LT(position(order, 1), position(order, 3));
  EXPECT_LT(position(order, 4), position(order, 2));
  EXPECT_LT(position(order, 3), position(order, 2));
}

TEST(BlockOrder, NestedLoopsAreContiguous) {
  // outer header 1, inner header 2 with body 3, outer latch 4, exit 5.
  Graph g{{1}, {2, 5}, {3, 4}, {2}, {1}, {}};
  auto order = weakTopologicalOrder(g, 0);
  ASSERT_EQ(order.size(), 6u);
  // Inner loop {2,3} contiguous, inside outer loop {1,2,3,4}, exit last.
  EXPECT_EQ(position(order, 3), position(order, 2) + 1);
  EXPECT_EQ(order.back(), 5u);
  for (uint32_t b : {2u, 3u, 4u}) EXPECT_GT(position(order, b), position(order, 1));
}

TEST(BlockOrder, BackEdgesTargetLoopHeads) {
  // A loop with two exits and an early continue.
  Graph g{{1}, {2, 6}, {3, 5}, {4, 1}, {1}, {7}, {7}, {}};
  auto order = weakTopologicalOrder(g, 0);
  ASSERT_EQ(order.size(), 8u);
  for (uint32_t u = 0; u < g.size(); ++u)
    for (uint32_t v : g[u]) {
      if (position(order, v) <= position(order, u)) {
        EXPECT_EQ(v, 1u) << u << "->" << v;
      }
    }
}

TEST(BlockOrder, IrreducibleLoopIsOrdered) {
  // Two entries into the cycle 1 <-> 2.
  Graph g{{1, 2}, {2, 3}, {1, 3}, {}};
  auto order = weakTopologicalOrder(g, 0);
  ASSERT_EQ(order.size(), 4u);
  EXPECT_EQ(order.front(), 0u);
  EXPECT_EQ(order.back(), 3u);
}

TEST(BlockOrder, UnreachableBlocksAreDropped) {
  Graph g{{1}, {}, {1}};
  auto order = weakTopologicalOrder(g, 0);
  EXPECT_EQ(order, (std::vector<uint32_t>{0, 1}));
}

} // namespace
} // namespace spvsim
