// debugLaunch (debug_launch.h).
#include "core/debug_launch.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <iostream>
#include <thread>
#include <utility>

#include "spvsim/common/finding_sink.h"
#include "spvsim/debugger/debugger.h"
#include "spvsim/interpreter/global_memory.h"

namespace spvsim::runtime {

namespace {

using BufferBytes = std::vector<std::pair<BufferId, std::vector<std::byte>>>;

/// The bytes of every live buffer of the context (what a replay starts from).
BufferBytes bufferBytes(const GlobalMemory &memory) {
  BufferBytes copy;
  const std::vector<BufferView> views = memory.snapshot();
  for (BufferId id = 1; id < views.size(); ++id)
    if (views[id].base && !views[id].info.released && !views[id].info.parent)
      copy.emplace_back(
          id, std::vector<std::byte>(views[id].base, views[id].base + views[id].info.size));
  return copy;
}

void restore(GlobalMemory &memory, const BufferBytes &copy) {
  for (const auto &[id, bytes] : copy)
    std::copy(bytes.begin(), bytes.end(), memory.bytes(id).begin());
}

} // namespace

LaunchStats debugLaunch(const ValidatedModule &module, const std::string &kernel,
                        const NDRange &range, const std::vector<ArgBinding> &args,
                        const SpecConstants &specConstants, GlobalMemory &memory, FindingSink &sink,
                        ExecOptions options) {
  // Buffers print through the kernel's pointer arguments (the host program's buffers
  // have no element types).
  debugger::Debugger debug(module.module(), {});
  sink.setObserver([&debug](const Finding &f) { debug.findingReported(f); });
  std::atomic<bool> cancel{false};
  options.threads = 1; // one work-group thread: the same schedule on every run
  options.debugger = debug.watcher();
  options.cancel = &cancel;
  const BufferBytes startBytes = bufferBytes(memory);

  LaunchStats stats;
  std::exception_ptr failure;
  std::thread runner;
  debugger::LaunchControl control;
  control.start = [&] {
    runner = std::thread([&] {
      try {
        stats = launchKernel(module, kernel, range, args, specConstants, memory, sink, options);
      } catch (...) {
        failure = std::current_exception();
      }
      debug.finished();
    });
  };
  control.stop = [&] { cancel = true; };
  control.join = [&] {
    if (runner.joinable()) runner.join();
  };
  control.replay = [&](DebugWatcher &watcher, const std::atomic<bool> &stop) {
    const BufferBytes now = bufferBytes(memory);
    restore(memory, startBytes);
    FindingSink replaySink;
    ExecOptions replay = options;
    replay.debugger = &watcher;
    replay.cancel = &stop;
    replay.printfSink = [](std::string_view) {};
    try {
      launchKernel(module, kernel, range, args, specConstants, memory, replaySink, replay);
    } catch (...) {
      restore(memory, now);
      throw;
    }
    restore(memory, now);
  };
  std::cout << "[spvsim: kernel '" << kernel
            << "' launched; the debugger stops at its first line (`continue` runs it to its end, "
               "`quit` stops it)]\n";
  debug.launchPrompt(std::cin, std::cout, isatty(0) && isatty(1), control, kernel);
  cancel = true; // quit or the end of the input: the launch stops if it still runs
  if (runner.joinable()) runner.join();
  sink.setObserver(nullptr);
  std::cout.flush();
  if (failure) std::rethrow_exception(failure);
  return stats;
}

} // namespace spvsim::runtime
