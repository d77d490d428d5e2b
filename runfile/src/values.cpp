// Typed values of run files: types, numbers, conversions and buffer contents
// (see runfile_values.h).
#include "spvsim/runfile/values.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <exception>
#include <fstream>
#include <iterator>
#include <limits>
#include <mutex>
#include <thread>
#include <vector>

#include "spvsim/common/error.h"
#include "spvsim/runfile/json.h"

namespace spvsim::runfile {

void failAt(std::string_view path, std::string_view message) {
  std::string text(path.empty() ? "run file" : path);
  text += ": ";
  text += message;
  throw Error(text);
}

namespace {

struct ScalarInfo {
  ScalarType type;
  const char *name;
  uint32_t size;
};

constexpr std::array<ScalarInfo, 11> kScalars{{
    {ScalarType::Char, "char", 1},
    {ScalarType::UChar, "uchar", 1},
    {ScalarType::Short, "short", 2},
    {ScalarType::UShort, "ushort", 2},
    {ScalarType::Int, "int", 4},
    {ScalarType::UInt, "uint", 4},
    {ScalarType::Long, "long", 8},
    {ScalarType::ULong, "ulong", 8},
    {ScalarType::Half, "half", 2},
    {ScalarType::Float, "float", 4},
    {ScalarType::Double, "double", 8},
}};

const ScalarInfo &info(ScalarType t) {
  return kScalars[static_cast<size_t>(t)];
}

uint64_t lowMask(uint32_t bits) {
  return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
}

/// Why a conversion failed: "" for out of range, else a parenthesised reason.
using FitProblem = std::string;

/// Integer conversion; nullopt (and the reason) when `n` does not fit.
std::optional<uint64_t> convertInteger(const Number &n, uint32_t bits, IntegerRange range,
                                       FitProblem &problem) {
  const uint64_t mask = lowMask(bits);
  const uint64_t maxPositive = range == IntegerRange::Signed ? mask >> 1 : mask;
  const uint64_t maxNegativeMagnitude =
      range == IntegerRange::Unsigned ? 0 : uint64_t{1} << (bits - 1);
  auto fromUnsigned = [&](uint64_t u) -> std::optional<uint64_t> {
    if (u > maxPositive) return std::nullopt;
    return u & mask;
  };
  auto fromSigned = [&](int64_t s) -> std::optional<uint64_t> {
    if (s >= 0) return fromUnsigned(static_cast<uint64_t>(s));
    uint64_t magnitude = ~static_cast<uint64_t>(s) + 1;
    if (magnitude > maxNegativeMagnitude) return std::nullopt;
    return static_cast<uint64_t>(s) & mask;
  };
  switch (n.kind) {
  case Number::Kind::Unsigned:
    return fromUnsigned(n.asUnsigned);
  case Number::Kind::Signed:
    return fromSigned(n.asSigned);
  case Number::Kind::Real: {
    double d = n.asReal;
    if (!std::isfinite(d) || std::floor(d) != d) {
      problem = " (not a whole number)";
      return std::nullopt;
    }
    if (d >= 0) {
      if (d >= 0x1p64) return std::nullopt;
      return fromUnsigned(static_cast<uint64_t>(d));
    }
    if (d < -0x1p63) return std::nullopt;
    return fromSigned(static_cast<int64_t>(d));
  }
  }
  return std::nullopt;
}

uint64_t canonicalNaN(ScalarType t) {
  switch (t) {
  case ScalarType::Half:
    return 0x7e00;
  case ScalarType::Float:
    return 0x7fc00000;
  default:
    return 0x7ff8000000000000;
  }
}

/// Float conversion (round to nearest); nullopt when a finite value overflows the type.
std::optional<uint64_t> convertFloat(const Number &n, ScalarType t) {
  if (n.kind == Number::Kind::Real && std::isnan(n.asReal)) return canonicalNaN(t);
  switch (t) {
  case ScalarType::Double:
    return std::bit_cast<uint64_t>(n.toDouble());
  case ScalarType::Float: {
    float f = n.kind == Number::Kind::Real     ? static_cast<float>(n.asReal)
              : n.kind == Number::Kind::Signed ? static_cast<float>(n.asSigned)
                                               : static_cast<float>(n.asUnsigned);
    if (std::isinf(f) && std::isfinite(n.toDouble())) return std::nullopt;
    return std::bit_cast<uint32_t>(f);
  }
  default: {
    double d = n.toDouble();
    uint16_t h = doubleToHalfBits(d);
    if ((h & 0x7fff) == 0x7c00 && std::isfinite(d)) return std::nullopt;
    return h;
  }
  }
}

std::optional<uint64_t> convertComponent(const Number &n, ScalarType t, FitProblem &problem) {
  if (isFloatType(t)) return convertFloat(n, t);
  return convertInteger(n, scalarSize(t) * 8,
                        isSignedType(t) ? IntegerRange::Signed : IntegerRange::Unsigned, problem);
}

/// Components of a buffer excluding vec3 padding, failing when the count overflows.
uint64_t componentCount(const ElementType &type, uint64_t count, const std::string &path) {
  if (count > UINT64_MAX / 16) failAt(path, "buffer too large");
  return count * type.width;
}

/// Calls `visit(byteOffset, k)` for every flattened component k of a buffer, asking `stop`
/// every 2^18 elements.
/// The chunks (2^18 elements each) are shared out among up to `threads` threads (0: one
/// per hardware thread), so that a large buffer's pages are written — and first touched —
/// in parallel. `visit` must depend on (at, k) only. An exception of `visit` (or the stop)
/// ends the walk; the one of the lowest chunk is rethrown, as a serial walk would.
template <typename VisitChunk>
void forEachChunk(uint64_t count, const StopCheck &stop, const std::string &path, uint32_t threads,
                  VisitChunk &&visitChunk) {
  constexpr uint64_t kElementsPerChunk = uint64_t(1) << 18;
  const uint64_t chunks = (count + kElementsPerChunk - 1) / kElementsPerChunk;
  std::atomic<uint64_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex failureMutex;
  uint64_t failedChunk = UINT64_MAX;
  std::exception_ptr failure;
  auto work = [&] {
    for (uint64_t chunk; !failed.load(std::memory_order_relaxed) && (chunk = next++) < chunks;) {
      try {
        if (chunk && stop && stop()) throw Interrupted("initialising " + path);
        const uint64_t first = chunk * kElementsPerChunk;
        visitChunk(first, std::min(count, first + kElementsPerChunk));
      } catch (...) {
        std::lock_guard lock(failureMutex);
        if (chunk < failedChunk) failedChunk = chunk, failure = std::current_exception();
        failed = true;
      }
    }
  };
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<uint32_t>(std::min<uint64_t>({threads, chunks, 64}));
  if (threads <= 1) {
    work();
  } else {
    std::vector<std::jthread> pool;
    for (uint32_t t = 0; t < threads; ++t) pool.emplace_back(work);
  }
  if (failure) std::rethrow_exception(failure);
}

/// forEachChunk calling visit(byte offset, k) for each component k (flattened, padding
/// lanes excluded) of the elements of each chunk.
template <typename Visit>
void forEachComponent(const ElementType &type, uint64_t count, const StopCheck &stop,
                      const std::string &path, uint32_t threads, Visit &&visit) {
  const uint64_t elementSize = type.size();
  const uint32_t componentSize = type.componentSize();
  forEachChunk(count, stop, path, threads, [&](uint64_t first, uint64_t end) {
    uint64_t k = first * type.width;
    for (uint64_t i = first; i < end; ++i)
      for (uint32_t c = 0; c < type.width; ++c) visit(i * elementSize + c * componentSize, k++);
  });
}

/// Element i of a scalar float or double buffer = start + i × step, rounded to T: the
/// common benchmark case, as a plain loop.
template <typename T>
void writeFloatRange(std::byte *data, uint64_t count, const BufferInit &init, const StopCheck &stop,
                     const std::string &path, uint32_t threads) {
  forEachChunk(count, stop, path, threads, [&](uint64_t first, uint64_t end) {
    // i as a double counted up (exact below 2^53, as the conversion would be), which
    // vectorises where converting a 64-bit integer does not.
    double di = static_cast<double>(first);
    for (uint64_t i = first; i < end; ++i, di += 1.0) {
      const T v = static_cast<T>(init.rangeStart + di * init.rangeStep);
      std::memcpy(data + i * sizeof(T), &v, sizeof(T));
    }
  });
}

/// Every element of a fill: one element's bytes (padding lanes zero) made a block of
/// whole elements, copied over each chunk with memcpy rather than component by component.
void writeFill(const ElementType &type, uint64_t count, const BufferInit &init,
               const StopCheck &stop, const std::string &path, uint32_t threads, std::byte *data) {
  const uint64_t elementSize = type.size();
  const uint64_t blockElements = std::max<uint64_t>(1, 4096 / elementSize);
  std::vector<std::byte> block(blockElements * elementSize);
  for (uint32_t c = 0; c < type.width; ++c)
    storeComponent(block.data() + c * type.componentSize(), init.fillBits, type.componentSize());
  for (uint64_t filled = elementSize; filled < block.size(); filled *= 2)
    std::memcpy(block.data() + filled, block.data(), std::min(filled, block.size() - filled));
  forEachChunk(count, stop, path, threads, [&](uint64_t first, uint64_t end) {
    for (uint64_t i = first; i < end; i += blockElements)
      std::memcpy(data + i * elementSize, block.data(),
                  std::min(blockElements, end - i) * elementSize);
  });
}

/// Whether components kFirst, kFirst + 1 and kLast (kFirst <= kLast) of an integer range
/// are whole numbers of the type's range: the components are monotonic, so then every one
/// between them is (and a step between whole numbers is whole).
bool rangeFits(const BufferInit &init, ScalarType scalar, uint64_t kFirst, uint64_t kLast) {
  for (uint64_t k : {kFirst, std::min(kFirst + 1, kLast), kLast}) {
    FitProblem problem;
    const double v = init.rangeStart + static_cast<double>(k) * init.rangeStep;
    if (!convertComponent(Number::ofReal(v, ""), scalar, problem)) return false;
  }
  return true;
}

/// A whole number `v` of an integer type's range (rangeFits) as T, the type's size.
template <typename T> T integerRangeBits(double v) {
  if constexpr (sizeof(T) == 8)
    return v < 0 ? static_cast<T>(static_cast<int64_t>(v)) : static_cast<T>(v);
  else
    return static_cast<T>(static_cast<int64_t>(v)); // |v| < 2^32
}

/// Component k of an integer buffer = start + k × step. A chunk whose components all fit
/// (rangeFits) is written by a plain loop on T, the component's size; the others take the
/// checked path, which fails at the first component that does not fit.
template <typename T>
void writeIntegerRange(const ElementType &type, std::byte *data, uint64_t count,
                       const BufferInit &init, const StopCheck &stop, const std::string &path,
                       uint32_t threads) {
  const uint64_t width = type.width, stored = type.storedComponents();
  const std::string rangePath = keyPath(path, "range");
  forEachChunk(count, stop, path, threads, [&](uint64_t first, uint64_t end) {
    double dk = static_cast<double>(first * width);
    if (!rangeFits(init, type.scalar, first * width, end * width - 1)) {
      for (uint64_t i = first; i < end; ++i)
        for (uint64_t c = 0; c < width; ++c, dk += 1.0)
          storeComponent(data + (i * stored + c) * sizeof(T),
                         componentBitsFromDouble(init.rangeStart + dk * init.rangeStep, type.scalar,
                                                 rangePath),
                         sizeof(T));
      return;
    }
    if (width == 1) { // scalars apart: half the instructions of the loop below
      for (uint64_t i = first; i < end; ++i, dk += 1.0) {
        const T v = integerRangeBits<T>(init.rangeStart + dk * init.rangeStep);
        std::memcpy(data + i * sizeof(T), &v, sizeof(T));
      }
      return;
    }
    for (uint64_t i = first; i < end; ++i)
      for (uint64_t c = 0; c < width; ++c, dk += 1.0) {
        const T v = integerRangeBits<T>(init.rangeStart + dk * init.rangeStep);
        std::memcpy(data + (i * stored + c) * sizeof(T), &v, sizeof(T));
      }
  });
}

/// Reads an init file straight into the buffer (it must hold exactly out.size() bytes).
void readFileBytes(const BufferInit &init, std::span<std::byte> out, const std::string &path) {
  std::ifstream in(init.file, std::ios::binary);
  if (!in) failAt(path, "cannot open '" + init.fileSpelling + "'");
  in.read(reinterpret_cast<char *>(out.data()), static_cast<std::streamsize>(out.size()));
  const uint64_t got = static_cast<uint64_t>(in.gcount());
  const bool longer = got == out.size() && in.peek() != std::ifstream::traits_type::eof();
  if (got != out.size() || longer) {
    std::error_code ec;
    const uint64_t size = std::filesystem::file_size(init.file, ec);
    failAt(path, "'" + init.fileSpelling + "' has " +
                     (ec ? std::to_string(got) + " or more" : std::to_string(size)) +
                     " bytes, the buffer has " + std::to_string(out.size()));
  }
}

uint64_t signExtend(uint64_t bits, uint32_t width) {
  if (width >= 64) return bits;
  uint64_t signBit = uint64_t{1} << (width - 1);
  return (bits ^ signBit) - signBit;
}

void parseRange(const Json &range, const ElementType &type, uint64_t components,
                const std::string &path, BufferInit &init) {
  if (!range.is_array() || range.size() != 2)
    failAt(path, "expected [start, step], got " + describeJsonType(range));
  init.rangeStart = parseNumber(range[0], indexPath(path, 0)).toDouble();
  init.rangeStep = parseNumber(range[1], indexPath(path, 1)).toDouble();
  // Values are monotonic in k: the first and last component bound the range; the second
  // shows whether an integer range steps by whole numbers.
  for (uint64_t k : {uint64_t{0}, uint64_t{1}, components - 1}) {
    if (k >= components) continue;
    double v = init.rangeStart + static_cast<double>(k) * init.rangeStep;
    FitProblem problem;
    if (!convertComponent(Number::ofReal(v, ""), type.scalar, problem))
      failAt(path, "component " + std::to_string(k) + " would be " + formatDouble(v) +
                       ", which does not fit " + scalarName(type.scalar) + problem);
  }
}

void parseRandom(const Json &random, const ElementType &type, const std::string &path,
                 BufferInit &init) {
  requireObject(random, path);
  rejectUnknownKeys(random, path, {"seed", "min", "max"});
  std::string seedPath = keyPath(path, "seed");
  init.randomSeed = integerBits(parseNumber(requireKey(random, path, "seed"), seedPath), 64,
                                IntegerRange::Unsigned, "a 64-bit seed", seedPath);
  std::string minPath = keyPath(path, "min"), maxPath = keyPath(path, "max");
  Number min = parseNumber(requireKey(random, path, "min"), minPath);
  Number max = parseNumber(requireKey(random, path, "max"), maxPath);
  const ScalarType t = type.scalar;
  if (isFloatType(t)) {
    componentBits(min, t, minPath);
    componentBits(max, t, maxPath);
    init.randomMinReal = min.toDouble();
    init.randomMaxReal = max.toDouble();
    if (!std::isfinite(init.randomMinReal)) failAt(minPath, "must be finite");
    if (!std::isfinite(init.randomMaxReal)) failAt(maxPath, "must be finite");
    if (init.randomMinReal > init.randomMaxReal) failAt(path, "min is greater than max");
    return;
  }
  const uint32_t bits = scalarSize(t) * 8;
  init.randomMinInt = componentBits(min, t, minPath);
  init.randomMaxInt = componentBits(max, t, maxPath);
  bool greater = false;
  if (isSignedType(t)) {
    init.randomMinInt = signExtend(init.randomMinInt, bits);
    init.randomMaxInt = signExtend(init.randomMaxInt, bits);
    greater = static_cast<int64_t>(init.randomMinInt) > static_cast<int64_t>(init.randomMaxInt);
  } else {
    greater = init.randomMinInt > init.randomMaxInt;
  }
  if (greater) failAt(path, "min is greater than max");
}

} // namespace

uint32_t scalarSize(ScalarType t) {
  return info(t).size;
}
bool isFloatType(ScalarType t) {
  return t == ScalarType::Half || t == ScalarType::Float || t == ScalarType::Double;
}
bool isSignedType(ScalarType t) {
  return t == ScalarType::Char || t == ScalarType::Short || t == ScalarType::Int ||
         t == ScalarType::Long;
}
const char *scalarName(ScalarType t) {
  return info(t).name;
}

std::string ElementType::name() const {
  std::string n = scalarName(scalar);
  if (width > 1) n += std::to_string(width);
  return n;
}

std::optional<ElementType> parseElementType(std::string_view name) {
  size_t digits = name.size();
  while (digits > 0 && name[digits - 1] >= '0' && name[digits - 1] <= '9') --digits;
  std::string_view base = name.substr(0, digits), suffix = name.substr(digits);
  uint32_t width = 1;
  if (!suffix.empty()) {
    constexpr std::array<std::string_view, 5> kWidths{"2", "3", "4", "8", "16"};
    bool valid = false;
    for (std::string_view w : kWidths) valid = valid || w == suffix;
    if (!valid) return std::nullopt;
    width = static_cast<uint32_t>(std::stoul(std::string(suffix)));
  }
  for (const ScalarInfo &s : kScalars)
    if (base == s.name) return ElementType{s.type, width};
  return std::nullopt;
}

Number Number::ofSigned(int64_t v, std::string spelling) {
  if (v >= 0) return ofUnsigned(static_cast<uint64_t>(v), std::move(spelling));
  Number n;
  n.kind = Kind::Signed;
  n.asSigned = v;
  n.spelling = std::move(spelling);
  return n;
}

Number Number::ofUnsigned(uint64_t v, std::string spelling) {
  Number n;
  n.kind = Kind::Unsigned;
  n.asUnsigned = v;
  n.spelling = std::move(spelling);
  return n;
}

Number Number::ofReal(double v, std::string spelling) {
  Number n;
  n.kind = Kind::Real;
  n.asReal = v;
  n.spelling = std::move(spelling);
  return n;
}

double Number::toDouble() const {
  switch (kind) {
  case Kind::Signed:
    return static_cast<double>(asSigned);
  case Kind::Unsigned:
    return static_cast<double>(asUnsigned);
  case Kind::Real:
    return asReal;
  }
  return 0;
}

Number parseNumber(const Json &value, const std::string &path) {
  if (value.is_number_unsigned()) return Number::ofUnsigned(value.get<uint64_t>(), value.dump());
  if (value.is_number_integer()) return Number::ofSigned(value.get<int64_t>(), value.dump());
  if (value.is_number_float()) return Number::ofReal(value.get<double>(), value.dump());
  if (!value.is_string()) failAt(path, "expected a number, got " + describeJsonType(value));
  const std::string text = value.get<std::string>();
  std::string lower;
  for (char c : text) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (lower == "nan") return Number::ofReal(std::numeric_limits<double>::quiet_NaN(), "nan");
  if (lower == "inf" || lower == "+inf") return Number::ofReal(kInf, "inf");
  if (lower == "-inf") return Number::ofReal(-kInf, "-inf");
  const bool negative = lower.starts_with('-');
  std::string_view digits = std::string_view(lower).substr(negative ? 1 : 0);
  if (digits.starts_with("0x") && digits.size() > 2) {
    digits.remove_prefix(2);
    uint64_t magnitude = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), magnitude, 16);
    if (ec == std::errc::result_out_of_range) failAt(path, "'" + text + "' is beyond 64 bits");
    if (ec == std::errc() && end == digits.data() + digits.size()) {
      if (!negative) return Number::ofUnsigned(magnitude, text);
      if (magnitude > (uint64_t{1} << 63)) failAt(path, "'" + text + "' is beyond 64 bits");
      return Number::ofSigned(static_cast<int64_t>(~magnitude + 1), text);
    }
  }
  failAt(path,
         "expected a number or one of \"nan\", \"inf\", \"-inf\", \"0x…\", got \"" + text + "\"");
}

