// Schedule exploration (schedule_exploration.h): the runs, on a pool of threads, and
// the comparison of their results with the ordered run's.
#include "schedule_exploration.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <type_traits>

#include "spvsim/common/error.h"
#include "spvsim/runfile/expectation.h"
#include "spvsim/runfile/schedule_difference.h"

namespace spvsim::cli {

using namespace spvsim::runfile;

namespace {

/// The buffers whose contents a run is judged by: those dumped or expected.
bool isCompared(const BufferSpec &buffer) {
  return buffer.dumpFile || buffer.dumpText || buffer.expect;
}
bool isCompared(const ImageSpec &image) {
  return image.dumpFile || image.dumpText || image.expect;
}

/// Runs every launch under `run.schedule` on one thread, then checks the expectations.
void runSchedule(const ExplorationRequest &request, ScheduleRun &run) {
  run.memory = std::make_unique<GlobalMemory>(request.maxMemory);
  try {
    run.buffers = std::make_unique<RunBuffers>(*request.spec, *run.memory, request.stop, 1);
  } catch (const LimitError &e) {
    throw Error(std::string(e.what()) + " (--max-memory " + std::to_string(request.maxMemory) +
                ")");
  } catch (const Interrupted &) {
    run.interrupted = true;
    return;
  }
  ExecOptions exec = request.exec;
  exec.schedule = run.schedule;
  exec.threads = 1; // one thread: the schedule alone decides the order, so a run replays
  exec.printfSink = [&run](std::string_view text) { run.printf.append(text); };
  exec.progress = nullptr;
  exec.profile = nullptr;
  for (const BoundLaunch &launch : *request.launches) {
    if (request.stop && request.stop()) {
      run.interrupted = true;
      return;
    }
    std::vector<ArgBinding> args;
    for (const ArgSpec &arg : launch.args) args.push_back(run.buffers->binding(arg));
    run.stats.push_back(launchKernel(*request.module, launch.kernel, launch.range, args,
                                     *request.specConstants, *run.memory, run.findings, exec));
    if ((run.stopped = run.stats.back().stopped) != StopReason::None) return;
  }
  for (const BufferSpec &buffer : request.spec->buffers) {
    const std::span<const std::byte> bytes = run.memory->bytes(run.buffers->id(buffer.name));
    if (buffer.expect)
      if (std::optional<Finding> mismatch =
              checkExpectation(buffer.name, buffer.type, buffer.count, *buffer.expect, bytes))
        run.findings.report(*mismatch);
    if (isCompared(buffer)) run.outputs.emplace_back(bytes.begin(), bytes.end());
  }
  for (const ImageSpec &image : request.spec->images) {
    const std::span<const std::byte> bytes = run.memory->bytes(run.buffers->imageId(image.name));
    if (std::optional<Finding> mismatch = checkImageExpectation(image, bytes))
      run.findings.report(*mismatch);
    if (isCompared(image)) run.imageOutputs.emplace_back(bytes.begin(), bytes.end());
  }
}

/// Each run's findings once, in run order: a finding of a shuffle that the ordered run
/// (or an earlier shuffle) found already is left out.
void mergeFindings(Exploration &exploration, uint32_t orderedWarpWidth) {
  for (const auto &run : exploration.runs)
    for (Finding f : run->findings.findings()) {
      if (exploration.findings.contains(f)) continue;
      if (run->schedule.ordered())
        f.notes.push_back("schedule ordered (warp width " + std::to_string(orderedWarpWidth) +
                          "; replay with --schedule ordered)");
      exploration.findings.report(std::move(f));
    }
}

/// Compares each of `others` with the ordered run (`compare` gives the difference, if
/// any) and reports the first that differs, with how many differ; a difference is one of
/// rounding only when every run's is.
template <class Compare, class Report>
void reportFirstDifference(const std::vector<const ScheduleRun *> &others, Compare compare,
                           Report report) {
  std::invoke_result_t<Compare, const ScheduleRun &> first;
  const ScheduleRun *firstRun = nullptr;
  uint32_t differing = 0;
  for (const ScheduleRun *run : others) {
    auto d = compare(*run);
    if (!d) continue;
    ++differing;
    if (!first) {
      first = std::move(d), firstRun = run;
    } else if constexpr (requires { d->onlyRounding; }) {
      first->onlyRounding = first->onlyRounding && d->onlyRounding;
    }
  }
  if (first) report(*first, *firstRun, differing);
}

/// The completed runs' results against the ordered run's: one finding per buffer that
/// differs, and one for printf output, naming the first shuffle that differs.
void compareRuns(const ExplorationRequest &request, Exploration &exploration) {
  const ScheduleRun &ordered = *exploration.runs.front();
  if (ordered.stopped != StopReason::None || ordered.interrupted) return;
  std::vector<const ScheduleRun *> others;
  for (size_t k = 1; k < exploration.runs.size(); ++k)
    if (exploration.runs[k]->stopped == StopReason::None && !exploration.runs[k]->interrupted)
      others.push_back(exploration.runs[k].get());
  const bool floatAtomics = hasFloatAtomics(request.module->module());
  auto comparison = [&](const ScheduleRun &first, uint32_t differing) {
    return ScheduleComparison{ordered.schedule.name(), first.schedule.name(), differing,
                              static_cast<uint32_t>(others.size()), floatAtomics};
  };
  size_t output = 0;
  for (const BufferSpec &buffer : request.spec->buffers) {
    if (!isCompared(buffer)) continue;
    reportFirstDifference(
        others,
        [&](const ScheduleRun &run) {
          return compareBuffers(buffer.type, buffer.count, ordered.outputs[output],
                                run.outputs[output]);
        },
        [&](const BufferDifference &d, const ScheduleRun &run, uint32_t differing) {
          exploration.findings.report(
              bufferDifferenceFinding(buffer.name, buffer.type, d, comparison(run, differing)));
        });
    ++output;
  }
  output = 0;
  for (const ImageSpec &image : request.spec->images) {
    if (!isCompared(image)) continue;
    reportFirstDifference(
        others,
        [&](const ScheduleRun &run) {
          return compareImages(image, ordered.imageOutputs[output], run.imageOutputs[output]);
        },
        [&](const ImageDifference &d, const ScheduleRun &run, uint32_t differing) {
          exploration.findings.report(imageDifferenceFinding(image, d, comparison(run, differing)));
        });
    ++output;
  }
  reportFirstDifference(
      others, [&](const ScheduleRun &run) { return compareOutputs(ordered.printf, run.printf); },
      [&](const TextDifference &d, const ScheduleRun &run, uint32_t differing) {
        exploration.findings.report(outputDifferenceFinding(d, comparison(run, differing)));
      });
}

} // namespace

std::unique_ptr<Exploration> exploreSchedules(const ExplorationRequest &request) {
  auto exploration = std::make_unique<Exploration>();
  for (uint32_t k = 0; k < std::max(request.runs, 1u); ++k) {
    auto run = std::make_unique<ScheduleRun>();
    if (k > 0) {
      run->schedule.order = Schedule::Order::Shuffle;
      run->schedule.seed = request.baseSeed + k;
      run->schedule.chooseWarpWidth = !request.warpWidthGiven;
    }
    exploration->runs.push_back(std::move(run));
  }
  uint32_t parallel =
      request.parallel ? request.parallel : std::max(1u, std::thread::hardware_concurrency());
  parallel = std::min<uint32_t>(parallel, static_cast<uint32_t>(exploration->runs.size()));
  std::atomic<size_t> next{0};
  std::exception_ptr failure;
  std::mutex failureMutex;
  auto worker = [&] {
    for (size_t k; (k = next.fetch_add(1)) < exploration->runs.size();) {
      ScheduleRun &run = *exploration->runs[k];
      if (request.stop && request.stop()) {
        run.interrupted = true;
        continue;
      }
      try {
        runSchedule(request, run);
      } catch (...) {
        std::lock_guard lock(failureMutex);
        if (!failure) failure = std::current_exception();
        next.store(exploration->runs.size());
      }
      // Only the ordered run's buffers are dumped; the others keep their outputs only.
      if (k > 0) run.buffers.reset(), run.memory.reset();
    }
  };
  std::vector<std::jthread> threads;
  for (uint32_t t = 1; t < parallel; ++t) threads.emplace_back(worker);
  worker();
  threads.clear(); // joins
  if (failure) std::rethrow_exception(failure);
  mergeFindings(*exploration, request.exec.warpWidth);
  compareRuns(request, *exploration);
  return exploration;
}

} // namespace spvsim::cli
