// The build cache (see spvsim/frontend/build_cache.h). An entry, <sha256 of the key>.spv:
//   "spvsim-build-cache 1\n", then length-prefixed fields (8-byte little-endian lengths):
//   the key, the build log, the dependency count and per dependency its path and the
//   SHA-256 of its content, then the SPIR-V words to the end of the file.
#include "spvsim/frontend/build_cache.h"

#include <llvm/ADT/ArrayRef.h>
#include <llvm/Support/SHA256.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <unistd.h>
#include <vector>

namespace spvsim::frontend {

namespace {

constexpr const char *kMagic = "spvsim-build-cache 1\n";
constexpr uint64_t kDefaultMaxBytes = uint64_t{256} << 20;

std::string sha256(std::string_view data) {
  const std::array<uint8_t, 32> digest = llvm::SHA256::hash(
      llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(data.data()), data.size()));
  static constexpr char kHex[] = "0123456789abcdef";
  std::string text;
  for (uint8_t byte : digest) {
    text += kHex[byte >> 4];
    text += kHex[byte & 15];
  }
  return text;
}

void putField(std::string &out, std::string_view field) {
  uint64_t size = field.size();
  for (int i = 0; i < 8; ++i) out += static_cast<char>((size >> (8 * i)) & 0xff);
  out += field;
}

/// Reads fields written by putField; false at the end or on a malformed field.
class FieldReader {
public:
  explicit FieldReader(std::string_view data) : data_(data) {}
  bool next(std::string_view &field) {
    if (data_.size() < 8) return false;
    uint64_t size = 0;
    for (int i = 0; i < 8; ++i) size |= uint64_t{static_cast<unsigned char>(data_[i])} << (8 * i);
    if (size > data_.size() - 8) return false;
    field = data_.substr(8, size);
    data_.remove_prefix(8 + size);
    return true;
  }
  std::string_view rest() const { return data_; }

private:
  std::string_view data_;
};

// One read of the whole file (a stream iterator takes a call per byte: a third of a
// cached build of a large program went there).
bool readWhole(const std::filesystem::path &file, std::string &out) {
  std::ifstream in(file, std::ios::binary | std::ios::ate);
  if (!in) return false;
  const std::streamoff size = in.tellg();
  if (size < 0) return false;
  out.resize(static_cast<size_t>(size));
  in.seekg(0);
  in.read(out.data(), size);
  return in.gcount() == size;
}

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
  const std::filesystem::path file = folder_ / (sha256(key) + ".spv");
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
    if (!readWhole(std::string(path), content) || sha256(content) != hash) return std::nullopt;
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
    putField(data, sha256(content));
  }
  data.append(reinterpret_cast<const char *>(result.spirv.data()), result.spirv.size() * 4);
  if (data.size() > maxBytes_) return;

  std::error_code error;
  std::filesystem::create_directories(folder_, error);
  if (error) return;
  // Written whole under a name of its own, then renamed: a reader in another process
  // sees the old entry, no entry, or the new one, never half of one.
  static std::atomic<unsigned> counter{0};
  const std::string name = sha256(key) + ".spv";
  const std::filesystem::path temporary =
      folder_ / (name + ".tmp." + std::to_string(getpid()) + "." + std::to_string(counter++));
  {
    std::ofstream out(temporary, std::ios::binary);
    out.write(data.data(), static_cast<std::streamsize>(data.size()));
    if (!out) {
      out.close();
      std::filesystem::remove(temporary, error);
      return;
    }
  }
  std::filesystem::rename(temporary, folder_ / name, error);
  if (error) {
    std::filesystem::remove(temporary, error);
    return;
  }
  evict();
}

void BuildCache::evict() const {
  struct Entry {
    std::filesystem::path path;
    uint64_t size;
    std::filesystem::file_time_type used;
  };
  std::vector<Entry> entries;
  uint64_t total = 0;
  std::error_code error;
  const auto now = std::filesystem::file_time_type::clock::now();
  for (const auto &item : std::filesystem::directory_iterator(folder_, error)) {
    std::error_code itemError;
    if (!item.is_regular_file(itemError)) continue;
    if (item.path().filename().string().find(".spv.tmp.") != std::string::npos) {
      // Left by a process that ended while it wrote; an hour is beyond any write.
      if (now - item.last_write_time(itemError) > std::chrono::hours(1) && !itemError)
        std::filesystem::remove(item.path(), itemError);
      continue;
    }
    if (item.path().extension() != ".spv") continue;
    const uint64_t size = item.file_size(itemError);
    if (itemError) continue;
    const auto used = item.last_write_time(itemError);
    if (itemError) continue;
    entries.push_back({item.path(), size, used});
    total += size;
  }
  if (total <= maxBytes_) return;
  std::sort(entries.begin(), entries.end(),
            [](const Entry &a, const Entry &b) { return a.used < b.used; });
  for (const Entry &entry : entries) {
    if (total <= maxBytes_) break;
    if (std::filesystem::remove(entry.path, error)) total -= entry.size;
  }
}

CompileResult compile(const CompileInput &input, const DeviceFacts &device,
                      const BuildCache *cache) {
  if (cache)
    if (std::optional<CompileResult> hit = cache->find(input, device)) return std::move(*hit);
  CompileResult result = compile(input, device);
  if (cache) cache->store(input, device, result);
  return result;
}

} // namespace spvsim::frontend
