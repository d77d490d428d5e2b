// `spvsim init MODULE [--kernel NAME] [--global N...] [--local N...]`: writes a run
// file that runs one kernel of a module (SPIR-V, or OpenCL C compiled as `spvsim run`
// compiles it) as written: one buffer per pointer parameter with one element per
// work-item, initialised when the kernel reads it and dumped when it may write it
// (run_file_template.h), a `local` entry per __local pointer, a value per scalar. What
// to change is said in comments at the top of the file.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "commands.h"
#include "init_trial_run.h"
#include "launch_options.h"
#include "opencl_module.h"
#include "run_file_template.h"
#include "spvsim/common/error.h"
#include "spvsim/common/finding.h"
#include "spvsim/runfile/output_file.h"
#include "spvsim/validator/device.h"
#include "spvsim/validator/validator.h"

namespace spvsim::cli {

namespace {

namespace fs = std::filesystem;

struct InitOptions {
  std::string module;
  std::string kernel;
  std::vector<uint64_t> global;
  std::vector<uint64_t> local;
  std::string buildOptions;
  std::string output;
  bool force = false;
};

/// `module` as the run file written to `output` names it: relative to the run file's
/// folder when they share a folder below the root, else absolute.
std::string modulePathFrom(const fs::path &output, const fs::path &module) {
  std::error_code ignored;
  const fs::path folder = fs::absolute(output, ignored).parent_path().lexically_normal();
  const fs::path absolute = fs::absolute(module, ignored).lexically_normal();
  const fs::path relative = absolute.lexically_relative(folder);
  size_t up = 0, depth = 0;
  for (const fs::path &part : relative) up += part == "..";
  for (const fs::path &part : folder.relative_path()) depth += !part.empty();
  return relative.empty() || up >= depth ? absolute.string() : relative.string();
}

/// Sizes as the command line gives them: "16 8".
std::string spaced(const std::vector<uint64_t> &sizes) {
  std::string text;
  for (uint64_t s : sizes) text += (text.empty() ? "" : " ") + std::to_string(s);
  return text;
}

int runInit(const InitOptions &options) {
  const fs::path module(options.module);
  const bool toStdout = options.output == "-";
  fs::path output = options.output;
  if (output.empty()) output = fs::path(module).replace_extension(".json");
  if (!toStdout && output == module) output += ".json";
  if (!toStdout && !options.force && fs::exists(output))
    throw Error(output.string() + " exists; give -o FILE or --force to replace it");
  // -I folders in build_options are relative to the run file, as `spvsim run` takes them.
  const fs::path base = toStdout ? fs::current_path() : fs::absolute(output).parent_path();

  std::shared_ptr<const Module> loaded =
      loadModuleFile(module, options.buildOptions, base, "--build-options");
  ValidationResult validation = validate(loaded, DeviceDescription::spvsim());
  if (!validation.ok()) {
    for (const Finding &f : validation.findings)
      if (f.severity == Severity::Error) std::cerr << formatText(f);
    return kBadInput;
  }
  const ValidatedModule &validated = *validation.module;

  RunFileRequest request;
  request.moduleSpelling = toStdout ? module.string() : modulePathFrom(output, module);
  request.buildOptions = options.buildOptions;
  request.kernel = options.kernel;
  request.global = options.global;
  request.local = options.local;
  // Buffers a kernel indexes by more than its work-item id (out[8 * i + k]) get more
  // elements per work-item, doubled until a trial run stays inside them.
  const RunFileTemplate run =
      makeSizedRunFileTemplate(*loaded, validated, options.module, request, base);

  auto list = [](const std::vector<std::string> &names) {
    std::string text;
    for (const std::string &n : names) text += (text.empty() ? "" : ", ") + n;
    return text;
  };
  // What to change, as comments at the top of the run file (JSONC: docs/run-files.md).
  std::ostringstream notes;
  notes << "For kernel '" << run.kernel << "', " << run.workItems << " work-items (--global "
        << spaced(run.global) << (run.local.empty() ? "" : ", --local " + spaced(run.local))
        << "); change in it:\n";
  notes << "  " << run.varsNote << "\n";
  if (!run.readNames.empty())
    notes << "  read: " << list(run.readNames)
          << ": \"init\" gives their values ({\"range\": [0, 1]} is 0, 1, 2, ...; also "
             "\"fill\", \"values\", \"file\", \"random\")\n";
  if (!run.writtenNames.empty())
    notes << "  written: " << list(run.writtenNames)
          << ": \"dump\" prints them after the run (true) or writes their bytes (a file); "
             "\"expect\" checks them\n";
  if (!run.unusedNames.empty()) notes << "  not accessed: " << list(run.unusedNames) << "\n";
  notes << run.hints;
  std::string comments = "// Written by `spvsim init` (the format: spvsim help run-files).\n";
  std::istringstream lines(notes.str());
  for (std::string line; std::getline(lines, line);) comments += "// " + line + "\n";

  if (toStdout)
    std::cout << comments << run.text;
  else
    runfile::writeWholeFile(output, output.string(), comments + run.text);
  std::cerr << "spvsim: wrote " << (toStdout ? "the run file to standard output" : output.string())
            << " for kernel '" << run.kernel << "', " << run.workItems
            << " work-items; its comments say what to change\n";
  if (!toStdout) std::cerr << "run it: spvsim run " << output.string() << "\n";
  return kClean;
}

} // namespace

void addInitCommand(CLI::App &app, int &exitStatus) {
  auto options = std::make_shared<InitOptions>();
  CLI::App *init = app.add_subcommand(
      "init", "Write a run file for a kernel of a module (.spv, .spvasm) or OpenCL C source "
              "(.cl, .clcpp), with buffers sized from --global");
  init->add_option("module", options->module, "The module or OpenCL C file")->required();
  init->add_option("--kernel", options->kernel, "The kernel (needed when there are several)");
  init->add_option("--global", options->global,
                   "Global size: 1 to 3 numbers (default 1024, or 64 64 for a 2-D kernel)")
      ->check(workSizeProblem)
      ->expected(1, 3);
  init->add_option("--local", options->local,
                   "Work-group size, as many numbers as --global (default: the kernel's "
                   "reqd_work_group_size, or spvsim's choice)")
      ->check(workSizeProblem)
      ->expected(1, 3);
  init->add_option("--build-options", options->buildOptions,
                   "build_options of OpenCL C source (-D, -I relative to the run file, "
                   "-cl-std=...)");
  init->add_option("-o,--output", options->output,
                   "The run file to write (default: the module's name with .json; -: standard "
                   "output)");
  init->add_flag("--force", options->force, "Replace the run file if it exists");
  init->callback([options, &exitStatus] { exitStatus = runInit(*options); });
}

} // namespace spvsim::cli
