// Suppressions: findings a user has accepted (`spvsim run` and `spvsim exec`
// `--suppress KIND[@FILE:LINE]`, `--suppressions FILE`; the runtime's SPVSIM_SUPPRESS),
// left out of what is printed, reported and counted.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "spvsim/common/finding.h"

namespace spvsim {

class Suppressions {
public:
  /// Adds one rule: KIND, a kind ending in `*` for every kind it starts (`race.*`), or
  /// either followed by `@FILE:LINE` (FILE matches a finding's file or its last path
  /// components). Throws spvsim::Error naming `where` for a malformed rule.
  void add(const std::string &rule, const std::string &where);
  /// Adds the rules of a file: one per line, `#` starts a comment, blank lines ignored.
  void addFile(const std::string &file);

  /// True when a rule accepts the finding.
  bool matches(const Finding &f) const;
  bool empty() const { return rules_.empty(); }

private:
  struct Rule {
    std::string kind; ///< exact kind, or prefix when `prefix`
    bool prefix = false;
    std::string file; ///< "" for every location
    uint32_t line = 0;
  };
  std::vector<Rule> rules_;
};

} // namespace spvsim
