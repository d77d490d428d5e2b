// Variables and expressions of a run file (run_vars.h): a small recursive-descent
// evaluator over whole numbers (int64) and doubles, and the walk of the JSON tree that
// substitutes them in numeric positions only.
#include "spvsim/runfile/run_vars.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <set>

#include "spvsim/common/error.h"
#include "spvsim/runfile/json.h"

namespace spvsim::runfile {

namespace {

/// Expressions nest at most this deep (parentheses, unary minus): bounded recursion.
constexpr int kMaxExpressionDepth = 64;

struct Value {
  bool whole = true;
  int64_t integer = 0;
  double real = 0;

  double asDouble() const { return whole ? static_cast<double>(integer) : real; }
};

class ExpressionParser {
public:
  ExpressionParser(std::string_view text, const std::map<std::string, Json> &vars,
                   const std::string &path)
      : text_(text), vars_(vars), path_(path) {}

  Value parse() {
    Value v = sum(0);
    skipSpace();
    if (at_ < text_.size()) fail("unexpected '" + std::string(1, text_[at_]) + "'");
    return v;
  }

private:
  [[noreturn]] void fail(const std::string &problem) const {
    failAt(path_, "\"" + std::string(text_) + "\": " + problem);
  }

  void skipSpace() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }

  bool take(char c) {
    skipSpace();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }

  Value sum(int depth) {
    Value v = product(depth);
    for (;;) {
      if (take('+'))
        v = apply('+', v, product(depth));
      else if (take('-'))
        v = apply('-', v, product(depth));
      else
        return v;
    }
  }

  Value product(int depth) {
    Value v = unary(depth);
    for (;;) {
      if (take('*'))
        v = apply('*', v, unary(depth));
      else if (take('/'))
        v = apply('/', v, unary(depth));
      else if (take('%'))
        v = apply('%', v, unary(depth));
      else
        return v;
    }
  }

  Value unary(int depth) {
    if (depth > kMaxExpressionDepth) fail("nested too deeply");
    if (take('-')) {
      Value v = unary(depth + 1);
      if (v.whole) {
        if (v.integer == std::numeric_limits<int64_t>::min()) fail("overflow");
        v.integer = -v.integer;
      } else {
        v.real = -v.real;
      }
      return v;
    }
    if (take('+')) return unary(depth + 1);
    if (take('(')) {
      Value v = sum(depth + 1);
      if (!take(')')) fail("')' expected");
      return v;
    }
    return atom();
  }

  Value atom() {
    skipSpace();
    if (at_ >= text_.size()) fail("a number or a variable expected at the end");
    const char c = text_[at_];
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') return number();
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') return variable();
    fail("unexpected '" + std::string(1, c) + "'");
  }

  Value number() {
    const size_t start = at_;
    bool real = false;
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (std::isdigit(static_cast<unsigned char>(c))) {
        ++at_;
      } else if (c == '.' || c == 'e' || c == 'E') {
        real = true;
        ++at_;
        if ((c == 'e' || c == 'E') && at_ < text_.size() &&
            (text_[at_] == '-' || text_[at_] == '+'))
          ++at_;
      } else {
        break;
      }
    }
    const std::string digits(text_.substr(start, at_ - start));
    char *end = nullptr;
    Value v;
    if (real) {
      v.whole = false;
      v.real = std::strtod(digits.c_str(), &end);
    } else {
      errno = 0;
      const long long parsed = std::strtoll(digits.c_str(), &end, 10);
      if (errno == ERANGE) fail("'" + digits + "' is too large");
      v.integer = parsed;
    }
    if (end != digits.c_str() + digits.size()) fail("'" + digits + "' is not a number");
    return v;
  }

  Value variable() {
    const size_t start = at_;
    while (at_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[at_])) || text_[at_] == '_'))
      ++at_;
    const std::string name(text_.substr(start, at_ - start));
    auto it = vars_.find(name);
    if (it == vars_.end()) {
      std::string known;
      for (const auto &[n, value] : vars_) known += (known.empty() ? "" : ", ") + n;
      fail("no variable named '" + name + "' (" +
           (known.empty() ? "the run file has no \"vars\"" : "vars: " + known) + ")");
    }
    Value v;
    if (it->second.is_number_integer()) {
      if (it->second.is_number_unsigned() &&
          it->second.get<uint64_t>() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
        fail("'" + name + "' is too large for an expression");
      v.integer = it->second.get<int64_t>();
    } else {
      v.whole = false;
      v.real = it->second.get<double>();
    }
    return v;
  }

  Value apply(char op, Value a, Value b) const {
    if (a.whole && b.whole) {
      Value r;
      const int64_t x = a.integer, y = b.integer;
      bool overflow = false;
      switch (op) {
      case '+':
        overflow = __builtin_add_overflow(x, y, &r.integer);
        break;
      case '-':
        overflow = __builtin_sub_overflow(x, y, &r.integer);
        break;
      case '*':
        overflow = __builtin_mul_overflow(x, y, &r.integer);
        break;
      default:
        if (y == 0) fail("division by zero");
        if (x == std::numeric_limits<int64_t>::min() && y == -1)
          overflow = true;
        else
          r.integer = op == '/' ? x / y : x % y;
      }
      if (overflow) fail("overflow");
      return r;
    }
    Value r;
    r.whole = false;
    const double x = a.asDouble(), y = b.asDouble();
    switch (op) {
    case '+':
      r.real = x + y;
      break;
    case '-':
      r.real = x - y;
      break;
    case '*':
      r.real = x * y;
      break;
    case '/':
      r.real = x / y;
      break;
    default:
      r.real = std::fmod(x, y);
    }
    return r;
  }

  std::string_view text_;
  const std::map<std::string, Json> &vars_;
  const std::string &path_;
  size_t at_ = 0;
};

