// The findings of bytes reached through an image and through the buffer it was made
// from (race_image_alias.h; docs/findings.md race.image.buffer, image.buffer-alias).
#include "checks/races/race_image_alias.h"

#include <algorithm>
#include <array>
#include <bit>
#include <string>

#include "checks/races/image_write_log.h"
#include "checks/races/race_shadow.h"

namespace spvsim::race {

namespace {

/// The offset of root byte `rootOffset` in allocation `id`.
uint64_t offsetIn(const LaunchContext &L, uint32_t id, uint64_t rootOffset) {
  const AllocationView &a = L.allocations[id];
  return rootOffset - (a.parent ? a.parentOffset : 0);
}

/// The finding's site: its kind's code with both instructions' sites in either order.
uint64_t siteKey(FaultReporter &reporter, uint32_t kindCode, uint32_t mine, uint32_t theirs) {
  const uint64_t a = reporter.siteOf(mine), b = reporter.siteOf(theirs);
  return (std::min(a, b) * 0x9e3779b97f4a7c15u ^ std::max(a, b) ^ uint64_t(kindCode) << 40) | 1;
}

/// "(1,0)": a work-group's id, as race findings name it.
std::string groupText(const std::array<uint64_t, 3> &v, uint32_t dims) {
  std::string s = "(";
  for (uint32_t i = 0; i < dims; ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + ")";
}

/// Whether `item` is a work-group's async-copy pseudo item (RaceShadow::copyItem).
bool isCopy(const RaceShadow &shadow, uint32_t item) {
  return item % shadow.stride() == shadow.copyItem();
}

/// The work-item that stands for `item`: an async copy of a work-group of one work-item
/// is that work-item's (the copy and its accesses are then one work-item's), any other
/// item is itself.
uint32_t actingItem(const LaunchContext &L, const RaceShadow &shadow, uint32_t item) {
  if (!isCopy(shadow, item)) return item;
  const std::array<uint64_t, 3> group = shadow.groupOf(item);
  uint64_t items = 1;
  for (uint32_t d = 0; d < 3; ++d)
    items *= std::min(L.localSize[d], L.range.global[d] - group[d] * L.localSize[d]);
  return items == 1 ? item - shadow.copyItem() : item;
}

/// How a finding names the memory a buffer-side access at module instruction
/// `instruction` reached: "constant" for a load through a __constant pointer
/// (UniformConstant storage: a constant argument bound to the buffer), else "global".
const char *bufferSpace(const Module &module, uint32_t instruction) {
  if (instruction >= module.instructions().size()) return "global";
  const Instruction &inst = module.instruction(instruction);
  if (inst.opcode != spv::Op::OpLoad || inst.operandCount == 0) return "global";
  const uint32_t pointerType = module.typeOf(module.operands(inst)[0]);
  return pointerType && module.type(pointerType).storage == spv::StorageClass::UniformConstant
             ? "constant"
             : "global";
}

} // namespace

void reportImageAlias(const LaunchContext &L, const AliasAccess &a, bool image,
                      const AliasAccess &other, uint64_t rootOffset, uint32_t bytes) {
  RaceShadow &shadow = raceShadowOf(L);
  FaultReporter &reporter = *L.reporter;
  const bool sameItem = actingItem(L, shadow, a.item) == actingItem(L, shadow, other.item);
  // One finding per kind, pair of instructions and object (race_reporter.cpp's key,
  // with conflict codes past race::Conflict's).
  const uint64_t key = uint64_t(6) << 61 | uint64_t(sameItem ? 6 : 5) << 58 |
                       uint64_t(a.allocation & tagged::kMaxId) << 35 |
                       uint64_t(other.site & 0xfff) << 23 | uint64_t(a.site & 0xfff) << 11;
  if (reporter.countRepeat(key)) return;
  const RaceSite *site = shadow.site(a.site), *otherSite = shadow.site(other.site);
  const uint32_t instruction = site ? site->instruction : kNone;
  const uint32_t otherInstruction = otherSite ? otherSite->instruction : kNone;
  const uint32_t imageId = image ? a.allocation : other.allocation;
  const uint32_t bufferId = image ? other.allocation : a.allocation;
  const uint64_t imageOffset = offsetIn(L, imageId, rootOffset);
  const uint64_t bufferOffset = offsetIn(L, bufferId, rootOffset);
  const std::string bufferName = L.allocations[bufferId].name;

  Finding f;
  f.kind = sameItem ? "image.buffer-alias" : "race.image.buffer";
  const uint64_t offset = image ? imageOffset : bufferOffset;
  const char *space = image ? "global" : bufferSpace(reporter.module(), instruction);
  f.memory = MemoryRef{space, L.allocations[a.allocation].name, offset, bytes};
  const char *mine = a.write ? "write" : "read";
  const char *theirs = other.write ? "write" : "read";
  const std::string what =
      image ? std::string("image ") + mine + " of " + texelText(L, imageId, imageOffset) + " (" +
                  std::to_string(bytes) + " bytes at offset " + std::to_string(bufferOffset) +
                  " of buffer '" + bufferName + "')"
            : std::string(isCopy(shadow, a.item) ? "async_work_group_copy " : "") + mine + " of " +
                  std::to_string(bytes) + " bytes at offset " + std::to_string(bufferOffset) +
                  " of " + space + " '" + bufferName + "' (" + texelText(L, imageId, imageOffset) +
                  ")";
  const std::string imageName = L.allocations[imageId].name;
  const std::string through =
      image ? std::string("a ") + theirs + " of the same bytes through buffer '" + bufferName + "'"
            : std::string("an image ") + theirs + " of the same bytes through image '" + imageName +
                  "'";
  const std::string why = "image '" + imageName + "' is made from buffer '" + bufferName +
                          "': writing bytes through one and reading or writing them through "
                          "the other in one kernel is undefined, even with a barrier between "
                          "(OpenCL API §5.3.1.2)";
  f.message = sameItem ? what + " by the work-item that made " + through + ": " + why
                       : what + " races with " + through + " by another work-item: " + why;
  if (auto ids = shadow.workItem(a.item)) {
    f.workItem = *ids;
  } else { // the group's async copy: shown as its first work-item
    f.workItem = shadow.workItem(a.item - shadow.copyItem());
    f.notes.push_back("the access is the async copy's, made by the whole work-group");
  }
  OtherAccess o;
  // The other access through the buffer: a write, or a read (of global or constant memory).
  const std::string otherSpace = image ? bufferSpace(reporter.module(), otherInstruction) : "";
  o.access = !image                     ? std::string("image ") + theirs
             : otherSpace == "constant" ? "constant " + std::string(theirs)
                                        : std::string(theirs);
  if (auto ids = shadow.workItem(other.item))
    o.workItem = *ids;
  else
    o.by = "the async copy of work-group " + groupText(shadow.groupOf(other.item), L.range.dims);
  reporter.describe(otherInstruction, o);
  f.other = std::move(o);
  f.site = siteKey(reporter, sameItem ? 2 : 1, instruction, otherInstruction);
  reporter.report(std::move(f), instruction, key);
}

} // namespace spvsim::race
