// RaceShadow and RaceGroup: race sites, the global shadow words of each root
// (race_word_array.h), the Recorder that records an op's lanes (loads, stores,
// atomics, texels, async copies) in them and in the __local shadow (race_shadow.h;
// barrier epochs and async-copy completion: race_group.cpp).
#include "checks/races/race_shadow.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <map>

#include "checks/races/race_access_size.h"
#include "checks/races/race_image_alias.h"
#include "checks/races/race_reporter.h"
#include "checks/races/race_word_array.h"
#include "spvsim/validator/module.h"

namespace spvsim {

using race::Access;
using race::AccessKind;
using race::Scope;

using race::lowBit;

RaceShadow::RaceShadow(const Module &module, const LaunchContext &launch)
    : launch_(launch), arrays_(launch.allocations.size()), locks_(new Lock[kLocks]) {
  // An image over another allocation's bytes (an image created from a buffer or from
  // another image): the root's bytes are reached through two objects.
  aliased_.assign(launch.allocations.size(), 0);
  for (const ImageView &v : launch.images)
    if (v.allocation < launch.allocations.size())
      if (const uint32_t parent = launch.allocations[v.allocation].parent) aliased_[parent] = 1;
  anyAliased_ = std::find(aliased_.begin(), aliased_.end(), 1) != aliased_.end();
  if (anyAliased_) {
    imageArrays_ = std::vector<std::atomic<WordArray *>>(launch.allocations.size());
    aliasArrays_ = std::vector<std::atomic<WordArray *>>(launch.allocations.size());
  }
  fencesByAddressSpace_ = race::fencesByAddressSpace(module);
  bool imageReads = false, imageWrites = false, anyImageWrite = false;
  const LoweredKernel &k = *launch.kernel;
  uint32_t granule = 8;
  std::map<uint32_t, uint16_t> siteOfInstruction;
  siteOfOp_.assign(k.ops.size(), uint16_t(race::GlobalLayout::kNoSite));
  for (size_t i = 0; i < k.ops.size(); ++i) {
    const LoweredOp &op = k.ops[i];
    race::OpAccess a = race::accessOf(op.code);
    if (op.code == OpCode::Fence) {
      // A fence orders with atomics (sync_order.h): tracked when it acquires or releases.
      const race::Ordering o =
          race::orderingOf(uint32_t(op.imm >> 16) & 0xffff, uint32_t(op.imm >> 32));
      atomics_ = true;
      tracked_ |= o.acquire || o.release;
      continue;
    }
    if (op.code == OpCode::Printf) {
      for (const PrintfArgument &arg : k.printfCalls[op.aux].arguments)
        if (arg.kind == PrintfArgument::Kind::Pointer) granule = 1; // %s reads bytes
    } else if (op.code == OpCode::GroupCollect &&
               k.collectives[op.aux].kind == Collective::Kind::AsyncCopy) {
      granule = std::min(granule, lowBit(k.collectives[op.aux].elementBytes));
    } else if (op.code == OpCode::Image) {
      const ImageInstruction::Kind kind = k.imageInstructions[op.aux].kind;
      if (kind != ImageInstruction::Kind::Read && kind != ImageInstruction::Kind::Write &&
          kind != ImageInstruction::Kind::Sample)
        continue;
      if (kind != ImageInstruction::Kind::Write) imageReads = true;
      // A texel is one location: granules divide every texel's offset.
      for (const ImageView &v : launch.images)
        granule = std::min(
            {granule, lowBit(v.texelBytes), lowBit(v.image.rowPitch), lowBit(v.image.slicePitch)});
    } else if (a.bytes == 0) {
      continue;
    } else {
      granule = std::min(granule, a.bytes);
    }
    auto [it, fresh] = siteOfInstruction.emplace(op.source, uint16_t(sites_.size()));
    if (fresh) {
      if (sites_.size() >= race::GlobalLayout::kNoSite) {
        it->second = uint16_t(race::GlobalLayout::kNoSite);
      } else {
        RaceSite site;
        site.instruction = op.source;
        site.scope = a.atomic ? race::atomicScope(module, op.source) : Scope::Device;
        site.image = op.code == OpCode::Image;
        if (site.image && k.imageInstructions[op.aux].kind == ImageInstruction::Kind::Write) {
          // Read back in one launch: read_write images, views of other bytes (ImageWriteLog).
          const std::span<const uint32_t> operands = module.operands(module.instruction(op.source));
          site.readWriteImage =
              !operands.empty() &&
              module.type(module.typeOf(operands[0])).access == spv::AccessQualifier::ReadWrite;
          imageWrites |= site.readWriteImage;
          anyImageWrite = true;
        }
        if (a.atomic) {
          site.ordering = race::atomicOrdering(module, op.source);
          site.store = op.code == OpCode::AtomicStore32 || op.code == OpCode::AtomicStore64;
          site.bytes = a.bytes;
          atomics_ = true;
          tracked_ |= site.ordering.acquire || site.ordering.release;
        }
        sites_.push_back(site);
      }
    }
    siteOfOp_[i] = it->second;
  }
  // A sub-buffer that starts inside a granule of its parent would share granules
  // between its elements: granules divide every sub-buffer's origin.
  for (const AllocationView &a : launch.allocations)
    if (a.parent) granule = std::min(granule, lowBit(a.parentOffset));
  granuleShift_ = uint32_t(std::countr_zero(granule));
  logsImageWrites_ = imageReads && (imageWrites || (anyAliased_ && anyImageWrite));
  const uint64_t items = launch.localSize[0] * launch.localSize[1] * launch.localSize[2];
  stride_ = uint32_t((items + 63) / 64 * 64 + 1);
}

RaceShadow::~RaceShadow() {
  for (std::unique_ptr<WordArray> &a : pooled_) WordArray::give(std::move(a));
}

std::unique_ptr<GroupWatcher> RaceShadow::makeGroupWatcher(LaunchContext &L,
                                                           std::span<Warp> warps) {
  return std::make_unique<RaceGroup>(*this, L, warps.size());
}

void RaceShadow::stringRead(const ExecState &x, const LoweredOp &op, uint32_t lane,
                            uint64_t pointer, uint64_t bytes) {
  race::recordRead(x, op, lane, pointer, bytes);
}

uint32_t RaceShadow::siteOf(const LoweredOp &op) const {
  const size_t index = size_t(&op - launch_.kernel->ops.data());
  return index < siteOfOp_.size() ? siteOfOp_[index] : race::GlobalLayout::kNoSite;
}

uint32_t RaceShadow::siteOfInstruction(uint32_t instruction) const {
  for (size_t s = 0; s < sites_.size(); ++s)
    if (sites_[s].instruction == instruction) return uint32_t(s);
  return race::GlobalLayout::kNoSite;
}

uint64_t *RaceShadow::words(uint32_t root) {
  return wordsIn(arrays_, root, 1);
}

uint64_t *RaceShadow::wordsIn(std::vector<std::atomic<WordArray *>> &arrays, uint32_t root,
                              uint32_t perGranule) {
  WordArray *a = arrays[root].load(std::memory_order_acquire);
  if (a) return a->words;
  const uint64_t size = launch_.allocations[root].size;
  if (size == 0) return nullptr;
  std::lock_guard lock(arraysMutex_);
  a = arrays[root].load(std::memory_order_acquire);
  if (!a) {
    const uint64_t count = (((size - 1) >> granuleShift_) + 1) * perGranule;
    // The main words are handed on to the next launch (populate() sees their writes).
    std::vector<std::unique_ptr<WordArray>> &into = &arrays == &arrays_ ? pooled_ : owned_;
    into.push_back(&arrays == &arrays_ ? WordArray::take(count) : WordArray::map(count));
    a = into.back().get();
    arrays[root].store(a, std::memory_order_release);
  }
  return a->words;
}

void RaceShadow::populate(uint32_t root, uint64_t index) {
  if (WordArray *a = arrays_[root].load(std::memory_order_acquire)) a->populate(index);
}

// Inlined into every recorder's construction (one per op): here, with Recorder.
race::View RaceGroup::view(Memory m, uint32_t firstItem, uint32_t width) const {
  race::View v;
  v.groupFirst = m != kLocal ? groupFirst_ : 0;
  v.stride = shadow_.stride();
  v.warpFirst = firstItem;
  v.width = width;
  v.lastBarrier = lastBarrier_[m];
  v.latest = latest_[m];
  v.trustEpochs = m == kLocal ? latest_[m] < race::LocalLayout::kEpochMask
                              : latest_[m] < race::GlobalLayout::kEpochMask;
  return v;
}

namespace race {
namespace {

/// Records the lanes of one op (or the elements of one async copy) in the shadow:
/// resolves each access's allocation (cached while lanes share it), skips those the
/// executor did not perform, updates the words and reports races.
class Recorder {
public:
  /// `image`: the global accesses are of image memory (RaceGroup::kImage epochs).
  Recorder(const LaunchContext &launch, RaceGroup &group, uint32_t site, AccessKind kind,
           uint32_t bytes, uint32_t firstItem, uint32_t width, bool image = false)
      : launch_(launch), group_(group), shadow_(group.shadow()), kind_(kind), bytes_(bytes),
        shift_(group.shadow().granuleShift()), firstItem_(firstItem), image_(image) {
    const RaceSite *s = shadow_.site(site);
    const Scope scope = s && isAtomic(kind) ? s->scope : Scope::Device;
    const bool copy = firstItem == shadow_.copyItem();
    for (uint32_t m = 0; m < 2; ++m) {
      const auto memory =
          image && m == RaceGroup::kGlobal ? RaceGroup::kImage : RaceGroup::Memory(m);
      views_[m] = group.view(memory, firstItem, width);
      const uint32_t epoch = copy ? views_[m].latest : group.epoch(memory, firstItem, width);
      access_[m] = Access{0, site, epoch, kind, scope};
    }
    packed_[RaceGroup::kGlobal] = GlobalLayout::pack(access_[RaceGroup::kGlobal]);
    packed_[RaceGroup::kLocal] = LocalLayout::pack(access_[RaceGroup::kLocal]);
    seen_ = detail::seenBits(access_[0]);
  }
  ~Recorder() { unlock(); }
  /// The access is a plain store of the lanes of `mask`, not yet performed, lane l storing
  /// the bytes at stored + l × stride (by default the access's bytes).
  void storing(const void *stored, uint64_t mask, uint32_t stride = 0) {
    stored_ = static_cast<const std::byte *>(stored), mask_ = mask;
    storedStride_ = stride ? stride : bytes_;
  }
  /// The access is a range of an async copy whose elements have `element` bytes: a
  /// finding names the (at most) 8 bytes of the element that hold the racing granule.
  void copying(uint64_t element) { element_ = element; }
  Recorder(const Recorder &) = delete;
  Recorder &operator=(const Recorder &) = delete;

