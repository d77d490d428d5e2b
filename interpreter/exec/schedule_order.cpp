// Schedule parsing and the seeded orders of exec/schedule_order.h.
#include "exec/schedule_order.h"

#include <numeric>
#include <random>
#include <utility>

#include "spvsim/common/error.h"

namespace spvsim {

namespace {

/// Shuffled launches of more groups than this use the affine order (no table).
constexpr uint64_t kMaxGroupTable = uint64_t(1) << 22;

} // namespace

Schedule Schedule::parse(const std::string &text) {
  Schedule s;
  if (text == "ordered") return s;
  if (text == "reverse") {
    s.order = Order::Reverse;
    return s;
  }
  s.order = Order::Shuffle;
  if (text == "shuffle") {
    std::random_device device;
    s.seed = (uint64_t(device()) << 32) ^ device();
    return s;
  }
  const std::string prefix = "shuffle:";
  if (text.rfind(prefix, 0) == 0 && text.size() > prefix.size() &&
      text.size() <= prefix.size() + 20 &&
      text.find_first_not_of("0123456789", prefix.size()) == std::string::npos) {
    try {
      s.seed = std::stoull(text.substr(prefix.size()));
      return s;
    } catch (const std::exception &) {
    }
  }
  throw Error("schedule '" + text + "' is not ordered, reverse, shuffle or shuffle:SEED");
}

std::string Schedule::name() const {
  switch (order) {
  case Order::Ordered:
    return "ordered";
  case Order::Reverse:
    return "reverse";
  case Order::Shuffle:
    break;
  }
  return "shuffle:" + std::to_string(seed);
}

uint32_t Schedule::warpWidth(uint32_t requested) const {
  if (order != Order::Shuffle || !chooseWarpWidth) return requested;
  return uint32_t(1) << (scheduleMix(seed ^ 0x77617270ull) % 7); // 1, 2, ..., 64
}

uint64_t scheduleMix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

void scheduleShuffle(std::span<uint32_t> items, uint64_t key) {
  uint64_t state = key;
  for (size_t i = items.size(); i > 1; --i) {
    state = scheduleMix(state);
    std::swap(items[i - 1], items[state % i]);
  }
}

GroupOrder::GroupOrder(const Schedule &schedule, uint64_t totalGroups)
    : order_(schedule.order), total_(totalGroups) {
  if (order_ != Schedule::Order::Shuffle || total_ == 0) return;
  if (total_ <= kMaxGroupTable) {
    table_.resize(total_);
    std::iota(table_.begin(), table_.end(), uint64_t(0));
    uint64_t state = scheduleMix(schedule.seed ^ 0x67726f7570ull);
    for (uint64_t i = total_; i > 1; --i) {
      state = scheduleMix(state);
      std::swap(table_[i - 1], table_[state % i]);
    }
    return;
  }
  offset_ = scheduleMix(schedule.seed) % total_;
  stride_ = scheduleMix(schedule.seed + 1) % total_ | 1;
  while (std::gcd(stride_, total_) != 1) stride_ += 2;
}

} // namespace spvsim
