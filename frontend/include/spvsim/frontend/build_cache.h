// The build cache: compiled SPIR-V modules on disk, keyed by everything a compile
// depends on (source and its name, options, embedded headers, device facts, the
// current folder, the front end's version) and checked against the content of every
// file the compile included.
// Entries are written whole and renamed into place; unreadable entries are ignored;
// the folder is kept under a size bound by removing the least recently used entries.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "spvsim/frontend/frontend.h"

namespace spvsim::frontend {

class BuildCache {
public:
  /// A cache in `folder` (created when needed) of at most `maxBytes` of entries.
  BuildCache(std::filesystem::path folder, uint64_t maxBytes);

  /// The cache the environment asks for: $XDG_CACHE_HOME/spvsim (default
  /// ~/.cache/spvsim), at most SPVSIM_CACHE_SIZE bytes (default 256 MiB; k, M, G =
  /// 1000^n, KiB, MiB, GiB = 1024^n); nullopt when SPVSIM_CACHE is "off" or "0" or
  /// there is no home folder.
  static std::optional<BuildCache> fromEnvironment();

  /// The cached result of this compile: a successful one whose included files still
  /// have the contents they had; nullopt otherwise.
  std::optional<CompileResult> find(const CompileInput &input, const DeviceFacts &device) const;
  /// Stores a successful result (failures are not cached); errors are ignored.
  void store(const CompileInput &input, const DeviceFacts &device,
             const CompileResult &result) const;

  const std::filesystem::path &folder() const { return folder_; }
  uint64_t maxBytes() const { return maxBytes_; }

private:
  void evict() const;

  std::filesystem::path folder_;
  uint64_t maxBytes_;
};

/// compile() through `cache` (when given): a hit returns the stored result, a miss
/// compiles and stores it.
CompileResult compile(const CompileInput &input, const DeviceFacts &device,
                      const BuildCache *cache);

/// The text that identifies a compile (every input and the front end's version).
std::string cacheKey(const CompileInput &input, const DeviceFacts &device);

} // namespace spvsim::frontend
