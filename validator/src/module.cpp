// Module: the read-only accessors of the parsed module view. The fields are
// filled by ModuleBuilder (module_builder.cpp).
#include "spvsim/validator/module.h"

#include <algorithm>

namespace spvsim {

namespace {
const IdInfo kNoId{};
const Type kNoType{};
} // namespace

std::string Module::literalString(std::span<const uint32_t> words, uint32_t *wordsUsed) {
  // SPIR-V §2.2.1: UTF-8 octets packed four per word, lowest-order byte first,
  // terminated by a 0 octet (the terminator may fill a word on its own).
  std::string s;
  uint32_t used = 0;
  for (uint32_t word : words) {
    ++used;
    for (int byte = 0; byte < 4; ++byte) {
      char c = static_cast<char>((word >> (8 * byte)) & 0xffu);
      if (c == '\0') {
        if (wordsUsed) *wordsUsed = used;
        return s;
      }
      s.push_back(c);
    }
  }
  if (wordsUsed) *wordsUsed = used; // unterminated: everything that was there
  return s;
}

bool Module::hasCapability(spv::Capability c) const {
  return std::find(capabilities_.begin(), capabilities_.end(), c) != capabilities_.end();
}

const IdInfo &Module::id(uint32_t id) const {
  return id < ids_.size() ? ids_[id] : kNoId;
}

const Type &Module::type(uint32_t id) const {
  auto it = types_.find(id);
  return it != types_.end() ? it->second : kNoType;
}

const Constant *Module::constant(uint32_t id) const {
  auto it = constants_.find(id);
  return it != constants_.end() ? &it->second : nullptr;
}

uint32_t Module::typeOf(uint32_t id) const {
  const IdInfo &info = this->id(id);
  if (info.instruction >= instructions_.size()) return 0;
  return instructions_[info.instruction].typeId;
}

std::span<const Decoration> Module::decorations(uint32_t target) const {
  auto lower = std::lower_bound(decorations_.begin(), decorations_.end(), target,
                                [](const Decoration &d, uint32_t t) { return d.target < t; });
  auto upper = std::upper_bound(lower, decorations_.end(), target,
                                [](uint32_t t, const Decoration &d) { return t < d.target; });
  return std::span<const Decoration>(decorations_)
      .subspan(static_cast<size_t>(lower - decorations_.begin()),
               static_cast<size_t>(upper - lower));
}

const Decoration *Module::findDecoration(uint32_t target, spv::Decoration d) const {
  for (const Decoration &dec : decorations(target))
    if (dec.decoration == d && dec.member == kNone) return &dec;
  return nullptr;
}

namespace {
template <typename Map, typename Key> std::string_view lookup(const Map &map, const Key &key) {
  auto it = map.find(key);
  return it != map.end() ? std::string_view(it->second) : std::string_view();
}
} // namespace

std::string_view Module::name(uint32_t id) const {
  return lookup(names_, id);
}

std::string_view Module::parameterName(uint32_t function, uint32_t index) const {
  // Wrappers pass parameters on through a few calls at most; the bound keeps a
  // malformed module's call cycle finite.
  for (int depth = 0; depth < 8; ++depth) {
    const Function *f = this->function(function);
    if (!f || index >= f->params.size()) return {};
    const uint32_t param = f->params[index];
    if (std::string_view n = name(param); !n.empty()) return n;
    if (auto it = debugParameterNames_.find({function, index}); it != debugParameterNames_.end())
      return it->second;
    // The first call in the body that passes the parameter on.
    uint32_t callee = 0, calleeIndex = 0;
    for (uint32_t k = f->first; k < f->end && k < instructions_.size() && !callee; ++k) {
      const Instruction &inst = instructions_[k];
      if (inst.opcode != spv::Op::OpFunctionCall) continue;
      auto ops = operands(inst);
      for (uint32_t a = 1; a < ops.size() && !callee; ++a)
        if (ops[a] == param) callee = ops[0], calleeIndex = a - 1;
    }
    if (!callee) return {};
    function = callee;
    index = calleeIndex;
  }
  return {};
}

std::string_view Module::memberName(uint32_t structId, uint32_t member) const {
  return lookup(memberNames_, (uint64_t(structId) << 32) | member);
}

std::string_view Module::string(uint32_t id) const {
  return lookup(strings_, id);
}

std::string_view Module::extInstSet(uint32_t id) const {
  return lookup(extInstSets_, id);
}

const EntryPoint *Module::findEntryPoint(std::string_view name) const {
  for (const EntryPoint &e : entryPoints_)
    if (e.name == name) return &e;
  return nullptr;
}

const Function *Module::function(uint32_t id) const {
  auto it = functionIndex_.find(id);
  return it != functionIndex_.end() ? &functions_[it->second] : nullptr;
}

std::optional<SourceLine> Module::location(uint32_t instructionIndex) const {
  if (instructionIndex >= instructions_.size()) return std::nullopt;
  uint32_t loc = instructions_[instructionIndex].location;
  if (loc >= locations_.size()) return std::nullopt;
  return locations_[loc];
}

} // namespace spvsim