  /// The access of lane `lane` (local id firstItem + lane) at tagged pointer q.
  void lane(const ExecState &x, uint32_t lane, uint64_t q) {
    const AddressSpace space = tagged::space(q);
    if (space != AddressSpace::Global && space != AddressSpace::Local) return;
    if (tagged::allocation(q) != cached_) resolve(x, q, lane);
    if (!usable_) return;
    const uint64_t offset = tagged::offset(q);
    if (offset + bytes_ > size_) return; // out of bounds: not performed
    if (isAtomic(kind_) && reinterpret_cast<uintptr_t>(base_ + offset) % bytes_ != 0) return;
    const uint32_t local = firstItem_ + lane;
    const uint64_t at = shadowOffset_ + offset;
    uint64_t g = at >> shift_;
    const uint64_t last = (at + bytes_ - 1) >> shift_;
    if (global_) {
      do word<true>(g, group_.groupFirst() + local, q);
      while (++g <= last);
    } else {
      do word<false>(g, local, q);
      while (++g <= last);
      group_.touchLocal(last + 1);
    }
  }

  /// The alias words' part of lane `lane`'s access at q, for an aliased root: a pass of
  /// its own (RaceShadow::aliased), so that lane() and the bulk paths stay as they are.
  void aliasLane(const ExecState &x, uint32_t lane, uint64_t q) {
    if (tagged::space(q) != AddressSpace::Global) return;
    if (tagged::allocation(q) != cached_) resolve(x, q, lane);
    if (!usable_ || !alias_) return;
    const uint64_t offset = tagged::offset(q);
    if (offset + bytes_ > size_) return; // out of bounds: not performed
    if (isAtomic(kind_) && reinterpret_cast<uintptr_t>(base_ + offset) % bytes_ != 0) return;
    const uint64_t at = shadowOffset_ + offset;
    aliasAccess(at >> shift_, (at + bytes_ - 1) >> shift_, group_.groupFirst() + firstItem_ + lane,
                q);
  }

