// Context (see context.h).
#include "core/context.h"

namespace spvsim::runtime {

Context::Context(Device &device, std::vector<cl_context_properties> properties,
                 ContextNotify notify, void *userData)
    : device_(device), properties_(std::move(properties)), notify_(notify), userData_(userData),
      memory_(device.globalMemSize()) {}

Context::~Context() {
  // OpenCL API §4.4 (clSetContextDestructorCallback): in reverse order of registration.
  for (auto it = destructors_.rbegin(); it != destructors_.rend(); ++it)
    it->first(this, it->second);
}

void Context::notify(const std::string &message) const {
  if (notify_) notify_(message.c_str(), nullptr, 0, userData_);
}

void Context::addDestructorCallback(ContextDestructor callback, void *userData) {
  std::lock_guard lock(mutex_);
  destructors_.emplace_back(callback, userData);
}

} // namespace spvsim::runtime
