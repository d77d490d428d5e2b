// BlockOrder: numbers a CFG's blocks in a weak topological order
// (Bourdoncle 1993): each loop's blocks are contiguous with its head first,
// and every edge that goes backwards targets the head of a loop containing
// its source. Running the lowest-numbered block with pending lanes then never
// lets lanes that left a loop run ahead of lanes still inside it.
#pragma once

#include <cstdint>
#include <vector>

namespace spvsim {

/// Returns the blocks reachable from `entry` in weak topological order
/// (entry first). `successors[b]` lists the successors of block b.
std::vector<uint32_t> weakTopologicalOrder(const std::vector<std::vector<uint32_t>> &successors,
                                           uint32_t entry);

} // namespace spvsim
