// Programs and executables (see program.h).
#include "core/program.h"

#include <cstring>
#include <set>
#include <sstream>

#include "core/findings.h"
#include "spvsim/common/error.h"
#include "spvsim/validator/loader.h"

namespace spvsim::runtime {

namespace {

std::atomic<uint64_t> executableNumbers{0};

/// The comma-separated list llvm-spirv records as OpString "<prefix>.<kernel>.a,b,".
std::vector<std::string> recordedList(const Module &m, const std::string &prefix,
                                      const std::string &kernel) {
  const std::string start = prefix + "." + kernel + ".";
  for (const Instruction &inst : m.instructions()) {
    if (inst.opcode != spv::Op::OpString) continue;
    std::string s(m.string(inst.resultId));
    if (s.rfind(start, 0) != 0) continue;
    std::vector<std::string> items;
    std::string rest = s.substr(start.size());
    size_t from = 0;
    for (size_t comma; (comma = rest.find(',', from)) != std::string::npos; from = comma + 1)
      items.push_back(rest.substr(from, comma - from));
    return items;
  }
  return {};
}

std::string sizeTriple(const std::vector<uint32_t> &v) {
  return "(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]) + ")";
}

/// The vec_type_hint attribute of an OpExecutionMode VecTypeHint operand (SPIR-V §3.6:
/// the low 16 bits name the component type, the high 16 bits the component count, 0 or
/// 1 for a scalar); empty for a type it does not name. SPIR-V keeps no signedness, so
/// integer types read as unsigned (uchar, ushort, uint, ulong).
std::string vecTypeHint(uint32_t hint) {
  static constexpr const char *kTypes[] = {"uchar", "ushort", "uint",  "ulong",
                                           "half",  "float",  "double"};
  const uint32_t type = hint & 0xffff, count = hint >> 16;
  if (type >= std::size(kTypes)) return "";
  if (count > 1 && count != 2 && count != 3 && count != 4 && count != 8 && count != 16) return "";
  return std::string("vec_type_hint(") + kTypes[type] + (count > 1 ? std::to_string(count) : "") +
         ")";
}

/// Functions the module imports but does not define: a program executable must have none.
std::vector<std::string> unresolvedFunctions(const Module &m) {
  std::vector<std::string> names;
  for (const Function &f : m.functions()) {
    if (!f.isDeclaration()) continue;
    for (const Decoration &d : m.decorations(f.id))
      if (d.decoration == spv::Decoration::LinkageAttributes && !d.literals.empty() &&
          d.literals.back() == uint32_t(spv::LinkageType::Import))
        names.push_back(d.text.empty() ? std::string(m.name(f.id)) : d.text);
  }
  return names;
}

bool requiresUniformGroups(const std::string &options, Program::Origin origin) {
  std::string ignored;
  std::optional<CompileOptions> parsed = parseCompileOptions(options, ignored);
  if (!parsed) return true;
  if (parsed->uniformWorkGroupSize) return true;
  // OpenCL API §5.10: programs from OpenCL C need -cl-std=CL2.0 or CL3.0 for non-uniform
  // work-groups; programs from IL or binaries support them.
  return origin == Program::Origin::Source && parsed->clStd != "CL3.0" && parsed->clStd != "CL2.0";
}

constexpr const char *kKernelArgInfoOption = "-cl-kernel-arg-info";

/// Whether build options (or the options a binary records) include -cl-kernel-arg-info.
bool asksForKernelArgInfo(const std::string &options) {
  for (const std::string &w : splitOptions(options))
    if (w == kKernelArgInfoOption) return true;
  return false;
}

} // namespace

// ---------------------------------------------------------------------------------------------
// Executable

