// Combining values across work-items for reductions, scans, broadcasts and
// all/any (OpenCL C work_group_* and sub_group_* functions).
#include "lower/collective.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

namespace spvsim {

namespace {

template <class T> T from(uint64_t bits) {
  T v;
  std::memcpy(&v, &bits, sizeof(T)); // little-endian: the low bytes
  return v;
}
template <class T> uint64_t to(T v) {
  uint64_t bits = 0;
  std::memcpy(&bits, &v, sizeof(T));
  return bits;
}

/// std::numeric_limits has no _Float16: its limits come from float's, which convert exactly.
/// (and <cmath> has no _Float16 overloads: it computes as float, which rounds back exactly).
template <class T> using Wide = std::conditional_t<std::is_same_v<T, _Float16>, float, T>;
template <class T> using LimitsOf = std::numeric_limits<Wide<T>>;

template <class T> T identity(Collective::Arith a) {
  using L = LimitsOf<T>;
  switch (a) {
  case Collective::Arith::UMin:
  case Collective::Arith::SMin:
    return T(L::max());
  case Collective::Arith::FMin:
    return T(L::infinity());
  case Collective::Arith::UMax:
  case Collective::Arith::SMax:
    return T(L::lowest());
  case Collective::Arith::FMax:
    return T(-L::infinity());
  case Collective::Arith::IMul:
  case Collective::Arith::FMul:
    return T(1);
  case Collective::Arith::And:
    if constexpr (std::is_integral_v<T>) return T(~T(0));
    return T(0);
  default:
    return T(0);
  }
}

template <class T> T combine(Collective::Arith a, T x, T y) {
  switch (a) {
  case Collective::Arith::IAdd:
  case Collective::Arith::FAdd:
    return static_cast<T>(x + y);
  case Collective::Arith::UMin:
  case Collective::Arith::SMin:
    return y < x ? y : x;
  case Collective::Arith::FMin:
    return static_cast<T>(std::fmin(Wide<T>(x), Wide<T>(y)));
  case Collective::Arith::UMax:
  case Collective::Arith::SMax:
    return y > x ? y : x;
  case Collective::Arith::FMax:
    return static_cast<T>(std::fmax(Wide<T>(x), Wide<T>(y)));
  case Collective::Arith::IMul:
  case Collective::Arith::FMul:
    if constexpr (std::is_integral_v<T>)
      return static_cast<T>(uint64_t(x) * uint64_t(y)); // IMul is on unsigned values
    else
      return x * y;
  default:
    break;
  }
  if constexpr (std::is_integral_v<T>) {
    switch (a) {
    case Collective::Arith::And:
      return T(x & y);
    case Collective::Arith::Or:
      return T(x | y);
    case Collective::Arith::Xor:
      return T(x ^ y);
    default:
      break;
    }
  }
  return x;
}

template <class T> void scan(const Collective &c, std::span<uint64_t> values) {
  T acc = identity<T>(c.arith);
  if (c.kind == Collective::Kind::Reduce) {
    for (uint64_t v : values) acc = combine(c.arith, acc, from<T>(v));
    for (uint64_t &v : values) v = to(acc);
    return;
  }
  for (uint64_t &v : values) {
    T x = from<T>(v);
    if (c.kind == Collective::Kind::ExclusiveScan) {
      v = to(acc);
      acc = combine(c.arith, acc, x);
    } else {
      acc = combine(c.arith, acc, x);
      v = to(acc);
    }
  }
}

} // namespace

bool computeCollective(const Collective &c, std::span<uint64_t> values, uint64_t source) {
  switch (c.kind) {
  case Collective::Kind::All:
  case Collective::Kind::Any: {
    bool all = true, any = false;
    for (uint64_t v : values) all &= (v & 1) != 0, any |= (v & 1) != 0;
    for (uint64_t &v : values) v = c.kind == Collective::Kind::All ? all : any;
    return true;
  }
  case Collective::Kind::Broadcast: {
    if (source >= values.size()) return false;
    uint64_t v = values[source];
    for (uint64_t &x : values) x = v;
    return true;
  }
  case Collective::Kind::AsyncCopy:
    return true;
  default:
    break;
  }
  const bool isSigned = c.arith == Collective::Arith::SMin || c.arith == Collective::Arith::SMax;
  if (c.isFloat) {
    if (c.bytes == 8)
      scan<double>(c, values);
    else if (c.bytes == 4)
      scan<float>(c, values);
    else // half (cl_khr_subgroup_extended_types with cl_khr_fp16): each step rounds to half
      scan<_Float16>(c, values);
  } else if (c.bytes == 8) {
    if (isSigned)
      scan<int64_t>(c, values);
    else
      scan<uint64_t>(c, values);
  } else if (c.bytes == 4) {
    if (isSigned)
      scan<int32_t>(c, values);
    else
      scan<uint32_t>(c, values);
  } else if (c.bytes == 2) {
    if (isSigned)
      scan<int16_t>(c, values);
    else
      scan<uint16_t>(c, values);
  } else if (isSigned) {
    scan<int8_t>(c, values);
  } else {
    scan<uint8_t>(c, values);
  }
  return true;
}

} // namespace spvsim
