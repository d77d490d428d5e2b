// FaultReporter: turns what the executor detects (bad accesses, undefined
// behaviour, barrier problems) into Findings with the kernel, work-item,
// instruction text, source location and memory, for one launch. Only runs
// when something is wrong, so it may allocate — except for repeats: a kernel
// that faults in every work-item of a large launch has each repeat of a
// finding counted under a cheap key, without building it again.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

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

  /// Repeats: `key` stands for a finding's kind, site and buffer (repeatKey). True when
  /// a finding of that key was reported before and this repeat has been counted; false
  /// when the caller must build the finding and report it with report(f, instruction, key).
  bool countRepeat(uint64_t key);
  void report(Finding f, uint32_t instruction, uint64_t key);
  /// Hands the counted repeats to the sink (their findings' counts grow). Call once the
  /// launch's threads are done.
  void flushRepeats();

  /// Fills in the instruction text, word offset and source location of a race
  /// finding's other access at module instruction `instruction`.
  void describe(uint32_t instruction, OtherAccess &other);

  /// A note every finding of the launch gets (the schedule that replays it); "": none.
  void setScheduleNote(std::string note) { scheduleNote_ = std::move(note); }

  const std::string &kernel() const { return kernel_; }
  const Module &module() const { return module_; }
  /// Fills in the type module instruction `instruction` accesses (Finding::elementType,
  /// elementSize) when it is a load, store or atomic of a scalar or vector. report()
  /// does so with the finding's own instruction, except for uninit.read, whose memory
  /// is where the value was loaded.
  void describeElement(uint32_t instruction, Finding &f);
  /// The source location of a module instruction (OpLine or debug information).
  std::optional<SourceLocation> location(uint32_t instruction) const;
  /// A finding's site (Finding::site) for module instruction `instruction`: its source
  /// location in this kernel when it has one (one finding per location and kind, however
  /// many instructions an unrolled loop made of the line), else the instruction itself.
  uint64_t siteOf(uint32_t instruction) const;

  /// Word offset of a module instruction, for messages that point at a second one.
  uint32_t wordOffset(uint32_t instruction) const {
    return instruction < module_.instructions().size() ? module_.instruction(instruction).wordOffset
                                                       : 0;
  }

private:
  void locate(uint32_t instruction, std::string &text, std::optional<uint32_t> &wordOffset,
              std::optional<SourceLocation> &location);
  /// The kernel's pointer parameters by name: their element type as the source spells
  /// it (kernel_arg_type), for integer signedness SPIR-V does not record.
  std::string sourceElementType(const std::string &buffer, uint32_t size);
  /// Keys remembered at most; findings beyond them are built every time.
  static constexpr size_t kMaxRepeatKeys = 4096;
  struct Repeats {
    Finding first;
    uint64_t more = 0;
  };
  std::mutex repeatsMutex_;
  std::unordered_map<uint64_t, Repeats> repeats_;
  const Module &module_;
  std::string kernel_;
  std::string scheduleNote_;
  FindingSink &sink_;
  std::once_flag disassembled_;
  std::once_flag argTypesRead_;
  std::unordered_map<std::string, std::string> argElementTypes_;
  std::unique_ptr<Disassembly> disassembly_;
};

} // namespace spvsim
