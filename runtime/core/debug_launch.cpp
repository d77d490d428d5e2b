// debugLaunch (debug_launch.h).
#include "core/debug_launch.h"

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <iostream>
#include <memory>
#include <thread>
#include <utility>

#include "core/config.h"
#include "spvsim/common/error.h"
#include "spvsim/common/finding_sink.h"
#include "spvsim/debugger/dap.h"
#include "spvsim/debugger/debugger.h"
#include "spvsim/debugger/saved_buffers.h"
#include "spvsim/interpreter/global_memory.h"

namespace spvsim::runtime {

namespace {

/// The buffers a launch can write: the root of each buffer or image argument that is not
/// read-only (a store through a read-only one faults and writes nothing). A replay
/// starts from their bytes; the others stay as they are.
std::vector<BufferId> writableBuffers(const GlobalMemory &memory,
                                      const std::vector<ArgBinding> &args) {
  std::vector<BufferId> ids;
  for (const ArgBinding &a : args) {
    if ((a.kind != ArgBinding::Kind::Buffer && a.kind != ArgBinding::Kind::Image) || !a.buffer)
      continue;
    const BufferInfo info = memory.info(a.buffer);
    if (info.released || info.access == BufferAccess::ReadOnly) continue;
    const BufferId root = info.parent ? info.parent : a.buffer;
    if (std::find(ids.begin(), ids.end(), root) == ids.end()) ids.push_back(root);
  }
  return ids;
}

/// The launch as the target of the adapter's `launch` request (serveLaunchDap).
class LaunchTarget : public debugger::DebugTarget {
public:
  LaunchTarget(debugger::Debugger &debug, debugger::LaunchControl control)
      : debug_(debug), control_(std::move(control)) {}
  debugger::Debugger &debugger() override { return debug_; }
  debugger::LaunchControl control() override { return control_; }
  int exitStatus() const override { return 0; } // the program's status is `exited`'s

private:
  debugger::Debugger &debug_;
  debugger::LaunchControl control_;
};

/// A connection to the socket of `spvsim dap` (SPVSIM_DEBUG_DAP); throws when there is
/// none.
int connectToAdapter(const std::string &path) {
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
  if (fd < 0 || ::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0) {
    const std::string why = std::strerror(errno);
    if (fd >= 0) ::close(fd);
    throw Error("cannot reach the debug adapter (spvsim dap) at " + path + ": " + why);
  }
  return fd;
}

} // namespace

LaunchStats debugLaunch(const ValidatedModule &module, const std::string &kernel,
                        const NDRange &range, const std::vector<ArgBinding> &args,
                        const SpecConstants &specConstants, GlobalMemory &memory, FindingSink &sink,
                        ExecOptions options, const std::string *source,
                        const std::function<void(Finding &)> &nameFinding) {
  // Buffers print through the kernel's pointer arguments (the host program's buffers
  // have no element types).
  debugger::Debugger debug(module.module(), {});
  // The front end names a program's source "input.cl" (runtime/README.md).
  if (source) debug.setSourceText("input.cl", *source);
  sink.setObserver([&debug, &nameFinding](const Finding &f) {
    if (!nameFinding) return debug.findingReported(f);
    Finding named = f;
    nameFinding(named);
    debug.findingReported(named);
  });
  std::atomic<bool> cancel{false};
  std::atomic<bool> restart{false};
  options.threads = 1; // one work-group thread: the same schedule on every run
  // The checks `--checks` (SPVSIM_CHECKS) names, each finding stopping the launch in its
  // work-item; without it the bounds check only, as `spvsim debug` runs by default
  // (docs/debugging.md: every other check makes each op, and each replay, slower).
  if (!Config::get().checksGiven) options.checks = CheckSet::parse("bounds");
  options.debugger = debug.watcher();
  options.cancel = &cancel;
  // A launch run again (reverse execution) prints the same bytes again, which are shown
  // once; a launch being abandoned prints nothing.
  std::function<void(std::string_view)> show = options.printfSink;
  if (!show)
    show = [](std::string_view text) {
      std::fwrite(text.data(), 1, text.size(), stdout);
      std::fflush(stdout);
    };
  uint64_t printfShown = 0, printfMade = 0;
  options.printfSink = [&](std::string_view text) {
    if (restart) return;
    const uint64_t before = printfMade;
    printfMade += text.size();
    if (printfMade <= printfShown) return;
    text.remove_prefix(static_cast<size_t>(printfShown > before ? printfShown - before : 0));
    printfShown = printfMade;
    show(text);
  };
  // What a replay or a restart starts from: the bytes of every buffer the launch can write,
  // and which of them count as written (the uninit check).
  const debugger::SavedBuffers startBytes(memory, writableBuffers(memory, args));

  LaunchStats stats;
  std::exception_ptr failure;
  std::thread runner;
  debugger::LaunchControl control;
  control.start = [&] {
    runner = std::thread([&] {
      try {
        stats = launchKernel(module, kernel, range, args, specConstants, memory, sink, options);
        // Reverse execution: the stopped launch ended at once (DebugWatcher::endNow); it runs
        // again from its starting bytes, its findings so far reported again as it goes.
        while (restart.exchange(false)) {
          cancel = false;
          startBytes.restore(memory);
          sink.clear();
          printfMade = 0;
          stats = launchKernel(module, kernel, range, args, specConstants, memory, sink, options);
        }
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
  control.restart = [&] {
    restart = true;
    cancel = true;
  };
  control.replay = [&](DebugWatcher &watcher, const std::atomic<bool> &stop) {
    const debugger::SavedBuffers now(memory, writableBuffers(memory, args));
    startBytes.restore(memory);
    FindingSink replaySink;
    ExecOptions replay = options;
    replay.debugger = &watcher;
    replay.cancel = &stop;
    replay.printfSink = [](std::string_view) {};
    try {
      launchKernel(module, kernel, range, args, specConstants, memory, replaySink, replay);
    } catch (...) {
      now.restore(memory);
      throw;
    }
    now.restore(memory);
  };
  if (const char *adapter = std::getenv(debugger::kLaunchSocketVariable); adapter && *adapter) {
    // Under `spvsim dap`: the adapter's client debugs the launch (breakpoints, stops and
    // printf output as DAP messages, relayed by the adapter; docs/debugging.md).
    const int fd = connectToAdapter(adapter);
    debugger::serveLaunchDap(fd, [&](const debugger::DapLaunchArguments &,
                                     debugger::TargetOutput output) {
      if (output.printf) show = output.printf;
      return std::unique_ptr<debugger::DebugTarget>(std::make_unique<LaunchTarget>(debug, control));
    });
    ::close(fd);
  } else {
    std::cout << "[spvsim: kernel '" << kernel
              << "' launched; the debugger stops at its first line (`continue` runs it to its "
                 "end, `quit` stops it)]\n";
    debug.launchPrompt(std::cin, std::cout, isatty(0) && isatty(1), control, kernel);
  }
  cancel = true; // quit or the end of the input: the launch stops if it still runs
  if (runner.joinable()) runner.join();
  sink.setObserver(nullptr);
  std::cout.flush();
  if (failure) std::rethrow_exception(failure);
  return stats;
}

} // namespace spvsim::runtime
