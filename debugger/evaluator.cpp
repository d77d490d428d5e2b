// Evaluator (evaluator.h): names to values, and a small expression language.
#include "evaluator.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "memory/tagged_pointer.h"
#include "spvsim/common/error.h"

namespace spvsim::debugger {

namespace {

using Kind = ValueType::Kind;

const char *spaceName(AddressSpace s) {
  switch (s) {
  case AddressSpace::Global:
    return "global";
  case AddressSpace::Constant:
    return "constant";
  case AddressSpace::Local:
    return "__local";
  case AddressSpace::Private:
    return "private";
  default:
    break;
  }
  return "generic";
}

/// The N of a type named "_BitInt(N)" or "unsigned _BitInt(N)" narrower than its
/// `bytes` of storage; 0 for other names (clang 15 names every `_BitInt` without its
/// width: then a variable's fragments give it, variable_parts.cpp).
uint32_t bitIntWidth(const std::string &name, uint32_t bytes) {
  const size_t at = name.find("_BitInt(");
  if (at == std::string::npos) return 0;
  const uint64_t n = std::strtoull(name.c_str() + at + 8, nullptr, 10);
  return n > 0 && n < 8 * uint64_t(bytes) ? uint32_t(n) : 0;
}

bool isFloat(const Value &v) {
  return v.type && v.type->kind == Kind::Float;
}

} // namespace

Evaluator::Evaluator(const DebugSession &session, const ExecState &x, uint32_t lane,
                     const std::map<std::string, BufferType> &buffers)
    : session_(session), x_(x), lane_(lane), buffers_(buffers) {}

Evaluator::Evaluator(const DebugSession &session, const std::map<std::string, BufferType> &buffers,
                     std::string why)
    : session_(session), x_(session.launchState()), lane_(0), buffers_(buffers),
      noWorkItem_(std::move(why)) {}

Value Evaluator::number(int64_t i) {
  static const TypePtr t = scalarType(Kind::Int, 8, "long");
  return Value::ofScalar(t, uint64_t(i));
}

Value Evaluator::real(double d) {
  static const TypePtr t = scalarType(Kind::Float, 8, "double");
  uint64_t bits;
  std::memcpy(&bits, &d, 8);
  return Value::ofScalar(t, bits);
}

MemoryReader Evaluator::reader() const {
  return [this](uint64_t p, uint64_t bytes, void *out, std::string &why) {
    ops::ResolvedAllocation r;
    const AddressSpace space = tagged::space(p);
    if (!x_.launch) { // before `run`, after the launches: no memory to read
      why = cannotAccess(p) + ": " + noWorkItem_;
      return false;
    }
    if (!x_.warp && (space == AddressSpace::Local || space == AddressSpace::Private)) {
      // A work-group's and a work-item's memory: only while the group runs.
      why = cannotAccess(p) + ": " + noWorkItem_;
      return false;
    }
    if (!ops::resolve(x_, p, lane_, r) || !r.base) {
      why = cannotAccess(p);
      return false;
    }
    const uint64_t offset = tagged::offset(p);
    if (offset + bytes > r.size) {
      why = cannotAccess(p) + " (outside its " + std::to_string(r.size) + " bytes)";
      return false;
    }
    std::memcpy(out, r.base + offset, bytes);
    return true;
  };
}

namespace {

std::string hexAddress(uint64_t p) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(p));
  return text;
}

} // namespace

std::string Evaluator::cannotAccess(uint64_t p) const {
  return "Cannot access memory at " +
         (tagged::allocation(p) == 0 ? "address " + hexAddress(p) : describePointer(p));
}

std::string Evaluator::describePointer(uint64_t p) const {
  if (tagged::allocation(p) == 0) return p ? hexAddress(p) : "NULL";
  const AddressSpace s = tagged::space(p);
  if (!x_.launch) // no launch to name it: its space and allocation
    return std::string(spaceName(s)) + " allocation " + std::to_string(tagged::id(p)) + " + " +
           std::to_string(tagged::offset(p));
  const std::string kind =
      s == AddressSpace::Global || s == AddressSpace::Constant
          ? std::string(s == AddressSpace::Constant ? "constant " : "") + "buffer"
          : spaceName(s);
  if (s == AddressSpace::Private) return "private " + privateName(p);
  return kind + " '" + bufferName(p) + "' + " + std::to_string(tagged::offset(p));
}

