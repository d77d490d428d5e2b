// RaceShadow and RaceGroup: race sites, lazily mapped global shadow words,
// barrier epochs, the __local shadow and async copies (race_shadow.h).
#include "shadow/race_shadow.h"

#include <algorithm>
#include <bit>
#include <map>

#include <sys/mman.h>

#include "check/race_reporter.h"
#include "exec/handlers_memory.h"
#include "spvsim/common/error.h"
#include "spvsim/validator/module.h"

namespace spvsim {

using race::Access;
using race::AccessKind;
using race::Scope;

// Words are mapped without reserving memory: only the pages of words that
// accesses touch are ever committed (DESIGN.md: ≤ 2 bytes per byte touched at
// 4-byte granules).
struct RaceShadow::WordArray {
  explicit WordArray(uint64_t count) : bytes(count * sizeof(uint64_t)) {
    void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) throw Error("cannot map the race shadow of a buffer");
    words = static_cast<uint64_t *>(p);
  }
  ~WordArray() { munmap(words, bytes); }
  WordArray(const WordArray &) = delete;
  WordArray &operator=(const WordArray &) = delete;
  uint64_t bytes;
  uint64_t *words = nullptr;
};

namespace {

/// Bytes and kind of an access op; 0 bytes for ops that are not memory accesses.
struct OpAccess {
  uint32_t bytes = 0;
  bool atomic = false;
};

OpAccess accessOf(OpCode code) {
  switch (code) {
  case OpCode::Load8:
  case OpCode::Store8:
  case OpCode::LoadIndexed8:
  case OpCode::StoreIndexed8:
    return {1, false};
  case OpCode::Load16:
  case OpCode::Store16:
  case OpCode::LoadIndexed16:
  case OpCode::StoreIndexed16:
    return {2, false};
  case OpCode::Load32:
  case OpCode::Store32:
  case OpCode::LoadIndexed32:
  case OpCode::StoreIndexed32:
    return {4, false};
  case OpCode::Load64:
  case OpCode::Store64:
  case OpCode::LoadIndexed64:
  case OpCode::StoreIndexed64:
    return {8, false};
  case OpCode::AtomicLoad32:
  case OpCode::AtomicStore32:
  case OpCode::AtomicCompareExchange32:
    return {4, true};
  case OpCode::AtomicLoad64:
  case OpCode::AtomicStore64:
  case OpCode::AtomicCompareExchange64:
    return {8, true};
#define SPVSIM_RACE_ATOMIC_INT(name, spvop, expr)                                                  \
  case OpCode::name##32:                                                                           \
    return {4, true};                                                                              \
  case OpCode::name##64:                                                                           \
    return {8, true};
#define SPVSIM_RACE_ATOMIC_FLOAT(name, spvop, expr)                                                \
  case OpCode::name##F32:                                                                          \
    return {4, true};                                                                              \
  case OpCode::name##F64:                                                                          \
    return {8, true};
    SPVSIM_ATOMIC_INT_OPS(SPVSIM_RACE_ATOMIC_INT)
    SPVSIM_ATOMIC_FLOAT_OPS(SPVSIM_RACE_ATOMIC_FLOAT)
#undef SPVSIM_RACE_ATOMIC_INT
#undef SPVSIM_RACE_ATOMIC_FLOAT
  default:
    return {};
  }
}

/// How far an atomic instruction's scope reaches (DESIGN.md "Race detection":
/// Workgroup with Relaxed semantics is what every OpenCL 1.2 atomic becomes, and
/// acts device-wide).
Scope scopeOf(const Module &module, uint32_t instruction) {
  if (instruction >= module.instructions().size()) return Scope::Device;
  const auto operands = module.operands(module.instruction(instruction));
  if (operands.size() < 3) return Scope::Device;
  const Constant *scope = module.constant(operands[1]);
  const Constant *semantics = module.constant(operands[2]);
  if (!scope || scope->kind != ConstantKind::Scalar || scope->isSpec) return Scope::Device;
  constexpr uint64_t kOrdering = 0x2 | 0x4 | 0x8 | 0x10; // Acquire, Release, AcqRel, SeqCst
  const uint64_t order =
      semantics && semantics->kind == ConstantKind::Scalar ? semantics->bits & kOrdering : 0;
  switch (static_cast<spv::Scope>(scope->bits)) {
  case spv::Scope::Workgroup:
    return order ? Scope::Workgroup : Scope::Device;
  case spv::Scope::Subgroup:
    return Scope::Subgroup;
  case spv::Scope::Invocation:
    return Scope::Invocation;
  default:
    return Scope::Device;
  }
}

/// The largest power of two (up to 8) dividing n.
uint32_t lowBit(uint64_t n) {
  return n ? std::min<uint32_t>(8, uint32_t(n & (~n + 1))) : 8;
}

void lockSpin(std::atomic<uint32_t> &lock) {
  while (lock.exchange(1, std::memory_order_acquire))
    while (lock.load(std::memory_order_relaxed)) {
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#endif
    }
}

} // namespace

