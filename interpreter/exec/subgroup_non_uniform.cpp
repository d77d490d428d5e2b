// The non-uniform sub-group functions (OpGroupNonUniform*, lower/collective.h
// kinds Elect ... ShuffleDown and the arithmetic ones with nonUniform set):
// a sub-group is a warp, and the lanes of the op's mask are the active
// invocations the SPIR-V 1.3 definitions quantify over. Lane l's sub-group
// local id is l.
#include <algorithm>
#include <bit>
#include <cstring>

#include "exec/handlers_collective.h"

namespace spvsim::ops {

namespace {

using K = Collective::Kind;

/// The 64 lane bits of a uint4 ballot (components 0 and 1) held by lane l.
uint64_t ballotBits(const ExecState &x, uint32_t slot, uint32_t l) {
  const uint32_t stride = x.width * 8;
  return laneBits(x, slot, 4, l) | (laneBits(x, slot + stride, 4, l) << 32);
}

bool equalValues(const Collective &c, uint64_t a, uint64_t b) {
  if (!c.isFloat) return a == b;
  if (c.bytes == 8) return std::bit_cast<double>(a) == std::bit_cast<double>(b);
  if (c.bytes == 4) return std::bit_cast<float>(uint32_t(a)) == std::bit_cast<float>(uint32_t(b));
  return _Float16(std::bit_cast<_Float16>(uint16_t(a))) ==
         _Float16(std::bit_cast<_Float16>(uint16_t(b)));
}

/// Reduces or scans the active lanes of each cluster (the whole warp without one).
void arithmetic(const ExecState &x, const LoweredOp &op, const Collective &c, uint64_t mask,
                uint64_t *results) {
  uint32_t cluster = c.clusterSize ? c.clusterSize : x.width;
  if (c.clusterSizeOperand) {
    // Dynamically uniform (SPIR-V §3.52.21): the first active lane's. Undefined unless a
    // power of two of at most the sub-group size: rounded down to one, at least 1.
    const uint64_t size = laneBits(x, op.b, c.extraBytes, uint32_t(std::countr_zero(mask)));
    cluster = size == 0 ? 1 : uint32_t(std::bit_floor(std::min<uint64_t>(size, x.width)));
  }
  Collective combined = c;
  combined.nonUniform = false;
  for (uint32_t first = 0; first < x.width; first += cluster) {
    uint64_t values[64];
    uint32_t lanes[64], n = 0;
    for (uint32_t l = first; l < first + cluster && l < x.width; ++l)
      if ((mask >> l) & 1) lanes[n] = l, values[n++] = laneBits(x, op.a, c.bytes, l);
    computeCollective(combined, std::span<uint64_t>(values, n), 0);
    for (uint32_t k = 0; k < n; ++k) results[lanes[k]] = values[k];
  }
}

} // namespace

void subgroupNonUniform(const ExecState &x, const LoweredOp &op) {
  const Collective &c = x.launch->kernel->collectives[op.aux];
  const uint64_t mask = x.maskOf(op);
  if (!mask) return;
  const uint32_t first = static_cast<uint32_t>(std::countr_zero(mask));
  uint64_t results[64] = {};
  auto value = [&](uint32_t l) { return laneBits(x, op.a, c.bytes, l); };
  auto extra = [&](uint32_t l) { return laneBits(x, op.b, c.extraBytes, l); };
  // A lane outside the sub-group (or not executing) gives an undefined value: 0 here.
  auto valueOfLane = [&](uint64_t lane) { return lane < x.width ? value(uint32_t(lane)) : 0; };
  const uint64_t subGroupBits = x.width >= 64 ? ~uint64_t(0) : (uint64_t(1) << x.width) - 1;
  for (uint32_t l = 0; l < x.width; ++l) {
    if (!((mask >> l) & 1)) continue;
    uint64_t &r = results[l];
    switch (c.kind) {
    case K::Elect:
      r = l == first;
      break;
    case K::All:
    case K::Any: {
      bool all = true, any = false;
      for (uint32_t k = 0; k < x.width; ++k)
        if ((mask >> k) & 1) all &= (value(k) & 1) != 0, any |= (value(k) & 1) != 0;
      r = c.kind == K::All ? all : any;
      break;
    }
    case K::AllEqual: {
      bool same = true;
      for (uint32_t k = 0; k < x.width; ++k)
        if ((mask >> k) & 1) same &= equalValues(c, value(k), value(first));
      r = same;
      break;
    }
    case K::Broadcast:
      // The Id must be dynamically uniform (SPIR-V §3.52.24); each lane reads its own, which
      // is the same when it is, and what the source meant when clang -O2 merged the
      // broadcasts of an if and its else into one with a per-lane Id (validator/RULES.md).
      r = valueOfLane(extra(l));
      break;
    case K::BroadcastFirst:
      r = value(first);
      break;
    case K::Ballot: {
      uint64_t bits = 0;
      for (uint32_t k = 0; k < x.width; ++k)
        if ((mask >> k) & 1 && (value(k) & 1)) bits |= uint64_t(1) << k;
      // Components 0 and 1 hold the 64 lane bits, 2 and 3 are zero.
      const uint32_t stride = x.width * 8;
      for (uint32_t k = 0; k < 4; ++k) {
        const uint32_t word = k < 2 ? uint32_t(bits >> (32 * k)) : 0;
        std::memcpy(x.regs + op.d + k * stride + size_t(l) * 4, &word, 4);
      }
      continue;
    }
    case K::InverseBallot:
      r = (ballotBits(x, op.a, l) >> l) & 1;
      break;
    case K::BallotBitExtract: {
      const uint64_t bit = extra(l);
      r = bit < 64 ? (ballotBits(x, op.a, l) >> bit) & 1 : 0;
      break;
    }
    case K::BallotBitCount: {
      const uint64_t bits = ballotBits(x, op.a, l) & x.warp->present;
      const uint64_t below = l == 63 ? ~uint64_t(0) >> 1 : (uint64_t(1) << l) - 1;
      r = std::popcount(c.scanKind == K::Reduce          ? bits
                        : c.scanKind == K::ExclusiveScan ? bits & below
                                                         : bits & (below | (uint64_t(1) << l)));
      break;
    }
    // Only the bits a sub-group's invocations can have count (SPIR-V §3.52.24,
    // OpGroupNonUniformBallotFindLSB/MSB): those below the sub-group size, also in a
    // last sub-group with fewer work-items (as the conformance suite checks); a ballot
    // value the program makes may have others set.
    case K::BallotFindLSB: {
      const uint64_t bits = ballotBits(x, op.a, l) & subGroupBits;
      r = bits ? uint64_t(std::countr_zero(bits)) : ~uint64_t(0);
      break;
    }
    case K::BallotFindMSB: {
      const uint64_t bits = ballotBits(x, op.a, l) & subGroupBits;
      r = bits ? uint64_t(63 - std::countl_zero(bits)) : ~uint64_t(0);
      break;
    }
    case K::Shuffle:
      r = valueOfLane(extra(l));
      break;
    case K::ShuffleXor:
      r = valueOfLane(l ^ extra(l));
      break;
    case K::ShuffleUp:
      r = extra(l) <= l ? value(uint32_t(l - extra(l))) : 0;
      break;
    case K::ShuffleDown:
      r = valueOfLane(l + extra(l));
      break;
    default:
      arithmetic(x, op, c, mask, results);
      l = x.width; // every lane's result is computed
      break;
    }
  }
  if (c.kind == K::Ballot) return;
  for (uint32_t l = 0; l < x.width; ++l)
    if ((mask >> l) & 1) std::memcpy(x.regs + op.d + size_t(l) * op.c, &results[l], op.c);
}

} // namespace spvsim::ops
