// `spvsim exec [options] -- PROGRAM [ARGS...]`: runs a host program with
// spvsim as its only OpenCL platform (like `oclgrind ./app`). The ICD loader
// is pointed at spvsim's vendor folder (OCL_ICD_VENDORS, which ocl-icd and the
// Khronos loader both honour); the options travel as the SPVSIM_* variables the
// runtime reads (runtime/core/config.h). The program's findings go to standard
// error as they happen. The first Ctrl-C stops the running launch, whose findings
// say where its work-items were, and fails the program's later OpenCL commands
// (SPVSIM_INTERRUPT, runtime/core/interrupt.h), so that the program ends; a second
// one ends it at once. With --report the runtime's report is kept as JSON, or written
// as SARIF or as the HTML page `run` writes. With --profile every launch is profiled
// (SPVSIM_PROFILE) and, when the program has ended, the profiles of the runtime's report
// are printed as `run --profile` prints them, or kept as JSON. With --explore N every
// launch also runs under N-1 shuffled schedules (SPVSIM_EXPLORE,
// runtime/core/explore_launch.h). The exit status is 130 after a Ctrl-C, else 1 when any
// finding is an error, else the program's own. The cli does not link the runtime: it
// finds it.
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include <sstream>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "html_report.h"
#include "launch_options.h"
#include "profile_report.h"
#include "sarif_report.h"
#include "spvsim/common/error.h"
#include "spvsim/common/finding_json.h"
#include "spvsim/common/source_excerpt.h"
#include "spvsim/common/suppressions.h"
#include "spvsim/runfile/output_file.h"
#include "summary_line.h"

extern char **environ;

