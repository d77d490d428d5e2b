// How `"dump": {...}` prints a buffer (docs/run-files.md, "Dumps"): in rows of a shape
// (`"shape": [height, width]`), a range of it (`"range": [first, count]`, in elements,
// or in rows with a shape), or a summary (`"summary": true`: min, max, mean, NaN count,
// first values). `"dump": true` is the plain text of buffer_text.h.
//
//   img: float[512, 512] rows 0 to 1
//     0: 0, 1, 2, ...
//     1: 512, 513, ...
//
//   c: float[1024] summary
//     min 0, max 3069, mean 1534.5, nan 0
//     first: 0, 3, 6, 9, 12, 15, 18, 21
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "spvsim/runfile/values.h"

namespace spvsim::runfile {

struct DumpView {
  /// Spvsim: the text above; Oclgrind: oclgrind-kernel's (oclgrind_dump.h), the dumps of a
  /// `.sim` file.
  enum class Style : uint8_t { Spvsim, Oclgrind };
  uint64_t height = 0, width = 0; ///< "shape"; width 0: no shape
  uint64_t first = 0;             ///< "range": first element (row with a shape)
  std::optional<uint64_t> count;  ///< "range": how many; nullopt: to the end
  bool summary = false;
  Style style = Style::Spvsim;
  bool hex = false; ///< Oclgrind style: integers in hexadecimal (a `.sim` header's `hex`)

  bool plain() const { return !width && !count && !first && !summary && style == Style::Spvsim; }
};

/// Parses the object form of `dump` for a buffer of `count` elements; its `file` key,
/// when there, is returned through `file`. Errors name the key.
DumpView parseDumpView(const Json &dump, uint64_t count, std::string &file,
                       const std::string &path);

/// Prints `bytes` (`count` elements of `type`) as `view` says; asks `stop` now and then.
void writeDumpView(std::ostream &out, std::string_view name, const ElementType &type,
                   uint64_t count, std::span<const std::byte> bytes, const DumpView &view,
                   const StopCheck &stop = {});

} // namespace spvsim::runfile
