// CheckSet: parsing and printing of check lists (see checks.h).
#include "spvsim/interpreter/checks.h"

#include <array>
#include <utility>

#include "spvsim/common/error.h"

namespace spvsim {
namespace {

constexpr std::array<std::pair<std::string_view, Check>, 9> kNames{{
    {"bounds", Check::Bounds},
    {"access", Check::Access},
    {"barriers", Check::Barriers},
    {"collectives", Check::Collectives},
    {"ub", Check::Ub},
    {"timeout", Check::Timeout},
    {"races", Check::Races},
    {"uninit", Check::Uninit},
    {"misaligned", Check::Misaligned},
}};

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

} // namespace

CheckSet CheckSet::parse(std::string_view list) {
  uint32_t bits = 0;
  bool any = false;
  while (true) {
    const size_t comma = list.find(',');
    const std::string_view item = trim(list.substr(0, comma));
    if (!item.empty()) {
      any = true;
      if (item == "all") {
        bits = kAll;
      } else {
        bool known = false;
        for (const auto &[name, check] : kNames)
          if (item == name) {
            bits |= uint32_t(check);
            known = true;
          }
        if (!known)
          throw Error("unknown check '" + std::string(item) + "' (known: " + checkNames() + ")");
      }
    }
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  if (!any) throw Error(std::string("no check named (known: ") + checkNames() + ")");
  return only(bits);
}

std::string CheckSet::describe() const {
  if (bits_ == kAll) return "all";
  std::string text;
  for (const auto &[name, check] : kNames)
    if (has(check)) {
      if (!text.empty()) text += ',';
      text += name;
    }
  return text;
}

const char *checkNames() {
  return "all, bounds, access, barriers, collectives, ub, timeout, races, uninit, misaligned";
}

} // namespace spvsim
