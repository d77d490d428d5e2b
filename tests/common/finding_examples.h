// A finding for the tests of findings and their sinks: an out-of-bounds read.
#pragma once

#include <cstdint>
#include <string>

#include "spvsim/common/finding.h"

namespace spvsim::test {

/// A 4-byte read past the end of global `buffer` (4096 bytes) at instruction `site`.
inline Finding oob(uint64_t site, const std::string &buffer) {
  Finding f;
  f.kind = "oob.global.read";
  f.message = "read of 4 bytes past the end of buffer";
  f.site = site;
  f.memory = MemoryRef{"global", buffer, 4096, 4};
  return f;
}

} // namespace spvsim::test
