// RunFileDebugTarget (run_file_debug_target.h).
#include "run_file_debug_target.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <map>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "commands.h"
#include "launch_options.h"
#include "opencl_module.h"
#include "sim_file_run.h"
#include "spvsim/common/finding_sink.h"
#include "spvsim/debugger/saved_buffers.h"
#include "spvsim/interpreter/global_memory.h"
#include "spvsim/interpreter/kernel_signature.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/runfile/bind.h"
#include "spvsim/runfile/run_buffers.h"
#include "spvsim/runfile/run_spec.h"
#include "spvsim/runfile/sim_file.h"
#include "spvsim/validator/device.h"
#include "spvsim/validator/validator.h"

namespace spvsim::cli {

using namespace spvsim::runfile;

namespace {

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

using debugger::SavedBuffers;

std::map<std::string, debugger::BufferType> bufferTypesOf(const RunSpec &spec) {
  std::map<std::string, debugger::BufferType> types;
  for (const BufferSpec &b : spec.buffers) types[b.name] = bufferTypeOf(b.type);
  return types;
}

/// The run of `runFile`: a run file, or an Oclgrind simulator file (as `spvsim run`
/// takes one: sim_file_run.h) with its program's path made absolute.
RunSpec runSpecOfFile(const std::string &runFile) {
  if (!isSimFile(runFile)) return parseRunFile(runFile);
  std::shared_ptr<const Module> loaded;
  RunSpec spec = runSpecOfSimFile(runFile, "", loaded);
  spec.module = std::filesystem::absolute(spec.module);
  return spec;
}

ValidationResult validateRunModule(const RunSpec &spec, const std::string &runFile,
                                   SpecConstants &specConstants) {
  std::shared_ptr<const Module> loaded =
      loadModuleFile(spec.module, spec.buildOptions, std::filesystem::path(runFile).parent_path(),
                     "build_options");
  specConstants = bindSpecConstants(spec, specConstantTypes(*loaded));
  ValidationOptions validationOptions;
  validationOptions.specConstants = specConstants;
  ValidationResult validation =
      validate(std::move(loaded), DeviceDescription::spvsim(), validationOptions);
  if (!validation.ok()) {
    std::string errors;
    for (const Finding &f : validation.findings)
      if (f.severity == Severity::Error) errors += formatText(f);
    throw InvalidModule(errors);
  }
  return validation;
}

} // namespace

struct RunFileDebugTarget::State {
  State(const std::string &runFile, uint32_t warpWidth, debugger::TargetOutput out,
        const std::string &checks)
      : output(std::move(out)), spec(runSpecOfFile(runFile)),
        validation(validateRunModule(spec, runFile, specConstants)), module(*validation.module),
        launches(bindLaunches(spec, kernelSignatures(module),
                              [&](uint32_t dims, const auto &global) {
                                return chooseLocalSize(dims, global, warpWidth);
                              })),
        buffers(spec, memory, {}, 1), debug(module.module(), bufferTypesOf(spec)) {
    // Findings put back into the sink when a launch runs again stop nothing; those of a
    // launch being abandoned to run again (`restart`) are not shown, and a launch run
    // again (reverse execution) reports the same findings again in the same order up to
    // its stop, which are shown once (as its printf output).
    sink.setObserver([this](const Finding &f) {
      if (refilling || restart) return;
      if (++findingsMade > findingsShown && output.finding) output.finding(f);
      findingsShown = std::max(findingsShown, findingsMade);
      debug.findingReported(f);
    });
    exec.warpWidth = warpWidth;
    exec.checks = CheckSet::parse(checks);
    exec.threads = 1;
    exec.debugger = debug.watcher();
    exec.cancel = &cancel;
    // printf output of the running launch: a launch run again (reverse execution) prints
    // the same bytes again, which are shown once; a launch being abandoned prints nothing.
    exec.printfSink = [this](std::string_view text) {
      if (restart) return;
      const uint64_t before = printfMade;
      printfMade += text.size();
      if (printfMade <= printfShown) return;
      text.remove_prefix(static_cast<size_t>(printfShown > before ? printfShown - before : 0));
      printfShown = printfMade;
      if (output.printf) output.printf(text);
    };
  }

