// SourceExcerpts: the source lines findings point at, printed as compilers print
// them (the line, then a caret under the column). Each file is read once, when a
// finding first names it; a file that cannot be read gives no excerpt. A source
// held in memory can be given instead of a file.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spvsim/common/finding.h"

namespace spvsim {

class SourceExcerpts {
public:
  /// The line of `location` and a caret under its column (none without a column), each
  /// line starting with `indent`; "" when the file or the line cannot be read.
  std::string excerpt(const SourceLocation &location, const std::string &indent);
  /// The text of line `line` (1-based) of `file`, or nothing when it cannot be read.
  std::optional<std::string> line(const std::string &file, uint32_t line);
  /// Takes the lines of `file` from `text` rather than from the file system: a source
  /// held in memory, such as a program the host gave as text ("input.cl").
  void setText(const std::string &file, std::string_view text);

private:
  const std::vector<std::string> *lines(const std::string &file);
  /// Per file: its lines, or nothing when it could not be read.
  std::map<std::string, std::optional<std::vector<std::string>>> files_;
};

} // namespace spvsim
