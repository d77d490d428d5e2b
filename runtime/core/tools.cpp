// Running the compiler tools (see tools.h).
#include "core/tools.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <memory>
#include <spawn.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include "spvsim/common/error.h"

extern char **environ;

namespace spvsim::runtime {

namespace {

/// The first executable named `name` on PATH (or `name` itself when it has a slash).
std::string findExecutable(const std::string &name) {
  if (name.empty()) return {};
  if (name.find('/') != std::string::npos) return access(name.c_str(), X_OK) == 0 ? name : "";
  const char *path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    if (dir.empty()) dir = ".";
    std::string candidate = dir + "/" + name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return {};
}

std::string tool(const char *variable, const char *defaultName) {
  const char *named = std::getenv(variable);
  return findExecutable(named ? named : defaultName);
}

} // namespace

const Toolchain &Toolchain::get() {
  // Never destroyed, like the rest of the runtime's process-wide state.
  static const Toolchain *toolchain =
      std::make_unique<Toolchain>(Toolchain{tool("SPVSIM_SPIRV_LINK", "spirv-link")}).release();
  return *toolchain;
}

TempDir::TempDir() {
  const char *base = std::getenv("TMPDIR");
  std::string pattern = std::string(base && *base ? base : "/tmp") + "/spvsim-XXXXXX";
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  if (!mkdtemp(buffer.data())) throw Error("cannot create a temporary folder in " + pattern);
  path_ = buffer.data();
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

ToolRun runTool(const std::vector<std::string> &argv, const std::filesystem::path &cwd) {
  ToolRun run;
  const std::filesystem::path log = cwd / ".tool-output";
  std::vector<char *> args;
  for (const std::string &a : argv) args.push_back(const_cast<char *>(a.c_str()));
  args.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  posix_spawn_file_actions_addclose(&actions, 0);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
  pid_t pid = 0;
  int rc = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    run.output = "cannot run " + argv[0] + ": " + std::strerror(rc) + "\n";
    return run;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) break;
  if (WIFEXITED(status)) run.status = WEXITSTATUS(status);
  std::ifstream in(log, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  run.output = text.str();
  std::filesystem::remove(log);
  return run;
}

bool writeFile(const std::filesystem::path &file, const void *data, size_t size) {
  std::error_code ignored;
  if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path(), ignored);
  std::ofstream out(file, std::ios::binary);
  out.write(static_cast<const char *>(data), static_cast<std::streamsize>(size));
  return static_cast<bool>(out);
}

bool readFile(const std::filesystem::path &file, std::vector<unsigned char> &out) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

} // namespace spvsim::runtime
