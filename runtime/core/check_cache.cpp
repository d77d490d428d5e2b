// The check cache (see check_cache.h). An entry, <hash of its key>.check:
//   "spvsim-check-cache 1\n", then length-prefixed fields (8-byte little-endian lengths):
//   the context (build id, device, specialization constants), the module's words, the
//   kernel count, and per kernel its name, __local and private bytes, program-scope
//   variables (count, then name, size, constant), why it cannot run, and its flags.
// A hit compares the whole key, words included, so the hash only names the file.
#include "core/check_cache.h"

#include <dlfcn.h>
#include <link.h>

#include <algorithm>
#include <cstring>
#include <memory>

#include "spvsim/common/cache_folder.h"
#include "spvsim/frontend/build_cache.h"

namespace spvsim::runtime {

using cache::FieldReader;
using cache::putField;
using cache::putNumber;
using cache::readWhole;

namespace {

constexpr const char *kCheckCacheMagic = "spvsim-check-cache 1\n";

// --- The build id of the object this code is linked into (GNU .note.gnu.build-id).

struct BuildIdSearch {
  uintptr_t address = 0;
  std::string id;
};

int findBuildId(dl_phdr_info *info, size_t, void *data) {
  auto &search = *static_cast<BuildIdSearch *>(data);
  bool mine = false;
  for (ElfW(Half) i = 0; i < info->dlpi_phnum && !mine; ++i) {
    const ElfW(Phdr) &p = info->dlpi_phdr[i];
    const uintptr_t start = info->dlpi_addr + p.p_vaddr;
    mine = p.p_type == PT_LOAD && search.address >= start && search.address < start + p.p_memsz;
  }
  if (!mine) return 0;
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &p = info->dlpi_phdr[i];
    if (p.p_type != PT_NOTE) continue;
    const auto *at = reinterpret_cast<const unsigned char *>(info->dlpi_addr + p.p_vaddr);
    const unsigned char *end = at + p.p_memsz;
    while (at + sizeof(ElfW(Nhdr)) <= end) {
      ElfW(Nhdr) note;
      std::memcpy(&note, at, sizeof note);
      const unsigned char *name = at + sizeof note;
      const unsigned char *desc = name + ((note.n_namesz + 3) & ~3u);
      if (desc + note.n_descsz > end) break;
      if (note.n_type == NT_GNU_BUILD_ID && note.n_namesz == 4 &&
          std::memcmp(name, "GNU", 4) == 0) {
        static constexpr char kHex[] = "0123456789abcdef";
        for (uint32_t k = 0; k < note.n_descsz; ++k)
          search.id += kHex[desc[k] >> 4], search.id += kHex[desc[k] & 15];
        return 1;
      }
      at = desc + ((note.n_descsz + 3) & ~3u);
    }
  }
  return 1;
}

/// The build id of spvsim's own code ("" when the linker gave it none): any change to
/// the code that validates or lowers changes it.
const std::string &ownBuildId() {
  static const std::string id = [] {
    BuildIdSearch search;
    search.address = reinterpret_cast<uintptr_t>(&findBuildId);
    dl_iterate_phdr(findBuildId, &search);
    return search.id;
  }();
  return id;
}

// --- Entries (fields: spvsim/common/cache_folder.h)

std::string_view wordBytes(const std::vector<uint32_t> &words) {
  return {reinterpret_cast<const char *>(words.data()), words.size() * sizeof(uint32_t)};
}

/// The file name of an entry: two 64-bit multiplicative hashes of its key.
std::string entryName(std::string_view context, const std::vector<uint32_t> &words) {
  uint64_t a = 0xcbf29ce484222325u, b = 0x9e3779b97f4a7c15u;
  auto mix = [&](uint32_t w) {
    a = (a ^ w) * 0x100000001b3u;
    b = (b + w) * 0xff51afd7ed558ccdu;
    b ^= b >> 29;
  };
  for (char c : context) mix(static_cast<unsigned char>(c));
  for (uint32_t w : words) mix(w);
  char name[40];
  std::snprintf(name, sizeof name, "%016llx%016llx", static_cast<unsigned long long>(a),
                static_cast<unsigned long long>(b));
  return std::string(name) + ".check";
}

std::string encodeKernels(const std::vector<KernelCheck> &kernels) {
  std::string out;
  putNumber(out, kernels.size());
  for (const KernelCheck &k : kernels) {
    putField(out, k.name);
    putNumber(out, k.resources.localBytes);
    putNumber(out, k.resources.privateBytes);
    putNumber(out, k.resources.programVariables.size());
    for (const ProgramVariable &v : k.resources.programVariables) {
      putField(out, v.name);
      putNumber(out, v.size);
      putNumber(out, v.constant ? 1 : 0);
    }
    putField(out, k.unsupported);
    putNumber(out, k.unsupportedIsError ? 1 : 0);
    putNumber(out, k.limit ? 1 + uint64_t(*k.limit) : 0);
  }
  return out;
}

std::optional<std::vector<KernelCheck>> decodeKernels(FieldReader &in) {
  uint64_t count = 0;
  if (!in.number(count) || count > (uint64_t(1) << 20)) return std::nullopt;
  std::vector<KernelCheck> kernels(count);
  for (KernelCheck &k : kernels) {
    uint64_t variables = 0, error = 0, limit = 0;
    if (!in.text(k.name) || !in.number(k.resources.localBytes) ||
        !in.number(k.resources.privateBytes) || !in.number(variables) ||
        variables > (uint64_t(1) << 20))
      return std::nullopt;
    k.resources.programVariables.resize(variables);
    for (ProgramVariable &v : k.resources.programVariables) {
      uint64_t constant = 0;
      if (!in.text(v.name) || !in.number(v.size) || !in.number(constant)) return std::nullopt;
      v.constant = constant != 0;
    }
    if (!in.text(k.unsupported) || !in.number(error) || !in.number(limit) ||
        limit > 1 + uint64_t(LimitError::Limit::BufferMemory))
      return std::nullopt;
    k.unsupportedIsError = error != 0;
    if (limit) k.limit = LimitError::Limit(limit - 1);
  }
  return kernels;
}

} // namespace