  /// The lanes of `mask` at p[l] + imm when they all point into one allocation:
  /// sameAllocation(). False when they do not, or it does not apply.
  bool bulk(const ExecState &x, uint64_t mask, const uint64_t *p, uint64_t imm) {
    const uint32_t first = uint32_t(std::countr_zero(mask));
    const uint64_t q0 = tagged::addOffset(p[first], imm);
    uint64_t offsets[64];
    uint64_t differ = 0;
    for (uint32_t l = 0; l < x.width; ++l) {
      const uint64_t q = tagged::addOffset(p[l], imm);
      offsets[l] = tagged::offset(q);
      differ |= ((q ^ q0) >> tagged::kOffsetBits) & ((mask >> l) & 1 ? ~uint64_t(0) : 0);
    }
    return !differ && sameAllocation(x, mask, q0, offsets);
  }

  /// The lanes of `mask` at offsets[l] into the allocation of q0, all in bounds and
  /// (atomics) aligned, each access within one granule: one resolution and a tight
  /// loop. False when that does not hold (nothing recorded then).
  bool sameAllocation(const ExecState &x, uint64_t mask, uint64_t q0, const uint64_t *offsets) {
    const AddressSpace space = tagged::space(q0);
    if (space != AddressSpace::Global && space != AddressSpace::Local) return false;
    const uint32_t first = uint32_t(std::countr_zero(mask));
    uint64_t hi = 0, misaligned = 0;
    // Lanes `step` bytes apart (irregular == 0), or not.
    const uint64_t step = x.width > 1 ? offsets[1] - offsets[0] : bytes_;
    uint64_t irregular = 0;
    if (mask == x.allLanes) {
      for (uint32_t l = 0; l < x.width; ++l) {
        hi = std::max(hi, offsets[l]);
        misaligned |= offsets[l];
      }
      for (uint32_t l = 1; l < x.width; ++l) irregular |= (offsets[l] - offsets[l - 1]) ^ step;
    } else {
      irregular = 1;
      for (uint32_t l = first; l < x.width; ++l)
        if ((mask >> l) & 1) hi = std::max(hi, offsets[l]), misaligned |= offsets[l];
    }
    if (tagged::allocation(q0) != cached_) resolve(x, q0, first);
    if (!usable_) return true; // no lane performed the access
    const uint64_t granule = uint64_t(1) << shift_;
    // Offsets aligned to the access size, no larger than a granule: one granule each.
    if (hi + bytes_ > size_ || bytes_ > granule ||
        ((misaligned | shadowOffset_) & (bytes_ - 1)) != 0 ||
        (isAtomic(kind_) && reinterpret_cast<uintptr_t>(base_) % bytes_ != 0))
      return false;
    if (!irregular && bytes_ == granule && step != 0 && step <= hi && (step & (granule - 1)) == 0) {
      // Lanes on their own granules, `stride` granules apart, ascending (work-items on
      // elements of a strided array, each a run of elements; a step above the highest
      // offset is a descending one): first touches in one pass, or every word quiet.
      const uint64_t g0 = (shadowOffset_ + offsets[0]) >> shift_, stride = step >> shift_;
      if (firstTouch(g0, x.width, stride)) return true;
      if (allQuiet(x.allLanes, global_ ? group_.groupFirst() + firstItem_ : firstItem_,
                   [&](uint32_t l) { return g0 + l * stride; }))
        return true;
    }
    // Lanes after one that found its word quiet for a read (work-items reading one
    // element) find it quiet too: a read conflicts only with a write, and the word
    // keeps a read by another work-item (or says nobody wrote it).
    uint64_t quiet[16];
    std::fill(std::begin(quiet), std::end(quiet), ~uint64_t(0));
    const uint32_t items = global_ ? group_.groupFirst() + firstItem_ : firstItem_;
    const uint64_t tag = q0 & ~tagged::kOffsetMask;
    for (uint32_t l = first; l < x.width; ++l) {
      if (!((mask >> l) & 1)) continue;
      const uint64_t g = (shadowOffset_ + offsets[l]) >> shift_;
      if (quiet[g & 15] == g) continue;
      const uint64_t q = tag | offsets[l];
      if (global_ ? word<true>(g, items + l, q) : word<false>(g, items + l, q)) quiet[g & 15] = g;
    }
    if (!global_) group_.touchLocal(((shadowOffset_ + hi) >> shift_) + 1);
    return true;
  }

