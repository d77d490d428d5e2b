// The program binary of CL_PROGRAM_BINARIES and clCreateProgramWithBinary:
// the SPIR-V module plus what spvsim needs to use it again — whether it is a
// compiled object, a library or an executable, and the options it was built
// with (they decide uniform work-groups). Layout, little-endian:
//
//   "SPVSIMPB"  8 bytes magic
//   u32         format version (1)
//   u32         cl_program_binary_type
//   u32         byte length of the options, then the options (no terminator)
//   u32         byte length of the module, then the SPIR-V words
//
// A plain SPIR-V module is accepted as a binary too (as an executable to build).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/cl.h"

namespace spvsim::runtime {

struct ProgramBinary {
  cl_program_binary_type type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
  std::string options;
  std::vector<uint32_t> spirv;
};

std::vector<unsigned char> encodeBinary(const ProgramBinary &binary);
/// nullopt when the bytes are neither a spvsim binary nor a SPIR-V module.
std::optional<ProgramBinary> decodeBinary(std::span<const unsigned char> bytes);

} // namespace spvsim::runtime
