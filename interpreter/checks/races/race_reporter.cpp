// Race findings: kind, message, both accesses, the work-items they name, and the repeat
// key that makes each distinct race one finding with a count.
#include "checks/races/race_reporter.h"

#include <algorithm>
#include <string>

#include "checks/races/race_shadow.h"

namespace spvsim {

// The work-group and work-item an item index of the shadow names, for the messages.
uint64_t RaceShadow::linearGroupOf(uint32_t item) const {
  const uint64_t pack = item / stride_, local = item % stride_;
  if (!packed() || local == copyItem()) return pack;
  const auto &s = launch_.localSize;
  return pack * launch_.packedGroups + local / (s[0] * s[1] * s[2]);
}

std::array<uint64_t, 3> RaceShadow::groupOf(uint32_t item) const {
  const uint64_t g = linearGroupOf(item);
  const auto &n = launch_.groups;
  return {g % n[0], g / n[0] % n[1], g / (n[0] * n[1])};
}

std::optional<WorkItemIds> RaceShadow::workItem(uint32_t item) const {
  uint64_t local = item % stride_;
  if (local == copyItem()) return std::nullopt;
  const LaunchContext &L = launch_;
  if (packed()) local %= L.localSize[0] * L.localSize[1] * L.localSize[2];
  WorkItemIds ids;
  ids.dims = L.range.dims;
  ids.group = groupOf(item);
  std::array<uint64_t, 3> size;
  for (uint32_t d = 0; d < 3; ++d)
    size[d] = std::min(L.localSize[d], L.range.global[d] - ids.group[d] * L.localSize[d]);
  ids.local = {local % size[0], local / size[0] % size[1], local / (size[0] * size[1])};
  for (uint32_t d = 0; d < 3; ++d)
    ids.global[d] = ids.group[d] * L.localSize[d] + ids.local[d] + L.range.offset[d];
  return ids;
}

} // namespace spvsim

