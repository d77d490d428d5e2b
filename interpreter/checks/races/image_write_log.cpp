// The upkeep of the warps' ImageWriteLogs at image ops and fences, and the finding a
// read of an unfenced write is (image_write_log.h; docs/findings.md image.unfenced-read).
#include "checks/races/image_write_log.h"

#include <bit>
#include <string>

#include "checks/races/race_shadow.h"
#include "spvsim/validator/module.h"

namespace spvsim::race {

std::string texelText(const LaunchContext &L, uint32_t image, uint64_t offset) {
  return "texel " + texelCoordinate(L, tagged::make(AddressSpace::Global, image, offset)) +
         " of image '" + L.allocations[image].name + "'";
}

namespace {

/// The memory a texel is: its first byte as root allocation and offset, the same
/// through every image over those bytes.
uint64_t memoryKey(const LaunchContext &L, uint64_t texel) {
  uint32_t id = tagged::id(texel);
  uint64_t offset = tagged::offset(texel);
  while (id < L.allocations.size() && L.allocations[id].parent) {
    offset += L.allocations[id].parentOffset;
    id = L.allocations[id].parent;
  }
  return tagged::make(AddressSpace::Global, id, offset);
}

} // namespace

void logImageTexels(const ExecState &x, const LoweredOp &op, const ImageTexels &t) {
  RaceGroup &group = raceGroupOf(x);
  ImageWriteLog &log = group.imageWrites(x.warp->firstItem / x.width);
  RaceShadow &shadow = group.shadow();
  const uint32_t site = shadow.siteOf(op);
  const LaunchContext &L = *x.launch;
  if (t.isWrite) {
    // A write_only image is read back only through another image over its bytes.
    if (const RaceSite *s = shadow.site(site); !s || !(s->readWriteImage || shadow.anyAliased()))
      return;
    for (uint64_t m = t.lanes; m; m &= m - 1) {
      const uint32_t l = uint32_t(std::countr_zero(m));
      log.wrote(l, memoryKey(L, t.pointers[l][0]), tagged::id(t.pointers[l][0]), site);
    }
    return;
  }
  if (log.empty()) return;
  uint64_t found = 0;
  uint32_t firstLane = 0, writeSite = 0, writeImage = 0;
  uint64_t texel = 0;
  for (uint64_t m = t.lanes; m; m &= m - 1) {
    const uint32_t l = uint32_t(std::countr_zero(m));
    for (uint32_t k = 0; k < t.count[l]; ++k) {
      uint32_t s = 0, written = 0;
      if (!log.find(l, memoryKey(L, t.pointers[l][k]), s, written)) continue;
      if (!found) firstLane = l, writeSite = s, writeImage = written, texel = t.pointers[l][k];
      found |= uint64_t(1) << l;
      break;
    }
  }
  if (!found) return;
  FaultReporter &reporter = *L.reporter;
  const uint64_t key = uint64_t(6) << 61 | uint64_t(7) << 58 |
                       uint64_t(tagged::id(texel) & tagged::kMaxId) << 35 |
                       uint64_t(writeSite & 0xfff) << 23 | uint64_t(site & 0xfff) << 11;
  if (reporter.countRepeat(key)) return;
  const RaceSite *readSite = shadow.site(site), *wroteSite = shadow.site(writeSite);
  const uint32_t instruction = readSite ? readSite->instruction : kNone;
  const uint32_t writeInstruction = wroteSite ? wroteSite->instruction : kNone;
  const uint32_t image = tagged::id(texel);
  const uint64_t offset = tagged::offset(texel);
  Finding f;
  f.kind = "image.unfenced-read";
  f.memory = MemoryRef{"global", L.allocations[image].name, offset, t.texelBytes[firstLane]};
  // Through another image over the same bytes (a view): the write names its image.
  const std::string wrote =
      writeImage == image
          ? ", which this work-item wrote"
          : ", whose bytes this work-item wrote through image '" +
                (writeImage < L.allocations.size() ? L.allocations[writeImage].name : "?") + "'";
  f.message = "image read of " + texelText(L, image, offset) + wrote +
              " with no image fence since: its write need not be "
              "visible to it (OpenCL API §3.3.8: atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, "
              "…) must come between a work-item's write of an image and its read)";
  if (std::popcount(found) > 1)
    f.notes.push_back(std::to_string(std::popcount(found)) +
                      " work-items of this warp did so here");
  f.workItem = workItemOf(x, firstLane);
  OtherAccess o;
  o.access = "image write";
  o.workItem = f.workItem;
  reporter.describe(writeInstruction, o);
  f.other = std::move(o);
  const uint64_t mine = reporter.siteOf(instruction), theirs = reporter.siteOf(writeInstruction);
  f.site = (mine * 0x9e3779b97f4a7c15u ^ theirs ^ uint64_t(3) << 40) | 1;
  reporter.report(std::move(f), instruction, key);
}

} // namespace spvsim::race

namespace spvsim {

void RaceGroup::imageFenced(uint32_t warp, uint64_t lanes, uint64_t scopes) {
  if (warp >= imageWrites_.size() || imageWrites_[warp].empty()) return;
  // OpenCL API §3.3.8: atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, order) with an
  // order that acquires or releases (a relaxed fence has no effect); a barrier whose
  // flags include CLK_IMAGE_MEM_FENCE fences image memory for each work-item too.
  const auto semantics = uint32_t(scopes >> 32);
  constexpr uint32_t kOrders = uint32_t(spv::MemorySemanticsMask::Acquire) |
                               uint32_t(spv::MemorySemanticsMask::Release) |
                               uint32_t(spv::MemorySemanticsMask::AcquireRelease) |
                               uint32_t(spv::MemorySemanticsMask::SequentiallyConsistent);
  if (!(semantics & uint32_t(spv::MemorySemanticsMask::ImageMemory)) || !(semantics & kOrders))
    return;
  imageWrites_[warp].fenced(lanes);
}

} // namespace spvsim