namespace spvsim::cli {

namespace {

struct ExecCommandOptions {
  LaunchOptions launch; ///< passed on only when given (LaunchOptions' defaults are run's)
  std::string reportFile;
  std::string reportFormat = "json";
  SuppressionOptions suppressions;
  std::string captureDir;
  std::string deviceType;
  bool debug = false;       ///< --debug: every launch under the debugger's prompt (SPVSIM_DEBUG)
  std::string profile;      ///< --profile: "" (none), text or json (SPVSIM_PROFILE)
  uint32_t explore = 1;     ///< --explore: schedules each launch runs under (SPVSIM_EXPLORE)
  uint64_t exploreSeed = 0; ///< --explore-seed (SPVSIM_EXPLORE_SEED)
  std::vector<std::string> command;
};

/// How to build the ICD library when this executable is the build tree's
/// (build/cli/spvsim): the command that builds it there; else reinstalling spvsim.
std::string icdBuildAdvice(const std::filesystem::path &exe) {
  std::error_code error;
  const std::filesystem::path build = exe.parent_path().parent_path();
  if (exe.parent_path().filename() == "cli" &&
      std::filesystem::exists(build / "CMakeCache.txt", error))
    return "build it with `cmake --build " + build.string() + " --target spvsim_runtime`";
  return "build spvsim's target spvsim_runtime (`cmake --build BUILD --target spvsim_runtime`) "
         "or install spvsim again";
}

/// The folder holding spvsim.icd: $SPVSIM_ICD_VENDORS, or beside this executable in the
/// build tree (build/cli/spvsim -> build/runtime/vendors) or an installation
/// (bin/spvsim -> share/spvsim/vendors). The library spvsim.icd names must exist: the
/// ICD loader would skip it without a word, and the program would find no platform.
std::filesystem::path vendorFolder() {
  std::error_code error;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
  std::filesystem::path folder;
  if (const char *given = std::getenv("SPVSIM_ICD_VENDORS")) {
    folder = given;
  } else {
    const std::filesystem::path dir = exe.parent_path();
    for (const std::filesystem::path &candidate :
         {dir / ".." / "runtime" / "vendors", dir / ".." / "share" / "spvsim" / "vendors"})
      if (folder.empty() && std::filesystem::exists(candidate / "spvsim.icd", error))
        folder = std::filesystem::weakly_canonical(candidate, error);
    if (folder.empty())
      throw Error(
          "cannot find spvsim's OpenCL ICD (spvsim.icd) beside " + exe.string() + " (looked in " +
          (dir / ".." / "runtime" / "vendors").lexically_normal().string() + " and " +
          (dir / ".." / "share" / "spvsim" / "vendors").lexically_normal().string() +
          "): " + icdBuildAdvice(exe) + ", or set SPVSIM_ICD_VENDORS to the folder that holds it");
  }
  const std::filesystem::path icd = folder / "spvsim.icd";
  std::ifstream in(icd);
  std::string library;
  if (!in || !std::getline(in, library))
    throw Error("cannot read " + icd.string() + ": it should name spvsim's OpenCL ICD library");
  while (!library.empty() && (library.back() == '\r' || library.back() == ' ')) library.pop_back();
  // A bare name is for the dynamic linker's search; a path must be there.
  if (library.find('/') != std::string::npos && !std::filesystem::exists(library, error))
    throw Error("spvsim's OpenCL ICD library " + library + " (named by " + icd.string() +
                ") does not exist: " + icdBuildAdvice(exe));
  return folder;
}

/// What exec does with a SIGINT that arrives while the program runs. From the terminal
/// (SI_KERNEL) the program got it too; sent to spvsim alone (kill, SI_USER) it is passed
/// on. A second one ends the program at once, for a program that does not stop at the
/// first (Python waiting in clFinish for a long kernel, say). Under --debug, Ctrl-C from
/// the terminal is the debugger's (it stops a running launch): it is not counted.
/// Returns how many there were so far.
int interruptProgram(pid_t program, const siginfo_t &info, int interrupts, bool debugging) {
  if (debugging && info.si_code != SI_USER) return interrupts;
  if (++interrupts >= 2)
    kill(program, SIGKILL);
  else if (info.si_code == SI_USER)
    kill(program, SIGINT);
  return interrupts;
}

/// Waits for the program to end, taking the SIGINTs meanwhile (`waited`, blocked, holds
/// SIGINT and SIGCHLD): signals are taken synchronously, no handler runs. Returns its
/// wait status and how many SIGINTs there were.
std::pair<int, int> waitForProgram(pid_t program, const sigset_t &waited, bool debugging) {
  int status = 0, interrupts = 0;
  for (;;) {
    const pid_t done = waitpid(program, &status, WNOHANG);
    if (done == program || (done < 0 && errno != EINTR)) break;
    siginfo_t info{};
    // A SIGCHLD between waitpid and here stays pending: this returns at once.
    if (sigwaitinfo(&waited, &info) == SIGINT)
      interrupts = interruptProgram(program, info, interrupts, debugging);
  }
  return {status, interrupts};
}

std::string numberText(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

/// The report the runtime wrote (empty "findings" and "launches" when there is none).
nlohmann::json runtimeReport(const std::filesystem::path &report) {
  std::ifstream in(report);
  nlohmann::json json = in ? nlohmann::json::parse(in, nullptr, false) : nlohmann::json();
  if (json.is_discarded() || !json.is_object()) json = nlohmann::json::object();
  // Both lists always exist: callers read them through a const object.
  for (const char *list : {"findings", "launches"})
    if (!json.contains(list) || !json[list].is_array()) json[list] = nlohmann::json::array();
  return json;
}

/// The launches of a report, those it lists and those beyond its limit.
size_t launchCount(const nlohmann::json &report) {
  const nlohmann::json &more = report.value("launches_not_listed", nlohmann::json());
  return report["launches"].size() + (more.is_number_unsigned() ? more.get<size_t>() : 0);
}

/// The instructions the report's launches executed: known when it lists every launch
/// and each has its count.
std::optional<uint64_t> instructionCount(const nlohmann::json &report) {
  if (report["launches"].empty() || report.contains("launches_not_listed")) return std::nullopt;
  uint64_t total = 0;
  for (const nlohmann::json &launch : report["launches"]) {
    if (!launch.is_object() || !launch.contains("instructions") ||
        !launch["instructions"].is_number_unsigned())
      return std::nullopt;
    total += launch["instructions"].get<uint64_t>();
  }
  return total;
}

/// Errors among a report's findings.
size_t reportedErrors(const nlohmann::json &report) {
  size_t errors = 0;
  for (const auto &f : report["findings"])
    if (f.is_object() && f.value("severity", "") == "error") ++errors;
  return errors;
}

/// The profiles of the runtime's report (one per kernel of a program, summed over its
/// launches), in the order the kernels first ran.
std::vector<ProfileSummary> reportedProfiles(const nlohmann::json &report) {
  std::vector<ProfileSummary> profiles;
  if (report.contains("profiles") && report["profiles"].is_array())
    for (const nlohmann::json &p : report["profiles"])
      if (std::optional<ProfileSummary> profile = profileFromJson(p))
        profiles.push_back(std::move(*profile));
  return profiles;
}

/// --profile: as text on standard error, as `run --profile` prints it; as JSON in the
/// JSON report when there is one, else on standard output once the program has ended.
void printProfiles(const ExecCommandOptions &options, const nlohmann::json &report) {
  if (options.profile == "text")
    for (const ProfileSummary &profile : reportedProfiles(report)) printProfile(std::cerr, profile);
  if (options.profile != "json" || (!options.reportFile.empty() && options.reportFormat == "json"))
    return;
  nlohmann::json profiles = nlohmann::json::array();
  if (report.contains("profiles") && report["profiles"].is_array()) profiles = report["profiles"];
  std::cout << nlohmann::json{{"version", SPVSIM_VERSION}, {"profiles", profiles}}.dump(2) << "\n";
  std::cout.flush();
}

/// The HTML page of the runtime's report: its launches, its findings as the runtime
/// printed them (its "text", with the source lines; else formatted here), the
/// commands that failed and the profiles.
HtmlReportContent htmlContent(const nlohmann::json &report, const std::string &summary,
                              const std::vector<std::string> &command) {
  HtmlReportContent content;
  content.version = SPVSIM_VERSION;
  content.summary = summary;
  content.launches = report["launches"];
  content.command = "spvsim exec --";
  for (const std::string &word : command) content.command += " " + word;
  SourceExcerpts excerpts;
  for (const nlohmann::json &f : report["findings"]) {
    const std::optional<Finding> finding = findingFromJson(f);
    if (!finding) continue;
    std::string text = f.contains("text") && f["text"].is_string()
                           ? f["text"].get<std::string>()
                           : formatText(*finding, &excerpts);
    content.findings.push_back({severityName(finding->severity), finding->kind, std::move(text)});
  }
  if (report.contains("errors") && report["errors"].is_array())
    for (const nlohmann::json &e : report["errors"])
      if (e.is_string()) content.errors.push_back(e.get<std::string>());
  content.profiles = reportedProfiles(report);
  return content;
}

/// Lines of `values` for a variable the runtime reads a list from.
std::string lines(const std::vector<std::string> &values) {
  std::string text;
  for (const std::string &v : values) text += v + "\n";
  return text;
}

int runExec(const CLI::App &command, const ExecCommandOptions &options) {
  const auto started = std::chrono::steady_clock::now();
  const std::filesystem::path vendors = vendorFolder();
  // The rules are checked here, before the program starts (spvsim::Error: bad input).
  Suppressions suppressions;
  for (const std::string &rule : options.suppressions.rules) suppressions.add(rule, "--suppress");
  std::vector<std::string> suppressionFiles;
  std::error_code ignored;
  for (const std::string &file : options.suppressions.files) {
    suppressions.addFile(file);
    suppressionFiles.push_back(std::filesystem::absolute(file, ignored).string());
  }
  // The report tells whether an error was found; a temporary one when none was asked for
  // or when it is to be converted (SARIF).
  std::filesystem::path report = options.reportFormat == "json" ? options.reportFile : "";
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
  std::filesystem::remove(report, ignored);

  // The program's environment: spvsim as the only platform, and the options.
  setenv("OCL_ICD_VENDORS", vendors.c_str(), 1);
  unsetenv("OCL_ICD_FILENAMES"); // the Khronos loader would add these platforms
  setenv("SPVSIM_REPORT", std::filesystem::absolute(report, ignored).c_str(), 1);
  setenv("SPVSIM_INTERRUPT", "1", 1); // the first Ctrl-C stops the running launch
  setenv("SPVSIM_SUPPRESS", lines(options.suppressions.rules).c_str(), 1);
  setenv("SPVSIM_SUPPRESSIONS", lines(suppressionFiles).c_str(), 1);
  // The options given, as the runtime's variables (runtime/core/config.h).
  const LaunchOptions &l = options.launch;
  const std::pair<const char *, std::pair<const char *, std::string>> given[] = {
      {"--warp-width", {"SPVSIM_WARP_WIDTH", std::to_string(l.warpWidth)}},
      {"--threads", {"SPVSIM_THREADS", std::to_string(l.threads)}},
      {"--timeout", {"SPVSIM_TIMEOUT", numberText(l.timeout)}},
      {"--run-timeout", {"SPVSIM_RUN_TIMEOUT", numberText(l.runTimeout)}},
      {"--max-instructions", {"SPVSIM_MAX_INSTRUCTIONS", std::to_string(l.instructionLimit())}},
      {"--max-memory", {"SPVSIM_MAX_MEMORY", std::to_string(l.maxMemory)}},
      {"--printf-buffer", {"SPVSIM_PRINTF_BUFFER", std::to_string(l.printfBufferSize)}},
      {"--checks", {"SPVSIM_CHECKS", l.checks}}};
  for (const auto &[option, variable] : given)
    if (command.count(option)) setenv(variable.first, variable.second.c_str(), 1);
  if (!options.captureDir.empty())
    setenv("SPVSIM_CAPTURE", std::filesystem::absolute(options.captureDir, ignored).c_str(), 1);
  if (!options.deviceType.empty()) setenv("SPVSIM_DEVICE_TYPE", options.deviceType.c_str(), 1);
  if (options.debug) setenv("SPVSIM_DEBUG", "1", 1);
  if (command.count("--explore"))
    setenv("SPVSIM_EXPLORE", std::to_string(options.explore).c_str(), 1);
  if (command.count("--explore-seed"))
    setenv("SPVSIM_EXPLORE_SEED", std::to_string(options.exploreSeed).c_str(), 1);
  if (!options.profile.empty())
    setenv("SPVSIM_PROFILE", "1", 1);
  else
    unsetenv("SPVSIM_PROFILE"); // a profile nobody reads would only cost time

  std::vector<char *> argv;
  for (const std::string &a : options.command) argv.push_back(const_cast<char *>(a.c_str()));
  argv.push_back(nullptr);
  // Like system(): Ctrl-C and Ctrl-\ are for the program; spvsim waits and reports its status
  // (a second Ctrl-C ends the program: interruptProgram). The program starts with the
  // default handlers.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGQUIT);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  // SIGINT and SIGCHLD are blocked and taken by waitForProgram; SIGINT and SIGQUIT are
  // ignored meanwhile, so that one left pending when the program has ended is dropped.
  // SIGCHLD has its default action (an inherited SIG_IGN would reap the program unseen).
  struct sigaction ignore {
  }, byDefault{}, oldInt{}, oldQuit{}, oldChild{};
  ignore.sa_handler = SIG_IGN;
  byDefault.sa_handler = SIG_DFL;
  sigset_t waited, previous;
  sigemptyset(&waited);
  sigaddset(&waited, SIGINT);
  sigaddset(&waited, SIGCHLD);
  sigprocmask(SIG_BLOCK, &waited, &previous);
  posix_spawnattr_setsigmask(&attributes, &previous); // the program's mask is spvsim's own
  sigaction(SIGINT, &ignore, &oldInt);
  sigaction(SIGQUIT, &ignore, &oldQuit);
  sigaction(SIGCHLD, &byDefault, &oldChild);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, argv[0], nullptr, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  const auto [status, interrupts] =
      spawned == 0 ? waitForProgram(pid, waited, options.debug) : std::pair{0, 0};
  sigprocmask(SIG_SETMASK, &previous, nullptr);
  sigaction(SIGINT, &oldInt, nullptr);
  sigaction(SIGQUIT, &oldQuit, nullptr);
  sigaction(SIGCHLD, &oldChild, nullptr);
  if (spawned != 0) {
    if (!temporaryReport.empty()) std::filesystem::remove(temporaryReport, ignored);
    throw Error("cannot run '" + options.command[0] + "': " + std::strerror(spawned));
  }
  const int programStatus = WIFEXITED(status)     ? WEXITSTATUS(status)
                            : WIFSIGNALED(status) ? 128 + WTERMSIG(status)
                                                  : kInternal;
  // Ended after a Ctrl-C: by the signal, by the second one that killed it, or on its
  // own after the runtime failed its commands.
  const bool interrupted = interrupts > 0;
  const bool killed = WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
  if (interrupted)
    std::cerr << "spvsim exec: " << options.command[0] << " was interrupted"
              << (killed ? " (killed at the second Ctrl-C)" : "") << "\n";

  const nlohmann::json findings = runtimeReport(report);
  const size_t errors = reportedErrors(findings);
  if (!temporaryReport.empty()) std::filesystem::remove(temporaryReport, ignored);
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - started;
  const std::string summary = summaryLine(launchCount(findings), findingKinds(findings["findings"]),
                                          findings.value("suppressed", uint64_t(0)),
                                          instructionCount(findings), took.count());
  printProfiles(options, findings);
  if (options.reportFormat == "sarif" && !options.reportFile.empty())
    runfile::writeWholeFile(options.reportFile, options.reportFile,
                            sarifReport(findings["findings"], SPVSIM_VERSION).dump(2) + "\n");
  if (options.reportFormat == "html" && !options.reportFile.empty())
    runfile::writeWholeFile(options.reportFile, options.reportFile,
                            htmlReport(htmlContent(findings, summary, options.command)));
  if (errors)
    std::cerr << "spvsim exec: " << errors << " error finding" << (errors == 1 ? "" : "s") << " in "
              << options.command[0]
              << (options.reportFile.empty() ? "" : " (report: " + options.reportFile + ")")
              << "\n";
  // On a terminal the last line sums up, as run's does.
  if (isatty(STDERR_FILENO)) std::cerr << summary << "\n";
  if (interrupted) return kInterrupted;
  return errors ? kFindings : programStatus;
}

} // namespace

void addExecCommand(CLI::App &app, int &exitStatus) {
  auto options = std::make_shared<ExecCommandOptions>();
  CLI::App *exec = app.add_subcommand(
      "exec", "Run a host program with spvsim as its only OpenCL platform; exit status 130 when "
              "Ctrl-C ended it, 1 when a kernel had an error finding, else the program's own");
  addLaunchOptions(*exec, options->launch,
                   "Stop the program's kernels after this many seconds from its first OpenCL "
                   "call and report where the work-items were (hang.run-timeout); later "
                   "launches do not run; 0: no limit");
  exec->add_option("--report", options->reportFile,
                   "Also write the findings and launches to FILE: JSON, or with a name ending in "
                   ".html a page to open in a browser");
  addReportFormatOption(*exec, options->reportFormat, "the runtime's, with launches");
  addSuppressionOptions(*exec, options->suppressions);
  exec->add_option("--capture", options->captureDir,
                   "Write every launch as a run file in this folder (DIR/NNNN-kernel/run.json)");
  exec->add_option("--device-type", options->deviceType, "CL_DEVICE_TYPE the device reports")
      ->check(CLI::IsMember({"cpu", "gpu", "accelerator"}));
  exec->add_flag("--debug", options->debug,
                 "Stop each launch at its kernel's first line under the debugger's prompt "
                 "(docs/debugging.md); the program waits until `continue` has run it. Under "
                 "--debug the bounds check alone runs unless --checks names others (--debug "
                 "--checks races,uninit), each finding stopping the launch in its work-item");
  exec->add_flag("--profile{text}", options->profile,
                 "--profile or --profile=text: print on standard error when the program has "
                 "ended, --profile=json: write to the JSON report, or standard output without "
                 "one, per kernel the instructions its launches executed per source line and "
                 "opcode family, lane utilisation, memory traffic, atomics and barriers "
                 "(docs/profiling.md)")
      ->check(CLI::IsMember({"text", "json"}));
  exec->add_option("--explore", options->explore,
                   "Run every launch N times: under the ordered schedule, whose results the "
                   "program sees, then N-1 shuffles (seeds --explore-seed + 1, + 2, ...) from "
                   "the bytes its buffer and image arguments held before it, each run on one "
                   "thread; nondeterminism.result when an argument's bytes or the printf output "
                   "differ from the ordered run's (docs/run-files.md). Default 1: one run")
      ->type_name("N")
      ->check(CLI::Range(1u, 100000u));
  exec->add_option("--explore-seed", options->exploreSeed,
                   "With --explore: the base the shuffles' seeds count up from (default 0)")
      ->type_name("SEED");
  exec->add_option("command", options->command, "The program and its arguments (after --)")
      ->required();
  exec->positionals_at_end();
  exec->prefix_command();
  exec->callback([exec, options, &exitStatus] {
    if (options->debug && !options->profile.empty())
      throw CLI::ValidationError("--profile", "cannot be combined with --debug");
    if (options->explore > 1 && options->debug)
      throw CLI::ValidationError("--explore", "cannot be combined with --debug");
    if (options->explore > 1 && !options->profile.empty())
      throw CLI::ValidationError("--profile", "cannot be combined with --explore");
    if (!exec->count("--report-format") && reportFileIsHtml(options->reportFile))
      options->reportFormat = "html";
    exitStatus = runExec(*exec, *options);
  });
}

} // namespace spvsim::cli
