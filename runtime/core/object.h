// Handles and their registry. Every object the runtime hands out (platform,
// device, context, queue, mem, program, kernel, event, sampler) begins with
// the ICD dispatch table pointer (cl_khr_icd: the loader calls through it),
// then its kind. The registry knows which handles the application holds and
// their reference counts, so an entry point given a released, foreign or
// garbage handle returns the spec's error without touching it.
//
// Lifetime: the registry holds one shared_ptr per live handle for the
// application's references (clRetain*/clRelease*); objects hold shared_ptrs
// to what they depend on (a queue its context, a kernel its program, a
// command its buffers). An object is destroyed when the application has
// released it and nothing uses it any more (OpenCL API §5.5.1, §5.8.2).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "core/cl.h"
#include "core/quarantine.h"

namespace spvsim::runtime {

enum class ObjectKind : uint8_t {
  Platform,
  Device,
  Context,
  Queue,
  Mem,
  Program,
  Kernel,
  Event,
  Sampler
};

/// The ICD dispatch table every handle points to (api/dispatch.cpp).
const cl_icd_dispatch *icdDispatchTable();

/// The first bytes of every handle. No virtual functions: the dispatch pointer must be
/// the object's first word.
struct Handle {
  explicit Handle(ObjectKind k) : dispatch(icdDispatchTable()), kind(k) {}
  const cl_icd_dispatch *dispatch;
  ObjectKind kind;
};

} // namespace spvsim::runtime

// The opaque structs of cl.h, completed: each is a Handle of one kind.
struct _cl_platform_id : spvsim::runtime::Handle {
  _cl_platform_id() : Handle(spvsim::runtime::ObjectKind::Platform) {}
};
struct _cl_device_id : spvsim::runtime::Handle {
  _cl_device_id() : Handle(spvsim::runtime::ObjectKind::Device) {}
};
struct _cl_context : spvsim::runtime::Handle {
  _cl_context() : Handle(spvsim::runtime::ObjectKind::Context) {}
};
struct _cl_command_queue : spvsim::runtime::Handle {
  _cl_command_queue() : Handle(spvsim::runtime::ObjectKind::Queue) {}
};
struct _cl_mem : spvsim::runtime::Handle {
  _cl_mem() : Handle(spvsim::runtime::ObjectKind::Mem) {}
};
struct _cl_program : spvsim::runtime::Handle {
  _cl_program() : Handle(spvsim::runtime::ObjectKind::Program) {}
};
struct _cl_kernel : spvsim::runtime::Handle {
  _cl_kernel() : Handle(spvsim::runtime::ObjectKind::Kernel) {}
};
struct _cl_event : spvsim::runtime::Handle {
  _cl_event() : Handle(spvsim::runtime::ObjectKind::Event) {}
};
struct _cl_sampler : spvsim::runtime::Handle {
  _cl_sampler() : Handle(spvsim::runtime::ObjectKind::Sampler) {}
};

namespace spvsim::runtime {

/// The handles the application holds.
class Registry {
public:
  static Registry &instance();

  /// Hands `object` to the application with one reference.
  void publish(std::shared_ptr<Handle> object);
  /// An object that lives as long as the process (the platform and its device).
  void publishForever(Handle *object);
  /// The live object of `kind` behind `handle`, or null.
  std::shared_ptr<Handle> find(const void *handle, ObjectKind kind) const;
  /// clRetain*: false when the handle is not a live object of `kind`.
  bool retain(const void *handle, ObjectKind kind);
  /// clRelease*: false when the handle is not a live object of `kind`. The application's
  /// reference is dropped outside the registry's lock (destructors may call back in).
  bool release(const void *handle, ObjectKind kind);
  /// The application's reference count (0 once released).
  uint32_t referenceCount(const void *handle) const;

private:
  struct Entry {
    std::shared_ptr<Handle> owner; ///< null for objects that live forever
    ObjectKind kind;
    uint32_t references;
  };
  mutable std::mutex mutex_;
  std::unordered_map<const void *, Entry> live_;
};

/// The live object of type T behind a handle, or null.
template <class T> std::shared_ptr<T> lookup(const void *handle) {
  return std::static_pointer_cast<T>(Registry::instance().find(handle, T::kKind));
}

/// Publishes a new object (made by makeObject) and returns its handle.
template <class T> T *publish(std::shared_ptr<T> object) {
  T *handle = object.get();
  Registry::instance().publish(std::move(object));
  return handle;
}

} // namespace spvsim::runtime
