// Resource limits: what spvsim's device offers a launch (work-group size,
// __local and private memory, call depth, kernel size) and how a launch may be
// stopped while it runs (instruction budget, deadlines, cancellation). A launch
// beyond a static limit raises spvsim::LimitError before anything runs; one
// stopped while running reports where its work-items were (docs/findings.md hang.*).
// docs/robustness.md has the table of every limit.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>

namespace spvsim {

/// CL_DEVICE_MAX_WORK_GROUP_SIZE, and each of CL_DEVICE_MAX_WORK_ITEM_SIZES.
inline constexpr uint64_t kMaxWorkGroupSize = 1024;
/// CL_DEVICE_LOCAL_MEM_SIZE: __local bytes one work-group may use, the kernel's own
/// variables and its __local arguments together (OpenCL API §4.2; the minimum is 32 KB).
inline constexpr uint64_t kLocalMemorySize = 64 * 1024;
/// Private bytes one work-item may use: its address-taken variables and its registers.
inline constexpr uint64_t kPrivateMemorySize = 256 * 1024;
/// Function calls nested this deep at most (calls are inlined; OpenCL forbids recursion).
inline constexpr uint32_t kMaxCallDepth = 64;
/// Module instructions one kernel may have with every call inlined.
inline constexpr uint64_t kMaxKernelInstructions = uint64_t(1) << 20;

/// printf output one launch may produce unless told otherwise (`spvsim run --printf-buffer`,
/// SPVSIM_PRINTF_BUFFER): bounds the memory held for output that waits for earlier
/// work-groups. CL_DEVICE_PRINTF_BUFFER_SIZE.
inline constexpr uint64_t kDefaultPrintfBufferSize = uint64_t(256) << 20;

/// The static limits a launch is checked against before it runs (LimitError beyond them).
struct LaunchLimits {
  uint64_t localMemory = kLocalMemorySize;
  uint64_t privateMemory = kPrivateMemorySize;
  uint32_t callDepth = kMaxCallDepth;
  uint64_t kernelInstructions = kMaxKernelInstructions;
};

/// Why a launch stopped before every work-item finished (LaunchStats::stopped).
enum class StopReason : uint8_t {
  None,
  Timeout,          ///< ExecOptions::timeoutSeconds passed (hang.timeout)
  RunTimeout,       ///< ExecOptions::runDeadline passed (hang.run-timeout)
  InstructionLimit, ///< ExecOptions::maxInstructions exceeded (hang.instruction-limit)
  Interrupted,      ///< ExecOptions::cancel was set, e.g. on SIGINT (hang.interrupted)
  NoProgress        ///< a work-item spins forever (progress.*, hang.spin: reported there)
};

/// The docs/findings.md kind a stopped launch reports ("" for None).
const char *stopFindingKind(StopReason reason);

} // namespace spvsim
