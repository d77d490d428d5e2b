// UninitProgram: how each op of a kernel moves and uses undefined values, for
// the uninit check (interpreter/DESIGN.md, "Uninitialized values"). Built once
// per launch from the op table's operand lists (lower/op_operands.h), so that
// the checked loop looks up a rule per op instead of decoding the op again.
#pragma once

#include <cstdint>
#include <vector>

#include "lower/program.h"

namespace spvsim {

enum class ShadowRule : uint8_t {
  None,           ///< writes no slot and uses nothing (control flow, WrapCheck)
  Generic,        ///< every written slot is wholly undefined where any read byte is
  Move,           ///< d ← a, byte by byte (Mov, PtrAdd)
  Select,         ///< d ← b or c as a chooses; an undefined a makes d undefined
  ConvertInt,     ///< integer width change: bytes stay, extension bytes are defined
  BitAnd,         ///< per byte; a defined zero byte in either operand defines it
  BitOr,          ///< per byte; a defined 0xff byte in either operand defines it
  Shift,          ///< by a defined amount the undefined bytes shift with the value
  Load,           ///< d ← memory at a (+ index c); the pointer and index are uses
  Store,          ///< memory ← the value; pointer and index are uses, and so is a
                  ///< wholly undefined value stored to global memory
  AtomicLoad,     ///< d ← memory at a; the pointer is a use
  AtomicStore,    ///< pointer and value are uses; memory becomes defined
  AtomicExchange, ///< pointer and value are uses; d ← memory, which becomes defined
  AtomicUpdate,   ///< pointer, operands and the value in memory are uses (RMW, CAS)
  ExtractDynamic, ///< d ← component b of a; the index is a use
  InsertDynamic,  ///< component b of d ← a; the index is a use
  Use,            ///< every read is a use, every write defined (branches, collectives, printf)
  Define,         ///< every write defined (built-ins, collective results)
};

/// Consecutive slots: `count` slots from slot `slot` (an index, not a byte offset).
struct SlotRun {
  uint32_t slot = 0;
  uint32_t count = 1;
};

struct UninitOp {
  ShadowRule rule = ShadowRule::None;
  uint8_t bytes = 0;   ///< the value's bytes (access size; ConvertInt: the source's)
  uint8_t toBytes = 0; ///< ConvertInt: the result's bytes
  uint8_t flags = 0;   ///< kUninitSigned, kUninitIndexed, kUninitShl / kUninitShrA
  uint32_t runs = 0;   ///< first of its SlotRuns in UninitProgram::runs: reads, then writes
  uint16_t reads = 0, writes = 0;
  /// The slot indices of the op's fields d, a, b and c (where they name slots).
  uint32_t d = 0, a = 0, b = 0, c = 0;
};

inline constexpr uint8_t kUninitSigned = 1;  ///< ConvertInt from a signed integer
inline constexpr uint8_t kUninitIndexed = 2; ///< Load / Store: LoadIndexed / StoreIndexed
inline constexpr uint8_t kUninitShl = 4;     ///< Shift: left (else right)
inline constexpr uint8_t kUninitShrA = 8;    ///< Shift: arithmetic right

struct UninitProgram {
  std::vector<UninitOp> ops; ///< by op index
  std::vector<SlotRun> runs;
  /// By op index: the op's rule reads or writes memory shadow (atomics), so it runs even
  /// when no register of the warp is undefined.
  std::vector<uint8_t> touchesMemory;
};

/// The rules of every op of `k`.
UninitProgram buildUninitProgram(const LoweredKernel &k);

} // namespace spvsim
