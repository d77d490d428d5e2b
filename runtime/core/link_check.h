// The checks clLinkProgram makes on its input objects before the SPIR-V linker sees
// them: spirv-link accepts two modules that export the same symbol and keeps one of
// the definitions, where OpenCL C (C99 §6.9: one external definition per identifier)
// makes such a program invalid.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace spvsim::runtime {

/// Link-log lines ("error: ...\n") for every symbol that two or more of `modules` export
/// (LinkageAttributes with linkage type Export, SPIR-V §3.17): the symbol and the
/// objects by their place among the link's inputs ("object 1", "object 2", ...). Empty
/// when every exported symbol is exported once. Modules that do not load are left to
/// the linker.
std::string duplicateExports(const std::vector<std::vector<uint32_t>> &modules);

} // namespace spvsim::runtime
