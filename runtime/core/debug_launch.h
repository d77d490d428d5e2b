// debugLaunch: one launch of a host program under the interactive debugger
// (`spvsim exec --debug`, SPVSIM_DEBUG=1; docs/debugging.md). The launch runs on a
// thread of its own with one work-group thread, stopped at the first line of its
// kernel; the debugger's prompt reads commands on the calling thread, so the host
// thread that enqueued the launch waits until `continue` has run it to its end (or
// `quit` has stopped it). Under `spvsim dap` (SPVSIM_DEBUG_DAP names the adapter's
// socket) the launch is served over a connection to the adapter instead of the prompt.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "spvsim/interpreter/launch.h"

namespace spvsim::runtime {

/// Runs `kernel` as launchKernel does, under the debugger's prompt on the process's
/// standard input and output, or served to `spvsim dap` when SPVSIM_DEBUG_DAP is set.
/// `source`: the program's OpenCL C when the host gave it as text, whose lines the
/// prompt shows for "input.cl". `nameFinding` names the buffers of a finding the launch
/// stops at as the launch's findings name them (by the kernel parameters given them).
/// Throws what launchKernel throws, and spvsim::Error when the adapter cannot be reached.
LaunchStats debugLaunch(const ValidatedModule &module, const std::string &kernel,
                        const NDRange &range, const std::vector<ArgBinding> &args,
                        const SpecConstants &specConstants, GlobalMemory &memory, FindingSink &sink,
                        ExecOptions options, const std::string *source = nullptr,
                        const std::function<void(Finding &)> &nameFinding = {});

} // namespace spvsim::runtime
