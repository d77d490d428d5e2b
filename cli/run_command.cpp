// `spvsim run FILE.json` (docs/run-files.md): parses the run file (or, for a module
// given directly, makes the one `spvsim init` writes: run_file_template.h), loads (or
// compiles, opencl_module.h) and validates the module, binds every launch before
// running any, runs the launches in order on one GlobalMemory with one FindingSink,
// then prints the findings, writes the dumps and, with --report, the JSON report.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>
#include <unistd.h>

#include "commands.h"
#include "html_report.h"
#include "init_trial_run.h"
#include "launch_options.h"
#include "opencl_module.h"
#include "profile_report.h"
#include "progress_line.h"
#include "run_file_template.h"
#include "run_guard.h"
#include "sarif_report.h"
#include "schedule_exploration.h"
#include "sim_file_run.h"
#include "spvsim/common/error.h"
#include "spvsim/common/finding_sink.h"
#include "spvsim/common/source_excerpt.h"
#include "spvsim/common/suppressions.h"
#include "spvsim/interpreter/global_memory.h"
#include "spvsim/interpreter/kernel_signature.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/runfile/bind.h"
#include "spvsim/runfile/buffer_text.h"
#include "spvsim/runfile/image_ppm.h"
#include "spvsim/runfile/json.h"
#include "spvsim/runfile/never_written.h"
#include "spvsim/runfile/output_file.h"
#include "spvsim/runfile/run_buffers.h"
#include "spvsim/runfile/run_spec.h"
#include "spvsim/runfile/sim_file.h"
#include "spvsim/validator/device.h"
#include "spvsim/validator/loader.h"
#include "spvsim/validator/validator.h"
#include "summary_line.h"

namespace spvsim::cli {

using namespace spvsim::runfile;

namespace {

/// --kernel, --global, --local and --build-options: the run of a module given directly.
struct ModuleRunOptions {
  std::string kernel;
  std::vector<uint64_t> global;
  std::vector<uint64_t> local;
  std::string buildOptions;
};

struct RunOptions {
  std::string runFile; ///< a run file, or a module run as `spvsim init` would write it
  ModuleRunOptions module;
  std::vector<std::string> sets; ///< --set NAME=VALUE
  LaunchOptions launch;
  std::string schedule = "ordered"; ///< --schedule, as given; valid (scheduleProblem)
  bool warpWidthGiven = false;      ///< --warp-width was given: a shuffle keeps it
  bool scheduleGiven = false;       ///< --schedule was given
  uint32_t explore = 1;             ///< --explore: schedules each launch runs under
  uint64_t exploreSeed = 0;         ///< --explore-seed: the shuffles' seeds follow it
  bool noSubGroupProgress = false;  ///< --no-sub-group-progress
  std::string reportFile;
  std::string reportFormat = "json";
  bool quiet = false;
  bool verbose = false;
  std::string profile; ///< --profile: "" (none), text or json
  SuppressionOptions suppressions;
  int errorExitCode = kFindings;
};

/// The report of --report: spvsim's version, findings in the order printed, the module's
/// accepted producer quirks (notes, never findings), then one entry per launch; the
/// findings' text for the HTML page; and what the summary line counts.
struct Report {
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  nlohmann::json findings = nlohmann::json::array();
  nlohmann::json notes = nlohmann::json::array();
  nlohmann::json launches = nlohmann::json::array();
  nlohmann::json explored;              ///< --explore: the schedules each launch ran under
  std::vector<ProfileSummary> profiles; ///< --profile, per kernel
  Suppressions suppressions;
  uint64_t suppressed = 0;               ///< findings a suppression accepted
  uint64_t instructions = 0;             ///< what the launches executed
  uint64_t errors = 0;                   ///< findings of severity error reported
  std::map<std::string, uint64_t> kinds; ///< findings reported, by kind
  std::vector<HtmlFinding> texts;        ///< the findings as printed
  std::vector<std::string> noteTexts;    ///< the notes as --verbose prints them
  SourceExcerpts excerpts;

