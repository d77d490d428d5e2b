// Evaluator (evaluator.h): the names of a launch, which need no work-item — kernel
// arguments, __local variables, program-scope variables (OpenCL C §6.8) and the run
// file's buffers. They are read also while the work-group of the work-item in focus
// is not running (buffers and global memory exist for the whole launch).
#include "evaluator.h"
#include "memory/tagged_pointer.h"
#include "spvsim/common/error.h"

namespace spvsim::debugger {

std::optional<Value> Evaluator::launchName(const std::string &name) const {
  if (!session_.launch()) return std::nullopt; // before `run`, after the launches
  const DebugInfo &info = session_.info();
  // Kernel arguments by name (also without -g, when the module names them).
  const LoweredKernel &k = *session_.launch()->kernel;
  const Module &m = info.module();
  // Their registers: the work-item's, or as the launch's groups start (the same in all).
  auto argumentBits = [&](uint32_t offset, uint32_t bytes) {
    if (x_.warp) return registerBits(offset, bytes);
    if (std::optional<uint64_t> bits = session_.argumentRegister(offset)) return *bits;
    throw Error("No value of kernel argument \"" + name + "\" yet: no work-group has started.");
  };
  const Function *kernelFn = m.function(session_.kernelFunction());
  for (size_t i = 0; i < k.params.size(); ++i) {
    const ParamBinding &p = k.params[i];
    if (p.name != name || !kernelFn || i >= kernelFn->params.size()) continue;
    Value v;
    v.type = typeOfSpirv(m.typeOf(kernelFn->params[i]));
    if (p.kind == ParamBinding::Kind::Value && !p.leaves.empty()) {
      for (const auto &leaf : p.leaves) v.leaves.push_back(argumentBits(leaf.slot, leaf.size));
    } else {
      v.leaves = {argumentBits(p.pointerSlot, 8)};
    }
    return v;
  }
  // __local variables of the kernel (DebugGlobalVariable, else the module's name for it,
  // which clang spells "kernel.name").
  for (uint32_t i = 0; i < k.locals.size(); ++i) {
    const LocalVariable &local = k.locals[i];
    if (local.argument >= 0) continue;
    TypePtr type;
    for (const DebugGlobal &g : info.globals())
      if (g.name == name && g.variable && m.id(g.variable).instruction == local.instruction)
        type = typeOfDebug(g.type);
    if (!type && (local.name == name || local.name.ends_with("." + name))) {
      const uint32_t pointer =
          local.instruction == kNone ? 0 : m.instruction(local.instruction).typeId;
      type = typeOfSpirv(m.type(pointer).element);
    }
    if (!type) continue;
    Value v;
    v.type = type;
    v.address = tagged::make(AddressSpace::Local, i, 0);
    return v;
  }
  // Program-scope variables (OpenCL C §6.8: `global int n;`, `constant` tables,
  // function-scope statics, which clang names "function.name"): their buffers, typed by
  // their DebugGlobalVariable.
  for (uint32_t i = 0;
       i < k.programGlobals.size() && i < session_.launch()->programGlobalIds.size(); ++i) {
    const ProgramGlobal &global = k.programGlobals[i];
    if (global.name != name && !global.name.ends_with("." + name)) continue;
    TypePtr type;
    for (const DebugGlobal &g : info.globals())
      if (g.name == name && (!g.variable || m.name(g.variable) == global.name))
        type = typeOfDebug(g.type);
    if (!type) continue;
    Value v;
    v.type = type;
    const uint32_t id = session_.launch()->programGlobalIds[i];
    v.address = tagged::make(session_.launch()->allocations[id].space, id, 0);
    return v;
  }
  // Run-file buffers by name.
  return buffer(name);
}

std::optional<Value> Evaluator::buffer(const std::string &name) const {
  using Kind = ValueType::Kind;
  auto it = buffers_.find(name);
  if (it == buffers_.end() || !session_.launch()) return std::nullopt;
  const LaunchContext &L = *session_.launch();
  for (uint32_t id = 1; id < L.allocations.size(); ++id) {
    if (L.allocations[id].name != name || L.allocations[id].parent) continue;
    const BufferType &b = it->second;
    auto element = std::make_shared<ValueType>();
    element->name = b.name;
    const Kind kind = b.scalar == BufferType::Scalar::Float  ? Kind::Float
                      : b.scalar == BufferType::Scalar::UInt ? Kind::UInt
                                                             : Kind::Int;
    if (b.components == 1) {
      element->kind = kind;
      element->bytes = b.componentBytes;
    } else {
      element->kind = Kind::Vector;
      element->element = scalarType(kind, b.componentBytes, "");
      element->count = b.components;
      element->bytes = b.componentBytes * (b.components == 3 ? 4 : b.components);
    }
    auto array = std::make_shared<ValueType>();
    array->kind = Kind::Array;
    array->element = element;
    array->count = L.allocations[id].size / std::max<uint64_t>(element->bytes, 1);
    array->bytes = uint32_t(L.allocations[id].size);
    array->name = b.name + " [" + std::to_string(array->count) + "]";
    Value v;
    v.type = array;
    v.address = tagged::make(L.allocations[id].space, id, 0);
    return v;
  }
  return std::nullopt;
}

} // namespace spvsim::debugger
