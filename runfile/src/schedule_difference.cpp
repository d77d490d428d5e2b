// Schedule differences (schedule_difference.h): comparing a run's results under two
// schedules, and the nondeterminism.* findings.
#include "spvsim/runfile/schedule_difference.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "spvsim/runfile/buffer_text.h"

namespace spvsim::runfile {

namespace {

double floatValue(ScalarType type, uint64_t bits) {
  switch (type) {
  case ScalarType::Half:
    return halfBitsToFloat(static_cast<uint16_t>(bits));
  case ScalarType::Float:
    return std::bit_cast<float>(static_cast<uint32_t>(bits));
  default:
    return std::bit_cast<double>(bits);
  }
}

/// Half the significand's bits, leading one included: the bits two sums of the same
/// terms in different orders are taken to agree in.
int roundingBits(ScalarType type) {
  switch (type) {
  case ScalarType::Half:
    return 5; // 11 bits
  case ScalarType::Float:
    return 12; // 24 bits
  default:
    return 26; // 53 bits
  }
}

std::string elementText(const ElementType &type, std::span<const std::byte> bytes,
                        uint64_t element) {
  const uint32_t size = type.componentSize();
  std::string text;
  for (uint32_t c = 0; c < type.width; ++c) {
    const uint64_t offset = (element * type.storedComponents() + c) * size;
    text += (c ? ", " : "") + formatComponent(type.scalar, loadComponent(&bytes[offset], size));
  }
  return type.width > 1 ? "(" + text + ")" : text;
}

std::string quoted(const std::string &line) {
  return line == "(no line)" ? line : "'" + line + "'";
}

/// "ordered" and "shuffle:5", and how many schedules differ: the finding's notes.
void addScheduleNotes(Finding &f, const ScheduleComparison &s) {
  f.notes.push_back(std::to_string(s.differing) + " of " + std::to_string(s.compared) +
                    " schedules compared with " + s.first + " give a different result");
  f.notes.push_back("replay each with --threads 1 and --schedule " + s.first + ", or --schedule " +
                    s.second);
}

} // namespace

bool hasFloatAtomics(const Module &module) {
  return std::any_of(module.instructions().begin(), module.instructions().end(),
                     [](const Instruction &inst) {
                       switch (inst.opcode) {
                       case spv::Op::OpAtomicFAddEXT:
                       case spv::Op::OpAtomicFMinEXT:
                       case spv::Op::OpAtomicFMaxEXT:
                       case spv::Op::OpAtomicCompareExchange:
                       case spv::Op::OpAtomicCompareExchangeWeak:
                         return true;
                       default:
                         return false;
                       }
                     });
}

bool differsOnlyByRounding(ScalarType type, uint64_t a, uint64_t b) {
  if (!isFloatType(type)) return a == b;
  const double x = floatValue(type, a), y = floatValue(type, b);
  if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
  if (x == y) return true;
  if (!std::isfinite(x) || !std::isfinite(y)) return false;
  return std::fabs(x - y) <= std::ldexp(std::max(std::fabs(x), std::fabs(y)), -roundingBits(type));
}

std::optional<BufferDifference> compareBuffers(const ElementType &type, uint64_t count,
                                               std::span<const std::byte> first,
                                               std::span<const std::byte> second) {
  const uint32_t size = type.componentSize();
  BufferDifference d;
  d.onlyRounding = isFloatType(type.scalar);
  for (uint64_t e = 0; e < count; ++e) {
    bool differs = false;
    for (uint32_t c = 0; c < type.width; ++c) {
      const uint64_t offset = (e * type.storedComponents() + c) * size;
      if (offset + size > first.size() || offset + size > second.size()) break;
      const uint64_t a = loadComponent(&first[offset], size);
      const uint64_t b = loadComponent(&second[offset], size);
      if (a == b) continue;
      differs = true;
      d.onlyRounding = d.onlyRounding && differsOnlyByRounding(type.scalar, a, b);
    }
    if (!differs) continue;
    if (d.elements++ == 0) {
      d.firstElement = e;
      d.firstText = elementText(type, first, e);
      d.secondText = elementText(type, second, e);
    }
  }
  if (!d.elements) return std::nullopt;
  return d;
}

std::optional<ImageDifference> compareImages(const ImageSpec &image,
                                             std::span<const std::byte> first,
                                             std::span<const std::byte> second) {
  ImageDifference d;
  d.onlyRounding =
      std::all_of(image.channels.begin(), image.channels.end(),
                  [](const TexelChannel &c) { return !c.packed() && isFloatType(c.scalar); });
  const uint64_t texels = image.texelCount(), bytes = texelBytes(image.image.format);
  for (uint64_t t = 0; t < texels; ++t) {
    const uint64_t offset = image.texelOffset(t);
    if (offset + bytes > first.size() || offset + bytes > second.size()) break;
    bool differs = false;
    for (const TexelChannel &channel : image.channels) {
      const uint64_t a = loadChannel(channel, first.data() + offset);
      const uint64_t b = loadChannel(channel, second.data() + offset);
      if (a == b) continue;
      differs = true;
      d.onlyRounding = d.onlyRounding && differsOnlyByRounding(channel.scalar, a, b);
    }
    if (!differs) continue;
    if (d.texels++ == 0) {
      d.firstTexel = t;
      d.firstText = texelText(image, first.data() + offset);
      d.secondText = texelText(image, second.data() + offset);
    }
  }
  if (!d.texels) return std::nullopt;
  return d;
}

std::optional<TextDifference> compareOutputs(std::string_view first, std::string_view second) {
  if (first == second) return std::nullopt;
  TextDifference d;
  d.line = 1;
  for (;;) {
    const size_t a = first.find('\n'), b = second.find('\n');
    const std::string_view lineA = first.substr(0, a), lineB = second.substr(0, b);
    const bool endA = a == std::string_view::npos, endB = b == std::string_view::npos;
    if (lineA != lineB) {
      d.firstLine = first.empty() && endA ? "(no line)" : lineA;
      d.secondLine = second.empty() && endB ? "(no line)" : lineB;
      return d;
    }
    if (endA != endB) { // one ends with this line, the other goes on
      ++d.line;
      d.firstLine = endA ? "(no line)" : first.substr(a + 1, first.find('\n', a + 1) - a - 1);
      d.secondLine = endB ? "(no line)" : second.substr(b + 1, second.find('\n', b + 1) - b - 1);
      return d;
    }
    first.remove_prefix(a + 1);
    second.remove_prefix(b + 1);
    ++d.line;
  }
}

Finding bufferDifferenceFinding(const std::string &name, const ElementType &type,
                                const BufferDifference &difference,
                                const ScheduleComparison &schedules) {
  Finding f;
  const bool rounding = difference.onlyRounding && schedules.floatAtomics;
  f.kind = rounding ? "nondeterminism.rounding" : "nondeterminism.result";
  f.severity = rounding ? Severity::Warning : Severity::Error;
  f.message =
      "buffer '" + name + "' " +
      (rounding ? "differs between schedules only by rounding" : "depends on the schedule") + ": " +
      name + "[" + std::to_string(difference.firstElement) + "] is " + difference.firstText +
      " under " + schedules.first + " and " + difference.secondText + " under " + schedules.second +
      " (" + std::to_string(difference.elements) +
      (difference.elements == 1 ? " element differs)" : " elements differ)");
  if (rounding)
    f.message += "; the kernels have atomics that may add floating-point values, in an order "
                 "the schedule decides";
  f.memory = MemoryRef{"global", name, difference.firstElement * type.size(), type.size()};
  f.elementType = type.name();
  f.elementSize = static_cast<uint32_t>(type.size());
  addScheduleNotes(f, schedules);
  return f;
}

Finding imageDifferenceFinding(const ImageSpec &image, const ImageDifference &difference,
                               const ScheduleComparison &schedules) {
  Finding f;
  const bool rounding = difference.onlyRounding && schedules.floatAtomics;
  f.kind = rounding ? "nondeterminism.rounding" : "nondeterminism.result";
  f.severity = rounding ? Severity::Warning : Severity::Error;
  f.message =
      "image '" + image.name + "' " +
      (rounding ? "differs between schedules only by rounding" : "depends on the schedule") +
      ": texel " + image.coordinateText(difference.firstTexel) + " (" +
      channelNames(image.channels) + ") is " + difference.firstText + " under " + schedules.first +
      " and " + difference.secondText + " under " + schedules.second + " (" +
      std::to_string(difference.texels) +
      (difference.texels == 1 ? " texel differs)" : " texels differ)");
  if (rounding)
    f.message += "; the kernels have atomics that may add floating-point values, in an order "
                 "the schedule decides";
  const uint32_t bytes = texelBytes(image.image.format);
  f.memory = MemoryRef{"global", image.name, image.texelOffset(difference.firstTexel), bytes};
  addScheduleNotes(f, schedules);
  return f;
}

Finding outputDifferenceFinding(const TextDifference &difference,
                                const ScheduleComparison &schedules) {
  Finding f;
  f.kind = "nondeterminism.result";
  f.severity = Severity::Error;
  f.message = "printf output depends on the schedule: line " + std::to_string(difference.line) +
              " is " + quoted(difference.firstLine) + " under " + schedules.first + " and " +
              quoted(difference.secondLine) + " under " + schedules.second;
  addScheduleNotes(f, schedules);
  return f;
}

} // namespace spvsim::runfile
