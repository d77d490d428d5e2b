// The access-fault check (checks/access/access_faults.h): the finding of an access
// the executor stopped (docs/findings.md oob.*, null.deref, access.*).
#include "checks/access/access_faults.h"

#include <cstdio>
#include <string>

namespace spvsim {

namespace {

/// The kind and message of an access faulted for the allocation's state or flags rather
/// than for its bounds: released (or freed), mapped, read-only or write-only `what`.
void describeFlagFault(Finding &f, ops::AccessFault fault, bool isWrite, const std::string &what,
                       const char *gone) {
  using ops::AccessFault;
  const std::string verb = isWrite ? "write" : "read";
  switch (fault) {
  case AccessFault::Released:
    f.kind = "access.released";
    f.message = verb + " of " + what + " after it was " + gone;
    break;
  case AccessFault::Mapped:
    f.kind = "access.mapped";
    f.message = verb + " of " + what + " while the host has it mapped" +
                (isWrite ? "" : " for writing") + " (the " + verb + " was not performed)";
    break;
  case AccessFault::ReadOnlyWrite:
    f.kind = "access.read_only_write";
    f.message = "write to read-only " + what;
    break;
  default:
    f.kind = "access.write_only_read";
    f.message = "read of write-only " + what;
    break;
  }
}

} // namespace

void AccessFaultWatcher::accessFaulted(const ExecState &x, const LoweredOp &op,
                                       const FaultedAccess &access) {
  using ops::AccessFault;
  const uint64_t pointer = access.pointer;
  const uint32_t bytes = access.bytes;
  const bool isWrite = access.isWrite;
  const AccessFault fault = access.fault;
  AddressSpace space = tagged::space(pointer);
  uint32_t id = tagged::id(pointer);
  // A host address (an SVM pointer), unless it is NULL plus an offset below 2^40 in no
  // SVM allocation: that is a NULL pointer's access.
  if (space == AddressSpace::None && pointer != 0) [[unlikely]] {
    ops::ResolvedAllocation svm;
    uint64_t at;
    if (id != 0 || ops::resolveSvm(x, pointer, svm, at)) return svmAccessFaulted(x, op, access);
  }
  // Kind and buffer follow from these (id: tagged::kIdBits = 21 bits, space 3, fault 4),
  // except for sub-buffers (oob.subbuffer depends on the offset): their findings are
  // built every time.
  const bool global = space == AddressSpace::Global || space == AddressSpace::Constant;
  const bool subBuffer =
      global && id < x.launch->allocations.size() && x.launch->allocations[id].parent != 0;
  const uint64_t key = repeatKey(0, op,
                                 uint64_t(id) | uint64_t(space) << 21 | uint64_t(fault) << 24 |
                                     uint64_t(isWrite) << 28);
  if (!subBuffer && x.launch->reporter->countRepeat(key)) return;
  int64_t offset = tagged::signedOffset(pointer) + int64_t(op.imm);
  const char *verb = isWrite ? "write" : "read";
  Finding f;
  f.workItem = workItemOf(x, access.lane);
  std::string name = allocationName(x, pointer);
  f.memory = MemoryRef{addressSpaceName(space), name, uint64_t(offset), bytes};
  auto byteCount = [](uint64_t n) { return std::to_string(n) + (n == 1 ? " byte" : " bytes"); };
  auto sizeText = [&](uint64_t size) { return " of " + byteCount(size); };
  ops::ResolvedAllocation r;
  bool resolved = ops::resolve(x, pointer, access.lane, r);
  switch (fault) {
  case AccessFault::Null:
    if (space == AddressSpace::None && id == 0) {
      f.kind = "null.deref";
      f.message = std::string(verb) + " of " + byteCount(bytes) + " through a NULL pointer";
    } else {
      f.kind =
          std::string("oob.") + (space == AddressSpace::Local      ? "local"
                                 : space == AddressSpace::Private  ? "private"
                                 : space == AddressSpace::Constant ? "constant"
                                                                   : "global." + std::string(verb));
      f.message = std::string(verb) + " through a pointer to no allocation (" +
                  addressSpaceName(space) + " id " + std::to_string(id) + ")";
    }
    break;
  case AccessFault::Released:
  case AccessFault::Mapped:
  case AccessFault::ReadOnlyWrite:
  case AccessFault::WriteOnlyRead:
    describeFlagFault(f, fault, isWrite, "buffer '" + name + "'", "released");
    break;
  case AccessFault::OutOfBounds:
  case AccessFault::None: {
    uint64_t size = resolved ? r.size : 0;
    switch (space) {
    case AddressSpace::Local:
      f.kind = "oob.local";
      break;
    case AddressSpace::Private:
      f.kind = "oob.private";
      break;
    case AddressSpace::Constant:
      f.kind = "oob.constant";
      break;
    default:
      f.kind = std::string("oob.global.") + verb;
      break;
    }
    if (resolved && r.global && r.global->parent != 0) {
      const AllocationView &parent = x.launch->allocations[r.global->parent];
      int64_t inParent = int64_t(r.global->parentOffset) + offset;
      if (inParent >= 0 && uint64_t(inParent) + bytes <= parent.size) {
        f.kind = "oob.subbuffer";
        f.notes.push_back("inside parent buffer '" + parent.name + "' at offset " +
                          std::to_string(inParent));
      }
    }
    f.message = std::string(verb) + " of " + byteCount(bytes) + " at offset " +
                std::to_string(offset) + " of " + addressSpaceName(space) + " '" + name + "'" +
                sizeText(size);
    break;
  }
  }
  if (access.lanes > 1)
    f.notes.push_back(std::to_string(access.lanes) + " work-items of this warp faulted here");
  f.count = 1;
  if (subBuffer)
    x.launch->reporter->report(std::move(f), op.source);
  else
    x.launch->reporter->report(std::move(f), op.source, key);
}

void AccessFaultWatcher::svmAccessFaulted(const ExecState &x, const LoweredOp &op,
                                          const FaultedAccess &access) {
  // A host address (OpenCL API §5.6.1: a kernel's pointer into SVM memory is the
  // host's): in an SVM allocation, or in none (never accessed).
  using ops::AccessFault;
  const char *verb = access.isWrite ? "write" : "read";
  ops::ResolvedAllocation r;
  uint64_t offset = 0;
  const bool resolved = ops::resolveSvm(x, access.pointer, r, offset);
  const uint32_t id = resolved ? uint32_t(r.global - &x.launch->allocations[0]) : 0;
  const uint64_t key = repeatKey(0, op,
                                 uint64_t(id) | uint64_t(access.fault) << 24 |
                                     uint64_t(access.isWrite) << 28 | uint64_t(1) << 27);
  if (x.launch->reporter->countRepeat(key)) return;
  offset += op.imm;
  char address[32];
  std::snprintf(address, sizeof address, "0x%llx",
                static_cast<unsigned long long>(access.pointer + op.imm));
  auto byteCount = [](uint64_t n) { return std::to_string(n) + (n == 1 ? " byte" : " bytes"); };
  Finding f;
  f.workItem = workItemOf(x, access.lane);
  f.kind = std::string("oob.global.") + verb;
  if (!resolved) {
    f.memory = MemoryRef{"global", std::string(address), 0, access.bytes};
    f.message = std::string(verb) + " of " + byteCount(access.bytes) +
                " through a pointer to no allocation (host address " + address +
                " is in no SVM allocation)";
  } else {
    const std::string &name = r.global->name;
    f.memory = MemoryRef{"global", name, offset, access.bytes};
    switch (access.fault) {
    case AccessFault::Released:
    case AccessFault::Mapped:
    case AccessFault::ReadOnlyWrite:
    case AccessFault::WriteOnlyRead:
      describeFlagFault(f, access.fault, access.isWrite, "'" + name + "'", "freed");
      break;
    default:
      f.message = std::string(verb) + " of " + byteCount(access.bytes) + " at offset " +
                  std::to_string(offset) + " of global '" + name + "' of " + byteCount(r.size) +
                  " (host address " + address + ")";
      break;
    }
  }
  if (access.lanes > 1)
    f.notes.push_back(std::to_string(access.lanes) + " work-items of this warp faulted here");
  f.count = 1;
  x.launch->reporter->report(std::move(f), op.source, key);
}

void AccessFaultWatcher::asyncCopyFaulted(const ExecState &x, uint32_t instruction,
                                          const FaultedCopy &copy) {
  const AddressSpace space = tagged::space(copy.pointer);
  Finding f;
  f.kind = space == AddressSpace::Local
               ? "oob.local"
               : std::string("oob.global.") + (copy.isWrite ? "write" : "read");
  f.message = "async_work_group_copy element " + std::to_string(copy.element) + " of " +
              std::to_string(copy.count) + " is outside its " + addressSpaceName(space) +
              " allocation";
  f.workItem = copy.workItem;
  f.memory = MemoryRef{addressSpaceName(space), "", copy.offset, copy.size};
  x.launch->reporter->report(std::move(f), instruction);
}

} // namespace spvsim
