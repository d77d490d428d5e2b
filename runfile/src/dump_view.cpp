// Shaped, ranged and summarised dumps of a buffer (dump_view.h).
#include "spvsim/runfile/dump_view.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "spvsim/common/error.h"
#include "spvsim/runfile/buffer_text.h"
#include "spvsim/runfile/json.h"
#include "spvsim/runfile/oclgrind_dump.h"

namespace spvsim::runfile {

namespace {

/// Values the summary shows after "first:".
constexpr uint64_t kSummaryFirstValues = 8;

double componentAsDouble(ScalarType type, uint64_t bits) {
  // formatComponent's text reads back as the value: one definition of a component.
  return std::stod(formatComponent(type, bits));
}

std::string elementText(const ElementType &type, const std::byte *element) {
  std::string text = type.width > 1 ? "(" : "";
  for (uint32_t c = 0; c < type.width; ++c) {
    if (c) text += ", ";
    text += formatComponent(
        type.scalar, loadComponent(element + c * type.componentSize(), type.componentSize()));
  }
  return type.width > 1 ? text + ")" : text;
}

void writeSummary(std::ostream &out, const ElementType &type, uint64_t first, uint64_t count,
                  std::span<const std::byte> bytes, const StopCheck &stop) {
  double min = std::numeric_limits<double>::infinity(), max = -min, sum = 0;
  uint64_t nans = 0, numbers = 0;
  for (uint64_t i = first; i < first + count; ++i) {
    if (stop && i % (1u << 20) == 0 && stop()) throw Interrupted("summing up a buffer");
    const std::byte *element = bytes.data() + i * type.size();
    for (uint32_t c = 0; c < type.width; ++c) {
      const uint64_t bits = loadComponent(element + c * type.componentSize(), type.componentSize());
      const double v = isFloatType(type.scalar)    ? componentAsDouble(type.scalar, bits)
                       : isSignedType(type.scalar) ? std::stod(formatComponent(type.scalar, bits))
                                                   : static_cast<double>(bits);
      if (std::isnan(v)) {
        ++nans;
        continue;
      }
      min = std::min(min, v), max = std::max(max, v), sum += v, ++numbers;
    }
  }
  if (numbers)
    out << "  min " << formatDouble(min) << ", max " << formatDouble(max) << ", mean "
        << formatDouble(sum / static_cast<double>(numbers)) << ", nan " << nans << "\n";
  else
    out << "  no numbers, nan " << nans << "\n";
  out << "  first:";
  for (uint64_t i = first; i < first + std::min(count, kSummaryFirstValues); ++i)
    out << (i == first ? " " : ", ") << elementText(type, bytes.data() + i * type.size());
  out << "\n";
}

} // namespace

DumpView parseDumpView(const Json &dump, uint64_t count, std::string &file,
                       const std::string &path) {
  requireObject(dump, path);
  rejectUnknownKeys(dump, path, {"file", "shape", "range", "summary"});
  DumpView view;
  if (auto it = dump.find("file"); it != dump.end()) {
    file = readString(*it, keyPath(path, "file"));
    if (file.empty()) failAt(keyPath(path, "file"), "expected a file path");
  }
  if (auto it = dump.find("shape"); it != dump.end()) {
    const std::string shapePath = keyPath(path, "shape");
    if (!it->is_array() || it->empty() || it->size() > 2)
      failAt(shapePath, "expected [width] or [height, width], got " + describeJsonType(*it));
    view.width = readWholeNumber(it->back(), indexPath(shapePath, it->size() - 1), 1);
    view.height = it->size() == 2 ? readWholeNumber((*it)[0], indexPath(shapePath, 0), 1)
                                  : (count + view.width - 1) / view.width;
    if (view.height > count / view.width + (count % view.width != 0) ||
        (it->size() == 2 && view.height * view.width > count))
      failAt(shapePath, std::to_string(view.height) + " × " + std::to_string(view.width) +
                            " is more than the buffer's " + std::to_string(count) + " elements");
  }
  if (auto it = dump.find("range"); it != dump.end()) {
    const std::string rangePath = keyPath(path, "range");
    if (!it->is_array() || it->empty() || it->size() > 2)
      failAt(rangePath, "expected [first] or [first, count], got " + describeJsonType(*it));
    const uint64_t units = view.width ? view.height : count;
    const char *unit = view.width ? "rows" : "elements";
    view.first = readWholeNumber((*it)[0], indexPath(rangePath, 0));
    if (view.first >= units)
      failAt(indexPath(rangePath, 0), std::to_string(view.first) + " is not below the " +
                                          std::to_string(units) + " " + unit);
    if (it->size() == 2) {
      view.count = readWholeNumber((*it)[1], indexPath(rangePath, 1), 1);
      if (*view.count > units - view.first)
        failAt(indexPath(rangePath, 1), "only " + std::to_string(units - view.first) + " " + unit +
                                            " from " + std::to_string(view.first));
    }
  }
  if (auto it = dump.find("summary"); it != dump.end()) {
    if (!it->is_boolean())
      failAt(keyPath(path, "summary"), "expected true or false, got " + describeJsonType(*it));
    view.summary = it->get<bool>();
  }
  return view;
}

void writeDumpView(std::ostream &out, std::string_view name, const ElementType &type,
                   uint64_t count, std::span<const std::byte> bytes, const DumpView &view,
                   const StopCheck &stop) {
  count = std::min<uint64_t>(count, bytes.size() / type.size());
  if (view.style == DumpView::Style::Oclgrind)
    return writeOclgrindDump(out, name, type.scalar, count * type.storedComponents(), bytes,
                             view.hex, stop);
  if (view.plain()) return writeBufferText(out, name, type, count, bytes, stop);
  const uint64_t units = view.width ? view.height : count;
  const uint64_t first = view.first, taken = view.count.value_or(units - first);
  out << name << ": " << type.name() << "[";
  if (view.width)
    out << view.height << ", " << view.width;
  else
    out << count;
  out << "]";
  if (first || taken != units)
    out << " " << (view.width ? "rows " : "elements ") << first << " to " << first + taken - 1;
  if (view.summary) {
    out << " summary\n";
    const uint64_t elementsFirst = view.width ? first * view.width : first;
    const uint64_t elements =
        view.width ? std::min(taken * view.width, count - elementsFirst) : taken;
    writeSummary(out, type, elementsFirst, elements, bytes, stop);
    return;
  }
  out << "\n";
  const uint64_t perLine =
      view.width ? view.width : (type.width == 1 ? 8 : std::max<uint32_t>(1, 8 / type.width));
  const uint64_t lastUnit = first + taken;
  const uint64_t labels = view.width ? lastUnit - 1 : std::min(count, lastUnit) - 1;
  const size_t labelWidth = std::to_string(labels).size();
  std::string line;
  uint64_t lines = 0;
  // Without a shape, lines hold perLine elements starting at `first`; with one, a line is
  // a row and is labelled with its row number.
  const uint64_t endElement = view.width ? std::min(count, lastUnit * view.width) : lastUnit;
  for (uint64_t start = view.width ? first * view.width : first; start < endElement;
       start += perLine) {
    if (stop && ++lines % 4096 == 0 && stop())
      throw Interrupted("printing buffer '" + std::string(name) + "'");
    const std::string label = std::to_string(view.width ? start / view.width : start);
    line.assign("  ");
    line.append(labelWidth - std::min(labelWidth, label.size()), ' ');
    line += label + ": ";
    const uint64_t end = std::min(endElement, start + perLine);
    for (uint64_t i = start; i < end; ++i) {
      if (i != start) line += ", ";
      line += elementText(type, bytes.data() + i * type.size());
    }
    out << line << "\n";
  }
}

} // namespace spvsim::runfile
