// serveLaunchDap (spvsim/debugger/dap.h): one kernel launch of a host program served
// over the socket the adapter of `spvsim dap` listens on (dap_host_relay.h): the same
// DapAdapter as for a run file, its messages written to the socket.
#include <sys/socket.h>

#include <cerrno>
#include <ostream>
#include <streambuf>

#include "dap_adapter.h"

namespace spvsim::debugger {

namespace {

/// Writes to a socket, unbuffered (DapChannel flushes each message). A closed socket
/// (the adapter has gone) drops what is written, never raising SIGPIPE in the program.
class SocketWriteBuffer : public std::streambuf {
public:
  explicit SocketWriteBuffer(int fd) : fd_(fd) {}

protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    const char byte = traits_type::to_char_type(c);
    return xsputn(&byte, 1) == 1 ? c : traits_type::eof();
  }
  std::streamsize xsputn(const char *data, std::streamsize size) override {
    for (std::streamsize sent = 0; sent < size;) {
      const ssize_t n = ::send(fd_, data + sent, size_t(size - sent), MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return sent;
      sent += n;
    }
    return size;
  }

private:
  int fd_;
};

} // namespace

void serveLaunchDap(int fd, DebugTargetFactory makeTarget) {
  SocketWriteBuffer buffer(fd);
  std::ostream out(&buffer);
  dap::DapAdapter adapter(fd, out, std::move(makeTarget));
  adapter.serve();
}

} // namespace spvsim::debugger
