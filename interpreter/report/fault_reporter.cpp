// FaultReporter: completes executor findings with instruction text, location and
// the element a memory finding is about.
#include "report/fault_reporter.h"

#include <functional>
#include <sstream>

#include "spvsim/validator/opencl_type_names.h"

namespace spvsim {

namespace {

/// The type a load, store or atomic accesses, or 0 for other instructions (copies,
/// extended instructions: their accesses are not of one type).
uint32_t accessedType(const Module &m, const Instruction &inst) {
  const auto operands = m.operands(inst);
  switch (inst.opcode) {
  case spv::Op::OpLoad:
  case spv::Op::OpAtomicLoad:
  case spv::Op::OpAtomicExchange:
  case spv::Op::OpAtomicCompareExchange:
  case spv::Op::OpAtomicCompareExchangeWeak:
  case spv::Op::OpAtomicIIncrement:
  case spv::Op::OpAtomicIDecrement:
  case spv::Op::OpAtomicIAdd:
  case spv::Op::OpAtomicISub:
  case spv::Op::OpAtomicSMin:
  case spv::Op::OpAtomicUMin:
  case spv::Op::OpAtomicSMax:
  case spv::Op::OpAtomicUMax:
  case spv::Op::OpAtomicAnd:
  case spv::Op::OpAtomicOr:
  case spv::Op::OpAtomicXor:
  case spv::Op::OpAtomicFAddEXT:
  case spv::Op::OpAtomicFMinEXT:
  case spv::Op::OpAtomicFMaxEXT:
    return inst.typeId;
  case spv::Op::OpStore:
    return operands.size() >= 2 ? m.typeOf(operands[1]) : 0;
  case spv::Op::OpAtomicStore:
    return operands.size() >= 4 ? m.typeOf(operands[3]) : 0;
  default:
    return 0;
  }
}

/// OpenCL C's name of a scalar or vector type and its size in memory (a 3-component
/// vector takes the 4-component one's); size 0 for other types. SPIR-V integers have
/// no signedness: they are named unsigned, as kernel signatures name them.
std::string typeName(const Module &m, uint32_t typeId, uint32_t &size) {
  size = 0;
  const Type &t = m.type(typeId);
  const Type &scalar = t.kind == TypeKind::Vector ? m.type(t.element) : t;
  if (scalar.kind != TypeKind::Float && scalar.kind != TypeKind::Int) return "";
  std::string name(openclScalarName(scalar));
  if (scalar.width % 8 != 0 || scalar.width == 0) return "";
  size = scalar.width / 8;
  if (t.kind == TypeKind::Vector) {
    name += std::to_string(t.count);
    size *= t.count == 3 ? 4 : t.count;
  }
  return name;
}

/// The element type of a pointer parameter as the source spells it: "int" of
/// "int*", "float4" of "const float4*"; "" for other parameters.
std::string pointeeName(std::string type) {
  if (type.empty() || type.back() != '*') return "";
  type.pop_back();
  for (const char *prefix : {"const ", "volatile ", "__global ", "global ", "__constant ",
                             "constant ", "__local ", "local "})
    if (type.rfind(prefix, 0) == 0) type.erase(0, std::string(prefix).size());
  return type;
}

} // namespace

void FaultReporter::report(Finding f, uint32_t instruction) {
  f.kernel = kernel_;
  if (instruction != kNone && instruction < module_.instructions().size()) {
    locate(instruction, f.instruction, f.wordOffset, f.location);
    // A module with lines, an instruction without: the compiler kept none for it (clang
    // -O2 moved it; validator/RULES.md, DebugNoScope). Said, not left to look like a
    // module built without line information.
    if (!f.location && !module_.locations().empty())
      f.notes.insert(f.notes.begin(),
                     "no source line: the compiler kept none for this instruction");
    if (f.site == 0) f.site = siteOf(instruction);
    if (f.memory && f.elementSize == 0 && f.kind != "uninit.read") describeElement(instruction, f);
  }
  if (!scheduleNote_.empty()) f.notes.push_back(scheduleNote_);
  sink_.report(std::move(f));
}

std::optional<SourceLocation> FaultReporter::location(uint32_t instruction) const {
  if (instruction == kNone || instruction >= module_.instructions().size()) return std::nullopt;
  auto loc = module_.location(instruction);
  if (!loc) return std::nullopt;
  return SourceLocation{std::string(module_.string(loc->fileId)), loc->line, loc->column};
}

uint64_t FaultReporter::siteOf(uint32_t instruction) const {
  if (instruction == kNone || instruction >= module_.instructions().size()) return 0;
  if (auto loc = module_.location(instruction)) {
    // The top bit keeps locations apart from word offsets; the kernel's name keeps a
    // line of a function two kernels call apart.
    const uint64_t where = uint64_t(loc->fileId & 0xfffff) << 40 |
                           uint64_t(loc->line & 0xffffff) << 16 | (loc->column & 0xffff);
    return (where ^ std::hash<std::string>{}(kernel_) << 1) | uint64_t(1) << 63;
  }
  return uint64_t(module_.instruction(instruction).wordOffset) + 1;
}

void FaultReporter::describeElement(uint32_t instruction, Finding &f) {
  if (!f.memory || instruction == kNone || instruction >= module_.instructions().size()) return;
  const uint32_t type = accessedType(module_, module_.instruction(instruction));
  if (type == 0) return;
  uint32_t size = 0;
  std::string name = typeName(module_, type, size);
  if (size == 0) return;
  std::string declared = sourceElementType(f.memory->buffer, size);
  f.elementType = declared.empty() ? std::move(name) : std::move(declared);
  f.elementSize = size;
}

std::string FaultReporter::sourceElementType(const std::string &buffer, uint32_t size) {
  std::call_once(argTypesRead_, [&] {
    // llvm-spirv records the source's parameter types as OpString
    // "kernel_arg_type.<kernel>.float*,int,".
    const std::string prefix = "kernel_arg_type." + kernel_ + ".";
    const EntryPoint *ep = module_.findEntryPoint(kernel_);
    const Function *fn = ep ? module_.function(ep->function) : nullptr;
    if (!fn) return;
    for (const auto &inst : module_.instructions()) {
      if (inst.opcode != spv::Op::OpString) continue;
      const std::string s(module_.string(inst.resultId));
      if (s.rfind(prefix, 0) != 0) continue;
      std::stringstream in(s.substr(prefix.size()));
      uint32_t index = 0;
      for (std::string item; std::getline(in, item, ','); ++index)
        if (index < fn->params.size())
          if (std::string elem = pointeeName(item); !elem.empty())
            argElementTypes_.emplace(std::string(module_.parameterName(fn->id, index)), elem);
      break;
    }
  });
  auto it = argElementTypes_.find(buffer);
  if (it == argElementTypes_.end()) return "";
  // Only a name of the accessed size: an int* read as a whole int4 is an int4.
  static const std::unordered_map<std::string, uint32_t> kSizes = {
      {"char", 1}, {"uchar", 1}, {"short", 2}, {"ushort", 2}, {"half", 2},  {"int", 4},
      {"uint", 4}, {"float", 4}, {"long", 8},  {"ulong", 8},  {"double", 8}};
  auto known = kSizes.find(it->second);
  return known != kSizes.end() && known->second == size ? it->second : "";
}

void FaultReporter::describe(uint32_t instruction, OtherAccess &other) {
  if (instruction != kNone && instruction < module_.instructions().size())
    locate(instruction, other.instruction, other.wordOffset, other.location);
}

void FaultReporter::locate(uint32_t instruction, std::string &text,
                           std::optional<uint32_t> &wordOffset,
                           std::optional<SourceLocation> &location) {
  std::call_once(disassembled_, [&] { disassembly_ = std::make_unique<Disassembly>(module_); });
  text = std::string(disassembly_->text(instruction));
  wordOffset = module_.instruction(instruction).wordOffset;
  location = this->location(instruction);
}

bool FaultReporter::countRepeat(uint64_t key) {
  std::lock_guard lock(repeatsMutex_);
  auto it = repeats_.find(key);
  if (it == repeats_.end()) return false;
  ++it->second.more;
  return true;
}

void FaultReporter::report(Finding f, uint32_t instruction, uint64_t key) {
  {
    std::lock_guard lock(repeatsMutex_);
    if (repeats_.size() < kMaxRepeatKeys && !repeats_.count(key)) {
      // Remember the finding as the sink will have it, so that repeats merge into it.
      Finding first = f;
      first.kernel = kernel_;
      if (first.site == 0) first.site = siteOf(instruction);
      repeats_.emplace(key, Repeats{std::move(first), 0});
    }
  }
  report(std::move(f), instruction);
}

void FaultReporter::flushRepeats() {
  std::lock_guard lock(repeatsMutex_);
  for (auto &[key, r] : repeats_)
    if (r.more) {
      Finding counted = r.first;
      counted.count = r.more;
      if (!scheduleNote_.empty()) counted.notes.push_back(scheduleNote_);
      sink_.report(std::move(counted));
      r.more = 0;
    }
}

} // namespace spvsim
