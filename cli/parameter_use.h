// Which memory a kernel may read and write through each of its pointer parameters: a
// forward data flow over the module (pointers derived from a parameter by access
// chains, casts, phis, calls and private copies, and the accesses made through them).
// `spvsim init` initialises the buffers a kernel reads (with zeros those it counts in
// with atomics) and dumps the ones it writes.
#pragma once

#include <string>
#include <vector>

#include "spvsim/validator/module.h"

namespace spvsim::cli {

struct ParameterUse {
  bool read = false;
  bool written = false;
  bool atomic = false; ///< updated by an atomic read-modify-write (a counter, a histogram)
};

/// One entry per parameter of `kernel`'s function, in order. May-analysis: an access
/// the analysis cannot follow (a pointer given to a function without a body, or
/// stored where it is not loaded back from the same id) counts as both a read and a
/// write when the pointer reaches it, and is missed when it does not.
std::vector<ParameterUse> parameterUse(const Module &module, const EntryPoint &kernel);

} // namespace spvsim::cli
