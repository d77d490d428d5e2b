// DebugInfo (debug_info.h): decodes OpenCL.DebugInfo.100 variables and types, and
// maps instructions to their source lines and functions.
#include "debug_info.h"

#include <algorithm>

namespace spvsim::debugger {

namespace {

// OpenCL.DebugInfo.100 instruction numbers (§4).
enum : uint32_t {
  kTypeBasic = 2,
  kTypePointer = 3,
  kTypeQualifier = 4,
  kTypeArray = 5,
  kTypeVector = 6,
  kTypedef = 7,
  kTypeComposite = 10,
  kTypeMember = 11,
  kFunction = 20,
  kLexicalBlock = 21,
  kScope = 23,
  kNoScope = 24,
  kInlinedAt = 25,
  kLocalVariable = 26,
  kGlobalVariable = 18,
};

} // namespace

DebugInfo::DebugInfo(const Module &module) : module_(module) {
  // Sizes and counts are ids of integer constants; anything else reads as 0.
  auto number = [&](uint32_t id) -> uint64_t {
    const Constant *c = module_.constant(id);
    return c && c->kind == ConstantKind::Scalar ? c->bits : 0;
  };
  auto text = [&](uint32_t id) { return std::string(module_.string(id)); };
  std::map<uint32_t, DebugType::Member> members;
  for (const Instruction &inst : module_.instructions()) {
    if (inst.opcode != spv::Op::OpExtInst) continue;
    auto ops = module_.operands(inst);
    if (ops.size() < 2 || module_.extInstSet(ops[0]) != "OpenCL.DebugInfo.100") continue;
    auto a = ops.subspan(2);
    const uint32_t id = inst.resultId;
    auto at = [&](size_t i) -> uint32_t { return i < a.size() ? a[i] : 0; };
    switch (ops[1]) {
    case kTypeBasic: {
      DebugType t;
      t.kind = DebugType::Kind::Basic;
      t.name = text(at(0));
      t.sizeBits = number(at(1));
      t.encoding = at(2);
      types_[id] = t;
      break;
    }
    case kTypePointer: {
      DebugType t;
      t.kind = DebugType::Kind::Pointer;
      t.base = at(0);
      t.sizeBits = 64;
      types_[id] = t;
      break;
    }
    case kTypeQualifier: { // const, volatile: the type itself
      DebugType t;
      t.kind = DebugType::Kind::Typedef;
      t.base = at(0);
      types_[id] = t;
      break;
    }
    case kTypeArray: {
      DebugType t;
      t.kind = DebugType::Kind::Array;
      t.base = at(0);
      // OpenCL.DebugInfo.100 DebugTypeArray: Base Type, then a Component Count per
      // dimension (one instruction for `float a[4][16]`). llvm-spirv follows the counts
      // with as many lower bounds, DebugInfoNone for OpenCL C: those are not dimensions.
      size_t counts = a.size() > 1 ? a.size() - 1 : 0;
      if (counts % 2 == 0) {
        bool bounds = true;
        for (size_t i = 1 + counts / 2; i < a.size(); ++i) bounds &= number(a[i]) == 0;
        if (bounds) counts /= 2;
      }
      t.count = 1;
      for (size_t i = 1; i <= counts; ++i) {
        t.dims.push_back(std::max<uint64_t>(number(a[i]), 1));
        t.count *= t.dims.back();
      }
      types_[id] = t;
      break;
    }
    case kTypeVector: {
      DebugType t;
      t.kind = DebugType::Kind::Vector;
      t.base = at(0);
      t.count = at(1);
      types_[id] = t;
      break;
    }
    case kTypedef: {
      DebugType t;
      t.kind = DebugType::Kind::Typedef;
      t.name = text(at(0));
      t.base = at(1);
      types_[id] = t;
      break;
    }
    case kTypeComposite: {
      DebugType t;
      t.kind = DebugType::Kind::Composite;
      t.name = text(at(0));
      t.sizeBits = number(at(7));
      for (size_t i = 9; i < a.size(); ++i) t.members.push_back({"", a[i], 0}); // resolved below
      types_[id] = t;
      break;
    }
    case kTypeMember:
      members[id] = {text(at(0)), at(1), number(at(6))};
      break;
    case kFunction:
      debugFunction_[id] = at(9);
      scopeParent_[id] = 0;
      debugFunctionNames_[id] = text(at(0));
      functionLines_[id] = at(3);
      if (at(9) && module_.id(at(9)).kind == IdKind::Function) functionNames_[at(9)] = text(at(0));
      break;
    case kGlobalVariable:
      globals_.push_back({text(at(0)), at(1), at(7)});
      break;
    case kInlinedAt:
      inlinedAt_[id] = {at(0), at(1), a.size() > 2 ? a[2] : 0};
      break;
    case kLexicalBlock:
      scopeParent_[id] = at(3);
      break;
    case kLocalVariable: {
      DebugVariable v;
      v.id = id;
      v.name = text(at(0));
      v.type = at(1);
      v.line = at(3);
      v.scope = at(5);
      v.argNumber = a.size() > 7 ? a[7] : 0;
      variables_[id] = v;
      break;
    }
    default:
      break;
    }
  }
  for (auto &[id, t] : types_) {
    if (t.kind != DebugType::Kind::Composite) continue;
    std::vector<DebugType::Member> resolved;
    for (const auto &m : t.members)
      if (auto it = members.find(m.type); it != members.end()) resolved.push_back(it->second);
    t.members = std::move(resolved);
  }
  for (auto &[id, v] : variables_) {
    v.debugFunction = debugFunctionOf(v.scope);
    if (auto f = debugFunction_.find(v.debugFunction); f != debugFunction_.end())
      v.function = f->second;
  }
  // The scope of each instruction of a function: the last DebugScope before it.
  scopeOf_.assign(module_.instructions().size(), 0);
  inlinedOf_.assign(module_.instructions().size(), 0);
  for (const Function &f : module_.functions()) {
    uint32_t scope = 0, inlined = 0;
    for (uint32_t i = f.first; i < f.end; ++i) {
      const Instruction &inst = module_.instruction(i);
      if (inst.opcode == spv::Op::OpExtInst) {
        auto ops = module_.operands(inst);
        if (ops.size() >= 2 && module_.extInstSet(ops[0]) == "OpenCL.DebugInfo.100") {
          if (ops[1] == kScope && ops.size() > 2)
            scope = ops[2], inlined = ops.size() > 3 ? ops[3] : 0;
          if (ops[1] == kNoScope) scope = 0, inlined = 0;
        }
      }
      if (inst.opcode == spv::Op::OpFunctionEnd) scope = 0, inlined = 0;
      scopeOf_[i] = scope;
      inlinedOf_[i] = inlined;
    }
  }
}

uint32_t DebugInfo::debugFunctionOf(uint32_t scope) const {
  for (int depth = 0; depth < 64 && scope; ++depth) {
    if (debugFunction_.count(scope)) return scope;
    auto p = scopeParent_.find(scope);
    scope = p == scopeParent_.end() ? 0 : p->second;
  }
  return 0;
}

uint32_t DebugInfo::debugFunctionAt(uint32_t instruction) const {
  uint32_t df = instruction < scopeOf_.size() ? debugFunctionOf(scopeOf_[instruction]) : 0;
  if (df) return df;
  // Before its first DebugScope: the DebugFunction of its SPIR-V function.
  const uint32_t function = functionOf(instruction);
  for (const auto &[id, f] : debugFunction_)
    if (f == function && function) return id;
  return 0;
}

uint32_t DebugInfo::inlineDepth(uint32_t instruction) const {
  uint32_t depth = 0;
  for (uint32_t ia = instruction < inlinedOf_.size() ? inlinedOf_[instruction] : 0;
       ia && depth < 64; ++depth) {
    auto it = inlinedAt_.find(ia);
    ia = it == inlinedAt_.end() ? 0 : it->second.next;
  }
  return depth;
}

std::vector<SourceFrame> DebugInfo::framesAt(uint32_t instruction) const {
  std::vector<SourceFrame> frames;
  const std::string file = fileOf(instruction);
  auto nameOf = [&](uint32_t debugFunction) {
    auto it = debugFunctionNames_.find(debugFunction);
    return it == debugFunctionNames_.end() ? std::string("??") : it->second;
  };
  const uint32_t df = debugFunctionAt(instruction);
  if (!df) {
    frames.push_back({functionName(functionOf(instruction)), 0, lineOf(instruction), file});
    return frames;
  }
  frames.push_back({nameOf(df), df, lineOf(instruction), file});
  for (uint32_t ia = inlinedOf_[instruction], depth = 0; ia && depth < 64; ++depth) {
    auto it = inlinedAt_.find(ia);
    if (it == inlinedAt_.end()) break;
    const uint32_t caller = debugFunctionOf(it->second.scope);
    frames.push_back({nameOf(caller), caller, it->second.line, file});
    ia = it->second.next;
  }
  return frames;
}

const DebugVariable *DebugInfo::variable(uint32_t id) const {
  auto it = variables_.find(id);
  return it == variables_.end() ? nullptr : &it->second;
}

const DebugType *DebugInfo::type(uint32_t id) const {
  for (int depth = 0; depth < 32; ++depth) {
    auto it = types_.find(id);
    if (it == types_.end()) return nullptr;
    if (it->second.kind != DebugType::Kind::Typedef) return &it->second;
    id = it->second.base;
  }
  return nullptr;
}

std::string DebugInfo::typeName(uint32_t id) const {
  auto it = types_.find(id);
  if (it == types_.end()) return "?";
  const DebugType &t = it->second;
  switch (t.kind) {
  case DebugType::Kind::Basic:
    return t.name;
  case DebugType::Kind::Typedef:
    return t.name.empty() ? typeName(t.base) : t.name;
  case DebugType::Kind::Pointer:
    return typeName(t.base) + " *";
  case DebugType::Kind::Array: {
    std::string name = typeName(t.base) + " ";
    for (uint64_t d : t.dims) name += "[" + std::to_string(d) + "]";
    return t.dims.empty() ? name + "[" + std::to_string(t.count) + "]" : name;
  }
  case DebugType::Kind::Vector:
    return typeName(t.base) + std::to_string(t.count);
  case DebugType::Kind::Composite:
    return "struct " + t.name;
  case DebugType::Kind::Unknown:
    break;
  }
  return "?";
}

uint32_t DebugInfo::lineOf(uint32_t instruction) const {
  if (instruction >= module_.instructions().size()) return 0;
  auto loc = module_.location(instruction);
  return loc ? loc->line : 0;
}

std::string DebugInfo::fileOf(uint32_t instruction) const {
  if (instruction >= module_.instructions().size()) return "";
  auto loc = module_.location(instruction);
  return loc ? std::string(module_.string(loc->fileId)) : "";
}

uint32_t DebugInfo::functionOf(uint32_t instruction) const {
  for (const Function &f : module_.functions())
    if (instruction >= f.first && instruction < f.end) return f.id;
  return 0;
}

std::string DebugInfo::functionName(uint32_t function) const {
  if (auto it = functionNames_.find(function); it != functionNames_.end()) return it->second;
  std::string_view name = module_.name(function);
  return name.empty() ? "%" + std::to_string(function) : std::string(name);
}

} // namespace spvsim::debugger
