// The registry of live handles (see object.h).
#include "core/object.h"

namespace spvsim::runtime {

namespace {

/// A shared_ptr that owns nothing, for objects that live as long as the process.
struct NoDelete {
  void operator()(Handle *) const {}
};

} // namespace

Registry &Registry::instance() {
  // Never destroyed: objects the application did not release stay valid while the
  // process exits (worker threads may still be finishing commands).
  static Registry *registry = std::make_unique<Registry>().release();
  return *registry;
}

void Registry::publish(std::shared_ptr<Handle> object) {
  std::lock_guard lock(mutex_);
  const void *key = object.get();
  ObjectKind kind = object->kind;
  live_[key] = Entry{std::move(object), kind, 1};
}

void Registry::publishForever(Handle *object) {
  std::lock_guard lock(mutex_);
  live_[object] = Entry{std::shared_ptr<Handle>(object, NoDelete{}), object->kind, 1};
}

std::shared_ptr<Handle> Registry::find(const void *handle, ObjectKind kind) const {
  if (!handle) return nullptr;
  std::lock_guard lock(mutex_);
  auto it = live_.find(handle);
  if (it == live_.end() || it->second.kind != kind) return nullptr;
  return it->second.owner;
}

bool Registry::retain(const void *handle, ObjectKind kind) {
  if (!handle) return false;
  std::lock_guard lock(mutex_);
  auto it = live_.find(handle);
  if (it == live_.end() || it->second.kind != kind) return false;
  ++it->second.references;
  return true;
}

bool Registry::release(const void *handle, ObjectKind kind) {
  if (!handle) return false;
  std::shared_ptr<Handle> last;
  {
    std::lock_guard lock(mutex_);
    auto it = live_.find(handle);
    if (it == live_.end() || it->second.kind != kind) return false;
    if (--it->second.references > 0) return true;
    last = std::move(it->second.owner);
    live_.erase(it);
  }
  return true; // `last` goes out of scope here, outside the lock
}

uint32_t Registry::referenceCount(const void *handle) const {
  std::lock_guard lock(mutex_);
  auto it = live_.find(handle);
  return it == live_.end() ? 0 : it->second.references;
}

} // namespace spvsim::runtime
