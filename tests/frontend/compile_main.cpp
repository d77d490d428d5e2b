// frontend_compile: compiles one OpenCL C file with spvsim's front end, as the runtime
// does for clBuildProgram, and writes the SPIR-V module (for the tests that build
// every kernel of the project through it).
//   frontend_compile <file.cl> <out.spv> [-O0|-O2] [-g] [-cl-std=..] [32]
//                    [--spirv-max-version=1.N] [other options]
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

#include "spvsim/frontend/frontend.h"

int main(int argc, char **argv) {
  if (argc < 3) {
    std::cerr << "usage: frontend_compile <file.cl> <out.spv> [-O0|-O2] [-g] [-cl-std=X] [32] "
                 "[options]\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::cerr << "frontend_compile: cannot read " << argv[1] << "\n";
    return 2;
  }
  spvsim::frontend::CompileInput input;
  input.source.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  spvsim::frontend::DeviceFacts device;
  for (int i = 3; i < argc; ++i) {
    const std::string arg = argv[i];
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
  if (!result.ok) return 1;
  std::ofstream out(argv[2], std::ios::binary);
  out.write(reinterpret_cast<const char *>(result.spirv.data()),
            static_cast<std::streamsize>(result.spirv.size() * 4));
  return out ? 0 : 1;
}
