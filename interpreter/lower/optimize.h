// optimizeLowered: removes the copies lowering leaves behind and the ops whose
// results nothing reads (lower/optimize.cpp explains the passes).
#pragma once

#include "lower/program.h"

namespace spvsim {

/// Optimises a lowered kernel in place; what it computes and reports is unchanged.
void optimizeLowered(LoweredKernel &kernel);

} // namespace spvsim
