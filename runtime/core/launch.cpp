// Running NDRange commands (see launch.h).
#include "core/launch.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <span>

#include <nlohmann/json.hpp>

#include "core/capture.h"
#include "core/debug_launch.h"
#include "core/explore_launch.h"
#include "core/findings.h"
#include "core/interrupt.h"
#include "core/profiles.h"
#include "spvsim/common/error.h"

namespace spvsim::runtime {

namespace {

nlohmann::json sizeList(const std::array<uint64_t, 3> &sizes, uint32_t dims) {
  nlohmann::json list = nlohmann::json::array();
  for (uint32_t d = 0; d < dims; ++d) list.push_back(sizes[d]);
  return list;
}

void replaceAll(std::string &text, const std::string &from, const std::string &to) {
  for (size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size())
    text.replace(at, from.size(), to);
}

/// The element type parameter `index` points to as the source declares it ("int" for
/// `global int *`), when it is a basic type of `size` bytes; else "". SPIR-V has no
/// signedness: the executor names an int's element "uint".
std::string declaredElementType(const LaunchCommand &launch, size_t index, uint32_t size) {
  const KernelDetails &details = launch.executable->details(launch.signature.name);
  if (index >= details.argTypeNames.size()) return "";
  std::string type = details.argTypeNames[index];
  if (type.empty() || type.back() != '*') return "";
  type.pop_back();
  static const std::map<std::string, uint32_t> kSizes = {
      {"char", 1}, {"uchar", 1}, {"short", 2}, {"ushort", 2}, {"half", 2},  {"int", 4},
      {"uint", 4}, {"float", 4}, {"long", 8},  {"ulong", 8},  {"double", 8}};
  const auto known = kSizes.find(type);
  return known != kSizes.end() && known->second == size ? type : "";
}

/// Findings name buffers as the kernel's parameters that were given them, and their
/// elements by the type the parameter declares.
void nameBuffers(std::span<Finding> findings, const LaunchCommand &launch) {
  for (size_t i = launch.args.size(); i-- > 0;) {
    const KernelArg &a = launch.args[i];
    if (a.kind != KernelArg::Kind::Buffer && a.kind != KernelArg::Kind::Image &&
        a.kind != KernelArg::Kind::Svm)
      continue;
    const std::string name = parameterName(launch.signature.params[i].name, i);
    for (Finding &f : findings) {
      // The message and the notes (an uninit.read's origin, a second object: an image
      // and the buffer it was made from) name it as the memory line does.
      replaceAll(f.message, "'" + a.bufferName + "'", "'" + name + "'");
      for (std::string &note : f.notes)
        replaceAll(note, "'" + a.bufferName + "'", "'" + name + "'");
      if (!f.memory || f.memory->buffer != a.bufferName) continue;
      f.memory->buffer = name;
      if (f.elementSize)
        if (std::string declared = declaredElementType(launch, i, f.elementSize); !declared.empty())
          f.elementType = std::move(declared);
    }
  }
}

/// A launch's profile with its buffers named as the kernel's parameters that were given
/// them (several, joined by " and ", when one buffer was given to several).
KernelProfile profileByParameter(KernelProfile profile, const LaunchCommand &launch) {
  std::map<std::string, std::string> names;
  for (size_t i = 0; i < launch.args.size(); ++i) {
    const KernelArg &a = launch.args[i];
    if (a.kind != KernelArg::Kind::Buffer && a.kind != KernelArg::Kind::Image) continue;
    std::string &name = names[a.bufferName];
    name += (name.empty() ? "" : " and ") + parameterName(launch.signature.params[i].name, i);
  }
  std::map<std::string, Traffic> byBuffer;
  for (const auto &[buffer, traffic] : profile.byBuffer) {
    const auto named = names.find(buffer);
    Traffic &t = byBuffer[named == names.end() ? buffer : named->second];
    t.loaded += traffic.loaded;
    t.stored += traffic.stored;
  }
  profile.byBuffer = std::move(byBuffer);
  return profile;
}

/// The launch did not run because SPVSIM_RUN_TIMEOUT had passed: one hang.run-timeout
/// finding for the process, counted once per launch that did not run.
void reportRunTimeoutPassed(const Config &config, const std::string &kernel) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%g", config.runTimeoutSeconds);
  Finding f;
  f.kind = stopFindingKind(StopReason::RunTimeout);
  f.message = std::string("the program's kernels did not finish within ") + seconds +
              " s (SPVSIM_RUN_TIMEOUT); later launches do not run";
  f.notes.push_back("the first launch that did not run: kernel '" + kernel + "'");
  FindingLog::get().add(0, {f});
}

/// A launch that did not start because of a Ctrl-C. The first launch the Ctrl-C stops,
/// when it came while no launch ran, has the hang.interrupted finding a running launch
/// has (that no work-item ran is where the work-items were); later ones an error line.
void reportNotStarted(const LaunchCommand &launch) {
  const std::string &kernel = launch.signature.name;
  FindingLog &log = FindingLog::get();
  if (!markLaunchInterrupted()) {
    log.addError("kernel '" + kernel + "' did not run: the program was interrupted (Ctrl-C)");
    return;
  }
  uint64_t workItems = 1;
  for (uint32_t d = 0; d < launch.range.dims; ++d) workItems *= launch.range.global[d];
  Finding f;
  f.kind = stopFindingKind(StopReason::Interrupted);
  f.message = "the run was interrupted before the launch started; 0 of " +
              std::to_string(workItems) + " work-items had finished";
  f.kernel = kernel;
  f.notes.push_back("the Ctrl-C came while no launch ran: this launch stopped at its start");
  log.add(launch.executable->number(), {f});
  log.addError("kernel '" + kernel +
               "' was interrupted (Ctrl-C) at its start: no work-item ran; later commands fail");
  // Listed as a launch, as a launch stopped while it runs is.
  const std::array<uint64_t, 3> local =
      launch.range.local.value_or(std::array<uint64_t, 3>{1, 1, 1});
  uint64_t groups = 1;
  for (uint32_t d = 0; d < launch.range.dims; ++d)
    groups *= (launch.range.global[d] + local[d] - 1) / std::max<uint64_t>(local[d], 1);
  log.addLaunch({{"kernel", kernel},
                 {"global_size", sizeList(launch.range.global, launch.range.dims)},
                 {"local_size", sizeList(local, launch.range.dims)},
                 {"work_groups", groups},
                 {"instructions", 0},
                 {"stopped", stopFindingKind(StopReason::Interrupted)},
                 {"work_items_finished", 0}});
}

} // namespace

