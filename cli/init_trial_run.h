// The trial run `spvsim init` makes of the run file it is about to write: the kernel
// runs once with bounds checks on the buffers as sized, and the buffers it reached past
// the end of are named, so that init can give them more elements per work-item (a
// kernel writing out[8 * i + k] needs eight).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

#include "run_file_template.h"
#include "spvsim/validator/validator.h"

namespace spvsim::cli {

/// The buffers of `runText` (a run file for `module`, whose relative paths start at
/// `base`) that a run of it accessed out of bounds (oob.global.*, oob.constant.*), each
/// with the number of faulting warp instructions (the findings' counts). A trial that
/// cannot run (a limit, an unsupported construct) names none; one that runs longer than
/// 100 million instructions or 2 seconds names what it found until then. It prints nothing.
std::map<std::string, uint64_t> buffersAccessedOutOfBounds(const ValidatedModule &module,
                                                           const std::string &runText,
                                                           const std::filesystem::path &base);

/// makeRunFileTemplate, with the buffers a trial run reaches past given twice the
/// elements per work-item until it does not (at most 32 per work-item): the run file
/// `spvsim init` writes and `spvsim run MODULE` runs. Only overruns by many warps count
/// (at least 4, and a quarter of the launch's warps): a kernel that indexes out[8 * i]
/// needs a larger buffer, one that writes out[i + 1] has a bug to report. A buffer grown
/// once grows again for any overrun.
RunFileTemplate makeSizedRunFileTemplate(const Module &module, const ValidatedModule &validated,
                                         const std::string &moduleName, RunFileRequest request,
                                         const std::filesystem::path &base);

} // namespace spvsim::cli