  /// Adds a finding to the report unless a suppression accepts it. Returns its text, with
  /// the source lines it names, to print; null when a suppression accepts it.
  const std::string *add(const Finding &f) {
    if (suppressions.matches(f)) {
      ++suppressed;
      return nullptr;
    }
    findings.push_back(toJson(f));
    errors += f.severity == Severity::Error;
    ++kinds[f.kind];
    texts.push_back({severityName(f.severity), f.kind, formatText(f, &excerpts)});
    return &texts.back().text;
  }

  /// Adds a producer quirk the module has (a note); returns its text.
  const std::string &addNote(const Finding &f) {
    notes.push_back(toJson(f));
    noteTexts.push_back(formatText(f));
    return noteTexts.back();
  }

  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  }

  /// Writes the report in `format`: json, or sarif (SARIF 2.1.0, sarif_report.h).
  void write(const std::string &file, const std::string &format) const {
    if (file.empty()) return;
    if (format == "sarif") {
      writeWholeFile(file, file, sarifReport(findings, SPVSIM_VERSION).dump(2) + "\n");
      return;
    }
    if (format == "html") {
      writeWholeFile(
          file, file,
          htmlReport(
              {SPVSIM_VERSION, summary(seconds()), launches, texts, noteTexts, profiles, "", {}}));
      return;
    }
    nlohmann::json report{{"version", SPVSIM_VERSION},
                          {"findings", findings},
                          {"suppressed", suppressed},
                          {"notes", notes},
                          {"launches", launches}};
    if (!profiles.empty()) report["profiles"] = profilesJson();
    if (!explored.is_null()) report["explored"] = explored;
    writeWholeFile(file, file, report.dump(2) + "\n");
  }

  nlohmann::json profilesJson() const {
    nlohmann::json list = nlohmann::json::array();
    for (const ProfileSummary &profile : profiles) list.push_back(profileJson(profile));
    return list;
  }

