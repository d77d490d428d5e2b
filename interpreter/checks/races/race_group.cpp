// RaceGroup's own state (race_shadow.h): its start, the barrier epochs of each
// memory — global, __local and image — that work-group and sub-group barriers advance,
// and the completion of its async copies at wait_group_events (RaceGroup::view, which
// the Recorder calls per op, stays beside it in race_shadow.cpp).
#include <algorithm>

#include "checks/races/race_shadow.h"
#include "spvsim/validator/module.h"

namespace spvsim {

RaceGroup::RaceGroup(RaceShadow &shadow, const LaunchContext &launch, size_t warps)
    : shadow_(shadow), launch_(launch) {
  for (auto &e : epochs_) e.assign(warps, 0);
  if (shadow.tracked()) sync_.resize(warps);
  local_.assign(((launch.localArenaSize + 7) >> shadow.granuleShift()) + 1, 0);
  if (shadow.logsImageWrites()) imageWrites_.resize(warps);
}

void RaceGroup::start(uint64_t linearGroup) {
  groupFirst_ = uint32_t(linearGroup * shadow_.stride());
  // No epoch exceeds its memory's latest_: a group that passed no barrier or fence left
  // them 0, and the next one starts at no cost (a launch of many small groups).
  for (uint32_t m = 0; m < 3; ++m)
    if (latest_[m]) std::fill(epochs_[m].begin(), epochs_[m].end(), 0);
  lastBarrier_ = {0, 0, 0};
  latest_ = {0, 0, 0};
  unfencedBarrier_ = 0;
  std::fill(local_.begin(), local_.begin() + std::min<uint64_t>(localUsed_, local_.size()), 0);
  localUsed_ = 0;
  copies_.clear();
  for (ImageWriteLog &log : imageWrites_) log.clear();
  linearGroup_ = uint32_t(linearGroup);
  if (shadow_.tracked()) {
    std::fill(sync_.begin(), sync_.end(), WarpSync{});
    localLocations_.clear();
    localByGlobal_.clear();
    acquired_.clear();
    hints_.clear();
    groupReleases_.clear();
    releases_ = 0;
    acquiredAll_ = false;
  }
}

void RaceGroup::barrier(uint64_t scopes) {
  const auto execution = static_cast<spv::Scope>(scopes & 0xffff);
  const auto memory = static_cast<spv::Scope>((scopes >> 16) & 0xffff);
  const uint64_t semantics = scopes >> 32;
  // A sub-group barrier, or a work-group barrier whose fence reaches only the
  // sub-group, orders the work-items of each warp among themselves.
  const bool subgroup = execution == spv::Scope::Subgroup || memory == spv::Scope::Subgroup ||
                        memory == spv::Scope::Invocation;
  const bool fences[3] = {(semantics & uint64_t(spv::MemorySemanticsMask::CrossWorkgroupMemory)) !=
                              0,
                          (semantics & uint64_t(spv::MemorySemanticsMask::WorkgroupMemory)) != 0,
                          (semantics & uint64_t(spv::MemorySemanticsMask::ImageMemory)) != 0};
  if (!subgroup)
    unfencedBarrier_ =
        fences[kGlobal] ? 0 : std::max<uint8_t>(unfencedBarrier_, 1 + fences[kLocal]);
  for (uint32_t m = 0; m < 3; ++m) {
    if (!fences[m]) continue;
    if (subgroup) {
      for (uint32_t &e : epochs_[m]) latest_[m] = std::max(latest_[m], ++e);
      if (m == kGlobal)
        for (size_t w = 0; w < sync_.size() && w < epochs_[m].size(); ++w)
          sync_[w].warpBarrier = epochs_[m][w];
    } else {
      lastBarrier_[m] = latest_[m] = latest_[m] + 1;
      std::fill(epochs_[m].begin(), epochs_[m].end(), latest_[m]);
    }
  }
}

void RaceGroup::subGroupBarrier(uint32_t warp, uint64_t scopes) {
  const uint64_t semantics = scopes >> 32;
  const bool fences[3] = {(semantics & uint64_t(spv::MemorySemanticsMask::CrossWorkgroupMemory)) !=
                              0,
                          (semantics & uint64_t(spv::MemorySemanticsMask::WorkgroupMemory)) != 0,
                          (semantics & uint64_t(spv::MemorySemanticsMask::ImageMemory)) != 0};
  for (uint32_t m = 0; m < 3; ++m)
    if (fences[m] && warp < epochs_[m].size()) epochs_[m][warp] = ++latest_[m];
  if (fences[kGlobal] && warp < sync_.size() && warp < epochs_[kGlobal].size())
    sync_[warp].warpBarrier = epochs_[kGlobal][warp];
}

// OpenCL C 3.0 §6.15.8 (barrier): a barrier orders the global accesses of the group's
// work-items only with CLK_GLOBAL_MEM_FENCE among its flags.
std::string RaceGroup::unfencedBarrierOrdering() const {
  if (!unfencedBarrier_) return {};
  return std::string("no work-group barrier with the global fence between them (") +
         (unfencedBarrier_ > 1 ? "CLK_LOCAL_MEM_FENCE alone does not order global memory)"
                               : "a barrier without CLK_GLOBAL_MEM_FENCE does not order global "
                                 "memory)");
}

void RaceGroup::waitEvents() {
  const uint32_t copy = shadow_.copyItem();
  const uint32_t shift = shadow_.granuleShift();
  for (const CopyRange &c : copies_) {
    const uint32_t id = tagged::id(c.pointer);
    if (tagged::space(c.pointer) == AddressSpace::Local) {
      const race::View v = view(kLocal, copy, 1);
      for (uint64_t k = 0; k < c.count; ++k) {
        const uint64_t at = launch_.localOffsets[id] + tagged::offset(c.pointer) + k * c.stride;
        for (uint64_t g = at >> shift; g <= (at + c.bytes - 1) >> shift && g < local_.size(); ++g)
          local_[g] = race::completeCopy<race::LocalLayout>(local_[g], copy, v);
      }
      continue;
    }
    const AllocationView &a = launch_.allocations[id];
    const uint32_t root = a.parent ? a.parent : id;
    uint64_t *words = shadow_.words(root);
    if (!words) continue;
    const uint32_t rootShift = shadow_.shiftOf(root);
    const race::View v = view(kGlobal, copy, 1);
    for (uint64_t k = 0; k < c.count; ++k) {
      const uint64_t at =
          (a.parent ? a.parentOffset : 0) + tagged::offset(c.pointer) + k * c.stride;
      const uint64_t last = (at + c.bytes - 1) >> rootShift;
      // The words of one lock's page under one hold of it.
      for (uint64_t g = at >> rootShift; g <= last;) {
        const uint64_t pageEnd =
            std::min(last, (g >> RaceShadow::kWordsPerLock << RaceShadow::kWordsPerLock) +
                               (uint64_t(1) << RaceShadow::kWordsPerLock) - 1);
        std::atomic<uint32_t> &lock = shadow_.lock(root, g);
        if (shadow_.locking()) race::lockSpin(lock);
        for (; g <= pageEnd; ++g) {
          std::atomic_ref<uint64_t> word(words[g]);
          const uint64_t w = word.load(std::memory_order_relaxed);
          const uint64_t n = race::completeCopy<race::GlobalLayout>(w, groupFirst_ + copy, v);
          if (n != w) word.store(n, std::memory_order_relaxed);
        }
        if (shadow_.locking()) lock.store(0, std::memory_order_release);
      }
    }
  }
  copies_.clear();
}

} // namespace spvsim
