// Handlers of the atomic family: every OpAtomic* on 32- and 64-bit integers
// and floats. Lanes of a warp go in lane order; across worker threads the
// update is a real host atomic (std::atomic_ref), so atomics act device-wide
// whatever scope the module names (OpenCL 1.2 atomics arrive with Workgroup
// scope); integer updates of a warp's lanes on one location are one host atomic. Memory semantics
// are honoured by making every atomic sequentially consistent. An atomic not aligned to its size is
// performed byte-wise under a lock (exec/misaligned_access.h).
#pragma once

#include <atomic>
#include <bit>
#include <cmath>
#include <cstdint>
#include <utility>

#include "exec/handlers_memory.h"
#include "exec/misaligned_access.h"

namespace spvsim::ops {

#define SPVSIM_ATOMIC_INT_FN(name, spvop, expr)                                                    \
  struct name##Fn {                                                                                \
    template <class U> static U apply([[maybe_unused]] U old, U b) {                               \
      [[maybe_unused]] auto S = [](U v) { return Signed<U>(v); };                                  \
      return static_cast<U>(expr);                                                                 \
    }                                                                                              \
  };
#define SPVSIM_ATOMIC_FLOAT_FN(name, spvop, expr)                                                  \
  struct name##Fn {                                                                                \
    template <class F> static F apply(F old, F b) { return expr; }                                 \
  };
SPVSIM_ATOMIC_INT_OPS(SPVSIM_ATOMIC_INT_FN)
SPVSIM_ATOMIC_FLOAT_OPS(SPVSIM_ATOMIC_FLOAT_FN)
#undef SPVSIM_ATOMIC_INT_FN
#undef SPVSIM_ATOMIC_FLOAT_FN

/// Runs `update(lane, address)` for each active lane whose atomic access is in
/// bounds. An address its size does not divide (reported by the misaligned check)
/// gets the update on a copy, byte-wise under a lock. Watchers hear of the atomic from
/// the warp loop (atomicDone, exec/execution_events.h).
template <bool IsWrite, class T, class Update>
inline void forAtomicLanes(const ExecState &x, const LoweredOp &op, Update update) {
  forAccessibleLanes<IsWrite>(x, op, sizeof(T), [&](uint32_t l, std::byte *addr) {
    if (reinterpret_cast<uintptr_t>(addr) % sizeof(T) != 0) [[unlikely]]
      return misalignedAtomic<T>(addr, [&](T *copy) { update(l, copy); });
    update(l, reinterpret_cast<T *>(addr));
  });
}

/// The integer read-modify-writes whose lanes on one location combine into one
/// host atomic: the location ends as Fn over every lane's operand in lane order
/// (a sum, an and, the last lane's value ...), and each lane's old value follows
/// from the location's old value and the operands of the lanes before it.
template <class Fn>
constexpr bool kCombinesInWarp =
    std::is_same_v<Fn, AtomicIAddFn> || std::is_same_v<Fn, AtomicISubFn> ||
    std::is_same_v<Fn, AtomicAndFn> || std::is_same_v<Fn, AtomicOrFn> ||
    std::is_same_v<Fn, AtomicXorFn> || std::is_same_v<Fn, AtomicExchangeFn>;

/// Whether two or more lanes are active and every active lane names the same address.
inline bool activeLanesShareAddress(const ExecState &x, const LoweredOp &op) {
  const uint64_t mask = x.maskOf(op);
  if (!(mask & (mask - 1))) return false;
  const uint64_t *p = x.reg<uint64_t>(op.a);
  const uint64_t p0 = p[std::countr_zero(mask)];
  if (p[63 - std::countl_zero(mask)] != p0) return false; // lanes on many locations
  uint64_t differ = 0;
  for (uint32_t l = 0; l < x.width; ++l) differ |= (p[l] ^ p0) & (0 - ((mask >> l) & 1));
  return differ == 0;
}

/// atomicUpdate of lanes on one aligned location as one host atomic: the lanes take
/// effect one after another in lane order, with no other thread's access between
/// them (one of the orders lanes of a warp may take). A warp of a contended counter
/// or exchange pays one locked instruction instead of one per lane.
template <class U, class Fn>
inline void combinedAtomicUpdate(U *addr, uint64_t lanes, U *d, const U *b) {
  std::atomic_ref<U> ref(*addr);
  if constexpr (std::is_same_v<Fn, AtomicExchangeFn>) {
    U previous = ref.exchange(b[63 - std::countl_zero(lanes)]);
    for (uint64_t m = lanes; m; m &= m - 1) {
      const auto l = static_cast<uint32_t>(std::countr_zero(m));
      d[l] = std::exchange(previous, b[l]);
    }
    return;
  }
  // The lanes' operands folded: the sum for add and subtract, else Fn itself.
  const bool sums = std::is_same_v<Fn, AtomicISubFn>;
  U total = std::is_same_v<Fn, AtomicAndFn> ? U(~U(0)) : U(0);
  for (uint64_t m = lanes; m; m &= m - 1) {
    const U v = b[std::countr_zero(m)];
    total = sums ? U(total + v) : Fn::apply(total, v);
  }
  U previous;
  if constexpr (std::is_same_v<Fn, AtomicIAddFn>) previous = ref.fetch_add(total);
  if constexpr (std::is_same_v<Fn, AtomicISubFn>) previous = ref.fetch_sub(total);
  if constexpr (std::is_same_v<Fn, AtomicAndFn>) previous = ref.fetch_and(total);
  if constexpr (std::is_same_v<Fn, AtomicOrFn>) previous = ref.fetch_or(total);
  if constexpr (std::is_same_v<Fn, AtomicXorFn>) previous = ref.fetch_xor(total);
  for (uint64_t m = lanes; m; m &= m - 1) {
    const auto l = static_cast<uint32_t>(std::countr_zero(m));
    d[l] = std::exchange(previous, Fn::apply(previous, b[l]));
  }
}

