// Spec-tests of the OpenCL SPIR-V environment rules: every module in
// spec-tests/validator/ is validated for each target environment its header
// names, and the findings must match its expectations. The header is a block
// of comment lines at the top of the .spvasm file:
//
//   ; OpenCL-Env §4 atomics: 64-bit atomics need cl_khr_int64_base_atomics
//   ; targets: opencl1.2 opencl2.0 opencl3.0      (default: opencl3.0)
//   ; options: --extensions none --address-bits 32 --no-images --profile embedded --strict
//   ; options: --pipes --device-enqueue              (OpenCL 3.0's optional features)
//   ; spirv: 1.3                                   (the module's version word)
//   ; expect: valid
//   ; expect opencl1.2: error validation.atomics "cl_khr_int64_base_atomics"
//   ; expect opencl2.0: warning validation.atomics "Workgroup"
//
// "expect <target>:" overrides "expect:" for that target. An error
// expectation requires an error of that kind whose message contains the
// quoted text, and the module to be invalid; a warning expectation requires
// such a warning and the module to be valid; "valid" requires no error at all.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "spvsim/common/finding.h"
#include "spvsim/validator/loader.h"
#include "spvsim/validator/validator.h"

namespace spvsim {
namespace {

struct Expectation {
  std::string severity = "valid"; ///< valid, warning or error
  std::string kind;
  std::string text;
};

struct SpecModule {
  std::string path;
  std::string text;
  std::string section; ///< the first header line
  std::vector<std::string> targets{"opencl3.0"};
  std::vector<std::string> options;
  std::string spirvVersion;
  Expectation expect;
  std::map<std::string, Expectation> perTarget;
};

Expectation parseExpectation(const std::string &s, const std::string &path) {
  Expectation e;
  std::istringstream in(s);
  in >> e.severity;
  if (e.severity == "valid") return e;
  if (e.severity != "error" && e.severity != "warning")
    throw std::runtime_error(path + ": bad expectation '" + s + "'");
  in >> e.kind;
  std::string rest;
  std::getline(in, rest);
  const size_t open = rest.find('"'), close = rest.rfind('"');
  if (open != std::string::npos && close > open) e.text = rest.substr(open + 1, close - open - 1);
  return e;
}

SpecModule parse(const std::filesystem::path &path) {
  SpecModule m;
  m.path = path.string();
  std::ifstream file(path);
  std::stringstream buffer;
  buffer << file.rdbuf();
  m.text = buffer.str();
  std::istringstream lines(m.text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty()) continue;
    if (line[0] != ';') break;
    std::string body = line.substr(1);
    body.erase(0, body.find_first_not_of(' '));
    if (m.section.empty()) {
      m.section = body;
      continue;
    }
    const size_t colon = body.find(':');
    if (colon == std::string::npos) continue;
    std::string key = body.substr(0, colon), value = body.substr(colon + 1);
    value.erase(0, value.find_first_not_of(' '));
    std::istringstream words(value);
    if (key == "targets") {
      m.targets.clear();
      for (std::string w; words >> w;) m.targets.push_back(w);
    } else if (key == "options") {
      for (std::string w; words >> w;) m.options.push_back(w);
    } else if (key == "spirv") {
      m.spirvVersion = value;
    } else if (key == "expect") {
      m.expect = parseExpectation(value, m.path);
    } else if (key.starts_with("expect ")) {
      m.perTarget[key.substr(7)] = parseExpectation(value, m.path);
    }
  }
  return m;
}

/// The device of a target environment narrowed by the header's options, as
/// `spvsim validate` narrows it.
DeviceDescription deviceFor(const std::string &target, const std::vector<std::string> &options,
                            ValidationOptions &validation) {
  auto device = DeviceDescription::fromTargetEnv(target);
  if (!device) throw std::runtime_error("unknown target " + target);
  for (size_t i = 0; i < options.size(); ++i) {
    const std::string &o = options[i];
    const std::string value = i + 1 < options.size() ? options[i + 1] : "";
    if (o == "--strict") {
      validation.strict = true;
    } else if (o == "--no-images") {
      device->images = false;
    } else if (o == "--pipes") {
      device->pipes = true;
    } else if (o == "--device-enqueue") {
      device->deviceEnqueue = true;
    } else if (o == "--address-bits") {
      device->addressBits = static_cast<uint32_t>(std::stoul(value)), ++i;
    } else if (o == "--profile") {
      device->profile = value == "embedded" ? Profile::Embedded : Profile::Full, ++i;
      if (device->profile == Profile::Embedded) device->extensions.insert("cles_khr_int64");
    } else if (o == "--extensions") {
      device->extensions.clear();
      std::istringstream list(value);
      for (std::string e; std::getline(list, e, ',');)
        if (e != "none" && !e.empty()) device->extensions.insert(e);
      ++i;
    } else {
      throw std::runtime_error("unknown option " + o);
    }
  }
  return *device;
}

std::shared_ptr<const Module> load(const SpecModule &m) {
  auto module = loadAssembly(m.text, m.path);
  if (m.spirvVersion.empty()) return module;
  // Rebuild with the version word the header asks for.
  std::vector<uint32_t> words(module->words().begin(), module->words().end());
  const size_t dot = m.spirvVersion.find('.');
  const uint32_t major = std::stoul(m.spirvVersion.substr(0, dot));
  const uint32_t minor = std::stoul(m.spirvVersion.substr(dot + 1));
  words[1] = (major << 16) | (minor << 8);
  return loadBinary(words, m.path);
}

std::string describe(const std::vector<Finding> &findings) {
  std::string s;
  for (const Finding &f : findings) s += "  " + formatText(f);
  return s.empty() ? "  (no findings)\n" : s;
}

struct Case {
  std::string file;
  std::string target;
};

std::vector<Case> allCases() {
  std::vector<Case> cases;
  std::vector<std::filesystem::path> files;
  const std::filesystem::path dir = "validator";
  if (std::filesystem::exists(dir))
    for (const auto &entry : std::filesystem::directory_iterator(dir))
      if (entry.path().extension() == ".spvasm") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const auto &f : files)
    for (const std::string &t : parse(f).targets) cases.push_back({f.string(), t});
  return cases;
}

