// Fuzz target: the .spvasm reader (assembly, then the module view) and the
// validator on what it reads.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.h"
#include "spvsim/common/error.h"
#include "spvsim/validator/device.h"
#include "spvsim/validator/loader.h"
#include "spvsim/validator/validator.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace spvsim;
  try {
    auto module =
        loadAssembly(std::string_view(reinterpret_cast<const char *>(data), size), "fuzz.spvasm");
    ValidationResult result = validate(std::move(module), DeviceDescription::spvsim());
    (void)result.ok();
  } catch (const Error &) {
  } catch (const Unsupported &) {
  } catch (const std::exception &e) {
    spvsim::fuzz::internalError(e);
  }
  return 0;
}