bool isIdentifier(std::string_view name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

/// Strings a numeric position already takes as they are (values.h): "nan", "inf",
/// "-inf" and hexadecimal integers.
bool isSpelledNumber(const std::string &text) {
  static const std::set<std::string> kNames{"nan", "inf", "-inf", "+inf"};
  if (kNames.count(text)) return true;
  const std::string_view digits = std::string_view(text).substr(text.rfind('-', 0) == 0 ? 1 : 0);
  return digits.rfind("0x", 0) == 0 || digits.rfind("0X", 0) == 0;
}

/// The keys under which numbers are read (sizes, counts, values).
bool isNumericKey(const std::string &key) {
  static const std::set<std::string> kKeys{
      "global_size", "global_offset", "local_size", "count",      "local",     "offset",
      "size",        "value",         "fill",       "range",      "values",    "seed",
      "min",         "max",           "ulp",        "abs",        "rel",       "shape",
      "width",       "height",        "depth",      "array_size", "row_pitch", "slice_pitch"};
  return kKeys.count(key) > 0;
}

/// The numeric keys whose value is a list.
bool isListKey(const std::string &key) {
  return key == "global_size" || key == "global_offset" || key == "local_size" || key == "range" ||
         key == "values" || key == "shape";
}

void substitute(Json &node, const std::string &path, bool numeric, bool bufferMap,
                const std::map<std::string, Json> &vars) {
  if (node.is_string()) {
    const std::string text = node.get<std::string>();
    if (numeric && !isSpelledNumber(text)) node = evaluateVarExpression(text, vars, path);
    return;
  }
  if (node.is_array()) {
    for (size_t i = 0; i < node.size(); ++i)
      substitute(node[i], indexPath(path, i), numeric, false, vars);
    return;
  }
  if (!node.is_object()) return;
  for (auto &item : node.items()) {
    const std::string &key = item.key();
    // A list's elements may be expressions, not the list itself.
    if (!bufferMap && isListKey(key) && item.value().is_string()) continue;
    // Buffer and image names are names, not keys: a buffer called "size" is not a number.
    const bool childNumeric =
        numeric || (!bufferMap && isNumericKey(key)) || (!bufferMap && path == "spec_constants");
    substitute(item.value(), keyPath(path, key), childNumeric,
               path.empty() && (key == "buffers" || key == "images"), vars);
  }
}

} // namespace

Json evaluateVarExpression(std::string_view text, const std::map<std::string, Json> &vars,
                           const std::string &path) {
  const Value v = ExpressionParser(text, vars, path).parse();
  // JSON reads a non-negative whole number as unsigned: so do the keys that take one.
  if (v.whole) return v.integer >= 0 ? Json(static_cast<uint64_t>(v.integer)) : Json(v.integer);
  return Json(v.real);
}

std::pair<std::string, std::string> parseVarOverride(std::string_view text) {
  const size_t eq = text.find('=');
  if (eq == std::string_view::npos)
    throw Error("--set " + std::string(text) + ": expected NAME=VALUE");
  std::string name(text.substr(0, eq));
  while (!name.empty() && name.back() == ' ') name.pop_back();
  if (!isIdentifier(name))
    throw Error("--set " + std::string(text) + ": '" + name + "' is not a variable name");
  return {name, std::string(text.substr(eq + 1))};
}

void substituteVars(Json &root, const VarOverrides &overrides) {
  std::map<std::string, Json> vars;
  if (auto it = root.find("vars"); it != root.end()) {
    requireObject(*it, "vars");
    for (auto &item : it->items()) {
      const std::string path = keyPath("vars", item.key());
      if (!isIdentifier(item.key()))
        failAt(path, "a variable name is a letter or _ followed by letters, digits and _");
      Json value = item.value();
      if (value.is_string())
        value = evaluateVarExpression(value.get<std::string>(), vars, path);
      else if (!value.is_number())
        failAt(path, "expected a number or an expression, got " + describeJsonType(value));
      vars[item.key()] = value;
    }
    // --set replaces a value: a later variable written over it follows it.
    for (const auto &[name, expression] : overrides) {
      if (!vars.count(name)) {
        std::string known;
        for (const auto &[n, v] : vars) known += (known.empty() ? "" : ", ") + n;
        throw Error("--set " + name + "=" + expression + ": the run file has no variable '" + name +
                    "' (vars: " + known + ")");
      }
    }
    if (!overrides.empty()) {
      vars.clear();
      for (auto &item : it->items()) {
        const std::string path = keyPath("vars", item.key());
        Json value = item.value();
        for (const auto &[name, expression] : overrides)
          if (name == item.key()) value = Json(expression);
        if (value.is_string())
          value = evaluateVarExpression(value.get<std::string>(), vars,
                                        value == item.value() ? path : "--set " + item.key());
        vars[item.key()] = value;
      }
    }
    root.erase("vars");
  } else if (!overrides.empty()) {
    throw Error("--set " + overrides.front().first + "=" + overrides.front().second +
                ": the run file has no \"vars\"");
  }
  substitute(root, "", false, false, vars);
}

} // namespace spvsim::runfile
