// The uninitialized-value state of one warp (interpreter/DESIGN.md,
// "Uninitialized values"): which bytes of its registers and of its lanes'
// private variables are undefined, and where undefined register values came
// from. Empty unless the launch runs the uninit check.
#pragma once

#include <cstdint>
#include <vector>

namespace spvsim {

/// Where the undefined bytes of a slot came from: the load that read them.
struct ShadowOrigin {
  uint32_t op = ~0u;    ///< index of the load in LoweredKernel::ops (~0u: unknown)
  uint32_t bytes = 0;   ///< how many bytes it read
  uint64_t pointer = 0; ///< what it read: the first lane's pointer, access offset included
};

struct WarpShadow {
  /// Per slot and lane (a slot's byte offset / 8 + lane): bit k set when byte k of the
  /// lane's value is undefined.
  std::vector<uint8_t> registers;
  /// Per byte of Warp::privateArena: kDefinedByte once written (shadow/defined_shadow.h).
  std::vector<uint8_t> privateArena;
  /// Per slot, a bit: some lane's shadow byte may be nonzero. A clean slot is defined in
  /// every lane, so ops that only read and write clean slots have nothing to do.
  std::vector<uint64_t> dirty;
  uint32_t dirtySlots = 0; ///< how many bits of `dirty` are set: none, no register work
  /// Per slot: the origin of its undefined bytes.
  std::vector<ShadowOrigin> origins;
};

} // namespace spvsim
