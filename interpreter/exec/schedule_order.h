// Schedule orders: the permutation of a launch's work-groups and of a group's
// warps a Schedule stands for, derived from its seed alone (splitmix64), so
// the same seed gives the same orders on any machine.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "spvsim/interpreter/schedule.h"

namespace spvsim {

/// splitmix64 of `x`: a well-mixed 64-bit value, the schedule's only source of choices.
uint64_t scheduleMix(uint64_t x);

/// Rearranges `items` by the seeded Fisher–Yates shuffle keyed by `key`.
void scheduleShuffle(std::span<uint32_t> items, uint64_t key);

/// The order the work-groups of a launch are handed out in: position → linear group id.
class GroupOrder {
public:
  GroupOrder(const Schedule &schedule, uint64_t totalGroups);
  uint64_t at(uint64_t position) const {
    switch (order_) {
    case Schedule::Order::Ordered:
      return position;
    case Schedule::Order::Reverse:
      return total_ - 1 - position;
    case Schedule::Order::Shuffle:
      break;
    }
    if (!table_.empty()) return table_[position];
    // Too many groups for a table: an affine permutation (stride coprime to the count).
    __extension__ using Wide = unsigned __int128;
    return static_cast<uint64_t>((Wide(position) * stride_ + offset_) % total_);
  }

private:
  Schedule::Order order_;
  uint64_t total_;
  uint64_t stride_ = 1, offset_ = 0;
  std::vector<uint64_t> table_;
};

} // namespace spvsim
