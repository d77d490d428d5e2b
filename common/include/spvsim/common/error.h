// Error: the exception for bad user input (module, run file, arguments).
// Its message is complete and names the problem; callers print it as is.
#pragma once

#include <stdexcept>
#include <string>

namespace spvsim {

class Error : public std::runtime_error {
public:
  explicit Error(const std::string &message) : std::runtime_error(message) {}
};

/// The interpreter met something it does not implement (exit status 3 in the CLI).
class Unsupported : public std::runtime_error {
public:
  explicit Unsupported(const std::string &message) : std::runtime_error(message) {}
};

} // namespace spvsim
