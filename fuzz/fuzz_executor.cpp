// Fuzz target: the executor. A (mutated) module that passes validation has each
// of its first kernels run on a small NDRange with arguments made up from its
// signature, under an instruction budget, a deadline and a memory cap: the run
// may report any finding or refuse with a spvsim::Error, never crash, hang or
// touch memory outside its buffers (ASan watches).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "fuzz_support.h"
#include "spvsim/common/error.h"
#include "spvsim/interpreter/kernel_signature.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/validator/device.h"
#include "spvsim/validator/loader.h"
#include "spvsim/validator/validator.h"

namespace {

using namespace spvsim;

/// Bytes of each buffer a kernel gets, and of each __local argument.
constexpr uint64_t kBufferBytes = 1024;

void runKernel(const ValidatedModule &module, const KernelSignature &kernel, uint32_t variant) {
  GlobalMemory memory(uint64_t(16) << 20);
  std::vector<ArgBinding> args;
  for (size_t i = 0; i < kernel.params.size(); ++i) {
    const KernelParam &p = kernel.params[i];
    switch (p.kind) {
    case ParamKind::GlobalBuffer:
    case ParamKind::ConstantBuffer: {
      BufferId id = memory.create(kBufferBytes, "arg" + std::to_string(i));
      auto bytes = memory.bytes(id);
      for (size_t b = 0; b < bytes.size(); ++b) bytes[b] = std::byte(b * 7 + i);
      args.push_back(ArgBinding::ofBuffer(id));
      break;
    }
    case ParamKind::LocalBuffer:
      args.push_back(ArgBinding::ofLocal(kBufferBytes));
      break;
    case ParamKind::Value:
    case ParamKind::ByValStruct: {
      // Small values: sizes, indices and counts stay in range most of the time.
      std::vector<std::byte> bytes(p.size);
      if (!bytes.empty()) bytes[0] = std::byte(3 + i);
      args.push_back(ArgBinding::ofBytes(std::move(bytes)));
      break;
    }
    case ParamKind::Image:
    case ParamKind::Sampler:
    case ParamKind::Unsupported:
      return;
    }
  }
  NDRange range;
  if (kernel.requiredLocalSize) {
    const auto &r = *kernel.requiredLocalSize;
    if (uint64_t(r[0]) * r[1] * r[2] > 64) return;
    range.dims = 3;
    range.global = {r[0] * 2ull, r[1], r[2]};
    range.local = std::array<uint64_t, 3>{r[0], r[1], r[2]};
  } else {
    range.global = {16, 1, 1};
    range.local = std::array<uint64_t, 3>{8, 1, 1};
  }
  ExecOptions options;
  options.warpWidth = variant % 2 ? 4 : 32;
  options.threads = 1;
  options.maxInstructions = 1 << 20;
  options.timeoutSeconds = 2;
  options.printfBufferSize = 1 << 16;
  options.printfSink = [](std::string_view) {};
  FindingSink sink;
  launchKernel(module, kernel.name, range, args, {}, memory, sink, options);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  try {
    auto loaded =
        loadBinaryBytes(std::span(reinterpret_cast<const std::byte *>(data), size), "fuzz.spv");
    ValidationResult validation = validate(std::move(loaded), DeviceDescription::spvsim());
    if (!validation.ok()) return 0;
    const std::vector<KernelSignature> kernels = kernelSignatures(*validation.module);
    for (size_t k = 0; k < kernels.size() && k < 2; ++k) {
      try {
        runKernel(*validation.module, kernels[k], static_cast<uint32_t>(size));
      } catch (const Error &) {
      } catch (const Unsupported &) {
      } catch (const std::exception &e) {
        spvsim::fuzz::internalError(e);
      }
    }
  } catch (const Error &) {
  } catch (const Unsupported &) {
  } catch (const std::exception &e) {
    spvsim::fuzz::internalError(e);
  }
  return 0;
}
