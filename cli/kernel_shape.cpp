// The dimensions and tile size of a kernel as its module shows them (kernel_shape.h).
#include "kernel_shape.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace spvsim::cli {

namespace {

/// The built-ins indexed by dimension (OpenCL SPIR-V Env §2.9: GlobalInvocationId is
/// get_global_id, LocalInvocationId get_local_id, WorkgroupId get_group_id, ...).
bool isPerDimension(spv::BuiltIn b) {
  switch (b) {
  case spv::BuiltIn::GlobalInvocationId:
  case spv::BuiltIn::LocalInvocationId:
  case spv::BuiltIn::WorkgroupId:
  case spv::BuiltIn::GlobalSize:
  case spv::BuiltIn::WorkgroupSize:
  case spv::BuiltIn::EnqueuedWorkgroupSize:
  case spv::BuiltIn::NumWorkgroups:
  case spv::BuiltIn::GlobalOffset:
    return true;
  default:
    return false;
  }
}

/// The functions `entry` runs: itself and every function an OpFunctionCall reaches.
std::vector<const Function *> reachable(const Module &m, uint32_t entry) {
  std::vector<const Function *> order;
  std::unordered_set<uint32_t> seen{entry};
  std::vector<uint32_t> pending{entry};
  while (!pending.empty()) {
    const Function *f = m.function(pending.back());
    pending.pop_back();
    if (!f) continue;
    order.push_back(f);
    for (uint32_t i = f->first; i < f->end; ++i) {
      const Instruction &inst = m.instruction(i);
      if (inst.opcode != spv::Op::OpFunctionCall || inst.operandCount == 0) continue;
      const uint32_t callee = m.operands(inst)[0];
      if (seen.insert(callee).second) pending.push_back(callee);
    }
  }
  return order;
}

/// The sizes of an array of `dims` dimensions, innermost first (float[16][8]: {8, 16}),
/// or empty when `typeId` is not one.
std::vector<uint64_t> arraySizes(const Module &m, uint32_t typeId, uint32_t dims) {
  std::vector<uint64_t> outerFirst;
  for (const Type *t = &m.type(typeId); t->kind == TypeKind::Array; t = &m.type(t->element))
    outerFirst.push_back(t->count);
  if (outerFirst.size() != dims) return {};
  return {outerFirst.rbegin(), outerFirst.rend()};
}

} // namespace

KernelShape kernelShape(const Module &m, const EntryPoint &kernel) {
  std::unordered_set<uint32_t> perDimension, workgroupArrays;
  for (uint32_t index : m.globalVariables()) {
    const uint32_t var = m.instruction(index).resultId;
    const Decoration *builtIn = m.findDecoration(var, spv::Decoration::BuiltIn);
    if (builtIn && !builtIn->literals.empty() &&
        isPerDimension(static_cast<spv::BuiltIn>(builtIn->literals[0])))
      perDimension.insert(var);
    const Type &pointer = m.type(m.typeOf(var));
    if (pointer.kind == TypeKind::Pointer && pointer.storage == spv::StorageClass::Workgroup &&
        m.type(pointer.element).kind == TypeKind::Array)
      workgroupArrays.insert(var);
  }
  const std::vector<const Function *> functions = reachable(m, kernel.function);
  KernelShape shape;
  std::unordered_set<uint32_t> loaded; // vectors loaded from a per-dimension built-in
  std::vector<uint32_t> arraysUsed;    // Workgroup arrays, in order of first use
  auto noteDimension = [&](uint64_t index) {
    if (index < 3) shape.dims = std::max(shape.dims, static_cast<uint32_t>(index + 1));
  };
  for (const Function *f : functions)
    for (uint32_t i = f->first; i < f->end; ++i) {
      const Instruction &inst = m.instruction(i);
      std::span<const uint32_t> ops = m.operands(inst);
      for (uint32_t id : ops)
        if (workgroupArrays.count(id) &&
            std::find(arraysUsed.begin(), arraysUsed.end(), id) == arraysUsed.end())
          arraysUsed.push_back(id);
      if (ops.empty()) continue;
      switch (inst.opcode) {
      case spv::Op::OpLoad:
        if (perDimension.count(ops[0]) || loaded.count(ops[0])) loaded.insert(inst.resultId);
        break;
      case spv::Op::OpCompositeExtract:
        if (ops.size() > 1 && loaded.count(ops[0])) noteDimension(ops[1]);
        break;
      case spv::Op::OpVectorExtractDynamic:
      case spv::Op::OpAccessChain:
      case spv::Op::OpInBoundsAccessChain:
      case spv::Op::OpPtrAccessChain:
      case spv::Op::OpInBoundsPtrAccessChain:
        if (ops.size() > 1 && (loaded.count(ops[0]) || perDimension.count(ops[0]))) {
          const uint32_t indexId = ops[ops.size() - 1];
          if (const Constant *c = m.constant(indexId); c && c->kind == ConstantKind::Scalar)
            noteDimension(c->bits);
          else
            noteDimension(2); // an index the module computes: any dimension
          if (inst.opcode != spv::Op::OpVectorExtractDynamic) loaded.insert(inst.resultId);
        }
        break;
      default:
        break;
      }
    }
  for (uint32_t var : arraysUsed) {
    std::vector<uint64_t> sizes = arraySizes(m, m.type(m.typeOf(var)).element, shape.dims);
    uint64_t items = 1;
    for (uint64_t s : sizes) items *= s;
    if (!sizes.empty() && items <= 1024) {
      // A tile padded against bank conflicts (float t[8][8 + 1]) is used by square
      // work-groups of its smaller side: every index of such a group stays inside.
      const uint64_t side = *std::min_element(sizes.begin(), sizes.end());
      shape.tile.assign(sizes.size(), side);
      break;
    }
  }
  return shape;
}

} // namespace spvsim::cli
