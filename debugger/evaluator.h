// Evaluator: what `print`, `x`, `info locals`, conditions and watchpoints compute
// in the context of one work-item of a stopped launch — variables by their source
// names (DebugDeclare: in memory, -O0; DebugValue: in registers, -O2; gone:
// "<optimized out>"), kernel arguments, run-file buffers by name, elements, members,
// vector components (OpenCL C §6.3.7), & and *, and integer and floating-point
// arithmetic and comparisons.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "debug_session.h"
#include "spvsim/debugger/debugger.h"
#include "state_edits.h"
#include "value.h"

namespace spvsim::debugger {

class Evaluator {
public:
  /// Work-item `lane` of the warp whose state is `x` (its group running).
  Evaluator(const DebugSession &session, const ExecState &x, uint32_t lane,
            const std::map<std::string, BufferType> &buffers);
  /// No work-item: the launch's names (kernel arguments, program-scope variables,
  /// buffers) and global memory, while the work-group of the work-item in focus is not
  /// running; `why` says that, in the errors of what needs it (variables, __local and
  /// private memory, registers).
  Evaluator(const DebugSession &session, const std::map<std::string, BufferType> &buffers,
            std::string why);
  /// The values `print` recorded, `$1` first: `$N`, `$` (the last), `$$` (the one before
  /// it) and `$$N` (N before the last) in expressions, as in gdb.
  void setHistory(const std::vector<Value> *history) { history_ = history; }
  /// Whether it reads a work-item (not only the launch).
  bool hasWorkItem() const { return x_.warp != nullptr; }

  /// Evaluates an expression; throws spvsim::Error with gdb-like text.
  Value evaluate(const std::string &expression) const;
  /// Whether the expression is non-zero (a breakpoint condition).
  bool truth(const std::string &expression) const;
  std::string format(const Value &v) const;
  /// An image or sampler value (opaque_handles.cpp): "(image2d_t read_only) image 'img'
  /// <2 x 2, CL_RG/CL_FLOAT>", "(sampler_t) 0x14 <CLK_...>"; nullopt for other values.
  std::optional<std::string> describeHandle(const Value &v) const;
  /// "buffer 'out' + 64", "__local 'tile' + 8", "private 'v' + 4", "NULL".
  std::string describePointer(uint64_t pointer) const;
  /// gdb's error for memory that cannot be read or written: "Cannot access memory at
  /// buffer 'out' + 64", and "at address 0x0" for an address in no allocation.
  std::string cannotAccess(uint64_t pointer) const;
  /// The name of the global or constant buffer `pointer` points into: a run file's by its
  /// name, a host program's by the kernel parameter given it.
  std::string bufferName(uint64_t pointer) const;
  MemoryReader reader() const;
  /// The run file's buffer `name` as an array of its element type, whatever names the
  /// work-item's scope has; nullopt when no buffer of that name is bound in this launch.
  std::optional<Value> buffer(const std::string &name) const;

  /// The variables of the work-item's current function with a value here: arguments
  /// (`arguments`) or locals, in declaration order.
  std::vector<std::pair<std::string, Value>> variables(bool arguments) const;
  /// SPIR-V result id `id` from its registers (`print %N`; register_values.cpp): in
  /// the innermost function on the work-item's call stack that has it; a scalar
  /// constant from the module. Throws when the lowering kept no register for it.
  Value registerValue(uint32_t id) const;
  /// The result ids of the work-item's current function that have registers, by id.
  std::vector<std::pair<uint32_t, Value>> registers() const;
  /// Reads the variables of a caller's frame: `debugFunction` is a DebugFunction on the
  /// work-item's call stack (frames.h); 0: its current function.
  void setFrame(uint32_t debugFunction) { frameFunction_ = debugFunction; }
  /// `set var`, DAP setVariable (assign_value.cpp): stores `value`, converted to the
  /// type of `target` as C's assignment converts, in `target`, a scalar in memory (a
  /// variable at -O0, a buffer or __local element, a member) or a scalar variable in a
  /// register (DebugValue at -O2; not a constant the compiler shares). Returns what it
  /// stored, for DebugSession::recordEdit (the replays store it again). Throws
  /// spvsim::Error.
  StateEdit assign(const Value &target, const Value &value) const;
  /// A scalar as a Value of its type ("long" for integers, "double" for reals).
  static Value number(int64_t i);
  static Value real(double d);

private:
  struct Parser;
  Value variable(const std::string &name) const;
  /// The function the work-item in focus is in (the frame's, after setFrame): its
  /// source function, or without debug scopes its SPIR-V function. Needs a work-item.
  struct FunctionScope {
    uint32_t debugFunction = 0, function = 0;
    bool holds(const DebugVariable &var) const {
      return debugFunction ? var.debugFunction == debugFunction : var.function == function;
    }
  };
  FunctionScope focusedFunction() const;
  /// `$N`: value `number` of the history (1 first); throws when there is none.
  Value historyValue(uint64_t number) const;
  /// The name of private allocation `pointer` is in: the variable of the work-item
  /// bound to it (DebugDeclare), else the lowering's name for it.
  std::string privateName(uint64_t pointer) const;
  /// A name of the launch, not of a work-item (launch_names.cpp): a kernel argument, a
  /// __local or program-scope variable, a run-file buffer.
  std::optional<Value> launchName(const std::string &name) const;
  /// The variable as its DebugBind ops (DebugSession::bindingsOf) say.
  Value valueOf(const DebugVariable &v, const std::vector<uint32_t> &bindOps) const;
  Value valueOfBinding(const DebugVariable &v, uint32_t bindOp) const;
  /// A variable bound in parts (fragments): its bytes put together (variable_parts.cpp).
  Value valueOfParts(const DebugVariable &v, const std::vector<uint32_t> &bindOps) const;
  /// The bytes of one register leaf of a value of SPIR-V type `type`.
  uint32_t leafBytesOf(uint32_t type) const;
  TypePtr typeOfDebug(uint32_t id) const;
  TypePtr typeOfSpirv(uint32_t id) const;
  uint64_t registerBits(uint32_t slotBytes, uint32_t bytes) const;
  Value registerValue(const DebugValueSlot &r) const;
  /// The work-item's inlined frames (LoweredOp::frame), innermost first, 0 last.
  std::vector<uint16_t> frameChain() const;

  const DebugSession &session_;
  ExecState x_;
  uint32_t lane_;
  const std::map<std::string, BufferType> &buffers_;
  mutable std::map<uint32_t, TypePtr> debugTypes_;
  std::string noWorkItem_; ///< without a work-item: why (the errors say it)
  const std::vector<Value> *history_ = nullptr;
  uint32_t frameFunction_ = 0; ///< setFrame: the frame whose variables are read (0: current)
};

} // namespace spvsim::debugger
