// ModuleBuilder: fills a Module from instructions delivered in module order
// (by the loader's spvBinaryParse callback), then resolves what needs the
// whole module: decoration groups, SpecIds, array lengths, execution modes.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include <spirv-tools/libspirv.h>

#include "spvsim/validator/module.h"

namespace spvsim {

class ModuleBuilder {
public:
  /// `words` are the host-endian words of the whole module, header included.
  ModuleBuilder(std::vector<uint32_t> words, std::string sourceName);

  /// The module's words (for the loader's parse).
  std::span<const uint32_t> words() const { return module_->words_; }

  /// Adds the instruction at `wordOffset`. `parsed` is SPIRV-Tools' view of
  /// its operands, or nullptr for an extended instruction taken as raw words.
  void add(uint32_t wordOffset, const spv_parsed_instruction_t *parsed);

  /// Resolves cross-references and hands out the finished module.
  std::shared_ptr<const Module> finish();

private:
  struct Words; // bounds-checked view of one instruction's words

  void addType(const Words &w, Instruction &inst, uint32_t index);
  void addConstant(const Words &w, Instruction &inst, uint32_t index);
  void addDecoration(const Words &w, const spv_parsed_instruction_t *parsed);
  void addExtInst(const Words &w, const Instruction &inst);
  void addToFunction(const Words &w, Instruction &inst, uint32_t index);
  void closeBlock(uint32_t end);
  void defineId(uint32_t id, IdKind kind, uint32_t index);
  uint32_t internLocation(uint32_t fileId, uint32_t line, uint32_t column);
  uint32_t constantValue(uint32_t id) const;

  void applyDecorationGroups();
  void resolveSpecIds();
  void resolveArrayLengths();
  void attachExecutionModes();
  void resolveDebugParameterNames();

  std::shared_ptr<Module> module_;
  uint32_t function_ = kNone; ///< index of the open function
  uint32_t block_ = kNone;    ///< index of the open block in it
  uint32_t location_ = kNone; ///< location that applies to the next instruction
  /// The OpLine location a DebugNoScope of OpenCL.DebugInfo.100 suspended; the next
  /// DebugScope resumes it (addExtInst).
  uint32_t suspendedLocation_ = kNone;
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, uint32_t> locationIndex_;
  std::vector<std::pair<uint32_t, ExecutionMode>> executionModes_; ///< (function id, mode)
  struct GroupUse {
    uint32_t group, target, member;
  };
  std::vector<GroupUse> groupUses_;
  std::set<uint32_t> shaderDebugSets_; ///< NonSemantic.Shader.DebugInfo.100 imports
  std::set<uint32_t> debugSets_;       ///< imports of every set detail::isDebugInfoSet names
  std::unordered_map<uint32_t, uint32_t> debugSourceFile_; ///< DebugSource id -> OpString id
  std::unordered_map<uint32_t, uint32_t> debugFunctions_;  ///< DebugFunction id -> OpFunction id
  struct DebugParameter {
    uint32_t scope = 0; ///< the DebugFunction it belongs to
    uint32_t index = 0; ///< ArgNumber - 1
    uint32_t name = 0;  ///< OpString id
  };
  std::vector<DebugParameter> debugParameters_;
};

} // namespace spvsim
