// FaultReporter: turns what the executor detects (bad accesses, undefined
// behaviour, barrier problems) into Findings with the kernel, work-item,
// instruction text, source location and memory, for one launch. Only runs
// when something is wrong, so it may allocate.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "spvsim/common/finding_sink.h"
#include "spvsim/validator/disassembly.h"
#include "spvsim/validator/module.h"

namespace spvsim {

class FaultReporter {
public:
  FaultReporter(const Module &module, std::string kernel, FindingSink &sink)
      : module_(module), kernel_(std::move(kernel)), sink_(sink) {}

  /// Reports a finding at module instruction `instruction` (kNone if unknown).
  /// Fills in kernel, instruction text, word offset and source location.
  void report(Finding f, uint32_t instruction);

  const std::string &kernel() const { return kernel_; }
  /// Word offset of a module instruction, for messages that point at a second one.
  uint32_t wordOffset(uint32_t instruction) const {
    return instruction < module_.instructions().size() ? module_.instruction(instruction).wordOffset
                                                       : 0;
  }

private:
  const Module &module_;
  std::string kernel_;
  FindingSink &sink_;
  std::once_flag disassembled_;
  std::unique_ptr<Disassembly> disassembly_;
};

} // namespace spvsim
