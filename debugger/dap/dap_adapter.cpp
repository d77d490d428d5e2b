// DapAdapter (dap_adapter.h): the requests of the Debug Adapter Protocol and the events
// spvsim sends, mapped onto the prompt's commands and the stopped launch's state.
#include "dap_adapter.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <system_error>

#include "../command_text.h"
#include "../frames.h"
#include "../reverse_execution.h"
#include "dap_text.h"
#include "spvsim/common/error.h"

namespace spvsim::debugger::dap {

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

using text::breakpointNumber;
using text::normal;
using text::trim;

/// A thread's name: the work-item as the prompt names it ("work-item (3, 1)").
std::string workItemName(const GlobalId &id, uint32_t dims) {
  return "work-item " + command_text::idTuple(id, dims);
}

/// The number of a stop reason "Breakpoint 3" / "Temporary breakpoint 3" (0: none).
uint32_t reasonBreakpoint(const std::string &reason) {
  unsigned n = 0;
  if (std::sscanf(reason.c_str(), "Breakpoint %u", &n) == 1) return n;
  if (std::sscanf(reason.c_str(), "Temporary breakpoint %u", &n) == 1) return n;
  return 0;
}

} // namespace

DapAdapter::DapAdapter(int input, std::ostream &output, DebugTargetFactory makeTarget,
                       HostCommandFactory hostCommand)
    : channel_(input, output), makeTarget_(std::move(makeTarget)),
      hostCommand_(std::move(hostCommand)) {}

DapAdapter::~DapAdapter() {
  stopReading_ = true;
  if (reader_.joinable()) reader_.join();
  if (runner_ && !quit_) runner_->run("quit");
}

void DapAdapter::readRequests() {
  while (auto in = channel_.read(stopReading_)) {
    if (in->message && in->message->is_object() && running_.load()) {
      const json &m = *in->message;
      const auto c = m.find("command");
      const std::string command = c != m.end() && c->is_string() ? c->get<std::string>() : "";
      if (command == "pause") { // as Ctrl-C at the prompt: stop at the next op
        if (DebugSession *s = session_.load()) s->requestInterrupt();
        channel_.respond(m, true);
        continue;
      }
      if (command == "disconnect" || command == "terminate")
        if (DebugSession *s = session_.load()) s->requestInterrupt();
    }
    std::lock_guard lock(queueMutex_);
    queue_.push_back(std::move(*in));
    queued_.notify_one();
  }
  // The input ended: a running launch stops, and the session ends.
  if (running_.load())
    if (DebugSession *s = session_.load()) s->requestInterrupt();
  std::lock_guard lock(queueMutex_);
  inputEnded_ = true;
  queued_.notify_one();
}

void DapAdapter::serve() {
  reader_ = std::thread([this] { readRequests(); });
  while (!done_) {
    Incoming in;
    {
      std::unique_lock lock(queueMutex_);
      queued_.wait(lock, [&] { return !queue_.empty() || inputEnded_; });
      if (queue_.empty()) break;
      in = std::move(queue_.front());
      queue_.pop_front();
    }
    if (!in.message) {
      channel_.respond(json::object(), false, nullptr, "Ignored " + in.error + ".");
      continue;
    }
    const json &request = *in.message;
    if (!request.is_object() || request.value("type", json()) != "request" ||
        !request.contains("command") || !request["command"].is_string()) {
      channel_.respond(request.is_object() ? request : json::object(), false, nullptr,
                       "Not a DAP request (an object with \"type\": \"request\" and a "
                       "\"command\" string).");
      continue;
    }
    try {
      handle(request);
    } catch (const Error &e) {
      channel_.respond(request, false, nullptr, e.what());
    } catch (const json::exception &e) {
      channel_.respond(request, false, nullptr,
                       "Bad arguments for \"" + request["command"].get<std::string>() +
                           "\": " + e.what());
    } catch (const std::exception &e) {
      channel_.respond(request, false, nullptr, std::string("Internal error: ") + e.what());
    }
  }
  stopReading_ = true;
  reader_.join();
  if (runner_ && !quit_) {
    runner_->run("quit");
    quit_ = true;
  }
}

