// Weak topological ordering of a CFG (Bourdoncle, "Efficient chaotic
// iteration strategies with widenings", 1993), iterative to bound host stack use.
#include "lower/block_order.h"

#include <algorithm>
#include <limits>

namespace spvsim {

namespace {

class Wto {
public:
  explicit Wto(const std::vector<std::vector<uint32_t>> &succ)
      : succ_(succ), dfn_(succ.size(), 0) {}

  std::vector<uint32_t> run(uint32_t entry) {
    std::vector<uint32_t> reversed;
    visit(entry, reversed);
    std::reverse(reversed.begin(), reversed.end());
    return reversed;
  }

private:
  static constexpr uint32_t kDone = std::numeric_limits<uint32_t>::max();

  // A frame of the (explicit) recursion of Bourdoncle's visit().
  struct Frame {
    uint32_t v;
    uint32_t head;
    bool loop;
    size_t next; // next successor to look at
    std::vector<uint32_t> *out;
  };

  // Appends to `out` in reverse order (Bourdoncle prepends).
  uint32_t visit(uint32_t root, std::vector<uint32_t> &out) {
    std::vector<Frame> frames;
    std::vector<std::vector<uint32_t>> componentOuts; // owned partitions for components
    uint32_t result = 0;
    auto enter = [&](uint32_t v, std::vector<uint32_t> *o) {
      stack_.push_back(v);
      dfn_[v] = ++num_;
      frames.push_back({v, dfn_[v], false, 0, o});
    };
    enter(root, &out);
    while (!frames.empty()) {
      Frame &f = frames.back();
      if (f.next < succ_[f.v].size()) {
        uint32_t w = succ_[f.v][f.next++];
        if (dfn_[w] == 0) {
          enter(w, f.out);
          continue; // its result is folded in when it returns
        }
        if (dfn_[w] <= f.head) f.head = dfn_[w], f.loop = true;
        continue;
      }
      // All successors seen: finish v.
      uint32_t v = f.v, head = f.head;
      bool loop = f.loop;
      std::vector<uint32_t> *o = f.out;
      if (head == dfn_[v]) {
        dfn_[v] = kDone;
        uint32_t element = pop();
        if (loop) {
          while (element != v) {
            dfn_[element] = 0;
            element = pop();
          }
          // component(v): visit v's successors afresh into their own partition.
          std::vector<uint32_t> inner;
          for (uint32_t w : succ_[v])
            if (dfn_[w] == 0) visit(w, inner);
          // Bourdoncle: prepend (v inner...) — reversed that is (...inner reversed, v).
          o->insert(o->end(), inner.begin(), inner.end());
          o->push_back(v);
        } else {
          o->push_back(v);
        }
      }
      frames.pop_back();
      result = head;
      if (!frames.empty()) {
        Frame &parent = frames.back();
        if (head <= parent.head) parent.head = head, parent.loop = true;
      }
    }
    return result;
  }

  uint32_t pop() {
    uint32_t v = stack_.back();
    stack_.pop_back();
    return v;
  }

  const std::vector<std::vector<uint32_t>> &succ_;
  std::vector<uint32_t> dfn_;
  std::vector<uint32_t> stack_;
  uint32_t num_ = 0;
};

} // namespace

std::vector<uint32_t> weakTopologicalOrder(const std::vector<std::vector<uint32_t>> &successors,
                                           uint32_t entry) {
  return Wto(successors).run(entry);
}

} // namespace spvsim
