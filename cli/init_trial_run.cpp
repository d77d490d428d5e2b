// One bounds-checked run of the run file `spvsim init` writes (init_trial_run.h).
#include "init_trial_run.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include "spvsim/common/error.h"
#include "spvsim/common/finding_sink.h"
#include "spvsim/interpreter/checks.h"
#include "spvsim/interpreter/global_memory.h"
#include "spvsim/interpreter/kernel_signature.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/runfile/bind.h"
#include "spvsim/runfile/run_buffers.h"
#include "spvsim/runfile/run_spec.h"

namespace spvsim::cli {

std::map<std::string, uint64_t> buffersAccessedOutOfBounds(const ValidatedModule &module,
                                                           const std::string &runText,
                                                           const std::filesystem::path &base) {
  std::map<std::string, uint64_t> names;
  try {
    const runfile::RunSpec spec = runfile::parseRunText(runText, base, "the run file written");
    const SpecConstants specConstants =
        runfile::bindSpecConstants(spec, runfile::specConstantTypes(module.module()));
    ExecOptions exec;
    exec.checks = CheckSet::parse("bounds");
    // A short trial: what a long kernel does past 100 million instructions is left to
    // the run; its printf output is not printed.
    exec.timeoutSeconds = 2;
    exec.maxInstructions = 100'000'000;
    exec.printfSink = [](std::string_view) {};
    const std::vector<KernelSignature> kernels = kernelSignatures(module);
    const std::vector<runfile::BoundLaunch> launches = runfile::bindLaunches(
        spec, kernels, [&](uint32_t dims, const std::array<uint64_t, 3> &global) {
          return chooseLocalSize(dims, global, exec.warpWidth);
        });
    GlobalMemory memory;
    runfile::RunBuffers buffers(spec, memory);
    FindingSink sink;
    for (const runfile::BoundLaunch &launch : launches) {
      std::vector<ArgBinding> args;
      for (const runfile::ArgSpec &arg : launch.args) args.push_back(buffers.binding(arg));
      launchKernel(module, launch.kernel, launch.range, args, specConstants, memory, sink, exec);
    }
    for (const Finding &f : sink.findings())
      if (f.memory &&
          (f.kind.rfind("oob.global.", 0) == 0 || f.kind.rfind("oob.constant.", 0) == 0))
        names[f.memory->buffer] += f.count;
  } catch (const std::exception &) {
    // The run file is written as it is; `spvsim run` reports what stops it.
  }
  return names;
}

RunFileTemplate makeSizedRunFileTemplate(const Module &module, const ValidatedModule &validated,
                                         const std::string &moduleName, RunFileRequest request,
                                         const std::filesystem::path &base) {
  RunFileTemplate run = makeRunFileTemplate(module, validated, moduleName, request);
  for (int round = 0; round < 6; ++round) {
    const uint64_t warps = (run.workItems + 31) / 32;
    bool grown = false;
    for (const auto &[name, faults] : buffersAccessedOutOfBounds(validated, run.text, base)) {
      // A buffer grown once is indexed by a multiple of the work-item id: the few
      // work-items still past it (bytes[4 * i + 4]) need the next size too.
      const auto known = request.elementsPerItem.find(name);
      const bool strided = known != request.elementsPerItem.end();
      if (!strided && faults < std::max<uint64_t>(4, warps / 4)) continue;
      uint64_t &factor = request.elementsPerItem.try_emplace(name, 1).first->second;
      if (factor < 32) factor *= 2, grown = true;
    }
    if (!grown) break;
    run = makeRunFileTemplate(module, validated, moduleName, request);
  }
  return run;
}

} // namespace spvsim::cli
