// A finding read back from its JSON object (finding.h's toJson): how `spvsim exec`
// reads the findings of the report the runtime wrote in the program's process.
#pragma once

#include <optional>

#include <nlohmann/json_fwd.hpp>

#include "spvsim/common/finding.h"

namespace spvsim {

/// Everything formatText prints, from the JSON of toJson. The element size is not in
/// the JSON; it is recovered from the element index where that is above 0, and
/// otherwise set so that elementText names element 0. Nothing when `json` is not an
/// object with a kind; keys of the wrong type are skipped.
std::optional<Finding> findingFromJson(const nlohmann::json &json);

} // namespace spvsim
