// DapVariables (dap_variables.h).
#include "dap_variables.h"

#include <algorithm>

#include "spvsim/common/error.h"

namespace spvsim::debugger::dap {

namespace {

using Kind = ValueType::Kind;

/// Whether a value has children to expand: an aggregate that is still there.
bool expandable(const Value &v) {
  return v.type && !v.optimizedOut &&
         (v.type->kind == Kind::Array || v.type->kind == Kind::Vector ||
          v.type->kind == Kind::Struct);
}

/// The name of vector component `i` (OpenCL C §6.3.7: x y z w, else s0 ... sF).
std::string componentName(uint64_t i, uint64_t count) {
  if (count <= 4) return std::string(1, "xyzw"[i]);
  return std::string("s") + "0123456789abcdef"[i & 15];
}

/// An expression in parentheses unless it is a plain name or already a postfix chain.
std::string operand(const std::string &expression) {
  const bool simple = std::all_of(expression.begin(), expression.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '[' ||
           c == ']';
  });
  return simple ? expression : "(" + expression + ")";
}

} // namespace

Evaluator DapVariables::evaluatorOf(const Where &where) const {
  if (!session_.stopped() || session_.finished() || !session_.launch())
    throw Error("The kernel is not stopped.");
  auto found = session_.findWorkItem(where.item);
  if (!found) throw Error("The work-item is not in the running work-group.");
  Evaluator e(session_, session_.stateOfWarp(*found->first), found->second, buffers_);
  e.setFrame(where.function);
  return e;
}

int64_t DapVariables::add(Ref ref) {
  refs_.push_back(std::move(ref));
  return int64_t(refs_.size());
}

nlohmann::json DapVariables::scopes(const Where &where, bool innermost) {
  nlohmann::json scopes = nlohmann::json::array();
  auto scope = [&](const char *name, Scope s, const char *hint, bool expensive) {
    Ref r;
    r.where = where;
    r.isScope = true;
    r.scope = s;
    nlohmann::json j = {
        {"name", name}, {"variablesReference", add(std::move(r))}, {"expensive", expensive}};
    if (hint) j["presentationHint"] = hint;
    scopes.push_back(std::move(j));
  };
  // A caller's frame reads the variables of its function (Evaluator::setFrame): the
  // calls are inlined (by the compiler or the lowering), so their bindings are the
  // work-item's as the caller left them at the call. A frame without debug information
  // shows the memory scopes only.
  if (innermost || where.function) {
    scope("Locals", Scope::Locals, "locals", false);
    scope("Arguments", Scope::Arguments, "arguments", false);
  }
  scope("__local memory", Scope::LocalMemory, nullptr, false);
  scope("Buffers", Scope::Buffers, nullptr, true);
  return scopes;
}

std::vector<std::pair<std::string, Value>> DapVariables::scopeValues(const Evaluator &e,
                                                                     Scope scope) const {
  std::vector<std::pair<std::string, Value>> values;
  auto byName = [&](const std::string &name) {
    try {
      values.emplace_back(name, e.evaluate(name));
    } catch (const Error &) { // not bound in this launch, or no such name here
    }
  };
  const LaunchContext &L = *session_.launch();
  const LoweredKernel &k = *L.kernel;
  const DebugInfo &info = session_.info();
  switch (scope) {
  case Scope::Locals:
    if (info.hasVariables()) values = e.variables(false);
    break;
  case Scope::Arguments:
    if (info.hasVariables()) {
      values = e.variables(true);
    } else { // without -g: the kernel's parameters, when the module names them
      for (const ParamBinding &p : k.params)
        if (!p.name.empty()) byName(p.name);
    }
    break;
  case Scope::LocalMemory:
    // The kernel's __local variables: their DebugGlobalVariable's name, else the module's
    // ("kernel.name" as clang spells it).
    for (const LocalVariable &local : k.locals) {
      if (local.argument >= 0) continue;
      std::string name;
      for (const DebugGlobal &g : info.globals())
        if (g.variable && info.module().id(g.variable).instruction == local.instruction)
          name = g.name;
      if (name.empty()) name = local.name.substr(local.name.rfind('.') + 1);
      if (!name.empty()) byName(name);
    }
    break;
  case Scope::Buffers:
    // The buffers themselves, also where a kernel parameter has the same name.
    for (const auto &[name, type] : buffers_)
      if (std::optional<Value> b = e.buffer(name)) values.emplace_back(name, *b);
    break;
  }
  return values;
}

