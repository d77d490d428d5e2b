// JSON access for the run-file parser: reading a file with line/column syntax
// errors and duplicate-key detection, key paths (`buffers.a.init`,
// `args[2]`), and typed reads that fail with "<key path>: <problem>".
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>

#include "spvsim/runfile/values.h"

namespace spvsim::runfile {

/// How deeply JSON values may nest in a run file.
inline constexpr size_t kMaxJsonDepth = 64;

/// Parses JSON text with comments (`//` to the end of the line, `/* ... */`), as JSONC
/// allows them; trailing commas are syntax errors. Syntax errors, duplicate keys and values nested
/// deeper than kMaxJsonDepth raise spvsim::Error starting with `sourceName` and the line and
/// column, or with the key path of the duplicate key or of the too deep value.
Json parseJsonText(std::string_view text, const std::string &sourceName);

/// `parent.key`, or `key` at the top level.
std::string keyPath(std::string_view parent, std::string_view key);
/// `parent[index]`.
std::string indexPath(std::string_view parent, size_t index);

/// "a string", "a number", "a list", ... for messages.
std::string describeJsonType(const Json &value);

/// Fails with "<path>: expected an object, got …" unless `value` is an object.
void requireObject(const Json &value, const std::string &path);
/// Fails with "<path>.<key>: unknown key" for the first key not in `allowed`.
void rejectUnknownKeys(const Json &object, const std::string &path,
                       std::initializer_list<std::string_view> allowed);
/// Fails with "<path>.<key>: required" unless the object has the key.
const Json &requireKey(const Json &object, const std::string &path, std::string_view key);

std::string readString(const Json &value, const std::string &path);
/// A whole number in [min, max] (integral JSON floats such as 1e3 are accepted).
uint64_t readWholeNumber(const Json &value, const std::string &path, uint64_t min = 0,
                         uint64_t max = UINT64_MAX);

/// Fails with "<path>: cannot open '<spelling>'" unless the file can be read; returns its size.
uint64_t requireReadableFile(const std::filesystem::path &file, std::string_view spelling,
                             const std::string &path);

} // namespace spvsim::runfile
