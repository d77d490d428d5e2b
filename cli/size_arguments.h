// The sizes `spvsim run` and `spvsim init` take after --global and --local (1 to 3
// numbers), moved to the end of the command line before CLI11 parses it: CLI11 would
// otherwise take the module that follows the numbers as one more size whenever options
// come after it (`spvsim init --global 8 k.cl -o k.json`).
#pragma once

#include <string>
#include <vector>

namespace spvsim::cli {

/// The command line with each --global and --local and the 1 to 3 numbers that follow
/// it moved to its end, where CLI11 takes nothing else as a size; the other words keep
/// their order. Only the run and init commands are rewritten, and none with `--`; an
/// option without numbers or with more than 3 stays where it is, for CLI11 to refuse.
std::vector<std::string> moveSizeArgumentsLast(int argc, const char *const *argv);

} // namespace spvsim::cli