void DapAdapter::handle(const json &request) {
  const std::string command = request["command"];
  if (command == "initialize") return initialize(request);
  if (!initialized_ && command != "disconnect")
    throw Error("The first request must be \"initialize\".");
  if (relay_) {
    relay_->fromClient(request);
    done_ = relay_->ended();
    return;
  }
  if (command == "launch") return launch(request);
  if (command == "attach") throw Error("spvsim cannot attach; use \"launch\" with a run file.");
  if (command == "setBreakpoints") return setBreakpoints(request);
  if (command == "setExceptionBreakpoints") return setExceptionBreakpoints(request);
  if (command == "configurationDone") return configurationDone(request);
  if (command == "threads") return threads(request);
  if (command == "stackTrace") return stackTrace(request);
  if (command == "scopes") return scopes(request);
  if (command == "setVariable") return setVariable(request);
  if (command == "variables") return variables(request);
  if (command == "evaluate") return evaluate(request);
  if (command == "exceptionInfo") return exceptionInfo(request);
  if (command == "source") return source(request);
  if (command == "continue") return forward(request, "continue");
  if (command == "next") return forward(request, "next");
  if (command == "stepIn") return forward(request, "step");
  if (command == "stepOut") return forward(request, "finish");
  if (command == "stepBack") return backward(request, "reverse-next");
  if (command == "reverseContinue") return backward(request, "reverse-continue");
  if (command == "pause") return channel_.respond(request, true); // already stopped
  if (command == "disconnect") return end(request, false);
  if (command == "terminate") return end(request, true);
  throw Error("Unknown request \"" + command + "\".");
}

void DapAdapter::initialize(const json &request) {
  if (initialized_) throw Error("\"initialize\" was already sent.");
  const json args = argumentsOf(request);
  linesStartAt1_ = args.value("linesStartAt1", true);
  initializeArguments_ = args;
  initialized_ = true;
  json capabilities = {
      {"supportsConfigurationDoneRequest", true},
      {"supportsConditionalBreakpoints", true},
      {"supportsHitConditionalBreakpoints", true},
      {"supportsLogPoints", true},
      {"supportsEvaluateForHovers", true},
      {"supportsStepBack", true},
      {"supportsSetVariable", true},
      {"supportsExceptionInfoRequest", true},
      {"supportsTerminateRequest", true},
      {"exceptionBreakpointFilters",
       json::array({{{"filter", "findings"},
                     {"label", "Findings"},
                     {"description", "Stop at each finding (an out-of-bounds access, undefined "
                                     "behaviour, a divergent barrier) in the work-item that "
                                     "caused it"},
                     {"default", true}}})}};
  channel_.respond(request, true, capabilities);
}

