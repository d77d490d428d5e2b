// LaunchCommand: an NDRange as clEnqueueNDRangeKernel enqueued it — the
// kernel's executable, its range and its argument values at that moment —
// and how it runs: arguments bound to the context's GlobalMemory, the kernel
// run by spvsim::launchKernel with the configured checks, findings named by
// the kernel's parameters and added to the FindingLog, and (SPVSIM_CAPTURE)
// the launch written as a run file.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/cl.h"
#include "core/kernel.h"
#include "core/mem.h"
#include "core/program.h"
#include "core/svm.h"
#include "spvsim/common/error.h"
#include "spvsim/interpreter/launch.h"

namespace spvsim::runtime {

struct LaunchCommand {
  std::shared_ptr<Context> context;
  std::shared_ptr<const Executable> executable;
  /// The kernel's program: its OpenCL C source, when it has one, shows the lines of the
  /// launch's findings.
  std::shared_ptr<const Program> program;
  KernelSignature signature;
  NDRange range; ///< `local` always set
  std::vector<KernelArg> args;
  /// The buffer of each argument while the command lives (null: not a buffer, or one the
  /// application had released when it enqueued).
  std::vector<std::shared_ptr<Mem>> buffers;
  /// The context's SVM allocations when it was enqueued: the kernel may reach any of them
  /// through pointers stored in memory, and their bytes stay while it runs.
  std::vector<std::shared_ptr<SvmBlock>> svm;
  /// Its place among the process's NDRange commands in the order they were enqueued
  /// (from 1): how findings about one launch of several name it.
  uint64_t enqueueIndex = 0;
};

/// Takes the kernel's arguments for a launch; buffers the application has released stay
/// unheld and will be seen released by the kernel.
LaunchCommand prepareLaunch(const Kernel &kernel, const NDRange &range);

/// Runs the launch: CL_SUCCESS, or a negative status when it could not run or was stopped
/// before it finished (the reason is printed and reported): CL_OUT_OF_RESOURCES, or the
/// status of the limit it went beyond (limitStatus).
cl_int runLaunch(const LaunchCommand &launch);

/// The ExecOptions of the configuration.
ExecOptions execOptions();

/// The error code of OpenCL API §5.10 (clEnqueueNDRangeKernel) and §5.2.1 (clCreateBuffer)
/// for a request beyond one of spvsim's limits (spvsim/common/error.h).
cl_int limitStatus(LimitError::Limit limit);

/// Stops the launches that run (they end as if interrupted, and are reported as stopped
/// at exit) and every later one: the process is exiting.
void stopLaunchesForExit();

} // namespace spvsim::runtime
