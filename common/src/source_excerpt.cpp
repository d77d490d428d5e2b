// SourceExcerpts: source lines with a caret under the column, for findings.
#include "spvsim/common/source_excerpt.h"

#include <fstream>

namespace spvsim {

namespace {
/// Files larger than this are not read for excerpts.
constexpr std::streamoff kMaxSourceBytes = 16 << 20;

std::string withoutCarriageReturn(std::string text) {
  if (!text.empty() && text.back() == '\r') text.pop_back();
  return text;
}
} // namespace

void SourceExcerpts::setText(const std::string &file, std::string_view text) {
  std::vector<std::string> lines;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    lines.push_back(withoutCarriageReturn(std::string(text.substr(0, end))));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  }
  files_[file] = std::move(lines);
}

const std::vector<std::string> *SourceExcerpts::lines(const std::string &file) {
  auto it = files_.find(file);
  if (it == files_.end()) {
    std::optional<std::vector<std::string>> read;
    std::ifstream in(file, std::ios::binary | std::ios::ate);
    if (in && in.tellg() >= 0 && in.tellg() <= kMaxSourceBytes) {
      in.seekg(0);
      read.emplace();
      for (std::string text; std::getline(in, text);)
        read->push_back(withoutCarriageReturn(std::move(text)));
      if (in.bad()) read.reset();
    }
    it = files_.emplace(file, std::move(read)).first;
  }
  return it->second ? &*it->second : nullptr;
}

std::optional<std::string> SourceExcerpts::line(const std::string &file, uint32_t line) {
  const std::vector<std::string> *all = lines(file);
  if (!all || line == 0 || line > all->size()) return std::nullopt;
  return (*all)[line - 1];
}

std::string SourceExcerpts::excerpt(const SourceLocation &location, const std::string &indent) {
  std::optional<std::string> text = line(location.file, location.line);
  if (!text) return "";
  const std::string number = std::to_string(location.line);
  std::string out = indent + number + " | " + *text + "\n";
  if (location.column == 0 || location.column > text->size() + 1) return out;
  // The caret keeps the line's tabs so that it lines up however tabs are shown.
  std::string pad;
  for (uint32_t i = 0; i + 1 < location.column; ++i) pad += (*text)[i] == '\t' ? '\t' : ' ';
  return out + indent + std::string(number.size(), ' ') + " | " + pad + "^\n";
}

} // namespace spvsim
