// A buffer's `"expect"` (docs/run-files.md, "Expectations"): the contents it must hold
// after the last launch, given as `init` gives contents (values, file, fill, range),
// with a tolerance (`ulp`, `abs` or `rel`; exact without one). A buffer that differs is
// an expect.mismatch finding naming the first differing elements: a run file becomes a
// regression test.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>

#include "spvsim/common/finding.h"
#include "spvsim/runfile/values.h"

namespace spvsim::runfile {

struct Tolerance {
  enum class Kind { Exact, Ulp, Abs, Rel };
  Kind kind = Kind::Exact;
  double amount = 0;

  std::string describe() const; ///< "exact", "2 ulp", "abs 0.001", "rel 1e-06"
};

struct BufferExpectation {
  BufferInit contents; ///< what the buffer must hold, as `init` would fill it
  Tolerance tolerance;
};

/// The tolerance of an `"expect"` object (`ulp`, `abs` or `rel`, at most one; exact
/// without one); `contents` receives its other keys. Errors name the key.
Tolerance parseTolerance(const Json &expect, const std::string &path, Json &contents);

/// Parses `"expect"` of a buffer of `count` elements of `type`: one of `values`, `file`,
/// `fill`, `range` (as `init` takes them) and at most one of `ulp` (whole number of
/// units in the last place; integers: the largest difference), `abs`, `rel` (a
/// non-negative number).
BufferExpectation parseExpectation(const Json &expect, const ElementType &type, uint64_t count,
                                   const std::filesystem::path &baseDir, const std::string &path);

/// Whether one component `got` matches `expected` (both as stored, zero-extended bits).
/// Floating point: NaN matches any NaN, infinities only themselves, +0 matches -0.
bool componentMatches(ScalarType type, uint64_t got, uint64_t expected, const Tolerance &tolerance);

/// The expect.mismatch finding of buffer `name` holding `got`, or nullopt when every
/// element matches. Its message counts the differing elements; its notes show the
/// first ten with the value got and the value expected.
std::optional<Finding> checkExpectation(const std::string &name, const ElementType &type,
                                        uint64_t count, const BufferExpectation &expectation,
                                        std::span<const std::byte> got);

} // namespace spvsim::runfile