Executable::Executable(std::shared_ptr<Context> context, ValidatedModule module,
                       std::vector<uint32_t> words, SpecConstants specConstants,
                       bool uniformWorkGroups, const std::vector<KernelCheck> *known)
    : context_(std::move(context)), module_(std::move(module)), words_(std::move(words)),
      specConstants_(std::move(specConstants)), uniformWorkGroups_(uniformWorkGroups),
      number_(++executableNumbers) {
  kernels_ = kernelSignatures(module_);
  const Module &m = module_.module();
  std::map<std::string, uint64_t> globals;
  std::set<std::string> tooLarge;
  for (const KernelSignature &k : kernels_) {
    const KernelCheck *check = nullptr;
    if (known)
      for (const KernelCheck &c : *known)
        if (c.name == k.name) check = &c;
    checks_.push_back(check ? *check : checkKernel(k.name));
    const KernelCheck &c = checks_.back();
    KernelDetails d;
    d.resources = c.resources;
    d.unsupported = c.unsupported;
    d.limit = c.limit;
    if (!c.unsupported.empty())
      (c.unsupportedIsError ? errors_ : notes_) +=
          std::string(c.unsupportedIsError ? "error" : "warning") + ": kernel '" + k.name +
          "' cannot run on spvsim: " + c.unsupported + "\n";
    for (const ProgramVariable &v : d.resources.programVariables) {
      globals[v.name] = v.size;
      // OpenCL API §4.2 CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE: "the maximum number of bytes
      // of storage that may be allocated for any single variable in program scope".
      const uint64_t limit = context_->device().maxGlobalVariableSize();
      if (v.size > limit && tooLarge.insert(v.name).second)
        errors_ += "error: program-scope variable '" + v.name + "' takes " +
                   std::to_string(v.size) +
                   " bytes, more than CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE (" +
                   std::to_string(limit) + ")\n";
    }
    d.argTypeNames = recordedList(m, "kernel_arg_type", k.name);
    d.argQualifiers = recordedList(m, "kernel_arg_type_qual", k.name);
    if (const EntryPoint *ep = m.findEntryPoint(k.name)) {
      for (const ExecutionMode &mode : ep->modes) {
        std::string attribute;
        const bool sizes = mode.literals.size() >= 3;
        if (mode.mode == spv::ExecutionMode::VecTypeHint && !mode.literals.empty()) {
          attribute = vecTypeHint(mode.literals[0]);
        } else if (mode.mode == spv::ExecutionMode::LocalSize && sizes) {
          attribute = "reqd_work_group_size" + sizeTriple(mode.literals);
        } else if (mode.mode == spv::ExecutionMode::LocalSizeHint && sizes) {
          attribute = "work_group_size_hint" + sizeTriple(mode.literals);
          for (int i = 0; i < 3; ++i) d.sizeHint[i] = mode.literals[i];
        }
        if (!attribute.empty()) d.attributes += (d.attributes.empty() ? "" : " ") + attribute;
      }
    }
    details_.emplace(k.name, std::move(d));
  }
  for (const auto &[name, size] : globals) globalVariableBytes_ += size;
}

// Lowers kernel `name` to measure it, or says why it cannot run: what spvsim does not
// implement fails the build; a limit every launch is held to fails its enqueues.
KernelCheck Executable::checkKernel(const std::string &name) const {
  KernelCheck c;
  c.name = name;
  try {
    c.resources = kernelResources(module_, name, specConstants_);
  } catch (const Unsupported &e) {
    c.unsupported = e.what(), c.unsupportedIsError = true;
  } catch (const LimitError &e) {
    c.unsupported = e.what();
    c.limit = e.limit(); // clEnqueueNDRangeKernel returns its error code
  } catch (const Error &e) {
    c.unsupported = e.what(), c.unsupportedIsError = true;
  }
  return c;
}

Executable::~Executable() {
  // A later module at the same address must not inherit this one's program-scope variables.
  context_->memory().releaseProgramScope(&module_.module());
}

const KernelSignature *Executable::kernel(const std::string &name) const {
  for (const KernelSignature &k : kernels_)
    if (k.name == name) return &k;
  return nullptr;
}

// ---------------------------------------------------------------------------------------------
// Program

Program::Program(std::shared_ptr<Context> context, Origin origin)
    : context_(std::move(context)), origin_(origin) {}

std::shared_ptr<Program> Program::withSource(std::shared_ptr<Context> context, std::string source) {
  auto p = makeObject<Program>(std::move(context), Origin::Source);
  p->source_ = std::move(source);
  return p;
}