CheckCache::CheckCache(std::filesystem::path folder, uint64_t maxBytes)
    : folder_(std::move(folder)), maxBytes_(maxBytes) {}

const CheckCache *CheckCache::fromEnvironment() {
  static const std::unique_ptr<const CheckCache> cache = []() -> std::unique_ptr<const CheckCache> {
    if (ownBuildId().empty()) return nullptr;
    std::optional<frontend::BuildCache> build = frontend::BuildCache::fromEnvironment();
    if (!build) return nullptr;
    return std::make_unique<const CheckCache>(build->folder() / "checks", build->maxBytes());
  }();
  return cache.get();
}

std::string CheckCache::context(const DeviceDescription &device, const SpecConstants &spec) {
  std::string out;
  putField(out, ownBuildId());
  putNumber(out, uint64_t(device.version));
  putNumber(out, uint64_t(device.profile));
  putNumber(out, device.addressBits);
  putNumber(out, device.images ? 1 : 0);
  putNumber(out, device.pipes ? 1 : 0);
  putNumber(out, device.deviceEnqueue ? 1 : 0);
  putNumber(out, device.maxSpirvVersion);
  putNumber(out, device.extensions.size());
  for (const std::string &e : device.extensions) putField(out, e);
  putNumber(out, spec.size());
  for (const auto &[id, value] : spec) putNumber(out, id), putNumber(out, value);
  return out;
}

std::optional<std::vector<KernelCheck>> CheckCache::find(const std::vector<uint32_t> &words,
                                                         const DeviceDescription &device,
                                                         const SpecConstants &spec) const {
  const std::string key = context(device, spec);
  const std::filesystem::path path = folder_ / entryName(key, words);
  std::string content;
  if (!readWhole(path, content) || content.rfind(kCheckCacheMagic, 0) != 0) return std::nullopt;
  FieldReader in(std::string_view(content).substr(std::strlen(kCheckCacheMagic)));
  std::string_view storedKey, storedWords;
  if (!in.next(storedKey) || storedKey != key || !in.next(storedWords) ||
      storedWords != wordBytes(words))
    return std::nullopt;
  std::optional<std::vector<KernelCheck>> kernels = decodeKernels(in);
  if (kernels) {
    // Recently used: eviction removes the entries used longest ago.
    std::error_code error;
    std::filesystem::last_write_time(path, std::filesystem::file_time_type::clock::now(), error);
  }
  return kernels;
}

void CheckCache::store(const std::vector<uint32_t> &words, const DeviceDescription &device,
                       const SpecConstants &spec, const std::vector<KernelCheck> &kernels) const {
  const std::string key = context(device, spec);
  std::string data = kCheckCacheMagic;
  putField(data, key);
  putField(data, wordBytes(words));
  data += encodeKernels(kernels);
  if (!cache::writeEntry(folder_, entryName(key, words), data)) return;
  cache::evictAfterWrite(folder_, ".check", maxBytes_, data.size());
}

void CheckCache::evict() const {
  cache::evict(folder_, ".check", maxBytes_);
}

} // namespace spvsim::runtime
