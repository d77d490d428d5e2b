// Static resource limits of a launch (see launch_limits.h).
#include "exec/launch_limits.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "spvsim/common/error.h"

namespace spvsim {

namespace {

std::string sizeList(const std::array<uint64_t, 3> &sizes, uint32_t dims) {
  std::string text;
  for (uint32_t d = 0; d < dims; ++d) text += (d ? " x " : "") + std::to_string(sizes[d]);
  return text;
}

/// a + b, or UINT64_MAX when it does not fit.
uint64_t saturatingAdd(uint64_t a, uint64_t b) {
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

std::string bytesText(uint64_t bytes) {
  return bytes == UINT64_MAX ? "2^64 or more bytes" : std::to_string(bytes) + " bytes";
}

} // namespace

void checkRange(const NDRange &range) {
  if (range.dims < 1 || range.dims > 3) throw Error("work dimension must be 1, 2 or 3");
  uint64_t items = 1;
  bool overflow = false;
  for (uint32_t d = 0; d < range.dims; ++d) {
    if (range.global[d] == 0) throw Error("global size " + std::to_string(d) + " is 0");
    overflow = overflow || __builtin_mul_overflow(items, range.global[d], &items);
  }
  if (overflow)
    throw LimitError(LimitError::Limit::GlobalSize,
                     "global size " + sizeList(range.global, range.dims) +
                         " has more work-items than 64 bits can count");
  if (!range.local) return;
  items = 1;
  for (uint32_t d = 0; d < range.dims; ++d) {
    const uint64_t size = (*range.local)[d];
    if (size == 0) throw Error("local size " + std::to_string(d) + " is 0");
    items = size > kMaxWorkGroupSize ? kMaxWorkGroupSize + 1 : items * size;
    if (items > kMaxWorkGroupSize)
      throw LimitError(LimitError::Limit::WorkGroupSize,
                       "work-group size " + sizeList(*range.local, range.dims) +
                           " has more work-items than the maximum " +
                           std::to_string(kMaxWorkGroupSize) + " (CL_DEVICE_MAX_WORK_GROUP_SIZE)");
  }
}

void checkCallGraph(const Module &module, const std::string &kernel, const LaunchLimits &limits) {
  const EntryPoint *entry = module.findEntryPoint(kernel);
  if (!entry || !module.function(entry->function)) return; // the lowering reports it
  const auto &instructions = module.instructions();
  // Callees of each function, one entry per OpFunctionCall.
  std::unordered_map<uint32_t, std::vector<uint32_t>> callees;
  for (const Function &fn : module.functions())
    for (uint32_t i = fn.first; i < fn.end && i < instructions.size(); ++i)
      if (instructions[i].opcode == spv::Op::OpFunctionCall && instructions[i].operandCount >= 1 &&
          module.function(module.operands(instructions[i])[0]))
        callees[fn.id].push_back(module.operands(instructions[i])[0]);

  // Depth-first over the call graph with an explicit stack; `inlined` memoises each
  // function's size with its calls inlined (saturating), once all its callees are done.
  enum class State : uint8_t { New, Active, Done };
  std::unordered_map<uint32_t, State> state;
  std::unordered_map<uint32_t, uint64_t> inlined;
  struct Frame {
    uint32_t function;
    size_t next; ///< index of the next callee to visit
  };
  std::vector<Frame> stack{{entry->function, 0}};
  state[entry->function] = State::Active;
  while (!stack.empty()) {
    Frame &top = stack.back();
    const std::vector<uint32_t> &calls = callees[top.function];
    if (top.next < calls.size()) {
      const uint32_t callee = calls[top.next++];
      State &s = state[callee];
      if (s == State::Active) return; // recursion: the lowering's error names it
      if (s == State::Done) continue;
      s = State::Active;
      if (stack.size() >= limits.callDepth)
        throw LimitError(LimitError::Limit::CallDepth,
                         "kernel '" + kernel + "' nests function calls more than " +
                             std::to_string(limits.callDepth) + " deep (function %" +
                             std::to_string(callee) + " is called at depth " +
                             std::to_string(stack.size()) + ")");
      stack.push_back({callee, 0});
      continue;
    }
    const Function &fn = *module.function(top.function);
    uint64_t size = fn.end - fn.first;
    for (uint32_t callee : calls) size = saturatingAdd(size, inlined[callee]);
    inlined[top.function] = size;
    state[top.function] = State::Done;
    stack.pop_back();
  }
  const uint64_t total = inlined[entry->function];
  if (total > limits.kernelInstructions)
    throw LimitError(LimitError::Limit::KernelSize,
                     "kernel '" + kernel + "' has " +
                         (total == UINT64_MAX ? "more than 2^64" : std::to_string(total)) +
                         " instructions with its function calls inlined, more than spvsim's " +
                         "limit of " + std::to_string(limits.kernelInstructions));
}

void checkPrivateMemory(const LoweredKernel &kernel, const LaunchLimits &limits) {
  const uint64_t registers = uint64_t(kernel.slotCount) * 8;
  const uint64_t total = saturatingAdd(kernel.privateSize, registers);
  if (total > limits.privateMemory)
    throw LimitError(LimitError::Limit::PrivateMemory,
                     "kernel '" + kernel.name + "' needs " + std::to_string(total) +
                         " bytes of private memory per work-item (variables " +
                         std::to_string(kernel.privateSize) + ", registers " +
                         std::to_string(registers) + "), more than spvsim's limit of " +
                         std::to_string(limits.privateMemory));
}

uint64_t layOutLocalMemory(const LoweredKernel &kernel, std::span<const uint64_t> sizes,
                           const LaunchLimits &limits, std::vector<uint64_t> &offsets) {
  uint64_t offset = 0, variables = 0, arguments = 0;
  offsets.assign(kernel.locals.size(), 0);
  for (size_t i = 0; i < kernel.locals.size(); ++i) {
    const uint64_t align = std::max<uint32_t>(kernel.locals[i].alignment, 16);
    offset = saturatingAdd(offset, align - 1) / align * align;
    offsets[i] = offset;
    offset = saturatingAdd(offset, sizes[i]);
    uint64_t &sum = kernel.locals[i].argument >= 0 ? arguments : variables;
    sum = saturatingAdd(sum, sizes[i]);
  }
  if (offset > limits.localMemory)
    throw LimitError(LimitError::Limit::LocalMemory,
                     "kernel '" + kernel.name + "' needs " + bytesText(offset) +
                         " of __local memory (variables " + bytesText(variables) +
                         ", __local arguments " + bytesText(arguments) +
                         ", with alignment), more than CL_DEVICE_LOCAL_MEM_SIZE (" +
                         bytesText(limits.localMemory) + ")");
  return offset;
}

} // namespace spvsim
