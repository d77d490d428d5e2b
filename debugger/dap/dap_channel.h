// DapChannel: the Debug Adapter Protocol's base protocol on a pair of streams —
// messages framed by a `Content-Length: N` header and an empty line, each a JSON
// object (DAP "Base protocol"). Reading is from a file descriptor, so that a reader
// thread can be stopped while it waits; writing is serialised, so that events from the
// launch's thread (printf output, findings) and responses never interleave.
#pragma once

#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <mutex>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace spvsim::debugger::dap {

/// One message read: a JSON value, or why the bytes were not one.
struct Incoming {
  std::optional<nlohmann::json> message;
  std::string error; ///< not empty: the frame or its JSON was malformed (skipped)
};

/// A request's "arguments" (an empty object when absent or not an object).
nlohmann::json argumentsOf(const nlohmann::json &request);

class DapChannel {
public:
  /// Messages larger than this are refused (the channel closes).
  static constexpr size_t kMaxMessageBytes = 64u << 20;

  DapChannel(int inputFd, std::ostream &out) : inputFd_(inputFd), out_(out) {}

  /// The next message; nullopt at the end of the input, on a read error, or once
  /// `stop` is set (checked every 100 ms while waiting).
  std::optional<Incoming> read(const std::atomic<bool> &stop);

  /// Writes one message with its header; sets "seq".
  void write(nlohmann::json message);
  void respond(const nlohmann::json &request, bool success, nlohmann::json body = nullptr,
               const std::string &message = "");
  void event(const std::string &name, nlohmann::json body = nullptr);

private:
  /// Reads more input into buffer_; false at the end or when stopped.
  bool fill(const std::atomic<bool> &stop);

  int inputFd_;
  std::ostream &out_;
  std::string buffer_;
  std::mutex writing_;
  int64_t seq_ = 1;
};

} // namespace spvsim::debugger::dap