  /// "spvsim: 1 launch, 2 findings (oob.global.write 1, race.local.read-write 1), 0.12 s".
  std::string summary(double seconds) const {
    return summaryLine(launches.size(), kinds, suppressed,
                       launches.empty() ? std::nullopt : std::optional(instructions), seconds);
  }
};

nlohmann::json sizeList(const std::array<uint64_t, 3> &sizes, uint32_t dims) {
  nlohmann::json list = nlohmann::json::array();
  for (uint32_t d = 0; d < dims; ++d) list.push_back(sizes[d]);
  return list;
}

/// The report's entry of a launch that ran.
nlohmann::json launchJson(const BoundLaunch &launch, const LaunchStats &stats,
                          const Schedule &schedule) {
  nlohmann::json entry{{"kernel", launch.kernel},
                       {"global_size", sizeList(launch.range.global, launch.range.dims)},
                       {"local_size", sizeList(stats.localSize, launch.range.dims)},
                       {"work_groups", stats.workGroups},
                       {"instructions", stats.instructions}};
  if (!schedule.ordered()) entry["schedule"] = schedule.name();
  if (stats.stopped != StopReason::None) {
    entry["stopped"] = stopFindingKind(stats.stopped);
    entry["work_items_finished"] = stats.workItemsDone;
  }
  return entry;
}

/// Writes a dump file whole or not at all; errors name `key`.
void writeDumpFile(const std::filesystem::path &file, const std::string &spelling,
                   const std::string &key, std::span<const std::byte> bytes,
                   const StopCheck &stop) {
  if (stop && stop()) throw Interrupted("writing " + key);
  try {
    OutputFile out(file, spelling, bytes.size());
    out.stream().write(reinterpret_cast<const char *>(bytes.data()),
                       static_cast<std::streamsize>(bytes.size()));
    out.commit();
  } catch (const Interrupted &) {
    throw;
  } catch (const Error &e) {
    failAt(key, e.what());
  }
}

/// Dumps each buffer and image after the last launch: files whole or not at all, text
/// streamed. `marks`: the uninit check kept which bytes were written; a text dump of a
/// buffer created without contents notes its never-written elements (never_written.h).
void writeDumps(const RunSpec &spec, const RunBuffers &buffers, const GlobalMemory &memory,
                bool quiet, bool marks, const StopCheck &stop) {
  const std::vector<BufferView> views =
      marks && !quiet ? memory.snapshot() : std::vector<BufferView>{};
  for (const BufferSpec &buffer : spec.buffers) {
    std::span<const std::byte> bytes = memory.bytes(buffers.id(buffer.name));
    if (buffer.dumpFile)
      writeDumpFile(*buffer.dumpFile, buffer.dumpSpelling, keyPath(buffer.path(), "dump"), bytes,
                    stop);
    if (!buffer.dumpText || quiet) continue;
    writeDumpView(std::cout, buffer.name, buffer.type, buffer.count, bytes, buffer.dumpView, stop);
    const uint8_t *written = views.empty() ? nullptr : views[buffers.id(buffer.name)].shadow;
    if (written && buffer.init.kind == BufferInit::Kind::None &&
        buffer.dumpView.style == DumpView::Style::Spvsim)
      writeNeverWritten(std::cout,
                        findNeverWritten(buffer.type, buffer.count, {written, bytes.size()}),
                        buffer.count);
  }
  for (const ImageSpec &image : spec.images) {
    std::span<const std::byte> bytes = memory.bytes(buffers.imageId(image.name));
    if (image.dumpFile && isNetpbmPath(*image.dumpFile))
      writeDumpFile(*image.dumpFile, image.dumpSpelling, keyPath(image.path(), "dump"),
                    netpbmBytes(imageToNetpbm(image, bytes, image.dumpFile->extension() == ".ppm")),
                    stop);
    else if (image.dumpFile)
      writeDumpFile(*image.dumpFile, image.dumpSpelling, keyPath(image.path(), "dump"), bytes,
                    stop);
    if (image.dumpText && !quiet) writeImageText(std::cout, image, bytes, stop);
  }
  std::cout.flush();
}

/// Prints the findings to standard error, with the source lines they name, and adds
/// them to the report.
void printFindings(const FindingSink &sink, Report &report) {
  for (const Finding &f : sink.findings())
    if (const std::string *text = report.add(f)) std::cerr << *text;
  if (sink.dropped())
    std::cerr << "spvsim: " << sink.dropped() << " further findings not shown (limit reached)\n";
}

/// The validator's findings: errors are printed and reported as findings. Warnings are
/// what real producers emit and every implementation accepts (block order, debug
/// information SPIRV-Tools rejects, OpenCL 1.2 scopes, ...): notes, listed in full with
/// --verbose, else summed up in one line (none with --quiet, which prints only what was
/// asked for), and kept apart from the report's findings.
void printValidation(const std::vector<Finding> &findings, const RunOptions &options,
                     Report &report) {
  const bool verbose = options.verbose;
  std::set<std::string> quirkKinds;
  size_t quirks = 0;
  for (const Finding &f : findings) {
    if (f.severity == Severity::Error) {
      if (const std::string *text = report.add(f)) std::cerr << *text;
      continue;
    }
    ++quirks;
    quirkKinds.insert(f.kind);
    const std::string &text = report.addNote(f);
    if (verbose) std::cerr << text;
  }
  if (!quirks || verbose || options.quiet) return;
  std::string kinds;
  for (const std::string &kind : quirkKinds) kinds += (kinds.empty() ? "" : ", ") + kind;
  std::cerr << "spvsim: note: " << quirks << " producer quirk" << (quirks == 1 ? "" : "s")
            << " in the module accepted (" << kinds << "; --verbose lists them)\n";
}

/// --profile: as text on standard error; as JSON in the JSON report when there is one,
/// else on standard output (docs/profiling.md).
void printProfiles(const RunOptions &options, const Report &report) {
  if (options.profile == "text")
    for (const ProfileSummary &profile : report.profiles) printProfile(std::cerr, profile);
  if (options.profile != "json" || (!options.reportFile.empty() && options.reportFormat == "json"))
    return;
  const nlohmann::json profiles{{"version", SPVSIM_VERSION}, {"profiles", report.profilesJson()}};
  std::cout << profiles.dump(2) << "\n";
  std::cout.flush();
}

/// The finding of a run stopped by --run-timeout outside a launch.
Finding runTimeoutFinding(const RunGuard &guard, const std::string &doing) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%g", guard.runTimeoutSeconds());
  Finding f;
  f.kind = stopFindingKind(StopReason::RunTimeout);
  f.message = std::string("the run did not finish within ") + seconds + " s; it was " + doing;
  return f;
}

