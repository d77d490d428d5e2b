// Ctrl-C under `spvsim exec` (SPVSIM_INTERRUPT=1): from the time the runtime is
// loaded it takes SIGINT itself, so that the first Ctrl-C stops the running launches —
// their findings say where the work-items were (hang.interrupted), as `spvsim run`'s
// do — or, when none runs, the next launch at its start (one hang.interrupted finding
// says so); every command after that launch fails (CL_OUT_OF_RESOURCES): the host
// program gets an error status from the enqueue or clFinish it waits in, and ends. A
// handler the program installs itself holds between launches; while a launch runs
// SIGINT is the runtime's. Under the debugger (SPVSIM_DEBUG) Ctrl-C is the prompt's.
#pragma once

#include <atomic>

namespace spvsim::runtime {

/// Set when launches must stop: at process exit, or at a Ctrl-C (ExecOptions::cancel).
std::atomic<bool> &launchesStopping();
/// True once a Ctrl-C stopped the launches (not the process's exit).
bool interruptedByUser();
/// Records that a launch was stopped by the Ctrl-C (running, or at its start). True for
/// the first such launch: the one that reports a Ctrl-C that came while none ran.
bool markLaunchInterrupted();
/// True once a launch was stopped by the Ctrl-C: later commands fail.
bool launchInterrupted();
/// Takes SIGINT for the whole process (once; called when the runtime is loaded). Does
/// nothing unless SPVSIM_INTERRUPT is set, under the debugger, or when SIGINT was ignored.
void takeInterrupts();

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
