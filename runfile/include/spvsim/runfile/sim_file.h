// Oclgrind's simulator files (`.sim`, the input of oclgrind-kernel), read as they are and
// translated into the run-file model (docs/oclgrind-sim-files.md): a RunSpec with one
// launch, run like any run file. The format, whitespace-separated with `#` comments:
//
//   vecadd.cl            the program: OpenCL C source (or a SPIR-V module)
//   vecadd               the kernel
//   1024 1 1             the NDRange (always three sizes)
//   64 1 1               the work-group size
//   <size=4096 float range=0:1:1023>        one header per kernel parameter, in order
//   <size=4096 fill=0 dump>
//   <size=4 uint> 1024                      values follow a header without fill/range
//
// Header tokens: size=BYTES (required but for null), a type (char uchar short ushort int
// uint long ulong float double; default: the parameter's element type), fill=V,
// range=START:STEP:END, noinit, null, ro, wo, hex (values, fill and range in hexadecimal;
// dumped in hexadecimal), dump. A __local parameter takes only its size.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "spvsim/interpreter/kernel_signature.h"
#include "spvsim/runfile/run_spec.h"

namespace spvsim::runfile {

/// The part of a `.sim` file that does not need the kernel: program, kernel name, sizes;
/// and the text of the arguments, read once the kernel's parameters are known.
struct SimFile {
  std::string sourceName;        ///< the file as named, for messages
  std::filesystem::path program; ///< the program file, resolved (see readSimFile)
  std::string programSpelling;   ///< as written
  std::string kernel;
  std::array<uint64_t, 3> global{1, 1, 1};
  std::array<uint64_t, 3> local{1, 1, 1};
  std::vector<std::string> lines; ///< the file's lines, comments removed
  size_t line = 0;                ///< where the argument headers start (0-based line)
  size_t column = 0;              ///<   and column
};

/// Whether `file` is named as a simulator file (`.sim`).
bool isSimFile(const std::filesystem::path &file);

/// Parses the program, kernel and sizes of `.sim` text. A relative program path is taken
/// from `baseDir`, or, when it is not there but in the current folder, from the current
/// folder (where oclgrind-kernel looks). Errors are spvsim::Error
/// "<sourceName>:<line>: <what> (reading <part>)".
SimFile parseSimText(std::string_view text, const std::filesystem::path &baseDir,
                     const std::string &sourceName);
/// Reads and parses a `.sim` file; its folder resolves the program.
SimFile readSimFile(const std::filesystem::path &file);

/// The run of a `.sim` file for `kernel` (the signature of sim.kernel): one buffer per
/// __global or __constant argument (named as the parameter, dumped in oclgrind-kernel's
/// format when the header says `dump`), `local` entries, scalars and structs from the
/// values given, and one launch of three dimensions with the given sizes. The module path
/// is sim.program and `buildOptions` are the run's build options.
RunSpec simRunSpec(const SimFile &sim, const KernelSignature &kernel,
                   const std::string &buildOptions = {});

} // namespace spvsim::runfile