void DapAdapter::launch(const json &request) {
  if (target_) throw Error("A launch was already requested in this session.");
  const json args = argumentsOf(request);
  if (args.contains("program") && args["program"].is_array()) return launchHost(request, args);
  DapLaunchArguments launch;
  if (!args.contains("program") || !args["program"].is_string() ||
      args["program"].get<std::string>().empty())
    throw Error("\"launch\" needs \"program\": the run file to debug (as for `spvsim run`), or "
                "a host program and its arguments ([\"./app\", args...]).");
  launch.program = args["program"];
  if (args.contains("cwd") && args["cwd"].is_string() && !args["cwd"].get<std::string>().empty()) {
    // The kernels' source files are found relative to it, as the prompt finds them.
    std::error_code ec;
    fs::current_path(args["cwd"].get<std::string>(), ec);
    if (ec) throw Error("Cannot change to \"cwd\" " + args["cwd"].dump() + ": " + ec.message());
  }
  launch.cwd = fs::current_path().string();
  stopOnEntry_ = args.value("stopOnEntry", false);
  if (args.contains("warpWidth")) {
    const int64_t w = args["warpWidth"].get<int64_t>();
    if (w < 1 || w > 64) throw Error("\"warpWidth\" must be 1 to 64.");
    launch.warpWidth = uint32_t(w);
  }
  if (args.contains("checks")) launch.checks = args["checks"].get<std::string>();
  programDir_ = normal(launch.program).parent_path().string();

  TargetOutput output;
  output.printf = [this](std::string_view text) {
    channel_.event("output", {{"category", "stdout"}, {"output", std::string(text)}});
  };
  output.finding = [this](const Finding &f) {
    channel_.event("output", {{"category", "stderr"}, {"output", formatText(f)}});
  };
  output.message = [this](const std::string &line) {
    channel_.event("output", {{"category", "console"}, {"output", line + "\n"}});
  };
  target_ = makeTarget_(launch, std::move(output));
  Debugger &debugger = target_->debugger();
  runner_ =
      std::make_unique<CommandRunner>(debugger.session(), debugger.buffers(), target_->control());
  variables_ = std::make_unique<DapVariables>(debugger.session(), debugger.buffers());
  session_ = &debugger.session();
  installLogPoints(debugger.session(), debugger.buffers());
  if (!stopAtFindings_) runner_->run("delete on-finding");
  channel_.respond(request, true);
  channel_.event("initialized");
}

void DapAdapter::launchHost(const json &request, const json &args) {
  if (!hostCommand_) throw Error("This spvsim cannot launch host programs.");
  DapLaunchArguments launch;
  for (const json &a : args["program"]) {
    if (!a.is_string()) throw Error("\"program\" as a list holds strings: [\"./app\", args...].");
    launch.command.push_back(a.get<std::string>());
  }
  if (launch.command.empty() || launch.command[0].empty())
    throw Error("\"program\" names the host program first: [\"./app\", args...].");
  if (args.contains("cwd") && args["cwd"].is_string() && !args["cwd"].get<std::string>().empty()) {
    std::error_code ec;
    const fs::path cwd = fs::absolute(args["cwd"].get<std::string>(), ec);
    if (ec || !fs::is_directory(cwd, ec))
      throw Error("\"cwd\" " + args["cwd"].dump() + " is not a directory.");
    launch.cwd = cwd.string();
  }
  if (args.contains("env")) {
    if (!args["env"].is_object()) throw Error("\"env\" is an object of strings.");
    for (const auto &[name, value] : args["env"].items()) {
      if (!value.is_string()) throw Error("\"env\" is an object of strings.");
      launch.env[name] = value.get<std::string>();
    }
  }
  if (args.contains("warpWidth")) {
    const int64_t w = args["warpWidth"].get<int64_t>();
    if (w < 1 || w > 64) throw Error("\"warpWidth\" must be 1 to 64.");
    launch.warpWidth = uint32_t(w);
  }
  if (args.contains("checks")) launch.checks = args["checks"].get<std::string>();
  // A program that cannot be run is the launch's error, not an exit status after
  // configurationDone.
  HostProgramRelay::checkProgram(launch.command[0], launch.cwd, launch.env);
  HostProgramRelay::Settings settings;
  settings.argv = hostCommand_(launch);
  settings.env = launch.env;
  settings.cwd = launch.cwd;
  settings.stopOnEntry = args.value("stopOnEntry", false);
  settings.initialize = initializeArguments_;
  relay_ = std::make_unique<HostProgramRelay>(channel_, std::move(settings));
  channel_.respond(request, true);
  channel_.event("initialized");
}

void DapAdapter::requireLaunched() const {
  if (!launched()) throw Error("No launch yet: send \"launch\" with a run file first.");
}

