// Lowering of control flow: functions inlined at their call sites (OpenCL
// forbids recursion, so this terminates and never recurses on the host while
// executing), branches and switches as edge masks, OpPhi as copies on the
// incoming edges, barriers as block splits, and the final block order.
#include <algorithm>
#include <unordered_set>

#include "lower/block_order.h"
#include "lower/kernel_lowering.h"
#include "lower/lowering.h"
#include "lower/optimize.h"
#include "spvsim/common/error.h"

namespace spvsim {

KernelLowering::KernelLowering(const ValidatedModule &module,
                               const std::map<uint32_t, uint64_t> &specConstants,
                               uint32_t warpWidth, bool debugBindings)
    : validated_(module), module_(module.module()), specConstants_(specConstants),
      layout_(module.module(),
              module.module().addressingModel() == spv::AddressingModel::Physical32 ? 4 : 8),
      width_(warpWidth), slotStride_(warpWidth * 8), debugBindings_(debugBindings) {}

LoweredOp &KernelLowering::emit(OpCode code, uint32_t d, uint32_t a, uint32_t b, uint32_t c,
                                uint64_t imm) {
  LoweredOp op;
  op.code = code, op.d = d, op.a = a, op.b = b, op.c = c, op.imm = imm;
  op.source = currentInstruction_;
  op.frame = currentFrame_;
  auto &ops = blocks_[current_].ops;
  ops.push_back(op);
  return ops.back();
}

void KernelLowering::unsupported(const std::string &what) const {
  std::string where;
  if (currentInstruction_ != ~0u)
    where = " (word " + std::to_string(module_.instruction(currentInstruction_).wordOffset) + ")";
  throw Unsupported(what + where);
}

void KernelLowering::emitCopy(uint32_t dstSlot, uint32_t srcSlot, uint32_t type, uint16_t mask) {
  const auto &leaves = layout_.leaves(type);
  for (uint32_t i = 0; i < leaves.size(); ++i)
    emit(sizedOp(OpCode::Mov8, leaves[i].bytes), slotBytes(dstSlot + i), slotBytes(srcSlot + i))
        .mask = mask;
}

uint32_t KernelLowering::newBlock() {
  blocks_.emplace_back();
  return static_cast<uint32_t>(blocks_.size() - 1);
}

void KernelLowering::addSuccessor(uint32_t from, uint32_t to) {
  auto &s = blocks_[from].successors;
  if (std::find(s.begin(), s.end(), to) == s.end()) s.push_back(to);
}

uint32_t KernelLowering::lowerFunction(const Function &fn, const std::vector<SlotValue> &args,
                                       bool isKernel, uint32_t returnBlock, SlotValue returnValue) {
  if (fn.isDeclaration())
    unsupported("call to function '" + std::string(module_.name(fn.id)) +
                "' that has no body in the module");
  if (std::find(callStack_.begin(), callStack_.end(), fn.id) != callStack_.end())
    throw Error("recursive call to function %" + std::to_string(fn.id) +
                " (OpenCL SPIR-V Env §4: recursion is not allowed)");
  callStack_.push_back(fn.id);
  const uint16_t callerFrame = currentFrame_;
  if (debugBindings_) {
    if (out_.debugFrames.empty()) out_.debugFrames.push_back({~0u, 0, fn.id}); // the kernel
    if (!isKernel && out_.debugFrames.size() < 0xffff) {
      out_.debugFrames.push_back({currentInstruction_, callerFrame, fn.id});
      currentFrame_ = static_cast<uint16_t>(out_.debugFrames.size() - 1);
    }
  }
  Instance in;
  in.function = &fn;
  in.isKernel = isKernel;
  in.returnBlock = returnBlock;
  in.returnValue = returnValue;
  if (isKernel) {
    bindParameters(in);
  } else {
    for (uint32_t i = 0; i < fn.params.size(); ++i)
      in.values.emplace(fn.params[i], SlotValue{args.at(i).slot, module_.typeOf(fn.params[i])});
  }
  for (const Block &b : fn.blocks) in.blockOf.emplace(b.label, newBlock());
  uint32_t entry = in.blockOf.at(fn.blocks[0].label);
  for (const Block &b : fn.blocks) {
    current_ = in.blockOf.at(b.label);
    for (uint32_t i = b.first; i < b.end; ++i) lowerInstruction(in, i);
  }
  if (debugBindings_) recordDebugValues(in);
  callStack_.pop_back();
  currentFrame_ = callerFrame;
  return entry;
}

void KernelLowering::lowerCall(Instance &in, const Instruction &inst) {
  auto ops = module_.operands(inst);
  const uint32_t callInstruction = currentInstruction_;
  const Function *callee = module_.function(ops[0]);
  if (!callee) throw Error("OpFunctionCall of a non-function");
  if (callee->params.size() != ops.size() - 1)
    throw Error("OpFunctionCall passes " + std::to_string(ops.size() - 1) +
                " arguments to a function of " + std::to_string(callee->params.size()) +
                " parameters");
  std::vector<SlotValue> args;
  for (uint32_t i = 1; i < ops.size(); ++i)
    args.push_back(passArgument(*callee, i - 1, valueOf(in, ops[i])));
  SlotValue result;
  if (module_.type(inst.typeId).kind != TypeKind::Void) result = resultValue(in, inst.resultId);
  uint32_t callBlock = current_;
  uint32_t continuation = newBlock();
  uint32_t calleeEntry = lowerFunction(*callee, args, false, continuation, result);
  current_ = callBlock;
  currentInstruction_ = callInstruction;
  emit(OpCode::Jump, calleeEntry);
  addSuccessor(callBlock, calleeEntry);
  current_ = continuation;
}

// SPIR-V §3.19 FuncParamAttr ByVal: the pointer parameter points to a copy of the
// caller's object that belongs to the callee, so the callee's writes through it never
// reach the caller. Each inlined call copies the pointee into a private allocation of
// its own (its size and alignment, bounds-checked like any private variable) before
// jumping into the body; the copy moves definedness like OpCopyMemory.
SlotValue KernelLowering::passArgument(const Function &callee, uint32_t index, SlotValue arg) {
  const uint32_t param = callee.params[index];
  bool byVal = false;
  for (const auto &d : module_.decorations(param))
    if (d.decoration == spv::Decoration::FuncParamAttr && !d.literals.empty() &&
        d.literals[0] == uint32_t(spv::FunctionParameterAttribute::ByVal))
      byVal = true;
  const Type &type = module_.type(module_.typeOf(param));
  if (!byVal || type.kind != TypeKind::Pointer) return arg;
  std::string_view name = module_.parameterName(callee.id, index);
  SlotValue copy = privateAllocation(
      (name.empty() ? "parameter " + std::to_string(index) : std::string(name)) + " of " +
          (module_.name(callee.id).empty() ? "%" + std::to_string(callee.id)
                                           : std::string(module_.name(callee.id))),
      type.element);
  emitCopyMemory(copy, arg, layout_.size(type.element));
  return SlotValue{copy.slot, arg.type};
}

void KernelLowering::emitEdgeCopies(Instance &in, uint32_t fromLabel, uint32_t toLabel,
                                    uint16_t mask) {
  const Function &fn = *in.function;
  const Block *target = nullptr;
  for (const Block &b : fn.blocks)
    if (b.label == toLabel) target = &b;
  if (!target) throw Error("branch to a label outside the function");
  struct Copy {
    SlotValue dst, src;
  };
  std::vector<Copy> copies;
  for (uint32_t i = target->first + 1; i < target->end; ++i) {
    const Instruction &phi = module_.instruction(i);
    if (phi.nonSemantic) continue; // debug information may sit among the phis
    if (phi.opcode != spv::Op::OpPhi) break;
    auto ops = module_.operands(phi);
    // The first pair naming the parent. clang -O2 + llvm-spirv list a parent twice (a
    // switch with two cases on one target) with the same value; two values for one
    // parent are invalid (SPIR-V §3.52.17 OpPhi) and rejected by the validator.
    uint32_t value = 0;
    for (size_t k = 0; k + 1 < ops.size(); k += 2) {
      if (ops[k + 1] != fromLabel) continue;
      if (value == 0) {
        value = ops[k];
        copies.push_back({resultValue(in, phi.resultId), valueOf(in, ops[k])});
      } else if (ops[k] != value) {
        throw Error("OpPhi %" + std::to_string(phi.resultId) + " gives parent %" +
                    std::to_string(fromLabel) + " two values, %" + std::to_string(value) +
                    " and %" + std::to_string(ops[k]));
      }
    }
  }
  // Phis read their inputs in parallel: go through temporaries when one phi's
  // input is another phi's result of the same block.
  bool overlap = false;
  for (const auto &c : copies)
    for (const auto &d : copies)
      if (&c != &d && c.src.slot < d.dst.slot + leafCount(d.dst.type) &&
          d.dst.slot < c.src.slot + leafCount(c.src.type))
        overlap = true;
  if (!overlap) {
    for (const auto &c : copies) emitCopy(c.dst.slot, c.src.slot, c.dst.type, mask);
    return;
  }
  std::vector<uint32_t> temps;
  for (const auto &c : copies) {
    temps.push_back(allocSlots(leafCount(c.dst.type)));
    emitCopy(temps.back(), c.src.slot, c.dst.type, mask);
  }
  for (size_t i = 0; i < copies.size(); ++i)
    emitCopy(copies[i].dst.slot, temps[i], copies[i].dst.type, mask);
}

bool KernelLowering::lowerControl(Instance &in, const Instruction &inst) {
  auto ops = module_.operands(inst);
  const Function &fn = *in.function;
  uint32_t fromLabel = fn.blocks.at(inst.block).label;
  switch (inst.opcode) {
  case spv::Op::OpBranch: {
    emitEdgeCopies(in, fromLabel, ops[0], 0);
    uint32_t target = in.blockOf.at(ops[0]);
    emit(OpCode::Jump, target);
    addSuccessor(current_, target);
    return true;
  }
  case spv::Op::OpBranchConditional: {
    uint32_t t = in.blockOf.at(ops[1]), f = in.blockOf.at(ops[2]);
    if (t == f) {
      emitEdgeCopies(in, fromLabel, ops[1], 0);
      emit(OpCode::Jump, t);
      addSuccessor(current_, t);
      return true;
    }
    SlotValue cond = valueOf(in, ops[0]);
    emit(OpCode::CondEdges, 0, slotBytes(cond.slot));
    emitEdgeCopies(in, fromLabel, ops[1], 1);
    emitEdgeCopies(in, fromLabel, ops[2], 2);
    emit(OpCode::Goto2, t, f);
    addSuccessor(current_, t);
    addSuccessor(current_, f);
    return true;
  }
  case spv::Op::OpSwitch: {
    SlotValue selector = valueOf(in, ops[0]);
    uint32_t bytes = layout_.leaves(selector.type)[0].bytes;
    uint32_t words = bytes > 4 ? 2 : 1;
    // Distinct targets become edges 1..n (edge 1 is the default).
    std::vector<uint32_t> labels{ops[1]};
    auto edgeOf = [&](uint32_t label) {
      auto it = std::find(labels.begin(), labels.end(), label);
      if (it != labels.end()) return static_cast<uint16_t>(it - labels.begin() + 1);
      labels.push_back(label);
      return static_cast<uint16_t>(labels.size());
    };
    SwitchTable table;
    table.selectorBytes = static_cast<uint8_t>(bytes);
    table.defaultEdge = 1;
    for (size_t k = 2; k + words < ops.size() + 1; k += words + 1) {
      uint64_t value = ops[k];
      if (words == 2) value |= uint64_t(ops[k + 1]) << 32;
      table.values.push_back(value);
      table.edges.push_back(edgeOf(ops[k + words]));
    }
    out_.switches.push_back(std::move(table));
    out_.maxEdges = std::max<uint32_t>(out_.maxEdges, static_cast<uint32_t>(labels.size()));
    emit(OpCode::SwitchEdges, 0, slotBytes(selector.slot)).aux =
        static_cast<uint32_t>(out_.switches.size() - 1);
    std::vector<uint32_t> targets;
    for (size_t e = 0; e < labels.size(); ++e) {
      emitEdgeCopies(in, fromLabel, labels[e], static_cast<uint16_t>(e + 1));
      targets.push_back(in.blockOf.at(labels[e]));
      addSuccessor(current_, targets.back());
    }
    out_.gotoTables.push_back(std::move(targets));
    emit(OpCode::GotoN).aux = static_cast<uint32_t>(out_.gotoTables.size() - 1);
    return true;
  }
  case spv::Op::OpReturn:
  case spv::Op::OpReturnValue:
    if (in.isKernel) {
      emit(OpCode::Exit);
      return true;
    }
    if (inst.opcode == spv::Op::OpReturnValue) {
      SlotValue v = valueOf(in, ops[0]);
      emitCopy(in.returnValue.slot, v.slot, v.type);
    }
    emit(OpCode::Jump, in.returnBlock);
    addSuccessor(current_, in.returnBlock);
    return true;
  case spv::Op::OpUnreachable:
    emit(OpCode::Unreachable);
    return true;
  case spv::Op::OpControlBarrier: {
    // The block ends at the barrier; the rest continues in a new block.
    uint32_t next = newBlock();
    uint64_t scopes = 0;
    for (int k = 0; k < 3; ++k) scopes |= (scalarConstant(ops[k]) & 0xffff) << (16 * k);
    emit(OpCode::Barrier, next, 0, 0, 0, scopes).aux = currentInstruction_;
    addSuccessor(current_, next);
    current_ = next;
    return true;
  }
  case spv::Op::OpMemoryBarrier: {
    // Warps of a group and groups run in program order here, so a fence changes
    // nothing; the op only tells the seam (a memory-model check watches fences). Its
    // scopes are laid out as a Barrier's, with the execution scope of one invocation.
    const uint64_t scopes = uint64_t(spv::Scope::Invocation) |
                            (scalarConstant(ops[0]) & 0xffff) << 16 |
                            (scalarConstant(ops[1]) & 0xffff) << 32;
    emit(OpCode::Fence, 0, 0, 0, 0, scopes);
    return true;
  }
  case spv::Op::OpFunctionCall:
    lowerCall(in, inst);
    return true;
  default:
    return false;
  }
}

void KernelLowering::finish(LoweredKernel &out) {
  std::vector<std::vector<uint32_t>> successors;
  for (const auto &b : blocks_) successors.push_back(b.successors);
  std::vector<uint32_t> order = weakTopologicalOrder(successors, 0);
  std::vector<uint32_t> number(blocks_.size(), ~0u);
  for (uint32_t i = 0; i < order.size(); ++i) number[order[i]] = i;
  for (uint32_t b : order) {
    LoweredBlock lb;
    lb.first = static_cast<uint32_t>(out.ops.size());
    for (LoweredOp op : blocks_[b].ops) {
      switch (op.code) {
      case OpCode::Jump:
      case OpCode::Barrier:
      case OpCode::GroupCollect:
        op.d = number[op.d];
        break;
      case OpCode::Goto2:
        op.d = number[op.d], op.a = number[op.a];
        break;
      default:
        break;
      }
      out.ops.push_back(op);
    }
    if (out.ops.size() == lb.first || !isTerminator(out.ops.back().code))
      throw Error("block without a terminator");
    lb.end = static_cast<uint32_t>(out.ops.size());
    out.blocks.push_back(lb);
  }
  for (auto &table : out.gotoTables)
    for (auto &t : table) t = number[t];
}

LoweredKernel KernelLowering::run(const std::string &kernel) {
  const EntryPoint *ep = module_.findEntryPoint(kernel);
  if (!ep || ep->model != spv::ExecutionModel::Kernel)
    throw Error("no kernel named '" + kernel + "' in the module");
  const Function *fn = module_.function(ep->function);
  if (!fn) throw Error("entry point '" + kernel + "' names no function");
  out_.name = kernel;
  out_.warpWidth = width_;
  out_.slotStride = slotStride_;
  lowerFunction(*fn, {}, true, 0, {});
  // Each lane's arena starts 16-byte aligned, like the allocations it holds.
  out_.privateSize = (out_.privateSize + 15) / 16 * 16;
  finish(out_);
  optimizeLowered(out_);
  if (debugBindings_) keepWrittenDebugValues(out_);
  return std::move(out_);
}

LoweredKernel lowerKernel(const ValidatedModule &module, const std::string &kernel,
                          const std::map<uint32_t, uint64_t> &specConstants, uint32_t warpWidth,
                          bool debugBindings) {
  if (warpWidth < 1 || warpWidth > 64) throw Error("warp width must be 1 to 64");
  return KernelLowering(module, specConstants, warpWidth, debugBindings).run(kernel);
}

} // namespace spvsim