namespace spvsim::race {

namespace {

const char *accessName(AccessKind k) {
  constexpr const char *kNames[] = {"read", "write", "atomic read", "atomic write"};
  return kNames[unsigned(k) & 3];
}

const char *scopeName(Scope s) {
  constexpr const char *kNames[] = {"device", "work-group", "sub-group", "invocation"};
  return kNames[unsigned(s) & 3];
}

std::string idText(const std::array<uint64_t, 3> &v, uint32_t dims) {
  std::string s = "(";
  for (uint32_t i = 0; i < dims; ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + ")";
}

std::string bufferName(const LaunchContext &L, uint64_t p) {
  const uint32_t id = tagged::id(p);
  if (tagged::space(p) == AddressSpace::Local) {
    if (id < L.kernel->locals.size()) return L.kernel->locals[id].name;
  } else if (id < L.allocations.size()) {
    return L.allocations[id].name;
  }
  return "allocation " + std::to_string(id);
}

/// Why the two accesses are not ordered, for the message.
std::string why(const char *kind, bool local, bool sameGroup) {
  const std::string k = kind;
  if (k == "race.scope") return "the atomic scope does not include both work-items";
  if (!sameGroup) return "no barrier orders two work-groups";
  if (local) return "no work-group barrier with the local fence between them";
  if (k.starts_with("race.image."))
    return "no work-group barrier with the image fence between them (CLK_IMAGE_MEM_FENCE: "
           "CLK_GLOBAL_MEM_FENCE does not order image memory)";
  return "no work-group barrier with the global fence between them";
}

/// "a read", "an atomic write".
std::string withArticle(const std::string &what) {
  return (std::string("aeiou").find(what.front()) != std::string::npos ? "an " : "a ") + what;
}

} // namespace

const char *raceKind(Conflict c, bool local, bool sameGroup, bool image) {
  if (image && c == Conflict::WriteWrite) return "race.image.write-write";
  if (image && c == Conflict::ReadWrite) return "race.image.read-write";
  switch (c) {
  case Conflict::Scope:
    return "race.scope";
  case Conflict::AtomicPlain:
    return "race.atomic-plain";
  case Conflict::WriteWrite:
    return local ? "race.local.write-write" : "race.global.write-write";
  case Conflict::ReadWrite:
    return local       ? "race.local.read-write"
           : sameGroup ? "race.global.intra-group"
                       : "race.global.inter-group";
  case Conflict::None:
    break;
  }
  return "race";
}

void reportRace(const LaunchContext &L, const RacyAccess &a, const Outcome &out,
                const std::string &ordering) {
  RaceShadow &shadow = raceShadowOf(L);
  FaultReporter &reporter = *L.reporter;
  const AddressSpace space = tagged::space(a.pointer);
  const bool local = space == AddressSpace::Local;
  const RaceSite *site = shadow.site(a.access.site);
  const RaceSite *otherSite = out.named ? shadow.site(out.other.site) : nullptr;
  const bool image = (site && site->image) || (otherSite && otherSite->image);
  // With packed work-groups the words' group is the pack: the two accesses are of one
  // work-group when their work-items are (unknown for an access the word did not keep).
  const bool packedPeers = shadow.packed() && out.sameGroup && !out.named;
  const bool sameGroup = out.sameGroup && (!shadow.packed() || !out.named ||
                                           shadow.linearGroupOf(out.other.item) ==
                                               shadow.linearGroupOf(a.access.item));
  const char *kind = raceKind(out.conflict, local, sameGroup, image);
  const uint32_t instruction = site ? site->instruction : kNone;
  const uint32_t otherInstruction = otherSite ? otherSite->instruction : kNone;

  // One finding per kind, pair of instructions and buffer (docs/findings.md).
  const uint64_t key = uint64_t(6) << 61 | uint64_t(out.conflict) << 58 |
                       uint64_t(sameGroup) << 57 | uint64_t(local) << 56 |
                       uint64_t(tagged::id(a.pointer) & tagged::kMaxId) << 35 |
                       uint64_t(out.named ? out.other.site & 0xfff : 0xfff) << 23 |
                       uint64_t(a.access.site & 0xfff) << 11 | uint64_t(a.uniform) << 10;
  if (reporter.countRepeat(key)) return;

  Finding f;
  f.kind = kind;
  // Both writes stored the same bytes: still a race by the memory model (the kind says
  // so), one every device resolves to the same memory (Oclgrind's --uniform-writes);
  // marked, so that `--suppress race.*.uniform-write` can accept it.
  f.uniformWrite = a.uniform;
  const std::string name = bufferName(L, a.pointer);
  const uint64_t offset = tagged::offset(a.pointer);
  f.memory = MemoryRef{addressSpaceName(space), name, offset, a.bytes};
  const bool copy = a.access.item % shadow.stride() == shadow.copyItem();
  std::string what = std::string(copy ? "async_work_group_copy " : "") + accessName(a.access.kind) +
                     " of " + std::to_string(a.bytes) + " bytes at offset " +
                     std::to_string(offset) + " of " + addressSpaceName(space) + " '" + name + "'";
  if (site && site->image)
    what = std::string("image ") + accessName(a.access.kind) + " of texel " +
           texelCoordinate(L, a.pointer) + " of image '" + name + "' (" + std::to_string(a.bytes) +
           " bytes at offset " + std::to_string(offset) + ")";
  if (isAtomic(a.access.kind) && a.access.scope != Scope::Device)
    what += std::string(" (") + scopeName(a.access.scope) + " scope)";
  const uint32_t dims = L.range.dims;
  if (auto ids = shadow.workItem(a.access.item)) {
    f.workItem = *ids;
  } else { // the group's async copy: shown as its first work-item
    f.workItem = shadow.workItem(a.access.item - shadow.copyItem());
    f.notes.push_back("the access is the async copy's, made by the whole work-group");
  }

  OtherAccess other;
  other.access = std::string(otherSite && otherSite->image ? "image " : "") +
                 accessName(out.named ? out.other.kind : out.otherKind);
  if (out.named && isAtomic(out.other.kind) && out.other.scope != Scope::Device)
    other.access += std::string(" (") + scopeName(out.other.scope) + " scope)";
  if (out.named) {
    if (auto ids = shadow.workItem(out.other.item)) {
      other.workItem = *ids;
    } else {
      other.by = "the async copy of work-group " + idText(shadow.groupOf(out.other.item), dims);
    }
    reporter.describe(otherInstruction, other);
  } else {
    // The word proves the other access but did not keep it (interpreter/DESIGN.md).
    const std::string unrecorded = " (not recorded: the race shadow keeps one access per location)";
    if (packedPeers)
      other.by = "another work-item of work-group " + idText(shadow.groupOf(a.access.item), dims) +
                 " or of a work-group run beside it in one warp" + unrecorded;
    else if (sameGroup)
      other.by = "another work-item of the same work-group" + unrecorded;
    else if (out.otherGroup)
      other.by =
          "a work-item of work-group " + idText(shadow.groupOf(out.other.item), dims) + unrecorded;
    else
      other.by = "a work-item of another work-group" + unrecorded;
  }
  const bool otherCopy = out.named && !other.workItem;
  f.message = what + " races with " + withArticle(other.access) + " by " +
              (otherCopy ? other.by : std::string("another work-item")) + ": " +
              (copy || otherCopy   ? "an async copy's accesses last until wait_group_events, "
                                     "unordered with the work-items' until then"
               : !ordering.empty() ? ordering
                                   : why(kind, local, sameGroup)) +
              (a.uniform ? "; both stored the same bytes" : "");
  // Sink identity: kind, buffer, and the two accesses' sites (source locations, else
  // instructions) in either order.
  const uint64_t mine = reporter.siteOf(instruction);
  const uint64_t theirs = otherSite ? reporter.siteOf(otherInstruction) : uint64_t(0xffffffff);
  const uint64_t low = std::min(mine, theirs), high = std::max(mine, theirs);
  f.site = (low * 0x9e3779b97f4a7c15u ^ high ^ (a.uniform ? 0x5bd1e9950u : 0)) | 1;
  f.other = std::move(other);
  reporter.report(std::move(f), instruction, key);
}

} // namespace spvsim::race
