// The translation in the translator process (see isolated_translation.h): where
// spvsim-translate is, starting it with posix_spawn (no copy of this process's page
// tables, as fork() made for every build), one request and answer at a time over a
// socket, its standard error read as the build log, and how it ended when it did.
#include "isolated_translation.h"

#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>

#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>

#include "translator_protocol.h"

extern char **environ;

namespace spvsim::frontend {

namespace {

using translator::AnswerHeader;
using translator::Descriptor;
using translator::RequestHeader;

/// An object of this file, whose address dladdr() maps to the library (or executable)
/// the front end is part of.
const char kFrontEndMarker = 0;

/// Where spvsim-translate may be, in order: $SPVSIM_TRANSLATOR; beside the library that
/// holds the front end (build/frontend/ beside libspvsim-frontend.so), in its spvsim/
/// folder (installed: LIBDIR/spvsim/ beside libspvsim-icd.so), in ../frontend/ (the
/// build's runtime/ and cli/ folders); where it is installed; where the build put it.
std::vector<std::filesystem::path> translatorCandidates() {
  if (const char *named = std::getenv("SPVSIM_TRANSLATOR"); named && *named) return {named};
  std::vector<std::filesystem::path> candidates;
  Dl_info info{};
  if (::dladdr(&kFrontEndMarker, &info) != 0 && info.dli_fname && info.dli_fname[0] == '/') {
    const std::filesystem::path folder = std::filesystem::path(info.dli_fname).parent_path();
    candidates.push_back(folder / "spvsim-translate");
    candidates.push_back(folder / "spvsim" / "spvsim-translate");
    candidates.push_back(folder.parent_path() / "frontend" / "spvsim-translate");
  }
  candidates.emplace_back(SPVSIM_TRANSLATOR_INSTALL_PATH);
  candidates.emplace_back(SPVSIM_TRANSLATOR_BUILD_PATH);
  return candidates;
}

std::string describeEnd(int status) {
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    const char *name = ::strsignal(signal);
    return "the SPIR-V translator crashed (signal " + std::to_string(signal) +
           (name ? std::string(", ") + name : std::string()) + ")";
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == translator::kExitedInTranslator)
    return "the SPIR-V translator ended with exit() on this module";
  return "the SPIR-V translator failed";
}

/// "300 s", "0.1 s".
std::string seconds(std::chrono::milliseconds time) {
  const long long ms = time.count();
  std::string text = std::to_string(ms / 1000);
  if (ms % 1000 != 0) {
    std::string fraction = std::to_string(1000 + ms % 1000).substr(1);
    while (fraction.back() == '0') fraction.pop_back();
    text += "." + fraction;
  }
  return text + " s";
}

/// Appends what can be read now from the non-blocking `fd` to `text`; false at its end.
bool readAvailable(int fd, std::string &text) {
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      text.append(buffer, static_cast<size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
  }
}

/// The translator process, started when a build begins (startTranslator()) or a
/// translation needs it, and again after it ended.
class TranslatorProcess {
public:
  Translation translate(const std::string &request, std::chrono::milliseconds timeout);
  void startEarly() {
    std::unique_lock<std::mutex> lock(mutex_, std::try_to_lock);
    if (lock.owns_lock() && !running()) start();
  }
  int id() {
    std::lock_guard<std::mutex> lock(mutex_);
    return running() ? pid_ : -1;
  }

private:
  bool running();
  std::string start();
  void reap(bool kill, int *status, std::string &log);
  std::mutex mutex_;
  pid_t pid_ = -1;
  pid_t owner_ = -1; ///< the process that started it (a fork of it has its own)
  Descriptor socket_, log_;
};

/// Whether the translator this process started still runs; if not, forgets it.
bool TranslatorProcess::running() {
  if (pid_ < 0) return false;
  if (owner_ != ::getpid()) {
    // A fork of the process that started it: that process's translator, not ours.
    socket_.reset();
    log_.reset();
    pid_ = -1;
    return false;
  }
  int status;
  const pid_t waited = ::waitpid(pid_, &status, WNOHANG);
  if (waited == 0) return true;
  socket_.reset();
  log_.reset();
  pid_ = -1;
  return false;
}

/// Starts the translator: its standard input a socket, standard output /dev/null,
/// standard error a pipe, no other descriptor of this process, its own process group,
/// default actions for the signals that end it. Returns an error message, empty on
/// success.
std::string TranslatorProcess::start() {
  std::string path;
  std::string tried;
  for (const std::filesystem::path &candidate : translatorCandidates()) {
    if (::access(candidate.c_str(), X_OK) == 0) {
      path = candidate.string();
      break;
    }
    tried += (tried.empty() ? "" : ", ") + candidate.string();
  }
  if (path.empty())
    return "error: the SPIR-V translator spvsim-translate is not installed (looked for " + tried +
           "; SPVSIM_TRANSLATOR names it)\n";
  int sockets[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0)
    return std::string("error: cannot start the SPIR-V translator: ") + std::strerror(errno) + "\n";
  Descriptor ours(sockets[0]), theirs(sockets[1]);
  int pipe[2];
  if (::pipe2(pipe, O_CLOEXEC) != 0)
    return std::string("error: cannot start the SPIR-V translator: ") + std::strerror(errno) + "\n";
  Descriptor logRead(pipe[0]), logWrite(pipe[1]);

  posix_spawn_file_actions_t files;
  posix_spawnattr_t attributes;
  ::posix_spawn_file_actions_init(&files);
  ::posix_spawn_file_actions_adddup2(&files, theirs.get(), STDIN_FILENO);
  ::posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  ::posix_spawn_file_actions_adddup2(&files, logWrite.get(), STDERR_FILENO);
  ::posix_spawn_file_actions_addclosefrom_np(&files, STDERR_FILENO + 1);
  ::posix_spawnattr_init(&attributes);
  sigset_t none, ending;
  sigemptyset(&none);
  sigemptyset(&ending);
  for (int signal : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGPIPE, SIGTERM, SIGINT})
    sigaddset(&ending, signal);
  ::posix_spawnattr_setsigmask(&attributes, &none);
  ::posix_spawnattr_setsigdefault(&attributes, &ending);
  // A process group of its own: the terminal's Ctrl-C is the application's to handle
  // (spvsim exec's first one stops a launch), not a build's end. It ends with the
  // application all the same, at the end of its input.
  ::posix_spawnattr_setpgroup(&attributes, 0);
  ::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF |
                                              POSIX_SPAWN_SETPGROUP);
  char *const argv[] = {path.data(), nullptr};
  pid_t child;
  const int failed = ::posix_spawn(&child, path.c_str(), &files, &attributes, argv, environ);
  ::posix_spawn_file_actions_destroy(&files);
  ::posix_spawnattr_destroy(&attributes);
  if (failed != 0)
    return "error: cannot start the SPIR-V translator " + path + ": " + std::strerror(failed) +
           "\n";
  ::fcntl(ours.get(), F_SETFL, ::fcntl(ours.get(), F_GETFL) | O_NONBLOCK);
  ::fcntl(logRead.get(), F_SETFL, ::fcntl(logRead.get(), F_GETFL) | O_NONBLOCK);
  pid_ = child;
  owner_ = ::getpid();
  socket_ = std::move(ours);
  log_ = std::move(logRead);
  return {};
}