RaceShadow::RaceShadow(const Module &module, const LaunchContext &launch)
    : launch_(launch), words_(launch.allocations.size()), locks_(new Lock[kLocks]) {
  const LoweredKernel &k = *launch.kernel;
  uint32_t granule = 8;
  std::map<uint32_t, uint16_t> siteOfInstruction;
  siteOfOp_.assign(k.ops.size(), uint16_t(race::GlobalLayout::kNoSite));
  for (size_t i = 0; i < k.ops.size(); ++i) {
    const LoweredOp &op = k.ops[i];
    OpAccess a = accessOf(op.code);
    if (op.code == OpCode::Printf) {
      for (const PrintfArgument &arg : k.printfCalls[op.aux].arguments)
        if (arg.kind == PrintfArgument::Kind::Pointer) granule = 1; // %s reads bytes
    } else if (op.code == OpCode::GroupCollect &&
               k.collectives[op.aux].kind == Collective::Kind::AsyncCopy) {
      granule = std::min(granule, lowBit(k.collectives[op.aux].elementBytes));
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
        sites_.push_back({op.source, a.atomic ? scopeOf(module, op.source) : Scope::Device});
      }
    }
    siteOfOp_[i] = it->second;
  }
  // A sub-buffer that starts inside a granule of its parent would share granules
  // between its elements: granules divide every sub-buffer's origin.
  for (const AllocationView &a : launch.allocations)
    if (a.parent) granule = std::min(granule, lowBit(a.parentOffset));
  granuleShift_ = uint32_t(std::countr_zero(granule));
  const uint64_t items = launch.localSize[0] * launch.localSize[1] * launch.localSize[2];
  stride_ = uint32_t((items + 63) / 64 * 64 + 1);
}

RaceShadow::~RaceShadow() = default;

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
  uint64_t *w = words_[root].load(std::memory_order_acquire);
  if (w) return w;
  const uint64_t size = launch_.allocations[root].size;
  if (size == 0) return nullptr;
  std::lock_guard lock(arraysMutex_);
  w = words_[root].load(std::memory_order_acquire);
  if (!w) {
    arrays_.push_back(std::make_unique<WordArray>(((size - 1) >> granuleShift_) + 1));
    w = arrays_.back()->words;
    words_[root].store(w, std::memory_order_release);
  }
  return w;
}

std::array<uint64_t, 3> RaceShadow::groupOf(uint32_t item) const {
  const uint64_t g = item / stride_;
  const auto &n = launch_.groups;
  return {g % n[0], g / n[0] % n[1], g / (n[0] * n[1])};
}

