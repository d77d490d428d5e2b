// Cache folders (spvsim/common/cache_folder.h).
#include "spvsim/common/cache_folder.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <map>
#include <mutex>
#include <vector>

namespace spvsim::cache {

namespace {
/// A temporary of writeEntry: "<name>.tmp.<pid>.<n>".
constexpr std::string_view kTemporary = ".tmp.";
} // namespace

void putField(std::string &out, std::string_view field) {
  const uint64_t size = field.size();
  for (int i = 0; i < 8; ++i) out += static_cast<char>((size >> (8 * i)) & 0xff);
  out += field;
}

void putNumber(std::string &out, uint64_t value) {
  putField(out, std::to_string(value));
}

bool FieldReader::next(std::string_view &field) {
  if (data_.size() < 8) return false;
  uint64_t size = 0;
  for (int i = 0; i < 8; ++i) size |= uint64_t{static_cast<unsigned char>(data_[i])} << (8 * i);
  if (size > data_.size() - 8) return false;
  field = data_.substr(8, size);
  data_.remove_prefix(8 + size);
  return true;
}

bool FieldReader::number(uint64_t &value) {
  std::string_view field;
  if (!next(field) || field.empty() || field.size() > 20) return false;
  value = 0;
  for (char c : field) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + uint64_t(c - '0');
  }
  return true;
}

bool FieldReader::text(std::string &value) {
  std::string_view field;
  if (!next(field)) return false;
  value = field;
  return true;
}

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

bool writeEntry(const std::filesystem::path &folder, const std::string &name,
                std::string_view data) {
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error) return false;
  static std::atomic<uint64_t> counter{0};
  const std::filesystem::path temporary =
      folder /
      (name + std::string(kTemporary) + std::to_string(getpid()) + "." + std::to_string(counter++));
  {
    std::ofstream out(temporary, std::ios::binary);
    out.write(data.data(), static_cast<std::streamsize>(data.size()));
    if (!out) {
      out.close();
      std::filesystem::remove(temporary, error);
      return false;
    }
  }
  std::filesystem::rename(temporary, folder / name, error);
  if (error) {
    std::filesystem::remove(temporary, error);
    return false;
  }
  return true;
}

uint64_t evict(const std::filesystem::path &folder, const std::string &extension,
               uint64_t maxBytes) {
  struct Entry {
    std::filesystem::path path;
    uint64_t size;
    std::filesystem::file_time_type used;
  };
  std::vector<Entry> entries;
  uint64_t total = 0;
  std::error_code error;
  const auto now = std::filesystem::file_time_type::clock::now();
  const std::string temporary = extension + std::string(kTemporary);
  for (const auto &item : std::filesystem::directory_iterator(folder, error)) {
    std::error_code itemError;
    if (!item.is_regular_file(itemError)) continue;
    if (item.path().filename().string().find(temporary) != std::string::npos) {
      // Left by a process that ended while it wrote; an hour is beyond any write.
      if (now - item.last_write_time(itemError) > std::chrono::hours(1) && !itemError)
        std::filesystem::remove(item.path(), itemError);
      continue;
    }
    if (item.path().extension() != extension) continue;
    const uint64_t size = item.file_size(itemError);
    if (itemError) continue;
    const auto used = item.last_write_time(itemError);
    if (itemError) continue;
    entries.push_back({item.path(), size, used});
    total += size;
  }
  if (total <= maxBytes) return total;
  std::sort(entries.begin(), entries.end(),
            [](const Entry &a, const Entry &b) { return a.used < b.used; });
  // Down to seven eighths of the bound: a folder left just under it is over it again at
  // the next write, and each write then scanned the whole folder.
  const uint64_t target = maxBytes - maxBytes / 8;
  for (const Entry &entry : entries) {
    if (total <= target) break;
    if (std::filesystem::remove(entry.path, error)) total -= entry.size;
  }
  return total;
}

void evictAfterWrite(const std::filesystem::path &folder, const std::string &extension,
                     uint64_t maxBytes, uint64_t written) {
  // What the last scan of the folder found, plus what this process wrote since.
  struct Estimate {
    bool scanned = false;
    uint64_t total = 0, sinceScan = 0;
  };
  static std::mutex mutex;
  static std::map<std::string, Estimate> estimates;
  const std::lock_guard lock(mutex);
  Estimate &e = estimates[folder.string() + '\n' + extension];
  e.total += written, e.sinceScan += written;
  // Other processes write to the folder too: a scan at least every sixteenth of the
  // bound, so that the folder exceeds it by little, and one scan per 16 MiB written
  // at the default bound instead of one per entry.
  if (e.scanned && e.total <= maxBytes && e.sinceScan <= maxBytes / 16) return;
  e.total = evict(folder, extension, maxBytes);
  e.sinceScan = 0, e.scanned = true;
}

} // namespace spvsim::cache