class EnvironmentRule : public testing::TestWithParam<Case> {};

TEST_P(EnvironmentRule, FindingsMatchTheHeader) {
  const SpecModule m = parse(GetParam().file);
  const std::string &target = GetParam().target;
  SCOPED_TRACE(m.path + " for " + target + " — " + m.section);
  ValidationOptions options;
  const DeviceDescription device = deviceFor(target, m.options, options);
  const ValidationResult result = validate(load(m), device, options);
  const auto found = m.perTarget.find(target);
  const Expectation &e = found != m.perTarget.end() ? found->second : m.expect;
  if (e.severity == "valid") {
    EXPECT_TRUE(result.ok()) << "expected valid; findings:\n" << describe(result.findings);
    return;
  }
  const Severity wanted = e.severity == "error" ? Severity::Error : Severity::Warning;
  const bool matched =
      std::any_of(result.findings.begin(), result.findings.end(), [&](const Finding &f) {
        return f.severity == wanted && f.kind == e.kind &&
               f.message.find(e.text) != std::string::npos;
      });
  EXPECT_TRUE(matched) << "expected " << e.severity << " " << e.kind << " \"" << e.text
                       << "\"; findings:\n"
                       << describe(result.findings);
  EXPECT_EQ(result.ok(), wanted == Severity::Warning) << describe(result.findings);
}

std::string caseName(const testing::TestParamInfo<Case> &info) {
  std::string name =
      std::filesystem::path(info.param.file).stem().string() + "_" + info.param.target;
  for (char &c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(OpenCLEnv, EnvironmentRule, testing::ValuesIn(allCases()), caseName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(EnvironmentRule);

} // namespace
} // namespace spvsim
