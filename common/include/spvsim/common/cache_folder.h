// Cache folders: what the front end's build cache (frontend/build_cache.h) and the
// runtime's build-check cache (runtime/core/check_cache.h) have in common. An entry is a
// file of length-prefixed fields, written whole under a name of its own and then renamed
// (a reader in another process sees the old entry, none, or the new one, never half of
// one); the least recently used entries go first when the folder is over its size.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace spvsim::cache {

/// Appends `field` with its size (8 bytes, little-endian) before it.
void putField(std::string &out, std::string_view field);
/// Appends `value` as a decimal field.
void putNumber(std::string &out, uint64_t value);

/// Reads fields written by putField; false at the end or on a malformed field.
class FieldReader {
public:
  explicit FieldReader(std::string_view data) : data_(data) {}
  bool next(std::string_view &field);
  /// A decimal field (putNumber).
  bool number(uint64_t &value);
  bool text(std::string &value);
  /// What follows the fields read so far.
  std::string_view rest() const { return data_; }

private:
  std::string_view data_;
};

/// The whole file in one read; false when it cannot be read.
bool readWhole(const std::filesystem::path &file, std::string &out);

/// Writes `data` as `folder`/`name` (the folder is created): whole, then renamed into
/// place. False, leaving nothing behind, when it cannot.
bool writeEntry(const std::filesystem::path &folder, const std::string &name,
                std::string_view data);

/// When the entries whose names end in `extension` total more than `maxBytes`, removes the
/// least recently used (last written) of them until those left total at most seven
/// eighths of it (room for many writes before the next eviction); also temporaries of writeEntry
/// left by a process that ended while it wrote (older than an hour). Returns the bytes of the
/// entries left. A scan of the whole folder: a stat per entry.
uint64_t evict(const std::filesystem::path &folder, const std::string &extension,
               uint64_t maxBytes);

/// After this process wrote an entry of `written` bytes: evict() when the folder may be
/// over `maxBytes` — by the size the last scan found plus what this process wrote
/// since — or when a sixteenth of `maxBytes` was written since that scan. The first
/// write of a process scans. A folder of thousands of entries is thus scanned once per
/// many writes rather than at each (a build of a suite's hundreds of small programs
/// spent most of its time in stat calls there).
void evictAfterWrite(const std::filesystem::path &folder, const std::string &extension,
                     uint64_t maxBytes, uint64_t written);

} // namespace spvsim::cache