/// d = old value; *a = Fn(old, b). `T` is the value type, `Bits` its storage.
template <class T, class Fn> inline void atomicUpdate(const ExecState &x, const LoweredOp &op) {
  using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  T *d = x.reg<T>(op.d);
  const T *b = x.reg<T>(op.b);
  auto update = [&](uint32_t l, Bits *addr) {
    std::atomic_ref<Bits> ref(*addr);
    // One locked instruction where the host has it: far cheaper than a
    // compare-exchange loop when threads contend for the same address.
    if constexpr (std::is_integral_v<T>) {
      if constexpr (std::is_same_v<Fn, AtomicIAddFn>) return void(d[l] = ref.fetch_add(b[l]));
      if constexpr (std::is_same_v<Fn, AtomicISubFn>) return void(d[l] = ref.fetch_sub(b[l]));
      if constexpr (std::is_same_v<Fn, AtomicAndFn>) return void(d[l] = ref.fetch_and(b[l]));
      if constexpr (std::is_same_v<Fn, AtomicOrFn>) return void(d[l] = ref.fetch_or(b[l]));
      if constexpr (std::is_same_v<Fn, AtomicXorFn>) return void(d[l] = ref.fetch_xor(b[l]));
      if constexpr (std::is_same_v<Fn, AtomicExchangeFn>) return void(d[l] = ref.exchange(b[l]));
    }
    Bits old = ref.load();
    for (;;) {
      T oldValue = std::bit_cast<T>(old);
      Bits next = std::bit_cast<Bits>(static_cast<T>(Fn::apply(oldValue, b[l])));
      if (ref.compare_exchange_weak(old, next)) {
        d[l] = oldValue;
        return;
      }
    }
  };
  if constexpr (std::is_same_v<T, Bits> && kCombinesInWarp<Fn>) {
    if (activeLanesShareAddress(x, op)) {
      // The checks run per lane as before; every lane they allow has the same address.
      uint64_t lanes = 0;
      std::byte *at = nullptr;
      forAccessibleLanes<true>(x, op, sizeof(Bits), [&](uint32_t l, std::byte *addr) {
        lanes |= laneBit(l);
        at = addr;
      });
      if (!lanes) return;
      if (reinterpret_cast<uintptr_t>(at) % sizeof(Bits) == 0)
        return combinedAtomicUpdate<Bits, Fn>(reinterpret_cast<Bits *>(at), lanes, d, b);
      for (uint64_t m = lanes; m; m &= m - 1)
        misalignedAtomic<Bits>(at,
                               [&](Bits *copy) { update(uint32_t(std::countr_zero(m)), copy); });
      return;
    }
  }
  forAtomicLanes<true, Bits>(x, op, update);
}

template <class T> inline void atomicLoad(const ExecState &x, const LoweredOp &op) {
  T *d = x.reg<T>(op.d);
  forAtomicLanes<false, T>(x, op,
                           [&](uint32_t l, T *addr) { d[l] = std::atomic_ref<T>(*addr).load(); });
}

template <class T> inline void atomicStore(const ExecState &x, const LoweredOp &op) {
  const T *v = x.reg<T>(op.b);
  forAtomicLanes<true, T>(x, op,
                          [&](uint32_t l, T *addr) { std::atomic_ref<T>(*addr).store(v[l]); });
}

/// d = *a; if it equals c (the comparator), *a = b.
template <class T> inline void atomicCompareExchange(const ExecState &x, const LoweredOp &op) {
  T *d = x.reg<T>(op.d);
  const T *value = x.reg<T>(op.b), *comparator = x.reg<T>(op.c);
  forAtomicLanes<true, T>(x, op, [&](uint32_t l, T *addr) {
    T expected = comparator[l];
    std::atomic_ref<T>(*addr).compare_exchange_strong(expected, value[l]);
    d[l] = expected; // the old value either way
  });
}

} // namespace spvsim::ops
