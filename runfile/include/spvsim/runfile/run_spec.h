// The run file of `spvsim run` (docs/run-files.md, format 1): RunSpec, the
// checked description of buffers, images, arguments and launches, and its parser.
// Every problem is a spvsim::Error whose message starts with the JSON key path
// (`buffers.a.type: unknown type 'flaot'`); nothing here runs a kernel.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spvsim/interpreter/global_memory.h"
#include "spvsim/runfile/dump_view.h"
#include "spvsim/runfile/expectation.h"
#include "spvsim/runfile/image_spec.h"
#include "spvsim/runfile/run_vars.h"
#include "spvsim/runfile/values.h"

namespace spvsim::runfile {

struct BufferSpec {
  std::string name;
  ElementType type;
  uint64_t count = 0;
  BufferInit init; ///< Kind::None: zero-filled and uninitialized
  BufferAccess access = BufferAccess::ReadWrite;
  std::optional<std::filesystem::path> dumpFile; ///< resolved `dump` path
  std::string dumpSpelling;                      ///< `dump` as written, for messages
  bool dumpText = false;                         ///< `"dump": true`, or an object that prints
  DumpView dumpView;                             ///< how it prints (`"dump": {...}`)
  std::optional<BufferExpectation> expect;       ///< `"expect"`: checked after the last launch

  uint64_t size() const { return count * type.size(); }
  std::string path() const; ///< `buffers.<name>`
};

/// One entry of an `args` list.
struct ArgSpec {
  enum class Kind { Buffer, Local, Scalar, Struct, Null, Sampler, Image };
  Kind kind = Kind::Null;
  std::string path; ///< key path of the entry: `args[2]`, `launches[1].args[0]`

  std::string buffer;           ///< Buffer: the buffer's name
  bool subBuffer = false;       ///< Buffer: `offset` or `size` given
  uint64_t offset = 0;          ///< Buffer: sub-buffer byte offset
  uint64_t size = 0;            ///< Buffer: sub-buffer bytes
  uint64_t localSize = 0;       ///< Local: bytes
  ElementType scalarType;       ///< Scalar: the given type
  std::vector<std::byte> bytes; ///< Scalar, Struct: the argument's bytes
  uint32_t samplerBits = 0;     ///< Sampler: the sampler_t value (sampler_bits, image.h)
  std::string image;            ///< Image: the image's name
};

/// One launch with the top-level defaults applied.
struct LaunchSpec {
  std::string path;   ///< `launches[i]`, or "" for the launch the top level describes
  std::string kernel; ///< "" when no "kernel" is given: the module's only kernel
  uint32_t dims = 1;
  std::array<uint64_t, 3> global{1, 1, 1};
  std::array<uint64_t, 3> offset{0, 0, 0};
  std::optional<std::array<uint64_t, 3>> local; ///< nullopt: the kernel's or spvsim's choice
  std::vector<ArgSpec> args;
  /// Which fields come from the top level although the launch is in `launches`.
  bool kernelInherited = false, globalInherited = false, localInherited = false,
       offsetInherited = false, argsInherited = false;

  /// Where a field's value was written: `launches[1].local_size`, or `local_size` when it
  /// is the top-level one.
  std::string keyOf(std::string_view key, bool inherited) const;
  /// " (in launches[1])" for a top-level value used by a launch of the list, else "".
  std::string contextOf(bool inherited) const;
};

/// A `spec_constants` entry, converted to the constant's type when bound to a module.
struct SpecConstantSpec {
  uint32_t specId = 0;
  std::string path; ///< `spec_constants.<id>`
  bool isBoolean = false;
  bool boolean = false; ///< isBoolean: the value
  Number number;        ///< !isBoolean: the value
};

struct RunSpec {
  std::filesystem::path module; ///< resolved against the run file's folder
  /// `build_options` of an OpenCL C module (isOpenCLSource(module)); "" when absent.
  std::string buildOptions;
  std::vector<BufferSpec> buffers; ///< in file order
  std::vector<ImageSpec> images;   ///< in file order
  std::vector<SpecConstantSpec> specConstants;
  std::vector<LaunchSpec> launches; ///< at least one

  const BufferSpec *findBuffer(std::string_view name) const;
  const ImageSpec *findImage(std::string_view name) const;
};

/// Whether `module` names OpenCL C (`.cl`) or C++ for OpenCL (`.clcpp`) source, which
/// the command line compiles, rather than a SPIR-V module.
bool isOpenCLSource(const std::filesystem::path &module);

/// What `file` is when it is not a module but a run file ("a run file" by its `.json`
/// extension, "JSON" by its first character), else "".
std::string runFileGivenAsModule(const std::filesystem::path &file);

/// Reads and parses a run file; relative paths in it are resolved against its folder.
/// `overrides` replace values of its "vars" (run_vars.h).
RunSpec parseRunFile(const std::filesystem::path &file, const VarOverrides &overrides = {});
/// Parses run-file text; `baseDir` resolves relative paths, `sourceName` names the text in
/// JSON syntax errors. Files it names (module, init files) must be readable.
RunSpec parseRunText(std::string_view text, const std::filesystem::path &baseDir,
                     const std::string &sourceName, const VarOverrides &overrides = {});

} // namespace spvsim::runfile
