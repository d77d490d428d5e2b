// frontend_compile: compiles OpenCL C files with spvsim's front end, as the runtime does
// for clBuildProgram, and writes the SPIR-V modules (for the tests that build every
// kernel of the project through it).
//   frontend_compile <file.cl> <out.spv> [options]
//   frontend_compile <file.cl> --each <out.spv> [options] [-- <out2.spv> [options]]...
// Options: -O0|-O2, -g, -cl-std=X, 32 (a 32-bit device), --spirv-max-version=1.N, and
// any other build option. The second form builds one source several ways in one process
// (the libraries the front end links take longer to load than a small kernel to build).
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "spvsim/frontend/frontend.h"

namespace {

struct Build {
  std::string output;
  std::vector<std::string> options;
};

// Builds `source` as `build` says; false (with the build log on standard error) when
// it fails.
bool compileOne(const std::string &source, const Build &build) {
  spvsim::frontend::CompileInput input;
  input.source = source;
  spvsim::frontend::DeviceFacts device;
  for (const std::string &arg : build.options) {
    if (arg == "-O0")
      input.optimize = false;
    else if (arg == "-O2")
      input.optimize = true;
    else if (arg == "-g")
      input.debugInfo = true;
    else if (arg.rfind("-cl-std=", 0) == 0)
      input.clStd = arg.substr(8);
    else if (arg == "32")
      device.addressBits = 32;
    else if (arg.rfind("--spirv-max-version=1.", 0) == 0)
      input.maxSpirvVersion = 0x00010000u | (std::stoul(arg.substr(22)) << 8);
    else
      input.options.push_back(arg);
  }
  spvsim::frontend::CompileResult result = spvsim::frontend::compile(input, device);
  std::cerr << result.log;
  if (!result.ok) {
    std::cerr << "frontend_compile: building " << build.output << " failed\n";
    return false;
  }
  std::ofstream out(build.output, std::ios::binary);
  out.write(reinterpret_cast<const char *>(result.spirv.data()),
            static_cast<std::streamsize>(result.spirv.size() * 4));
  if (!out) {
    std::cerr << "frontend_compile: cannot write " << build.output << "\n";
    return false;
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 3) {
    std::cerr << "usage: frontend_compile <file.cl> <out.spv> [options]\n"
                 "       frontend_compile <file.cl> --each <out.spv> [options] "
                 "[-- <out.spv> [options]]...\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::cerr << "frontend_compile: cannot read " << argv[1] << "\n";
    return 2;
  }
  const std::string source{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};

  std::vector<Build> builds;
  if (std::string(argv[2]) == "--each") {
    bool startBuild = true;
    for (int i = 3; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--") {
        startBuild = true;
      } else if (startBuild) {
        builds.push_back({arg, {}});
        startBuild = false;
      } else {
        builds.back().options.push_back(arg);
      }
    }
    if (builds.empty()) {
      std::cerr << "frontend_compile: --each names no output\n";
      return 2;
    }
  } else {
    builds.push_back({argv[2], std::vector<std::string>(argv + 3, argv + argc)});
  }
  bool ok = true;
  for (const Build &build : builds) ok = compileOne(source, build) && ok;
  return ok ? 0 : 1;
}