std::optional<std::string> DapAdapter::moduleFileFor(const std::string &path) const {
  const Module &m = session_.load()->info().module();
  const fs::path wanted = normal(path);
  std::optional<std::string> sameName;
  std::vector<std::string> seen;
  for (const SourceLine &l : m.locations()) {
    const std::string file(m.string(l.fileId));
    if (std::find(seen.begin(), seen.end(), file) != seen.end()) continue;
    seen.push_back(file);
    if (normal(clientPath(file)) == wanted) return file;
    if (!sameName && fs::path(file).filename() == wanted.filename()) sameName = file;
  }
  return sameName;
}

std::string DapAdapter::clientPath(const std::string &moduleFile) const {
  const fs::path p(moduleFile);
  if (p.is_absolute() || programDir_.empty()) return normal(p).string();
  std::error_code ec;
  if (fs::exists(p, ec)) return normal(p).string();
  const fs::path besideProgram = fs::path(programDir_) / p;
  if (fs::exists(besideProgram, ec)) return normal(besideProgram).string();
  return normal(p).string();
}

void DapAdapter::setExceptionBreakpoints(const json &request) {
  const json args = argumentsOf(request);
  stopAtFindings_ = false;
  for (const json &f : args.value("filters", json::array()))
    stopAtFindings_ |= f.is_string() && f.get<std::string>() == "findings";
  if (args.contains("filterOptions"))
    for (const json &f : args["filterOptions"])
      stopAtFindings_ |= f.value("filterId", std::string()) == "findings";
  if (runner_) runner_->run(stopAtFindings_ ? "break on-finding" : "delete on-finding");
  channel_.respond(request, true, {{"breakpoints", json::array({{{"verified", true}}})}});
}

void DapAdapter::configurationDone(const json &request) {
  requireLaunched();
  if (configured_) throw Error("\"configurationDone\" was already sent.");
  configured_ = true;
  // stopOnEntry: a temporary breakpoint at the start of every kernel of the module, the
  // ones not reached deleted at the first stop.
  if (stopOnEntry_)
    for (const EntryPoint &ep : session_.load()->info().module().entryPoints())
      if (const uint32_t n = breakpointNumber(trim(runner_->run("tbreak " + ep.name).text)))
        entryBreakpoints_.push_back(n);
  forgetHandles();
  runLaunching("run", [&] { channel_.respond(request, true); });
  reportRun();
}

std::optional<GlobalId> DapAdapter::itemOfThread(int64_t thread) const {
  const DebugSession *s = session_.load();
  if (!s || !s->stopped() || s->finished() || !s->launch() || thread < 1) return std::nullopt;
  const uint64_t local = uint64_t(thread - 1);
  const uint32_t width = s->launch()->kernel->warpWidth;
  for (Warp &w : s->warps())
    if (local >= w.firstItem && local < w.firstItem + width &&
        ((w.present >> (local - w.firstItem)) & 1))
      return s->globalIdOf(w, uint32_t(local - w.firstItem));
  return std::nullopt;
}

int64_t DapAdapter::threadOf(const GlobalId &item) const {
  const DebugSession *s = session_.load();
  if (!s || !s->stopped() || s->finished()) return 0;
  auto found = s->findWorkItem(item);
  return found ? int64_t(found->first->firstItem + found->second + 1) : 0;
}

int64_t DapAdapter::firstThread() const {
  const DebugSession *s = session_.load();
  if (s && s->stopped() && !s->finished() && s->launch() && s->group())
    for (Warp &w : s->warps())
      if (w.present) return int64_t(w.firstItem + uint32_t(std::countr_zero(w.present)) + 1);
  return 1; // no work-group running (the launch's start): the thread standing for the launch
}

