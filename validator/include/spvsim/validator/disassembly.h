// Disassembly: the text of each instruction of a module (friendly names, as
// spirv-dis prints it), for diagnostics that quote an instruction.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "spvsim/validator/module.h"

namespace spvsim {

class Disassembly {
public:
  /// Disassembles the whole module once with SPIRV-Tools.
  explicit Disassembly(const Module &module);
  /// The text of instruction `index` (e.g. "%40 = OpLoad %float %39 Aligned 4"),
  /// without indentation; "" for an index out of range.
  std::string_view text(uint32_t instructionIndex) const;

private:
  std::vector<std::string> lines_;
};

} // namespace spvsim