  /// Every lane of the warp at consecutive elements from q0 (an indexed access with
  /// consecutive indices), one granule each. False when that does not hold.
  bool dense(const ExecState &x, uint64_t q0) {
    const AddressSpace space = tagged::space(q0);
    if (space != AddressSpace::Global && space != AddressSpace::Local) return false;
    if (tagged::allocation(q0) != cached_) resolve(x, q0, 0);
    if (!usable_) return true; // no lane performed the access
    const uint64_t offset = tagged::offset(q0), end = offset + uint64_t(x.width) * bytes_;
    if (end > size_ || bytes_ != (uint64_t(1) << shift_) ||
        ((offset | shadowOffset_) & (bytes_ - 1)) != 0 ||
        (isAtomic(kind_) && reinterpret_cast<uintptr_t>(base_) % bytes_ != 0))
      return false;
    const uint64_t g0 = (shadowOffset_ + offset) >> shift_;
    if (firstTouch(g0, x.width)) return true;
    if (allQuiet(x.allLanes, global_ ? group_.groupFirst() + firstItem_ : firstItem_,
                 [&](uint32_t l) { return g0 + l; }))
      return true;
    if (global_) {
      const uint32_t items = group_.groupFirst() + firstItem_;
      for (uint32_t l = 0; l < x.width; ++l) word<true>(g0 + l, items + l, q0 + l * bytes_);
    } else {
      for (uint32_t l = 0; l < x.width; ++l) word<false>(g0 + l, firstItem_ + l, q0 + l * bytes_);
      group_.touchLocal(g0 + x.width);
    }
    return true;
  }

private:
  /// Whether the word of every lane of `mask` (word index wordOf(l), work-item
  /// items + l) is quiet for this access: QuietRun, one pass without branches.
  template <class WordOf> bool allQuiet(uint64_t mask, uint32_t items, WordOf wordOf) {
    if (global_) return allQuiet<GlobalLayout>(mask, items, wordOf);
    return allQuiet<LocalLayout>(mask, items, wordOf);
  }
  template <class L, class WordOf> bool allQuiet(uint64_t mask, uint32_t items, WordOf wordOf) {
    constexpr uint32_t m = std::is_same_v<L, GlobalLayout> ? RaceGroup::kGlobal : RaceGroup::kLocal;
    const View &v = views_[m];
    if (!QuietRun<L>::applies(packed_[m], v, access_[m].epoch)) return false;
    const QuietRun<L> run{packed_[m] & (uint64_t(15) << 52), items, access_[m].epoch, v};
    uint64_t loud = 0;
    for (uint64_t lanes = mask; lanes; lanes &= lanes - 1) {
      const uint32_t l = uint32_t(std::countr_zero(lanes));
      const uint64_t g = wordOf(l);
      const uint64_t w = m == RaceGroup::kGlobal
                             ? std::atomic_ref<uint64_t>(words_[g]).load(std::memory_order_relaxed)
                             : words_[g];
      loud |= run.loud(w, l);
    }
    return loud == 0;
  }

