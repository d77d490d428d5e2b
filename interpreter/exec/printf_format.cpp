// The printf formatting engine: conversion specifications parsed and checked
// against OpenCL C++ 1.0 §3.23.2 (= OpenCL C §6.15.14), each value then
// converted by the host's C library, whose printf implements the C99
// conversions these rules are written in terms of (and rounds decimal output
// correctly). Half and float values are converted to double exactly first.
#include "exec/printf_format.h"

#include <bit>
#include <cstdio>
#include <cstring>
#include <vector>

#include "exec/float_types.h"

namespace spvsim::printf_format {

Argument Argument::integer(uint64_t value, uint8_t bytes) {
  Argument a;
  a.kind = Kind::Int;
  a.bytes = bytes;
  a.bits[0] = value;
  return a;
}

Argument Argument::floating(double value) {
  Argument a;
  a.kind = Kind::Float;
  a.bytes = 8;
  a.bits[0] = std::bit_cast<uint64_t>(value);
  return a;
}

Argument Argument::pointer(uint64_t value) {
  Argument a;
  a.kind = Kind::Pointer;
  a.bytes = 8;
  a.bits[0] = value;
  return a;
}

namespace {

/// Widths and precisions beyond this are rejected (C leaves them undefined past INT_MAX).
constexpr uint64_t kMaxNumber = 1u << 30;

/// A %g precision at least this large prints every significant digit of any double (the
/// longest exact decimal expansion has 767) in the same style (exponents stay below it).
constexpr uint64_t kMaxSignificantDigits = 1100;

enum class Length : uint8_t { None, HH, H, HL, L };

const char *lengthText(Length l) {
  switch (l) {
  case Length::HH:
    return "hh";
  case Length::H:
    return "h";
  case Length::HL:
    return "hl";
  case Length::L:
    return "l";
  case Length::None:
    break;
  }
  return "";
}

/// One conversion specification, §3.23.2 "printf format string".
struct Spec {
  std::string_view text; ///< as written, from the %
  std::string flags;
  std::optional<uint64_t> width, precision;
  uint32_t vector = 0; ///< 0: no vector specifier
  Length length = Length::None;
  char conversion = 0;
};

bool isIntegerConversion(char c) {
  return std::strchr("diouxX", c) != nullptr;
}
bool isFloatConversion(char c) {
  return std::strchr("fFeEgGaA", c) != nullptr;
}

std::string describe(const Argument &a) {
  std::string scalar;
  switch (a.kind) {
  case Argument::Kind::Int:
    scalar = std::to_string(a.bytes * 8) + "-bit integer";
    break;
  case Argument::Kind::Float:
    scalar = a.bytes == 2 ? "half" : a.bytes == 4 ? "float" : "double";
    break;
  case Argument::Kind::Pointer:
    scalar = "pointer";
    break;
  }
  if (a.components == 1) return (scalar[0] == 'i' ? "an " : "a ") + scalar;
  return "a vector of " + std::to_string(a.components) + " " + scalar + "s";
}

class Formatter {
public:
  Formatter(std::string_view format, std::span<const Argument> args, const StringReader &read,
            std::string &out, uint64_t limit)
      : format_(format), args_(args), read_(read), out_(out), start_(out.size()), limit_(limit) {}

  Outcome run() {
    size_t i = 0;
    while (i < format_.size()) {
      size_t percent = format_.find('%', i);
      if (percent == std::string_view::npos) percent = format_.size();
      if (!append(format_.substr(i, percent - i))) return fail(Status::TooLong);
      if (percent == format_.size()) break;
      if (percent + 1 < format_.size() && format_[percent + 1] == '%') {
        if (!append("%")) return fail(Status::TooLong);
        i = percent + 2;
        continue;
      }
      Spec spec;
      i = parse(percent, spec);
      if (!error_.empty()) return fail(Status::FormatError);
      if (Status s = convert(spec); s != Status::Ok) return fail(s);
    }
    return {};
  }

private:
  Outcome fail(Status s) {
    out_.resize(start_);
    return {s, s == Status::FormatError ? std::move(error_) : std::string()};
  }

