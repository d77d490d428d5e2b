// Ctrl-C under `spvsim exec` (SPVSIM_INTERRUPT=1): while a launch runs, the runtime
// takes SIGINT itself, so that the first Ctrl-C stops the running launches — their
// findings say where the work-items were (hang.interrupted), as `spvsim run`'s do —
// and every command from then on fails (CL_OUT_OF_RESOURCES): the host program gets
// an error status from the enqueue or clFinish it waits in, and ends. Between launches
// the program's own SIGINT handling is in place, so it sees a Ctrl-C given then.
#pragma once

#include <atomic>

namespace spvsim::runtime {

/// Set when launches must stop: at process exit, or at a Ctrl-C (ExecOptions::cancel).
std::atomic<bool> &launchesStopping();
/// True once a Ctrl-C stopped the launches (not the process's exit).
bool interruptedByUser();

/// Takes SIGINT for the time a launch runs (the first of several launches running at
/// once installs the handler, the last one out puts the program's back). Does nothing
/// unless SPVSIM_INTERRUPT is set, or when SIGINT was ignored.
class InterruptScope {
public:
  InterruptScope();
  ~InterruptScope();
  InterruptScope(const InterruptScope &) = delete;
  InterruptScope &operator=(const InterruptScope &) = delete;

private:
  bool active_ = false;
};

} // namespace spvsim::runtime
