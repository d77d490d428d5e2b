// Writing run files: a RunSpec as the JSON text of docs/run-files.md, the
// inverse of parseRunText. The cl* runtime captures launches with it
// (SPVSIM_CAPTURE), so what it writes is what `spvsim run` reads.
#pragma once

#include <filesystem>
#include <string>

#include "spvsim/runfile/run_spec.h"

namespace spvsim::runfile {

/// The run-file text of `spec`. Paths (module, init files, dumps) are written relative to
/// `baseDir`, the folder the text will be read from. A single launch without a `launches`
/// path is written at the top level; otherwise every launch is written in full in
/// `launches`. Values are written so that they read back as the same bits: floats as the
/// shortest text that rounds to them, integers beyond 2^53 as "0x…", and a scalar argument
/// holding a NaN other than the one "nan" reads as becomes the unsigned integer of its
/// bits.
std::string writeRunText(const RunSpec &spec, const std::filesystem::path &baseDir);

/// Writes `spec` to `file` (paths relative to its folder); throws spvsim::Error when the
/// file cannot be written.
void writeRunFile(const RunSpec &spec, const std::filesystem::path &file);

} // namespace spvsim::runfile