std::optional<WorkItemIds> RaceShadow::workItem(uint32_t item) const {
  const uint64_t local = item % stride_;
  if (local == copyItem()) return std::nullopt;
  const LaunchContext &L = launch_;
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

RaceGroup::RaceGroup(RaceShadow &shadow, const LaunchContext &launch, size_t warps)
    : shadow_(shadow), launch_(launch) {
  for (auto &e : epochs_) e.assign(warps, 0);
  local_.assign(((launch.localArenaSize + 7) >> shadow.granuleShift()) + 1, 0);
}

void RaceGroup::start(uint64_t linearGroup) {
  groupFirst_ = uint32_t(linearGroup * shadow_.stride());
  for (auto &e : epochs_) std::fill(e.begin(), e.end(), 0);
  lastBarrier_ = {0, 0};
  latest_ = {0, 0};
  std::fill(local_.begin(), local_.begin() + std::min<uint64_t>(localUsed_, local_.size()), 0);
  localUsed_ = 0;
  copies_.clear();
}

void RaceGroup::barrier(uint64_t scopes) {
  const auto execution = static_cast<spv::Scope>(scopes & 0xffff);
  const auto memory = static_cast<spv::Scope>((scopes >> 16) & 0xffff);
  const uint64_t semantics = scopes >> 32;
  // A sub-group barrier, or a work-group barrier whose fence reaches only the
  // sub-group, orders the work-items of each warp among themselves.
  const bool subgroup = execution == spv::Scope::Subgroup || memory == spv::Scope::Subgroup ||
                        memory == spv::Scope::Invocation;
  const bool fences[2] = {(semantics & uint64_t(spv::MemorySemanticsMask::CrossWorkgroupMemory)) !=
                              0,
                          (semantics & uint64_t(spv::MemorySemanticsMask::WorkgroupMemory)) != 0};
  for (uint32_t m = 0; m < 2; ++m) {
    if (!fences[m]) continue;
    if (subgroup) {
      for (uint32_t &e : epochs_[m]) latest_[m] = std::max(latest_[m], ++e);
    } else {
      lastBarrier_[m] = latest_[m] = latest_[m] + 1;
      std::fill(epochs_[m].begin(), epochs_[m].end(), latest_[m]);
    }
  }
}

race::View RaceGroup::view(Memory m, uint32_t firstItem, uint32_t width) const {
  race::View v;
  v.groupFirst = m == kGlobal ? groupFirst_ : 0;
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
  Recorder(const LaunchContext &launch, RaceGroup &group, uint32_t site, AccessKind kind,
           uint32_t bytes, uint32_t firstItem, uint32_t width)
      : launch_(launch), group_(group), shadow_(group.shadow()), kind_(kind), bytes_(bytes),
        site_(site), firstItem_(firstItem) {
    const RaceSite *s = shadow_.site(site);
    scope_ = s && isAtomic(kind) ? s->scope : Scope::Device;
    views_[RaceGroup::kGlobal] = group.view(RaceGroup::kGlobal, firstItem, width);
    views_[RaceGroup::kLocal] = group.view(RaceGroup::kLocal, firstItem, width);
    epochs_[RaceGroup::kGlobal] = firstItem == shadow_.copyItem()
                                      ? views_[RaceGroup::kGlobal].latest
                                      : group.epoch(RaceGroup::kGlobal, firstItem, width);
    epochs_[RaceGroup::kLocal] = firstItem == shadow_.copyItem()
                                     ? views_[RaceGroup::kLocal].latest
                                     : group.epoch(RaceGroup::kLocal, firstItem, width);
  }
  ~Recorder() { unlock(); }
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
    const uint64_t first = at >> shadow_.granuleShift();
    const uint64_t last = (at + bytes_ - 1) >> shadow_.granuleShift();
    if (space == AddressSpace::Global) {
      const Access b{group_.groupFirst() + local, site_, epochs_[RaceGroup::kGlobal], kind_,
                     scope_};
      for (uint64_t g = first; g <= last; ++g) global(q, g, b);
    } else {
      const Access b{local, site_, epochs_[RaceGroup::kLocal], kind_, scope_};
      for (uint64_t g = first; g <= last; ++g) localWord(q, g, b);
      group_.touchLocal(last + 1);
    }
  }

private:
  void resolve(const ExecState &x, uint64_t q, uint32_t lane) {
    cached_ = tagged::allocation(q);
    ops::ResolvedAllocation r;
    const bool ok = ops::resolve(x, q, lane, r);
    const ops::AccessFault fault = ops::checkAccess(r, ok, 0, isWrite(kind_));
    usable_ = fault == ops::AccessFault::None || fault == ops::AccessFault::WriteOnlyRead;
    if (!usable_) return;
    base_ = r.base;
    size_ = r.size;
    const uint32_t id = tagged::id(q);
    if (tagged::space(q) == AddressSpace::Global) {
      const AllocationView &a = launch_.allocations[id];
      root_ = a.parent ? a.parent : id;
      shadowOffset_ = a.parent ? a.parentOffset : 0;
      words_ = shadow_.words(root_);
      usable_ = words_ != nullptr;
    } else {
      shadowOffset_ = launch_.localOffsets[id];
      words_ = group_.localWords();
    }
  }

  void global(uint64_t q, uint64_t g, const Access &b) {
    std::atomic_ref<uint64_t> word(words_[g]);
    uint64_t w = word.load(std::memory_order_relaxed);
    Outcome out;
    const View &v = views_[RaceGroup::kGlobal];
    // Most accesses leave a word as it is (read-shared data, repeated atomics): a load
    // decides that. Changes are made under the page's lock.
    if (w != 0 && step<GlobalLayout>(w, b, v, out) == w && out.conflict == Conflict::None) return;
    std::atomic<uint32_t> &lock = shadow_.lock(root_, g);
    if (&lock != held_) {
      unlock();
      lockSpin(lock);
      held_ = &lock;
    }
    out = Outcome{};
    w = word.load(std::memory_order_relaxed);
    const uint64_t n = step<GlobalLayout>(w, b, v, out);
    if (n != w) word.store(n, std::memory_order_relaxed);
    if (out.conflict != Conflict::None) {
      unlock();
      report(q, g, b, out);
    }
  }

  void localWord(uint64_t q, uint64_t g, const Access &b) {
    Outcome out;
    words_[g] = step<LocalLayout>(words_[g], b, views_[RaceGroup::kLocal], out);
    if (out.conflict == Conflict::None) return;
    // Local words hold local ids: give both accesses the group's ids.
    Access whole = b;
    whole.item += group_.groupFirst();
    out.other.item += group_.groupFirst();
    report(q, g, whole, out);
  }

  void report(uint64_t q, uint64_t granule, const Access &b, const Outcome &out) {
    // The byte the two accesses share: the granule's first byte inside this access.
    const uint64_t at = granule << shadow_.granuleShift();
    const uint64_t offset = std::max(tagged::offset(q), at - shadowOffset_);
    reportRace(launch_,
               RacyAccess{b, tagged::make(tagged::space(q), tagged::id(q), offset), bytes_}, out);
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
  uint32_t site_;
  uint32_t firstItem_;
  Scope scope_ = Scope::Device;
  View views_[2];
  uint32_t epochs_[2] = {0, 0};
  // The allocation of the last lane (space and id), and where its words are.
  uint64_t cached_ = ~uint64_t(0);
  bool usable_ = false;
  std::byte *base_ = nullptr;
  uint64_t size_ = 0;
  uint32_t root_ = 0;
  uint64_t shadowOffset_ = 0;
  uint64_t *words_ = nullptr;
  std::atomic<uint32_t> *held_ = nullptr;
};

} // namespace

