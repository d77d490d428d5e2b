// The front end loaded on demand: clang and LLVM take about 25 ms to load and relocate,
// which a run of a SPIR-V module, or of OpenCL C the build cache has, must not pay.
// compileInModule answers from the build cache of the environment (build_cache.h) and
// otherwise loads the front end's shared module (libspvsim-frontend.so), once, and
// compiles through it.
#pragma once

#include "spvsim/frontend/frontend.h"

namespace spvsim::frontend {

/// Compiles `input` for `device` through the front end's module, loading it on the first
/// call. When the module cannot be loaded, the result is a failure whose log names the
/// places looked in and the loader's error. Thread-safe.
CompileResult compileInModule(const CompileInput &input, const DeviceFacts &device);

} // namespace spvsim::frontend