  /// The bytes of every buffer and their definedness (what a replay starts from and
  /// puts back).
  SavedBuffers bufferBytes() const { return SavedBuffers::all(memory); }
  void restore(const SavedBuffers &copy) { copy.restore(memory); }
  std::vector<ArgBinding> argumentsOf(size_t launch) {
    std::vector<ArgBinding> args;
    for (const ArgSpec &arg : launches[launch].args) args.push_back(buffers.binding(arg));
    return args;
  }

  // Reverse execution: the stopped launch ends at once (DebugWatcher::endNow) and runs
  // again from the bytes it started with and the findings of the launches before it.
  void runLaunches() {
    try {
      for (size_t i = 0; i < launches.size() && !cancel; ++i) {
        const std::vector<ArgBinding> args = argumentsOf(i);
        current = i;
        startBytes = bufferBytes();
        const std::vector<Finding> findingsBefore = sink.findings();
        printfShown = printfMade = 0;
        findingsShown = findingsMade = 0;
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
          findingsMade = 0;
          launchKernel(module, launches[i].kernel, launches[i].range, args, specConstants, memory,
                       sink, exec);
        }
      }
    } catch (const std::exception &e) {
      if (output.message) output.message(std::string("spvsim: ") + e.what());
    }
    debug.finished();
  }

  void join() {
    if (!runner.joinable()) return;
    runner.join();
    if (cancel) return;
    const std::vector<Finding> findings = sink.findings();
    std::string line = "[The run finished: " + std::to_string(findings.size()) + " finding" +
                       (findings.size() == 1 ? "" : "s");
    std::string kinds;
    for (const Finding &f : findings)
      if (kinds.find(f.kind) == std::string::npos) kinds += (kinds.empty() ? "" : ", ") + f.kind;
    if (!kinds.empty()) line += " (" + kinds + ")";
    if (output.message) output.message(line + "]");
  }

  // Deterministic replay (last-write): the stopped launch runs again from the bytes its
  // buffers started with; then the bytes the stopped launch has written so far are put back.
  void replay(DebugWatcher &watcher, const std::atomic<bool> &stop) {
    const SavedBuffers now = bufferBytes();
    restore(startBytes);
    FindingSink replaySink;
    ExecOptions replayExec = exec;
    replayExec.debugger = &watcher;
    replayExec.cancel = &stop;
    replayExec.printfSink = [](std::string_view) {};
    try {
      launchKernel(module, launches[current].kernel, launches[current].range, argumentsOf(current),
                   specConstants, memory, replaySink, replayExec);
    } catch (const std::exception &) {
      restore(now);
      throw;
    }
    restore(now);
  }

  debugger::TargetOutput output;
  RunSpec spec;
  SpecConstants specConstants;
  ValidationResult validation;
  const ValidatedModule &module;
  std::vector<BoundLaunch> launches;
  GlobalMemory memory;
  RunBuffers buffers;
  debugger::Debugger debug;
  FindingSink sink;
  std::atomic<bool> cancel{false};
  std::atomic<bool> restart{false};
  bool refilling = false;
  uint64_t printfShown = 0, printfMade = 0;
  uint64_t findingsShown = 0, findingsMade = 0; ///< of the current launch, as printf's
  ExecOptions exec;
  size_t current = 0;
  SavedBuffers startBytes;
  std::thread runner;
};

RunFileDebugTarget::RunFileDebugTarget(const std::string &runFile, uint32_t warpWidth,
                                       debugger::TargetOutput output, const std::string &checks)
    : state_(std::make_unique<State>(runFile, warpWidth, std::move(output), checks)) {}

RunFileDebugTarget::~RunFileDebugTarget() {
  // The debugger's `quit` has let the launches end; a launch still running is stopped.
  state_->cancel = true;
  if (state_->runner.joinable()) state_->runner.join();
}

debugger::Debugger &RunFileDebugTarget::debugger() {
  return state_->debug;
}

debugger::LaunchControl RunFileDebugTarget::control() {
  State &s = *state_;
  debugger::LaunchControl control;
  control.start = [&s] { s.runner = std::thread([&s] { s.runLaunches(); }); };
  control.stop = [&s] { s.cancel = true; };
  control.restart = [&s] {
    s.restart = true;
    s.cancel = true;
  };
  control.join = [&s] { s.join(); };
  control.replay = [&s](DebugWatcher &watcher, const std::atomic<bool> &stop) {
    s.replay(watcher, stop);
  };
  return control;
}

int RunFileDebugTarget::exitStatus() const {
  return state_->sink.findings().empty() ? kClean : kFindings;
}

} // namespace spvsim::cli
