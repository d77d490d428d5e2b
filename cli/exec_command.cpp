// `spvsim exec [options] -- PROGRAM [ARGS...]`: runs a host program with
// spvsim as its only OpenCL platform (like `oclgrind ./app`). The ICD loader
// is pointed at spvsim's vendor folder (OCL_ICD_VENDORS, which ocl-icd and the
// Khronos loader both honour); the options travel as the SPVSIM_* variables the
// runtime reads (runtime/core/config.h). The program's findings go to standard
// error as they happen; the exit status is 1 when any of them is an error,
// else the program's own. The cli does not link the runtime: it finds it.
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include <sstream>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "spvsim/common/error.h"
#include "spvsim/interpreter/checks.h"

extern char **environ;

namespace spvsim::cli {

namespace {

struct ExecOptions {
  uint32_t warpWidth = 0; ///< 0: not given (the runtime's default)
  uint32_t threads = 0;
  bool threadsGiven = false;
  double timeout = 0;
  std::string reportFile;
  uint64_t printfBufferSize = 0;
  std::string checks;
  std::string captureDir;
  std::string deviceType;
  std::vector<std::string> command;
};

/// The folder holding spvsim.icd: $SPVSIM_ICD_VENDORS, or beside this executable in the
/// build tree (build/cli/spvsim -> build/runtime/vendors) or an installation
/// (bin/spvsim -> share/spvsim/vendors).
std::filesystem::path vendorFolder() {
  if (const char *given = std::getenv("SPVSIM_ICD_VENDORS")) return given;
  std::error_code error;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    const std::filesystem::path dir = exe.parent_path();
    for (const std::filesystem::path &candidate :
         {dir / ".." / "runtime" / "vendors", dir / ".." / "share" / "spvsim" / "vendors"})
      if (std::filesystem::exists(candidate / "spvsim.icd", error))
        return std::filesystem::weakly_canonical(candidate, error);
  }
  throw Error("cannot find spvsim's OpenCL ICD (spvsim.icd) beside " + exe.string() +
              "; set SPVSIM_ICD_VENDORS to the folder that holds it");
}

std::string numberText(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

/// Errors among the findings of the report the runtime wrote (0 when there is none).
size_t reportedErrors(const std::filesystem::path &report) {
  std::ifstream in(report);
  if (!in) return 0;
  nlohmann::json json = nlohmann::json::parse(in, nullptr, false);
  if (json.is_discarded() || !json.contains("findings")) return 0;
  size_t errors = 0;
  for (const auto &f : json["findings"])
    if (f.value("severity", "") == "error") ++errors;
  return errors;
}

int runExec(const ExecOptions &options) {
  const std::filesystem::path vendors = vendorFolder();
  // The report tells whether an error was found; a temporary one when none was asked for.
  std::filesystem::path report = options.reportFile;
  std::string temporaryReport;
  if (report.empty()) {
    const char *tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/spvsim-exec-XXXXXX";
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    const int fd = mkstemp(buffer.data());
    if (fd < 0) throw Error("cannot create a temporary report in " + pattern);
    close(fd);
    temporaryReport = buffer.data();
    report = temporaryReport;
  }
  std::error_code ignored;
  std::filesystem::remove(report, ignored);

  // The program's environment: spvsim as the only platform, and the options.
  setenv("OCL_ICD_VENDORS", vendors.c_str(), 1);
  unsetenv("OCL_ICD_FILENAMES"); // the Khronos loader would add these platforms
  setenv("SPVSIM_REPORT", std::filesystem::absolute(report, ignored).c_str(), 1);
  if (options.warpWidth) setenv("SPVSIM_WARP_WIDTH", std::to_string(options.warpWidth).c_str(), 1);
  if (options.threadsGiven) setenv("SPVSIM_THREADS", std::to_string(options.threads).c_str(), 1);
  if (options.timeout > 0) setenv("SPVSIM_TIMEOUT", numberText(options.timeout).c_str(), 1);
  if (options.printfBufferSize)
    setenv("SPVSIM_PRINTF_BUFFER", std::to_string(options.printfBufferSize).c_str(), 1);
  if (!options.checks.empty()) setenv("SPVSIM_CHECKS", options.checks.c_str(), 1);
  if (!options.captureDir.empty())
    setenv("SPVSIM_CAPTURE", std::filesystem::absolute(options.captureDir, ignored).c_str(), 1);
  if (!options.deviceType.empty()) setenv("SPVSIM_DEVICE_TYPE", options.deviceType.c_str(), 1);

  std::vector<char *> argv;
  for (const std::string &a : options.command) argv.push_back(const_cast<char *>(a.c_str()));
  argv.push_back(nullptr);
  // Like system(): Ctrl-C and Ctrl-\ are for the program; spvsim waits and reports its status.
  // The program starts with the default handlers.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGQUIT);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);
  struct sigaction ignore {
  }, oldInt{}, oldQuit{};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGINT, &ignore, &oldInt);
  sigaction(SIGQUIT, &ignore, &oldQuit);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, argv[0], nullptr, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  int status = 0;
  while (spawned == 0 && waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) break;
  sigaction(SIGINT, &oldInt, nullptr);
  sigaction(SIGQUIT, &oldQuit, nullptr);
  if (spawned != 0) {
    if (!temporaryReport.empty()) std::filesystem::remove(temporaryReport, ignored);
    throw Error("cannot run '" + options.command[0] + "': " + std::strerror(spawned));
  }
  const int programStatus = WIFEXITED(status)     ? WEXITSTATUS(status)
                            : WIFSIGNALED(status) ? 128 + WTERMSIG(status)
                                                  : kInternal;

  const size_t errors = reportedErrors(report);
  if (!temporaryReport.empty()) std::filesystem::remove(temporaryReport, ignored);
  if (errors) {
    std::cerr << "spvsim exec: " << errors << " error finding" << (errors == 1 ? "" : "s") << " in "
              << options.command[0]
              << (options.reportFile.empty() ? "" : " (report: " + options.reportFile + ")")
              << "\n";
    return kFindings;
  }
  return programStatus;
}

} // namespace