  bool append(std::string_view text) {
    if (out_.size() - start_ + text.size() > limit_) return false;
    out_.append(text);
    return true;
  }

  void setError(const Spec &spec, std::string what) {
    if (error_.empty()) error_ = "'" + std::string(spec.text) + "': " + std::move(what);
  }

  /// Parses the specification at `at` (its %); returns the index after it.
  size_t parse(size_t at, Spec &spec) {
    size_t i = at + 1;
    auto end = [&] { spec.text = format_.substr(at, std::min(i + 1, format_.size()) - at); };
    auto number = [&](std::optional<uint64_t> &into) {
      uint64_t n = 0;
      while (i < format_.size() && format_[i] >= '0' && format_[i] <= '9') {
        n = std::min<uint64_t>(n * 10 + uint64_t(format_[i] - '0'), kMaxNumber + 1);
        ++i;
      }
      into = n;
    };
    while (i < format_.size() && std::strchr("-+ #0", format_[i]) && format_[i] != 0)
      spec.flags += format_[i++];
    if (i < format_.size() && format_[i] >= '1' && format_[i] <= '9') number(spec.width);
    if (i < format_.size() && format_[i] == '*') {
      end();
      setError(spec, "'*' field widths are not part of OpenCL C printf");
      return i + 1;
    }
    if (i < format_.size() && format_[i] == '.') {
      ++i;
      if (i < format_.size() && format_[i] == '*') {
        end();
        setError(spec, "'*' precisions are not part of OpenCL C printf");
        return i + 1;
      }
      number(spec.precision);
    }
    if (i < format_.size() && format_[i] == 'v') {
      std::optional<uint64_t> n;
      ++i;
      number(n);
      spec.vector = static_cast<uint32_t>(std::min<uint64_t>(*n, 1000));
      if (*n != 2 && *n != 3 && *n != 4 && *n != 8 && *n != 16) {
        end();
        setError(spec, "the vector size must be 2, 3, 4, 8 or 16");
        return i;
      }
    }
    if (format_.substr(i, 2) == "hh") {
      spec.length = Length::HH, i += 2;
    } else if (format_.substr(i, 2) == "hl") {
      spec.length = Length::HL, i += 2;
    } else if (i < format_.size() && format_[i] == 'h') {
      spec.length = Length::H, ++i;
    } else if (i < format_.size() && format_[i] == 'l') {
      spec.length = Length::L, ++i;
    }
    if (i >= format_.size()) {
      spec.text = format_.substr(at);
      setError(spec, "the format ends inside a conversion specification");
      return i;
    }
    spec.conversion = format_[i];
    end();
    if (spec.width && *spec.width > kMaxNumber) setError(spec, "the field width is too large");
    if (spec.precision && *spec.precision > kMaxNumber)
      setError(spec, "the precision is too large");
    checkSpec(spec);
    return i + 1;
  }

  /// The combinations §3.23.2 defines; everything else is undefined behaviour.
  void checkSpec(const Spec &spec) {
    const char c = spec.conversion;
    const bool integer = isIntegerConversion(c), floating = isFloatConversion(c);
    if (!integer && !floating && !std::strchr("csp", c)) {
      setError(spec, std::string("'") + c + "' is not a conversion specifier of OpenCL C printf");
      return;
    }
    const std::string length = lengthText(spec.length);
    if (spec.vector) {
      if (!integer && !floating)
        return setError(spec, std::string("the vector specifier does not apply to %") + c);
      if (spec.length == Length::None)
        return setError(spec, "a vector specifier needs a length modifier (hh, h, hl or l)");
      if (floating && spec.length == Length::HH)
        return setError(spec, "'hh' does not apply to floating-point conversions");
    } else if (spec.length != Length::None) {
      if (spec.length == Length::HL)
        return setError(spec, "'hl' is only valid with a vector specifier");
      if (!integer && !(floating && spec.length == Length::L))
        return setError(spec, "the length modifier '" + length + "' does not apply to %" + c);
    }
    for (char f : spec.flags) {
      bool ok = true;
      if (f == '#')
        ok = std::strchr("oxXfFeEgGaA", c) != nullptr;
      else if (f != '-') // 0, + and space: numeric conversions only
        ok = integer || floating;
      if (!ok) return setError(spec, std::string("the flag '") + f + "' does not apply to %" + c);
    }
    if (spec.precision && (c == 'c' || c == 'p'))
      setError(spec, std::string("a precision does not apply to %") + c);
  }

