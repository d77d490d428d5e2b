// Schedule exploration (`spvsim run --explore N`, docs/run-files.md "Exploring
// schedules"): the run's launches run N times, first under the ordered schedule,
// then under shuffles whose seeds follow from a base seed, each run on one thread
// with buffers of its own and several runs at once. Findings of the runs are merged
// (each once, with the schedule that found it), and a dumped or expected buffer or
// image or printf output that differs from the ordered run's is a nondeterminism finding.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "spvsim/common/finding_sink.h"
#include "spvsim/interpreter/global_memory.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/runfile/bind.h"
#include "spvsim/runfile/run_buffers.h"
#include "spvsim/runfile/run_spec.h"
#include "spvsim/validator/validator.h"

namespace spvsim::cli {

/// What an exploration runs, and how.
struct ExplorationRequest {
  const ValidatedModule *module = nullptr;
  const runfile::RunSpec *spec = nullptr;
  const std::vector<runfile::BoundLaunch> *launches = nullptr;
  const SpecConstants *specConstants = nullptr;
  /// Every run's options: warp width, checks, limits, timeouts, cancellation. The
  /// schedule, the threads (1), printf's sink and the progress are each run's own.
  ExecOptions exec;
  uint64_t maxMemory = 0;      ///< each run's GlobalMemory (--max-memory)
  uint32_t runs = 1;           ///< schedules: the ordered one, then runs - 1 shuffles
  uint64_t baseSeed = 0;       ///< the k-th shuffle's seed is baseSeed + k
  uint32_t parallel = 0;       ///< runs at once; 0: one per hardware thread
  bool warpWidthGiven = false; ///< --warp-width: the shuffles keep it
  runfile::StopCheck stop;     ///< no further run starts once it is true
};

/// One run of the launches under one schedule.
struct ScheduleRun {
  Schedule schedule;
  std::unique_ptr<GlobalMemory> memory;
  std::unique_ptr<runfile::RunBuffers> buffers;
  FindingSink findings;
  std::string printf;             ///< the printf output of every launch, in order
  std::vector<LaunchStats> stats; ///< per launch that ran
  StopReason stopped = StopReason::None;
  bool interrupted = false; ///< the stop check ended it outside a launch (or before it)
  /// The dumped and expected buffers after the last launch, by name (completed runs).
  std::vector<std::vector<std::byte>> outputs;
  /// The dumped and expected images after the last launch, in the run file's order.
  std::vector<std::vector<std::byte>> imageOutputs;
};

struct Exploration {
  /// runs[0] is the ordered run, whose memory and buffers are kept for the dumps.
  std::vector<std::unique_ptr<ScheduleRun>> runs;
  /// Every run's findings, each once (with the schedule of the run that found it first),
  /// then the nondeterminism findings.
  FindingSink findings;
};

/// Runs the exploration; errors of a run (bad arguments, limits) are raised here.
std::unique_ptr<Exploration> exploreSchedules(const ExplorationRequest &request);

} // namespace spvsim::cli
