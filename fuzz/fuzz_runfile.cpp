// Fuzz target: the run-file parser and binder, then the launches of small
// NDRanges as `spvsim run` would run them. Run files name the modules and init
// files of fuzz/data/runfile (relative paths resolve there); nothing is ever
// written. Every input must end in a RunSpec and launches, or a spvsim::Error.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "fuzz_support.h"
#include "spvsim/common/error.h"
#include "spvsim/interpreter/kernel_signature.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/runfile/bind.h"
#include "spvsim/runfile/run_buffers.h"
#include "spvsim/runfile/run_spec.h"
#include "spvsim/validator/device.h"
#include "spvsim/validator/loader.h"
#include "spvsim/validator/validator.h"

namespace {

using namespace spvsim;
using namespace spvsim::runfile;

/// Work-items a launch of the fuzzer may have (larger ones are bound, not run).
constexpr uint64_t kMaxWorkItems = 4096;

void runSpec(const RunSpec &spec) {
  std::shared_ptr<const Module> loaded = loadFile(spec.module.string());
  const SpecConstants specConstants = bindSpecConstants(spec, specConstantTypes(*loaded));
  ValidationOptions options;
  options.specConstants = specConstants;
  ValidationResult validation = validate(std::move(loaded), DeviceDescription::spvsim(), options);
  if (!validation.ok()) return;
  const ValidatedModule &module = *validation.module;
  const std::vector<BoundLaunch> launches =
      bindLaunches(spec, kernelSignatures(module), [](uint32_t dims, const auto &global) {
        return chooseLocalSize(dims, global, 8);
      });
  GlobalMemory memory(uint64_t(16) << 20);
  RunBuffers buffers(spec, memory);
  FindingSink sink;
  ExecOptions exec;
  exec.warpWidth = 8;
  exec.threads = 1;
  exec.maxInstructions = 1 << 20;
  exec.timeoutSeconds = 2;
  exec.printfBufferSize = 1 << 16;
  exec.printfSink = [](std::string_view) {};
  for (const BoundLaunch &launch : launches) {
    uint64_t items = 1;
    for (uint32_t d = 0; d < launch.range.dims; ++d) items *= launch.range.global[d];
    if (items > kMaxWorkItems) continue;
    std::vector<ArgBinding> args;
    for (const ArgSpec &arg : launch.args) args.push_back(buffers.binding(arg));
    launchKernel(module, launch.kernel, launch.range, args, specConstants, memory, sink, exec);
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  try {
    const RunSpec spec = parseRunText(std::string_view(reinterpret_cast<const char *>(data), size),
                                      SPVSIM_FUZZ_DATA_DIR "/runfile", "fuzz.json");
    runSpec(spec);
  } catch (const Error &) {
  } catch (const Unsupported &) {
  } catch (const std::exception &e) {
    spvsim::fuzz::internalError(e);
  }
  return 0;
}