  /// The host printf specification for `spec` with `lengthText` before its conversion.
  static std::string hostSpec(const Spec &spec, const char *hostLength, char conversion) {
    std::string s = "%" + spec.flags;
    if (spec.width) s += std::to_string(*spec.width);
    if (spec.precision) s += "." + std::to_string(*spec.precision);
    return s + hostLength + conversion;
  }

  /// Characters a conversion prints at least: its field width, and its precision where
  /// that is a number of digits.
  static uint64_t minimumLength(const Spec &spec) {
    uint64_t n = spec.width.value_or(0);
    const bool digits =
        isIntegerConversion(spec.conversion) || std::strchr("fFeEaA", spec.conversion) != nullptr;
    // %#g keeps its trailing zeros: it prints as many significant digits as its precision.
    const bool keptDigits = (spec.conversion == 'g' || spec.conversion == 'G') &&
                            spec.flags.find('#') != std::string::npos;
    if ((digits || keptDigits) && spec.precision) n = std::max<uint64_t>(n, *spec.precision);
    return n;
  }

  template <class T> bool appendHost(const std::string &hostFormat, T value) {
    // Output that cannot fit is not formatted at all: the C library takes a second to
    // count out a field of 2^30 characters it would throw away.
    if (atLeast_ > limit_ - (out_.size() - start_)) return false;
    // One pass into a local buffer for the usual short conversion; a longer one
    // (a wide field, %f of a huge value) is measured first and only then written.
    char local[256];
    const int n = std::snprintf(local, sizeof local, hostFormat.c_str(), value);
    if (n < 0 || out_.size() - start_ + uint64_t(n) > limit_) return false;
    if (size_t(n) < sizeof local) {
      out_.append(local, size_t(n));
      return true;
    }
    const size_t at = out_.size();
    out_.resize(at + size_t(n) + 1);
    std::snprintf(out_.data() + at, size_t(n) + 1, hostFormat.c_str(), value);
    out_.resize(at + size_t(n));
    return true;
  }