void recordAccess(const ExecState &x, const LoweredOp &op, const uint64_t *p, uint64_t imm,
                  uint32_t bytes, AccessKind kind) {
  const uint64_t mask = x.maskOf(op);
  if (!mask) return;
  RaceGroup &group = *x.group->races;
  Recorder r(*x.launch, group, group.shadow().siteOf(op), kind, bytes, x.warp->firstItem, x.width);
  for (uint32_t l = uint32_t(std::countr_zero(mask)); l < x.width; ++l)
    if ((mask >> l) & 1) r.lane(x, l, tagged::addOffset(p[l], imm));
}

void recordIndexedAccess(const ExecState &x, const LoweredOp &op, uint32_t bytes, AccessKind kind) {
  const uint64_t *base = x.reg<uint64_t>(op.a);
  const uint64_t stride = op.aux & kMaxIndexedStride;
  uint64_t pointers[64];
  for (uint32_t l = 0; l < x.width; ++l)
    pointers[l] = tagged::addOffset(base[l], uint64_t(ops::laneIndex(x, op, l)) * stride + op.imm);
  recordAccess(x, op, pointers, op.b, bytes, kind);
}

void recordRead(const ExecState &x, const LoweredOp &op, uint32_t lane, uint64_t pointer,
                uint64_t bytes) {
  RaceGroup &group = *x.group->races;
  for (uint64_t done = 0; done < bytes; done += 8) {
    const uint32_t n = uint32_t(std::min<uint64_t>(8, bytes - done));
    Recorder r(*x.launch, group, group.shadow().siteOf(op), AccessKind::Read, n, x.warp->firstItem,
               x.width);
    r.lane(x, lane, tagged::addOffset(pointer, done));
  }
}

} // namespace race