std::string Evaluator::bufferName(uint64_t p) const {
  std::string name = allocationName(x_, p);
  const AddressSpace s = tagged::space(p);
  if ((s != AddressSpace::Global && s != AddressSpace::Constant) || buffers_.count(name))
    return name;
  // A host program's buffer ("buffer 2" to the runtime): the kernel parameter given it, as
  // the launch's findings name it.
  for (const ParamBinding &param : session_.launch()->kernel->params) {
    if (param.kind != ParamBinding::Kind::Pointer || param.name.empty()) continue;
    const std::optional<uint64_t> bits = x_.warp ? std::optional(registerBits(param.pointerSlot, 8))
                                                 : session_.argumentRegister(param.pointerSlot);
    if (bits && tagged::allocation(*bits) == tagged::allocation(p)) return param.name;
  }
  return name;
}

std::string Evaluator::format(const Value &v) const {
  if (std::optional<std::string> handle = describeHandle(v)) return *handle;
  return formatValue(v, reader(), [this](uint64_t p) { return describePointer(p); });
}

uint64_t Evaluator::registerBits(uint32_t slot, uint32_t bytes) const {
  switch (bytes) {
  case 1:
    return x_.reg<uint8_t>(slot)[lane_];
  case 2:
    return x_.reg<uint16_t>(slot)[lane_];
  case 4:
    return x_.reg<uint32_t>(slot)[lane_];
  default:
    return x_.reg<uint64_t>(slot)[lane_];
  }
}

TypePtr Evaluator::typeOfDebug(uint32_t id) const {
  if (auto it = debugTypes_.find(id); it != debugTypes_.end()) return it->second;
  const DebugInfo &info = session_.info();
  const DebugType *d = info.type(id);
  auto t = std::make_shared<ValueType>();
  debugTypes_[id] = t; // breaks cycles (a struct holding a pointer to itself)
  t->name = info.typeName(id);
  if (!d) return t;
  switch (d->kind) {
  case DebugType::Kind::Basic:
    t->bytes = uint32_t(d->sizeBits / 8);
    switch (d->encoding) {
    case 2:
      t->kind = Kind::Bool;
      break;
    case 3:
      t->kind = Kind::Float;
      break;
    case 4:
    case 5:
      t->kind = Kind::Int;
      break;
    default:
      t->kind = Kind::UInt;
      break;
    }
    t->valueBits = bitIntWidth(t->name, t->bytes);
    break;
  case DebugType::Kind::Pointer:
    t->kind = Kind::Pointer;
    t->bytes = 8;
    t->element = typeOfDebug(d->base);
    break;
  case DebugType::Kind::Vector:
  case DebugType::Kind::Array: {
    t->kind = d->kind == DebugType::Kind::Vector ? Kind::Vector : Kind::Array;
    t->element = typeOfDebug(d->base);
    t->count = d->count;
    // `float a[4][16]` is an array of 4 arrays of 16 (its dimensions after the first).
    for (size_t i = d->dims.size(); i-- > 1;) {
      auto inner = std::make_shared<ValueType>();
      inner->kind = Kind::Array;
      inner->element = t->element;
      inner->count = d->dims[i];
      inner->bytes = uint32_t(inner->element->stride() * inner->count);
      inner->name = info.typeName(d->base) + " ";
      for (size_t j = i; j < d->dims.size(); ++j)
        inner->name += "[" + std::to_string(d->dims[j]) + "]";
      t->element = std::move(inner);
      t->count = d->dims[0];
    }
    t->bytes = uint32_t(t->element->stride() * t->count);
    if (t->kind == Kind::Vector && d->count == 3) t->bytes = t->element->bytes * 4;
    break;
  }
  case DebugType::Kind::Composite:
    t->kind = Kind::Struct;
    t->bytes = uint32_t(d->sizeBits / 8);
    for (const auto &m : d->members)
      t->members.push_back({m.name, m.offsetBits / 8, typeOfDebug(m.type)});
    break;
  default:
    break;
  }
  return t;
}

