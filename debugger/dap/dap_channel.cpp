// DapChannel (dap_channel.h): Content-Length framing of DAP messages.
#include "dap_channel.h"

#include <cerrno>
#include <charconv>
#include <ostream>

#include <poll.h>
#include <unistd.h>

namespace spvsim::debugger::dap {

namespace {

std::string lower(std::string s) {
  for (char &c : s)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return s;
}

} // namespace

bool DapChannel::fill(const std::atomic<bool> &stop) {
  char chunk[65536];
  for (;;) {
    if (stop.load()) return false;
    pollfd p{inputFd_, POLLIN, 0};
    const int ready = ::poll(&p, 1, 100);
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) return false;
    if (ready == 0) continue;
    const ssize_t n = ::read(inputFd_, chunk, sizeof chunk);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) return false;
    buffer_.append(chunk, size_t(n));
    return true;
  }
}

std::optional<Incoming> DapChannel::read(const std::atomic<bool> &stop) {
  // The header: lines "Name: value" up to an empty line (DAP "Base protocol").
  size_t end;
  while ((end = buffer_.find("\r\n\r\n")) == std::string::npos) {
    if (buffer_.size() > 8192) { // no header ends within 8 KiB: not DAP
      buffer_.clear();
      return Incoming{std::nullopt, "a message header longer than 8192 bytes (not DAP framing)"};
    }
    if (!fill(stop)) return std::nullopt;
  }
  const std::string header = buffer_.substr(0, end);
  buffer_.erase(0, end + 4);
  std::optional<size_t> length;
  for (size_t at = 0; at <= header.size();) {
    size_t eol = header.find("\r\n", at);
    if (eol == std::string::npos) eol = header.size();
    const std::string line = header.substr(at, eol - at);
    at = eol + 2;
    const size_t colon = line.find(':');
    if (colon == std::string::npos || lower(line.substr(0, colon)) != "content-length") continue;
    size_t first = colon + 1;
    while (first < line.size() && line[first] == ' ') ++first;
    size_t value = 0;
    auto [ptr, ec] = std::from_chars(line.data() + first, line.data() + line.size(), value);
    if (ec == std::errc() && ptr == line.data() + line.size()) length = value;
  }
  if (!length) return Incoming{std::nullopt, "a message without a valid Content-Length header"};
  if (*length > kMaxMessageBytes)
    return std::nullopt; // cannot skip what will not be read: the channel ends
  while (buffer_.size() < *length)
    if (!fill(stop)) return std::nullopt;
  const std::string body = buffer_.substr(0, *length);
  buffer_.erase(0, *length);
  nlohmann::json message = nlohmann::json::parse(body, nullptr, false);
  if (message.is_discarded()) return Incoming{std::nullopt, "a message that is not JSON"};
  return Incoming{std::move(message), ""};
}

void DapChannel::write(nlohmann::json message) {
  std::lock_guard lock(writing_);
  message["seq"] = seq_++;
  // Text from kernels (printf) need not be UTF-8: invalid bytes become U+FFFD.
  const std::string body = message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  out_ << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  out_.flush();
}

nlohmann::json argumentsOf(const nlohmann::json &request) {
  auto it = request.find("arguments");
  return it != request.end() && it->is_object() ? *it : nlohmann::json::object();
}

void DapChannel::respond(const nlohmann::json &request, bool success, nlohmann::json body,
                         const std::string &message) {
  nlohmann::json r = {{"type", "response"}, {"success", success}};
  const auto seq = request.find("seq");
  r["request_seq"] = seq != request.end() && seq->is_number_integer() ? *seq : nlohmann::json(0);
  const auto command = request.find("command");
  r["command"] = command != request.end() && command->is_string() ? *command : nlohmann::json("");
  if (!message.empty()) r["message"] = message;
  if (!body.is_null()) r["body"] = std::move(body);
  write(std::move(r));
}

void DapChannel::event(const std::string &name, nlohmann::json body) {
  nlohmann::json e = {{"type", "event"}, {"event", name}};
  if (!body.is_null()) e["body"] = std::move(body);
  write(std::move(e));
}

} // namespace spvsim::debugger::dap
