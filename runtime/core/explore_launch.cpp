// Exploring a launch's schedules (explore_launch.h): the arguments' bytes saved before
// the launch, the runs, and the comparison of each shuffle with the ordered run.
#include "core/explore_launch.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <span>
#include <string>

#include "core/config.h"
#include "spvsim/runfile/schedule_difference.h"

namespace spvsim::runtime {

namespace {

/// A buffer or image argument of an explored launch: what it held before the launch and
/// after the ordered run, and how the shuffles' results differ from the latter.
struct ExploredArgument {
  BufferId buffer = 0;
  std::string name; ///< the kernel's parameter
  runfile::ElementType type{runfile::ScalarType::UChar, 1};
  const ImageDescription *image = nullptr; ///< an image argument
  std::vector<std::byte> before, ordered;
  /// Which bytes were written (the uninitialized-value check's), before the launch and
  /// after the ordered run: empty when every byte counts as written.
  std::vector<uint8_t> definedBefore, definedOrdered;
  std::optional<runfile::BufferDifference> first; ///< the first shuffle's that differs
  std::string firstSchedule;
  uint32_t differing = 0; ///< shuffles whose result differs
  /// A program-scope variable: restored before each run, not compared (the program sees
  /// it only through later launches, which are).
  bool programScope = false;
};

/// The element type a buffer parameter points to as the source declares it ("float4"
/// for `global float4 *`); bytes (uchar) when the module does not say or it is not a
/// scalar or vector type.
runfile::ElementType exploredElementType(const LaunchCommand &launch, size_t index) {
  const runfile::ElementType bytes{runfile::ScalarType::UChar, 1};
  const KernelDetails &details = launch.executable->details(launch.signature.name);
  if (index >= details.argTypeNames.size()) return bytes;
  std::string type = details.argTypeNames[index];
  if (type.empty() || type.back() != '*') return bytes;
  type.pop_back();
  return runfile::parseElementType(type).value_or(bytes);
}

/// Which bytes of a buffer were written (the uninitialized-value check's shadow, one byte
/// each, memory/defined_shadow.h): empty when every byte counts as written.
std::vector<uint8_t> savedDefinedness(const GlobalMemory &memory, BufferId buffer) {
  const std::vector<BufferView> views = memory.snapshot();
  if (buffer >= views.size() || !views[buffer].shadow) return {};
  const uint8_t *from = views[buffer].shadow;
  return std::vector<uint8_t>(from, from + views[buffer].info.size);
}

/// The arguments the launch may write, each buffer once: its buffers (sub-buffers
/// included) and images, and the kernel's program-scope variables, with the bytes they
/// hold now. Released buffers have none.
std::vector<ExploredArgument> saveExploredArguments(const LaunchCommand &launch,
                                                    const std::vector<ArgBinding> &bindings,
                                                    GlobalMemory &memory,
                                                    const ExecOptions &options) {
  std::vector<ExploredArgument> arguments;
  for (size_t i = 0; i < bindings.size(); ++i) {
    const ArgBinding &b = bindings[i];
    if (b.kind != ArgBinding::Kind::Buffer && b.kind != ArgBinding::Kind::Image) continue;
    if (!b.buffer || memory.info(b.buffer).released) continue;
    if (std::any_of(arguments.begin(), arguments.end(),
                    [&](const ExploredArgument &a) { return a.buffer == b.buffer; }))
      continue;
    ExploredArgument a;
    a.buffer = b.buffer;
    a.name = parameterName(launch.signature.params[i].name, i);
    if (b.kind == ArgBinding::Kind::Image)
      a.image = &b.image;
    else
      a.type = exploredElementType(launch, i);
    const std::span<const std::byte> bytes = memory.bytes(b.buffer);
    a.before.assign(bytes.begin(), bytes.end());
    a.definedBefore = savedDefinedness(memory, b.buffer);
    arguments.push_back(std::move(a));
  }
  // The kernel's program-scope variables keep their values across launches: each run
  // starts from what they held before the launch, as `spvsim run --explore`'s runs do.
  for (BufferId id : programScopeBuffers(launch.executable->module(), launch.signature.name,
                                         launch.executable->specConstants(), memory, options)) {
    if (memory.info(id).access == BufferAccess::ReadOnly) continue; // __constant
    ExploredArgument a;
    a.buffer = id;
    a.name = memory.info(id).name;
    a.programScope = true;
    const std::span<const std::byte> bytes = memory.bytes(id);
    a.before.assign(bytes.begin(), bytes.end());
    a.definedBefore = savedDefinedness(memory, id);
    arguments.push_back(std::move(a));
  }
  return arguments;
}

void restoreExploredBytes(GlobalMemory &memory, BufferId buffer,
                          const std::vector<std::byte> &bytes,
                          const std::vector<uint8_t> &definedness) {
  const std::span<std::byte> to = memory.bytes(buffer);
  std::copy_n(bytes.begin(), std::min(bytes.size(), to.size()), to.begin());
  if (definedness.empty()) return;
  // A launch only defines bytes: the shadow saved before it is still the buffer's.
  const std::vector<BufferView> views = memory.snapshot();
  if (buffer < views.size() && views[buffer].shadow &&
      views[buffer].info.size == definedness.size())
    std::copy(definedness.begin(), definedness.end(), views[buffer].shadow);
}

/// Puts the ordered run's results back when the exploration ends, however it ends.
struct OrderedResultsRestorer {
  GlobalMemory &memory;
  std::vector<ExploredArgument> &arguments;
  bool armed = false;
  ~OrderedResultsRestorer() {
    if (armed)
      for (const ExploredArgument &a : arguments)
        restoreExploredBytes(memory, a.buffer, a.ordered, a.definedOrdered);
  }
};

/// "(x, y, z)" of the texel that holds byte `offset` of an image, as far as the image
/// has those dimensions.
std::string exploredTexelText(const ImageDescription &image, uint64_t offset) {
  const uint64_t texel = std::max<uint32_t>(texelBytes(image.format), 1);
  const uint64_t row = image.rowPitch ? image.rowPitch : image.width * texel;
  const uint64_t slice = image.slicePitch ? image.slicePitch : row * image.height;
  const uint64_t z = offset / slice, y = offset % slice / row, x = offset % row / texel;
  std::string text = "(" + std::to_string(x);
  if (image.height > 1 || image.depth > 1 || image.arraySize > 1) text += ", " + std::to_string(y);
  if (image.depth > 1 || image.arraySize > 1) text += ", " + std::to_string(z);
  return text + ")";
}

/// Which launch a finding of the exploration is about, and how to replay it.
void addExploredLaunchNotes(Finding &f, const LaunchCommand &launch) {
  f.kernel = launch.signature.name;
  f.notes.push_back("in the launch of kernel '" + launch.signature.name +
                    "' that was NDRange command #" + std::to_string(launch.enqueueIndex) +
                    " the program enqueued");
  f.notes.push_back("to replay a schedule, capture the launch (spvsim exec --capture DIR) and run "
                    "its run file with spvsim run --threads 1 --schedule SCHEDULE");
}

} // namespace

LaunchStats exploreLaunch(const LaunchCommand &launch, const std::vector<ArgBinding> &bindings,
                          GlobalMemory &memory, FindingSink &findings, ExecOptions options) {
  const Config &config = Config::get();
  const ValidatedModule &module = launch.executable->module();
  const std::string &kernel = launch.signature.name;
  std::vector<ExploredArgument> arguments =
      saveExploredArguments(launch, bindings, memory, options);

  // The ordered run: the one the program sees, its printf output on standard output.
  options.threads = 1; // one thread: the schedule alone decides the order, so a run replays
  options.schedule = Schedule{};
  std::string orderedPrintf;
  options.printfSink = [&orderedPrintf](std::string_view text) {
    orderedPrintf.append(text);
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
  };
  const LaunchStats stats =
      launchKernel(module, kernel, launch.range, bindings, launch.executable->specConstants(),
                   memory, findings, options);
  if (stats.stopped != StopReason::None) return stats;
  for (ExploredArgument &a : arguments) {
    const std::span<const std::byte> bytes = memory.bytes(a.buffer);
    a.ordered.assign(bytes.begin(), bytes.end());
    a.definedOrdered = savedDefinedness(memory, a.buffer);
  }
  OrderedResultsRestorer restorer{memory, arguments, true};

  // The shuffles, each from the bytes the arguments held before the launch.
  std::optional<runfile::TextDifference> printfDifference;
  std::string printfSchedule;
  uint32_t printfDiffering = 0, compared = 0;
  options.profile = nullptr;
  options.progress = nullptr;
  for (uint32_t k = 1; k < config.explore; ++k) {
    if (options.cancel && options.cancel->load()) break;
    for (const ExploredArgument &a : arguments)
      restoreExploredBytes(memory, a.buffer, a.before, a.definedBefore);
    Schedule schedule;
    schedule.order = Schedule::Order::Shuffle;
    schedule.seed = config.exploreSeed + k;
    schedule.chooseWarpWidth = !config.warpWidthGiven;
    options.schedule = schedule;
    std::string printf;
    options.printfSink = [&printf](std::string_view text) { printf.append(text); };
    FindingSink shuffleFindings;
    const LaunchStats shuffle =
        launchKernel(module, kernel, launch.range, bindings, launch.executable->specConstants(),
                     memory, shuffleFindings, options);
    for (const Finding &f : shuffleFindings.findings())
      if (!findings.contains(f)) findings.report(f);
    if (shuffle.stopped != StopReason::None) continue; // its stop is reported; no result
    ++compared;
    for (ExploredArgument &a : arguments) {
      if (a.programScope) continue;
      const std::span<const std::byte> bytes = memory.bytes(a.buffer);
      const uint64_t count = a.ordered.size() / a.type.size();
      std::optional<runfile::BufferDifference> d =
          runfile::compareBuffers(a.type, count, a.ordered, bytes);
      if (!d) continue;
      if (a.differing++ == 0)
        a.first = std::move(d), a.firstSchedule = schedule.name();
      else
        a.first->onlyRounding = a.first->onlyRounding && d->onlyRounding;
    }
    if (std::optional<runfile::TextDifference> d = runfile::compareOutputs(orderedPrintf, printf))
      if (printfDiffering++ == 0) printfDifference = std::move(d), printfSchedule = schedule.name();
  }

  const bool floatAtomics = runfile::hasFloatAtomics(module.module());
  const std::string ordered = Schedule{}.name();
  for (const ExploredArgument &a : arguments) {
    if (!a.first) continue;
    Finding f = runfile::bufferDifferenceFinding(
        a.name, a.type, *a.first, {ordered, a.firstSchedule, a.differing, compared, floatAtomics});
    if (a.image) {
      // Compared byte by byte: the message names the first byte that differs and its texel.
      const uint64_t byte = a.first->firstElement;
      auto replace = [&f](const std::string &from, const std::string &to) {
        if (const size_t at = f.message.find(from); at != std::string::npos)
          f.message.replace(at, from.size(), to);
      };
      replace("buffer '", "image '");
      replace(a.name + "[" + std::to_string(byte) + "]",
              "byte " + std::to_string(byte) + " (texel " + exploredTexelText(*a.image, byte) +
                  ")");
      replace(" elements differ)", " bytes differ)");
      replace(" element differs)", " byte differs)");
      f.elementType.clear();
      f.elementSize = 0;
    }
    addExploredLaunchNotes(f, launch);
    findings.report(std::move(f));
  }
  if (printfDifference) {
    Finding f = runfile::outputDifferenceFinding(
        *printfDifference, {ordered, printfSchedule, printfDiffering, compared, floatAtomics});
    addExploredLaunchNotes(f, launch);
    findings.report(std::move(f));
  }
  return stats;
}

} // namespace spvsim::runtime
