// Schedule: the order a launch runs its work-groups in, the order of the warps of
// a group between barriers, and the warp width — ordered (the default), reversed,
// or shuffled deterministically from a seed, so that a finding replays
// (docs/run-files.md, --schedule).
#pragma once

#include <cstdint>
#include <string>

namespace spvsim {

struct Schedule {
  enum class Order : uint8_t { Ordered, Reverse, Shuffle };
  Order order = Order::Ordered;
  /// Shuffle: what every choice is derived from.
  uint64_t seed = 0;
  /// Shuffle: the warp width is chosen from the seed too (1 to 64, a power of two);
  /// false keeps ExecOptions::warpWidth.
  bool chooseWarpWidth = true;

  /// Parses "ordered", "reverse", "shuffle" (a seed from the system's random source) or
  /// "shuffle:SEED" (decimal); anything else raises spvsim::Error.
  static Schedule parse(const std::string &text);
  /// "ordered", "reverse" or "shuffle:SEED": the form parse() reads back.
  std::string name() const;
  bool ordered() const { return order == Order::Ordered; }
  /// The warp width a launch runs with when ExecOptions::warpWidth is `requested`.
  uint32_t warpWidth(uint32_t requested) const;
};

} // namespace spvsim