std::shared_ptr<Program> Program::withIL(std::shared_ptr<Context> context,
                                         std::vector<uint32_t> words) {
  std::shared_ptr<const Module> module = loadBinary(words, "program IL");
  auto p = makeObject<Program>(std::move(context), Origin::IL);
  p->specTypes_ = runfile::specConstantTypes(*module);
  p->il_ = std::move(words);
  p->kernelArgInfo_ = true; // what the module carries
  return p;
}

std::shared_ptr<Program> Program::withBinary(std::shared_ptr<Context> context,
                                             ProgramBinary binary) {
  auto p = makeObject<Program>(std::move(context), Origin::Binary);
  p->binaryType_ = binary.type;
  p->binaryWords_ = std::move(binary.spirv);
  p->options_ = std::move(binary.options);
  p->uniformWorkGroups_ = requiresUniformGroups(p->options_, Origin::Binary);
  p->kernelArgInfo_ = asksForKernelArgInfo(p->options_);
  return p;
}

cl_build_status Program::buildStatus() const {
  std::lock_guard lock(mutex_);
  return status_;
}

std::string Program::buildLog() const {
  std::lock_guard lock(mutex_);
  return log_;
}

std::string Program::buildOptions() const {
  std::lock_guard lock(mutex_);
  return options_;
}

cl_program_binary_type Program::binaryType() const {
  std::lock_guard lock(mutex_);
  return binaryType_;
}

std::vector<unsigned char> Program::binary() const {
  std::lock_guard lock(mutex_);
  if (binaryType_ == CL_PROGRAM_BINARY_TYPE_NONE || binaryWords_.empty()) return {};
  ProgramBinary b;
  b.type = binaryType_;
  b.options = options_;
  // Whether launches need uniform work-groups travels with the binary.
  if (uniformWorkGroups_ && !requiresUniformGroups(b.options, Origin::Binary))
    b.options += (b.options.empty() ? "" : " ") + std::string("-cl-uniform-work-group-size");
  // So does whether clGetKernelArgInfo answers.
  if (kernelArgInfo_ && !asksForKernelArgInfo(b.options))
    b.options += (b.options.empty() ? "" : " ") + std::string(kKernelArgInfoOption);
  b.spirv = binaryWords_;
  return encodeBinary(b);
}

std::shared_ptr<const Executable> Program::executable() const {
  std::lock_guard lock(mutex_);
  return executable_;
}

bool Program::busy() const {
  std::lock_guard lock(mutex_);
  return busy_;
}

bool Program::kernelArgInfo() const {
  std::lock_guard lock(mutex_);
  return kernelArgInfo_;
}

cl_int Program::begin() {
  std::lock_guard lock(mutex_);
  if (busy_ || kernels_ > 0) return CL_INVALID_OPERATION;
  busy_ = true;
  status_ = CL_BUILD_IN_PROGRESS;
  return CL_SUCCESS;
}

bool Program::makeExecutable(std::vector<uint32_t> words, bool uniformWorkGroups,
                             std::string &log) {
  std::shared_ptr<const Module> loaded;
  try {
    loaded = loadBinary(words, "program");
  } catch (const Error &e) {
    log += std::string("error: ") + e.what() + "\n";
    return false;
  }
  for (const std::string &name : unresolvedFunctions(*loaded))
    log += "error: function '" + name +
           "' is declared but not defined (link it in with "
           "clCompileProgram and clLinkProgram)\n";
  if (!unresolvedFunctions(*loaded).empty()) return false;

  SpecConstants spec;
  {
    std::lock_guard lock(mutex_);
    spec = specValues_;
  }
  const DeviceDescription &device = context_->device().description();
  // A module built before with this device (check_cache.h) is neither validated nor
  // lowered again.
  const CheckCache *cache = CheckCache::fromEnvironment();
  std::optional<std::vector<KernelCheck>> known;
  if (cache) known = cache->find(words, device, spec);
  std::optional<ValidatedModule> validated;
  if (known) {
    validated = validatedBefore(loaded, device);
  } else {
    ValidationOptions options;
    options.specConstants = spec;
    ValidationResult result = validate(loaded, device, options);
    // Errors go to the log; warnings are about the producer (clang's debug information,
    // block order), not about the program, and would only be noise in every build log.
    std::vector<Finding> errors;
    for (const Finding &f : result.findings) {
      if (f.severity != Severity::Error) continue;
      log += formatText(f);
      errors.push_back(f);
    }
    if (!result.ok()) {
      // A module that fails validation is a finding of the run, like any kernel fault.
      FindingLog::get().add(0, errors);
      return false;
    }
    validated = std::move(result.module);
  }
  auto executable = std::make_shared<const Executable>(
      context_, std::move(*validated), words, spec, uniformWorkGroups, known ? &*known : nullptr);
  if (cache && !known) cache->store(words, device, spec, executable->checks());
  log += executable->errors() + executable->notes();
  if (!executable->errors().empty()) return false;
  std::lock_guard lock(mutex_);
  executable_ = std::move(executable);
  binaryWords_ = executable_->words();
  binaryType_ = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
  uniformWorkGroups_ = uniformWorkGroups;
  return true;
}

