// spvsim-translate: the front end's translator process (isolated_translation.h). It
// reads requests (translator_protocol.h) from its standard input, a socket of the
// process that started it, translates each module with the SPIR-V translator library
// and answers with the words or the translator's error, until the stream ends. What the
// translator prints goes to standard error, the build log. When the translator ends the
// process (exit() on its errors, abort() on failed assertions, a crash), the front end
// sees how it ended, fails that build and starts another translator for the next one.
#include <LLVMSPIRVLib.h>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBuffer.h>

#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>
#include <sstream>
#include <string>

#include "translator_protocol.h"

namespace {

using namespace spvsim::frontend::translator;

void exitedInTranslator() {
  ::_exit(kExitedInTranslator);
}

bool answer(AnswerStatus status, const std::string &bytes) {
  AnswerHeader header;
  header.status = status;
  header.size = bytes.size();
  return writeAll(STDIN_FILENO, &header, sizeof header) &&
         writeAll(STDIN_FILENO, bytes.data(), bytes.size());
}

/// The translator's options as the front end's compile sets them (compile.cpp).
SPIRV::TranslatorOpts optionsFor(uint32_t maxSpirvVersion) {
  SPIRV::TranslatorOpts options(static_cast<SPIRV::VersionNumber>(maxSpirvVersion));
  // kernel_arg_type and kernel_arg_type_qual reach the module as OpString (what
  // clGetKernelArgInfo reports for CL_KERNEL_ARG_TYPE_NAME and _TYPE_QUALIFIER).
  options.setPreserveOCLKernelArgTypeMetadataThroughString(true);
  // An intrinsic the translator does not know becomes a call of an external function
  // of its name (which the build then reports as unresolved): rejecting it, the
  // translator would end the process (it calls exit() on every error).
  options.setSPIRVAllowUnknownIntrinsics({"llvm."});
  return options;
}

/// One request: false when the stream ended or the request is not one.
bool translateOne() {
  RequestHeader request;
  if (!readAll(STDIN_FILENO, &request, sizeof request)) return false;
  if (request.magic != kRequestMagic || request.bitcodeSize > kLargestMessage) ::_exit(kBadRequest);
  std::string bitcode(request.bitcodeSize, '\0');
  if (!readAll(STDIN_FILENO, bitcode.data(), bitcode.size())) return false;

  llvm::LLVMContext context;
  // The names the translator's passes give new blocks (".loopexit") reach the module's
  // OpName only where the compile's context kept names.
  context.setDiscardValueNames((request.flags & kDiscardValueNames) != 0);
  llvm::Expected<std::unique_ptr<llvm::Module>> module = llvm::parseBitcodeFile(
      llvm::MemoryBufferRef(llvm::StringRef(bitcode.data(), bitcode.size()), "module"), context);
  if (!module)
    return answer(AnswerStatus::Error,
                  "the translator cannot read the module: " + llvm::toString(module.takeError()));
  std::ostringstream spirv;
  std::string error;
  if (!llvm::writeSpirv(module->get(), optionsFor(request.maxSpirvVersion), spirv, error))
    return answer(AnswerStatus::Error, error);
  return answer(AnswerStatus::Words, spirv.str());
}

} // namespace

int main() {
  // No core file for what the translator does to this process; an exit() inside the
  // translator ends it with a status of its own.
  const rlimit noCore{0, 0};
  ::setrlimit(RLIMIT_CORE, &noCore);
  std::atexit(exitedInTranslator);
  while (translateOne()) {
  }
  // The front end closed the stream (its process ended, or it stopped this translator).
  ::_exit(0);
}
