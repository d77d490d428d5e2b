// The printf formatting engine of OpenCL C (OpenCL C++ 1.0 §3.23, the same
// rules as OpenCL C §6.15.14): parses a format, checks each conversion
// specification and its argument against the rules, and writes the output.
// It knows nothing of memory: %s strings are read through a callback.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace spvsim::printf_format {

/// One argument as the kernel passed it: a scalar or a vector of raw bits.
struct Argument {
  enum class Kind : uint8_t { Int, Float, Pointer };
  Kind kind = Kind::Int;
  uint8_t bytes = 4;      ///< per component: 1, 2, 4 or 8
  uint8_t components = 1; ///< 1 for a scalar, else the vector size
  std::array<uint64_t, 16> bits{};

  static Argument integer(uint64_t value, uint8_t bytes = 4);
  static Argument floating(double value); ///< a double, as scalar float arguments are promoted
  static Argument pointer(uint64_t value);
};

enum class Status : uint8_t {
  Ok,
  FormatError, ///< the format or an argument breaks the rules (undefined behaviour)
  MemoryFault, ///< a %s string could not be read (the reader reported why)
  TooLong      ///< the output would exceed the byte limit
};

struct Outcome {
  Status status = Status::Ok;
  std::string error; ///< FormatError: what is wrong, naming the conversion
};

/// Reads the NUL-terminated string a %s argument points to, at most `limit` bytes
/// (without the NUL); nullopt when the memory cannot be read.
using StringReader = std::function<std::optional<std::string>(uint64_t pointer, uint64_t limit)>;

/// Appends printf(format, args...) to `out`, at most `limit` bytes. Unless the
/// outcome is Ok, `out` is left as it was. Arguments beyond those the format
/// uses are ignored (§3.23.2); too few is a FormatError.
Outcome format(std::string_view format, std::span<const Argument> args,
               const StringReader &readString, std::string &out, uint64_t limit);

} // namespace spvsim::printf_format
