// `spvsim run FILE.json` (shared/RUNFILE.md): parses the run file, loads and
// validates the module, binds every launch before running any, runs the
// launches in order on one GlobalMemory with one FindingSink, then prints the
// findings, writes the dumps and, with --report, the JSON report.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "spvsim/common/error.h"
#include "spvsim/common/finding_sink.h"
#include "spvsim/interpreter/global_memory.h"
#include "spvsim/interpreter/kernel_signature.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/runfile/bind.h"
#include "spvsim/runfile/buffer_text.h"
#include "spvsim/runfile/json.h"
#include "spvsim/runfile/run_buffers.h"
#include "spvsim/runfile/run_spec.h"
#include "spvsim/validator/device.h"
#include "spvsim/validator/loader.h"
#include "spvsim/validator/validator.h"

namespace spvsim::cli {

using namespace spvsim::runfile;

namespace {

struct RunOptions {
  std::string runFile;
  uint32_t warpWidth = 32;
  uint32_t threads = 0;
  double timeout = 0;
  std::string reportFile;
  bool quiet = false;
  uint64_t printfBufferSize = 0;
};

/// The JSON report of --report: findings in the order printed, then one entry per launch.
struct Report {
  nlohmann::json findings = nlohmann::json::array();
  nlohmann::json launches = nlohmann::json::array();

  void write(const std::string &file) const {
    if (file.empty()) return;
    std::ofstream out(file, std::ios::binary);
    nlohmann::json report{{"findings", findings}, {"launches", launches}};
    out << report.dump(2) << "\n";
    if (!out) throw Error("--report: cannot write '" + file + "'");
  }
};

nlohmann::json sizeList(const std::array<uint64_t, 3> &sizes, uint32_t dims) {
  nlohmann::json list = nlohmann::json::array();
  for (uint32_t d = 0; d < dims; ++d) list.push_back(sizes[d]);
  return list;
}

void writeDumps(const RunSpec &spec, const RunBuffers &buffers, const GlobalMemory &memory,
                bool quiet) {
  for (const BufferSpec &buffer : spec.buffers) {
    std::span<const std::byte> bytes = memory.bytes(buffers.id(buffer.name));
    if (buffer.dumpFile) {
      std::ofstream out(*buffer.dumpFile, std::ios::binary);
      out.write(reinterpret_cast<const char *>(bytes.data()),
                static_cast<std::streamsize>(bytes.size()));
      if (!out)
        failAt(keyPath(buffer.path(), "dump"), "cannot write '" + buffer.dumpSpelling + "'");
    }
    if (buffer.dumpText && !quiet)
      std::cout << formatBufferText(buffer.name, buffer.type, buffer.count, bytes);
  }
  std::cout.flush();
}

int runCommand(const RunOptions &options) {
  const RunSpec spec = parseRunFile(options.runFile);
  Report report;

  // The run's spec constants are bound first: the module is validated with the
  // values it will run with (a scope given by a spec constant, say).
  std::shared_ptr<const Module> loaded = loadFile(spec.module.string());
  const SpecConstants specConstants = bindSpecConstants(spec, specConstantTypes(*loaded));
  ValidationOptions validationOptions;
  validationOptions.specConstants = specConstants;
  ValidationResult validation =
      validate(std::move(loaded), DeviceDescription::spvsim(), validationOptions);
  for (const Finding &f : validation.findings) {
    std::cerr << formatText(f);
    report.findings.push_back(toJson(f));
  }
  if (!validation.ok()) {
    report.write(options.reportFile);
    return kBadInput;
  }
  const ValidatedModule &module = *validation.module;

  // Everything is checked before the first launch runs.
  const std::vector<KernelSignature> kernels = kernelSignatures(module);
  const std::vector<BoundLaunch> launches =
      bindLaunches(spec, kernels, [&](uint32_t dims, const std::array<uint64_t, 3> &global) {
        return chooseLocalSize(dims, global, options.warpWidth);
      });

  GlobalMemory memory;
  RunBuffers buffers(spec, memory);
  FindingSink sink;
  ExecOptions exec;
  exec.warpWidth = options.warpWidth;
  exec.threads = options.threads;
  exec.timeoutSeconds = options.timeout;
  // printf output goes to standard output as work-groups finish, in group order.
  exec.printfSink = [](std::string_view text) {
    std::cout.write(text.data(), static_cast<std::streamsize>(text.size()));
    std::cout.flush();
  };
  exec.printfBufferSize = options.printfBufferSize;
  for (const BoundLaunch &launch : launches) {
    std::vector<ArgBinding> args;
    for (const ArgSpec &arg : launch.args) args.push_back(buffers.binding(arg));
    LaunchStats stats =
        launchKernel(module, launch.kernel, launch.range, args, specConstants, memory, sink, exec);
    report.launches.push_back({{"kernel", launch.kernel},
                               {"global_size", sizeList(launch.range.global, launch.range.dims)},
                               {"local_size", sizeList(stats.localSize, launch.range.dims)},
                               {"work_groups", stats.workGroups}});
  }

  for (const Finding &f : sink.findings()) {
    std::cerr << formatText(f);
    report.findings.push_back(toJson(f));
  }
  if (sink.dropped())
    std::cerr << "spvsim: " << sink.dropped() << " further findings not shown (limit reached)\n";
  writeDumps(spec, buffers, memory, options.quiet);
  report.write(options.reportFile);
  return sink.errorCount() ? kFindings : kClean;
}

} // namespace

void addRunCommand(CLI::App &app, int &exitStatus) {
  auto options = std::make_shared<RunOptions>();
  CLI::App *run = app.add_subcommand("run", "Run kernel launches described by a JSON run file");
  run->add_option("file", options->runFile, "The run file (format: RUNFILE.md)")->required();
  run->add_option("--warp-width", options->warpWidth,
                  "Work-items executed in lockstep (1 to 64; default 32)")
      ->check(CLI::Range(1, 64));
  run->add_option("--threads", options->threads, "Worker threads (0: one per hardware thread)")
      ->check(CLI::NonNegativeNumber);
  run->add_option("--timeout", options->timeout,
                  "Stop a launch that runs longer than this many seconds and report where its "
                  "work-items were (hang.timeout); 0: no limit")
      ->check(CLI::NonNegativeNumber);
  run->add_option("--report", options->reportFile, "Also write findings and launches as JSON");
  run->add_option("--printf-buffer", options->printfBufferSize,
                  "Bytes of printf output one launch may produce; a printf call that does not "
                  "fit returns -1 and prints nothing (0: no limit)")
      ->check(CLI::NonNegativeNumber);
  run->add_flag("--quiet", options->quiet, "Do not print the buffers marked \"dump\": true");
  run->callback([options, &exitStatus] { exitStatus = runCommand(*options); });
}

} // namespace spvsim::cli
