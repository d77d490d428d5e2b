// `spvsim run FILE.sim`: Oclgrind's simulator files (runfile/sim_file.h, docs/oclgrind-sim-
// files.md) made into the run they describe, run as any run file is.
#pragma once

#include <memory>
#include <string>

#include "spvsim/runfile/run_spec.h"
#include "spvsim/validator/module.h"

namespace spvsim::cli {

/// The run of the simulator file `file`: its program loaded (OpenCL C compiled with
/// `buildOptions`, -I folders relative to the current folder, as --build-options of
/// oclgrind-kernel), its kernel's signature read, and the arguments parsed for it.
/// `loaded` receives the module.
runfile::RunSpec runSpecOfSimFile(const std::string &file, const std::string &buildOptions,
                                  std::shared_ptr<const Module> &loaded);

} // namespace spvsim::cli
