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
#include "checks/races/race_recorder.h"
#include "checks/races/race_reporter.h"
#include "checks/races/race_unit.h"
#include "checks/races/race_word_array.h"
#include "spvsim/validator/module.h"

namespace spvsim {

using race::Access;
using race::AccessKind;
using race::Scope;

using race::lowBit;

namespace {

/// Lock arrays of finished launches, at most kPooled: a launch takes one instead of
/// zeroing and faulting in 64 KiB of new locks (a fixed cost of every launch, most of
/// a tiny one's). Every lock of an array given back is released.
template <class Lock> struct LockPool {
  static constexpr size_t kPooled = 8;
  std::mutex mutex;
  std::vector<std::unique_ptr<Lock[]>> arrays;

  static LockPool &get() {
    // Never destroyed: a launch still running when the program exits gives its locks
    // back after static destructors have run (as WordArray's pool).
    static LockPool &p = *std::make_unique<LockPool>().release();
    return p;
  }
  static std::unique_ptr<Lock[]> take(size_t count) {
    LockPool &p = get();
    {
      std::lock_guard lock(p.mutex);
      if (!p.arrays.empty()) {
        std::unique_ptr<Lock[]> locks = std::move(p.arrays.back());
        p.arrays.pop_back();
        return locks;
      }
    }
    return std::make_unique<Lock[]>(count);
  }
  static void give(std::unique_ptr<Lock[]> locks, size_t count) {
    if (!locks) return;
    // A lock still held (a launch stopped in the midst of a recording) keeps it out.
    for (size_t k = 0; k < count; ++k)
      if (locks[k].flag.load(std::memory_order_relaxed)) return;
    LockPool &p = get();
    std::lock_guard lock(p.mutex);
    if (p.arrays.size() < kPooled) p.arrays.push_back(std::move(locks));
  }
};

} // namespace

RaceShadow::RaceShadow(const Module &module, const LaunchContext &launch)
    : launch_(launch), arrays_(launch.allocations), locks_(LockPool<Lock>::take(kLocks)),
      locking_(launch.workers != 1) {
  // An image over another allocation's bytes (an image created from a buffer or from
  // another image): the root's bytes are reached through two objects.
  for (const ImageView &v : launch.images)
    if (v.allocation < launch.allocations.size())
      if (const uint32_t parent = launch.allocations[v.allocation].parent)
        if (!aliased(parent)) aliased_.push_back(parent);
  anyAliased_ = !aliased_.empty();
  if (anyAliased_) {
    imageArrays_ = race::RootSlots<WordArray>(launch.allocations);
    aliasArrays_ = race::RootSlots<WordArray>(launch.allocations);
  }
  fencesByAddressSpace_ = race::fencesByAddressSpace(module);
  bool imageReads = false, imageWrites = false, anyImageWrite = false, writesImages = false;
  const LoweredKernel &k = *launch.kernel;
  // The kernel's smallest access (granule: __local memory, images and buffers no argument
  // names), that of the accesses whose pointer may reach any buffer (anyGranule), and
  // per pointer argument that of the accesses that may reach it (race_unit.h).
  uint32_t granule = 8, anyGranule = 8;
  std::array<uint8_t, race::ArgumentReach::kMaxArguments> argGranule;
  argGranule.fill(8);
  const EntryPoint *entry = module.findEntryPoint(k.name);
  const Function *entryFunction = entry ? module.function(entry->function) : nullptr;
  std::optional<race::ArgumentReach> reach;
  if (entryFunction && entryFunction->params.size() == k.params.size())
    reach.emplace(module, entryFunction->id);
  const auto reached = [&](uint64_t arguments, uint32_t bytes) {
    granule = std::min(granule, bytes);
    if (arguments & race::ArgumentReach::kAny) {
      anyGranule = std::min(anyGranule, bytes);
      return;
    }
    for (uint64_t m = arguments; m; m &= m - 1)
      argGranule[std::countr_zero(m)] =
          uint8_t(std::min<uint32_t>(argGranule[std::countr_zero(m)], bytes));
  };
  std::map<uint32_t, uint16_t> siteOfInstruction;
  siteOfOp_.assign(k.ops.size(), uint16_t(race::GlobalLayout::kNoSite));
  // The plain loads (op index, the arguments they may reach) and the arguments that any
  // op writing memory may reach (unrecordedLoads).
  std::vector<std::pair<uint32_t, uint64_t>> loads;
  uint64_t writeReach = 0;
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
        if (arg.kind == PrintfArgument::Kind::Pointer) // %s reads bytes
          reached(race::ArgumentReach::kAny, 1);
    } else if (op.code == OpCode::GroupCollect &&
               k.collectives[op.aux].kind == Collective::Kind::AsyncCopy) {
      reached(race::ArgumentReach::kAny, lowBit(k.collectives[op.aux].elementBytes));
      writeReach |= race::ArgumentReach::kAny;
    } else if (op.code == OpCode::Image) {
      const ImageInstruction::Kind kind = k.imageInstructions[op.aux].kind;
      if (kind != ImageInstruction::Kind::Read && kind != ImageInstruction::Kind::Write &&
          kind != ImageInstruction::Kind::Sample)
        continue;
      if (kind != ImageInstruction::Kind::Write) imageReads = true;
      writesImages |= kind == ImageInstruction::Kind::Write;
      // A texel is one location: granules divide every texel's offset.
      for (const ImageView &v : launch.images)
        reached(race::ArgumentReach::kAny, std::min({lowBit(v.texelBytes), lowBit(v.image.rowPitch),
                                                     lowBit(v.image.slicePitch)}));
    } else if (a.bytes == 0) {
      if (op.code == OpCode::CopyMemoryDynamic) writeReach |= race::ArgumentReach::kAny;
      continue;
    } else {
      const uint64_t arguments = reach ? reach->ofAccess(op.source) : race::ArgumentReach::kAny;
      reached(arguments, a.bytes);
      if (isPlainLoad(op.code))
        loads.push_back({uint32_t(i), arguments});
      else // stores and atomics
        writeReach |= arguments;
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
  unitsOfArguments(k, reach ? argGranule.data() : nullptr, anyGranule, granule);
  if (reach && !anyAliased_) unrecordedLoads(loads, writeReach);
  // A sub-buffer that starts inside a granule of its parent would share granules
  // between its elements: granules divide every sub-buffer's origin.
  // (Live ones only: the chunks of released buffers are passed over whole.)
  for (size_t c = 0; c < launch.allocations.chunkCount(); ++c) {
    if (launch.allocations.chunkReleased(c)) continue;
    const size_t first = c * kAllocationChunkSize;
    const size_t end = std::min(launch.allocations.size(), first + kAllocationChunkSize);
    for (size_t id = first; id < end; ++id) {
      const AllocationView &a = launch.allocations[id];
      if (!a.parent || a.released) continue;
      granule = std::min(granule, lowBit(a.parentOffset));
      for (RootShift &r : rootShifts_)
        if (r.root == a.parent)
          r.shift = std::min(r.shift, uint32_t(std::countr_zero(lowBit(a.parentOffset))));
    }
  }
  granuleShift_ = uint32_t(std::countr_zero(granule));
  // Images and the buffers they view keep the kernel's granule: texels and the alias
  // words (race_image_alias.h) are laid out by it.
  for (const ImageView &v : launch.images)
    if (const uint32_t root = rootOfAllocation(v.allocation); root != ~0u)
      for (RootShift &r : rootShifts_)
        if (r.root == root) r.shift = granuleShift_;
  // Roots at the kernel's granule need no entry: shiftOf() finds none for most kernels.
  std::erase_if(rootShifts_, [&](const RootShift &r) { return r.shift == granuleShift_; });
  logsImageWrites_ = imageReads && (imageWrites || (anyAliased_ && anyImageWrite));
  recordsImageReads_ = writesImages || anyAliased_;
  if (writesImages && !anyAliased_) imagesWritable(module, entryFunction);
  const uint64_t items =
      launch.localSize[0] * launch.localSize[1] * launch.localSize[2] * launch.packedGroups;
  stride_ = uint32_t((items + 63) / 64 * 64 + 1);
  if (tracked_) sharedLog_ = std::make_unique<race::SharedLog>();
}

const UniformInit *RaceShadow::argumentInit(uint32_t slot) const {
  const auto init = std::find_if(launch_.argumentInits.begin(), launch_.argumentInits.end(),
                                 [&](const UniformInit &u) { return u.slot == slot; });
  return init == launch_.argumentInits.end() ? nullptr : &*init;
}

uint32_t RaceShadow::rootOfAllocation(uint64_t id) const {
  if (id >= launch_.allocations.size()) return ~0u;
  const uint32_t parent = launch_.allocations[id].parent;
  return parent ? parent : uint32_t(id);
}

uint32_t RaceShadow::rootOfArgument(size_t i) const {
  const ParamBinding &p = launch_.kernel->params[i];
  if (p.kind != ParamBinding::Kind::Pointer) return ~0u;
  const UniformInit *init = argumentInit(p.pointerSlot);
  const uint32_t id = init ? tagged::id(init->bits) : 0;
  return id == 0 ? ~0u : rootOfAllocation(id);
}

void RaceShadow::unrecordedLoads(std::span<const std::pair<uint32_t, uint64_t>> loads,
                                 uint64_t writeReach) {
  if (loads.empty() || (writeReach & race::ArgumentReach::kAny)) return;
  const LoweredKernel &k = *launch_.kernel;
  std::vector<uint32_t> roots(k.params.size());
  for (size_t i = 0; i < roots.size(); ++i) roots[i] = rootOfArgument(i);
  // The roots that writes may reach: an argument's buffer; __local arguments hold none.
  std::vector<uint32_t> written;
  for (uint64_t m = writeReach; m; m &= m - 1) {
    const size_t i = size_t(std::countr_zero(m));
    if (i >= k.params.size()) return;
    // __local and by-value arguments: memory of the work-group or the work-item.
    if (k.params[i].kind == ParamBinding::Kind::Local ||
        k.params[i].kind == ParamBinding::Kind::ByValStruct)
      continue;
    if (roots[i] == ~0u) return; // not known: every load is recorded
    written.push_back(roots[i]);
  }
  for (const auto &[index, arguments] : loads) {
    if (arguments == 0 || (arguments & race::ArgumentReach::kAny)) continue;
    bool unwritten = true;
    for (uint64_t m = arguments; m && unwritten; m &= m - 1) {
      const size_t i = size_t(std::countr_zero(m));
      const uint32_t root = i < roots.size() ? roots[i] : ~0u;
      unwritten = root != ~0u && std::find(written.begin(), written.end(), root) == written.end();
    }
    if (!unwritten) continue;
    if (loadsRecorded_.empty()) loadsRecorded_.assign(k.ops.size(), 1);
    loadsRecorded_[index] = 0;
  }
}

void RaceShadow::unitsOfArguments(const LoweredKernel &k, const uint8_t *argGranule,
                                  uint32_t anyGranule, uint32_t granule) {
  for (size_t i = 0; i < k.params.size(); ++i) {
    if (k.params[i].constant) continue;
    const uint32_t root = rootOfArgument(i);
    if (root == ~0u) continue;
    const uint32_t unit = argGranule && i < race::ArgumentReach::kMaxArguments
                              ? std::min<uint32_t>(anyGranule, argGranule[i])
                              : granule;
    const uint32_t shift = uint32_t(std::countr_zero(unit));
    const auto r = std::find_if(rootShifts_.begin(), rootShifts_.end(),
                                [&](const RootShift &s) { return s.root == root; });
    if (r == rootShifts_.end())
      rootShifts_.push_back({root, shift});
    else
      r->shift = std::min(r->shift, shift);
  }
}

void RaceShadow::imagesWritable(const Module &module, const Function *entry) {
  const LoweredKernel &k = *launch_.kernel;
  if (!entry || entry->params.size() != k.params.size()) return; // every image's reads
  const auto rootOf = [&](uint64_t v) { return rootOfAllocation(launch_.images[v].allocation); };
  // The roots of the images bound to image arguments that may be written (write_only,
  // read_write, or without a qualifier); an image value comes from an argument only.
  std::vector<uint32_t> roots;
  for (size_t i = 0; i < k.params.size(); ++i) {
    const ParamBinding &p = k.params[i];
    if (p.kind != ParamBinding::Kind::Image) continue;
    if (module.type(module.typeOf(entry->params[i])).access == spv::AccessQualifier::ReadOnly)
      continue;
    const UniformInit *init = p.leaves.empty() ? nullptr : argumentInit(p.leaves[0].slot);
    if (!init || init->bits >= launch_.images.size() || rootOf(init->bits) == ~0u)
      return; // not known: every image's reads
    roots.push_back(rootOf(init->bits));
  }
  imageReadsRecorded_.assign(launch_.images.size(), 0);
  for (size_t v = 0; v < launch_.images.size(); ++v) {
    const uint32_t root = rootOf(v);
    imageReadsRecorded_[v] =
        root == ~0u || std::find(roots.begin(), roots.end(), root) != roots.end();
  }
}

RaceShadow::~RaceShadow() {
  for (std::unique_ptr<WordArray> &a : pooled_) WordArray::give(std::move(a));
  LockPool<Lock>::give(std::move(locks_), kLocks);
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

uint64_t *RaceShadow::wordsIn(race::RootSlots<WordArray> &arrays, uint32_t root,
                              uint32_t perGranule) {
  std::atomic<WordArray *> *slot = arrays.slot(root);
  if (!slot) return nullptr; // every buffer of its chunk is released: never accessed
  WordArray *a = slot->load(std::memory_order_acquire);
  if (a) return a->words;
  const uint64_t size = launch_.allocations[root].size;
  if (size == 0) return nullptr;
  std::lock_guard lock(arraysMutex_);
  a = slot->load(std::memory_order_acquire);
  if (!a) {
    const uint64_t count = (((size - 1) >> shiftOf(root)) + 1) * perGranule;
    // Handed on to the next launch (populate() sees their writes).
    pooled_.push_back(WordArray::take(count));
    a = pooled_.back().get();
    slot->store(a, std::memory_order_release);
  }
  return a->words;
}

void RaceShadow::populate(uint32_t root, uint64_t index) {
  if (WordArray *a = arrays_.get(root)) a->populate(index);
  if (anyAliased_) [[unlikely]] {
    // An aliased root's image words and alias words are written under the same page
    // lock: the image words' page is the main words', the alias words' four pages hold
    // that page's granules four words each.
    if (WordArray *a = imageArrays_.get(root)) a->populate(index);
    if (WordArray *a = aliasArrays_.get(root)) {
      const uint64_t first = (index >> kWordsPerLock) << (kWordsPerLock + 2);
      for (uint64_t k = 0; k < 4; ++k) a->populate(first + (k << kWordsPerLock));
    }
  }
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

/// The offsets start + index[l] × stride of an indexed op's lanes into their one
/// allocation: the index width decided once, not per lane.
template <class I>
void indexedOffsets(const I *index, uint32_t width, uint64_t start, uint64_t stride,
                    uint64_t *offsets) {
  if ((stride & (stride - 1)) == 0) { // a shift: the loop vectorises
    const int shift = std::countr_zero(stride);
    for (uint32_t l = 0; l < width; ++l)
      offsets[l] = (start + (uint64_t(int64_t(index[l])) << shift)) & tagged::kOffsetMask;
    return;
  }
  for (uint32_t l = 0; l < width; ++l)
    offsets[l] = (start + uint64_t(int64_t(index[l])) * stride) & tagged::kOffsetMask;
}

/// At most this many lanes are recorded one by one rather than by a pass over the warp
/// (Recorder::bulk): the pass costs more than it saves for a work-group of two.
constexpr int kNarrowLanes = 4;

/// Whether `mask` has at most `n` lanes: without a popcount instruction, which the
/// target need not have (std::popcount is a call then).
inline bool atMostLanes(uint64_t mask, int n) {
  for (int k = 0; k < n && mask; ++k) mask &= mask - 1;
  return mask == 0;
}

/// recordAccess(); `Bulk`: whether the lanes may be taken at once (Recorder::bulk).
template <bool Bulk>
void recordPointerLanes(const ExecState &x, const LoweredOp &op, const uint64_t *p, uint64_t imm,
                        uint32_t bytes, AccessKind kind, const void *stored) {
  const uint64_t mask = x.maskOf(op);
  if (!mask) return;
  RaceGroup &group = raceGroupOf(x);
  if (group.shadow().anyAliased()) [[unlikely]]
    recordAliases(x, op, bytes, kind, mask,
                  [&](uint32_t l) { return tagged::addOffset(p[l], imm); });
  Recorder r(*x.launch, group, group.shadow().siteOf(op), kind, bytes, x.warp->firstItem, x.width);
  r.storing(stored, mask);
  // A few lanes (small work-groups, divergent code): no pass over the warp.
  if (!Bulk || atMostLanes(mask, kNarrowLanes) || !r.bulk(x, mask, p, imm))
    r.lanes(x, mask, [&](uint32_t l) { return tagged::addOffset(p[l], imm); });
}

} // namespace

void recordAccess(const ExecState &x, const LoweredOp &op, const uint64_t *p, uint64_t imm,
                  uint32_t bytes, AccessKind kind, const void *stored) {
  recordPointerLanes<true>(x, op, p, imm, bytes, kind, stored);
}

void recordAtomicAccess(const ExecState &x, const LoweredOp &op, uint32_t bytes, AccessKind kind) {
  // Where the shadow logs shared words (a kernel whose atomics order), the recorder takes
  // the lanes one by one, or a warp's lanes on one counter as a run: no bulk pass first.
  if (raceGroupOf(x).shadow().sharedLog())
    return recordPointerLanes<false>(x, op, x.reg<uint64_t>(op.a), op.imm, bytes, kind, nullptr);
  recordPointerLanes<true>(x, op, x.reg<uint64_t>(op.a), op.imm, bytes, kind, nullptr);
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
  if (x.maskOf(op) == x.allLanes && stride >= bytes &&
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
    if (r.dense(x, q0, stride)) return;
  }
  const uint64_t mask = x.maskOf(op);
  if (!mask) return;
  RaceGroup &group = raceGroupOf(x);
  Recorder r(*x.launch, group, group.shadow().siteOf(op), kind, bytes, x.warp->firstItem, x.width);
  r.storing(stored, mask);
  if (!(mask & (mask - 1))) { // one lane: no pass over the warp
    const uint32_t l = uint32_t(std::countr_zero(mask));
    return r.lane(
        x, l,
        tagged::addOffset(base[l], uint64_t(ops::laneIndex(x, op, l)) * stride + op.imm + op.b));
  }
  uint64_t pointers[64];
  if (op.aux & kUniformBase) { // one allocation: the offsets are all it takes
    const uint64_t start = tagged::offset(base[0]) + op.imm + op.b;
    if (op.aux & kIndex64)
      indexedOffsets(x.reg<int64_t>(op.c), x.width, start, stride, pointers);
    else
      indexedOffsets(x.reg<int32_t>(op.c), x.width, start, stride, pointers);
    if (r.sameAllocation(x, mask, base[0], pointers)) return;
  }
  for (uint32_t l = 0; l < x.width; ++l)
    pointers[l] =
        tagged::addOffset(base[l], uint64_t(ops::laneIndex(x, op, l)) * stride + op.imm + op.b);
  if (r.bulk(x, mask, pointers, 0)) return;
  r.lanes(x, mask, [&](uint32_t l) { return pointers[l]; });
}

void recordTexels(const ExecState &x, const LoweredOp &op, const ImageTexels &t) {
  RaceGroup &group = raceGroupOf(x);
  const RaceShadow &shadow = group.shadow();
  if (!t.isWrite && !shadow.recordsImageReads()) return;
  if (shadow.logsImageWrites()) logImageTexels(x, op, t);
  uint64_t lanes = t.lanes;
  if (!t.isWrite && shadow.selectsImageReads())
    for (uint64_t m = lanes; m; m &= m - 1)
      if (!shadow.recordsReadsOf(t.image[std::countr_zero(m)]))
        lanes &= ~(uint64_t(1) << std::countr_zero(m));
  const bool aliased = shadow.anyAliased();
  const AccessKind kind = t.isWrite ? AccessKind::Write : AccessKind::Read;
  // One recorder per texel size (one image per op, nearly always); up to 8 texels a lane.
  for (uint64_t left = lanes; left;) {
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
