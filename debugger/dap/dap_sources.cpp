// DapAdapter (dap_adapter.h): sources as the client sees them. A kernel's source file
// is given by its path; a source that is no file — a host program's OpenCL C built
// from a string, which the module calls "input.cl" (runtime/README.md) — by a
// sourceReference, whose text the `source` request returns (the text the prompt's
// `list` shows).
#include <algorithm>
#include <filesystem>

#include "dap_adapter.h"
#include "spvsim/common/error.h"

namespace spvsim::debugger::dap {

using nlohmann::json;

json DapAdapter::sourceOf(const std::string &moduleFile) const {
  const std::string name = std::filesystem::path(moduleFile).filename().string();
  const std::string path = clientPath(moduleFile);
  std::error_code ec;
  if (target_ && !std::filesystem::exists(path, ec) &&
      target_->debugger().sourceTexts().contains(moduleFile)) {
    auto it = std::find(referencedSources_.begin(), referencedSources_.end(), moduleFile);
    if (it == referencedSources_.end())
      it = referencedSources_.insert(referencedSources_.end(), moduleFile);
    return {{"name", name},
            {"sourceReference", int64_t(it - referencedSources_.begin()) + 1},
            {"origin", "the program's source string"}};
  }
  return {{"name", name}, {"path", path}};
}

void DapAdapter::source(const json &request) {
  requireLaunched();
  const json args = argumentsOf(request);
  // The reference is the source's, or the request's own (deprecated).
  int64_t reference = args.value("sourceReference", int64_t(0));
  std::string file;
  if (args.contains("source") && args["source"].is_object()) {
    const json &s = args["source"];
    reference = s.value("sourceReference", reference);
    file = s.value("path", s.value("name", std::string()));
  }
  if (reference > 0 && size_t(reference) <= referencedSources_.size())
    file = referencedSources_[size_t(reference - 1)];
  else if (reference > 0)
    throw Error("Unknown sourceReference " + std::to_string(reference) + ".");
  const auto &texts = target_->debugger().sourceTexts();
  auto it = texts.find(file);
  if (it == texts.end())
    for (auto t = texts.begin(); t != texts.end(); ++t)
      if (std::filesystem::path(t->first).filename() == std::filesystem::path(file).filename())
        it = t;
  if (it == texts.end())
    throw Error("No source text for \"" + file +
                "\" (a kernel's source file is read from its path).");
  channel_.respond(request, true, {{"content", it->second}, {"mimeType", "text/x-opencl"}});
}

} // namespace spvsim::debugger::dap