  /// A warp's first access to `n` untouched words `stride` apart from g0, lane l at
  /// word g0 + l × stride (work-items on consecutive elements: the common case): written
  /// in one pass. False, with nothing written, when a word was touched already.
  bool firstTouch(uint64_t g0, uint32_t n, uint64_t stride = 1) {
    uint64_t *w = words_ + g0;
    uint64_t any = 0;
    if (global_) {
      if ((g0 >> RaceShadow::kWordsPerLock) !=
          ((g0 + (n - 1) * stride) >> RaceShadow::kWordsPerLock))
        return false;
      hold(g0);
      for (uint32_t l = 0; l < n; ++l)
        any |= std::atomic_ref<uint64_t>(w[l * stride]).load(std::memory_order_relaxed);
      if (any) return false;
      const uint64_t packed = packed_[RaceGroup::kGlobal] | seen_;
      const uint32_t items = group_.groupFirst() + firstItem_;
      for (uint32_t l = 0; l < n; ++l)
        std::atomic_ref<uint64_t>(w[l * stride])
            .store(packed | ((items + l) & GlobalLayout::kItemMask), std::memory_order_relaxed);
      return true;
    }
    for (uint32_t l = 0; l < n; ++l) any |= w[l * stride];
    if (any) return false;
    const uint64_t packed = packed_[RaceGroup::kLocal] | seen_;
    for (uint32_t l = 0; l < n; ++l)
      w[l * stride] = packed | ((firstItem_ + l) & LocalLayout::kItemMask);
    group_.touchLocal(g0 + (n - 1) * stride + 1);
    return true;
  }

  void resolve(const ExecState &x, uint64_t q, uint32_t lane) {
    cached_ = tagged::allocation(q);
    ops::ResolvedAllocation r;
    const bool ok = ops::resolve(x, q, lane, r);
    const ops::AccessFault fault = ops::checkAccess(r, ok, 0, isWrite(kind_));
    usable_ = ops::accessPerformed(fault);
    if (!usable_) return;
    base_ = r.base;
    size_ = r.size;
    const uint32_t id = tagged::id(q);
    global_ = tagged::space(q) == AddressSpace::Global;
    if (global_) {
      const AllocationView &a = launch_.allocations[id];
      root_ = a.parent ? a.parent : id;
      shadowOffset_ = a.parent ? a.parentOffset : 0;
      words_ = shadow_.words(root_);
      if (shadow_.anyAliased()) [[unlikely]]
        resolveAlias(id);
      usable_ = words_ != nullptr;
    } else {
      shadowOffset_ = launch_.localOffsets[id];
      words_ = group_.localWords();
      alias_ = nullptr;
    }
  }

  /// resolve()'s part for aliased roots: image words for image accesses, alias_ set.
  [[gnu::noinline]] void resolveAlias(uint32_t id) {
    const bool aliased = shadow_.aliased(root_);
    if (aliased && image_) words_ = shadow_.imageWords(root_);
    alias_ = aliased ? shadow_.aliasWords(root_) : nullptr;
    id_ = id;
  }

  /// Work-item `item`'s access at q to granules g..last of an aliased root, on its side
  /// of the alias words (race_image_alias.h); reports the first conflict.
  [[gnu::noinline]] void aliasAccess(uint64_t g, uint64_t last, uint32_t item, uint64_t q) {
    const AliasAccess mine{item & GlobalLayout::kItemMask, access_[RaceGroup::kGlobal].site, id_,
                           isWrite(kind_)};
    AliasAccess other, found; // a conflict with another work-item is preferred
    uint64_t at = 0;
    bool conflict = false;
    for (; g <= last; ++g) {
      hold(g);
      uint64_t *sides = alias_ + 4 * g; // the image's two words, then the buffer's
      if (aliasStep(sides + (image_ ? 0 : 2), sides + (image_ ? 2 : 0), mine, found) &&
          (!conflict || (other.item == mine.item && found.item != mine.item)))
        conflict = true, at = g << shift_, other = found;
    }
    if (!conflict) return;
    unlock();
    const uint64_t start = shadowOffset_ + tagged::offset(q);
    uint64_t first = std::max(at, start);
    uint32_t bytes = bytes_;
    if (element_) { // an async copy's range: the element holding the conflicting byte
      first = start + (first - start) / element_ * element_;
      bytes = uint32_t(std::min<uint64_t>(element_, bytes_));
    }
    reportImageAlias(launch_, mine, image_, other, first, bytes);
  }

  /// Records the access of work-item `item` (global words: the group's ids; local
  /// words: local ids) in word g. Most accesses leave a word as it is — read-shared
  /// data, repeated atomics: a load and a few tests decide that here; the rest goes
  /// to change().
  /// True when quiet() decided (see bulk()).
  template <bool Global> [[gnu::always_inline]] bool word(uint64_t g, uint32_t item, uint64_t q) {
    using L = std::conditional_t<Global, GlobalLayout, LocalLayout>;
    constexpr uint32_t m = Global ? RaceGroup::kGlobal : RaceGroup::kLocal;
    const uint64_t w =
        Global ? std::atomic_ref<uint64_t>(words_[g]).load(std::memory_order_relaxed) : words_[g];
    const uint64_t packed = packed_[m] | (item & L::kItemMask);
    if (w != 0 && (quiet<L>(w, packed, views_[m]) || readShared(w, kind_))) return !isWrite(kind_);
    if (w != 0 && unchanged<L>(w, packed, seen_, kind_)) return false;
    uint64_t n = sameItemStep<L>(w, packed, seen_);
    if (!n) n = groupStep<L>(w, packed, seen_, views_[m]);
    if (n) {
      if constexpr (Global) {
        // Global words change only under their page's lock: a load and a store under
        // it are as good as a compare-exchange, and cheaper.
        hold(g);
        std::atomic_ref<uint64_t> word(words_[g]);
        const uint64_t now = word.load(std::memory_order_relaxed);
        if (now == w)
          word.store(n, std::memory_order_relaxed);
        else
          change<Global>(g, item, q, now); // another thread changed it meanwhile
      } else {
        words_[g] = n;
      }
      return false;
    }
    if (w == 0) { // first touch: no race possible
      if constexpr (Global) {
        hold(g);
        std::atomic_ref<uint64_t> word(words_[g]);
        const uint64_t now = word.load(std::memory_order_relaxed);
        if (now == 0)
          word.store(packed | seen_, std::memory_order_relaxed);
        else
          change<Global>(g, item, q, now);
      } else {
        words_[g] = packed | seen_;
      }
      return false;
    }
    change<Global>(g, item, q, w);
    return false;
  }

