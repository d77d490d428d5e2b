// The dump of a buffer as oclgrind-kernel prints it for a `.sim` file's `dump`, so that
// the reference outputs kept for Oclgrind compare with spvsim's:
//
//   (blank line)
//   Argument 'out': 16 bytes
//     out[0] = 1
//     out[1] = 0.5
//   (blank line)
//
// One line per component of the argument's type; char and uchar as integers; floats and
// doubles as C++ streams print them by default (printf's %g, 6 significant digits);
// with `hex`, "0x" and the value in lower-case hexadecimal, zero-padded to two digits per
// byte (a negative char or short as its int or short's bits).
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "spvsim/runfile/values.h"

namespace spvsim::runfile {

/// One component (the low bits of `bits`) of `type` as oclgrind-kernel prints it.
std::string formatOclgrindValue(ScalarType type, uint64_t bits, bool hex);

/// Prints `count` components of `type` stored little-endian in `bytes`, asking `stop`
/// every few thousand lines (spvsim::Interrupted when it says stop).
void writeOclgrindDump(std::ostream &out, std::string_view name, ScalarType type, uint64_t count,
                       std::span<const std::byte> bytes, bool hex, const StopCheck &stop = {});

} // namespace spvsim::runfile
