// The run of an Oclgrind simulator file (sim_file_run.h).
#include "sim_file_run.h"

#include <filesystem>
#include <fstream>

#include "opencl_module.h"
#include "spvsim/common/error.h"
#include "spvsim/interpreter/kernel_signature.h"
#include "spvsim/runfile/sim_file.h"
#include "spvsim/validator/device.h"
#include "spvsim/validator/validator.h"

namespace spvsim::cli {

runfile::RunSpec runSpecOfSimFile(const std::string &file, const std::string &buildOptions,
                                  std::shared_ptr<const Module> &loaded) {
  namespace fs = std::filesystem;
  const runfile::SimFile sim = runfile::readSimFile(file);
  std::ifstream program(sim.program, std::ios::binary);
  if (!program)
    throw Error(file + ": cannot open the program file '" + sim.programSpelling + "' (looked for " +
                sim.program.string() + ")");
  char magic[2] = {};
  if (program.read(magic, 2) && magic[0] == 'B' && magic[1] == 'C')
    throw Error(file + ": the program file '" + sim.programSpelling +
                "' is LLVM bitcode, which spvsim does not run; name the OpenCL C source or a "
                "SPIR-V module");
  loaded = loadModuleFile(sim.program, buildOptions, fs::current_path(), "--build-options");
  ValidationResult validation = validate(loaded, DeviceDescription::spvsim());
  if (!validation.ok()) {
    // The run's own validation reports why; the launch is still described for it.
    runfile::RunSpec spec;
    spec.module = sim.program;
    return spec;
  }
  const KernelSignature kernel = kernelSignature(*validation.module, sim.kernel);
  return runfile::simRunSpec(sim, kernel, buildOptions);
}

} // namespace spvsim::cli
