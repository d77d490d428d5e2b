// The in-process compile (see spvsim/frontend/frontend.h): clang's driver turns the
// options into a compiler invocation as `clang -c -emit-llvm` would, clang compiles, the
// module is optimised (optimization.h: clang's pipeline for the invocation's -O level,
// with convergent calls kept apart), legalized for the translator (legalize.h) and
// translated to SPIR-V in memory.
#include "spvsim/frontend/build_cache.h"
#include "spvsim/frontend/frontend.h"

#include <LLVMSPIRVLib.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Basic/SourceManager.h>
#include <clang/CodeGen/CodeGenAction.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Frontend/Utils.h>
#include <clang/Lex/PreprocessorOptions.h>
#include <llvm/Config/llvm-config.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/VirtualFileSystem.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cstring>
#include <memory>

#include "debug_array_bounds.h"
#include "isolated_translation.h"
#include "legalize.h"
#include "optimization.h"

namespace spvsim::frontend {

namespace {

/// The folder, in the compile's own file system, of the embedded headers
/// (<root>/include) and of the device's feature prelude. No real folder is used.
constexpr const char *kVirtualRoot = "/spvsim-embedded";

/// A header name that stays inside the include folder.
bool isContainedName(const std::string &name) {
  if (name.empty() || llvm::sys::path::is_absolute(name)) return false;
  for (auto part = llvm::sys::path::begin(name), end = llvm::sys::path::end(name); part != end;
       ++part)
    if (*part == "..") return false;
  return true;
}

std::vector<std::string> driverArguments(const CompileInput &input, const DeviceFacts &device,
                                         const std::string &cwd) {
  std::vector<std::string> args{
      std::string(SPVSIM_LLVM_BINARY_DIR) + "/clang", "-c", "-emit-llvm", "-target",
      device.addressBits == 32 ? "spir" : "spir64", input.optimize ? "-O2" : "-O0",
      "-fno-slp-vectorize",
      // Full debug information when asked for; otherwise source lines for findings.
      input.debugInfo ? "-g" : "-gline-tables-only",
      // Parameter names and qualifiers: findings and clGetKernelArgInfo use them.
      "-cl-kernel-arg-info", "-cl-std=" + input.clStd};
  // Locations name the source as it is named (input.cl), and files below the current
  // folder relative to it (clang tries the longer prefix first).
  if (!cwd.empty()) {
    args.push_back("-fdebug-prefix-map=" + cwd + "/=");
    args.push_back("-fdebug-prefix-map=" + cwd + "=");
  }
  args.insert(args.end(), device.extensionOptions.begin(), device.extensionOptions.end());
  args.insert(args.end(), {"-include", std::string(kVirtualRoot) + "/spvsim-features.h"});
  args.insert(args.end(), input.options.begin(), input.options.end());
  args.insert(args.end(), {"-I", std::string(kVirtualRoot) + "/include"});
  for (const std::string &folder : input.lastIncludeFolders)
    args.insert(args.end(), {"-I", folder});
  args.push_back(input.sourceName);
  return args;
}

std::string optionsLine(const std::vector<std::string> &args) {
  std::string line;
  for (size_t i = 1; i < args.size(); ++i) line += (i > 1 ? " " : "") + args[i];
  return line;
}

/// The files the preprocessor entered, real files only (the source and the embedded
/// headers are part of the input).
class IncludedFiles : public clang::DependencyCollector {
public:
  explicit IncludedFiles(std::string sourceName) : sourceName_(std::move(sourceName)) {}
  bool needSystemDependencies() override { return true; }
  bool sawDependency(llvm::StringRef file, bool, bool, bool, bool) override {
    return file != sourceName_ && !file.startswith(kVirtualRoot) && !file.startswith("<");
  }

private:
  std::string sourceName_;
};

} // namespace

CompileResult compile(const CompileInput &input, const DeviceFacts &device) {
  // The translator process starts (its libraries load, tens of milliseconds) while clang
  // parses and optimises, rather than after.
  startTranslator();
  CompileResult result;
  std::string log;
  llvm::raw_string_ostream logStream(log);

  // The compile's files: the embedded headers and the prelude in memory, over the real
  // file system (-I folders, the application's folder, clang's own headers).
  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  memory->addFile(std::string(kVirtualRoot) + "/spvsim-features.h", 0,
                  llvm::MemoryBuffer::getMemBufferCopy(device.prelude, "spvsim-features.h"));
  for (const auto &[name, text] : input.headers) {
    if (!isContainedName(name)) {
      logStream << "warning: header '" << name << "' ignored: its name leaves the include folder\n";
      continue;
    }
    memory->addFile(std::string(kVirtualRoot) + "/include/" + name, 0,
                    llvm::MemoryBuffer::getMemBufferCopy(text, name));
  }
  auto files =
      llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
  files->pushOverlay(memory);

  llvm::SmallString<256> cwd;
  if (llvm::sys::fs::current_path(cwd)) cwd.clear();
  const std::vector<std::string> args = driverArguments(input, device, std::string(cwd));
  std::vector<const char *> argv;
  for (const std::string &a : args) argv.push_back(a.c_str());

  auto diagnosticOptions = llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>();
  clang::CreateInvocationOptions invocationOptions;
  invocationOptions.Diags = clang::CompilerInstance::createDiagnostics(
      diagnosticOptions.get(),
      new clang::TextDiagnosticPrinter(logStream, diagnosticOptions.get()));
  invocationOptions.VFS = files;
  std::shared_ptr<clang::CompilerInvocation> invocation =
      clang::createInvocation(argv, invocationOptions);
  if (!invocation || invocationOptions.Diags->hasErrorOccurred()) {
    logStream << "error: clang does not accept the options: " << optionsLine(args) << "\n";
    result.log = std::move(log);
    return result;
  }
  // The source, under the name its locations and diagnostics use.
  invocation->getPreprocessorOpts().addRemappedFile(
      input.sourceName,
      llvm::MemoryBuffer::getMemBufferCopy(input.source, input.sourceName).release());
  invocation->getPreprocessorOpts().RetainRemappedFileBuffers = false;
  invocation->getFrontendOpts().DisableFree = false;
  // Optimising builds run clang's pipeline themselves once the module is compiled
  // (optimization.h), after marking what the pipeline must not merge.
  const bool optimizing = invocation->getCodeGenOpts().OptimizationLevel > 0;
  if (optimizing) invocation->getCodeGenOpts().DisableLLVMPasses = true;

  clang::CompilerInstance compiler;
  compiler.setInvocation(std::move(invocation));
  compiler.createDiagnostics(
      new clang::TextDiagnosticPrinter(logStream, &compiler.getDiagnosticOpts()));
  compiler.createFileManager(files);
  compiler.setVerboseOutputStream(logStream); // "1 error generated."
  auto included = std::make_shared<IncludedFiles>(input.sourceName);
  compiler.addDependencyCollector(included);

  llvm::LLVMContext context;
  clang::EmitLLVMOnlyAction action(&context);
  const bool compiled = compiler.ExecuteAction(action);
  std::unique_ptr<llvm::Module> module = action.takeModule();
  if (!compiled || !module) {
    logStream << "error: clang failed (options: " << optionsLine(args) << ")\n";
    result.log = std::move(log);
    return result;
  }
  if (optimizing) {
    compiler.getCodeGenOpts().DisableLLVMPasses = false;
    keepConvergentCallsApart(*module);
    if (!optimize(compiler, *module)) {
      logStream << "error: clang failed (options: " << optionsLine(args) << ")\n";
      result.log = std::move(log);
      return result;
    }
  }
  for (const std::string &file : included->getDependencies()) {
    llvm::SmallString<256> path(file);
    llvm::sys::fs::make_absolute(path);
    auto buffer = files->getBufferForFile(path);
    result.includedFiles.emplace_back(std::string(path),
                                      buffer ? (*buffer)->getBuffer().str() : std::string());
  }

  legalizeForTranslator(*module);
  if (const std::string error = untranslatable(*module, input.optimize); !error.empty()) {
    logStream << error << "error: the module cannot be translated to SPIR-V\n";
    result.log = std::move(log);
    return result;
  }

  // Every module has debug information (line tables at least), whose
  // OpenCL.DebugInfo.100 instructions need SPIR-V 1.1: below it the translator
  // (built with assertions in Debian) would abort the process.
  auto spirvVersion = SPIRV::VersionNumber::MaximumVersion;
  if (input.maxSpirvVersion != 0 && input.maxSpirvVersion < static_cast<uint32_t>(spirvVersion))
    spirvVersion = static_cast<SPIRV::VersionNumber>(
        std::max(input.maxSpirvVersion, static_cast<uint32_t>(SPIRV::VersionNumber::SPIRV_1_1)));
  // The translator runs in a process of its own: on input it cannot handle it ends the
  // process (exit(), abort(), or a crash), and a build must fail, not the application.
  Translation translation = translateIsolated(*module, static_cast<uint32_t>(spirvVersion));
  logStream << translation.log;
  result.spirv = std::move(translation.spirv);
  removeDefaultArrayLowerBounds(result.spirv);
  setMissingPointerStorageClasses(result.spirv);
  result.ok = translation.ok;
  result.log = std::move(log);
  return result;
}

// Here rather than in build_cache.cpp, which the loader shares and which has no compiler.
CompileResult compile(const CompileInput &input, const DeviceFacts &device,
                      const BuildCache *cache) {
  if (cache)
    if (std::optional<CompileResult> hit = cache->find(input, device)) return std::move(*hit);
  CompileResult result = compile(input, device);
  if (cache) cache->store(input, device, result);
  return result;
}

} // namespace spvsim::frontend
