// spvsim-kernel-compiler: compiles the test kernels, OpenCL C to SPIR-V, the way
// `clang-15 FLAGS -emit-llvm -o M.bc SOURCE` followed by `llvm-spirv-15 FLAGS M.bc -o M`
// does, byte for byte, but every module of a source in one process: the two tools'
// start-up (LLVM's option registry and clang's and the translator's libraries, about
// 0.1 s each) cost more than compiling a test kernel. Used by tests/compile_kernel.cmake;
// tests/kernel_compiler/CMakeLists.txt checks its modules against the tools'.
//
//   spvsim-kernel-compiler CLANG SOURCE (MODULE CLANG_FLAGS SPIRV_FLAGS)...
//
// CLANG is the clang-15 the tools' command would run (its installation has the OpenCL
// headers); each FLAGS one argument, '|' between the options. The translator's options
// are those of llvm-spirv-15's command line that the test builds use:
// --spirv-max-version=V and --spirv-allow-extra-diexpressions. Exit status 1 with a
// message naming the source and its options when a compile fails, 2 on bad usage.
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Driver/Compilation.h>
#include <clang/Driver/Driver.h>
#include <clang/Driver/Job.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/FrontendTool/Utils.h>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Host.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

#include <LLVMSPIRVLib.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace {

std::vector<std::string> splitList(const std::string &list) {
  std::vector<std::string> items;
  std::string item;
  for (char c : list) {
    if (c == '|') {
      if (!item.empty()) items.push_back(item);
      item.clear();
    } else {
      item += c;
    }
  }
  if (!item.empty()) items.push_back(item);
  return items;
}

/// clang's part: the driver's one compile job (the cc1 arguments the clang executable
/// would run in its own process), run in this one; writes `bitcode`.
bool compileToBitcode(const std::string &clang, const std::string &source,
                      const std::vector<std::string> &flags, const std::string &bitcode) {
  std::vector<std::string> args{clang};
  args.insert(args.end(), flags.begin(), flags.end());
  for (const char *a : {"-emit-llvm", "-o"}) args.emplace_back(a);
  args.push_back(bitcode);
  args.push_back(source);
  std::vector<const char *> argv;
  for (const std::string &a : args) argv.push_back(a.c_str());

  auto diagnosticOptions = llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>();
  clang::DiagnosticsEngine diagnostics(
      llvm::makeIntrusiveRefCnt<clang::DiagnosticIDs>(), diagnosticOptions,
      new clang::TextDiagnosticPrinter(llvm::errs(), diagnosticOptions.get()));
  clang::driver::Driver driver(clang, llvm::sys::getDefaultTargetTriple(), diagnostics);
  std::unique_ptr<clang::driver::Compilation> compilation(driver.BuildCompilation(argv));
  if (!compilation || compilation->containsError() || compilation->getJobs().size() != 1)
    return false;
  const auto *job = llvm::dyn_cast<clang::driver::Command>(&*compilation->getJobs().begin());
  if (!job || job->getArguments().empty() || llvm::StringRef(job->getArguments().front()) != "-cc1")
    return false;

  auto invocation = std::make_shared<clang::CompilerInvocation>();
  if (!clang::CompilerInvocation::CreateFromArgs(
          *invocation, llvm::ArrayRef<const char *>(job->getArguments()).drop_front(), diagnostics,
          argv[0]))
    return false;
  invocation->getFrontendOpts().DisableFree = false;
  clang::CompilerInstance compiler;
  compiler.setInvocation(std::move(invocation));
  compiler.createDiagnostics();
  return clang::ExecuteCompilerInvocation(&compiler);
}

