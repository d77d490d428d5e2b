// Collective: what a work-group or sub-group function computes (OpGroup*
// instructions and OpGroupAsyncCopy), and the combining of values across
// work-items shared by the work-group rendezvous and the sub-group ops.
#pragma once

#include <cstdint>
#include <span>

namespace spvsim {

struct Collective {
  enum class Kind : uint8_t {
    Reduce,
    InclusiveScan,
    ExclusiveScan,
    Broadcast,
    All,
    Any,
    AsyncCopy
  };
  enum class Arith : uint8_t { None, IAdd, FAdd, UMin, SMin, FMin, UMax, SMax, FMax };
  Kind kind = Kind::Reduce;
  Arith arith = Arith::None;
  uint8_t bytes = 4; ///< value size per work-item
  bool isFloat = false;
  uint32_t instruction = ~0u;
  uint32_t idComponents = 0; ///< Broadcast: how many local-id components the module gives
  uint8_t idBytes = 8;       ///< Broadcast: bytes per local-id component
  uint64_t elementBytes = 0; ///< AsyncCopy: size of one element
};

/// Computes a collective in place over `values` (one per work-item, in local
/// linear order; raw bits, zero-extended). Broadcast reads the source item from
/// `source`. Returns false when the broadcast source is out of range.
bool computeCollective(const Collective &c, std::span<uint64_t> values, uint64_t source);

} // namespace spvsim
