// Binding a RunSpec to a module: every launch's arguments checked against its
// kernel's KernelSignature, work-group sizes decided, and spec constants
// converted to their constants' types — all before any launch runs. Pure
// functions of RunSpec and signatures, so they are testable without executing.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "spvsim/interpreter/kernel_signature.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/runfile/run_spec.h"
#include "spvsim/validator/module.h"

namespace spvsim::runfile {

/// A launch ready to run: its range with the work-group size decided, and its arguments
/// checked against the kernel's parameters.
struct BoundLaunch {
  std::string kernel;
  NDRange range; ///< `local` always set
  std::vector<ArgSpec> args;
};

/// The work-group size spvsim picks when neither the run file nor the kernel gives one.
using LocalSizeChooser =
    std::function<std::array<uint64_t, 3>(uint32_t dims, const std::array<uint64_t, 3> &global)>;

/// Binds every launch. `local_size` null takes the kernel's required size, else `chooser`'s;
/// an explicit size must equal a required one. Throws spvsim::Error naming the key.
std::vector<BoundLaunch> bindLaunches(const RunSpec &spec, std::span<const KernelSignature> kernels,
                                      const LocalSizeChooser &chooser);

/// The type of a specialization constant.
struct SpecConstantType {
  enum class Kind { Bool, Int, Float };
  Kind kind = Kind::Int;
  uint32_t bits = 32; ///< 1 for Bool
  bool operator==(const SpecConstantType &) const = default;
};

/// The SpecIds of a module (OpDecorate SpecId on OpSpecConstant{,True,False}) and their types.
std::map<uint32_t, SpecConstantType> specConstantTypes(const Module &module);

/// The spec constants' values as raw bits (zero-extended); a SpecId the module lacks or a
/// value that does not fit the constant's type is an error naming `spec_constants.<id>`.
SpecConstants bindSpecConstants(const RunSpec &spec,
                                const std::map<uint32_t, SpecConstantType> &types);

} // namespace spvsim::runfile
