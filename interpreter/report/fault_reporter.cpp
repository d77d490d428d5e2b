// FaultReporter: completes executor findings with instruction text and location.
#include "report/fault_reporter.h"

namespace spvsim {

void FaultReporter::report(Finding f, uint32_t instruction) {
  f.kernel = kernel_;
  if (instruction != kNone && instruction < module_.instructions().size()) {
    locate(instruction, f.instruction, f.wordOffset, f.location);
    if (f.site == 0) f.site = uint64_t(module_.instruction(instruction).wordOffset) + 1;
  }
  sink_.report(std::move(f));
}

void FaultReporter::describe(uint32_t instruction, OtherAccess &other) {
  if (instruction != kNone && instruction < module_.instructions().size())
    locate(instruction, other.instruction, other.wordOffset, other.location);
}

void FaultReporter::locate(uint32_t instruction, std::string &text,
                           std::optional<uint32_t> &wordOffset,
                           std::optional<SourceLocation> &location) {
  std::call_once(disassembled_, [&] { disassembly_ = std::make_unique<Disassembly>(module_); });
  text = std::string(disassembly_->text(instruction));
  wordOffset = module_.instruction(instruction).wordOffset;
  if (auto loc = module_.location(instruction))
    location = SourceLocation{std::string(module_.string(loc->fileId)), loc->line, loc->column};
}

bool FaultReporter::countRepeat(uint64_t key) {
  std::lock_guard lock(repeatsMutex_);
  auto it = repeats_.find(key);
  if (it == repeats_.end()) return false;
  ++it->second.more;
  return true;
}

void FaultReporter::report(Finding f, uint32_t instruction, uint64_t key) {
  {
    std::lock_guard lock(repeatsMutex_);
    if (repeats_.size() < kMaxRepeatKeys && !repeats_.count(key)) {
      // Remember the finding as the sink will have it, so that repeats merge into it.
      Finding first = f;
      first.kernel = kernel_;
      if (instruction != kNone && instruction < module_.instructions().size() && first.site == 0)
        first.site = uint64_t(module_.instruction(instruction).wordOffset) + 1;
      repeats_.emplace(key, Repeats{std::move(first), 0});
    }
  }
  report(std::move(f), instruction);
}

void FaultReporter::flushRepeats() {
  std::lock_guard lock(repeatsMutex_);
  for (auto &[key, r] : repeats_)
    if (r.more) {
      Finding counted = r.first;
      counted.count = r.more;
      sink_.report(std::move(counted));
      r.more = 0;
    }
}

} // namespace spvsim