ExecOptions execOptions() {
  const Config &config = Config::get();
  ExecOptions options;
  options.warpWidth = config.warpWidth;
  options.threads = config.threads;
  options.checks = config.checks;
  options.timeoutSeconds = config.timeoutSeconds;
  options.printfBufferSize = config.printfBufferSize;
  options.maxInstructions = config.maxInstructions;
  options.runDeadline = config.runDeadline();
  options.runTimeoutSeconds = config.runTimeoutSeconds;
  options.cancel = &launchesStopping();
  return options;
}

cl_int limitStatus(LimitError::Limit limit) {
  switch (limit) {
  case LimitError::Limit::GlobalSize:
    return CL_INVALID_GLOBAL_WORK_SIZE;
  case LimitError::Limit::WorkGroupSize:
    return CL_INVALID_WORK_GROUP_SIZE;
  case LimitError::Limit::LocalMemory:
  case LimitError::Limit::PrivateMemory:
  case LimitError::Limit::CallDepth:
  case LimitError::Limit::KernelSize:
    return CL_OUT_OF_RESOURCES;
  case LimitError::Limit::BufferMemory:
    return CL_MEM_OBJECT_ALLOCATION_FAILURE;
  }
  return CL_OUT_OF_RESOURCES;
}

void stopLaunchesForExit() {
  launchesStopping() = true;
}

