// The Printf op's handler (exec/printf_call.cpp), out of line: printf is rare
// and formats text, so it stays out of the dispatch loop's hot code.
#pragma once

#include <string>

#include "exec/exec_state.h"

namespace spvsim::ops {

void printfCall(const ExecState &x, const LoweredOp &op);

/// Reports printf.format: the call's format or arguments break OpenCL C's printf rules.
void reportPrintfFormat(const ExecState &x, const LoweredOp &op, uint32_t lane,
                        const std::string &problem);

} // namespace spvsim::ops