uint64_t integerBits(const Number &n, uint32_t bits, IntegerRange range,
                     const std::string &typeName, const std::string &path) {
  FitProblem problem;
  std::optional<uint64_t> result = convertInteger(n, bits, range, problem);
  if (!result) failAt(path, n.spelling + " does not fit " + typeName + problem);
  return *result;
}

uint64_t componentBits(const Number &n, ScalarType t, const std::string &path) {
  FitProblem problem;
  std::optional<uint64_t> result = convertComponent(n, t, problem);
  if (!result) failAt(path, n.spelling + " does not fit " + scalarName(t) + problem);
  return *result;
}

uint64_t componentBitsFromDouble(double v, ScalarType t, const std::string &path) {
  FitProblem problem;
  Number n = Number::ofReal(v, "");
  std::optional<uint64_t> result = convertComponent(n, t, problem);
  if (!result) failAt(path, formatDouble(v) + " does not fit " + scalarName(t) + problem);
  return *result;
}

uint16_t doubleToHalfBits(double v) {
  const uint64_t bits = std::bit_cast<uint64_t>(v);
  const uint16_t sign = static_cast<uint16_t>((bits >> 48) & 0x8000);
  const int exponentField = static_cast<int>((bits >> 52) & 0x7ff);
  const uint64_t mantissa = bits & lowMask(52);
  if (exponentField == 0x7ff) // infinity, or NaN kept quiet with the top payload bits
    return mantissa == 0 ? sign | 0x7c00
                         : static_cast<uint16_t>(sign | 0x7e00 | ((mantissa >> 42) & 0x1ff));
  if (exponentField == 0) return sign; // double subnormals are far below half's range
  const int exponent = exponentField - 1023;
  if (exponent > 15) return sign | 0x7c00;
  const uint64_t significand = mantissa | (uint64_t{1} << 52); // 53 bits
  // A normal half keeps 11 significant bits; a subnormal one counts units of 2^-24.
  const int shift = exponent >= -14 ? 42 : 28 - exponent;
  if (shift >= 64) return sign;
  uint64_t kept = significand >> shift;
  const uint64_t rest = significand & lowMask(static_cast<uint32_t>(shift));
  const uint64_t halfway = uint64_t{1} << (shift - 1);
  if (rest > halfway || (rest == halfway && (kept & 1))) ++kept;
  if (exponent >= -14) // the carry of rounding may step into the next exponent, or infinity
    return static_cast<uint16_t>(sign |
                                 ((static_cast<uint64_t>(exponent + 15) << 10) + (kept - 0x400)));
  return static_cast<uint16_t>(sign | kept); // kept == 0x400 is the smallest normal
}

