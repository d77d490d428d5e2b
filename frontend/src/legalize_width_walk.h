// The walk over a function that both integer-width legalizations make
// (legalize_integers.h, legalize_wide_integers.h): which instructions involve the
// width, whether all of them can be rewritten, the rewrite in an order where every
// operand is rewritten before its users, the phis filled last, and the erasing of
// what was replaced.
#pragma once

#include <llvm/ADT/STLFunctionalExtras.h>

#include <vector>

namespace llvm {
class Function;
class Instruction;
class PHINode;
class Type;
} // namespace llvm

namespace spvsim::frontend {

/// The width of `type`'s integers (its elements' for a vector); 0 for other types.
unsigned integerWidth(const llvm::Type *type);

/// Whether `instruction` makes or uses a value of a type `hasWidth` accepts.
bool involvesWidth(const llvm::Instruction &instruction,
                   llvm::function_ref<bool(const llvm::Type *)> hasWidth);

/// What one width's legalization gives the walk.
struct WidthRewrite {
  /// Whether a type (an integer or a vector of integers) has the width rewritten.
  llvm::function_ref<bool(const llvm::Type *)> hasWidth;
  /// Whether the legalization can rewrite an instruction that involves the width.
  llvm::function_ref<bool(const llvm::Instruction &)> isSupported;
  /// Makes the replacement of a phi of the width, without incoming values yet.
  llvm::function_ref<void(llvm::PHINode &)> placePhi;
  /// Rewrites an instruction other than a phi that involves the width; the rewritten
  /// forms of its operands exist (phis' from placePhi).
  llvm::function_ref<void(llvm::Instruction &)> rewrite;
  /// Gives a phi's replacement the rewritten form of the phi's incoming value `index`.
  llvm::function_ref<void(llvm::PHINode &, unsigned index)> fillPhi;
};

/// Whether the legalization applies to `function`: it has no parameter of the width,
/// every instruction that involves the width is supported, and there is one, or
/// `otherwiseInvolved` (something else of the function has the width).
bool isRewritable(const llvm::Function &function, const WidthRewrite &steps,
                  bool otherwiseInvolved = false);

/// Rewrites every instruction of `function` that involves the width: places the phis'
/// replacements, rewrites the other instructions block by block in reverse post-order
/// (so that every definition comes before its uses) and fills the phis' replacements.
/// The originals stay, for the caller to erase. The caller removes the blocks no path
/// reaches first (llvm::removeUnreachableBlocks): they may use values in ways no
/// dominance order reaches, and the walk does not visit them.
void rewriteInOrder(llvm::Function &function, const WidthRewrite &steps);

/// Erases `replaced`, instructions whose uses were all rewritten, which may still use
/// one another.
void eraseReplaced(const std::vector<llvm::Instruction *> &replaced);

} // namespace spvsim::frontend
