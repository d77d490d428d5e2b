// The translation in a child process (see isolated_translation.h).
#include "isolated_translation.h"

#include <LLVMSPIRVLib.h>
#include <llvm/IR/Module.h>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <sstream>

namespace spvsim::frontend {

namespace {

std::shared_mutex &llvmWork() {
  static std::shared_mutex mutex;
  return mutex;
}

/// Children that sent their module and are ending: reaped without waiting by the next
/// translation, so that no build waits for a child to release its memory.
class EndedChildren {
public:
  void add(pid_t child) {
    std::lock_guard<std::mutex> lock(mutex_);
    reap();
    children_.push_back(child);
  }

private:
  void reap() {
    std::erase_if(children_, [](pid_t child) {
      int status;
      const pid_t waited = ::waitpid(child, &status, WNOHANG);
      return waited == child || (waited < 0 && errno == ECHILD);
    });
  }
  std::mutex mutex_;
  std::vector<pid_t> children_;
};

EndedChildren &endedChildren() {
  static EndedChildren children;
  return children;
}

/// The child's exit status when the translator called exit() (an atexit handler the
/// child registers last, so it runs first, ends the child with it).
constexpr int kTranslatorExited = 3;
/// The child's exit status when writeSpirv returned an error.
constexpr int kTranslatorFailed = 2;

/// A file descriptor closed when it goes out of scope.
class Descriptor {
public:
  Descriptor() = default;
  Descriptor(const Descriptor &) = delete;
  Descriptor &operator=(const Descriptor &) = delete;
  ~Descriptor() { reset(); }
  int get() const { return fd_; }
  void reset(int fd = -1) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
  }

private:
  int fd_ = -1;
};

bool makePipe(Descriptor &read, Descriptor &write) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return false;
  read.reset(fds[0]);
  write.reset(fds[1]);
  return true;
}

bool writeAll(int fd, const char *data, size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

void exitedInTranslator() {
  ::_exit(kTranslatorExited);
}

/// The child: standard output to /dev/null (buffered output the parent had not written
/// yet is not written twice), standard error to the log pipe, default signal actions (the
/// host's handlers are not the child's), no core file; then the translation, whose words
/// go to `out` as an 8-byte length and the bytes. Never returns.
[[noreturn]] void runChild(llvm::Module &module, const SPIRV::TranslatorOpts &options, int out,
                           int log) {
  if (const int null = ::open("/dev/null", O_WRONLY); null >= 0) ::dup2(null, STDOUT_FILENO);
  ::dup2(log, STDERR_FILENO);
  for (int signal : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGPIPE, SIGTERM})
    ::signal(signal, SIG_DFL);
  const rlimit noCore{0, 0};
  ::setrlimit(RLIMIT_CORE, &noCore);
  std::atexit(exitedInTranslator);

  std::ostringstream spirv;
  std::string error;
  if (!llvm::writeSpirv(&module, options, spirv, error)) {
    error += "\n";
    writeAll(STDERR_FILENO, error.data(), error.size());
    ::_exit(kTranslatorFailed);
  }
  const std::string bytes = spirv.str();
  const uint64_t size = bytes.size();
  char header[sizeof size];
  std::memcpy(header, &size, sizeof size);
  const bool sent = writeAll(out, header, sizeof header) && writeAll(out, bytes.data(), size);
  // The parent has its answer now, not after this process's memory is released.
  ::close(out);
  ::close(log);
  ::close(STDERR_FILENO);
  ::_exit(sent ? 0 : kTranslatorFailed);
}

std::string describeEnd(int status) {
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    const char *name = ::strsignal(signal);
    return "the SPIR-V translator crashed (signal " + std::to_string(signal) +
           (name ? std::string(", ") + name : std::string()) + ")";
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == kTranslatorExited)
    return "the SPIR-V translator ended with exit() on this module";
  return "the SPIR-V translator failed";
}

} // namespace

std::shared_lock<std::shared_mutex> llvmWorkLock() {
  return std::shared_lock<std::shared_mutex>(llvmWork());
}

Translation translateIsolated(llvm::Module &module, const SPIRV::TranslatorOpts &options,
                              unsigned timeoutSeconds) {
  Translation result;
  Descriptor outRead, outWrite, logRead, logWrite;
  if (!makePipe(outRead, outWrite) || !makePipe(logRead, logWrite)) {
    result.log = std::string("error: cannot create a pipe for the SPIR-V translator: ") +
                 std::strerror(errno) + "\n";
    return result;
  }
  pid_t child;
  {
    std::unique_lock<std::shared_mutex> alone(llvmWork());
    child = ::fork();
    if (child == 0) runChild(module, options, outWrite.get(), logWrite.get());
  }
  if (child < 0) {
    result.log =
        std::string("error: cannot start the SPIR-V translator: ") + std::strerror(errno) + "\n";
    return result;
  }
  outWrite.reset();
  logWrite.reset();

  // Both pipes are read as they fill (a child blocked on a full pipe would never end).
  std::string bytes, log;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeoutSeconds);
  bool outOpen = true, logOpen = true, timedOut = false;
  while (outOpen || logOpen) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timedOut = true;
      break;
    }
    pollfd fds[2] = {{outOpen ? outRead.get() : -1, POLLIN, 0},
                     {logOpen ? logRead.get() : -1, POLLIN, 0}};
    const int ready = ::poll(fds, 2, static_cast<int>(std::min<long long>(left.count(), 1000)));
    if (ready < 0 && errno != EINTR) break;
    char buffer[65536];
    for (int i = 0; i < 2; ++i) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        (i == 0 ? outOpen : logOpen) = false;
        continue;
      }
      (i == 0 ? bytes : log).append(buffer, static_cast<size_t>(n));
    }
  }
  // A complete message is a translation: the child closed its pipes before ending, and
  // releasing its memory, which takes a while, is not waited for (it is reaped later).
  uint64_t size = 0;
  if (bytes.size() >= sizeof size) std::memcpy(&size, bytes.data(), sizeof size);
  const bool complete = !timedOut && bytes.size() >= sizeof size &&
                        bytes.size() - sizeof size == size && size % 4 == 0 && size > 0;
  result.log = log;
  if (complete) {
    endedChildren().add(child);
    result.spirv.resize(size / 4);
    std::memcpy(result.spirv.data(), bytes.data() + sizeof size, size);
    result.ok = true;
    return result;
  }
  if (timedOut) ::kill(child, SIGKILL);
  int status = 0;
  pid_t waited;
  do {
    waited = ::waitpid(child, &status, 0);
  } while (waited < 0 && errno == EINTR);
  if (!result.log.empty() && result.log.back() != '\n') result.log += '\n';
  if (timedOut)
    result.log +=
        "error: the SPIR-V translator did not finish in " + std::to_string(timeoutSeconds) + " s\n";
  else if (waited == child)
    result.log += "error: " + describeEnd(status) + "\n";
  else
    result.log += "error: the SPIR-V translator gave no module\n";
  return result;
}

} // namespace spvsim::frontend