LaunchCommand prepareLaunch(const Kernel &kernel, const NDRange &range) {
  static std::atomic<uint64_t> enqueued{0};
  LaunchCommand launch;
  launch.enqueueIndex = ++enqueued;
  launch.context = kernel.program().sharedContext();
  launch.executable = kernel.executable();
  launch.program = kernel.sharedProgram();
  launch.signature = kernel.signature();
  launch.range = range;
  launch.args = kernel.args();
  for (const KernelArg &a : launch.args) {
    std::shared_ptr<Mem> mem;
    // Held only while the application still holds it (OpenCL API §5.5.1).
    if ((a.kind == KernelArg::Kind::Buffer || a.kind == KernelArg::Kind::Image) &&
        Registry::instance().referenceCount(a.mem.lock().get()))
      mem = a.mem.lock();
    launch.buffers.push_back(std::move(mem));
  }
  launch.svm = launch.context->svm().blocks();
  return launch;
}

cl_int runLaunch(const LaunchCommand &launch) {
  GlobalMemory &memory = launch.context->memory();
  std::vector<ArgBinding> bindings;
  for (size_t i = 0; i < launch.args.size(); ++i) {
    const KernelArg &a = launch.args[i];
    switch (a.kind) {
    case KernelArg::Kind::Buffer:
      if (launch.buffers[i] || memory.info(a.buffer).released) {
        bindings.push_back(ArgBinding::ofBuffer(a.buffer));
      } else {
        // Released by the application but still alive for an earlier command: the kernel
        // gets a released stand-in of the same name.
        BufferId standIn = memory.create(0, a.bufferName);
        memory.release(standIn);
        bindings.push_back(ArgBinding::ofBuffer(standIn));
      }
      break;
    case KernelArg::Kind::Null:
    case KernelArg::Kind::Unset:
      bindings.push_back(ArgBinding::null());
      break;
    case KernelArg::Kind::Local:
      bindings.push_back(ArgBinding::ofLocal(a.localSize));
      break;
    case KernelArg::Kind::Bytes:
      bindings.push_back(ArgBinding::ofBytes(a.bytes));
      break;
    case KernelArg::Kind::Image:
      // An image the application released before the launch cannot be bound (its
      // allocation is gone): the launch cannot run.
      bindings.push_back(ArgBinding::ofImage(a.image));
      break;
    case KernelArg::Kind::Sampler:
      bindings.push_back(ArgBinding::ofSampler(a.samplerBits));
      break;
    case KernelArg::Kind::Svm:
      bindings.push_back(ArgBinding::ofAddress(a.address));
      break;
    }
  }

  const std::string &kernel = launch.signature.name;
  const Config &config = Config::get();
  FindingLog &log = FindingLog::get();
  if (launchesStopping()) {
    if (interruptedByUser()) reportNotStarted(launch);
    return CL_OUT_OF_RESOURCES;
  }
  if (auto deadline = config.runDeadline();
      deadline && std::chrono::steady_clock::now() >= *deadline) {
    reportRunTimeoutPassed(config, kernel);
    return CL_OUT_OF_RESOURCES;
  }
  Capture *capture = Capture::get();
  std::optional<CapturedLaunch> captured;
  if (capture) captured = capture->begin(launch);

  FindingSink sink;
  LaunchStats stats;
  ExecOptions options = execOptions();
  // SPVSIM_PROFILE: checked once per launch; a launch without it runs the plain warp loop.
  // The debugger's launches are not profiled (as under `spvsim run`).
  std::optional<KernelProfile> profile;
  if (config.profile && !config.debug) options.profile = &profile.emplace();
  auto cannotRun = [&](const std::string &why, cl_int status) {
    std::string message = "kernel '" + kernel + "' cannot run: " + why;
    log.addError(message);
    launch.context->notify("spvsim: " + message);
    return status;
  };
  const bool fromSource = launch.program && launch.program->origin() == Program::Origin::Source;
  const std::string *source = fromSource ? &launch.program->source() : nullptr;
  try {
    if (config.debug) {
      stats = debugLaunch(launch.executable->module(), kernel, launch.range, bindings,
                          launch.executable->specConstants(), memory, sink, options, source,
                          [&launch](Finding &f) { nameBuffers(std::span(&f, 1), launch); });
    } else {
      // The debugger's prompt takes Ctrl-C itself; otherwise the first one stops the launch.
      const InterruptScope takesCtrlC;
      options.loweredKernels = &launch.executable->loweredKernels();
      if (config.explore > 1)
        stats = exploreLaunch(launch, bindings, memory, sink, options);
      else
        stats = launchKernel(launch.executable->module(), kernel, launch.range, bindings,
                             launch.executable->specConstants(), memory, sink, options);
    }
  } catch (const Unsupported &e) {
    return cannotRun(std::string("not supported: ") + e.what(), CL_OUT_OF_RESOURCES);
  } catch (const LimitError &e) {
    return cannotRun(e.what(), limitStatus(e.limit()));
  } catch (const Error &e) {
    return cannotRun(e.what(), CL_OUT_OF_RESOURCES);
  }
  std::vector<Finding> findings = sink.findings();
  // Ctrl-C: the findings say where the work-items were, as `spvsim run`'s do.
  const bool byCtrlC = stats.stopped == StopReason::Interrupted && interruptedByUser();
  if (stats.stopped == StopReason::Interrupted && !byCtrlC) {
    // The process's exit interrupted the launch: where its work-items were is no news.
    std::erase_if(findings, [](const Finding &f) {
      return f.kind == stopFindingKind(StopReason::Interrupted);
    });
    log.addError("kernel '" + kernel +
                 "' was stopped when the program exited: " + std::to_string(stats.workItemsDone) +
                 " of " + std::to_string(stats.workItems) + " work-items had finished");
  }
  nameBuffers(findings, launch);
  log.add(launch.executable->number(), findings, source);
  if (profile && profile->launches)
    ProfileLog::get().add(launch.executable->number(), launch.executable->module().module(), kernel,
                          profileByParameter(std::move(*profile), launch), source);
  if (byCtrlC) markLaunchInterrupted();
  if (byCtrlC)
    log.addError("kernel '" + kernel +
                 "' was interrupted (Ctrl-C): " + std::to_string(stats.workItemsDone) + " of " +
                 std::to_string(stats.workItems) + " work-items had finished; later commands fail");
  if (stats.printfCallsDropped)
    std::cerr << "spvsim: kernel '" << kernel << "': " << stats.printfCallsDropped
              << " printf calls printed nothing: the printf buffer of " << config.printfBufferSize
              << " bytes (SPVSIM_PRINTF_BUFFER) was full\n";
  nlohmann::json entry{{"kernel", kernel},
                       {"global_size", sizeList(launch.range.global, launch.range.dims)},
                       {"local_size", sizeList(stats.localSize, launch.range.dims)},
                       {"work_groups", stats.workGroups},
                       {"instructions", stats.instructions}};
  if (stats.stopped != StopReason::None) {
    entry["stopped"] = stopFindingKind(stats.stopped);
    entry["work_items_finished"] = stats.workItemsDone;
  }
  if (captured) {
    capture->end(*captured, launch);
    entry["capture"] = captured->directory.string();
  }
  log.addLaunch(std::move(entry));
  // A launch a limit stopped did not do its work: its event fails, as when a device's
  // watchdog ends a kernel.
  return stats.stopped == StopReason::None ? CL_SUCCESS : CL_OUT_OF_RESOURCES;
}

} // namespace spvsim::runtime