/// Whether `file` is a module (OpenCL C source, SPIR-V assembly or a binary, by its
/// extension or its first word) rather than a run file.
bool isModuleFile(const std::filesystem::path &file) {
  if (isOpenCLSource(file) || file.extension() == ".spv" || file.extension() == ".spvasm")
    return true;
  std::ifstream in(file, std::ios::binary);
  uint32_t magic = 0;
  return in.read(reinterpret_cast<char *>(&magic), 4) &&
         (magic == 0x07230203u || magic == 0x03022307u);
}

/// The run of a module given directly: the run file `spvsim init` writes for it with the
/// same --kernel, --global, --local and --build-options, parsed as if read from a file in
/// the current folder (dumps to files land there). `loaded` receives the module.
RunSpec runSpecOfModule(const RunOptions &options, std::shared_ptr<const Module> &loaded) {
  namespace fs = std::filesystem;
  std::error_code ignored;
  const fs::path module = fs::absolute(options.runFile, ignored).lexically_normal();
  loaded = loadModuleFile(options.runFile, options.module.buildOptions, fs::current_path(),
                          "--build-options");
  ValidationResult validation = validate(loaded, DeviceDescription::spvsim());
  if (!validation.ok()) return {}; // the run's own validation reports why
  RunFileRequest request;
  request.moduleSpelling = module.string();
  request.buildOptions = options.module.buildOptions;
  request.kernel = options.module.kernel;
  request.global = options.module.global;
  request.local = options.module.local;
  const RunFileTemplate run = makeSizedRunFileTemplate(*loaded, *validation.module, options.runFile,
                                                       request, fs::current_path());
  return parseRunText(run.text, fs::current_path(),
                      options.runFile + " (the run file `spvsim init` writes for it)");
}

/// The options that describe a module's run are for a module only: a run file says the
/// same in its own keys.
void rejectModuleOptions(const RunOptions &options) {
  const auto misplaced = [&](const char *option, const char *key) {
    throw Error(std::string(option) + ": " + options.runFile + " is a run file, which gives the " +
                (key[0] == 'k' ? "kernel" : "sizes") + " in \"" + key + "\"; " + option +
                " is for running a module (.cl, .clcpp, .spv, .spvasm) without a run file");
  };
  if (!options.module.kernel.empty()) misplaced("--kernel", "kernel");
  if (!options.module.global.empty()) misplaced("--global", "global_size");
  if (!options.module.local.empty()) misplaced("--local", "local_size");
  if (!options.module.buildOptions.empty())
    throw Error("--build-options: " + options.runFile +
                " is a run file, which gives them in \"build_options\"; --build-options is "
                "for running OpenCL C source without a run file");
}

/// An Oclgrind simulator file gives the kernel and sizes itself, and has no "vars"; build
/// options are given on the command line, as to oclgrind-kernel.
void rejectSimFileOptions(const RunOptions &options) {
  const auto misplaced = [&](const std::string &option) {
    throw Error(option + ": " + options.runFile +
                " is an Oclgrind simulator file, which gives the kernel and its sizes itself "
                "and has no variables");
  };
  if (!options.module.kernel.empty()) misplaced("--kernel");
  if (!options.module.global.empty()) misplaced("--global");
  if (!options.module.local.empty()) misplaced("--local");
  if (!options.sets.empty()) misplaced("--set " + options.sets.front());
}

/// What a run runs: the module, the run file, its bound launches and spec constants, and
/// the options every launch runs with.
struct RunInputs {
  const ValidatedModule &module;
  const RunSpec &spec;
  const std::vector<BoundLaunch> &launches;
  const SpecConstants &specConstants;
  const ExecOptions &exec;
};

