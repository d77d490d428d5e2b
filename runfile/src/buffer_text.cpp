// The text form of a buffer (see buffer_text.h for the format).
#include "spvsim/runfile/buffer_text.h"

#include <algorithm>
#include <bit>

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
  std::string text(name);
  text += ": " + type.name() + "[" + std::to_string(count) + "]\n";
  const uint64_t elementSize = type.size();
  count = std::min<uint64_t>(count, bytes.size() / elementSize);
  const uint64_t perLine = type.width == 1 ? 8 : std::max<uint32_t>(1, 8 / type.width);
  const size_t indexWidth = count == 0 ? 1 : std::to_string(count - 1).size();
  for (uint64_t first = 0; first < count; first += perLine) {
    std::string index = std::to_string(first);
    text += "  " + std::string(indexWidth - index.size(), ' ') + index + ": ";
    const uint64_t last = std::min(count, first + perLine);
    for (uint64_t i = first; i < last; ++i) {
      if (i != first) text += ", ";
      const std::byte *element = bytes.data() + i * elementSize;
      if (type.width > 1) text += "(";
      for (uint32_t c = 0; c < type.width; ++c) {
        if (c) text += ", ";
        text += formatComponent(
            type.scalar, loadComponent(element + c * type.componentSize(), type.componentSize()));
      }
      if (type.width > 1) text += ")";
    }
    text += "\n";
  }
  return text;
}

} // namespace spvsim::runfile
