// DebugInfo: what the debugger reads of a module's debug information — source
// lines of instructions (OpLine), the functions instructions belong to, and the
// variables and types of OpenCL.DebugInfo.100 (DebugLocalVariable, DebugType*;
// OpenCL.DebugInfo.100 §4.3 "Type instructions", §4.7 "Local variables").
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "spvsim/validator/module.h"

namespace spvsim::debugger {

/// A source type as the debug information describes it.
struct DebugType {
  enum class Kind : uint8_t { Unknown, Basic, Pointer, Array, Vector, Composite, Typedef };
  Kind kind = Kind::Unknown;
  std::string name;
  uint64_t sizeBits = 0;
  /// Basic: DWARF-like encoding (OpenCL.DebugInfo.100 §3.1: 0 Unspecified, 1 Address,
  /// 2 Boolean, 3 Float, 4 Signed, 5 SignedChar, 6 Unsigned, 7 UnsignedChar).
  uint32_t encoding = 0;
  uint32_t base = 0;  ///< Pointer, Array, Vector, Typedef: the element or aliased type
  uint64_t count = 0; ///< Vector components; Array elements (all dimensions)
  /// Array: the count of each dimension, outermost first (`float a[4][16]`: 4, 16).
  std::vector<uint64_t> dims;
  struct Member {
    std::string name;
    uint32_t type = 0;
    uint64_t offsetBits = 0;
  };
  std::vector<Member> members; ///< Composite
};

/// A DebugLocalVariable: a named variable or parameter of a source function.
struct DebugVariable {
  uint32_t id = 0;
  std::string name;
  uint32_t type = 0; ///< a DebugType id
  uint32_t line = 0;
  uint32_t scope = 0;         ///< DebugFunction or DebugLexicalBlock id
  uint32_t function = 0;      ///< the SPIR-V function id of its DebugFunction (0: unknown)
  uint32_t debugFunction = 0; ///< its DebugFunction id (0: unknown)
  uint32_t argNumber = 0;     ///< 1-based for parameters, 0 for locals
};

/// One source frame at an instruction: the function and the line in it.
struct SourceFrame {
  std::string function;
  uint32_t debugFunction = 0; ///< DebugFunction id (0: none)
  uint32_t line = 0;
  std::string file;
};

/// A DebugGlobalVariable: a program-scope or __local variable with its source name.
struct DebugGlobal {
  std::string name;
  uint32_t type = 0;     ///< a DebugType id
  uint32_t variable = 0; ///< the OpVariable id (0: none)
};

class DebugInfo {
public:
  explicit DebugInfo(const Module &module);

  /// Whether the module has OpenCL.DebugInfo.100 variables (a -g build).
  bool hasVariables() const { return !variables_.empty(); }
  const DebugVariable *variable(uint32_t id) const;
  const std::map<uint32_t, DebugVariable> &variables() const { return variables_; }
  const std::vector<DebugGlobal> &globals() const { return globals_; }
  /// The type with this id, typedefs followed; nullptr when not a debug type.
  const DebugType *type(uint32_t id) const;
  /// The source spelling of a type ("int", "float4", "struct pair", "int *").
  std::string typeName(uint32_t id) const;

  /// The source line of a module instruction (0: none).
  uint32_t lineOf(uint32_t instruction) const;
  /// The file of a module instruction's source location, as the module names it.
  std::string fileOf(uint32_t instruction) const;
  /// The SPIR-V function an instruction lies in (0: none) and that function's name.
  uint32_t functionOf(uint32_t instruction) const;
  std::string functionName(uint32_t function) const;

  /// The source frames at an instruction, innermost first: its own function and line,
  /// then each function the compiler inlined it into (DebugScope's Inlined At, §4.6),
  /// with the line of the inlined call. Without a DebugScope: its SPIR-V function.
  std::vector<SourceFrame> framesAt(uint32_t instruction) const;
  /// How many calls the compiler inlined the instruction through (0: none).
  uint32_t inlineDepth(uint32_t instruction) const;
  /// The line a DebugFunction is declared on (0: unknown).
  uint32_t functionLine(uint32_t debugFunction) const {
    auto it = functionLines_.find(debugFunction);
    return it == functionLines_.end() ? 0 : it->second;
  }
  /// The DebugFunction an instruction's scope lies in (0: no debug scope).
  uint32_t debugFunctionAt(uint32_t instruction) const;

  const Module &module() const { return module_; }

private:
  const Module &module_;
  std::map<uint32_t, DebugType> types_;
  std::map<uint32_t, DebugVariable> variables_;
  std::vector<DebugGlobal> globals_;
  std::map<uint32_t, uint32_t> scopeParent_;           ///< lexical block -> parent scope
  std::map<uint32_t, uint32_t> debugFunction_;         ///< DebugFunction id -> SPIR-V function
  std::map<uint32_t, std::string> functionNames_;      ///< SPIR-V function -> source name
  std::map<uint32_t, std::string> debugFunctionNames_; ///< DebugFunction -> source name
  struct InlinedAt {
    uint32_t line = 0;
    uint32_t scope = 0;
    uint32_t next = 0;
  };
  std::map<uint32_t, InlinedAt> inlinedAt_;
  std::map<uint32_t, uint32_t> functionLines_; ///< DebugFunction -> its line
  std::vector<uint32_t> scopeOf_;   ///< per instruction: the DebugScope's scope (0: none)
  std::vector<uint32_t> inlinedOf_; ///< per instruction: its Inlined At (0: none)
  uint32_t debugFunctionOf(uint32_t scope) const;
};

} // namespace spvsim::debugger