/// --explore N: every launch under N schedules (schedule_exploration.h). Prints the
/// ordered run's printf output, the merged findings, the ordered run's dumps.
/// Writes the dumps (`writeDumps`), then the report, and returns the run's exit status:
/// a dump cut short by --run-timeout is a finding, by Ctrl-C kInterrupted (dumps already
/// written are whole; the one being written is not there).
int finishWithDumps(const std::function<void()> &writeDumps, const RunOptions &options,
                    const RunGuard &guard, Report &report, const std::function<int(int)> &finish) {
  try {
    writeDumps();
  } catch (const Interrupted &e) {
    if (guard.interrupted()) {
      std::cerr << "spvsim: interrupted " << e.what() << "\n";
      return kInterrupted;
    }
    Finding f = runTimeoutFinding(guard, e.what());
    if (const std::string *text = report.add(f)) std::cerr << *text;
  }
  report.write(options.reportFile, options.reportFormat);
  return finish(kFindings);
}

int exploreRun(const RunOptions &options, const RunInputs &in, const RunGuard &guard,
               Report &report, const std::function<int(int)> &finish) {
  ExplorationRequest request;
  request.module = &in.module;
  request.spec = &in.spec;
  request.launches = &in.launches;
  request.specConstants = &in.specConstants;
  request.exec = in.exec;
  request.maxMemory = options.launch.maxMemory;
  request.runs = options.explore;
  request.baseSeed = options.exploreSeed;
  request.parallel = options.launch.threads;
  request.warpWidthGiven = options.warpWidthGiven;
  request.stop = guard.stopCheck();
  const std::unique_ptr<Exploration> exploration = exploreSchedules(request);
  const ScheduleRun &ordered = *exploration->runs.front();
  report.explored = nlohmann::json::array();
  for (const auto &run : exploration->runs) report.explored.push_back(run->schedule.name());
  for (size_t i = 0; i < ordered.stats.size(); ++i) {
    report.launches.push_back(launchJson(in.launches[i], ordered.stats[i], ordered.schedule));
    report.instructions += ordered.stats[i].instructions;
  }
  if (guard.interrupted()) {
    printFindings(exploration->findings, report);
    std::cerr << "spvsim: interrupted while exploring schedules; no file was written\n";
    return kInterrupted;
  }
  std::cout << ordered.printf;
  std::cout.flush();
  printFindings(exploration->findings, report);
  if (guard.timedOut() || !ordered.buffers) {
    std::cerr << "spvsim: the run stopped while exploring schedules; no dump was written\n";
    report.write(options.reportFile, options.reportFormat);
    return finish(kFindings);
  }
  return finishWithDumps(
      [&] {
        writeDumps(in.spec, *ordered.buffers, *ordered.memory, options.quiet,
                   in.exec.checks.has(Check::Uninit), guard.stopCheck());
      },
      options, guard, report, finish);
}

