// Expectations of buffers (expectation.h): parsing `"expect"`, comparing components
// with a tolerance, and the expect.mismatch finding.
#include "spvsim/runfile/expectation.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "spvsim/runfile/buffer_text.h"
#include "spvsim/runfile/json.h"

namespace spvsim::runfile {

namespace {

/// Differing elements shown in the finding's notes.
constexpr uint64_t kShownMismatches = 10;

double componentValue(ScalarType type, uint64_t bits) {
  switch (type) {
  case ScalarType::Half:
    return halfBitsToFloat(static_cast<uint16_t>(bits));
  case ScalarType::Float: {
    float f;
    const uint32_t b = static_cast<uint32_t>(bits);
    std::memcpy(&f, &b, 4);
    return f;
  }
  case ScalarType::Double: {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  default:
    break;
  }
  const uint32_t width = scalarSize(type) * 8;
  if (isSignedType(type) && width < 64 && (bits >> (width - 1) & 1))
    return static_cast<double>(static_cast<int64_t>(bits | ~uint64_t{0} << width));
  if (isSignedType(type)) return static_cast<double>(static_cast<int64_t>(bits));
  return static_cast<double>(bits);
}

/// Floating-point bits mapped to integers that are ordered like the values, so that
/// the distance of two is the number of representable values between them.
int64_t orderedFloatBits(ScalarType type, uint64_t bits) {
  const uint32_t width = scalarSize(type) * 8;
  const uint64_t sign = uint64_t{1} << (width - 1);
  const int64_t magnitude = static_cast<int64_t>(bits & (sign - 1));
  return bits & sign ? -magnitude : magnitude;
}

bool integerMatches(ScalarType type, uint64_t got, uint64_t expected, const Tolerance &t) {
  if (got == expected) return true;
  const double a = componentValue(type, got), b = componentValue(type, expected);
  const double diff = std::fabs(a - b);
  switch (t.kind) {
  case Tolerance::Kind::Exact:
    return false;
  case Tolerance::Kind::Ulp:
  case Tolerance::Kind::Abs:
    return diff <= t.amount;
  case Tolerance::Kind::Rel:
    return diff <= t.amount * std::fabs(b);
  }
  return false;
}

std::string componentText(ScalarType type, uint64_t bits) {
  return formatComponent(type, bits);
}

} // namespace

std::string Tolerance::describe() const {
  switch (kind) {
  case Kind::Exact:
    return "exact";
  case Kind::Ulp:
    return formatDouble(amount) + " ulp";
  case Kind::Abs:
    return "abs " + formatDouble(amount);
  case Kind::Rel:
    return "rel " + formatDouble(amount);
  }
  return "";
}

Tolerance parseTolerance(const Json &expect, const std::string &path, Json &contents) {
  requireObject(expect, path);
  Tolerance tolerance;
  contents = Json::object();
  const char *given = nullptr;
  for (const auto &item : expect.items()) {
    const std::string &key = item.key();
    if (key != "ulp" && key != "abs" && key != "rel") {
      contents[key] = item.value();
      continue;
    }
    const std::string keyPathText = keyPath(path, key);
    if (given)
      failAt(keyPathText, std::string("'") + given + "' and '" + key + "' cannot be combined");
    given = key == "ulp" ? "ulp" : key == "abs" ? "abs" : "rel";
    if (key == "ulp") {
      tolerance.kind = Tolerance::Kind::Ulp;
      tolerance.amount = static_cast<double>(readWholeNumber(item.value(), keyPathText));
    } else {
      const Json &v = item.value();
      if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0)
        failAt(keyPathText, "expected a number 0 or more, got " + describeJsonType(v));
      tolerance.kind = key == "abs" ? Tolerance::Kind::Abs : Tolerance::Kind::Rel;
      tolerance.amount = v.get<double>();
    }
  }
  return tolerance;
}

BufferExpectation parseExpectation(const Json &expect, const ElementType &type, uint64_t count,
                                   const std::filesystem::path &baseDir, const std::string &path) {
  requireObject(expect, path);
  rejectUnknownKeys(expect, path,
                    {"values", "file", "fill", "range", "random", "ulp", "abs", "rel"});
  BufferExpectation out;
  Json contents;
  out.tolerance = parseTolerance(expect, path, contents);
  if (contents.empty()) failAt(path, "expected one of values, file, fill, range");
  out.contents = parseBufferInit(contents, type, count, baseDir, path);
  return out;
}

bool componentMatches(ScalarType type, uint64_t got, uint64_t expected,
                      const Tolerance &tolerance) {
  if (!isFloatType(type)) return integerMatches(type, got, expected, tolerance);
  const double a = componentValue(type, got), b = componentValue(type, expected);
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (a == b) return true; // +0 and -0 too
  if (std::isinf(a) || std::isinf(b)) return false;
  switch (tolerance.kind) {
  case Tolerance::Kind::Exact:
    return false;
  case Tolerance::Kind::Ulp: {
    const int64_t x = orderedFloatBits(type, got), y = orderedFloatBits(type, expected);
    const double distance = std::fabs(static_cast<double>(x) - static_cast<double>(y));
    return distance <= tolerance.amount;
  }
  case Tolerance::Kind::Abs:
    return std::fabs(a - b) <= tolerance.amount;
  case Tolerance::Kind::Rel:
    return std::fabs(a - b) <= tolerance.amount * std::fabs(b);
  }
  return false;
}

std::optional<Finding> checkExpectation(const std::string &name, const ElementType &type,
                                        uint64_t count, const BufferExpectation &expectation,
                                        std::span<const std::byte> got) {
  const std::string path = keyPath(keyPath("buffers", name), "expect");
  const std::vector<std::byte> expected = initialContents(type, count, expectation.contents, path);
  const uint32_t size = type.componentSize();
  uint64_t mismatches = 0;
  Finding f;
  for (uint64_t e = 0; e < count; ++e) {
    bool differs = false;
    std::string gotText, expectedText;
    for (uint32_t c = 0; c < type.width; ++c) {
      const uint64_t offset = (e * type.storedComponents() + c) * size;
      const uint64_t g = loadComponent(got.data() + offset, size);
      const uint64_t x = loadComponent(expected.data() + offset, size);
      differs = differs || !componentMatches(type.scalar, g, x, expectation.tolerance);
      gotText += (c ? ", " : "") + componentText(type.scalar, g);
      expectedText += (c ? ", " : "") + componentText(type.scalar, x);
    }
    if (!differs) continue;
    if (++mismatches <= kShownMismatches) {
      if (type.width > 1) gotText = "(" + gotText + ")", expectedText = "(" + expectedText + ")";
      f.notes.push_back(name + "[" + std::to_string(e) + "]: got " + gotText + ", expected " +
                        expectedText);
    }
  }
  if (!mismatches) return std::nullopt;
  if (mismatches > kShownMismatches)
    f.notes.push_back("... and " + std::to_string(mismatches - kShownMismatches) + " more");
  f.kind = "expect.mismatch";
  f.severity = Severity::Error;
  f.message = "buffer '" + name + "': " + std::to_string(mismatches) + " of " +
              std::to_string(count) + " elements (" + type.name() +
              ") differ from \"expect\" (tolerance: " + expectation.tolerance.describe() + ")";
  return f;
}

} // namespace spvsim::runfile