cl_int Program::build(const std::string &options) {
  if (origin_ == Origin::Linked) return CL_INVALID_OPERATION;
  if (cl_int status = begin(); status != CL_SUCCESS) return status;
  std::string log, error;
  cl_int result = CL_SUCCESS;
  std::vector<uint32_t> words;
  std::optional<CompileOptions> parsed = parseCompileOptions(options, error);
  bool uniform = true;
  if (!parsed) {
    log = "error: " + error + "\n";
    result = CL_INVALID_BUILD_OPTIONS;
  } else if (origin_ == Origin::Source) {
    uniform = requiresUniformGroups(options, origin_);
    if (!context_->device().compilerAvailable()) {
      log = "error: no OpenCL C compiler (clang-15 and llvm-spirv-15 were not found)\n";
      result = CL_COMPILER_NOT_AVAILABLE;
    } else {
      ToolResult compiled = compileOpenCLC(context_->device(), source_, {}, *parsed);
      log = compiled.log;
      words = std::move(compiled.spirv);
      if (!compiled.ok) result = CL_BUILD_PROGRAM_FAILURE;
    }
  } else if (origin_ == Origin::IL) {
    uniform = requiresUniformGroups(options, origin_);
    words = il_;
  } else {
    std::lock_guard lock(mutex_);
    words = binaryWords_;
    // A binary keeps the options it was built with; a new -cl-uniform-work-group-size adds
    // to them.
    uniform = uniformWorkGroups_ || parsed->uniformWorkGroupSize;
  }
  if (result == CL_SUCCESS && !makeExecutable(std::move(words), uniform, log))
    result = CL_BUILD_PROGRAM_FAILURE;

  std::lock_guard lock(mutex_);
  busy_ = false;
  log_ = log;
  // IL carries what it carries; a binary has what it was built with, and what this build
  // asks for when its module records it.
  if (origin_ == Origin::Source && parsed) kernelArgInfo_ = parsed->kernelArgInfo;
  if (origin_ == Origin::Binary && parsed && result == CL_SUCCESS)
    kernelArgInfo_ = kernelArgInfo_ || parsed->kernelArgInfo;
  if (origin_ != Origin::Binary || result == CL_SUCCESS) options_ = options;
  status_ = result == CL_SUCCESS ? CL_BUILD_SUCCESS : CL_BUILD_ERROR;
  if (result != CL_SUCCESS) executable_.reset();
  return result;
}

