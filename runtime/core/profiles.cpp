// The process's profiles (see profiles.h).
#include "core/profiles.h"

#include <algorithm>
#include <memory>

#include "core/findings.h"
#include "spvsim/interpreter/profile_summary.h"

namespace spvsim::runtime {

ProfileLog &ProfileLog::get() {
  // Never destroyed, as the FindingLog that writes its profiles at exit.
  static ProfileLog *log = std::make_unique<ProfileLog>().release();
  return *log;
}

void ProfileLog::add(uint64_t program, const Module &module, const std::string &kernel,
                     const KernelProfile &launch, const std::string *source) {
  std::lock_guard lock(mutex_);
  auto entry = std::find_if(entries_.begin(), entries_.end(), [&](const Entry &e) {
    return e.program == program && e.kernel == kernel;
  });
  if (entry == entries_.end()) entry = entries_.insert(entries_.end(), {program, kernel, {}});
  addProfile(entry->profile, launch);
  // Summed up again at every launch of the kernel, while its module is at hand: the
  // report stays whole if the program ends without exiting. Only this kernel's entry
  // of the report changes.
  ProfileSummary summary = summarizeProfile(module, kernel, entry->profile);
  if (source) summary.sources["input.cl"] = *source;
  FindingLog::get().setProfile(static_cast<size_t>(entry - entries_.begin()), profileJson(summary));
}

} // namespace spvsim::runtime