int runCommand(const RunOptions &options) {
  const auto started = std::chrono::steady_clock::now();
  RunGuard guard(options.launch.runTimeout);
  const StopCheck stop = guard.stopCheck();
  std::shared_ptr<const Module> loaded;
  RunSpec spec;
  if (isModuleFile(options.runFile)) {
    if (!options.sets.empty())
      throw Error("--set " + options.sets.front() + ": " + options.runFile +
                  " is a module, which has no \"vars\"; --global and --local give its sizes");
    spec = runSpecOfModule(options, loaded);
  } else if (runfile::isSimFile(options.runFile)) {
    rejectSimFileOptions(options);
    spec = runSpecOfSimFile(options.runFile, options.module.buildOptions, loaded);
  } else {
    rejectModuleOptions(options);
    VarOverrides overrides;
    for (const std::string &set : options.sets) overrides.push_back(parseVarOverride(set));
    spec = parseRunFile(options.runFile, overrides);
    loaded = loadModuleFile(spec.module, spec.buildOptions,
                            std::filesystem::path(options.runFile).parent_path(), "build_options");
  }
  Report report;
  report.started = started;
  for (const std::string &rule : options.suppressions.rules)
    report.suppressions.add(rule, "--suppress");
  for (const std::string &file : options.suppressions.files) report.suppressions.addFile(file);
  // Findings end the run with --error-exitcode's status; on a terminal one line sums up.
  const std::function<int(int)> finish = [&](int status) {
    if (status == kFindings && !report.errors) status = kClean;
    if (status == kFindings) status = options.errorExitCode;
    if (!options.quiet && isatty(STDERR_FILENO))
      std::cerr << report.summary(report.seconds()) << "\n";
    return status;
  };

  // The run's spec constants are bound first: the module is validated with the
  // values it will run with (a scope given by a spec constant, say).
  const SpecConstants specConstants = bindSpecConstants(spec, specConstantTypes(*loaded));
  ValidationOptions validationOptions;
  validationOptions.specConstants = specConstants;
  ValidationResult validation =
      validate(std::move(loaded), DeviceDescription::spvsim(), validationOptions);
  printValidation(validation.findings, options, report);
  if (!validation.ok()) {
    report.write(options.reportFile, options.reportFormat);
    return kBadInput;
  }
  const ValidatedModule &module = *validation.module;

  // Everything is checked before the first launch runs.
  const std::vector<KernelSignature> kernels = kernelSignatures(module);
  const std::vector<BoundLaunch> launches =
      bindLaunches(spec, kernels, [&](uint32_t dims, const std::array<uint64_t, 3> &global) {
        return chooseLocalSize(dims, global, options.launch.warpWidth);
      });

  FindingSink sink;
  // Stopped outside a launch, while `doing` something: by Ctrl-C (status 130, no file
  // written) or by --run-timeout (a hang.run-timeout finding, the report, status 1).
  auto stoppedOutsideLaunch = [&](const std::string &doing) -> int {
    if (guard.interrupted()) {
      printFindings(sink, report);
      std::cerr << "spvsim: interrupted " << doing << "; no file was written\n";
      return kInterrupted;
    }
    sink.report(runTimeoutFinding(guard, doing));
    printFindings(sink, report);
    report.write(options.reportFile, options.reportFormat);
    return finish(kFindings);
  };

  ExecOptions exec;
  exec.warpWidth = options.launch.warpWidth;
  exec.threads = options.launch.threads;
  exec.checks = CheckSet::parse(options.launch.checks);
  // One schedule for every launch of the run: `shuffle` draws its seed here, once.
  exec.schedule = Schedule::parse(options.schedule);
  exec.schedule.chooseWarpWidth = !options.warpWidthGiven;
  exec.subGroupIndependentProgress = !options.noSubGroupProgress;
  exec.timeoutSeconds = options.launch.timeout;
  exec.maxInstructions = options.launch.instructionLimit();
  exec.printfBufferSize = options.launch.printfBufferSize;
  guard.configure(exec);
  if (options.explore > 1) {
    return exploreRun(options, {module, spec, launches, specConstants, exec}, guard, report,
                      finish);
  }

  GlobalMemory memory(options.launch.maxMemory);
  std::optional<RunBuffers> buffers;
  try {
    buffers.emplace(spec, memory, stop, options.launch.threads);
  } catch (const LimitError &e) {
    throw Error(std::string(e.what()) + " (--max-memory " +
                std::to_string(options.launch.maxMemory) + ")");
  } catch (const Interrupted &e) {
    return stoppedOutsideLaunch(e.what());
  }
  // On a terminal, a launch of more than a second shows how far it is.
  ProgressLine progress(!options.quiet && isatty(STDERR_FILENO) ? stderr : nullptr);
  // printf output goes to standard output as work-groups finish, in group order.
  exec.printfSink = [&progress](std::string_view text) {
    progress.erase();
    std::cout.write(text.data(), static_cast<std::streamsize>(text.size()));
    std::cout.flush();
  };
  // --profile: per kernel, in the order the kernels first run.
  std::vector<std::pair<std::string, KernelProfile>> profiles;
  for (size_t i = 0; i < launches.size(); ++i) {
    const BoundLaunch &launch = launches[i];
    if (stop()) return stoppedOutsideLaunch("about to start launch " + std::to_string(i));
    std::vector<ArgBinding> args;
    for (const ArgSpec &arg : launch.args) args.push_back(buffers->binding(arg));
    if (!options.profile.empty()) {
      auto known = std::find_if(profiles.begin(), profiles.end(),
                                [&](const auto &p) { return p.first == launch.kernel; });
      if (known == profiles.end()) known = profiles.insert(profiles.end(), {launch.kernel, {}});
      exec.profile = &known->second;
    }
    const std::string which = "launch " + std::to_string(i) + " of " +
                              std::to_string(launches.size()) + " (kernel '" + launch.kernel + "')";
    exec.progress = progress.begin(which);
    LaunchStats stats =
        launchKernel(module, launch.kernel, launch.range, args, specConstants, memory, sink, exec);
    progress.end();
    report.launches.push_back(launchJson(launch, stats, exec.schedule));
    report.instructions += stats.instructions;
    if (stats.printfCallsDropped)
      std::cerr << "spvsim: " << stats.printfCallsDropped
                << " printf calls printed nothing: the printf buffer of "
                << options.launch.printfBufferSize << " bytes (--printf-buffer) was full\n";
    if (stats.stopped == StopReason::Interrupted) {
      printFindings(sink, report); // where the work-items were; no file is written
      std::cerr << "spvsim: interrupted in " << which << "; no file was written\n";
      return kInterrupted;
    }
    if (stats.stopped == StopReason::RunTimeout) {
      printFindings(sink, report); // the buffers are incomplete: no dumps
      std::cerr << "spvsim: the run stopped in " << which
                << "; later launches did not run and no dump was written\n";
      report.write(options.reportFile, options.reportFormat);
      return finish(kFindings);
    }
  }

  for (const auto &[kernel, profile] : profiles)
    report.profiles.push_back(summarizeProfile(module.module(), kernel, profile));
  printProfiles(options, report);
  // Expectations are checked on the buffers as the last launch left them.
  for (const BufferSpec &buffer : spec.buffers)
    if (buffer.expect)
      if (std::optional<Finding> mismatch =
              checkExpectation(buffer.name, buffer.type, buffer.count, *buffer.expect,
                               memory.bytes(buffers->id(buffer.name))))
        sink.report(*mismatch);
  for (const ImageSpec &image : spec.images)
    if (std::optional<Finding> mismatch =
            checkImageExpectation(image, memory.bytes(buffers->imageId(image.name))))
      sink.report(*mismatch);
  printFindings(sink, report);
  return finishWithDumps(
      [&] {
        writeDumps(spec, *buffers, memory, options.quiet, exec.checks.has(Check::Uninit), stop);
      },
      options, guard, report, finish);
}

} // namespace