void DapAdapter::threads(const json &request) {
  json list = json::array();
  const DebugSession *s = session_.load();
  if (s && s->stopped() && !s->finished() && s->launch() && s->group()) {
    const uint32_t width = s->launch()->kernel->warpWidth;
    for (Warp &w : s->warps())
      for (uint32_t l = 0; l < width; ++l)
        if ((w.present >> l) & 1)
          list.push_back({{"id", w.firstItem + l + 1},
                          {"name", workItemName(s->globalIdOf(w, l), s->launch()->range.dims)}});
  }
  // Not stopped in a work-group: one thread stands for the launch.
  if (list.empty()) list.push_back({{"id", 1}, {"name", "work-items"}});
  channel_.respond(request, true, {{"threads", list}});
}

void DapAdapter::focusThread(const json &arguments) {
  if (!arguments.contains("threadId")) return;
  if (auto item = itemOfThread(arguments["threadId"].get<int64_t>()))
    session_.load()->focus = *item;
}

void DapAdapter::stackTrace(const json &request) {
  requireLaunched();
  const json args = argumentsOf(request);
  const int64_t thread = args.at("threadId").get<int64_t>();
  const DebugSession &s = *session_.load();
  if (!s.stopped() || s.finished()) throw Error("The kernel is not stopped.");
  const auto item = itemOfThread(thread);
  if (!item) throw Error("No thread " + std::to_string(thread) + " in the running work-group.");
  const auto found = s.findWorkItem(*item);
  // At a finding, the innermost frame shows its line (framesOfWorkItem).
  const std::vector<SourceFrame> frames = framesOfWorkItem(s, *found->first, found->second);
  const int64_t start = std::max<int64_t>(args.value("startFrame", int64_t(0)), 0);
  const int64_t levels = args.value("levels", int64_t(0));
  json list = json::array();
  for (int64_t i = start; i < int64_t(frames.size()) && (levels <= 0 || i < start + levels); ++i) {
    const SourceFrame &f = frames[size_t(i)];
    frames_.push_back({*item, uint32_t(i), f.debugFunction});
    json frame = {{"id", frames_.size()},
                  {"name", f.function.empty() ? std::string("??") : f.function},
                  {"line", f.line ? int64_t(f.line) - (linesStartAt1_ ? 0 : 1) : 0},
                  {"column", 0}};
    if (f.line) {
      frame["column"] = linesStartAt1_ ? 1 : 0;
      frame["source"] = sourceOf(f.file);
    } else {
      frame["presentationHint"] = "subtle";
    }
    list.push_back(std::move(frame));
  }
  channel_.respond(request, true, {{"stackFrames", list}, {"totalFrames", frames.size()}});
}

GlobalId DapAdapter::itemOfFrame(const json &arguments) const {
  if (arguments.contains("frameId") && arguments["frameId"].is_number_integer()) {
    const int64_t id = arguments["frameId"];
    if (id < 1 || id > int64_t(frames_.size()))
      throw Error("Unknown frameId " + std::to_string(id) +
                  " (frames last until the kernel "
                  "resumes).");
    return frames_[size_t(id - 1)].item;
  }
  return session_.load()->focus;
}

void DapAdapter::scopes(const json &request) {
  requireLaunched();
  const json args = argumentsOf(request);
  const int64_t id = args.at("frameId").get<int64_t>();
  if (id < 1 || id > int64_t(frames_.size()))
    throw Error("Unknown frameId " + std::to_string(id) +
                " (frames last until the kernel "
                "resumes).");
  const FrameRef &f = frames_[size_t(id - 1)];
  channel_.respond(
      request, true,
      {{"scopes", variables_->scopes({f.item, f.depth ? f.function : 0}, f.depth == 0)}});
}

void DapAdapter::setVariable(const json &request) {
  requireLaunched();
  const json args = argumentsOf(request);
  DebugSession &s = *session_.load();
  json body = variables_->setVariable(args.at("variablesReference").get<int64_t>(),
                                      args.at("name").get<std::string>(),
                                      args.at("value").get<std::string>());
  s.refreshWatchpoints();
  channel_.respond(request, true, body);
}

