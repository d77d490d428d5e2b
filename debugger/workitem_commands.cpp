// CommandLoop (command_loop.h): the work-items of a launch — `workitem` (the focus)
// and `info workitems` (where each work-item of the running group is, grouped).
#include "command_loop.h"

#include <algorithm>
#include <sstream>

#include "spvsim/common/error.h"

namespace spvsim::debugger {

void CommandLoop::cmdWorkitem(const std::string &args) {
  std::istringstream in(args);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  if (words.empty()) {
    *out_ << "Focus: work-item " << workItemText(session_.focus) << "\n";
    return;
  }
  GlobalId id{0, 0, 0};
  if (words[0] == "group") {
    // workitem group G... local L...
    auto local = std::find(words.begin(), words.end(), "local");
    if (local == words.end()) throw Error("Usage: workitem group GX [GY GZ] local LX [LY LZ]");
    const LaunchContext *L = session_.launch();
    if (!L) throw Error("The kernel is not being run.");
    std::vector<uint64_t> g, l;
    for (auto it = words.begin() + 1; it != local; ++it) g.push_back(std::stoull(*it));
    for (auto it = local + 1; it != words.end(); ++it) l.push_back(std::stoull(*it));
    for (uint32_t d = 0; d < 3; ++d)
      id[d] = (d < g.size() ? g[d] : 0) * L->localSize[d] + (d < l.size() ? l[d] : 0) +
              L->range.offset[d];
  } else {
    for (size_t d = 0; d < words.size() && d < 3; ++d) id[d] = std::stoull(words[d]);
  }
  if (const LaunchContext *L = session_.launch())
    for (uint32_t d = 0; d < 3; ++d)
      if (id[d] < L->range.offset[d] || id[d] >= L->range.offset[d] + L->range.global[d])
        throw Error("Work-item " + workItemText(id) + " is outside the NDRange.");
  session_.focus = id;
  *out_ << "[Switching focus to work-item " << workItemText(id) << "]\n";
  if (session_.stopped()) {
    auto found = session_.findWorkItem(id);
    if (!found) {
      *out_ << "Its work-group is not running now; it stops when it reaches a breakpoint or "
               "is stepped.\n";
      return;
    }
    const uint32_t at = session_.instructionOf(*found->first, found->second);
    if (!((found->first->live >> found->second) & 1)) {
      *out_ << "It has finished.\n";
    } else if (DebugSession::notStarted(*found->first, found->second)) {
      *out_ << "It has not started (its warp has not run yet).\n";
    } else if (at != kNone) {
      *out_ << "at " << whereText(at) << "\n";
      if (uint32_t line = session_.info().lineOf(at))
        printSourceLine(session_.info().fileOf(at), line);
    }
  }
}

void CommandLoop::infoWorkitems() {
  if (!requireStopped()) return;
  const GroupState *g = session_.group();
  if (!g) throw Error("No work-group is running.");
  std::ostream &out = *out_;
  out << "Work-group " << workItemText(g->id) << ", " << g->items << " work-items:\n";
  // Work-items grouped by where they are, in order of first appearance; each with its
  // index in the group's order (warps and lanes: local ids, x fastest).
  std::vector<std::pair<std::string, std::vector<std::pair<GlobalId, uint32_t>>>> places;
  uint32_t linear = 0;
  for (Warp &w : session_.warps())
    for (uint32_t l = 0; l < session_.launch()->kernel->warpWidth; ++l) {
      if (!((w.present >> l) & 1)) continue;
      std::string place;
      const uint64_t bit = uint64_t(1) << l;
      if (!(w.live & bit)) {
        place = "finished";
      } else if (DebugSession::notStarted(w, l)) {
        place = "not started";
      } else {
        bool barrier = false;
        for (const auto &p : w.parked) barrier |= (p.lanes & bit) != 0;
        const uint32_t at = session_.instructionOf(w, l);
        place =
            (barrier ? "at a barrier, resuming at " : "at ") + (at == kNone ? "?" : whereText(at));
      }
      auto it =
          std::find_if(places.begin(), places.end(), [&](auto &p) { return p.first == place; });
      if (it == places.end()) places.push_back({place, {}}), it = places.end() - 1;
      it->second.push_back({session_.globalIdOf(w, l), linear++});
    }
  for (const auto &[place, items] : places) {
    out << "  " << items.size() << " " << (items.size() == 1 ? "work-item " : "work-items ");
    // Ranges of work-items consecutive in the group's order, as cuda-gdb's `info cuda
    // threads` gives them: (0, 2)-(15, 15) is rows 2 to 15 of a 16-wide group.
    std::string list;
    for (size_t i = 0; i < items.size();) {
      size_t j = i;
      while (j + 1 < items.size() && items[j + 1].second == items[j].second + 1) ++j;
      list += (list.empty() ? "" : ", ") + workItemText(items[i].first);
      if (j > i) list += "-" + workItemText(items[j].first);
      i = j + 1;
    }
    out << list << " " << place << "\n";
  }
  out << "Focus: work-item " << workItemText(session_.focus) << "\n";
}

} // namespace spvsim::debugger
