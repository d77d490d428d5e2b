// The optimisation of a compiled module: clang's own pipeline for the invocation's -O
// level (what `clang -O2` runs), after the calls whose result depends on which
// work-items make them are marked so that no pass merges two of them.
#pragma once

namespace clang {
class CompilerInstance;
} // namespace clang

namespace llvm {
class Module;
} // namespace llvm

namespace spvsim::frontend {

/// Marks `nomerge` every call of a convergent function that may access memory
/// (sub-group and work-group functions, barriers; clang declares these convergent
/// and not readnone), and returns how many. LLVM 15's SimplifyCFG hoists identical
/// calls from both sides of a branch above it and sinks them below the join
/// (HoistThenElseCodeToIf, SinkCommonCodeFromPredecessors); for a sub-group function
/// that turns the two calls each branch's work-items make into one call of the whole
/// sub-group, whose result differs (OpenCL C 3.0 §6.15.16.4: `sub_group_broadcast_first`
/// takes the value of the lowest active work-item). Both transformations leave calls
/// with `nomerge` alone. Readnone convergent calls (`get_local_id`, math functions) give
/// each work-item the same result whichever work-items run with it, and stay mergeable.
unsigned keepConvergentCallsApart(llvm::Module &module);

/// Runs clang's optimisation pipeline, as configured by `compiler`'s invocation, on
/// `module` (compiled with the invocation's passes disabled). Diagnostics the passes
/// report (a `#pragma unroll` that could not be honoured) go to the compiler's
/// diagnostics, as clang reports them; false when one is an error.
bool optimize(clang::CompilerInstance &compiler, llvm::Module &module);

} // namespace spvsim::frontend
