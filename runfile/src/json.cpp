// JSON access for the run-file parser (see runfile_json.h).
#include "spvsim/runfile/json.h"

#include <cmath>
#include <fstream>
#include <set>
#include <vector>

#include "spvsim/common/error.h"

namespace spvsim::runfile {

namespace {

/// Tracks where the parser is (object keys, array indices) to name duplicate keys, and
/// stops it before values nest deeper than kMaxJsonDepth.
class DuplicateKeyChecker {
public:
  bool onEvent(Json::parse_event_t event, const Json &parsed) {
    using Event = Json::parse_event_t;
    switch (event) {
    case Event::object_start:
    case Event::array_start:
      if (frames_.size() >= kMaxJsonDepth) failTooDeep();
      frames_.push_back(Frame{event == Event::array_start, 0, {}, {}});
      break;
    case Event::key: {
      Frame &top = frames_.back();
      top.key = parsed.get<std::string>();
      if (!top.keys.insert(top.key).second) failAt(currentPath(), "duplicate key");
      break;
    }
    case Event::object_end:
    case Event::array_end:
      frames_.pop_back();
      valueDone();
      break;
    case Event::value:
      valueDone();
      break;
    }
    return true;
  }

private:
  struct Frame {
    bool isArray;
    size_t index;
    std::string key;
    std::set<std::string> keys;
  };

  void valueDone() {
    if (!frames_.empty() && frames_.back().isArray) ++frames_.back().index;
  }

  std::string currentPath(size_t frames = SIZE_MAX) const {
    std::string path;
    for (size_t i = 0; i < frames_.size() && i < frames; ++i) {
      const Frame &f = frames_[i];
      path = f.isArray ? indexPath(path, f.index) : keyPath(path, f.key);
    }
    return path;
  }

  // The parser and the tree it builds do not recurse, but copying and printing a tree do
  // (nlohmann::json copies recursively, and its ordered objects copy their values when they
  // grow): a run file is never nested deeply, so deeper text is refused while it is read.
  [[noreturn]] void failTooDeep() const {
    constexpr size_t kShownLevels = 4;
    std::string where = currentPath(kShownLevels + 1);
    if (frames_.size() > kShownLevels + 1) where += "…";
    failAt(where.empty() ? "(top level)" : where, "values nested more than " +
                                                      std::to_string(kMaxJsonDepth) +
                                                      " levels deep (a run file needs a few)");
  }

  std::vector<Frame> frames_;
};

} // namespace

Json parseJsonText(std::string_view text, const std::string &sourceName) {
  DuplicateKeyChecker checker;
  try {
    return Json::parse(
        text.begin(), text.end(),
        [&checker](int, Json::parse_event_t event, Json &parsed) {
          return checker.onEvent(event, parsed);
        },
        /*allow_exceptions=*/true, /*ignore_comments=*/true);
  } catch (const nlohmann::json::parse_error &e) {
    // "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error ..."
    std::string message = e.what();
    constexpr std::string_view marker = "parse error at ";
    if (size_t at = message.find(marker); at != std::string::npos)
      message = message.substr(at + marker.size());
    else if (size_t bracket = message.find("] "); bracket != std::string::npos)
      message = message.substr(bracket + 2);
    throw Error(sourceName + ": " + message);
  } catch (const nlohmann::json::out_of_range &e) {
    // A number beyond double's range: "[json.exception.out_of_range.406] number overflow
    // parsing '1e999'".
    std::string message = e.what();
    if (size_t bracket = message.find("] "); bracket != std::string::npos)
      message = message.substr(bracket + 2);
    throw Error(sourceName + ": " + message);
  }
}

std::string keyPath(std::string_view parent, std::string_view key) {
  std::string path(parent);
  if (!path.empty()) path += '.';
  path += key;
  return path;
}

std::string indexPath(std::string_view parent, size_t index) {
  return std::string(parent) + "[" + std::to_string(index) + "]";
}

std::string describeJsonType(const Json &value) {
  switch (value.type()) {
  case Json::value_t::null:
    return "null";
  case Json::value_t::object:
    return "an object";
  case Json::value_t::array:
    return "a list";
  case Json::value_t::string:
    return "a string";
  case Json::value_t::boolean:
    return value.get<bool>() ? "true" : "false";
  case Json::value_t::number_integer:
  case Json::value_t::number_unsigned:
  case Json::value_t::number_float:
    return "the number " + value.dump();
  default:
    return "an unexpected value";
  }
}

void requireObject(const Json &value, const std::string &path) {
  if (!value.is_object()) failAt(path, "expected an object, got " + describeJsonType(value));
}

void rejectUnknownKeys(const Json &object, const std::string &path,
                       std::initializer_list<std::string_view> allowed) {
  for (const auto &item : object.items()) {
    bool known = false;
    for (std::string_view key : allowed) known = known || key == item.key();
    if (!known) failAt(keyPath(path, item.key()), "unknown key");
  }
}

const Json &requireKey(const Json &object, const std::string &path, std::string_view key) {
  auto it = object.find(std::string(key));
  if (it == object.end()) failAt(keyPath(path, key), "required");
  return *it;
}

std::string readString(const Json &value, const std::string &path) {
  if (!value.is_string()) failAt(path, "expected a string, got " + describeJsonType(value));
  return value.get<std::string>();
}

uint64_t readWholeNumber(const Json &value, const std::string &path, uint64_t min, uint64_t max) {
  auto range = [&] {
    return std::to_string(min) + (max == UINT64_MAX ? " or more" : " to " + std::to_string(max));
  };
  uint64_t result = 0;
  if (value.is_number_unsigned()) {
    result = value.get<uint64_t>();
  } else if (value.is_number_float()) {
    double d = value.get<double>();
    if (!(d >= 0 && d < 0x1p64 && std::floor(d) == d))
      failAt(path, "expected a whole number " + range() + ", got " + value.dump());
    result = static_cast<uint64_t>(d);
  } else {
    failAt(path, "expected a whole number " + range() + ", got " + describeJsonType(value));
  }
  if (result < min || result > max)
    failAt(path, "expected a whole number " + range() + ", got " + value.dump());
  return result;
}

uint64_t requireReadableFile(const std::filesystem::path &file, std::string_view spelling,
                             const std::string &path) {
  std::error_code ec;
  bool regular = std::filesystem::is_regular_file(file, ec);
  std::ifstream in(file, std::ios::binary);
  if (!regular || !in) failAt(path, "cannot open '" + std::string(spelling) + "'");
  uint64_t size = std::filesystem::file_size(file, ec);
  if (ec) failAt(path, "cannot open '" + std::string(spelling) + "'");
  return size;
}

} // namespace spvsim::runfile
