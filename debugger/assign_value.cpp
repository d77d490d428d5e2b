// Evaluator::assign (evaluator.h): `set var` and DAP's setVariable store a value in a
// scalar in memory, converted as C's simple assignment converts to the left operand's
// type (C99 §6.5.16.1 and §6.3.1, which OpenCL C follows).
#include <algorithm>
#include <cmath>
#include <cstring>

#include "evaluator.h"
#include "memory/tagged_pointer.h"
#include "spvsim/common/error.h"

namespace spvsim::debugger {

namespace {

using Kind = ValueType::Kind;

/// A scalar's value as a double and as an integer (whichever the type holds exactly).
struct Number {
  bool real = false;
  double d = 0;
  int64_t i = 0;
};

Number numberOf(const ValueType &t, uint64_t bits) {
  Number n;
  switch (t.kind) {
  case Kind::Float:
    n.real = true;
    if (t.bytes == 4) {
      float f;
      const auto b = uint32_t(bits);
      std::memcpy(&f, &b, 4);
      n.d = f;
    } else if (t.bytes == 8) {
      std::memcpy(&n.d, &bits, 8);
    } else {
      throw Error("Cannot assign from a " + t.name + " (only float and double).");
    }
    return n;
  case Kind::Int:
  case Kind::UInt:
    n.i = integerValue(t, bits); // sign- or zero-extended from the value's bits
    return n;
  case Kind::Bool:
  case Kind::Pointer:
    n.i = t.bytes >= 8 ? int64_t(bits) : int64_t(bits & ((uint64_t(1) << (8 * t.bytes)) - 1));
    return n;
  default:
    throw Error("Cannot assign from a " + t.name + ".");
  }
}

/// The bits of `n` as a value of type `t` (C's conversions; an integer is truncated to
/// its width, as an unsigned conversion and as the two's-complement targets do).
uint64_t bitsAs(const ValueType &t, const Number &n) {
  switch (t.kind) {
  case Kind::Float:
    if (t.bytes == 4) {
      const float f = n.real ? float(n.d) : float(n.i);
      uint32_t b;
      std::memcpy(&b, &f, 4);
      return b;
    }
    if (t.bytes == 8) {
      const double d = n.real ? n.d : double(n.i);
      uint64_t b;
      std::memcpy(&b, &d, 8);
      return b;
    }
    break;
  case Kind::Bool:
    return n.real ? n.d != 0 : n.i != 0;
  case Kind::Int:
  case Kind::UInt:
  case Kind::Pointer: {
    if (n.real && !std::isfinite(n.d)) throw Error("Cannot convert " + std::to_string(n.d) + ".");
    const auto i = n.real ? uint64_t(int64_t(std::trunc(n.d))) : uint64_t(n.i);
    // An integer narrower than its storage (`_BitInt(40)`) is kept zero-extended.
    const uint32_t bits = t.kind == Kind::Pointer ? 8 * t.bytes : t.integerBits();
    return bits >= 64 ? i : i & ((uint64_t(1) << bits) - 1);
  }
  default:
    break;
  }
  throw Error("Cannot assign to a " + t.name + ".");
}

} // namespace

StateEdit Evaluator::assign(const Value &target, const Value &value) const {
  if (!x_.warp) throw Error("Cannot assign here: " + noWorkItem_ + ".");
  if (!target.type) throw Error("Left operand of assignment has no type.");
  if (!target.type->isScalar())
    throw Error("Cannot assign to a " + target.type->name + " as a whole: assign an element.");
  if (target.optimizedOut) throw Error("Cannot assign to a value that is optimized out.");
  if (target.parts)
    throw Error("Cannot assign to a part of a variable the compiler split over registers "
                "(-O2): build with -g -O0 to change it.");
  if (!target.address && !target.registerSlot)
    throw Error("Left operand of assignment is not in memory or a variable's register: it is a "
                "computed value.");
  if (!value.type || !value.type->isScalar()) throw Error("The value to assign is not a scalar.");
  const uint64_t bits = bitsAs(*target.type, numberOf(*value.type, scalarBits(value, reader())));
  StateEdit edit;
  edit.group = x_.group->id;
  edit.localIndex = x_.warp->firstItem + lane_;
  edit.bytes = target.type->bytes;
  edit.bits = bits;
  if (!target.address) {
    // A DebugValue: the variable is this SPIR-V value's register from its binding on;
    // writing the register changes every later use of the value in this work-item, as
    // gdb's assignment to a variable in a register does. A constant's register is
    // shared by all its uses (preloaded once), so it is refused.
    const LaunchContext &launch = *session_.launch();
    auto shared = [&](const std::vector<UniformInit> &inits) {
      return std::any_of(inits.begin(), inits.end(),
                         [&](const UniformInit &u) { return u.slot == *target.registerSlot; });
    };
    if (shared(launch.kernel->constants) || shared(launch.argumentInits))
      throw Error("Cannot assign to a variable whose value is a constant the compiler "
                  "shares between its uses (-O2); build with -g -O0 to set it.");
    edit.place = StateEdit::Place::Register;
    edit.where = *target.registerSlot;
    storeEdit(x_, edit);
    return edit;
  }
  const uint64_t p = *target.address;
  ops::ResolvedAllocation r;
  if (!ops::resolve(x_, p, lane_, r) || !r.base) throw Error(cannotAccess(p));
  const uint64_t offset = tagged::offset(p);
  if (offset + target.type->bytes > r.size)
    throw Error(cannotAccess(p) + " (outside its " + std::to_string(r.size) + " bytes)");
  if (r.global && r.global->access == BufferAccess::ReadOnly)
    throw Error("Cannot assign to " + describePointer(p) + ": the buffer is read-only.");
  edit.place = StateEdit::Place::Memory;
  edit.where = p;
  if (!storeEdit(x_, edit)) throw Error(cannotAccess(p));
  return edit;
}

} // namespace spvsim::debugger
