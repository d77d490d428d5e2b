// Launch: runs one NDRange of a kernel of a validated module on the lockstep
// executor, with arguments bound to GlobalMemory buffers; findings go to a sink.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spvsim/common/finding_sink.h"
#include "spvsim/interpreter/global_memory.h"
#include "spvsim/interpreter/kernel_signature.h"
#include "spvsim/validator/validator.h"

namespace spvsim {

struct NDRange {
  uint32_t dims = 1;
  std::array<uint64_t, 3> global{1, 1, 1};
  std::array<uint64_t, 3> offset{0, 0, 0};
  /// Work-group size; nullopt lets spvsim choose (chooseLocalSize).
  std::optional<std::array<uint64_t, 3>> local;
};

/// One kernel argument as bound by the host.
struct ArgBinding {
  enum class Kind { Buffer, Local, Bytes, Null };
  Kind kind = Kind::Null;
  BufferId buffer = 0;          ///< Buffer: a buffer or sub-buffer id
  uint64_t localSize = 0;       ///< Local: bytes of the __local allocation
  std::vector<std::byte> bytes; ///< Bytes: raw value of a by-value argument

  static ArgBinding ofBuffer(BufferId id) { return {Kind::Buffer, id, 0, {}}; }
  static ArgBinding ofLocal(uint64_t size) { return {Kind::Local, 0, size, {}}; }
  static ArgBinding ofBytes(std::vector<std::byte> b) { return {Kind::Bytes, 0, 0, std::move(b)}; }
  static ArgBinding null() { return {}; }
};

struct ExecOptions {
  uint32_t warpWidth = 32; ///< lanes executed in lockstep (1..64)
  uint32_t threads = 0;    ///< worker threads; 0: hardware threads
  /// Seconds after which a launch is stopped and reported as hang.timeout; 0: no limit.
  double timeoutSeconds = 0;
  /// Receives the kernel's printf output, work-group by work-group in group order and
  /// work-item order within a group; unset: written to standard output.
  std::function<void(std::string_view)> printfSink = nullptr;
  /// Bytes of printf output one launch may produce (CL_DEVICE_PRINTF_BUFFER_SIZE); a call
  /// that does not fit returns -1 and prints nothing. 0: no limit.
  uint64_t printfBufferSize = 0;
};

/// Spec constant values by SpecId (raw bits, zero-extended).
using SpecConstants = std::map<uint32_t, uint64_t>;

struct LaunchStats {
  std::array<uint64_t, 3> localSize{1, 1, 1};
  uint64_t workGroups = 0;
  uint64_t workItems = 0;
  uint64_t instructions = 0; ///< lowered ops executed (per warp, not per lane)
};

/// A work-group size for `global` when the host gives none: per dimension a divisor of the
/// global size, as large as fits the device's limits and the warp width, 1 only if it must.
std::array<uint64_t, 3> chooseLocalSize(uint32_t dims, const std::array<uint64_t, 3> &global,
                                        uint32_t warpWidth);

/// Runs the kernel. Bad arguments raise spvsim::Error; constructs the interpreter does not
/// implement raise spvsim::Unsupported; findings from executing the kernel go to `sink`.
LaunchStats launchKernel(const ValidatedModule &module, const std::string &kernel,
                         const NDRange &range, const std::vector<ArgBinding> &args,
                         const SpecConstants &specConstants, GlobalMemory &memory,
                         FindingSink &sink, const ExecOptions &options = {});

/// Largest work-group size spvsim accepts (CL_DEVICE_MAX_WORK_GROUP_SIZE).
inline constexpr uint64_t kMaxWorkGroupSize = 1024;

} // namespace spvsim