/// Waits for the translator to end (stopping it first when `kill`), appends what it
/// printed and had not been read to `log`, and forgets it.
void TranslatorProcess::reap(bool kill, int *status, std::string &log) {
  if (kill) ::kill(pid_, SIGKILL);
  pid_t waited;
  do {
    waited = ::waitpid(pid_, status, 0);
  } while (waited < 0 && errno == EINTR);
  if (waited != pid_) *status = -1;
  // Everything it wrote is in the pipe now.
  readAvailable(log_.get(), log);
  socket_.reset();
  log_.reset();
  pid_ = -1;
}

Translation TranslatorProcess::translate(const std::string &request,
                                         std::chrono::milliseconds timeout) {
  Translation result;
  std::lock_guard<std::mutex> lock(mutex_);
  if (!running())
    if (std::string error = start(); !error.empty()) {
      result.log = std::move(error);
      return result;
    }

  // The request is written, and the answer and the log read, as the socket and the pipe
  // allow: a translator blocked on a full pipe would never answer.
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::string answer, log;
  size_t sent = 0;
  bool ended = false, timedOut = false, complete = false;
  AnswerHeader header;
  while (!ended && !complete) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timedOut = true;
      break;
    }
    const short sending = sent < request.size() ? POLLOUT : 0;
    pollfd fds[2] = {{socket_.get(), static_cast<short>(POLLIN | sending), 0},
                     {log_.get(), POLLIN, 0}};
    if (::poll(fds, 2, static_cast<int>(std::min<long long>(left.count(), 1000))) < 0 &&
        errno != EINTR)
      break;
    if (fds[1].revents) readAvailable(log_.get(), log);
    if (sending && (fds[0].revents & POLLOUT)) {
      const ssize_t n = ::send(socket_.get(), request.data() + sent, request.size() - sent,
                               MSG_NOSIGNAL | MSG_DONTWAIT);
      if (n > 0)
        sent += static_cast<size_t>(n);
      else if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
        sent = request.size(); // it is gone: what it printed and its end are read below
    }
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR))
      ended = !readAvailable(socket_.get(), answer);
    if (answer.size() >= sizeof header) {
      std::memcpy(&header, answer.data(), sizeof header);
      if (header.magic != translator::kAnswerMagic || header.size > translator::kLargestMessage)
        break;
      complete = answer.size() - sizeof header >= header.size;
    }
  }

  if (complete) {
    // What it printed for this module was written before the answer.
    readAvailable(log_.get(), log);
    result.log = std::move(log);
    if (!result.log.empty() && result.log.back() != '\n') result.log += '\n';
    const char *bytes = answer.data() + sizeof header;
    if (header.status == translator::AnswerStatus::Words && header.size % 4 == 0 &&
        header.size > 0) {
      result.spirv.resize(header.size / 4);
      std::memcpy(result.spirv.data(), bytes, header.size);
      result.ok = true;
      return result;
    }
    result.log.append(bytes, header.size);
    if (!result.log.empty() && result.log.back() != '\n') result.log += '\n';
    result.log += "error: the SPIR-V translator failed\n";
    return result;
  }
  // It ended, timed out or answered something else: it does not serve another build.
  int status = 0;
  reap(!ended, &status, log);
  result.log = std::move(log);
  if (!result.log.empty() && result.log.back() != '\n') result.log += '\n';
  if (timedOut)
    result.log += "error: the SPIR-V translator did not finish in " + seconds(timeout) + "\n";
  else if (ended && status != -1)
    result.log += "error: " + describeEnd(status) + "\n";
  else if (ended) // reaped elsewhere (an application that ignores SIGCHLD)
    result.log += "error: the SPIR-V translator ended without an answer\n";
  else
    result.log += "error: the SPIR-V translator gave no module\n";
  return result;
}

TranslatorProcess &translatorProcess() {
  static TranslatorProcess process;
  return process;
}

} // namespace

Translation translateIsolated(llvm::Module &module, uint32_t maxSpirvVersion,
                              std::chrono::milliseconds timeout) {
  std::string bitcode;
  llvm::raw_string_ostream stream(bitcode);
  llvm::WriteBitcodeToFile(module, stream);
  stream.flush();
  return translateBitcode(bitcode, maxSpirvVersion, module.getContext().shouldDiscardValueNames(),
                          timeout);
}

Translation translateBitcode(const std::string &bitcode, uint32_t maxSpirvVersion,
                             bool discardValueNames, std::chrono::milliseconds timeout) {
  RequestHeader header;
  header.maxSpirvVersion = maxSpirvVersion;
  header.flags = discardValueNames ? translator::kDiscardValueNames : 0;
  header.bitcodeSize = bitcode.size();
  std::string request(reinterpret_cast<const char *>(&header), sizeof header);
  request += bitcode;
  return translatorProcess().translate(request, timeout);
}

void startTranslator() {
  translatorProcess().startEarly();
}

int translatorProcessId() {
  return translatorProcess().id();
}

} // namespace spvsim::frontend