TypePtr Evaluator::typeOfSpirv(uint32_t id) const {
  const Module &m = session_.info().module();
  const Type &s = m.type(id);
  auto t = std::make_shared<ValueType>();
  switch (s.kind) {
  case TypeKind::Int:
    t->kind = Kind::Int;
    t->bytes = s.width / 8;
    t->name = s.width == 8 ? "char" : s.width == 16 ? "short" : s.width == 32 ? "int" : "long";
    break;
  case TypeKind::Float:
    t->kind = Kind::Float;
    t->bytes = s.width / 8;
    t->name = s.width == 16 ? "half" : s.width == 32 ? "float" : "double";
    break;
  case TypeKind::Bool:
    t->kind = Kind::Bool;
    t->bytes = 1;
    t->name = "bool";
    break;
  case TypeKind::Pointer:
    t->kind = Kind::Pointer;
    t->bytes = 8;
    t->element = typeOfSpirv(s.element);
    t->name = t->element->name + " *";
    break;
  case TypeKind::Vector:
  case TypeKind::Array:
    t->kind = s.kind == TypeKind::Vector ? Kind::Vector : Kind::Array;
    t->element = typeOfSpirv(s.element);
    t->count = s.count;
    t->bytes = uint32_t(t->element->stride() * s.count);
    t->name = s.kind == TypeKind::Vector ? t->element->name + std::to_string(s.count)
                                         : t->element->name + " [" + std::to_string(s.count) + "]";
    break;
  default:
    t->name = "?";
    break;
  }
  return t;
}

Value Evaluator::valueOf(const DebugVariable &var, const std::vector<uint32_t> &bindOps) const {
  const LoweredKernel &k = *session_.launch()->kernel;
  if (bindOps.size() == 1 && bindPartOf(k.ops[bindOps[0]]).bits == 0)
    return valueOfBinding(var, bindOps[0]);
  return valueOfParts(var, bindOps);
}

Value Evaluator::valueOfBinding(const DebugVariable &var, uint32_t bindOp) const {
  const LoweredKernel &k = *session_.launch()->kernel;
  const LoweredOp &op = k.ops[bindOp];
  const DebugBinding &b = k.debugBindings[op.aux];
  Value v;
  v.type = typeOfDebug(var.type);
  if (b.optimizedOut) {
    v.optimizedOut = true;
    return v;
  }
  if (b.address) {
    v.address = registerBits(op.a, 8);
    return v;
  }
  // In registers: one slot per scalar component, of the SPIR-V value's component size.
  const uint32_t leafBytes = leafBytesOf(b.type);
  const uint32_t wanted = v.type->isScalar()             ? 1
                          : v.type->kind == Kind::Vector ? uint32_t(v.type->count)
                                                         : 0;
  // A 3-component vector the compiler keeps in a 4-component register (LLVM widens
  // them; OpenCL C §6.1.5 gives them the size of 4): its first 3 components.
  const bool widened = wanted == 3 && op.c == 4 && v.type->kind == Kind::Vector;
  if (wanted == 0 || (wanted != op.c && !widened)) {
    v.optimizedOut = true;
    v.note = "<in registers, not shown>";
    return v;
  }
  for (uint32_t i = 0; i < wanted; ++i)
    v.leaves.push_back(registerBits(op.a + i * k.slotStride, leafBytes));
  if (op.c == 1 && v.type->isScalar() && leafBytes == v.type->bytes) v.registerSlot = op.a;
  return v;
}

Evaluator::FunctionScope Evaluator::focusedFunction() const {
  const DebugInfo &info = session_.info();
  const uint32_t at = session_.instructionOf(*x_.warp, lane_);
  // The source function of the frame chosen (setFrame), else of where the work-item is;
  // without debug scopes, the SPIR-V function.
  return {frameFunction_ ? frameFunction_
          : at == kNone  ? 0
                         : info.debugFunctionAt(at),
          at == kNone ? 0 : info.functionOf(at)};
}

