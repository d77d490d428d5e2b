// Validator: checks a Module against a DeviceDescription — SPIRV-Tools'
// structural validation in the matching environment plus spvsim's own
// OpenCL SPIR-V environment rules (rules_<family>.cpp). Only a module that
// passes becomes a ValidatedModule, the one type the interpreter accepts.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "spvsim/common/finding.h"
#include "spvsim/validator/device.h"
#include "spvsim/validator/module.h"

namespace spvsim {

struct ValidationOptions {
  /// Report what real producers emit and real implementations accept as errors.
  bool strict = false;
  /// The values, by SpecId, the module will be specialised with (a run's
  /// spec constants); the others are checked with their default values.
  std::map<uint32_t, uint64_t> specConstants;
};

/// A module that passed validation for a device. Only validate() makes one.
class ValidatedModule {
public:
  const Module &module() const { return *module_; }
  const DeviceDescription &device() const { return device_; }
  std::shared_ptr<const Module> shared() const { return module_; }

private:
  friend struct ValidationResult validate(std::shared_ptr<const Module>, const DeviceDescription &,
                                          const ValidationOptions &);
  friend ValidatedModule validatedBefore(std::shared_ptr<const Module>, const DeviceDescription &);
  ValidatedModule(std::shared_ptr<const Module> m, DeviceDescription d)
      : module_(std::move(m)), device_(std::move(d)) {}
  std::shared_ptr<const Module> module_;
  DeviceDescription device_;
};

struct ValidationResult {
  std::optional<ValidatedModule> module; ///< set when no error was found
  std::vector<Finding> findings;         ///< errors and warnings, kind validation.<rule>
  bool ok() const { return module.has_value(); }
};

ValidationResult validate(std::shared_ptr<const Module> module, const DeviceDescription &device,
                          const ValidationOptions &options = {});

/// A module that validate() passed before, for the same device and options, in a build of
/// spvsim with the same code: the caller vouches for that (a cache keyed by all of it, the
/// module's words included), and the rules are not run again.
ValidatedModule validatedBefore(std::shared_ptr<const Module> module,
                                const DeviceDescription &device);

} // namespace spvsim