float halfBitsToFloat(uint16_t bits) {
  const uint32_t sign = static_cast<uint32_t>(bits & 0x8000) << 16;
  const uint32_t exponent = (bits >> 10) & 0x1f;
  const uint32_t mantissa = bits & 0x3ff;
  if (exponent == 0x1f) return std::bit_cast<float>(sign | 0x7f800000 | (mantissa << 13));
  if (exponent == 0) {
    float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
    return sign ? -magnitude : magnitude;
  }
  return std::bit_cast<float>(sign | ((exponent + 112) << 23) | (mantissa << 13));
}

std::string formatDouble(double v) {
  std::array<char, 32> buffer{};
  auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), v);
  return std::string(buffer.data(), end);
}

std::string formatFloat(float v) {
  std::array<char, 32> buffer{};
  auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), v);
  return std::string(buffer.data(), end);
}

uint64_t SplitMix64::next() {
  return mix(state_ += kGamma);
}

uint64_t SplitMix64::mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

BufferInit parseBufferInit(const Json &initValue, const ElementType &type, uint64_t count,
                           const std::filesystem::path &baseDir, const std::string &path) {
  requireObject(initValue, path);
  rejectUnknownKeys(initValue, path, {"fill", "range", "values", "file", "random"});
  if (initValue.size() != 1)
    failAt(path, "expected exactly one of fill, range, values, file, random");
  const std::string form = initValue.items().begin().key();
  const Json &value = initValue.items().begin().value();
  const std::string formPath = keyPath(path, form);
  const uint64_t components = componentCount(type, count, formPath);
  BufferInit init;
  if (form == "fill") {
    init.kind = BufferInit::Kind::Fill;
    init.fillBits = componentBits(parseNumber(value, formPath), type.scalar, formPath);
  } else if (form == "range") {
    init.kind = BufferInit::Kind::Range;
    parseRange(value, type, components, formPath, init);
  } else if (form == "values") {
    init.kind = BufferInit::Kind::Values;
    if (!value.is_array()) failAt(formPath, "expected a list, got " + describeJsonType(value));
    if (value.size() != components)
      failAt(formPath, "expected " + std::to_string(components) + " numbers (" +
                           std::to_string(count) + " × " + type.name() + "), got " +
                           std::to_string(value.size()));
    init.valueBits.reserve(value.size());
    for (size_t i = 0; i < value.size(); ++i) {
      std::string itemPath = indexPath(formPath, i);
      init.valueBits.push_back(
          componentBits(parseNumber(value[i], itemPath), type.scalar, itemPath));
    }
  } else if (form == "file") {
    init.kind = BufferInit::Kind::File;
    init.fileSpelling = readString(value, formPath);
    init.file = baseDir / init.fileSpelling;
    uint64_t size = requireReadableFile(init.file, init.fileSpelling, formPath);
    if (size != count * type.size())
      failAt(formPath, "'" + init.fileSpelling + "' has " + std::to_string(size) +
                           " bytes, the buffer has " + std::to_string(count * type.size()));
  } else {
    init.kind = BufferInit::Kind::Random;
    parseRandom(value, type, formPath, init);
  }
  return init;
}

