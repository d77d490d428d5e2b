// The Printf op (OpenCL.std 184): per active lane, reads the format string
// through its pointer (a checked read, like any access), gathers the
// arguments from their slots, formats them (exec/printf_format.h) and appends
// the text to the work-item's printf output. The result is 0, or -1 when the
// call fails: an unreadable format or %s string (reported as the access
// finding), a format the rules leave undefined (printf.format), or output
// that does not fit the launch's printf buffer.
#include "exec/printf_call.h"

#include <cstring>

#include "exec/execution_events.h"
#include "exec/handlers_memory.h"
#include "exec/printf_format.h"
#include "exec/printf_output.h"

namespace spvsim::ops {

namespace {

/// No single call prints more than CL_DEVICE_PRINTF_BUFFER_SIZE's full-profile minimum.
constexpr uint64_t kMaxCallBytes = uint64_t(1) << 20;

/// Reads the NUL-terminated string at `pointer` (at most `limit` bytes before the
/// NUL); nullopt, after reporting the fault, if it leaves its allocation first.
std::optional<std::string> readString(const ExecState &x, const LoweredOp &op, uint32_t lane,
                                      uint64_t pointer, uint64_t limit) {
  ResolvedAllocation r;
  uint64_t offset;
  const bool ok = resolveLane(x, pointer, lane, r, offset);
  AccessFault fault = checkAccess(r, ok, offset + 1, false);
  if (fault == AccessFault::None) {
    const uint64_t available = r.size - offset;
    const auto *begin = reinterpret_cast<const char *>(r.base + offset);
    const void *nul = std::memchr(begin, 0, size_t(std::min(available, limit)));
    const uint64_t read = nul ? uint64_t(static_cast<const char *>(nul) - begin) + 1 : limit;
    if (nul || available >= limit)
      forEachWatcher(*x.launch,
                     [&](LaunchWatcher &w) { w.stringRead(x, op, lane, pointer, read); });
    if (nul) return std::string(begin, static_cast<const char *>(nul));
    if (available >= limit) return std::string(begin, size_t(limit));
    // No NUL before the end of the allocation: the read runs past it.
    pointer = tagged::addOffset(pointer, available);
    fault = AccessFault::OutOfBounds;
  }
  raiseAccessFault(x, op, lane, pointer, 1, false, fault, 1);
  return std::nullopt;
}

} // namespace

void printfCall(const ExecState &x, const LoweredOp &op) {
  const uint64_t mask = x.maskOf(op);
  if (!mask) return;
  const PrintfCall &call = x.launch->kernel->printfCalls[op.aux];
  PrintfOutput &output = *x.launch->printf;
  int32_t *result = x.reg<int32_t>(op.d);
  const uint64_t *format = x.reg<uint64_t>(call.format);
  std::vector<printf_format::Argument> args(call.arguments.size());
  for (size_t i = 0; i < args.size(); ++i) {
    const PrintfArgument &a = call.arguments[i];
    args[i].kind = static_cast<printf_format::Argument::Kind>(a.kind);
    args[i].bytes = a.bytes;
    args[i].components = a.components;
  }
  std::string text;
  uint32_t lane = 0;
  const printf_format::StringReader reader = [&](uint64_t pointer, uint64_t limit) {
    return readString(x, op, lane, pointer, limit);
  };
  for (lane = 0; lane < x.width; ++lane) {
    if (!((mask >> lane) & 1)) continue;
    result[lane] = -1;
    for (size_t i = 0; i < args.size(); ++i) {
      const PrintfArgument &a = call.arguments[i];
      for (uint32_t c = 0; c < a.components; ++c) {
        uint64_t bits = 0;
        std::memcpy(&bits, x.regs + call.slots[a.firstSlot + c] + lane * a.bytes, a.bytes);
        args[i].bits[c] = bits;
      }
    }
    std::optional<std::string> formatText = readString(x, op, lane, format[lane], kMaxCallBytes);
    if (!formatText) continue;
    text.clear();
    const uint64_t remaining = output.remaining();
    const printf_format::Outcome outcome =
        printf_format::format(*formatText, args, reader, text, std::min(remaining, kMaxCallBytes));
    if (outcome.status == printf_format::Status::FormatError)
      reportPrintfFormat(x, op, lane, outcome.error);
    const bool ok = outcome.status == printf_format::Status::Ok;
    if (!ok || !output.reserve(text.size())) {
      // Output that does not fit what is left of the buffer: the buffer is full.
      if (ok || (outcome.status == printf_format::Status::TooLong && remaining < kMaxCallBytes))
        output.dropCall();
      continue;
    }
    x.group->printfByItem[x.warp->firstItem + lane] += text;
    result[lane] = 0;
  }
}

} // namespace spvsim::ops