Value Evaluator::variable(const std::string &name) const {
  const DebugInfo &info = session_.info();
  const DebugVariable *best = nullptr;
  if (x_.warp) {
    const uint32_t item = x_.warp->firstItem + lane_;
    const FunctionScope scope = focusedFunction();
    std::vector<uint32_t> bestOps;
    int bestScore = -1;
    for (const auto &[id, var] : info.variables()) {
      if (var.name != name) continue;
      std::vector<uint32_t> ops = session_.bindingsOf(item, id);
      const int score = (scope.holds(var) ? 2 : 0) + (ops.empty() ? 0 : 1);
      if (score > bestScore) best = &var, bestOps = std::move(ops), bestScore = score;
    }
    if (best && !bestOps.empty()) return valueOf(*best, bestOps);
  }
  // A variable not bound yet in this work-item (before its declaration: the kernel's
  // start, where a reverse command may have gone back to) is not in scope: the names of
  // the launch are (a kernel argument has its value from the start).
  if (std::optional<Value> v = launchName(name)) return *v;
  if (best) {
    Value v;
    v.type = typeOfDebug(best->type);
    v.optimizedOut = true;
    return v;
  }
  if (!session_.launch()) // before `run`, after the launches: no launch has names
    throw Error("No symbol \"" + name + "\" in current context: " + noWorkItem_ + ".");
  if (!x_.warp)
    for (const auto &[id, var] : info.variables())
      if (var.name == name)
        throw Error("No value of \"" + name + "\" here: " + noWorkItem_ +
                    " (a variable is one work-item's).");
  std::string message = "No symbol \"" + name + "\" in current context.";
  if (!info.hasVariables()) message += " (source names need a module built with -g)";
  throw Error(message);
}

std::vector<std::pair<std::string, Value>> Evaluator::variables(bool arguments) const {
  std::vector<std::pair<std::string, Value>> out;
  if (!x_.warp) throw Error("No variables here: " + noWorkItem_ + ".");
  const DebugInfo &info = session_.info();
  const uint32_t item = x_.warp->firstItem + lane_;
  const FunctionScope scope = focusedFunction();
  std::vector<const DebugVariable *> list;
  for (const auto &[id, var] : info.variables())
    if (scope.holds(var) && (var.argNumber != 0) == arguments) list.push_back(&var);
  std::sort(list.begin(), list.end(), [](auto *a, auto *b) {
    return a->argNumber != b->argNumber ? a->argNumber < b->argNumber
           : a->line != b->line         ? a->line < b->line
                                        : a->id < b->id;
  });
  for (const DebugVariable *var : list) {
    const std::vector<uint32_t> ops = session_.bindingsOf(item, var->id);
    if (!ops.empty()) {
      out.emplace_back(var->name, valueOf(*var, ops));
    } else {
      Value v;
      v.type = typeOfDebug(var->type);
      v.optimizedOut = true;
      out.emplace_back(var->name, v);
    }
  }
  return out;
}

// --- Expressions

struct Evaluator::Parser {
  const Evaluator &ev;
  std::string s;
  size_t p = 0;

  void skip() {
    while (p < s.size() && std::isspace(static_cast<unsigned char>(s[p]))) ++p;
  }
  bool eat(const char *t) {
    skip();
    const size_t n = std::strlen(t);
    if (s.compare(p, n, t) != 0) return false;
    // "<" is not "<=", "&" is not "&&"
    if (n == 1 && p + 1 < s.size() && (t[0] == '<' || t[0] == '>' || t[0] == '!' || t[0] == '=') &&
        s[p + 1] == '=')
      return false;
    if (n == 1 && (t[0] == '&' || t[0] == '|') && p + 1 < s.size() && s[p + 1] == t[0])
      return false;
    p += n;
    return true;
  }
  [[noreturn]] void fail(const std::string &what) {
    throw Error(what + " in expression \"" + s + "\"");
  }
  std::string identifier() {
    skip();
    size_t start = p;
    while (p < s.size() && (std::isalnum(static_cast<unsigned char>(s[p])) || s[p] == '_')) ++p;
    if (start == p) fail("expected a name");
    return s.substr(start, p - start);
  }

