// The text profile of `spvsim run --profile` and `spvsim exec --profile`
// (docs/profiling.md): a kernel's ProfileSummary (spvsim/interpreter/profile_summary.h)
// printed per opcode family, source line and branch, with its memory traffic, atomics
// and barriers.
#pragma once

#include <ostream>

#include "spvsim/interpreter/profile_summary.h"

namespace spvsim::cli {

/// Writes the profile as text, each source line followed by its text when the profile
/// holds the file's text (ProfileSummary::sources) or the file can be read.
void printProfile(std::ostream &out, const ProfileSummary &profile);

} // namespace spvsim::cli