cl_int Program::compile(const std::string &options, const std::vector<Header> &headers) {
  if (origin_ != Origin::Source && origin_ != Origin::IL) return CL_INVALID_OPERATION;
  if (cl_int status = begin(); status != CL_SUCCESS) return status;
  std::string log, error;
  cl_int result = CL_SUCCESS;
  std::vector<uint32_t> words;
  std::optional<CompileOptions> parsed = parseCompileOptions(options, error);
  if (!parsed) {
    log = "error: " + error + "\n";
    result = CL_INVALID_COMPILER_OPTIONS;
  } else if (origin_ == Origin::IL) {
    words = il_; // OpenCL API §5.8.5: the IL is the compiled object; headers are ignored
  } else if (!context_->device().compilerAvailable()) {
    log = "error: no OpenCL C compiler (clang-15 and llvm-spirv-15 were not found)\n";
    result = CL_COMPILER_NOT_AVAILABLE;
  } else {
    ToolResult compiled = compileOpenCLC(context_->device(), source_, headers, *parsed);
    log = compiled.log;
    words = std::move(compiled.spirv);
    if (!compiled.ok) result = CL_COMPILE_PROGRAM_FAILURE;
  }
  std::lock_guard lock(mutex_);
  busy_ = false;
  log_ = log;
  options_ = options;
  executable_.reset();
  if (result == CL_SUCCESS) {
    status_ = CL_BUILD_SUCCESS;
    binaryType_ = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
    binaryWords_ = std::move(words);
    uniformWorkGroups_ = requiresUniformGroups(options, origin_);
    kernelArgInfo_ = origin_ == Origin::IL || parsed->kernelArgInfo;
  } else {
    status_ = CL_BUILD_ERROR;
    binaryType_ = CL_PROGRAM_BINARY_TYPE_NONE;
    binaryWords_.clear();
  }
  return result;
}

std::shared_ptr<Program> Program::link(std::shared_ptr<Context> context, const std::string &options,
                                       const std::vector<std::shared_ptr<Program>> &inputs,
                                       cl_int &status) {
  std::string error;
  std::optional<LinkOptions> parsed = parseLinkOptions(options, error);
  if (!parsed) {
    status = CL_INVALID_LINKER_OPTIONS;
    return nullptr;
  }
  std::vector<std::vector<uint32_t>> modules;
  bool uniform = parsed->uniformWorkGroupSize;
  bool argInfo = true; // when every object has it
  for (const auto &input : inputs) {
    std::lock_guard lock(input->mutex_);
    if (input->busy_ || (input->binaryType_ != CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT &&
                         input->binaryType_ != CL_PROGRAM_BINARY_TYPE_LIBRARY)) {
      status = CL_INVALID_OPERATION;
      return nullptr;
    }
    modules.push_back(input->binaryWords_);
    uniform = uniform || input->uniformWorkGroups_;
    argInfo = argInfo && input->kernelArgInfo_;
  }
  if (!context->device().linkerAvailable()) {
    status = CL_LINKER_NOT_AVAILABLE;
    return nullptr;
  }
  auto program = makeObject<Program>(context, Origin::Linked);
  program->kernelArgInfo_ = argInfo;
  ToolResult linked = linkSpirv(modules, parsed->createLibrary);
  std::string log = linked.log;
  bool ok = linked.ok;
  if (ok && parsed->createLibrary) {
    std::lock_guard lock(program->mutex_);
    program->binaryType_ = CL_PROGRAM_BINARY_TYPE_LIBRARY;
    program->binaryWords_ = std::move(linked.spirv);
    program->uniformWorkGroups_ = uniform;
  } else if (ok) {
    ok = program->makeExecutable(std::move(linked.spirv), uniform, log);
  }
  std::lock_guard lock(program->mutex_);
  program->log_ = log;
  program->options_ = options;
  program->status_ = ok ? CL_BUILD_SUCCESS : CL_BUILD_ERROR;
  status = ok ? CL_SUCCESS : CL_LINK_PROGRAM_FAILURE;
  return program;
}

cl_int Program::setSpecializationConstant(cl_uint specId, size_t size, const void *value) {
  auto it = specTypes_.find(specId);
  if (it == specTypes_.end()) return CL_INVALID_SPEC_ID;
  const runfile::SpecConstantType &type = it->second;
  // OpenCL API §5.8.3: 1 byte for a boolean, else the constant's own size.
  const size_t expected = type.kind == runfile::SpecConstantType::Kind::Bool ? 1 : type.bits / 8;
  if (size != expected || !value) return CL_INVALID_VALUE;
  uint64_t bits = 0;
  std::memcpy(&bits, value, size);
  if (type.kind == runfile::SpecConstantType::Kind::Bool) bits = bits != 0;
  std::lock_guard lock(mutex_);
  specValues_[specId] = bits;
  return CL_SUCCESS;
}

} // namespace spvsim::runtime
