// Context: the devices (spvsim's one device), the properties and callbacks
// the application gave (OpenCL API §4.4), and the GlobalMemory that holds
// every buffer of the context, so that pointers stored in one buffer stay
// valid in another, and its SVM allocations.
#pragma once

#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "core/cl.h"
#include "core/device.h"
#include "core/object.h"
#include "core/svm.h"
#include "spvsim/interpreter/global_memory.h"

namespace spvsim::runtime {

using ContextNotify = void(CL_CALLBACK *)(const char *, const void *, size_t, void *);
using ContextDestructor = void(CL_CALLBACK *)(cl_context, void *);

class Context : public _cl_context {
public:
  static constexpr ObjectKind kKind = ObjectKind::Context;
  Context(Device &device, std::vector<cl_context_properties> properties, ContextNotify notify,
          void *userData);
  ~Context();

  Device &device() const { return device_; }
  bool hasDevice(const void *device) const { return device == &device_; }
  /// The properties as given, 0-terminated (empty when none were given).
  const std::vector<cl_context_properties> &properties() const { return properties_; }
  GlobalMemory &memory() { return memory_; }
  /// The context's coarse-grained SVM allocations (clSVMAlloc).
  SvmHeap &svm() { return svm_; }

  /// Tells the application about an error that happened outside any call (pfn_notify).
  void notify(const std::string &message) const;
  void addDestructorCallback(ContextDestructor callback, void *userData);
  /// The number that names the next buffer in findings ("buffer 3").
  uint32_t nextBufferNumber() { return ++buffers_; }

private:
  Device &device_;
  std::vector<cl_context_properties> properties_;
  ContextNotify notify_;
  void *userData_;
  GlobalMemory memory_;
  SvmHeap svm_{memory_};
  std::mutex mutex_;
  std::vector<std::pair<ContextDestructor, void *>> destructors_;
  std::atomic<uint32_t> buffers_{0};
};

} // namespace spvsim::runtime
