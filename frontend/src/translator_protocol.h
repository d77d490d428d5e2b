// The messages between the front end and its translator process, spvsim-translate
// (isolated_translation.h, translator_main.cpp): a request carries a module as LLVM
// bitcode, the highest SPIR-V version allowed and how its context names values, an answer the
// module's SPIR-V words or the translator's error. Each message is a fixed header and then its
// bytes, on the stream socket that is the translator's standard input; the translator's standard
// error is the build log's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace spvsim::frontend::translator {

constexpr uint32_t kRequestMagic = 0x51525053; ///< "SPRQ"
constexpr uint32_t kAnswerMagic = 0x4e415053;  ///< "SPAN"

/// The translator's exit status when the translator library called exit() (an atexit
/// handler ends the process with it).
constexpr int kExitedInTranslator = 3;
/// Its exit status on a request it cannot read (not from this front end).
constexpr int kBadRequest = 4;

/// RequestHeader::flags: the module's context drops the names of values other than
/// globals (clang's release builds), as the translator's own passes then do.
constexpr uint32_t kDiscardValueNames = 1;

struct RequestHeader {
  uint32_t magic = kRequestMagic;
  uint32_t maxSpirvVersion = 0; ///< SPIRV::VersionNumber, as the translator's options take it
  uint32_t flags = 0;
  uint32_t reserved = 0;
  uint64_t bitcodeSize = 0; ///< the bytes that follow
};

enum class AnswerStatus : uint32_t {
  Words = 0, ///< the bytes are the module's words
  Error = 1, ///< the bytes are the translator's error message
};

struct AnswerHeader {
  uint32_t magic = kAnswerMagic;
  AnswerStatus status = AnswerStatus::Error;
  uint64_t size = 0; ///< the bytes that follow
};

/// A request or answer larger than this is not one (1 GiB).
constexpr uint64_t kLargestMessage = uint64_t(1) << 30;

/// A file descriptor closed when it goes out of scope.
class Descriptor {
public:
  Descriptor() = default;
  explicit Descriptor(int fd) : fd_(fd) {}
  Descriptor(const Descriptor &) = delete;
  Descriptor &operator=(const Descriptor &) = delete;
  Descriptor(Descriptor &&other) noexcept : fd_(other.release()) {}
  Descriptor &operator=(Descriptor &&other) noexcept {
    reset(other.release());
    return *this;
  }
  ~Descriptor() { reset(); }
  int get() const { return fd_; }
  int release() {
    const int fd = fd_;
    fd_ = -1;
    return fd;
  }
  void reset(int fd = -1);

private:
  int fd_ = -1;
};

/// Writes all of `data` (retrying interrupted and partial writes); false when the other
/// end is gone. A socket is written with MSG_NOSIGNAL: no SIGPIPE.
bool writeAll(int fd, const void *data, size_t size);
/// Reads exactly `size` bytes; false at the end of the stream or on an error.
bool readAll(int fd, void *data, size_t size);

} // namespace spvsim::frontend::translator
