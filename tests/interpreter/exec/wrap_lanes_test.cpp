// The WrapCheck lane masks (exec/wrap_lanes.h) against the exact result in 128
// bits: every op kind, width and signedness, on the values at each type's edges
// and on random ones, and a warp's mask built lane by lane.
#include "exec/wrap_lanes.h"

#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

namespace spvsim::ops {
namespace {

/// The oracle: a op b computed exactly, compared with U's range as signed or unsigned.
template <class U> bool exactWraps(WrapOp kind, U a, U b, bool isSigned) {
  using W = __int128;
  using S = std::make_signed_t<U>;
  const W x = isSigned ? W(S(a)) : W(a), y = isSigned ? W(S(b)) : W(b);
  W exact = 0;
  switch (kind) {
  case WrapOp::Add:
    exact = x + y;
    break;
  case WrapOp::Sub:
    exact = x - y;
    break;
  // A product outside __int128 (64-bit unsigned operands) is outside U's range too.
  case WrapOp::Mul:
    if (__builtin_mul_overflow(x, y, &exact)) return true;
    break;
  case WrapOp::ShiftLeft:
    if (b >= sizeof(U) * 8) return false;
    if (__builtin_mul_overflow(x, W(1) << unsigned(b), &exact)) return true;
    break;
  case WrapOp::Negate:
    exact = -x;
    break;
  }
  const W lo = isSigned ? W(std::numeric_limits<S>::min()) : 0;
  const W hi = isSigned ? W(std::numeric_limits<S>::max()) : W(std::numeric_limits<U>::max());
  return exact < lo || exact > hi;
}

template <class U> std::vector<U> edgeValues() {
  using S = std::make_signed_t<U>;
  const U bits = U(sizeof(U) * 8);
  std::vector<U> v = {0, 1, 2, 3, U(bits - 1), bits, U(bits + 1), U(~U(0)), U(~U(0) - 1)};
  for (U s : {U(std::numeric_limits<S>::max()), U(std::numeric_limits<S>::min())})
    for (int d = -2; d <= 2; ++d) v.push_back(U(s + U(d)));
  const U half = U(U(1) << (bits / 2));
  for (U h : {half, U(half - 1), U(half + 1)}) v.push_back(h);
  return v;
}

template <class U> void checkEveryKind() {
  std::vector<U> values = edgeValues<U>();
  std::mt19937_64 rng(sizeof(U));
  for (int i = 0; i < 60; ++i) values.push_back(U(rng()));
  constexpr WrapOp kKinds[] = {WrapOp::Add, WrapOp::Sub, WrapOp::Mul, WrapOp::ShiftLeft,
                               WrapOp::Negate};
  const uint32_t flags = kNoSignedWrap | kNoUnsignedWrap;
  for (WrapOp kind : kKinds) {
    // Each a against every b, one warp of up to 64 lanes at a time.
    for (U a : values) {
      for (size_t first = 0; first < values.size(); first += 64) {
        const uint32_t width = uint32_t(std::min<size_t>(64, values.size() - first));
        std::vector<U> as(width, a), bs(values.begin() + first, values.begin() + first + width);
        uint64_t s = 0, u = 0;
        wrappedLanes<U>(as.data(), bs.data(), width, flags | uint32_t(kind), &s, &u);
        for (uint32_t l = 0; l < width; ++l) {
          ASSERT_EQ((s >> l) & 1, exactWraps<U>(kind, a, bs[l], true))
              << "signed, kind " << int(kind) << ", bytes " << sizeof(U) << ", " << uint64_t(a)
              << " and " << uint64_t(bs[l]);
          ASSERT_EQ((u >> l) & 1, exactWraps<U>(kind, a, bs[l], false))
              << "unsigned, kind " << int(kind) << ", bytes " << sizeof(U) << ", " << uint64_t(a)
              << " and " << uint64_t(bs[l]);
        }
      }
    }
  }
}

TEST(WrapLanes, EveryKindMatchesTheExactResult8) {
  checkEveryKind<uint8_t>();
}
TEST(WrapLanes, EveryKindMatchesTheExactResult16) {
  checkEveryKind<uint16_t>();
}
TEST(WrapLanes, EveryKindMatchesTheExactResult32) {
  checkEveryKind<uint32_t>();
}
TEST(WrapLanes, EveryKindMatchesTheExactResult64) {
  checkEveryKind<uint64_t>();
}

// Only the decorations the instruction has are checked; lanes past the width stay clear.
TEST(WrapLanes, OnlyTheDecoratedSignednessAndTheWarpsLanes) {
  std::vector<uint32_t> a(64, 0x7fffffffu), b(64, 1);
  a[3] = 0xffffffffu; // -1 + 1: no signed wrap, an unsigned one
  uint64_t s = 0, u = 0;
  wrappedLanes<uint32_t>(a.data(), b.data(), 8, kNoSignedWrap | uint32_t(WrapOp::Add), &s, &u);
  EXPECT_EQ(s, 0xf7u);
  EXPECT_EQ(u, 0u);
  wrappedLanes<uint32_t>(a.data(), b.data(), 8, kNoUnsignedWrap | uint32_t(WrapOp::Add), &s, &u);
  EXPECT_EQ(s, 0u);
  EXPECT_EQ(u, 0x08u);
  wrappedLanes<uint32_t>(a.data(), b.data(), 64, kNoSignedWrap | uint32_t(WrapOp::Add), &s, &u);
  EXPECT_EQ(s, ~uint64_t(0) & ~uint64_t(8));
}

} // namespace
} // namespace spvsim::ops
