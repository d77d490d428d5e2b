// The run file `spvsim init` writes and `spvsim run MODULE` runs directly: one launch of
// one kernel with one buffer per pointer parameter (one element per work-item,
// initialised when the kernel reads it, dumped when it may write it: parameter_use.h), a
// `local` entry per __local pointer sized for a work-group, a value per scalar.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "spvsim/validator/module.h"
#include "spvsim/validator/validator.h"

namespace spvsim::cli {

/// What the command line says of the run: the kernel and the sizes, as --kernel,
/// --global and --local give them (empty: the only kernel, 1024 work-items, the
/// kernel's reqd_work_group_size or spvsim's choice when it has __local pointers).
struct RunFileRequest {
  std::string moduleSpelling; ///< `module` as the run file names it
  std::string buildOptions;   ///< `build_options`, "" for none
  std::string kernel;
  std::vector<uint64_t> global;
  std::vector<uint64_t> local;
  /// Buffers that need more than one element per work-item: name → elements per item
  /// (a trial run reached past one: init_trial_run.h).
  std::map<std::string, uint64_t> elementsPerItem;
};

/// A run file's text and what to tell its reader about it.
struct RunFileTemplate {
  std::string text;   ///< the run file (JSON)
  std::string kernel; ///< the kernel chosen
  std::vector<uint64_t> global, local;
  uint64_t workItems = 0;
  std::vector<std::string> readNames, writtenNames, unusedNames; ///< buffers by use
  std::string varsNote; ///< which vars size what (one line)
  std::string hints;    ///< one line per __local pointer, scalar and struct: what to set
};

/// The run file for `request` on a module and its validated form. A kernel that is not
/// there, sizes that do not fit and parameters a run file cannot give are
/// spvsim::Errors naming the option (`--kernel: no kernel named 'x' (kernels: a, b)`);
/// `moduleName` names the module in them.
RunFileTemplate makeRunFileTemplate(const Module &module, const ValidatedModule &validated,
                                    const std::string &moduleName, const RunFileRequest &request);

} // namespace spvsim::cli
