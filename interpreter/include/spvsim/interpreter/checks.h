// CheckSet: which of the executor's checks a launch runs (`--checks LIST` of
// `spvsim run` and `spvsim exec`, SPVSIM_CHECKS of the runtime). Bounds checks
// are always on: a kernel's bad access never touches memory outside its
// allocation (docs/findings.md, "All checks are on by default").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace spvsim {

enum class Check : uint32_t {
  Bounds = 1u << 0,      ///< oob.*, null.deref (always on)
  Access = 1u << 1,      ///< access.* (read-only, write-only, released, mapped buffers)
  Barriers = 1u << 2,    ///< barrier.*
  Collectives = 1u << 3, ///< collective.*
  Ub = 1u << 4,          ///< ub.* (arithmetic undefined behaviour, unreachable)
  Timeout = 1u << 5,     ///< hang.*
  Races = 1u << 6,       ///< race.*
  Uninit = 1u << 7,      ///< uninit.read
  Misaligned = 1u << 8,  ///< misaligned
};

class CheckSet {
public:
  static constexpr uint32_t kAll = (1u << 9) - 1;

  /// Every check (the default).
  constexpr CheckSet() = default;
  static constexpr CheckSet only(uint32_t bits) { return CheckSet(bits | uint32_t(Check::Bounds)); }

  /// "all", or a comma-separated list of the names of checkNames(): spvsim::Error naming
  /// the unknown item otherwise. Bounds checks are added whatever the list says.
  static CheckSet parse(std::string_view list);
  /// The comma-separated names of the checks this set runs ("all" for every one).
  std::string describe() const;

  constexpr bool has(Check c) const { return (bits_ & uint32_t(c)) != 0; }
  constexpr uint32_t bits() const { return bits_; }
  friend constexpr bool operator==(CheckSet, CheckSet) = default;

private:
  constexpr explicit CheckSet(uint32_t bits) : bits_(bits) {}
  uint32_t bits_ = kAll;
};

/// "all, bounds, access, barriers, collectives, ub, timeout, races, uninit, misaligned":
/// the names CheckSet::parse accepts, for help texts.
const char *checkNames();

} // namespace spvsim
