// Loader: turns a .spv binary (either endianness) or .spvasm text into a
// Module with spvBinaryParse. Malformed input raises spvsim::Error with a
// message naming the file and the word offset; it never crashes.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "spvsim/validator/module.h"

namespace spvsim {

/// Parses SPIR-V words (host-endian or byte-swapped) into a module view.
/// `sourceName` is used in error messages and as Module::sourceName().
std::shared_ptr<const Module> loadBinary(std::span<const uint32_t> words,
                                         const std::string &sourceName);

/// Parses raw bytes of a .spv file (size must be a multiple of 4).
std::shared_ptr<const Module> loadBinaryBytes(std::span<const std::byte> bytes,
                                              const std::string &sourceName);

/// Assembles SPIR-V assembly text (as SPIR-V 1.0 unless the text needs a later
/// version), then parses it.
std::shared_ptr<const Module> loadAssembly(std::string_view text, const std::string &sourceName);

/// Reads a file and loads it: `.spvasm` as assembly, anything else as binary.
std::shared_ptr<const Module> loadFile(const std::string &path);

} // namespace spvsim