  /// Takes the lock of word g's page (global words), releasing the one held before.
  void hold(uint64_t g) {
    const uint64_t page = uint64_t(root_) << 40 | g >> RaceShadow::kWordsPerLock;
    if (held_ && page == heldPage_) return;
    unlock();
    held_ = &shadow_.lock(root_, g);
    heldPage_ = page;
    race::lockSpin(*held_);
    shadow_.populate(root_, g);
  }

  /// The rest of word(): step() decides; global words change under their page's lock.
  template <bool Global>
  [[gnu::noinline]] void change(uint64_t g, uint32_t item, uint64_t q, uint64_t w) {
    if constexpr (Global) {
      std::atomic_ref<uint64_t> word(words_[g]);
      Access b = access_[RaceGroup::kGlobal];
      b.item = item;
      const View &v = views_[RaceGroup::kGlobal];
      Outcome out;
      uint64_t n = w == 0 ? packed_[RaceGroup::kGlobal] | (item & GlobalLayout::kItemMask) | seen_
                          : step<GlobalLayout>(w, b, v, out);
      if (n == w && out.conflict == Conflict::None) return;
      hold(g);
      const uint64_t now = word.load(std::memory_order_relaxed);
      if (now != w) { // another thread changed it meanwhile
        out = Outcome{};
        n = step<GlobalLayout>(now, b, v, out);
      }
      if (n != now) word.store(n, std::memory_order_relaxed);
      if (out.conflict != Conflict::None) {
        unlock();
        report(q, g, b, out);
      }
    } else {
      Access b = access_[RaceGroup::kLocal];
      b.item = item;
      Outcome out;
      words_[g] = step<LocalLayout>(w, b, views_[RaceGroup::kLocal], out);
      if (out.conflict == Conflict::None) return;
      // Local words hold local ids: give both accesses the group's ids.
      b.item += group_.groupFirst();
      out.other.item += group_.groupFirst();
      report(q, g, b, out);
    }
  }

  void report(uint64_t q, uint64_t granule, const Access &b, const Outcome &out) {
    // The byte the two accesses share: the granule's first byte inside this access.
    const uint64_t at = granule << shift_;
    uint64_t offset = std::max(tagged::offset(q), at - shadowOffset_);
    uint32_t bytes = bytes_;
    if (element_) { // an async copy's range: its 8-byte piece of an element
      const uint64_t into = offset - tagged::offset(q);
      const uint64_t piece = into % element_ / 8 * 8;
      const uint64_t start = tagged::offset(q) + into / element_ * element_ + piece;
      bytes = uint32_t(std::min<uint64_t>(8, element_ - piece));
      offset = std::max(start, at - shadowOffset_);
    }
    std::string ordering;
    if (global_ && !image_ && out.conflict != Conflict::Scope && shadow_.atomics()) {
      // A release this group acquired may order the other access (sync_order.h).
      const bool known = out.named || out.otherGroup;
      if (known && shadow_.tracked() && group_.follows(out.other)) return;
      if (!out.sameGroup) ordering = group_.missingOrdering(out.other, known);
    } else if (!global_ && out.conflict != Conflict::Scope && shadow_.atomics()) {
      // A work-group scope release/acquire pair, or fences with atomics, may order two
      // work-items' accesses to __local memory (race_sync.cpp).
      const uint32_t width = views_[RaceGroup::kLocal].width;
      const uint32_t warp = firstItem_ / std::max(width, 1u);
      if (out.named && shadow_.tracked() && group_.followsLocal(out.other, warp, width)) return;
      ordering = group_.missingLocalOrdering(warp);
    }
    RacyAccess a{b, tagged::make(tagged::space(q), tagged::id(q), offset), bytes};
    if (stored_ && out.conflict == Conflict::WriteWrite) {
      // The other write's bytes: an earlier lane's of this store, else the memory's.
      const uint32_t lane = laneOf(b.item), other = out.named ? laneOf(out.other.item) : ~0u;
      const bool earlierLane = other < lane && out.other.site == b.site && (mask_ >> other) & 1;
      a.uniform = lane < 64 && std::memcmp(stored_ + lane * storedStride_,
                                           earlierLane ? stored_ + other * storedStride_
                                                       : base_ + tagged::offset(q),
                                           bytes_) == 0;
    }
    reportRace(launch_, a, out, ordering);
  }

  /// The lane of this warp whose work-item has id `item` (global words' ids), or 64.
  uint32_t laneOf(uint32_t item) const {
    const uint32_t lane = (item - group_.groupFirst() - firstItem_) & GlobalLayout::kItemMask;
    return lane < views_[0].width ? lane : 64;
  }

  void unlock() {
    if (held_) held_->store(0, std::memory_order_release);
    held_ = nullptr;
  }

