// Command-queue entry points (OpenCL API §5.1): host queues, in order or out
// of order, with or without profiling; on-device queues are not supported.
#include "api/api.h"
#include "core/interrupt.h"

using namespace spvsim;
using namespace spvsim::runtime;

namespace {

constexpr cl_command_queue_properties kHostProperties =
    CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
constexpr cl_command_queue_properties kKnownProperties =
    kHostProperties | CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT;

cl_int createQueue(cl_context context, cl_device_id device, cl_command_queue_properties properties,
                   std::vector<cl_queue_properties> list, cl_command_queue &out) {
  std::shared_ptr<Context> c = lookup<Context>(context);
  if (!c) return CL_INVALID_CONTEXT;
  Device *d = api::findDevice(device);
  if (!d || !c->hasDevice(d)) return CL_INVALID_DEVICE;
  if (properties & ~kKnownProperties) return CL_INVALID_VALUE;
  if ((properties & CL_QUEUE_ON_DEVICE_DEFAULT) && !(properties & CL_QUEUE_ON_DEVICE))
    return CL_INVALID_VALUE;
  // CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES is 0: no device-side queues.
  if (properties & CL_QUEUE_ON_DEVICE) return CL_INVALID_QUEUE_PROPERTIES;
  out = publish(makeObject<Queue>(c, *d, properties, std::move(list)));
  return CL_SUCCESS;
}

} // namespace

CL_API_ENTRY cl_command_queue CL_API_CALL
clCreateCommandQueue(cl_context context, cl_device_id device,
                     cl_command_queue_properties properties, cl_int *errcode_ret) {
  return api::guardObject<cl_command_queue>(
      "clCreateCommandQueue", errcode_ret,
      [&](cl_command_queue &out) { return createQueue(context, device, properties, {}, out); });
}

CL_API_ENTRY cl_command_queue CL_API_CALL
clCreateCommandQueueWithProperties(cl_context context, cl_device_id device,
                                   const cl_queue_properties *properties, cl_int *errcode_ret) {
  return api::guardObject<cl_command_queue>(
      "clCreateCommandQueueWithProperties", errcode_ret, [&](cl_command_queue &out) -> cl_int {
        cl_command_queue_properties bits = 0;
        std::vector<cl_queue_properties> list;
        bool sizeGiven = false, bitsGiven = false, invalid = false;
        if (properties) {
          for (const cl_queue_properties *p = properties; *p && !invalid; p += 2) {
            if (p[0] == CL_QUEUE_PROPERTIES && !bitsGiven) {
              bits = static_cast<cl_command_queue_properties>(p[1]);
              bitsGiven = true;
            } else if (p[0] == CL_QUEUE_SIZE && !sizeGiven) {
              sizeGiven = true;
            } else {
              invalid = true; // unknown or repeated
            }
            list.push_back(p[0]);
            list.push_back(p[1]);
          }
          list.push_back(0);
        }
        std::shared_ptr<Context> c = lookup<Context>(context);
        if (!c) return CL_INVALID_CONTEXT;
        if (!api::findDevice(device)) return CL_INVALID_DEVICE;
        // CL_QUEUE_SIZE is for device-side queues only.
        if (invalid || (sizeGiven && !(bits & CL_QUEUE_ON_DEVICE))) return CL_INVALID_VALUE;
        return createQueue(context, device, bits, std::move(list), out);
      });
}

CL_API_ENTRY cl_int CL_API_CALL clRetainCommandQueue(cl_command_queue command_queue) {
  return Registry::instance().retain(command_queue, ObjectKind::Queue) ? CL_SUCCESS
                                                                       : CL_INVALID_COMMAND_QUEUE;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseCommandQueue(cl_command_queue command_queue) {
  return api::guard("clReleaseCommandQueue", [&] {
    // OpenCL API §5.1: an implicit flush; commands already enqueued still run.
    return Registry::instance().release(command_queue, ObjectKind::Queue)
               ? CL_SUCCESS
               : CL_INVALID_COMMAND_QUEUE;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetCommandQueueInfo(cl_command_queue command_queue,
                                                      cl_command_queue_info param_name,
                                                      size_t param_value_size, void *param_value,
                                                      size_t *param_value_size_ret) {
  return api::guard("clGetCommandQueueInfo", [&]() -> cl_int {
    std::shared_ptr<Queue> q = lookup<Queue>(command_queue);
    if (!q) return CL_INVALID_COMMAND_QUEUE;
    const size_t size = param_value_size;
    void *value = param_value;
    size_t *ret = param_value_size_ret;
    switch (param_name) {
    case CL_QUEUE_CONTEXT:
      return api::returnValue<cl_context>(size, value, ret, &q->context());
    case CL_QUEUE_DEVICE:
      return api::returnValue<cl_device_id>(size, value, ret, &q->device());
    case CL_QUEUE_REFERENCE_COUNT:
      return api::returnValue<cl_uint>(size, value, ret,
                                       Registry::instance().referenceCount(command_queue));
    case CL_QUEUE_PROPERTIES:
      return api::returnValue<cl_command_queue_properties>(size, value, ret, q->properties());
    case CL_QUEUE_PROPERTIES_ARRAY:
      return api::returnVector(size, value, ret, q->propertyList());
    case CL_QUEUE_DEVICE_DEFAULT:
      return api::returnValue<cl_command_queue>(size, value, ret, nullptr);
    case CL_QUEUE_SIZE:
      return CL_INVALID_COMMAND_QUEUE; // a host queue has no size (OpenCL API §5.1)
    default:
      return CL_INVALID_VALUE;
    }
  });
}

CL_API_ENTRY cl_int CL_API_CALL clSetCommandQueueProperty(cl_command_queue command_queue,
                                                          cl_command_queue_properties properties,
                                                          cl_bool enable,
                                                          cl_command_queue_properties *old) {
  (void)properties;
  (void)enable;
  (void)old;
  // OpenCL 1.0 only, removed in 1.1: queues keep the properties they were created with.
  return lookup<Queue>(command_queue) ? CL_INVALID_OPERATION : CL_INVALID_COMMAND_QUEUE;
}

CL_API_ENTRY cl_int CL_API_CALL clSetDefaultDeviceCommandQueue(cl_context context,
                                                               cl_device_id device,
                                                               cl_command_queue command_queue) {
  std::shared_ptr<Context> c = lookup<Context>(context);
  if (!c) return CL_INVALID_CONTEXT;
  Device *d = api::findDevice(device);
  if (!d || !c->hasDevice(d)) return CL_INVALID_DEVICE;
  (void)command_queue;
  // CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES has no CL_DEVICE_QUEUE_REPLACEABLE_DEFAULT, and
  // no queue can be an on-device one: CL_INVALID_OPERATION whatever the queue.
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clFlush(cl_command_queue command_queue) {
  // Commands are submitted as soon as they are enqueued.
  return lookup<Queue>(command_queue) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
}

CL_API_ENTRY cl_int CL_API_CALL clFinish(cl_command_queue command_queue) {
  return api::guard("clFinish", [&]() -> cl_int {
    std::shared_ptr<Queue> q = lookup<Queue>(command_queue);
    if (!q) return CL_INVALID_COMMAND_QUEUE;
    q->finish();
    // After a Ctrl-C under `spvsim exec` the program learns that its kernels stopped.
    return interruptedByUser() ? CL_OUT_OF_RESOURCES : CL_SUCCESS;
  });
}
