// Checks on the inputs of a link (see link_check.h).
#include "core/link_check.h"

#include <map>

#include "spvsim/common/error.h"
#include "spvsim/validator/loader.h"

namespace spvsim::runtime {

std::string duplicateExports(const std::vector<std::vector<uint32_t>> &modules) {
  // Symbol -> the objects (1-based) exporting it, in link order.
  std::map<std::string, std::vector<size_t>> exporters;
  for (size_t i = 0; i < modules.size(); ++i) {
    std::shared_ptr<const Module> m;
    try {
      m = loadBinary(modules[i], "object " + std::to_string(i + 1));
    } catch (const Error &) {
      continue; // spirv-link reports it
    }
    // Functions and program-scope variables are what a module can export.
    std::vector<uint32_t> symbols;
    for (const Function &f : m->functions()) symbols.push_back(f.id);
    for (uint32_t index : m->globalVariables()) symbols.push_back(m->instruction(index).resultId);
    for (uint32_t id : symbols) {
      for (const Decoration &d : m->decorations(id)) {
        if (d.decoration != spv::Decoration::LinkageAttributes || d.literals.empty() ||
            d.literals.back() != uint32_t(spv::LinkageType::Export))
          continue;
        auto &objects = exporters[d.text];
        if (objects.empty() || objects.back() != i + 1) objects.push_back(i + 1);
      }
    }
  }
  std::string log;
  for (const auto &[symbol, objects] : exporters) {
    if (objects.size() < 2) continue;
    log += "error: symbol '" + symbol + "' is defined by more than one object: ";
    for (size_t k = 0; k < objects.size(); ++k)
      log += (k == 0                    ? ""
              : k + 1 == objects.size() ? " and "
                                        : ", ") +
             std::string("object ") + std::to_string(objects[k]);
    log += " (objects are numbered in the order of input_programs)\n";
  }
  return log;
}

} // namespace spvsim::runtime