namespace {

/// The --schedule validator: empty when `text` names a schedule, else what is wrong.
std::string scheduleProblem(const std::string &text) {
  try {
    Schedule::parse(text);
    return {};
  } catch (const Error &e) {
    return e.what();
  }
}

} // namespace

void addRunCommand(CLI::App &app, int &exitStatus) {
  auto options = std::make_shared<RunOptions>();
  CLI::App *run = app.add_subcommand(
      "run", "Run kernel launches described by a run file, or one kernel of a module directly");
  run->add_option("file", options->runFile,
                  "The run file (JSON naming the module, the buffers and the kernel's "
                  "arguments: docs/run-files.md), a module (.cl, .clcpp, .spv, .spvasm) run "
                  "as the run file `spvsim init` writes for it, or an Oclgrind simulator file "
                  "(.sim: docs/oclgrind-sim-files.md)")
      ->required();
  run->add_option("--kernel", options->module.kernel,
                  "Running a module: the kernel (needed when there are several)");
  run->add_option("--global", options->module.global,
                  "Running a module: global size, 1 to 3 numbers (default 1024, or 64 64 "
                  "for a 2-D kernel); every buffer holds one element per work-item, or a "
                  "multiple when a trial run shows the kernel needs it")
      ->check(workSizeProblem)
      ->expected(1, 3);
  run->add_option("--local", options->module.local,
                  "Running a module: work-group size, as many numbers as --global (default: "
                  "the kernel's reqd_work_group_size, or spvsim's choice)")
      ->check(workSizeProblem)
      ->expected(1, 3);
  run->add_option("--build-options", options->module.buildOptions,
                  "Running OpenCL C source or a .sim file: -D, -I (relative to the current "
                  "folder), -cl-std=...");
  run->add_option("--set", options->sets,
                  "NAME=VALUE: give a variable of the run file's \"vars\" another value (a "
                  "number or an expression); repeatable")
      ->allow_extra_args(false);
  addLaunchOptions(*run, options->launch,
                   "Stop the whole run after this many seconds, wherever it is, and report where "
                   "the work-items were (hang.run-timeout); no dumps are written; 0: no limit");
  run->add_option("--schedule", options->schedule,
                  "The order work-groups run in and warps run in between barriers: ordered "
                  "(default), reverse, or shuffle[:SEED] (orders and, unless --warp-width is "
                  "given, the warp width drawn from SEED; every finding names the seed)")
      ->type_name("ordered|reverse|shuffle[:SEED]")
      ->check(scheduleProblem);
  run->add_option("--explore", options->explore,
                  "Run every launch N times: under the ordered schedule, then N-1 shuffles "
                  "(seeds --explore-seed + 1, + 2, ...), each run on one thread with buffers "
                  "of its own, up to --threads runs at once; findings of every run once each "
                  "with the schedule that found them, and nondeterminism.result when a dumped "
                  "or expected buffer or the printf output differs from the ordered run's "
                  "(docs/run-files.md). Default 1: one run")
      ->type_name("N")
      ->check(CLI::Range(1u, 100000u));
  run->add_option("--explore-seed", options->exploreSeed,
                  "With --explore: the base the shuffles' seeds count up from (default 0)")
      ->type_name("SEED");
  run->add_flag("--no-sub-group-progress", options->noSubGroupProgress,
                "Run as a device without CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS: a "
                "sub-group that waits for another sub-group of its work-group is "
                "progress.intra-group (spvsim's device reports it: such a wait is correct)");
  run->add_option("--report", options->reportFile,
                  "Also write findings and launches to FILE: JSON, or with a name ending in "
                  ".html a page to open in a browser");
  addReportFormatOption(*run, options->reportFormat, "spvsim's, with notes and launches");
  addSuppressionOptions(*run, options->suppressions);
  run->add_option("--error-exitcode", options->errorExitCode,
                  "Exit status when the run has findings (default 1)")
      ->check(CLI::Range(1, 125));
  run->add_flag("--profile{text}", options->profile,
                "--profile or --profile=text: print on standard error, --profile=json: write "
                "to the JSON report, or standard output without one, per kernel the instructions "
                "executed per source line and opcode family, "
                "lane utilisation, memory traffic, atomics and barriers (docs/profiling.md)")
      ->check(CLI::IsMember({"text", "json"}));
  run->add_flag("--quiet", options->quiet,
                "Print only what was asked for: findings and errors, not the buffers marked "
                "\"dump\": true, the progress line a launch of more than a second shows on a "
                "terminal, the closing summary line or the line summing up producer quirks");
  run->add_flag("--verbose", options->verbose,
                "List the producer quirks the module has and spvsim accepts (block order, "
                "debug information SPIRV-Tools rejects, OpenCL 1.2 scopes, ...) in full");
  run->callback([options, run, &exitStatus] {
    options->warpWidthGiven = run->count("--warp-width") > 0;
    options->scheduleGiven = run->count("--schedule") > 0;
    if (options->explore > 1 && options->scheduleGiven)
      throw CLI::ValidationError("--schedule", "--explore runs the ordered schedule and "
                                               "shuffles of its own; --explore-seed chooses them");
    if (options->explore > 1 && !options->profile.empty())
      throw CLI::ValidationError("--profile", "cannot be combined with --explore");
    if (!run->count("--report-format") && reportFileIsHtml(options->reportFile))
      options->reportFormat = "html";
    exitStatus = runCommand(*options);
  });
}

} // namespace spvsim::cli
