// Fuzz target: the loader and the validator on raw bytes. Any input must end in
// a module, a validation result or a spvsim::Error — never a crash, a hang, a
// sanitizer report or another exception.
#include <cstddef>
#include <cstdint>
#include <span>

#include "fuzz_support.h"
#include "spvsim/common/error.h"
#include "spvsim/validator/device.h"
#include "spvsim/validator/loader.h"
#include "spvsim/validator/validator.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace spvsim;
  try {
    auto module =
        loadBinaryBytes(std::span(reinterpret_cast<const std::byte *>(data), size), "fuzz.spv");
    // The last byte picks the device, so every environment's rules are reached.
    static const DeviceDescription devices[] = {
        DeviceDescription::spvsim(), *DeviceDescription::fromTargetEnv("opencl1.2"),
        *DeviceDescription::fromTargetEnv("opencl1.2embedded"),
        *DeviceDescription::fromTargetEnv("opencl2.0")};
    const DeviceDescription &device = devices[size ? data[size - 1] % 4 : 0];
    ValidationResult result = validate(std::move(module), device);
    (void)result.ok();
  } catch (const Error &) {
  } catch (const Unsupported &) {
  } catch (const std::exception &e) {
    spvsim::fuzz::internalError(e);
  }
  return 0;
}
