// Log points' messages (DAP's logMessage, docs/debugging.md): the text with each
// `{EXPR}` replaced by the expression's value in a work-item, as `print` shows it.
#pragma once

#include <string>

#include "evaluator.h"

namespace spvsim::debugger {

/// `message` with each `{EXPR}` evaluated by `e`; an expression that fails gives
/// `<error: ...>` in its place; `{{` and `}}` are a literal brace, as is a `{` with no `}`.
std::string interpolateLogMessage(const std::string &message, const Evaluator &e);

} // namespace spvsim::debugger