void DapAdapter::variables(const json &request) {
  requireLaunched();
  const json args = argumentsOf(request);
  json list =
      variables_->variables(args.at("variablesReference").get<int64_t>(),
                            args.value("start", int64_t(0)), args.value("count", int64_t(0)));
  channel_.respond(request, true, {{"variables", list}});
}

void DapAdapter::evaluate(const json &request) {
  requireLaunched();
  const json args = argumentsOf(request);
  const std::string expression = trim(args.at("expression").get<std::string>());
  const GlobalId item = itemOfFrame(args);
  // In the debug console, `-exec COMMAND` runs a prompt command (last-write, info
  // workitems, watch, x/8f ...) and shows what it printed.
  if (expression.starts_with("-exec ")) {
    session_.load()->focus = item;
    const StopKey before = stopKey();
    const CommandRunner::Result r = runLaunching(trim(expression.substr(6)));
    if (r.quit) quit_ = true;
    channel_.respond(request, true, {{"result", trim(r.text)}, {"variablesReference", 0}});
    if (stopKey() != before) {
      forgetHandles();
      reportRun();
    }
    return;
  }
  // In a caller's frame, its variables (DapVariables::Where).
  uint32_t function = 0;
  if (args.contains("frameId") && args["frameId"].is_number_integer()) {
    const FrameRef &f = frames_[size_t(args["frameId"].get<int64_t>() - 1)];
    function = f.depth ? f.function : 0;
  }
  channel_.respond(request, true, variables_->evaluate({item, function}, expression));
}

void DapAdapter::exceptionInfo(const json &request) {
  requireLaunched();
  const DebugSession &s = *session_.load();
  if (!s.stopped() || s.finished() || !s.stopPoint().finding)
    throw Error("The kernel is not stopped at a finding.");
  const Finding &f = *s.stopPoint().finding;
  channel_.respond(request, true,
                   {{"exceptionId", f.kind},
                    {"description", f.message},
                    {"breakMode", "always"},
                    {"details", {{"message", formatText(f)}, {"typeName", f.kind}}}});
}

DapAdapter::StopKey DapAdapter::stopKey() const {
  StopKey k;
  const DebugSession *s = session_.load();
  if (!s) return k;
  k.stopped = s->stopped();
  k.finished = s->finished();
  if (k.stopped) {
    k.position = s->stopPoint().position;
    k.index = s->stopPoint().index;
    k.reason = s->stopPoint().reason;
  }
  k.focus = s->focus;
  return k;
}

void DapAdapter::forgetHandles() {
  frames_.clear();
  if (variables_) variables_->clear();
}

CommandRunner::Result DapAdapter::runLaunching(const std::string &command,
                                               const std::function<void()> &first) {
  // Running from before `first` answers the request: a `pause` sent as soon as the answer
  // arrives finds the launch running (it stops at its first op).
  running_ = true;
  CommandRunner::Result r;
  try {
    if (first) first();
    r = runner_->run(command);
  } catch (...) {
    running_ = false;
    throw;
  }
  running_ = false;
  return r;
}

void DapAdapter::forward(const json &request, const std::string &command) {
  requireLaunched();
  const DebugSession &s = *session_.load();
  if (!configured_ || !s.stopped() || s.finished())
    throw Error(s.finished() ? "The kernel has finished." : "The kernel is not stopped.");
  focusThread(argumentsOf(request));
  const StopKey before = stopKey();
  forgetHandles();
  const CommandRunner::Result r = runLaunching(command, [&] {
    channel_.respond(request, true,
                     command == "continue" ? json{{"allThreadsContinued", true}} : json());
  });
  if (stopKey() == before && !lastStopped_.is_null()) {
    // The prompt refused (`finish` in the outermost frame): say why; still stopped there.
    if (!trim(r.text).empty())
      channel_.event("output", {{"category", "console"}, {"output", trim(r.text) + "\n"}});
    channel_.event("stopped", lastStopped_);
    return;
  }
  reportRun();
}

