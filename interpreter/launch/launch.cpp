// launchKernel: binds arguments, lowers the kernel, lays out __local memory,
// attaches the watchers the launch's checks ask for (launch/checked_execution.h),
// and runs the work-groups on a pool of worker threads that take whole
// work-groups from an atomic counter.
#include "spvsim/interpreter/launch.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "checks/access/access_faults.h"
#include "exec/launch_context.h"
#include "exec/launch_limits.h"
#include "exec/packed_groups.h"
#include "exec/schedule_order.h"
#include "exec/work_group.h"
#include "launch/checked_execution.h"
#include "launch/debug_execution.h"
#include "launch/profile_execution.h"
#include "lower/lowering.h"
#include "report/fault_reporter.h"
#include "spvsim/common/error.h"
#include "spvsim/interpreter/lowered_kernel_cache.h"

namespace spvsim {

std::array<uint64_t, 3> chooseLocalSize(uint32_t dims, const std::array<uint64_t, 3> &global,
                                        uint32_t warpWidth) {
  // Per dimension the largest divisor of the global size that keeps the group within
  // 256 work-items; in x a multiple of the warp width if there is one, so warps are full.
  auto largestDivisor = [](uint64_t n, uint64_t limit, uint64_t multipleOf) -> uint64_t {
    for (uint64_t c = std::min(n, limit); c >= 1; --c)
      if (n % c == 0 && c % multipleOf == 0) return c;
    return 0;
  };
  std::array<uint64_t, 3> local{1, 1, 1};
  uint64_t budget = std::min<uint64_t>(kMaxWorkGroupSize, 256);
  for (uint32_t d = 0; d < dims && d < 3; ++d) {
    uint64_t best = d == 0 ? largestDivisor(global[d], budget, std::max(warpWidth, 1u)) : 0;
    if (best == 0) best = largestDivisor(global[d], budget, 1);
    local[d] = std::max<uint64_t>(best, 1);
    budget = std::max<uint64_t>(budget / local[d], 1);
  }
  return local;
}

namespace {

/// Worker threads of one launch at most, whatever ExecOptions::threads asks for.
constexpr uint64_t kMaxThreads = 1024;

/// The finding of a launch the watchdog stopped: how far it got. The findings of the
/// same kind with a work-item say where the work-items that were running had got to.
void reportProgress(const LaunchContext &L, const LaunchStats &stats) {
  Finding f;
  f.kind = stopFindingKind(stats.stopped);
  f.message = L.watchdog.describeStop() + "; " + std::to_string(stats.workItemsDone) + " of " +
              std::to_string(stats.workItems) + " work-items had finished";
  f.notes.push_back(std::to_string(L.watchdog.workGroupsDone()) + " of " +
                    std::to_string(stats.workGroups) + " work-groups, " +
                    std::to_string(stats.instructions) + " instructions executed");
  L.reporter->report(std::move(f), kNone);
}

void bindArguments(LaunchContext &L, const LoweredKernel &k, const std::vector<ArgBinding> &args,
                   std::vector<UniformInit> &uniforms) {
  if (args.size() != k.params.size())
    throw Error("kernel '" + k.name + "' takes " + std::to_string(k.params.size()) +
                " arguments, " + std::to_string(args.size()) + " given");
  L.localSizes.assign(k.locals.size(), 0);
  for (size_t i = 0; i < k.locals.size(); ++i) L.localSizes[i] = k.locals[i].size;
  for (size_t i = 0; i < args.size(); ++i) {
    const ParamBinding &p = k.params[i];
    const ArgBinding &a = args[i];
    std::string what = "argument " + std::to_string(i);
    if (!p.name.empty()) what += " ('" + p.name + "')";
    switch (p.kind) {
    case ParamBinding::Kind::Pointer:
      if (a.kind == ArgBinding::Kind::Null) {
        uniforms.push_back({p.pointerSlot, 8, 0});
      } else if (a.kind == ArgBinding::Kind::Buffer) {
        if (a.buffer == 0 || a.buffer >= L.allocations.size())
          throw Error(what + ": no buffer with id " + std::to_string(a.buffer));
        const AllocationView &v = L.allocations[a.buffer];
        AddressSpace space = p.constant ? AddressSpace::Constant : v.space;
        uniforms.push_back({p.pointerSlot, 8, tagged::make(space, a.buffer, 0)});
      } else if (a.kind == ArgBinding::Kind::Address) {
        // A host address into SVM memory is itself the pointer (memory/tagged_pointer.h).
        if (tagged::space(a.address) != AddressSpace::None)
          throw Error(what + ": host address " + std::to_string(a.address) +
                      " is outside the addresses SVM pointers may have");
        uniforms.push_back({p.pointerSlot, 8, a.address});
      } else {
        throw Error(what + " is a pointer: bind a buffer or NULL");
      }
      break;
    case ParamBinding::Kind::Local:
      if (a.kind != ArgBinding::Kind::Local) throw Error(what + " is __local: bind a size");
      if (a.localSize == 0) throw Error(what + ": a __local argument needs a size > 0");
      L.localSizes[p.localVariable] = a.localSize;
      break;
    case ParamBinding::Kind::Value: {
      if (a.kind != ArgBinding::Kind::Bytes) throw Error(what + " is passed by value: bind bytes");
      uint64_t need = 0;
      for (const auto &leaf : p.leaves) need = std::max<uint64_t>(need, leaf.offset + leaf.size);
      if (a.bytes.size() < need)
        throw Error(what + " needs " + std::to_string(need) + " bytes, " +
                    std::to_string(a.bytes.size()) + " given");
      for (const auto &leaf : p.leaves) {
        uint64_t bits = 0;
        std::memcpy(&bits, a.bytes.data() + leaf.offset, leaf.size);
        uniforms.push_back({leaf.slot, leaf.size, bits});
      }
      break;
    }
    case ParamBinding::Kind::Image: {
      if (a.kind != ArgBinding::Kind::Image) throw Error(what + " is an image: bind an image");
      if (a.image.buffer == 0 || a.image.buffer >= L.allocations.size())
        throw Error(what + ": no buffer with id " + std::to_string(a.image.buffer));
      const AllocationView &v = L.allocations[a.image.buffer];
      ImageView image;
      try {
        image.image = completeImage(a.image, v.size);
      } catch (const Error &e) {
        throw Error(what + ": " + e.what());
      }
      image.allocation = a.image.buffer;
      image.base = v.base;
      image.shadow = v.shadow;
      image.texelBytes = texelBytes(image.image.format);
      image.kind = texelKind(image.image.format.type);
      image.bytes = imageBytes(image.image);
      texelByteComponents(image.image.format, true, image.readComponents.data());
      texelByteComponents(image.image.format, false, image.writeComponents.data());
      uniforms.push_back({p.pointerSlot, p.leaves[0].size, L.images.size()});
      L.images.push_back(image);
      break;
    }
    case ParamBinding::Kind::ByValStruct: {
      if (a.kind != ArgBinding::Kind::Bytes) throw Error(what + " is passed by value: bind bytes");
      const PrivateVariable &var = k.privates[p.privateVariable];
      if (a.bytes.size() != var.size)
        throw Error(what + " is a " + std::to_string(var.size) + "-byte struct, " +
                    std::to_string(a.bytes.size()) + " bytes given");
      L.byValCopies.push_back({var.offset, a.bytes});
      break;
    }
    }
  }
}

/// The kernel lowered for `warpWidth` lanes, from options.loweredKernels when it has it.
std::shared_ptr<const LoweredKernel>
lowerForLaunch(const ValidatedModule &module, const std::string &kernel,
               const SpecConstants &specConstants, uint32_t warpWidth, const ExecOptions &options) {
  const bool debugBindings = options.debugger != nullptr;
  const bool misalignedCheck = options.checks.has(Check::Misaligned);
  auto lower = [&] {
    auto made = std::make_shared<LoweredKernel>(
        lowerKernel(module, kernel, specConstants, warpWidth, debugBindings));
    prepareAlignmentChecks(misalignedCheck, *made);
    return std::shared_ptr<const LoweredKernel>(std::move(made));
  };
  return options.loweredKernels
             ? options.loweredKernels->get(module, specConstants, kernel, warpWidth, debugBindings,
                                           misalignedCheck, lower)
             : lower();
}

} // namespace

std::vector<BufferId> programScopeBuffers(const ValidatedModule &module, const std::string &kernel,
                                          const SpecConstants &specConstants, GlobalMemory &memory,
                                          const ExecOptions &options) {
  // Every lowering of the kernel has the same program-scope variables: the warp width
  // given, as launchKernel's cache may already hold it.
  const std::shared_ptr<const LoweredKernel> lowered = lowerForLaunch(
      module, kernel, specConstants, std::clamp<uint32_t>(options.warpWidth, 1, 64), options);
  return memory.programScopeBuffers(&module.module(), programScopeVariables(*lowered));
}

LaunchStats launchKernel(const ValidatedModule &module, const std::string &kernel,
                         const NDRange &range, const std::vector<ArgBinding> &args,
                         const SpecConstants &specConstants, GlobalMemory &memory,
                         FindingSink &sink, const ExecOptions &options) {
  checkRange(range);
  if (options.warpWidth < 1 || options.warpWidth > 64)
    throw Error("warp width " + std::to_string(options.warpWidth) + " is not between 1 and 64");
  checkCallGraph(module.module(), kernel, options.limits);
  NDRange fullRange = range;
  for (uint32_t d = range.dims; d < 3; ++d) fullRange.global[d] = 1, fullRange.offset[d] = 0;
  std::array<uint64_t, 3> localSize =
      range.local ? *range.local : chooseLocalSize(range.dims, fullRange.global, options.warpWidth);
  for (uint32_t d = range.dims; d < 3; ++d) localSize[d] = 1;
  // A work-group smaller than a warp runs in a warp of its size rounded up to a power of
  // two: the same work-items in the same one sub-group, without the lane loops over lanes
  // that are no work-item (one-item groups paid ~4,000 instructions each for 31 empty
  // lanes). get_max_sub_group_size is the same either way (exec/handlers_memory.h). Not
  // with SubgroupDispatch, whose queries are of the device's sub-groups, lowered as
  // constants of the warp width.
  const uint64_t groupItems = localSize[0] * localSize[1] * localSize[2];
  const uint32_t fullWidth = options.schedule.warpWidth(options.warpWidth);
  uint32_t warpWidth = fullWidth;
  const bool subGroupDispatch = module.module().hasCapability(spv::Capability::SubgroupDispatch);
  if (!subGroupDispatch)
    warpWidth = static_cast<uint32_t>(std::min<uint64_t>(warpWidth, std::bit_ceil(groupItems)));
  // The launch only reads the lowered kernel, so that launches can share it.
  std::shared_ptr<const LoweredKernel> lowered =
      lowerForLaunch(module, kernel, specConstants, warpWidth, options);
  // Several small work-groups to a warp, when neither the kernel nor what watches the
  // launch can tell (exec/packed_groups.h): uniform groups, the ordered schedule.
  uint32_t packedGroups = 1;
  bool uniformGroups = true;
  for (uint32_t d = 0; d < 3; ++d) uniformGroups &= fullRange.global[d] % localSize[d] == 0;
  if (uniformGroups && !subGroupDispatch && options.schedule.ordered() && !options.debugger &&
      !options.profile && groupsPerWarp(groupItems, fullWidth) > 1 &&
      kernelIgnoresGroupLayout(*lowered)) {
    packedGroups = groupsPerWarp(groupItems, fullWidth);
    warpWidth = fullWidth;
    lowered = lowerForLaunch(module, kernel, specConstants, warpWidth, options);
  }
  const LoweredKernel &k = *lowered;
  checkPrivateMemory(k, options.limits);
  LaunchContext L;
  L.kernel = &k;
  L.checks = options.checks;
  L.schedule = options.schedule;
  L.subGroupIndependentProgress = options.subGroupIndependentProgress;
  L.range = fullRange;
  L.localSize = localSize;
  L.packedGroups = packedGroups;
  for (uint32_t d = 0; d < 3; ++d)
    L.groups[d] = (L.range.global[d] + L.localSize[d] - 1) / L.localSize[d];

  // Program-scope variables live in GlobalMemory, so they keep their values across launches.
  // Created together: an initializer may hold another variable's address.
  L.programGlobalIds = memory.programScopeBuffers(&module.module(), programScopeVariables(k));
  // Allocation table: every buffer of GlobalMemory by id, read at one instant (the
  // runtime may create or release buffers while this launch runs).
  L.allocations = memory.launchAllocations();
  for (size_t i = 0; i < k.programGlobals.size(); ++i)
    if (k.programGlobals[i].constant)
      L.allocations.edit(L.programGlobalIds[i]).space = AddressSpace::Constant;
  if (L.allocations.size() > tagged::kMaxId) throw Error("too many buffers for one launch");

  bindArguments(L, k, args, L.argumentInits);
  L.localArenaSize = layOutLocalMemory(k, L.localSizes, options.limits, L.localOffsets);

  FaultReporter reporter(module.module(), kernel, sink);
  if (!options.schedule.ordered())
    reporter.setScheduleNote("schedule " + options.schedule.name() + " (warp width " +
                             std::to_string(warpWidth) + "; replay with --schedule " +
                             options.schedule.name() + ")");
  L.reporter = &reporter;
  // Decided before the checks attach: a launch on one thread needs no locks of theirs.
  const uint64_t totalGroups = L.groups[0] * L.groups[1] * L.groups[2];
  uint32_t threads =
      options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  if (options.debugger) threads = 1; // one schedule, the same every time
  // What the workers hand out: work-groups, or packs of them (exec/packed_groups.h).
  const uint64_t totalPacks = (totalGroups + packedGroups - 1) / packedGroups;
  threads = static_cast<uint32_t>(std::min<uint64_t>({threads, totalPacks, kMaxThreads}));
  L.workers = threads;
  // Access faults are checked in every launch: the executor stops them, this reports them.
  AccessFaultWatcher accessFaults;
  L.watchers[kAccessSlot] = &accessFaults;
  CheckedExecution checked(L, module.module());
  if (options.debugger) {
    L.watchers[kDebugSlot] = options.debugger;
    L.warpLoop = L.warpLoop == runCheckedWarp ? runDebugCheckedWarp : runDebugWarp;
  }
  std::optional<ProfileWatcher> profiler;
  if (options.profile && !options.debugger) {
    L.watchers[kProfileSlot] = &profiler.emplace();
    L.warpLoop = L.warpLoop == runCheckedWarp ? runProfiledCheckedWarp : runProfiledWarp;
  }
  L.watchdog.arm(options);

  // printf output, when the kernel has any: by group, in group order (exec/printf_output.h).
  std::optional<PrintfOutput> printfOutput;
  if (!k.printfCalls.empty()) {
    PrintfOutput::Sink printfSink = options.printfSink;
    if (!printfSink)
      printfSink = [](std::string_view text) {
        std::fwrite(text.data(), 1, text.size(), stdout);
        std::fflush(stdout);
      };
    printfOutput.emplace(std::move(printfSink), options.printfBufferSize);
    L.printf = &*printfOutput;
  }

  // The schedule's group order: with one thread groups run in this order, with several
  // they are handed out in it (docs/run-files.md, --schedule).
  const GroupOrder groupOrder(options.schedule, totalPacks);
  std::atomic<uint64_t> nextGroup{0};
  L.spin.begin(threads, totalGroups);
  // Work-groups are claimed a batch at a time: with one claim per group, the threads of a
  // launch of many short groups wrote the counter's cache line back and forth (vecadd:
  // 32768 groups of one add per work-item). Small launches keep batches of one.
  const uint64_t batch = std::clamp<uint64_t>(totalPacks / (uint64_t(threads) * 16), 1, 32);
  if (options.progress) {
    options.progress->workGroupsDone.store(0, std::memory_order_relaxed);
    options.progress->workGroups.store(totalGroups, std::memory_order_relaxed);
  }
  std::exception_ptr failure;
  std::mutex failureMutex;
  auto worker = [&] {
    L.spin.workerStarted();
    try {
      // Made on the first group the thread takes: a thread that gets none allocates no
      // registers and no __local arena.
      std::optional<WorkGroupRunner> runner;
      for (uint64_t first;
           !L.watchdog.stopped() && (first = nextGroup.fetch_add(batch)) < totalPacks;) {
        const uint64_t end = std::min(totalPacks, first + batch);
        for (uint64_t g = first; g < end && !L.watchdog.stopped(); ++g) {
          if (!runner) runner.emplace(L);
          runner->run(groupOrder.at(g) * packedGroups);
        }
        // Once per batch of work-groups: nothing per instruction.
        if (options.progress)
          options.progress->workGroupsDone.fetch_add(std::min(totalGroups, end * packedGroups) -
                                                         first * packedGroups,
                                                     std::memory_order_relaxed);
      }
      if (runner) runner->flush();
      L.spin.workerIdle();
    } catch (...) {
      L.spin.workerIdle();
      std::lock_guard lock(failureMutex);
      if (!failure) failure = std::current_exception();
      nextGroup.store(totalPacks);
    }
  };
  if (options.debugger) {
    options.debugger->launchStarted(L);
    worker();
    options.debugger->launchEnded(L);
  } else if (threads <= 1) {
    worker();
  } else {
    std::vector<std::jthread> pool;
    for (uint32_t t = 0; t < threads; ++t) pool.emplace_back(worker);
  }
  if (L.printf) L.printf->finish();
  reporter.flushRepeats();
  if (profiler) profiler->addTo(*options.profile, L);
  if (failure) std::rethrow_exception(failure);

  LaunchStats stats;
  stats.localSize = L.localSize;
  stats.packedGroups = packedGroups;
  stats.workGroups = totalGroups;
  stats.workItems = L.range.global[0] * L.range.global[1] * L.range.global[2];
  stats.instructions = L.watchdog.instructions();
  stats.stopped = L.watchdog.reason();
  stats.workItemsDone = L.watchdog.workItemsDone();
  stats.printfCallsDropped = L.printf ? L.printf->droppedCalls() : 0;
  if (stats.stopped != StopReason::None && stats.stopped != StopReason::NoProgress)
    reportProgress(L, stats);
  return stats;
}

} // namespace spvsim