void RaceGroup::copied(const ExecState &x, uint32_t instruction, uint64_t dst, uint64_t src,
                       uint64_t bytes) {
  const uint32_t site = shadow_.siteOfInstruction(instruction);
  const uint32_t copy = shadow_.copyItem();
  for (uint64_t done = 0; done < bytes; done += 8) {
    const uint32_t n = uint32_t(std::min<uint64_t>(8, bytes - done));
    const uint64_t s = tagged::addOffset(src, done), d = tagged::addOffset(dst, done);
    race::Recorder(launch_, *this, site, AccessKind::Read, n, copy, 1).lane(x, 0, s);
    race::Recorder(launch_, *this, site, AccessKind::Write, n, copy, 1).lane(x, 0, d);
    copies_.push_back({s, n});
    copies_.push_back({d, n});
  }
}

void RaceGroup::waitEvents() {
  const uint32_t copy = shadow_.copyItem();
  for (const CopyRange &c : copies_) {
    const uint64_t offset = tagged::offset(c.pointer);
    const uint32_t id = tagged::id(c.pointer);
    const uint32_t shift = shadow_.granuleShift();
    if (tagged::space(c.pointer) == AddressSpace::Local) {
      const uint64_t at = launch_.localOffsets[id] + offset;
      const race::View v = view(kLocal, copy, 1);
      for (uint64_t g = at >> shift; g <= (at + c.bytes - 1) >> shift && g < local_.size(); ++g)
        local_[g] = race::completeCopy<race::LocalLayout>(local_[g], copy, v);
      continue;
    }
    const AllocationView &a = launch_.allocations[id];
    const uint32_t root = a.parent ? a.parent : id;
    uint64_t *words = shadow_.words(root);
    if (!words) continue;
    const uint64_t at = (a.parent ? a.parentOffset : 0) + offset;
    const race::View v = view(kGlobal, copy, 1);
    for (uint64_t g = at >> shift; g <= (at + c.bytes - 1) >> shift; ++g) {
      std::atomic<uint32_t> &lock = shadow_.lock(root, g);
      lockSpin(lock);
      std::atomic_ref<uint64_t> word(words[g]);
      word.store(race::completeCopy<race::GlobalLayout>(word.load(std::memory_order_relaxed),
                                                        groupFirst_ + copy, v),
                 std::memory_order_relaxed);
      lock.store(0, std::memory_order_release);
    }
  }
  copies_.clear();
}

} // namespace spvsim
