// FaultReporter: completes executor findings with instruction text and location.
#include "check/fault_reporter.h"

namespace spvsim {

void FaultReporter::report(Finding f, uint32_t instruction) {
  f.kernel = kernel_;
  if (instruction != kNone && instruction < module_.instructions().size()) {
    std::call_once(disassembled_, [&] { disassembly_ = std::make_unique<Disassembly>(module_); });
    f.instruction = std::string(disassembly_->text(instruction));
    f.wordOffset = module_.instruction(instruction).wordOffset;
    if (f.site == 0) f.site = uint64_t(module_.instruction(instruction).wordOffset) + 1;
    if (auto loc = module_.location(instruction))
      f.location = SourceLocation{std::string(module_.string(loc->fileId)), loc->line, loc->column};
  }
  sink_.report(std::move(f));
}

} // namespace spvsim