void DapAdapter::backward(const json &request, const std::string &command) {
  requireLaunched();
  const DebugSession &s = *session_.load();
  if (!configured_ || !s.stopped() || s.finished())
    throw Error(s.finished() ? "The kernel has finished." : "The kernel is not stopped.");
  focusThread(argumentsOf(request));
  const StopKey before = stopKey();
  const CommandRunner::Result r = runLaunching(command);
  if (stopKey() == before) {
    if (r.text.find(kReplayInterrupted) != std::string::npos && !lastStopped_.is_null()) {
      // A `pause` stopped the replay: the launch is where it was, paused there (the
      // prompt's Ctrl-C), and the session goes on from it.
      channel_.respond(request, true);
      json body = lastStopped_;
      body["reason"] = "pause";
      for (const char *key : {"description", "text", "hitBreakpointIds"}) body.erase(key);
      lastStopped_ = body;
      channel_.event("stopped", std::move(body));
      return;
    }
    channel_.respond(request, false, nullptr, trim(r.text));
    return;
  }
  forgetHandles();
  channel_.respond(request, true);
  reportRun();
}

void DapAdapter::end(const json &request, bool terminate) {
  if (runner_ && !quit_) {
    runner_->run("quit");
    quit_ = true;
  }
  channel_.respond(request, true);
  if (terminate) {
    if (!terminatedSent_) channel_.event("terminated");
    terminatedSent_ = true;
  } else {
    done_ = true;
  }
}

void DapAdapter::reportRun() {
  const DebugSession &s = *session_.load();
  if (s.finished() || quit_) {
    if (terminatedSent_) return;
    channel_.event("exited", {{"exitCode", target_->exitStatus()}});
    channel_.event("terminated");
    terminatedSent_ = true;
    return;
  }
  if (!s.stopped()) return;
  // The entry breakpoints not reached stay out of the way after the first stop.
  if (!entryBreakpoints_.empty()) {
    std::string remove;
    for (uint32_t n : entryBreakpoints_)
      for (const Breakpoint &b : s.breakpoints)
        if (b.number == n) remove += " " + std::to_string(n);
    if (!remove.empty()) runner_->run("delete" + remove);
    stoppedEvent(); // reason "entry" when one of them stopped it
    entryBreakpoints_.clear();
    return;
  }
  stoppedEvent();
}

void DapAdapter::stoppedEvent() {
  const DebugSession &s = *session_.load();
  const StopPoint &p = s.stopPoint();
  json body = {{"allThreadsStopped", true}, {"preserveFocusHint", false}};
  body["threadId"] = threadOf(s.focus);
  if (body["threadId"] == 0) body["threadId"] = firstThread();
  if (p.finding) {
    body["reason"] = "exception";
    body["description"] = "Finding " + p.finding->kind;
    body["text"] = p.finding->kind + ": " + p.finding->message;
  } else if (!p.watches.empty()) {
    body["reason"] = "data breakpoint";
    body["description"] = p.reason;
  } else if (const uint32_t n = reasonBreakpoint(p.reason)) {
    const bool entry =
        std::find(entryBreakpoints_.begin(), entryBreakpoints_.end(), n) != entryBreakpoints_.end();
    body["reason"] = entry ? "entry" : "breakpoint";
    body["description"] = entry ? std::string("Entry") : p.reason;
    if (!entry) body["hitBreakpointIds"] = json::array({n});
  } else if (p.reason == "Interrupted") {
    body["reason"] = "pause";
  } else {
    body["reason"] = "step";
  }
  lastStopped_ = body;
  channel_.event("stopped", std::move(body));
}

} // namespace spvsim::debugger::dap

namespace spvsim::debugger {

int serveDap(int input, std::ostream &output, DebugTargetFactory makeTarget,
             HostCommandFactory hostCommand) {
  dap::DapAdapter adapter(input, output, std::move(makeTarget), std::move(hostCommand));
  adapter.serve();
  return 0;
}

} // namespace spvsim::debugger