  Status convert(const Spec &spec) {
    if (next_ >= args_.size()) {
      setError(spec, "no argument left for this conversion");
      return Status::FormatError;
    }
    const Argument &arg = args_[next_++];
    const char c = spec.conversion;
    atLeast_ = minimumLength(spec);
    const uint32_t components = spec.vector ? spec.vector : 1;
    auto mismatch = [&](const std::string &expected) {
      setError(spec, "expects " + expected + ", the argument is " + describe(arg));
      return Status::FormatError;
    };
    if (isIntegerConversion(c)) {
      // Scalars are promoted to int unless 'l'; vectors are not promoted.
      const uint32_t bits = spec.length == Length::HH  ? 8
                            : spec.length == Length::H ? 16
                            : spec.length == Length::L ? 64
                                                       : 32;
      const bool fits = spec.vector ? arg.bytes * 8u == bits
                                    : (spec.length == Length::L ? arg.bytes == 8 : arg.bytes <= 4);
      if (arg.kind != Argument::Kind::Int || arg.components != components || !fits) {
        std::string expected = spec.vector ? "a vector of " + std::to_string(components) + " " +
                                                 std::to_string(bits) + "-bit integers"
                                           : (bits == 64 ? "a 64-bit integer" : "an int");
        return mismatch(expected);
      }
      const bool isSigned = c == 'd' || c == 'i';
      const uint32_t valueBits = std::min<uint32_t>(bits, arg.bytes * 8u);
      const std::string host = hostSpec(spec, "ll", c);
      for (uint32_t k = 0; k < components; ++k) {
        if (k && !append(",")) return Status::TooLong;
        uint64_t raw = arg.bits[k];
        if (valueBits < 64) raw &= (uint64_t(1) << valueBits) - 1;
        bool ok;
        if (isSigned) {
          const uint32_t shift = 64 - valueBits;
          ok = appendHost(host, static_cast<long long>(int64_t(raw << shift) >> shift));
        } else {
          ok = appendHost(host, static_cast<unsigned long long>(raw));
        }
        if (!ok) return Status::TooLong;
      }
      return Status::Ok;
    }
    if (isFloatConversion(c)) {
      const uint32_t bytes = spec.length == Length::H ? 2 : spec.length == Length::HL ? 4 : 8;
      const bool fits = !spec.vector || arg.bytes == bytes;
      if (arg.kind != Argument::Kind::Float || arg.components != components || !fits) {
        const char *name = bytes == 2 ? "half" : bytes == 4 ? "float" : "double";
        return mismatch(spec.vector ? "a vector of " + std::to_string(components) + " " + name + "s"
                                    : std::string("a floating-point value"));
      }
      // %g without '#' drops trailing zeros, so a precision beyond the 767 significant
      // digits a double can have prints the same text — but the C library allocates
      // working space for all of them (gigabytes for %.1073741824g). It gets a precision
      // that prints the same.
      Spec hostFormatSpec = spec;
      if ((c == 'g' || c == 'G') && spec.flags.find('#') == std::string::npos && spec.precision &&
          *spec.precision > kMaxSignificantDigits)
        hostFormatSpec.precision = kMaxSignificantDigits;
      const std::string host = hostSpec(hostFormatSpec, "", c);
      for (uint32_t k = 0; k < components; ++k) {
        if (k && !append(",")) return Status::TooLong;
        if (!appendHost(host, componentAsDouble(arg.bits[k], arg.bytes))) return Status::TooLong;
      }
      return Status::Ok;
    }
    if (c == 'c') {
      if (arg.kind != Argument::Kind::Int || arg.components != 1 || arg.bytes > 4)
        return mismatch("an int");
      return appendHost(hostSpec(spec, "", 'c'), int(static_cast<unsigned char>(arg.bits[0])))
                 ? Status::Ok
                 : Status::TooLong;
    }
    if (arg.kind != Argument::Kind::Pointer || arg.components != 1)
      return mismatch(c == 's' ? "a pointer to a string" : "a pointer");
    if (c == 's') {
      // One byte beyond the limit is enough to know the string does not fit.
      const uint64_t beyondLimit = limit_ == UINT64_MAX ? limit_ : limit_ + 1;
      const uint64_t most = std::min(spec.precision.value_or(UINT64_MAX), beyondLimit);
      std::optional<std::string> text = read_(arg.bits[0], most);
      if (!text) return Status::MemoryFault;
      return appendHost(hostSpec(spec, "", 's'), text->c_str()) ? Status::Ok : Status::TooLong;
    }
    // %p: implementation-defined; spvsim prints the pointer's 64 bits in hexadecimal.
    char hex[24];
    std::snprintf(hex, sizeof hex, "0x%llx", static_cast<unsigned long long>(arg.bits[0]));
    return appendHost(hostSpec(spec, "", 's'), static_cast<const char *>(hex)) ? Status::Ok
                                                                               : Status::TooLong;
  }

  static double componentAsDouble(uint64_t bits, uint32_t bytes) {
    if (bytes == 2)
      return static_cast<double>(std::bit_cast<ops::Half>(static_cast<uint16_t>(bits)));
    if (bytes == 4) return std::bit_cast<float>(static_cast<uint32_t>(bits));
    return std::bit_cast<double>(bits);
  }

  std::string_view format_;
  std::span<const Argument> args_;
  const StringReader &read_;
  std::string &out_;
  size_t start_;
  uint64_t limit_;
  size_t next_ = 0;
  uint64_t atLeast_ = 0; ///< minimumLength of the conversion being printed
  std::string error_;
};

} // namespace

Outcome format(std::string_view format, std::span<const Argument> args,
               const StringReader &readString, std::string &out, uint64_t limit) {
  return Formatter(format, args, readString, out, limit).run();
}

} // namespace spvsim::printf_format
