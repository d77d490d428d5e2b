// Typed values of run files: element types (uint, float4, ...), the numbers a
// run file may give for them ("nan", "inf", "0x…" strings included), their
// conversion to component bits (IEEE binary16 for half), and the initial
// contents of a buffer (fill, range, values, file, random).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace spvsim::runfile {

/// Run files are parsed keeping the order of object keys (buffers print in file order).
using Json = nlohmann::ordered_json;

/// Asked now and then during long work (initialising or printing a large buffer): true
/// stops the work with spvsim::Interrupted. Empty: never stop.
using StopCheck = std::function<bool()>;

/// Throws spvsim::Error "<path>: <message>" (the run file's JSON key path first).
[[noreturn]] void failAt(std::string_view path, std::string_view message);

enum class ScalarType : uint8_t {
  Char,
  UChar,
  Short,
  UShort,
  Int,
  UInt,
  Long,
  ULong,
  Half,
  Float,
  Double
};

uint32_t scalarSize(ScalarType t);
bool isFloatType(ScalarType t);
bool isSignedType(ScalarType t); ///< signed integer types only
const char *scalarName(ScalarType t);

/// A buffer element or by-value argument type: a scalar with a vector width.
struct ElementType {
  ScalarType scalar = ScalarType::Int;
  uint32_t width = 1; ///< components: 1, 2, 3, 4, 8 or 16

  uint32_t componentSize() const { return scalarSize(scalar); }
  /// Components in memory: a vec3 is laid out as a vec4 whose last lane is padding.
  uint32_t storedComponents() const { return width == 3 ? 4 : width; }
  uint64_t size() const { return uint64_t{componentSize()} * storedComponents(); }
  std::string name() const; ///< e.g. "float4"
  bool operator==(const ElementType &) const = default;
};

/// `float`, `uint4`, `half16`, ...; nullopt for anything else.
std::optional<ElementType> parseElementType(std::string_view name);

/// A number as a run file spells it, before conversion to a type.
struct Number {
  enum class Kind : uint8_t { Signed, Unsigned, Real };
  Kind kind = Kind::Unsigned;
  int64_t asSigned = 0;
  uint64_t asUnsigned = 0;
  double asReal = 0;
  std::string spelling; ///< for messages

  static Number ofSigned(int64_t v, std::string spelling);
  static Number ofUnsigned(uint64_t v, std::string spelling);
  static Number ofReal(double v, std::string spelling);
  /// The value as a double (rounded for integers beyond 2^53).
  double toDouble() const;
};

/// A JSON number, or one of the strings "nan", "inf", "-inf" (any case) and
/// "0x…"/"-0x…" (hexadecimal integers up to 64 bits).
Number parseNumber(const Json &value, const std::string &path);

/// The bits of `n` as one component of type `t`, zero-extended to 64 bits. Integers must
/// be whole and in range; floats are rounded to nearest, but a finite value whose rounding
/// overflows to infinity does not fit. Throws "<path>: 300 does not fit uchar".
uint64_t componentBits(const Number &n, ScalarType t, const std::string &path);
/// The same for a value computed in double (range and random initialisation).
uint64_t componentBitsFromDouble(double v, ScalarType t, const std::string &path);

/// Which integers an integer of some width accepts.
enum class IntegerRange { Signed, Unsigned, Either };
/// The low `bits` bits of an integer that fits `bits` bits of the given range.
uint64_t integerBits(const Number &n, uint32_t bits, IntegerRange range,
                     const std::string &typeName, const std::string &path);

/// IEEE binary16 bits of `v`, correctly rounded (to nearest, ties to even).
uint16_t doubleToHalfBits(double v);
/// The value of IEEE binary16 bits (exact in float).
float halfBitsToFloat(uint16_t bits);

/// Shortest text that reads back as the same double / float (std::to_chars).
std::string formatDouble(double v);
std::string formatFloat(float v);

/// splitmix64: the pseudo-random generator of `random` initialisation. Defined by its
/// arithmetic alone, so the same seed gives the same buffer on every platform.
class SplitMix64 {
public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t next();
  /// What the k-th call of next() (k from 0) returns for `seed`, without the k calls.
  static uint64_t output(uint64_t seed, uint64_t k) { return mix(seed + (k + 1) * kGamma); }

private:
  static constexpr uint64_t kGamma = 0x9e3779b97f4a7c15;
  static uint64_t mix(uint64_t z);
  uint64_t state_;
};

/// A buffer's `init`, checked against its type and count when parsed.
struct BufferInit {
  enum class Kind { None, Fill, Range, Values, File, Random };
  Kind kind = Kind::None;
  uint64_t fillBits = 0; ///< Fill: every component
  double rangeStart = 0; ///< Range: component k = start + k·step, in double
  double rangeStep = 0;
  std::vector<uint64_t> valueBits; ///< Values: count × width components, flattened
  std::filesystem::path file;      ///< File: resolved path
  std::string fileSpelling;        ///< File: as written, for messages
  uint64_t randomSeed = 0;         ///< Random: splitmix64 seed
  uint64_t randomMinInt = 0;       ///< Random, integer types: bounds as 64-bit two's
  uint64_t randomMaxInt = 0;       ///<   complement (sign-extended for signed types)
  double randomMinReal = 0;        ///< Random, float types
  double randomMaxReal = 0;
};

/// Parses the `init` object of a buffer of `count` elements of `type`. `baseDir` resolves
/// a file; a file must be readable and hold exactly the buffer's bytes.
BufferInit parseBufferInit(const Json &init, const ElementType &type, uint64_t count,
                           const std::filesystem::path &baseDir, const std::string &path);

/// The initial bytes of a buffer (little-endian components; vec3 padding lanes zero).
/// Kind::None gives zeros. Random: component k (flattened, padding excluded) takes the
/// k-th splitmix64 output x; integers become min + ((x · (max − min + 1)) >> 64), floats
/// min·(1 − u) + max·u in double with u = (x >> 11)·2⁻⁵³, then rounded to the type.
std::vector<std::byte> initialContents(const ElementType &type, uint64_t count,
                                       const BufferInit &init, const std::string &path);
/// Writes the initial contents into a zero-filled buffer of exactly the buffer's size,
/// asking `stop` every million components or so (spvsim::Interrupted when it says stop),
/// on up to `threads` threads (0: one per hardware thread; every count gives the same
/// bytes).
void writeInitialContents(const ElementType &type, uint64_t count, const BufferInit &init,
                          const std::string &path, std::span<std::byte> out,
                          const StopCheck &stop = {}, uint32_t threads = 1);

/// The bytes of a by-value argument of `type`: one number, or a list of `width` numbers
/// for a vector (vec3 takes 3 and is stored with a zero padding lane).
std::vector<std::byte> scalarArgumentBytes(const ElementType &type, const Json &value,
                                           const std::string &path);

/// Reads a little-endian component of `size` bytes.
uint64_t loadComponent(const std::byte *src, uint32_t size);
/// Writes the low `size` bytes of `bits` little-endian.
void storeComponent(std::byte *dst, uint64_t bits, uint32_t size);

} // namespace spvsim::runfile
