// `spvsim debug FILE.json` (docs/debugging.md): the launches of a run file under the
// interactive debugger. The run file is read, the module loaded and validated and the
// buffers made as `spvsim run` does; the prompt starts the launches on a thread of
// their own with `run`, one work-group thread each, the debugger's watcher attached.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "commands.h"
#include "launch_options.h"
#include "opencl_module.h"
#include "spvsim/common/error.h"
#include "spvsim/common/finding_sink.h"
#include "spvsim/debugger/debugger.h"
#include "spvsim/interpreter/global_memory.h"
#include "spvsim/interpreter/kernel_signature.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/runfile/bind.h"
#include "spvsim/runfile/run_buffers.h"
#include "spvsim/runfile/run_spec.h"
#include "spvsim/validator/device.h"
#include "spvsim/validator/validator.h"

namespace spvsim::cli {

using namespace spvsim::runfile;

namespace {

struct DebugOptions {
  std::string runFile;
  uint32_t warpWidth = 32;
};

debugger::BufferType bufferTypeOf(const ElementType &t) {
  debugger::BufferType b;
  b.scalar = isFloatType(t.scalar) ? debugger::BufferType::Scalar::Float
             : (t.scalar == ScalarType::UChar || t.scalar == ScalarType::UShort ||
                t.scalar == ScalarType::UInt || t.scalar == ScalarType::ULong)
                 ? debugger::BufferType::Scalar::UInt
                 : debugger::BufferType::Scalar::Int;
  b.componentBytes = t.componentSize();
  b.components = t.width;
  b.name = t.name();
  return b;
}

int debugCommand(const DebugOptions &options) {
  const RunSpec spec = parseRunFile(options.runFile);
  std::shared_ptr<const Module> loaded =
      loadModuleFile(spec.module, spec.buildOptions,
                     std::filesystem::path(options.runFile).parent_path(), "build_options");
  const SpecConstants specConstants = bindSpecConstants(spec, specConstantTypes(*loaded));
  ValidationOptions validationOptions;
  validationOptions.specConstants = specConstants;
  ValidationResult validation =
      validate(std::move(loaded), DeviceDescription::spvsim(), validationOptions);
  for (const Finding &f : validation.findings)
    if (f.severity == Severity::Error) std::cerr << formatText(f);
  if (!validation.ok()) return kBadInput;
  const ValidatedModule &module = *validation.module;
  const std::vector<BoundLaunch> launches =
      bindLaunches(spec, kernelSignatures(module), [&](uint32_t dims, const auto &global) {
        return chooseLocalSize(dims, global, options.warpWidth);
      });

  GlobalMemory memory;
  RunBuffers buffers(spec, memory, {}, 1);
  std::map<std::string, debugger::BufferType> bufferTypes;
  for (const BufferSpec &b : spec.buffers) bufferTypes[b.name] = bufferTypeOf(b.type);

  debugger::Debugger debug(module.module(), bufferTypes);
  FindingSink sink;
  // Findings put back into the sink when a launch runs again stop nothing.
  bool refilling = false;
  sink.setObserver([&](const Finding &f) {
    if (!refilling) debug.findingReported(f);
  });
  std::atomic<bool> cancel{false};
  ExecOptions exec;
  exec.warpWidth = options.warpWidth;
  exec.threads = 1;
  exec.debugger = debug.watcher();
  exec.cancel = &cancel;
  // printf output of the running launch: a launch run again (reverse execution) prints
  // the same bytes again, which are shown once; a launch being abandoned prints nothing.
  std::atomic<bool> restart{false};
  uint64_t printfShown = 0, printfMade = 0;
  exec.printfSink = [&](std::string_view text) {
    if (restart) return;
    const uint64_t before = printfMade;
    printfMade += text.size();
    if (printfMade <= printfShown) return;
    text.remove_prefix(static_cast<size_t>(printfShown > before ? printfShown - before : 0));
    printfShown = printfMade;
    std::cout.write(text.data(), static_cast<std::streamsize>(text.size()));
    std::cout.flush();
  };

  // Deterministic replay (last-write): the bytes of every buffer as the running launch
  // started; a replay runs that launch again from them and then puts back the bytes the
  // stopped launch has written so far.
  size_t current = 0;
  std::vector<std::pair<BufferId, std::vector<std::byte>>> startBytes;
  auto bufferBytes = [&] {
    std::vector<std::pair<BufferId, std::vector<std::byte>>> copy;
    const std::vector<BufferView> views = memory.snapshot();
    for (BufferId id = 1; id < views.size(); ++id)
      if (views[id].base && !views[id].info.released && !views[id].info.parent)
        copy.emplace_back(
            id, std::vector<std::byte>(views[id].base, views[id].base + views[id].info.size));
    return copy;
  };
  auto restore = [&](const std::vector<std::pair<BufferId, std::vector<std::byte>>> &copy) {
    for (const auto &[id, bytes] : copy)
      std::copy(bytes.begin(), bytes.end(), memory.bytes(id).begin());
  };

  std::thread runner;
  // Reverse execution: the stopped launch ends at the next poll of its watchdog and runs
  // again from the bytes it started with and the findings of the launches before it.
  auto runLaunches = [&] {
    try {
      for (size_t i = 0; i < launches.size() && !cancel; ++i) {
        std::vector<ArgBinding> args;
        for (const ArgSpec &arg : launches[i].args) args.push_back(buffers.binding(arg));
        current = i;
        startBytes = bufferBytes();
        const std::vector<Finding> findingsBefore = sink.findings();
        printfShown = printfMade = 0;
        launchKernel(module, launches[i].kernel, launches[i].range, args, specConstants, memory,
                     sink, exec);
        while (restart.exchange(false)) {
          cancel = false;
          restore(startBytes);
          sink.clear();
          refilling = true;
          for (const Finding &f : findingsBefore) sink.report(f);
          refilling = false;
          printfMade = 0;
          launchKernel(module, launches[i].kernel, launches[i].range, args, specConstants, memory,
                       sink, exec);
        }
      }
    } catch (const std::exception &e) {
      std::cout << "spvsim: " << e.what() << "\n";
    }
    debug.finished();
  };
  debugger::LaunchControl control;
  control.start = [&] { runner = std::thread(runLaunches); };
  control.stop = [&] { cancel = true; };
  control.join = [&] {
    if (!runner.joinable()) return;
    runner.join();
    if (cancel) return;
    std::vector<Finding> findings = sink.findings();
    std::cout << "[The run finished: " << findings.size() << " finding"
              << (findings.size() == 1 ? "" : "s");
    std::string kinds;
    for (const Finding &f : findings)
      if (kinds.find(f.kind) == std::string::npos) kinds += (kinds.empty() ? "" : ", ") + f.kind;
    if (!kinds.empty()) std::cout << " (" << kinds << ")";
    std::cout << "]\n";
  };
  control.restart = [&] {
    restart = true;
    cancel = true;
  };
  control.replay = [&](DebugWatcher &watcher, const std::atomic<bool> &stop) {
    const auto now = bufferBytes();
    restore(startBytes);
    FindingSink replaySink;
    ExecOptions replayExec = exec;
    replayExec.debugger = &watcher;
    replayExec.cancel = &stop;
    replayExec.printfSink = [](std::string_view) {};
    try {
      std::vector<ArgBinding> args;
      for (const ArgSpec &arg : launches[current].args) args.push_back(buffers.binding(arg));
      launchKernel(module, launches[current].kernel, launches[current].range, args, specConstants,
                   memory, replaySink, replayExec);
    } catch (const std::exception &) {
      restore(now);
      throw;
    }
    restore(now);
  };
  return debug.commandLoop(std::cin, std::cout, isatty(0) && isatty(1), control);
}

} // namespace

void addDebugCommand(CLI::App &app, int &exitStatus) {
  auto options = std::make_shared<DebugOptions>();
  CLI::App *debug = app.add_subcommand(
      "debug", "Run a run file's launches under the interactive debugger (docs/debugging.md)");
  debug->add_option("file", options->runFile, "The run file (as for `spvsim run`)")->required();
  debug->add_option("--warp-width", options->warpWidth, "Lanes run in lockstep (1..64)")
      ->check(CLI::Range(1, 64));
  debug->callback([options, &exitStatus] { exitStatus = debugCommand(*options); });
}

} // namespace spvsim::cli