void addExecCommand(CLI::App &app, int &exitStatus) {
  auto options = std::make_shared<ExecOptions>();
  CLI::App *exec = app.add_subcommand(
      "exec", "Run a host program with spvsim as its only OpenCL platform; exit status 1 when "
              "a kernel had an error finding, else the program's own");
  exec->add_option("--warp-width", options->warpWidth,
                   "Work-items executed in lockstep (1 to 64; default 32)")
      ->check(CLI::Range(1, 64));
  exec->add_option("--threads", options->threads,
                   "Worker threads per launch (0: one per hardware thread)")
      ->check(CLI::NonNegativeNumber)
      ->each([options](const std::string &) { options->threadsGiven = true; });
  exec->add_option("--timeout", options->timeout,
                   "Stop a launch that runs longer than this many seconds (hang.timeout)")
      ->check(CLI::NonNegativeNumber);
  exec->add_option("--report", options->reportFile, "Also write the findings and launches as JSON");
  exec->add_option("--printf-buffer", options->printfBufferSize,
                   "Bytes of printf output one launch may produce (0: no limit)")
      ->check(CLI::NonNegativeNumber);
  exec->add_option("--checks", options->checks,
                   std::string("Comma-separated checks to run: ") + checkNames() +
                       " (default all; bounds checks are always on)")
      ->check(checkListProblem);
  exec->add_option("--capture", options->captureDir,
                   "Write every launch as a run file in this folder (DIR/NNNN-kernel/run.json)");
  exec->add_option("--device-type", options->deviceType, "CL_DEVICE_TYPE the device reports")
      ->check(CLI::IsMember({"cpu", "gpu", "accelerator"}));
  exec->add_option("command", options->command, "The program and its arguments (after --)")
      ->required();
  exec->positionals_at_end();
  exec->prefix_command();
  exec->callback([options, &exitStatus] { exitStatus = runExec(*options); });
}

} // namespace spvsim::cli
