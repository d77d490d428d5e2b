// `spvsim validate`: loads each module (OpenCL C compiled as `run` compiles it),
// validates it against a device (spvsim's own by default, or a --target-env narrowed
// by the other options) and prints
// the findings as text (on standard error, each file's verdict on standard output) or
// JSON (standard output). Exit status 0 when every file is valid
// (warnings allowed), 2 when any file is invalid or cannot be loaded.
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "opencl_module.h"
#include "spvsim/common/error.h"
#include "spvsim/validator/loader.h"
#include "spvsim/validator/validator.h"

namespace spvsim::cli {

namespace {

struct ValidateArguments {
  std::string targetEnv;
  std::string profile;
  uint32_t addressBits = 0;
  std::vector<std::string> extensions;
  bool noImages = false;
  bool pipes = false;
  bool deviceEnqueue = false;
  bool strict = false;
  std::string format = "text";
  std::vector<std::string> files;
};

DeviceDescription deviceFor(const ValidateArguments &args, bool extensionsGiven) {
  DeviceDescription device = DeviceDescription::spvsim();
  if (!args.targetEnv.empty()) device = *DeviceDescription::fromTargetEnv(args.targetEnv);
  if (!args.profile.empty()) {
    device.profile = args.profile == "embedded" ? Profile::Embedded : Profile::Full;
    if (device.profile == Profile::Embedded) device.extensions.insert("cles_khr_int64");
  }
  if (args.addressBits) device.addressBits = args.addressBits;
  if (extensionsGiven) {
    device.extensions.clear();
    for (const std::string &e : args.extensions)
      if (e != "none" && !e.empty()) device.extensions.insert(e);
  }
  if (args.noImages) device.images = false;
  if (args.pipes) device.pipes = true;
  if (args.deviceEnqueue) device.deviceEnqueue = true;
  return device;
}

std::string counted(size_t n, const char *noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

int runValidate(const ValidateArguments &args, bool extensionsGiven) {
  const DeviceDescription device = deviceFor(args, extensionsGiven);
  ValidationOptions options;
  options.strict = args.strict;
  const bool json = args.format == "json";
  nlohmann::json report = {{"files", nlohmann::json::array()}};
  bool allValid = true;

  for (const std::string &file : args.files) {
    nlohmann::json entry = {{"file", file}};
    try {
      const ValidationResult result =
          validate(loadModuleFile(file, "", std::filesystem::current_path(), "--build-options"),
                   device, options);
      size_t errors = 0, warnings = 0;
      auto findings = nlohmann::json::array();
      for (const Finding &f : result.findings) {
        (f.severity == Severity::Error ? errors : warnings) += 1;
        if (json)
          findings.push_back(toJson(f));
        else
          std::cerr << file << ": " << formatText(f);
      }
      allValid = allValid && result.ok();
      entry["valid"] = result.ok();
      entry["findings"] = std::move(findings);
      if (!json)
        std::cout << file << ": "
                  << (result.ok() ? "valid (" + counted(warnings, "warning") + ")"
                                  : "invalid (" + counted(errors, "error") + ")")
                  << "\n";
    } catch (const Error &e) {
      allValid = false;
      entry["valid"] = false;
      entry["error"] = e.what();
      entry["findings"] = nlohmann::json::array();
      std::cerr << "spvsim: " << e.what() << "\n";
    }
    report["files"].push_back(std::move(entry));
  }
  if (json) std::cout << report.dump(2) << "\n";
  return allValid ? kClean : kBadInput;
}

} // namespace

void addValidateCommand(CLI::App &app, int &exitStatus) {
  auto args = std::make_shared<ValidateArguments>();
  CLI::App *cmd = app.add_subcommand(
      "validate", "Check SPIR-V modules against the OpenCL SPIR-V environment of a device");
  cmd->add_option("--target-env", args->targetEnv, "Device to validate for (default: spvsim's own)")
      ->check(CLI::IsMember(
          {"opencl1.2", "opencl1.2embedded", "opencl2.0", "opencl2.1", "opencl2.2", "opencl3.0"}));
  cmd->add_option("--profile", args->profile, "OpenCL profile of the device")
      ->check(CLI::IsMember({"full", "embedded"}));
  cmd->add_option("--address-bits", args->addressBits, "CL_DEVICE_ADDRESS_BITS of the device")
      ->check(CLI::IsMember({32, 64}));
  CLI::Option *extensions =
      cmd->add_option("--extensions", args->extensions,
                      "Comma-separated OpenCL extensions of the device, or none")
          ->delimiter(',')
          ->check(
              [](const std::string &name) -> std::string {
                // A misspelt name would silently describe a device without the extension.
                if (name == "none" || DeviceDescription::isKnownExtension(name)) return "";
                std::string known;
                for (std::string_view e : DeviceDescription::knownExtensions())
                  known += (known.empty() ? "" : ", ") + std::string(e);
                return "unknown OpenCL extension '" + name + "' (known: " + known + ")";
              },
              "OpenCL extension name");
  cmd->add_flag("--no-images", args->noImages, "The device has no image support");
  cmd->add_flag("--pipes", args->pipes,
                "The device has pipes (CL_DEVICE_PIPE_SUPPORT; optional on OpenCL 3.0, which "
                "spvsim's device does not have)");
  cmd->add_flag("--device-enqueue", args->deviceEnqueue,
                "The device has device-side enqueue (CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES; "
                "optional on OpenCL 3.0, which spvsim's device does not have)");
  cmd->add_flag("--strict", args->strict,
                "Also reject what real producers emit and implementations accept");
  cmd->add_option("--format", args->format, "Output format")
      ->check(CLI::IsMember({"text", "json"}));
  cmd->add_option("FILE", args->files, ".spv or .spvasm modules")->required();
  cmd->callback([args, extensions, &exitStatus] {
    exitStatus = runValidate(*args, extensions->count() > 0);
  });
}

} // namespace spvsim::cli
