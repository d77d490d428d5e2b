// DapVariables: what DAP's `scopes`, `variables` and `evaluate` show of a stopped
// launch, and the variablesReference handles they hand out (valid until the launch
// resumes, as the protocol says). Scopes of a work-item: Locals and Arguments of its
// current function (evaluator.h: by source name at -g, "<optimized out>" when gone),
// its group's `__local` memory and the run file's buffers. Arrays, vectors and structs
// are expandable: their elements and members are further handles, paged by
// `start`/`count` for arrays.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../debug_session.h"
#include "../evaluator.h"
#include "../value.h"

namespace spvsim::debugger::dap {

class DapVariables {
public:
  enum class Scope : uint8_t { Locals, Arguments, LocalMemory, Buffers };
  /// A frame of a work-item: its variables are those of DebugFunction `function` on the
  /// work-item's call stack (0: its current function).
  struct Where {
    GlobalId item{0, 0, 0};
    uint32_t function = 0;
  };

  DapVariables(DebugSession &session, const std::map<std::string, BufferType> &buffers)
      : session_(session), buffers_(buffers) {}

  /// Forgets every handle (the launch resumed).
  void clear() { refs_.clear(); }
  /// The scopes of a frame (`innermost`: the work-item's current function).
  nlohmann::json scopes(const Where &where, bool innermost);
  /// The children of a handle; throws spvsim::Error for an unknown one.
  nlohmann::json variables(int64_t reference, int64_t start, int64_t count);
  /// `evaluate`: an expression of the prompt's in a frame; throws spvsim::Error.
  nlohmann::json evaluate(const Where &where, const std::string &expression);
  /// `setVariable`: child `name` of handle `reference` gets the value of expression
  /// `value` (Evaluator::assign); the Variable as it is now. Throws spvsim::Error.
  nlohmann::json setVariable(int64_t reference, const std::string &name, const std::string &value);
  /// The evaluator of a frame of a work-item of the running group; throws spvsim::Error.
  Evaluator evaluatorOf(const Where &where) const;

private:
  struct Ref {
    Where where;
    bool isScope = false;
    Scope scope = Scope::Locals;
    Value value;
    std::string expression; ///< what evaluates to `value` (evaluateName)
  };
  /// A DAP Variable for a named value, with a handle when it has children.
  nlohmann::json describe(const Evaluator &e, const Where &where, const std::string &name,
                          const std::string &expression, const Value &v);
  /// The named values of a scope.
  std::vector<std::pair<std::string, Value>> scopeValues(const Evaluator &e, Scope scope) const;
  int64_t add(Ref ref);

  DebugSession &session_;
  const std::map<std::string, BufferType> &buffers_;
  std::vector<Ref> refs_; ///< handle n is refs_[n - 1]
};

} // namespace spvsim::debugger::dap