std::vector<std::byte> initialContents(const ElementType &type, uint64_t count,
                                       const BufferInit &init, const std::string &path) {
  std::vector<std::byte> bytes(count * type.size());
  writeInitialContents(type, count, init, path, bytes);
  return bytes;
}

void writeInitialContents(const ElementType &type, uint64_t count, const BufferInit &init,
                          const std::string &path, std::span<std::byte> out, const StopCheck &stop,
                          uint32_t threads) {
  const uint64_t size = count * type.size();
  const uint32_t componentSize = type.componentSize();
  const ScalarType scalar = type.scalar;
  if (out.size() != size) throw Error(path + ": buffer size does not match its contents");
  switch (init.kind) {
  case BufferInit::Kind::None:
    return; // already zero
  case BufferInit::Kind::File: {
    readFileBytes(init, out, keyPath(path, "file"));
    return;
  }
  default:
    break;
  }
  std::byte *data = out.data();
  switch (init.kind) {
  case BufferInit::Kind::Fill:
    writeFill(type, count, init, stop, path, threads, data);
    break;
  case BufferInit::Kind::Values:
    forEachComponent(type, count, stop, path, threads, [&](uint64_t at, uint64_t k) {
      storeComponent(data + at, init.valueBits[k], componentSize);
    });
    break;
  case BufferInit::Kind::Range: {
    // float and double: the common benchmark case, converted without the
    // general fitting path (a range of floats always fits).
    if (type.width == 1 && scalar == ScalarType::Float) {
      writeFloatRange<float>(data, count, init, stop, path, threads);
      break;
    }
    if (type.width == 1 && scalar == ScalarType::Double) {
      writeFloatRange<double>(data, count, init, stop, path, threads);
      break;
    }
    if (scalar == ScalarType::Float || scalar == ScalarType::Double) {
      forEachComponent(type, count, stop, path, threads, [&](uint64_t at, uint64_t k) {
        const double v = init.rangeStart + static_cast<double>(k) * init.rangeStep;
        if (scalar == ScalarType::Float)
          storeComponent(data + at, std::bit_cast<uint32_t>(static_cast<float>(v)), 4);
        else
          storeComponent(data + at, std::bit_cast<uint64_t>(v), 8);
      });
      break;
    }
    if (!isFloatType(scalar)) {
      auto write = [&](auto zero) {
        writeIntegerRange<decltype(zero)>(type, data, count, init, stop, path, threads);
      };
      if (componentSize == 1)
        write(uint8_t{});
      else if (componentSize == 2)
        write(uint16_t{});
      else if (componentSize == 4)
        write(uint32_t{});
      else
        write(uint64_t{});
      break;
    }
    const std::string rangePath = keyPath(path, "range"); // half
    forEachComponent(type, count, stop, path, threads, [&](uint64_t at, uint64_t k) {
      double v = init.rangeStart + static_cast<double>(k) * init.rangeStep;
      storeComponent(data + at, componentBitsFromDouble(v, scalar, rangePath), componentSize);
    });
    break;
  }
  case BufferInit::Kind::Random: {
    const std::string randomPath = keyPath(path, "random");
    const uint64_t mask = lowMask(componentSize * 8);
    const uint64_t span = init.randomMaxInt - init.randomMinInt; // wraps as two's complement
    forEachComponent(type, count, stop, path, threads, [&](uint64_t at, uint64_t k) {
      const uint64_t x = SplitMix64::output(init.randomSeed, k);
      uint64_t bits = 0;
      if (isFloatType(scalar)) {
        const double u = static_cast<double>(x >> 11) * 0x1p-53;
        const double v = init.randomMinReal * (1 - u) + init.randomMaxReal * u;
        bits = componentBitsFromDouble(v, scalar, randomPath);
      } else {
        const uint64_t offset =
            span == UINT64_MAX
                ? x
                : static_cast<uint64_t>((static_cast<unsigned __int128>(x) * (span + 1)) >> 64);
        bits = (init.randomMinInt + offset) & mask;
      }
      storeComponent(data + at, bits, componentSize);
    });
    break;
  }
  default:
    break;
  }
}

