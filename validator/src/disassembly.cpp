// Disassembly: one line of SPIR-V text per instruction. The module is
// disassembled once with byte offsets shown; each offset ties a line to its
// instruction (so strings with embedded newlines cannot shift the mapping),
// then the offset is cut off. When SPIRV-Tools cannot print the module (debug
// information it does not know), the rest is printed without that debug
// information, and what remains gets a plain "Op<name> word..." form.
#include "spvsim/validator/disassembly.h"

#include <cstdio>

#include "spirv_tools_handles.h"
#include "validation_copy.h"

namespace spvsim {

namespace {

std::string rawText(const Module &module, const Instruction &inst) {
  std::string s;
  if (inst.resultId) s += "%" + std::to_string(inst.resultId) + " = ";
  s += "Op";
  s += spvOpcodeString(static_cast<uint32_t>(inst.opcode));
  if (inst.typeId) s += " %" + std::to_string(inst.typeId);
  for (uint32_t w : module.operands(inst)) s += " " + std::to_string(w);
  return s;
}

/// " ; 0x0000abcd", the suffix the disassembler appends for byte offset `offset`.
std::string offsetSuffix(uint32_t byteOffset) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, " ; 0x%08x", byteOffset);
  return buffer;
}

/// Disassembles `words`, whose instructions start at `offsets` and are the
/// module's instructions `original`, into `lines`. False if SPIRV-Tools fails.
bool disassemble(std::span<const uint32_t> words, const std::vector<uint32_t> &offsets,
                 const std::vector<uint32_t> &original, std::vector<std::string> &lines) {
  auto context = detail::makeContext(SPV_ENV_UNIVERSAL_1_6);
  spv_text rawOutput = nullptr;
  spv_diagnostic rawDiagnostic = nullptr;
  const uint32_t options = SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES |
                           SPV_BINARY_TO_TEXT_OPTION_NO_HEADER |
                           SPV_BINARY_TO_TEXT_OPTION_SHOW_BYTE_OFFSET;
  const spv_result_t result = spvBinaryToText(context.get(), words.data(), words.size(), options,
                                              &rawOutput, &rawDiagnostic);
  detail::TextHandle text(rawOutput);
  detail::DiagnosticHandle diagnostic(rawDiagnostic);
  if (result != SPV_SUCCESS || !text) return false;

  std::string_view all(text->str, text->length);
  std::string pending; // lines of an instruction whose strings hold newlines
  for (size_t k = 0; k < offsets.size() && !all.empty();) {
    const std::string suffix = offsetSuffix(offsets[k] * 4);
    const size_t newline = all.find('\n');
    std::string_view line = all.substr(0, newline);
    all = newline == std::string_view::npos ? std::string_view() : all.substr(newline + 1);
    if (!line.ends_with(suffix)) {
      pending.append(line);
      pending.append("\\n");
      continue;
    }
    line.remove_suffix(suffix.size());
    pending.append(line);
    lines[original[k]] = std::move(pending);
    pending.clear();
    ++k;
  }
  return true;
}

} // namespace

Disassembly::Disassembly(const Module &module) {
  const auto &instructions = module.instructions();
  lines_.resize(instructions.size());
  std::vector<uint32_t> offsets, original;
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    offsets.push_back(instructions[k].wordOffset);
    original.push_back(k);
  }
  if (!disassemble(module.words(), offsets, original, lines_) && detail::hasDebugInfo(module)) {
    const detail::ValidationCopy copy = detail::makeValidationCopy(module, {}, {.dropDebugInfo = true});
    disassemble(copy.words, copy.offsets, copy.original, lines_);
  }
  for (uint32_t k = 0; k < instructions.size(); ++k)
    if (lines_[k].empty()) lines_[k] = rawText(module, instructions[k]);
}

std::string_view Disassembly::text(uint32_t instructionIndex) const {
  return instructionIndex < lines_.size() ? std::string_view(lines_[instructionIndex])
                                          : std::string_view();
}

} // namespace spvsim
