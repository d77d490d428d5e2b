// SHA-256 (FIPS 180-4) without LLVM: the build cache names and checks its entries with
// it both in the front end's module and in the loader, which answers cache hits without
// loading clang and LLVM (frontend_module.h).
#pragma once

#include <string>
#include <string_view>

namespace spvsim::frontend {

/// The SHA-256 digest of `data` as 64 lower-case hexadecimal digits.
std::string sha256Hex(std::string_view data);

} // namespace spvsim::frontend
