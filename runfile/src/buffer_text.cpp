// The text form of a buffer (see buffer_text.h for the format).
#include "spvsim/runfile/buffer_text.h"

#include <algorithm>
#include <bit>
#include <sstream>

#include "spvsim/common/error.h"

namespace spvsim::runfile {

std::string formatComponent(ScalarType type, uint64_t bits) {
  switch (type) {
  case ScalarType::Half:
    return formatFloat(halfBitsToFloat(static_cast<uint16_t>(bits)));
  case ScalarType::Float:
    return formatFloat(std::bit_cast<float>(static_cast<uint32_t>(bits)));
  case ScalarType::Double:
    return formatDouble(std::bit_cast<double>(bits));
  default:
    break;
  }
  if (!isSignedType(type)) return std::to_string(bits);
  const uint32_t width = scalarSize(type) * 8;
  const uint64_t signBit = uint64_t{1} << (width - 1);
  const uint64_t extended = width >= 64 ? bits : (bits ^ signBit) - signBit;
  return std::to_string(static_cast<int64_t>(extended));
}

std::string formatBufferText(std::string_view name, const ElementType &type, uint64_t count,
                             std::span<const std::byte> bytes) {
  std::ostringstream text;
  writeBufferText(text, name, type, count, bytes);
  return text.str();
}

void writeBufferText(std::ostream &out, std::string_view name, const ElementType &type,
                     uint64_t count, std::span<const std::byte> bytes, const StopCheck &stop) {
  constexpr uint64_t kLinesPerStopCheck = 4096;
  out << name << ": " << type.name() << "[" << count << "]\n";
  const uint64_t elementSize = type.size();
  count = std::min<uint64_t>(count, bytes.size() / elementSize);
  const uint64_t perLine = type.width == 1 ? 8 : std::max<uint32_t>(1, 8 / type.width);
  const size_t indexWidth = count == 0 ? 1 : std::to_string(count - 1).size();
  std::string line;
  uint64_t lines = 0;
  for (uint64_t first = 0; first < count; first += perLine) {
    if (stop && ++lines % kLinesPerStopCheck == 0 && stop())
      throw Interrupted("printing buffer '" + std::string(name) + "'");
    std::string index = std::to_string(first);
    line.assign("  ");
    line.append(indexWidth - index.size(), ' ');
    line += index + ": ";
    const uint64_t last = std::min(count, first + perLine);
    for (uint64_t i = first; i < last; ++i) {
      if (i != first) line += ", ";
      const std::byte *element = bytes.data() + i * elementSize;
      if (type.width > 1) line += "(";
      for (uint32_t c = 0; c < type.width; ++c) {
        if (c) line += ", ";
        line += formatComponent(
            type.scalar, loadComponent(element + c * type.componentSize(), type.componentSize()));
      }
      if (type.width > 1) line += ")";
    }
    line += "\n";
    out << line;
  }
}

} // namespace spvsim::runfile