  int64_t asInt(const Value &v) {
    const uint64_t bits = scalarBits(v, ev.reader());
    const ValueType &t = *v.type;
    if (t.kind == Kind::Float) {
      double d;
      if (t.bytes == 4) {
        float f;
        uint32_t b = uint32_t(bits);
        std::memcpy(&f, &b, 4);
        d = f;
      } else {
        std::memcpy(&d, &bits, 8);
      }
      return int64_t(d);
    }
    if (t.kind == Kind::Int || t.kind == Kind::UInt) return integerValue(t, bits);
    if (t.bytes < 8) return int64_t(bits & ((uint64_t(1) << (8 * t.bytes)) - 1));
    return int64_t(bits);
  }
  double asReal(const Value &v) {
    if (!isFloat(v)) return double(asInt(v));
    const uint64_t bits = scalarBits(v, ev.reader());
    if (v.type->bytes == 4) {
      float f;
      uint32_t b = uint32_t(bits);
      std::memcpy(&f, &b, 4);
      return f;
    }
    if (v.type->bytes == 2) {
      _Float16 h;
      uint16_t b = uint16_t(bits);
      std::memcpy(&h, &b, 2);
      return float(h);
    }
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  Value boolean(bool b) {
    static const TypePtr t = scalarType(Kind::Bool, 1, "bool");
    return Value::ofScalar(t, b);
  }

  Value primary() {
    skip();
    if (p >= s.size()) fail("expected a value");
    if (eat("(")) {
      Value v = expression();
      if (!eat(")")) fail("expected ')'");
      return v;
    }
    if (std::isdigit(static_cast<unsigned char>(s[p])) || s[p] == '.') {
      size_t start = p;
      bool real = false;
      if (s.compare(p, 2, "0x") == 0 || s.compare(p, 2, "0X") == 0) {
        p += 2;
        while (p < s.size() && std::isxdigit(static_cast<unsigned char>(s[p]))) ++p;
        return number(int64_t(std::stoull(s.substr(start + 2, p - start - 2), nullptr, 16)));
      }
      while (p < s.size() &&
             (std::isdigit(static_cast<unsigned char>(s[p])) || s[p] == '.' || s[p] == 'e' ||
              s[p] == 'E' ||
              ((s[p] == '-' || s[p] == '+') && (s[p - 1] == 'e' || s[p - 1] == 'E')))) {
        real |= s[p] == '.' || s[p] == 'e' || s[p] == 'E';
        ++p;
      }
      const std::string text = s.substr(start, p - start);
      if (p < s.size() && (s[p] == 'f' || s[p] == 'F')) ++p, real = true;
      try {
        return real ? Evaluator::real(std::stod(text)) : number(int64_t(std::stoull(text)));
      } catch (const std::exception &) {
        fail("bad number '" + text + "'");
      }
    }
    if (s[p] == '$') { // the value history: $N, $, $$, $$N (gdb's)
      const bool back = p + 1 < s.size() && s[p + 1] == '$';
      p += back ? 2 : 1;
      const size_t start = p;
      while (p < s.size() && std::isdigit(static_cast<unsigned char>(s[p]))) ++p;
      if (p - start > 9) fail("bad history number");
      const uint64_t n = p > start ? std::stoull(s.substr(start, p - start)) : 0;
      const uint64_t last = ev.history_ ? ev.history_->size() : 0;
      if (!back && p > start) return ev.historyValue(n);
      // `$`: the last value; `$$`: the one before it; `$$N`: N before the last.
      const uint64_t before = back ? (p > start ? n : 1) : 0;
      if (before >= last) {
        if (last == 0) fail("History is empty");
        fail("History has not yet reached $$" + std::to_string(before));
      }
      return ev.historyValue(last - before);
    }
    if (s[p] == '%') { // a SPIR-V result id, from its registers (register_values.cpp)
      const size_t start = ++p;
      while (p < s.size() && std::isdigit(static_cast<unsigned char>(s[p]))) ++p;
      if (p == start || p - start > 9) fail("a result id is % and its number (%12)");
      return ev.registerValue(uint32_t(std::stoul(s.substr(start, p - start))));
    }
    return ev.variable(identifier());
  }

  Value postfix() {
    Value v = primary();
    for (;;) {
      if (eat("[")) {
        Value index = expression();
        if (!eat("]")) fail("expected ']'");
        v = elementOf(v, asInt(index), ev.reader());
      } else if (eat(".")) {
        v = memberOf(v, identifier());
      } else if (eat("->")) {
        v = memberOf(elementOf(v, 0, ev.reader()), identifier());
      } else {
        return v;
      }
    }
  }

  Value unary() {
    if (eat("-")) {
      Value v = unary();
      return isFloat(v) ? real(-asReal(v)) : number(-asInt(v));
    }
    if (eat("!")) return boolean(asInt(unary()) == 0);
    if (eat("*")) return elementOf(unary(), 0, ev.reader());
    if (eat("&")) {
      Value v = unary();
      if (!v.address) fail("cannot take the address of a value in registers");
      auto t = std::make_shared<ValueType>();
      t->kind = Kind::Pointer;
      t->bytes = 8;
      t->element = v.type;
      t->name = v.type->name + " *";
      return Value::ofScalar(t, *v.address);
    }
    return postfix();
  }

  Value arithmetic(const Value &a, const Value &b, char op) {
    if (a.type && a.type->kind == Kind::Pointer && (op == '+' || op == '-') && !isFloat(b)) {
      const int64_t n = asInt(b) * (op == '-' ? -1 : 1);
      Value r = a;
      r.leaves = {tagged::addOffset(scalarBits(a, ev.reader()),
                                    uint64_t(n * int64_t(a.type->element->stride())))};
      r.address.reset();
      return r;
    }
    if (isFloat(a) || isFloat(b)) {
      const double x = asReal(a), y = asReal(b);
      switch (op) {
      case '+':
        return real(x + y);
      case '-':
        return real(x - y);
      case '*':
        return real(x * y);
      case '/':
        return real(x / y);
      default:
        return real(std::fmod(x, y));
      }
    }
    const int64_t x = asInt(a), y = asInt(b);
    if ((op == '/' || op == '%') && y == 0) fail("division by zero");
    switch (op) {
    case '+':
      return number(int64_t(uint64_t(x) + uint64_t(y)));
    case '-':
      return number(int64_t(uint64_t(x) - uint64_t(y)));
    case '*':
      return number(int64_t(uint64_t(x) * uint64_t(y)));
    case '/':
      return number(x / y);
    default:
      return number(x % y);
    }
  }

  Value term() {
    Value v = unary();
    for (;;) {
      if (eat("*"))
        v = arithmetic(v, unary(), '*');
      else if (eat("/"))
        v = arithmetic(v, unary(), '/');
      else if (eat("%"))
        v = arithmetic(v, unary(), '%');
      else
        return v;
    }
  }
  Value sum() {
    Value v = term();
    for (;;) {
      if (eat("+"))
        v = arithmetic(v, term(), '+');
      else if (eat("-"))
        v = arithmetic(v, term(), '-');
      else
        return v;
    }
  }
  Value comparison() {
    Value v = sum();
    for (;;) {
      const char *ops[] = {"==", "!=", "<=", ">=", "<", ">"};
      const char *found = nullptr;
      for (const char *o : ops)
        if (eat(o)) {
          found = o;
          break;
        }
      if (!found) return v;
      Value w = sum();
      const std::string o = found;
      const bool real = isFloat(v) || isFloat(w);
      const double a = real ? asReal(v) : 0, b = real ? asReal(w) : 0;
      const int64_t i = real ? 0 : asInt(v), j = real ? 0 : asInt(w);
      bool r = false;
      if (o == "==") r = real ? a == b : i == j;
      if (o == "!=") r = real ? a != b : i != j;
      if (o == "<=") r = real ? a <= b : i <= j;
      if (o == ">=") r = real ? a >= b : i >= j;
      if (o == "<") r = real ? a < b : i < j;
      if (o == ">") r = real ? a > b : i > j;
      v = boolean(r);
    }
  }
  Value conjunction() {
    Value v = comparison();
    while (eat("&&")) {
      const bool left = asInt(v) != 0;
      Value w = comparison();
      v = boolean(left && asInt(w) != 0);
    }
    return v;
  }
  Value expression() {
    Value v = conjunction();
    while (eat("||")) {
      const bool left = asInt(v) != 0;
      Value w = conjunction();
      v = boolean(left || asInt(w) != 0);
    }
    return v;
  }
};

Value Evaluator::evaluate(const std::string &expression) const {
  Parser parser{*this, expression};
  Value v = parser.expression();
  parser.skip();
  if (parser.p != expression.size())
    parser.fail("unexpected '" + expression.substr(parser.p) + "'");
  return v;
}

Value Evaluator::historyValue(uint64_t number) const {
  if (!history_ || number == 0 || number > history_->size())
    throw Error("History has not yet reached $" + std::to_string(number) + ".");
  return (*history_)[number - 1];
}

bool Evaluator::truth(const std::string &expression) const {
  Parser parser{*this, expression};
  Value v = parser.expression();
  return parser.asInt(v) != 0;
}

} // namespace spvsim::debugger
