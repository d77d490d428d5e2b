// Named variables of a run file (docs/run-files.md, "Variables"): the top-level
// `"vars": {"N": 1024, "M": "N/2"}`, values given on the command line (`--set N=2048`),
// and the arithmetic expressions over them that sizes, counts and values may be
// written as (`"count": "N*N"`). Substitution happens on the JSON tree before the run
// file is read, so every other key keeps its meaning.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "spvsim/runfile/values.h"

namespace spvsim::runfile {

/// `--set NAME=EXPRESSION` values, in the order given.
using VarOverrides = std::vector<std::pair<std::string, std::string>>;

/// Splits `NAME=EXPRESSION` as --set takes it; a spvsim::Error when there is no `=` or
/// the name is not an identifier.
std::pair<std::string, std::string> parseVarOverride(std::string_view text);

/// Reads `root["vars"]` (each value a number or an expression over the variables before
/// it), applies `overrides` (each must name a variable of `vars`), removes `vars` and
/// replaces every expression in a numeric position (sizes, counts, `local`, sub-buffer
/// offsets and sizes, scalar values, spec constants, `fill`, `range`, `values`,
/// `random`) by its value. Strings that are numbers JSON cannot spell ("nan", "inf",
/// "0x…") stay as they are. Problems are spvsim::Errors naming the key path.
void substituteVars(Json &root, const VarOverrides &overrides);

/// The value of an expression: whole numbers, decimal numbers, names of `vars`,
/// + - * / % and parentheses, with C's precedence; / and % of whole numbers are whole
/// (rounding toward zero), anything with a decimal number is a double. Problems are
/// spvsim::Errors starting with `path`.
Json evaluateVarExpression(std::string_view text, const std::map<std::string, Json> &vars,
                           const std::string &path);

} // namespace spvsim::runfile
