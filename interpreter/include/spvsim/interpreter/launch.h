// Launch: runs one NDRange of a kernel of a validated module on the lockstep
// executor, with arguments bound to GlobalMemory buffers; findings go to a sink.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spvsim/common/finding_sink.h"
#include "spvsim/interpreter/checks.h"
#include "spvsim/interpreter/global_memory.h"
#include "spvsim/interpreter/image.h"
#include "spvsim/interpreter/kernel_signature.h"
#include "spvsim/interpreter/limits.h"
#include "spvsim/interpreter/profile.h"
#include "spvsim/interpreter/schedule.h"
#include "spvsim/validator/validator.h"

namespace spvsim {

class DebugWatcher;
class LoweredKernelCache;

struct NDRange {
  uint32_t dims = 1;
  std::array<uint64_t, 3> global{1, 1, 1};
  std::array<uint64_t, 3> offset{0, 0, 0};
  /// Work-group size; nullopt lets spvsim choose (chooseLocalSize).
  std::optional<std::array<uint64_t, 3>> local;
};

/// One kernel argument as bound by the host.
struct ArgBinding {
  enum class Kind { Buffer, Local, Bytes, Null, Image, Address };
  Kind kind = Kind::Null;
  BufferId buffer = 0;          ///< Buffer: a buffer or sub-buffer id
  uint64_t localSize = 0;       ///< Local: bytes of the __local allocation
  std::vector<std::byte> bytes; ///< Bytes: raw value of a by-value argument
  ImageDescription image{};     ///< Image: the image, over its buffer image.buffer
  /// Address: a host address into an SVM allocation (clSetKernelArgSVMPointer), the
  /// pointer argument's value itself (memory/tagged_pointer.h).
  uint64_t address = 0;