  const LaunchContext &launch_;
  RaceGroup &group_;
  RaceShadow &shadow_;
  AccessKind kind_;
  uint32_t bytes_;
  uint32_t shift_;
  uint32_t firstItem_;
  bool image_;
  /// Per memory (RaceGroup::Memory): the group's view, the access without its work-item,
  /// and the same packed by the memory's layout.
  View views_[2];
  Access access_[2];
  uint64_t packed_[2] = {0, 0};
  uint64_t seen_ = 0;
  // The allocation of the last lane (space and id), and where its words are.
  uint64_t cached_ = ~uint64_t(0);
  bool usable_ = false;
  bool global_ = false;
  std::byte *base_ = nullptr;
  uint64_t size_ = 0;
  uint32_t root_ = 0;
  uint64_t shadowOffset_ = 0;
  uint64_t *words_ = nullptr;
  uint64_t *alias_ = nullptr; ///< the alias words of an aliased root (RaceShadow::aliased)
  uint32_t id_ = 0;           ///< the allocation of the last lane
  std::atomic<uint32_t> *held_ = nullptr;
  uint64_t heldPage_ = 0;             ///< root id and page of words of the lock held
  const std::byte *stored_ = nullptr; ///< storing(): the values, lane by lane
  uint64_t mask_ = 0;                 ///< storing(): the lanes that store
  uint32_t storedStride_ = 0;         ///< storing(): bytes from one lane's value to the next
  uint64_t element_ = 0;              ///< copying(): the copy's element size
};

/// Recorder::aliasLane for the lanes of `mask`, lane l at pointerOf(l).
template <class PointerOf>
[[gnu::noinline]] void recordAliases(const ExecState &x, const LoweredOp &op, uint32_t bytes,
                                     AccessKind kind, uint64_t mask, PointerOf pointerOf) {
  RaceGroup &group = raceGroupOf(x);
  Recorder r(*x.launch, group, group.shadow().siteOf(op), kind, bytes, x.warp->firstItem, x.width);
  for (uint64_t m = mask; m; m &= m - 1) {
    const uint32_t l = uint32_t(std::countr_zero(m));
    r.aliasLane(x, l, pointerOf(l));
  }
}

} // namespace

void recordAccess(const ExecState &x, const LoweredOp &op, const uint64_t *p, uint64_t imm,
                  uint32_t bytes, AccessKind kind, const void *stored) {
  const uint64_t mask = x.maskOf(op);
  if (!mask) return;
  RaceGroup &group = raceGroupOf(x);
  if (group.shadow().anyAliased()) [[unlikely]]
    recordAliases(x, op, bytes, kind, mask,
                  [&](uint32_t l) { return tagged::addOffset(p[l], imm); });
  Recorder r(*x.launch, group, group.shadow().siteOf(op), kind, bytes, x.warp->firstItem, x.width);
  r.storing(stored, mask);
  if (r.bulk(x, mask, p, imm)) return;
  for (uint32_t l = uint32_t(std::countr_zero(mask)); l < x.width; ++l)
    if ((mask >> l) & 1) r.lane(x, l, tagged::addOffset(p[l], imm));
}

void recordIndexedAccess(const ExecState &x, const LoweredOp &op, uint32_t bytes, AccessKind kind,
                         const void *stored) {
  const uint64_t *base = x.reg<uint64_t>(op.a);
  const uint64_t stride = op.aux & kMaxIndexedStride;
  if (raceGroupOf(x).shadow().anyAliased()) [[unlikely]]
    recordAliases(x, op, bytes, kind, x.maskOf(op), [&](uint32_t l) {
      return tagged::addOffset(base[l],
                               uint64_t(ops::laneIndex(x, op, l)) * stride + op.imm + op.b);
    });
  // The common case: one base, consecutive indices, every lane (ops::indexedFastPath).
  if (x.maskOf(op) == x.allLanes && stride == bytes &&
      ((op.aux & kUniformBase) ||
       std::all_of(base, base + x.width, [&](uint64_t b) { return b == base[0]; })) &&
      (op.aux & kIndex64 ? ops::indicesConsecutive(x.reg<int64_t>(op.c), x.width)
                         : ops::indicesConsecutive(x.reg<int32_t>(op.c), x.width))) {
    const uint64_t q0 =
        tagged::addOffset(base[0], uint64_t(ops::laneIndex(x, op, 0)) * stride + op.imm + op.b);
    RaceGroup &group = raceGroupOf(x);
    Recorder r(*x.launch, group, group.shadow().siteOf(op), kind, bytes, x.warp->firstItem,
               x.width);
    r.storing(stored, x.allLanes);
    if (r.dense(x, q0)) return;
  }
  const uint64_t mask = x.maskOf(op);
  if (!mask) return;
  RaceGroup &group = raceGroupOf(x);
  Recorder r(*x.launch, group, group.shadow().siteOf(op), kind, bytes, x.warp->firstItem, x.width);
  r.storing(stored, mask);
  uint64_t pointers[64];
  if (op.aux & kUniformBase) { // one allocation: the offsets are all it takes
    const uint64_t start = tagged::offset(base[0]) + op.imm + op.b;
    for (uint32_t l = 0; l < x.width; ++l)
      pointers[l] = (start + uint64_t(ops::laneIndex(x, op, l)) * stride) & tagged::kOffsetMask;
    if (r.sameAllocation(x, mask, base[0], pointers)) return;
  }
  for (uint32_t l = 0; l < x.width; ++l)
    pointers[l] =
        tagged::addOffset(base[l], uint64_t(ops::laneIndex(x, op, l)) * stride + op.imm + op.b);
  if (r.bulk(x, mask, pointers, 0)) return;
  for (uint32_t l = uint32_t(std::countr_zero(mask)); l < x.width; ++l)
    if ((mask >> l) & 1) r.lane(x, l, pointers[l]);
}

void recordTexels(const ExecState &x, const LoweredOp &op, const ImageTexels &t) {
  RaceGroup &group = raceGroupOf(x);
  if (group.shadow().logsImageWrites()) logImageTexels(x, op, t);
  const bool aliased = group.shadow().anyAliased();
  const AccessKind kind = t.isWrite ? AccessKind::Write : AccessKind::Read;
  // One recorder per texel size (one image per op, nearly always); up to 8 texels a lane.
  for (uint64_t left = t.lanes; left;) {
    const uint32_t bytes = t.texelBytes[std::countr_zero(left)];
    Recorder r(*x.launch, group, group.shadow().siteOf(op), kind, bytes, x.warp->firstItem, x.width,
               true);
    if (t.isWrite) r.storing(t.stored.data(), t.lanes, sizeof t.stored[0]);
    for (uint64_t m = left; m; m &= m - 1) {
      const uint32_t l = uint32_t(std::countr_zero(m));
      if (t.texelBytes[l] != bytes) continue;
      left &= ~(uint64_t(1) << l);
      for (uint32_t k = 0; k < t.count[l]; ++k) r.lane(x, l, t.pointers[l][k]);
      if (aliased) [[unlikely]]
        for (uint32_t k = 0; k < t.count[l]; ++k) r.aliasLane(x, l, t.pointers[l][k]);
    }
  }
}

void recordRead(const ExecState &x, const LoweredOp &op, uint32_t lane, uint64_t pointer,
                uint64_t bytes) {
  RaceGroup &group = raceGroupOf(x);
  for (uint64_t done = 0; done < bytes; done += 8) {
    const uint32_t n = uint32_t(std::min<uint64_t>(8, bytes - done));
    Recorder r(*x.launch, group, group.shadow().siteOf(op), AccessKind::Read, n, x.warp->firstItem,
               x.width);
    r.lane(x, lane, tagged::addOffset(pointer, done));
    if (group.shadow().anyAliased()) [[unlikely]] // through the buffer, as a plain load
      r.aliasLane(x, lane, tagged::addOffset(pointer, done));
  }
}

} // namespace race

void RaceGroup::copied(const ExecState &x, uint32_t instruction, const CopiedBytes &c) {
  const uint32_t site = shadow_.siteOfInstruction(instruction);
  const uint64_t src = tagged::addOffset(c.src, c.srcOffset - tagged::offset(c.src));
  const uint64_t dst = tagged::addOffset(c.dst, c.dstOffset - tagged::offset(c.dst));
  // A side whose elements follow each other is one range (of at most 2^31 bytes).
  const auto side = [&](AccessKind kind, uint64_t pointer, bool contiguous, uint64_t stride) {
    if (!contiguous) return copiedSide(x, site, kind, pointer, c.size, c.count, stride, c.size);
    const uint64_t perRange = std::max<uint64_t>(1, (uint64_t(1) << 31) / c.size);
    for (uint64_t k = 0; k < c.count; k += perRange) {
      const uint64_t n = std::min(perRange, c.count - k);
      copiedSide(x, site, kind, tagged::addOffset(pointer, k * c.size), n * c.size, 1, 0, c.size);
    }
  };
  side(AccessKind::Read, src, c.srcContiguous(), c.srcStride);
  side(AccessKind::Write, dst, c.dstContiguous(), c.dstStride);
}

void RaceGroup::copiedSide(const ExecState &x, uint32_t site, AccessKind kind, uint64_t pointer,
                           uint64_t bytes, uint64_t count, uint64_t stride, uint64_t element) {
  if (bytes > 0xffffffffu) { // an element of 4 GiB or more: in pieces
    for (uint64_t k = 0; k < count; ++k)
      for (uint64_t done = 0; done < bytes; done += uint64_t(1) << 31)
        copiedSide(x, site, kind, tagged::addOffset(pointer, k * stride + done),
                   std::min<uint64_t>(uint64_t(1) << 31, bytes - done), 1, 0, element);
    return;
  }
  race::Recorder r(launch_, *this, site, kind, uint32_t(bytes), shadow_.copyItem(), 1);
  r.copying(element);
  for (uint64_t k = 0; k < count; ++k) r.lane(x, 0, tagged::addOffset(pointer, k * stride));
  // Bytes an image made from a buffer shares with it (race_image_alias.h): the copy
  // reads or writes them through the buffer, as a plain access does.
  if (shadow_.anyAliased()) [[unlikely]]
    for (uint64_t k = 0; k < count; ++k) r.aliasLane(x, 0, tagged::addOffset(pointer, k * stride));
  copies_.push_back({pointer, bytes, count, stride});
}

} // namespace spvsim
