// Entry-point rules: OpenCL-Env §4 (execution model) and §2.8.1 (kernel
// return type).
#include "rules.h"

namespace spvsim::rules {

namespace {

std::string executionModelName(spv::ExecutionModel model) {
  switch (model) {
  case spv::ExecutionModel::Vertex:
    return "Vertex";
  case spv::ExecutionModel::TessellationControl:
    return "TessellationControl";
  case spv::ExecutionModel::TessellationEvaluation:
    return "TessellationEvaluation";
  case spv::ExecutionModel::Geometry:
    return "Geometry";
  case spv::ExecutionModel::Fragment:
    return "Fragment";
  case spv::ExecutionModel::GLCompute:
    return "GLCompute";
  case spv::ExecutionModel::Kernel:
    return "Kernel";
  default:
    return std::to_string(static_cast<uint32_t>(model));
  }
}

} // namespace

// OpenCL-Env §4: "The Execution Model declared in OpEntryPoint must be Kernel."
void checkExecutionModel(RuleContext &ctx) {
  for (const EntryPoint &e : ctx.module.entryPoints()) {
    if (e.model == spv::ExecutionModel::Kernel) continue;
    ctx.error("4", "Execution Model",
              "entry point '" + e.name + "' has execution model " + executionModelName(e.model) +
                  "; it must be Kernel",
              e.instruction);
  }
}

// OpenCL-Env §2.8.1: "The Result Type for an OpFunction identified with
// OpEntryPoint must be OpTypeVoid."
void checkKernelReturnType(RuleContext &ctx) {
  for (const EntryPoint &e : ctx.module.entryPoints()) {
    const Function *f = ctx.module.function(e.function);
    if (!f || ctx.module.type(f->returnType).kind == TypeKind::Void) continue;
    ctx.error("2.8.1", "Kernel Return Types",
              "kernel '" + e.name + "' returns " + idName(ctx.module, f->returnType) +
                  "; a kernel's function must return OpTypeVoid",
              f->first);
  }
}

} // namespace spvsim::rules
