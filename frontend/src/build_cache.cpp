// The build cache (see spvsim/frontend/build_cache.h). An entry, <sha256 of the key>.spv:
//   "spvsim-build-cache 1\n", then length-prefixed fields (8-byte little-endian lengths):
//   the key, the build log, the dependency count and per dependency its path and the
//   SHA-256 of its content, then the SPIR-V words to the end of the file.
#include "spvsim/frontend/build_cache.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "sha256.h"
#include "spvsim/common/cache_folder.h"

namespace spvsim::frontend {

using cache::FieldReader;
using cache::putField;
using cache::readWhole;

namespace {

constexpr const char *kMagic = "spvsim-build-cache 1\n";
constexpr uint64_t kDefaultMaxBytes = uint64_t{256} << 20;

/// A size in the units of the runtime's other SPVSIM_* sizes: bytes, k, M, G (1000^n),
/// KiB, MiB, GiB (1024^n); the default when it cannot be read.
uint64_t parseSize(const char *text) {
  if (!text || *text < '0' || *text > '9') return kDefaultMaxBytes;
  char *end = nullptr;
  const unsigned long long value = std::strtoull(text, &end, 10);
  const std::string suffix = end;
  static const std::pair<const char *, uint64_t> kUnits[] = {{"", 1},
                                                             {"k", 1000},
                                                             {"M", 1000000},
                                                             {"G", 1000000000},
                                                             {"KiB", 1 << 10},
                                                             {"MiB", uint64_t{1} << 20},
                                                             {"GiB", uint64_t{1} << 30}};
  for (const auto &[name, unit] : kUnits)
    if (suffix == name) return value * unit;
  return kDefaultMaxBytes;
}

} // namespace

std::string cacheKey(const CompileInput &input, const DeviceFacts &device) {
  std::string key;
  putField(key, version());
  putField(key, input.sourceName);
  putField(key, input.source);
  putField(key, std::to_string(input.headers.size()));
  for (const auto &[name, text] : input.headers) {
    putField(key, name);
    putField(key, text);
  }
  putField(key, std::to_string(input.options.size()));
  for (const std::string &o : input.options) putField(key, o);
  putField(key, input.clStd);
  putField(key, input.optimize ? "O2" : "O0");
  putField(key, input.debugInfo ? "g" : "lines");
  putField(key, std::to_string(input.maxSpirvVersion));
  // Locations below the current folder are relative to it (compile.cpp): the module
  // depends on where it was compiled.
  std::error_code noFolder;
  putField(key, std::filesystem::current_path(noFolder).string());
  putField(key, std::to_string(input.lastIncludeFolders.size()));
  for (const std::string &f : input.lastIncludeFolders) putField(key, f);
  putField(key, std::to_string(device.addressBits));
  putField(key, std::to_string(device.extensionOptions.size()));
  for (const std::string &o : device.extensionOptions) putField(key, o);
  putField(key, device.prelude);
  return key;
}

BuildCache::BuildCache(std::filesystem::path folder, uint64_t maxBytes)
    : folder_(std::move(folder)), maxBytes_(maxBytes) {}

std::optional<BuildCache> BuildCache::fromEnvironment() {
  const char *setting = std::getenv("SPVSIM_CACHE");
  if (setting && (std::strcmp(setting, "off") == 0 || std::strcmp(setting, "0") == 0))
    return std::nullopt;
  std::filesystem::path folder;
  const char *xdg = std::getenv("XDG_CACHE_HOME");
  const char *home = std::getenv("HOME");
  if (xdg && *xdg == '/')
    folder = std::filesystem::path(xdg) / "spvsim";
  else if (home && *home)
    folder = std::filesystem::path(home) / ".cache" / "spvsim";
  else
    return std::nullopt;
  return BuildCache(folder, parseSize(std::getenv("SPVSIM_CACHE_SIZE")));
}

std::optional<CompileResult> BuildCache::find(const CompileInput &input,
                                              const DeviceFacts &device) const {
  const std::string key = cacheKey(input, device);
  const std::filesystem::path file = folder_ / (sha256Hex(key) + ".spv");
  std::string data;
  if (!readWhole(file, data) || data.rfind(kMagic, 0) != 0) return std::nullopt;
  FieldReader reader(std::string_view(data).substr(std::strlen(kMagic)));
  std::string_view storedKey, log, count;
  if (!reader.next(storedKey) || storedKey != key || !reader.next(log) || !reader.next(count))
    return std::nullopt;
  CompileResult result;
  result.log = std::string(log);
  const unsigned long dependencies = std::strtoul(std::string(count).c_str(), nullptr, 10);
  for (unsigned long i = 0; i < dependencies; ++i) {
    std::string_view path, hash;
    if (!reader.next(path) || !reader.next(hash)) return std::nullopt;
    std::string content;
    if (!readWhole(std::string(path), content) || sha256Hex(content) != hash) return std::nullopt;
    result.includedFiles.emplace_back(std::string(path), std::move(content));
  }
  const std::string_view words = reader.rest();
  if (words.empty() || words.size() % 4 != 0) return std::nullopt;
  result.spirv.resize(words.size() / 4);
  std::memcpy(result.spirv.data(), words.data(), words.size());
  result.ok = true;
  // Recently used: eviction removes the entries used least recently first.
  std::error_code ignored;
  std::filesystem::last_write_time(file, std::filesystem::file_time_type::clock::now(), ignored);
  return result;
}

void BuildCache::store(const CompileInput &input, const DeviceFacts &device,
                       const CompileResult &result) const {
  if (!result.ok || result.spirv.empty()) return;
  const std::string key = cacheKey(input, device);
  std::string data = kMagic;
  putField(data, key);
  putField(data, result.log);
  putField(data, std::to_string(result.includedFiles.size()));
  for (const auto &[path, content] : result.includedFiles) {
    putField(data, path);
    putField(data, sha256Hex(content));
  }
  data.append(reinterpret_cast<const char *>(result.spirv.data()), result.spirv.size() * 4);
  if (data.size() > maxBytes_) return;

  if (!cache::writeEntry(folder_, sha256Hex(key) + ".spv", data)) return;
  cache::evictAfterWrite(folder_, ".spv", maxBytes_, data.size());
}

void BuildCache::evict() const {
  cache::evict(folder_, ".spv", maxBytes_);
}

} // namespace spvsim::frontend