  static ArgBinding ofBuffer(BufferId id) { return {Kind::Buffer, id, 0, {}, {}}; }
  static ArgBinding ofLocal(uint64_t size) { return {Kind::Local, 0, size, {}, {}}; }
  static ArgBinding ofBytes(std::vector<std::byte> b) {
    return {Kind::Bytes, 0, 0, std::move(b), {}};
  }
  static ArgBinding ofImage(const ImageDescription &image) {
    return {Kind::Image, image.buffer, 0, {}, image};
  }
  /// A sampler_t argument: its sampler_bits (addressing | normalized | filter).
  static ArgBinding ofSampler(uint32_t bits) {
    std::vector<std::byte> b(8);
    for (uint32_t i = 0; i < 4; ++i) b[i] = std::byte(bits >> (8 * i));
    return ofBytes(std::move(b));
  }
  static ArgBinding null() { return {}; }
  static ArgBinding ofAddress(uint64_t address) { return {Kind::Address, 0, 0, {}, {}, address}; }
};

/// How far a running launch is, for a progress display polling it from another thread:
/// set when the launch starts, counted a batch of work-groups at a time (never per
/// instruction).
struct LaunchProgress {
  std::atomic<uint64_t> workGroups{0};     ///< the launch's work-groups
  std::atomic<uint64_t> workGroupsDone{0}; ///< work-groups finished (or stopped) so far
};

struct ExecOptions {
  uint32_t warpWidth = 32; ///< lanes executed in lockstep (1..64)
  uint32_t threads = 0;    ///< worker threads; 0: hardware threads
  /// The order of work-groups and of warps between barriers, and (shuffle) the warp width
  /// the launch runs with; the work-group size spvsim chooses follows warpWidth alone.
  /// Other than ordered, every finding carries a note naming the schedule.
  Schedule schedule{};
  /// The checks to run (bounds checks always run).
  CheckSet checks{};
  /// The device reports CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS (OpenCL API §4.2,
  /// required with cl_khr_subgroups, as spvsim's device has it): a sub-group that waits
  /// for another sub-group of its work-group is correct. False: such a wait is
  /// progress.intra-group (docs/findings.md "Forward progress").
  bool subGroupIndependentProgress = true;
  /// Seconds after which a launch is stopped and reported as hang.timeout; 0: no limit.
  double timeoutSeconds = 0;
  /// Receives the kernel's printf output, work-group by work-group in group order and
  /// work-item order within a group; unset: written to standard output.
  std::function<void(std::string_view)> printfSink = nullptr;
  /// Bytes of printf output one launch may produce (CL_DEVICE_PRINTF_BUFFER_SIZE); a call
  /// that does not fit returns -1 and prints nothing. 0: no limit.
  uint64_t printfBufferSize = 0;
  /// Static limits checked before the launch runs (LimitError beyond them).
  LaunchLimits limits{};
  /// Instructions the launch may execute, summed over its work-items as LaunchStats counts
  /// them; beyond them (checked every few hundred blocks) it stops and reports
  /// hang.instruction-limit. 0: no limit.
  uint64_t maxInstructions = 0;
  /// When it passes the launch stops and reports hang.run-timeout: the bound of a whole
  /// run of several launches (`spvsim run --run-timeout`).
  std::optional<std::chrono::steady_clock::time_point> runDeadline{};
  double runTimeoutSeconds = 0; ///< the bound runDeadline stands for, for messages
  /// When it becomes true (a SIGINT handler, a runtime shutting down) the launch stops and
  /// reports hang.interrupted. Polled, never written.
  const std::atomic<bool> *cancel = nullptr;
  /// The interactive debugger (debugger/), attached to the launch: the launch then runs on
  /// one thread with the debugger's warp loop (around the checked loop's events when
  /// `checks` needs them) and the module's variable debug information lowered for it.
  /// Null: no debugger.
  DebugWatcher *debugger = nullptr;
  /// When set, the launch adds its counts to this profile (it runs the profiling warp
  /// loop, launch/profile_execution.h); ignored under the debugger. Null: no profile.
  KernelProfile *profile = nullptr;
  /// When set, the launch stores its work-group count and counts the work-groups done
  /// into it. Null: not counted.
  LaunchProgress *progress = nullptr;
  /// When set, the kernel's lowering is taken from it and kept in it for the next launches
  /// (a cache of the module's owner, one per module and spec-constant values). Null: the
  /// kernel is lowered for this launch alone.
  LoweredKernelCache *loweredKernels = nullptr;
};

/// Spec constant values by SpecId (raw bits, zero-extended).
using SpecConstants = std::map<uint32_t, uint64_t>;

struct LaunchStats {
  std::array<uint64_t, 3> localSize{1, 1, 1};
  uint64_t workGroups = 0;
  uint64_t workItems = 0;
  /// Lowered ops executed, each counted once per lane of the warp that ran it (active or
  /// not): the instructions of all work-items, exactly so where warps are full and converged.
  uint64_t instructions = 0;
  /// Why the launch stopped early (None: every work-item finished). The findings of kind
  /// stopFindingKind(stopped) say where the work-items were.
  StopReason stopped = StopReason::None;
  uint64_t workItemsDone = 0; ///< work-items of finished work-groups
  /// printf calls that printed nothing because the printf buffer was full.
  uint64_t printfCallsDropped = 0;
  /// Work-groups run side by side in one warp: more than 1 for small work-groups of a
  /// kernel that cannot tell (no loop, barrier, __local memory, atomic, fence, work-group
  /// or sub-group function, image or printf; exec/packed_groups.h).
  uint32_t packedGroups = 1;
};

/// A work-group size for `global` when the host gives none: per dimension a divisor of the
/// global size, as large as fits the device's limits and the warp width, 1 only if it must.
std::array<uint64_t, 3> chooseLocalSize(uint32_t dims, const std::array<uint64_t, 3> &global,
                                        uint32_t warpWidth);

/// Runs the kernel. Bad arguments raise spvsim::Error, a launch beyond options.limits or the
/// device's sizes spvsim::LimitError (limits.h); constructs the interpreter does not
/// implement raise spvsim::Unsupported; findings from executing the kernel go to `sink`.
LaunchStats launchKernel(const ValidatedModule &module, const std::string &kernel,
                         const NDRange &range, const std::vector<ArgBinding> &args,
                         const SpecConstants &specConstants, GlobalMemory &memory,
                         FindingSink &sink, const ExecOptions &options = {});

/// The buffers of the program-scope variables kernel `kernel` of `module` uses, as
/// launchKernel binds them: created in `memory` with their initial bytes when no launch
/// created them yet, else the ones that keep the values earlier launches left. For a
/// caller that saves and restores what a launch may change (schedule exploration).
std::vector<BufferId> programScopeBuffers(const ValidatedModule &module, const std::string &kernel,
                                          const SpecConstants &specConstants, GlobalMemory &memory,
                                          const ExecOptions &options = {});

} // namespace spvsim