std::vector<std::byte> scalarArgumentBytes(const ElementType &type, const Json &value,
                                           const std::string &path) {
  std::vector<std::byte> bytes(type.size());
  if (type.width == 1) {
    storeComponent(bytes.data(), componentBits(parseNumber(value, path), type.scalar, path),
                   type.componentSize());
    return bytes;
  }
  if (!value.is_array() || value.size() != type.width)
    failAt(path, "expected a list of " + std::to_string(type.width) + " numbers for " +
                     type.name() + ", got " + describeJsonType(value));
  for (uint32_t c = 0; c < type.width; ++c) {
    std::string itemPath = indexPath(path, c);
    storeComponent(bytes.data() + uint64_t{c} * type.componentSize(),
                   componentBits(parseNumber(value[c], itemPath), type.scalar, itemPath),
                   type.componentSize());
  }
  return bytes;
}

uint64_t loadComponent(const std::byte *src, uint32_t size) {
  uint64_t bits = 0;
  for (uint32_t i = 0; i < size; ++i) bits |= static_cast<uint64_t>(src[i]) << (8 * i);
  return bits;
}

void storeComponent(std::byte *dst, uint64_t bits, uint32_t size) {
  if constexpr (std::endian::native == std::endian::little) {
    switch (size) { // the low `size` bytes of `bits`, as one store
    case 1:
      *dst = static_cast<std::byte>(bits);
      return;
    case 2: {
      const uint16_t v = static_cast<uint16_t>(bits);
      std::memcpy(dst, &v, 2);
      return;
    }
    case 4: {
      const uint32_t v = static_cast<uint32_t>(bits);
      std::memcpy(dst, &v, 4);
      return;
    }
    case 8:
      std::memcpy(dst, &bits, 8);
      return;
    default:
      break;
    }
  }
  for (uint32_t i = 0; i < size; ++i) dst[i] = static_cast<std::byte>(bits >> (8 * i));
}

} // namespace spvsim::runfile