/// The translator's options from llvm-spirv's command line; false on one it does not know.
bool translatorOptions(const std::vector<std::string> &flags, SPIRV::TranslatorOpts &options) {
  // llvm-spirv's defaults: the newest version it writes, every extension disallowed.
  SPIRV::TranslatorOpts::ExtensionsStatusMap extensions;
#define EXT(X) extensions[SPIRV::ExtensionID::X] = false;
#include <LLVMSPIRVExtensions.inc>
#undef EXT
  SPIRV::VersionNumber version = SPIRV::VersionNumber::MaximumVersion;
  bool extraExpressions = false;
  const std::string versionFlag = "--spirv-max-version=";
  for (const std::string &flag : flags) {
    if (flag.rfind(versionFlag, 0) == 0) {
      const std::string v = flag.substr(versionFlag.size());
      if (v == "1.0")
        version = SPIRV::VersionNumber::SPIRV_1_0;
      else if (v == "1.1")
        version = SPIRV::VersionNumber::SPIRV_1_1;
      else if (v == "1.2")
        version = SPIRV::VersionNumber::SPIRV_1_2;
      else if (v == "1.3")
        version = SPIRV::VersionNumber::SPIRV_1_3;
      else if (v == "1.4")
        version = SPIRV::VersionNumber::SPIRV_1_4;
      else
        return false;
    } else if (flag == "--spirv-allow-extra-diexpressions") {
      extraExpressions = true;
    } else {
      return false;
    }
  }
  options = SPIRV::TranslatorOpts(version, extensions);
  if (extraExpressions) options.setAllowExtraDIExpressionsEnabled(true);
  return true;
}

/// The translator's part, as llvm-spirv reads and writes the module.
bool translate(const std::string &bitcode, const SPIRV::TranslatorOpts &options,
               const std::string &module) {
  llvm::LLVMContext context;
  auto buffer = llvm::MemoryBuffer::getFile(bitcode);
  if (!buffer) {
    llvm::errs() << "cannot read " << bitcode << "\n";
    return false;
  }
  llvm::Expected<std::unique_ptr<llvm::Module>> read = llvm::getOwningLazyBitcodeModule(
      std::move(*buffer), context, /*ShouldLazyLoadMetadata=*/true);
  if (!read) {
    llvm::errs() << llvm::toString(read.takeError()) << "\n";
    return false;
  }
  std::unique_ptr<llvm::Module> m = std::move(*read);
  if (llvm::Error e = m->materializeAll()) {
    llvm::errs() << llvm::toString(std::move(e)) << "\n";
    return false;
  }
  std::string error;
  bool written;
  {
    std::ofstream out(module, std::ios::binary);
    written = llvm::writeSpirv(m.get(), options, out, error) && out.good();
  }
  if (!written) {
    llvm::errs() << "Fails to save LLVM as SPIR-V: " << error << "\n";
    std::remove(module.c_str());
  }
  return written;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 6 || (argc - 3) % 3 != 0) {
    llvm::errs() << "usage: " << argv[0] << " CLANG SOURCE (MODULE CLANG_FLAGS SPIRV_FLAGS)...\n";
    return 2;
  }
  // clang's driver finds its headers and resource folder beside the real executable.
  llvm::SmallString<256> clang;
  if (llvm::sys::fs::real_path(argv[1], clang)) {
    llvm::errs() << "no clang at " << argv[1] << "\n";
    return 2;
  }
  const std::string source = argv[2];
  for (int i = 3; i < argc; i += 3) {
    const std::string module = argv[i];
    const std::vector<std::string> clangFlags = splitList(argv[i + 1]);
    const std::vector<std::string> spirvFlags = splitList(argv[i + 2]);
    SPIRV::TranslatorOpts options;
    if (!translatorOptions(spirvFlags, options)) {
      llvm::errs() << "unknown translator option in '" << argv[i + 2] << "' for " << module << "\n";
      return 2;
    }
    const std::string bitcode = module + ".bc";
    const bool compiled = compileToBitcode(std::string(clang), source, clangFlags, bitcode);
    if (!compiled) {
      std::remove(bitcode.c_str());
      llvm::errs() << "clang failed on " << source << " (" << argv[i + 1] << ")\n";
      return 1;
    }
    const bool translated = translate(bitcode, options, module);
    std::remove(bitcode.c_str());
    if (!translated) {
      llvm::errs() << "llvm-spirv failed on " << source << " (" << argv[i + 1] << ")\n";
      return 1;
    }
  }
  return 0;
}
