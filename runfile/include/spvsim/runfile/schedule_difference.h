// Schedule differences (`spvsim run --explore N`, docs/run-files.md "Exploring
// schedules"): what a run's dumped or expected buffers and images and its printf output
// hold under one schedule compared with another, and the nondeterminism.result (or, for
// floating-point results that differ only by rounding where float atomics add them,
// nondeterminism.rounding) finding that names the first difference and both schedules.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "spvsim/common/finding.h"
#include "spvsim/runfile/image_spec.h"
#include "spvsim/runfile/values.h"
#include "spvsim/validator/module.h"

namespace spvsim::runfile {

/// Whether two components of a floating-point type differ only by rounding: both NaN,
/// equal (+0 and -0 too), or both finite with |a − b| ≤ 2^−k · max(|a|, |b|), where k
/// is half the significand's bits (half 5, float 12, double 26): the leading half of
/// the significand agrees, as sums of the same terms added in another order do.
bool differsOnlyByRounding(ScalarType type, uint64_t a, uint64_t b);

/// How a buffer's contents under one schedule differ from another's.
struct BufferDifference {
  uint64_t firstElement = 0; ///< the first element that differs
  uint64_t elements = 0;     ///< elements that differ
  std::string firstText;     ///< the first differing element under the first schedule
  std::string secondText;    ///< ... and under the second
  /// The element type is floating point and every difference is only rounding.
  bool onlyRounding = false;
};

/// Compares `first` and `second`, both the contents of a buffer of `count` elements of
/// `type`, bit for bit (a vector element differs when any component does; a vec3's
/// padding is ignored). nullopt when they are equal.
std::optional<BufferDifference> compareBuffers(const ElementType &type, uint64_t count,
                                               std::span<const std::byte> first,
                                               std::span<const std::byte> second);

/// How an image's texels under one schedule differ from another's.
struct ImageDifference {
  uint64_t firstTexel = 0; ///< the first texel that differs (x fastest, then y, then z)
  uint64_t texels = 0;     ///< texels that differ
  std::string firstText;   ///< its stored channels under the first schedule: "(1, 2, 3, 4)"
  std::string secondText;  ///< ... and under the second
  /// Every channel is floating point (half, float) and every difference only rounding.
  bool onlyRounding = false;
};

/// Compares `first` and `second`, both the bytes of `image`, channel by channel (row and
/// slice padding ignored). nullopt when every texel is equal.
std::optional<ImageDifference> compareImages(const ImageSpec &image,
                                             std::span<const std::byte> first,
                                             std::span<const std::byte> second);

/// How the printf output of one schedule differs from another's: the first line (from
/// 1) that differs and both lines, without their newline ("(no line)" past the end).
struct TextDifference {
  uint64_t line = 0;
  std::string firstLine, secondLine;
};

std::optional<TextDifference> compareOutputs(std::string_view first, std::string_view second);

/// The two schedules a difference was seen between, and how many runs differed.
struct ScheduleComparison {
  std::string first;  ///< the schedule compared with, "ordered"
  std::string second; ///< the first schedule whose result differs, "shuffle:5"
  uint32_t differing; ///< schedules (other than `first`) whose result differs
  uint32_t compared;  ///< schedules compared with `first`
  bool floatAtomics;  ///< the run's kernels have atomics that may add floats
};

/// Whether the module has atomics that may add floating-point values: a float atomic
/// (OpAtomicFAddEXT, OpAtomicFMinEXT, OpAtomicFMaxEXT) or a compare-exchange, which
/// OpenCL C 1.2 code adds floats with (ScheduleComparison::floatAtomics).
bool hasFloatAtomics(const Module &module);

/// The finding of buffer `name` differing between schedules: nondeterminism.result (an
/// error), or nondeterminism.rounding (a warning) when the difference is only rounding
/// and the kernels have float atomics. Its memory names the first differing element.
Finding bufferDifferenceFinding(const std::string &name, const ElementType &type,
                                const BufferDifference &difference,
                                const ScheduleComparison &schedules);

/// The finding of `image` differing between schedules, as bufferDifferenceFinding's: its
/// memory is the first differing texel, its message names the texel's coordinates and
/// channel values under both schedules.
Finding imageDifferenceFinding(const ImageSpec &image, const ImageDifference &difference,
                               const ScheduleComparison &schedules);

/// The nondeterminism.result finding of printf output differing between schedules.
Finding outputDifferenceFinding(const TextDifference &difference,
                                const ScheduleComparison &schedules);

} // namespace spvsim::runfile