nlohmann::json DapVariables::describe(const Evaluator &e, const Where &where,
                                      const std::string &name, const std::string &expression,
                                      const Value &v) {
  nlohmann::json j = {{"name", name}, {"evaluateName", expression}};
  const PointerNamer namer = [&e](uint64_t p) { return e.describePointer(p); };
  try {
    const std::optional<std::string> handle = e.describeHandle(v);
    j["value"] = handle ? *handle : formatValue(v, e.reader(), namer, expandable(v) ? 16 : 200);
  } catch (const Error &error) {
    j["value"] = std::string("<") + error.what() + ">";
  }
  if (v.type) j["type"] = v.type->name;
  j["variablesReference"] = 0;
  if (expandable(v)) {
    Ref r;
    r.where = where;
    r.value = v;
    r.expression = expression;
    j["variablesReference"] = add(std::move(r));
    if (v.type->kind == Kind::Struct)
      j["namedVariables"] = v.type->members.size();
    else
      j["indexedVariables"] = v.type->count;
  }
  return j;
}

nlohmann::json DapVariables::variables(int64_t reference, int64_t start, int64_t count) {
  if (reference < 1 || reference > int64_t(refs_.size()))
    throw Error("Unknown variablesReference " + std::to_string(reference) +
                " (handles last until the kernel resumes).");
  const Ref ref = refs_[size_t(reference - 1)]; // a copy: describe() adds handles
  const Evaluator e = evaluatorOf(ref.where);
  nlohmann::json list = nlohmann::json::array();
  if (ref.isScope) {
    for (const auto &[name, v] : scopeValues(e, ref.scope))
      list.push_back(describe(e, ref.where, name, name, v));
    return list;
  }
  const Value &v = ref.value;
  const ValueType &t = *v.type;
  if (t.kind == Kind::Struct) {
    for (const ValueType::Member &m : t.members)
      list.push_back(describe(e, ref.where, m.name, operand(ref.expression) + "." + m.name,
                              memberOf(v, m.name)));
    return list;
  }
  const uint64_t first = uint64_t(std::max<int64_t>(start, 0));
  const uint64_t n = count > 0 ? uint64_t(count) : t.count;
  for (uint64_t i = first; i < t.count && i < first + n; ++i) {
    const std::string name =
        t.kind == Kind::Vector ? componentName(i, t.count) : "[" + std::to_string(i) + "]";
    const std::string expression = t.kind == Kind::Vector
                                       ? operand(ref.expression) + "." + name
                                       : operand(ref.expression) + "[" + std::to_string(i) + "]";
    try {
      list.push_back(
          describe(e, ref.where, name, expression, elementOf(v, int64_t(i), e.reader())));
    } catch (const Error &error) {
      list.push_back({{"name", name},
                      {"value", std::string("<") + error.what() + ">"},
                      {"variablesReference", 0}});
    }
  }
  return list;
}

nlohmann::json DapVariables::evaluate(const Where &where, const std::string &expression) {
  const Evaluator e = evaluatorOf(where);
  const Value v = e.evaluate(expression);
  // A value in memory that cannot be read is an error, as for `print` (snapshotOf).
  (void)snapshotOf(v, e.reader());
  nlohmann::json j = describe(e, where, expression, expression, v);
  nlohmann::json body = {{"result", j["value"]}, {"variablesReference", j["variablesReference"]}};
  if (j.contains("type")) body["type"] = j["type"];
  if (j.contains("indexedVariables")) body["indexedVariables"] = j["indexedVariables"];
  if (j.contains("namedVariables")) body["namedVariables"] = j["namedVariables"];
  return body;
}

nlohmann::json DapVariables::setVariable(int64_t reference, const std::string &name,
                                         const std::string &value) {
  if (reference < 1 || reference > int64_t(refs_.size()))
    throw Error("Unknown variablesReference " + std::to_string(reference) +
                " (handles last until the kernel resumes).");
  const Ref ref = refs_[size_t(reference - 1)];
  // The child's expression, as variables() spells it.
  std::string expression = name;
  if (!ref.isScope) {
    const ValueType &t = *ref.value.type;
    expression = t.kind == Kind::Array ? operand(ref.expression) + name
                                       : operand(ref.expression) + "." + name;
  } else if (ref.scope == Scope::Buffers) {
    throw Error("A buffer is set element by element: expand it.");
  }
  const Evaluator e = evaluatorOf(ref.where);
  session_.recordEdit(e.assign(e.evaluate(expression), e.evaluate(value)));
  nlohmann::json j = describe(e, ref.where, name, expression, e.evaluate(expression));
  nlohmann::json body = {{"value", j["value"]}, {"variablesReference", j["variablesReference"]}};
  if (j.contains("type")) body["type"] = j["type"];
  return body;
}

} // namespace spvsim::debugger::dap
