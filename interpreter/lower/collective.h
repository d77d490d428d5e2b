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
    AsyncCopy,
    // OpGroupNonUniform* (SPIR-V 1.3, the cl_khr_subgroup_* extensions): over the
    // lanes of the warp that execute the instruction.
    Elect,
    AllEqual,
    BroadcastFirst,
    Ballot,           ///< result: a uint4 of lane bits
    InverseBallot,    ///< value: a uint4; result: this lane's bit
    BallotBitExtract, ///< value: a uint4, extra: the bit index
    BallotBitCount,   ///< value: a uint4; op: Reduce / InclusiveScan / ExclusiveScan
    BallotFindLSB,
    BallotFindMSB,
    Shuffle,    ///< extra: the source lane
    ShuffleXor, ///< extra: the lane mask
    ShuffleUp,  ///< extra: the delta
    ShuffleDown ///< extra: the delta
  };
  enum class Arith : uint8_t {
    None,
    IAdd,
    FAdd,
    UMin,
    SMin,
    FMin,
    UMax,
    SMax,
    FMax,
    IMul,
    FMul,
    And,
    Or,
    Xor
  };
  Kind kind = Kind::Reduce;
  Arith arith = Arith::None;
  uint8_t bytes = 4; ///< value size per work-item
  bool isFloat = false;
  uint32_t instruction = ~0u;
  uint32_t idComponents = 0; ///< Broadcast: how many local-id components the module gives
  uint8_t idBytes = 8;       ///< Broadcast: bytes per local-id component
  uint64_t elementBytes = 0; ///< AsyncCopy: size of one element
  bool nonUniform = false;   ///< OpGroupNonUniform*: over the active lanes only
  /// OpGroupNonUniform* arithmetic: the scan/reduce kind; ClusteredReduce's cluster size.
  Kind scanKind = Kind::Reduce;
  uint32_t clusterSize = 0;
  /// ClusteredReduce whose cluster size is not a constant (clang -O2 merges the cases of
  /// a switch over constant sizes into one call): the size is the extra operand's value.
  bool clusterSizeOperand = false;
  uint8_t extraBytes = 4; ///< bytes of the extra operand (lane id, delta, bit index)
};

/// Computes a collective in place over `values` (one per work-item, in local
/// linear order; raw bits, zero-extended). Broadcast reads the source item from
/// `source`. Returns false when the broadcast source is out of range.
bool computeCollective(const Collective &c, std::span<uint64_t> values, uint64_t source);

} // namespace spvsim
