// HostProgramRelay (dap_host_relay.h): the host program's process, its launches'
// connections and the relay of DAP messages between them and the client.
#include "dap_host_relay.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <ostream>
#include <utility>

#include "spvsim/common/error.h"

extern char **environ;

namespace spvsim::debugger::dap {

namespace {

using nlohmann::json;
using namespace std::chrono_literals;

std::string sourcePath(const json &arguments) {
  const json source = arguments.value("source", json::object());
  if (!source.is_object()) return "";
  std::string path = source.value("path", std::string());
  return path.empty() ? source.value("name", std::string()) : path;
}

/// The lines of a setBreakpoints request (its "breakpoints", else the deprecated
/// "lines"); throws when one is not a number.
std::vector<int64_t> requestedLines(const json &arguments) {
  std::vector<int64_t> lines;
  if (arguments.contains("breakpoints"))
    for (const json &b : arguments.at("breakpoints")) lines.push_back(b.at("line").get<int64_t>());
  else if (arguments.contains("lines"))
    for (const json &l : arguments.at("lines")) lines.push_back(l.get<int64_t>());
  return lines;
}

constexpr const char *kNoLaunch = "No kernel launch of the program is stopped (the program runs "
                                  "between launches, or has not launched a kernel yet).";

} // namespace

HostProgramRelay::HostProgramRelay(DapChannel &client, Settings settings)
    : client_(client), settings_(std::move(settings)) {}

HostProgramRelay::~HostProgramRelay() {
  endProgram();
  stop_ = true;
  for (std::thread &t : threads_)
    if (t.joinable()) t.join();
  if (listenFd_ >= 0) ::close(listenFd_);
  std::error_code ignored;
  if (!socketDir_.empty()) std::filesystem::remove_all(socketDir_, ignored);
}

void HostProgramRelay::fromClient(const json &request) {
  const std::string command = request["command"];
  const json args = argumentsOf(request);
  if (command == "disconnect") {
    endProgram();
    client_.respond(request, true);
    ended_ = true;
    return;
  }
  if (command == "terminate") {
    client_.respond(request, true);
    endProgram(); // `exited` and `terminated` follow when it has ended
    return;
  }
  std::unique_lock lock(mutex_);
  const bool launch = launchFd_ >= 0 && !launchEnding_;
  if (command == "initialize" || command == "launch" || command == "attach")
    throw Error("\"" + command + "\" was already sent.");
  if (command == "setBreakpoints") {
    const std::string path = sourcePath(args);
    if (path.empty()) throw Error("\"setBreakpoints\" needs \"source\" with a \"path\".");
    const std::vector<int64_t> lines = requestedLines(args);
    breakpoints_[path] = args;
    std::vector<int64_t> &ids = ids_[path];
    ids.clear();
    for (size_t i = 0; i < lines.size(); ++i) ids.push_back(nextId_++);
    if (launch) return sendBreakpoints(path, &request);
    return client_.respond(request, true, {{"breakpoints", pendingBreakpoints(path)}});
  }
  if (command == "setExceptionBreakpoints") {
    exceptionFilters_ = args;
    if (launch) internalRequest(command, args, {});
    return client_.respond(request, true, {{"breakpoints", json::array({{{"verified", true}}})}});
  }
  if (command == "configurationDone") {
    if (configured_) throw Error("\"configurationDone\" was already sent.");
    configured_ = true;
    lock.unlock();
    start();
    return client_.respond(request, true);
  }
  if (launch) {
    forwarded_[request.value("seq", int64_t(0))] = request;
    return sendToLaunch(request);
  }
  if (command == "threads")
    return client_.respond(request, true,
                           {{"threads", json::array({{{"id", 1}, {"name", "host program"}}})}});
  if (command == "continue") return client_.respond(request, true, {{"allThreadsContinued", true}});
  if (command == "pause")
    throw Error("The program runs between kernel launches: it stops at the breakpoints of its "
                "next launch.");
  throw Error(kNoLaunch);
}

json HostProgramRelay::pendingBreakpoints(const std::string &path) const {
  json list = json::array();
  const std::vector<int64_t> lines = requestedLines(breakpoints_.at(path));
  const std::vector<int64_t> &ids = ids_.at(path);
  for (size_t i = 0; i < ids.size(); ++i)
    list.push_back({{"id", ids[i]},
                    {"verified", false},
                    {"line", lines[i]},
                    {"message", "Checked in each kernel launch of the program, against the "
                                "launch's module."}});
  return list;
}

void HostProgramRelay::checkProgram(const std::string &program, const std::string &cwd,
                                    const std::map<std::string, std::string> &env) {
  namespace fs = std::filesystem;
  const fs::path base = cwd.empty() ? fs::current_path() : fs::path(cwd);
  auto runnable = [](const fs::path &p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
  };
  if (program.find('/') != std::string::npos) {
    const fs::path path = fs::path(program).is_absolute() ? fs::path(program) : base / program;
    std::error_code ec;
    if (!fs::exists(path, ec))
      throw Error("Cannot run \"program\" " + program + ": " + path.string() + " does not exist.");
    if (!runnable(path))
      throw Error("Cannot run \"program\" " + program + ": " + path.string() +
                  " is not an executable file.");
    return;
  }
  // execvp's search (POSIX exec: the PATH of the program's environment).
  const auto set = env.find("PATH");
  const char *inherited = std::getenv("PATH");
  const std::string path = set != env.end() ? set->second : inherited ? inherited : "/usr/bin:/bin";
  size_t start = 0;
  while (start <= path.size()) {
    const size_t end = std::min(path.find(':', start), path.size());
    const std::string dir = path.substr(start, end - start);
    const fs::path dirPath = dir.empty()                   ? base
                             : fs::path(dir).is_absolute() ? fs::path(dir)
                                                           : base / dir;
    if (runnable(dirPath / program)) return;
    start = end + 1;
  }
  throw Error("Cannot run \"program\" " + program + ": not found on PATH (give its path, " +
              "such as \"./" + program + "\").");
}

void HostProgramRelay::start() {
  // The socket the launches connect to, in a directory of its own in TMPDIR (else /tmp);
  // a Unix socket's path is at most 107 bytes, so a TMPDIR too long for it gives /tmp.
  const char *tmp = std::getenv("TMPDIR");
  std::string base = tmp && *tmp ? tmp : "/tmp";
  constexpr size_t kSocketPathMax = sizeof(sockaddr_un::sun_path) - 1;
  if (base.size() + std::string("/spvsim-dap-XXXXXX/launches").size() > kSocketPathMax)
    base = "/tmp";
  std::string dir = base + "/spvsim-dap-XXXXXX";
  if (!::mkdtemp(dir.data()))
    throw Error("cannot make a directory in " + base + ": " + std::strerror(errno));
  socketDir_ = dir;
  socketPath_ = dir + "/launches";
  listenFd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::strncpy(address.sun_path, socketPath_.c_str(), sizeof address.sun_path - 1);
  if (listenFd_ < 0 || ::bind(listenFd_, reinterpret_cast<sockaddr *>(&address), sizeof address) ||
      ::listen(listenFd_, 16))
    throw Error("cannot listen on " + socketPath_ + ": " + std::strerror(errno));

  int out[2], err[2];
  if (::pipe2(out, O_CLOEXEC) || ::pipe2(err, O_CLOEXEC))
    throw Error(std::string("cannot make a pipe: ") + std::strerror(errno));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  if (!settings_.cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, settings_.cwd.c_str());
  // A process group of its own: the program is ended with the spvsim that runs it.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setpgroup(&attributes, 0);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setflags(&attributes,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

  std::vector<std::string> environment;
  for (char **e = environ; *e; ++e) {
    const std::string entry(*e);
    const std::string name = entry.substr(0, entry.find('='));
    if (name != kLaunchSocketVariable && !settings_.env.count(name)) environment.push_back(entry);
  }
  for (const auto &[name, value] : settings_.env) environment.push_back(name + "=" + value);
  environment.push_back(std::string(kLaunchSocketVariable) + "=" + socketPath_);
  std::vector<char *> argv, envp;
  for (std::string &a : settings_.argv) argv.push_back(a.data());
  argv.push_back(nullptr);
  for (std::string &e : environment) envp.push_back(e.data());
  envp.push_back(nullptr);
  const int spawned = posix_spawn(&pid_, argv[0], &actions, &attributes, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  ::close(out[1]);
  ::close(err[1]);
  if (spawned != 0) {
    ::close(out[0]);
    ::close(err[0]);
    pid_ = -1;
    throw Error("cannot run " + settings_.argv[0] + ": " + std::strerror(spawned));
  }
  threads_.emplace_back([this] { acceptLaunches(); });
  threads_.emplace_back([this, out = out[0], err = err[0]] {
    readOutput(out, err);
    waitForExit();
  });
}

void HostProgramRelay::readOutput(int out, int err) {
  pollfd fds[2] = {{out, POLLIN, 0}, {err, POLLIN, 0}};
  const char *category[2] = {"stdout", "stderr"};
  int open = 2;
  char chunk[65536];
  while (open > 0) {
    if (::poll(fds, 2, 100) < 0 && errno != EINTR) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const ssize_t n = ::read(fds[i].fd, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        ::close(fds[i].fd);
        fds[i].fd = -1;
        --open;
        continue;
      }
      client_.event("output", {{"category", category[i]}, {"output", std::string(chunk, n)}});
    }
  }
  for (pollfd &p : fds)
    if (p.fd >= 0) ::close(p.fd);
}

void HostProgramRelay::waitForExit() {
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  const int code = WIFEXITED(status)     ? WEXITSTATUS(status)
                   : WIFSIGNALED(status) ? 128 + WTERMSIG(status)
                                         : 1;
  {
    std::lock_guard lock(mutex_);
    exited_ = true;
  }
  exitedChanged_.notify_all();
  client_.event("exited", {{"exitCode", code}});
  client_.event("terminated");
}

void HostProgramRelay::endProgram() {
  std::unique_lock lock(mutex_);
  if (pid_ < 0 || exited_) return;
  // `spvsim exec` passes a SIGINT sent to it on to the program, and kills the program at
  // the second; then it reports and removes what it made.
  ::kill(pid_, SIGINT);
  if (exitedChanged_.wait_for(lock, 300ms, [&] { return exited_; })) return;
  ::kill(pid_, SIGINT);
  if (exitedChanged_.wait_for(lock, 3s, [&] { return exited_; })) return;
  ::kill(-pid_, SIGKILL);
  exitedChanged_.wait_for(lock, 5s, [&] { return exited_; });
}

void HostProgramRelay::acceptLaunches() {
  while (!stop_) {
    pollfd p{listenFd_, POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    const int fd = ::accept4(listenFd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd >= 0) serveConnection(fd);
  }
}

void HostProgramRelay::serveConnection(int fd) {
  {
    std::lock_guard lock(mutex_);
    launchFd_ = fd;
    launchEnding_ = false;
    configureLaunch();
  }
  std::ostream unused(nullptr);
  DapChannel launch(fd, unused);
  while (auto in = launch.read(stop_)) {
    if (!in->message || !in->message->is_object()) continue;
    std::lock_guard lock(mutex_);
    fromLaunch(*in->message);
  }
  std::lock_guard lock(mutex_);
  launchClosed();
}

void HostProgramRelay::configureLaunch() {
  internalRequest("initialize", settings_.initialize, {});
  internalRequest("launch", {{"program", "kernel launch"}, {"stopOnEntry", settings_.stopOnEntry}},
                  {});
  if (!exceptionFilters_.is_null())
    internalRequest("setExceptionBreakpoints", exceptionFilters_, {});
  for (const auto &entry : breakpoints_) sendBreakpoints(entry.first, nullptr);
  internalRequest("configurationDone", json::object(), {});
}

void HostProgramRelay::sendToLaunch(json message) {
  const std::string body = message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  const std::string frame = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  for (size_t sent = 0; sent < frame.size();) {
    const ssize_t n = ::send(launchFd_, frame.data() + sent, frame.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return; // the launch's connection closed: its reader sees it
    sent += size_t(n);
  }
}

void HostProgramRelay::internalRequest(const std::string &command, json arguments,
                                       Handler handler) {
  const int64_t seq = nextInternalSeq_++;
  internal_[seq] = std::move(handler);
  sendToLaunch({{"seq", seq}, {"type", "request"}, {"command", command}, {"arguments", arguments}});
}

void HostProgramRelay::sendBreakpoints(const std::string &path, const json *clientRequest) {
  const std::vector<int64_t> ids = ids_[path];
  const json request = clientRequest ? *clientRequest : json();
  internalRequest("setBreakpoints", breakpoints_[path], [this, ids, request](const json &r) {
    if (!r.value("success", false)) {
      if (!request.is_null()) client_.respond(request, false, nullptr, r.value("message", ""));
      return;
    }
    json list = json::array();
    const json given =
        r.contains("body") ? r["body"].value("breakpoints", json::array()) : json::array();
    for (size_t i = 0; i < ids.size() && i < given.size(); ++i) {
      json b = given[i];
      if (b.contains("id")) launchIds_[b["id"].get<int64_t>()] = ids[i];
      b["id"] = ids[i];
      // The client hears of a breakpoint whose state this launch changed.
      if (request.is_null() && verified_[ids[i]] != b)
        client_.event("breakpoint", {{"reason", "changed"}, {"breakpoint", b}});
      verified_[ids[i]] = b;
      list.push_back(std::move(b));
    }
    if (!request.is_null()) client_.respond(request, true, {{"breakpoints", list}});
  });
}

void HostProgramRelay::fromLaunch(const json &message) {
  const std::string type = message.value("type", std::string());
  if (type == "response") {
    const int64_t seq = message.value("request_seq", int64_t(0));
    if (auto it = internal_.find(seq); it != internal_.end()) {
      Handler handler = std::move(it->second);
      internal_.erase(it);
      if (handler) handler(message);
      return;
    }
    forwarded_.erase(seq);
    client_.write(message);
    return;
  }
  if (type != "event") return;
  const std::string event = message.value("event", std::string());
  if (event == "initialized" || event == "exited") return;
  if (event == "terminated") { // the launch has run: it goes, and the program goes on
    launchEnding_ = true;
    internalRequest("disconnect", json::object(), {});
    return;
  }
  json forward = message;
  if (event == "stopped" && forward.contains("body") &&
      forward["body"].contains("hitBreakpointIds")) {
    json ids = json::array();
    for (const json &id : forward["body"]["hitBreakpointIds"])
      if (auto it = launchIds_.find(id.get<int64_t>()); it != launchIds_.end())
        ids.push_back(it->second);
    forward["body"]["hitBreakpointIds"] = ids;
  }
  client_.write(std::move(forward));
}

void HostProgramRelay::launchClosed() {
  ::close(launchFd_);
  launchFd_ = -1;
  launchEnding_ = false;
  for (const auto &[seq, request] : forwarded_)
    client_.respond(request, false, nullptr, "The kernel launch ended; the program went on.");
  forwarded_.clear();
  internal_.clear();
  launchIds_.clear();
}

} // namespace spvsim::debugger::dap
