// The optimisation of a compiled module (see optimization.h): convergent calls kept
// apart, then clang's own pipeline with LLVM's diagnostics reported as clang reports them.
#include "optimization.h"

#include <clang/Basic/DiagnosticFrontend.h>
#include <clang/Basic/FileManager.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Basic/TargetInfo.h>
#include <clang/CodeGen/BackendUtil.h>
#include <clang/Frontend/CompilerInstance.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>

#include <memory>
#include <string>

namespace spvsim::frontend {

namespace {

/// LLVM's diagnostics during the pipeline as clang's (what clang's own back-end
/// consumer does): `-w` and `-Werror` apply, locations name the source line.
class PipelineDiagnostics : public llvm::DiagnosticHandler {
public:
  explicit PipelineDiagnostics(clang::CompilerInstance &compiler) : compiler_(compiler) {}

  bool handleDiagnostics(const llvm::DiagnosticInfo &info) override {
    if (info.getSeverity() == llvm::DS_Remark || info.getSeverity() == llvm::DS_Note)
      return true; // -R options are not build options
    std::string message;
    if (const auto *failure = llvm::dyn_cast<llvm::DiagnosticInfoOptimizationFailure>(&info)) {
      message = failure->getMsg();
      report(info, clang::diag::warn_fe_backend_optimization_failure, message);
      return true;
    }
    llvm::raw_string_ostream stream(message);
    llvm::DiagnosticPrinterRawOStream printer(stream);
    info.print(printer);
    report(info,
           info.getSeverity() == llvm::DS_Error ? clang::diag::err_fe_backend_plugin
                                                : clang::diag::warn_fe_backend_plugin,
           stream.str());
    return true;
  }

private:
  /// The source location of `info` when it has one that names a file clang read.
  clang::SourceLocation locationOf(const llvm::DiagnosticInfo &info) const {
    const auto *located = llvm::dyn_cast<llvm::DiagnosticInfoOptimizationBase>(&info);
    if (!located || !located->isLocationAvailable() || !compiler_.hasSourceManager()) return {};
    llvm::StringRef file;
    unsigned line = 0, column = 0;
    located->getLocation(file, line, column);
    clang::SourceManager &sources = compiler_.getSourceManager();
    auto entry = sources.getFileManager().getFile(file);
    if (!entry) return {};
    return sources.translateFileLineCol(*entry, line, column ? column : 1);
  }

  void report(const llvm::DiagnosticInfo &info, unsigned id, const std::string &message) {
    compiler_.getDiagnostics().Report(locationOf(info), id) << message;
  }

  clang::CompilerInstance &compiler_;
};

} // namespace

unsigned keepConvergentCallsApart(llvm::Module &module) {
  unsigned marked = 0;
  for (llvm::Function &function : module)
    for (llvm::Instruction &instruction : llvm::instructions(function))
      if (auto *call = llvm::dyn_cast<llvm::CallBase>(&instruction);
          call && call->isConvergent() && !call->doesNotAccessMemory() && !call->cannotMerge()) {
        call->addFnAttr(llvm::Attribute::NoMerge);
        ++marked;
      }
  return marked;
}

bool optimize(clang::CompilerInstance &compiler, llvm::Module &module) {
  llvm::LLVMContext &context = module.getContext();
  std::unique_ptr<llvm::DiagnosticHandler> previous = context.getDiagnosticHandler();
  context.setDiagnosticHandler(std::make_unique<PipelineDiagnostics>(compiler));
  clang::DiagnosticsEngine &diagnostics = compiler.getDiagnostics();
  clang::DiagnosticConsumer &client = *diagnostics.getClient();
  const unsigned errorsBefore = client.getNumErrors();
  // The action has ended the source file for the diagnostic printer: it prints again
  // for the pipeline's diagnostics, with the language's options.
  client.BeginSourceFile(compiler.getLangOpts(),
                         compiler.hasPreprocessor() ? &compiler.getPreprocessor() : nullptr);
  clang::EmitBackendOutput(diagnostics, compiler.getHeaderSearchOpts(), compiler.getCodeGenOpts(),
                           compiler.getTargetOpts(), compiler.getLangOpts(),
                           compiler.getTarget().getDataLayoutString(), &module,
                           clang::Backend_EmitNothing, nullptr);
  client.EndSourceFile();
  context.setDiagnosticHandler(std::move(previous));
  return client.getNumErrors() == errorsBefore;
}

} // namespace spvsim::frontend
