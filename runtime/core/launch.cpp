// Running NDRange commands (see launch.h).
#include "core/launch.h"

#include <nlohmann/json.hpp>

#include "core/capture.h"
#include "core/findings.h"
#include "spvsim/common/error.h"

namespace spvsim::runtime {

namespace {

nlohmann::json sizeList(const std::array<uint64_t, 3> &sizes, uint32_t dims) {
  nlohmann::json list = nlohmann::json::array();
  for (uint32_t d = 0; d < dims; ++d) list.push_back(sizes[d]);
  return list;
}

/// The name findings use for parameter `index`.
std::string parameterName(const KernelSignature &signature, size_t index) {
  const std::string &name = signature.params[index].name;
  return name.empty() ? "arg " + std::to_string(index) : name;
}

void replaceAll(std::string &text, const std::string &from, const std::string &to) {
  for (size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size())
    text.replace(at, from.size(), to);
}

/// Findings name buffers as the kernel's parameters that were given them.
void nameBuffers(std::vector<Finding> &findings, const LaunchCommand &launch) {
  for (size_t i = launch.args.size(); i-- > 0;) {
    const KernelArg &a = launch.args[i];
    if (a.kind != KernelArg::Kind::Buffer) continue;
    const std::string name = parameterName(launch.signature, i);
    for (Finding &f : findings) {
      if (!f.memory || f.memory->buffer != a.bufferName) continue;
      f.memory->buffer = name;
      replaceAll(f.message, "'" + a.bufferName + "'", "'" + name + "'");
    }
  }
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
  return options;
}

LaunchCommand prepareLaunch(const Kernel &kernel, const NDRange &range) {
  LaunchCommand launch;
  launch.context = kernel.program().sharedContext();
  launch.executable = kernel.executable();
  launch.signature = kernel.signature();
  launch.range = range;
  launch.args = kernel.args();
  for (const KernelArg &a : launch.args) {
    std::shared_ptr<Mem> mem;
    // Held only while the application still holds it (OpenCL API §5.5.1).
    if (a.kind == KernelArg::Kind::Buffer &&
        Registry::instance().referenceCount(a.mem.lock().get()))
      mem = a.mem.lock();
    launch.buffers.push_back(std::move(mem));
  }
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
    }
  }

  const std::string &kernel = launch.signature.name;
  Capture *capture = Capture::get();
  std::optional<CapturedLaunch> captured;
  if (capture) captured = capture->begin(launch);

  FindingSink sink;
  LaunchStats stats;
  FindingLog &log = FindingLog::get();
  try {
    stats = launchKernel(launch.executable->module(), kernel, launch.range, bindings,
                         launch.executable->specConstants(), memory, sink, execOptions());
  } catch (const Unsupported &e) {
    std::string message = "kernel '" + kernel + "' cannot run: not supported: " + e.what();
    log.addError(message);
    launch.context->notify("spvsim: " + message);
    return CL_OUT_OF_RESOURCES;
  } catch (const Error &e) {
    std::string message = "kernel '" + kernel + "' cannot run: " + e.what();
    log.addError(message);
    launch.context->notify("spvsim: " + message);
    return CL_OUT_OF_RESOURCES;
  }
  std::vector<Finding> findings = sink.findings();
  nameBuffers(findings, launch);
  log.add(launch.executable->number(), findings);
  nlohmann::json entry{{"kernel", kernel},
                       {"global_size", sizeList(launch.range.global, launch.range.dims)},
                       {"local_size", sizeList(stats.localSize, launch.range.dims)},
                       {"work_groups", stats.workGroups}};
  if (captured) {
    capture->end(*captured, launch);
    entry["capture"] = captured->directory.string();
  }
  log.addLaunch(std::move(entry));
  return CL_SUCCESS;
}

} // namespace spvsim::runtime
