// RAII owners for the C handles of the SPIRV-Tools API (context, diagnostic,
// binary, text), so no code path leaks them.
#pragma once

#include <memory>

#include <spirv-tools/libspirv.h>

namespace spvsim::detail {

struct ContextDeleter {
  void operator()(spv_context c) const { spvContextDestroy(c); }
};
struct DiagnosticDeleter {
  void operator()(spv_diagnostic d) const { spvDiagnosticDestroy(d); }
};
struct BinaryDeleter {
  void operator()(spv_binary b) const { spvBinaryDestroy(b); }
};
struct TextDeleter {
  void operator()(spv_text t) const { spvTextDestroy(t); }
};

using ContextHandle = std::unique_ptr<spv_context_t, ContextDeleter>;
using DiagnosticHandle = std::unique_ptr<spv_diagnostic_t, DiagnosticDeleter>;
using BinaryHandle = std::unique_ptr<spv_binary_t, BinaryDeleter>;
using TextHandle = std::unique_ptr<spv_text_t, TextDeleter>;

inline ContextHandle makeContext(spv_target_env env) {
  return ContextHandle(spvContextCreate(env));
}

} // namespace spvsim::detail
