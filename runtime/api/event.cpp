// Event entry points (OpenCL API §5.11): waiting, queries, user events,
// status callbacks and profiling.
#include "api/api.h"

using namespace spvsim;
using namespace spvsim::runtime;

CL_API_ENTRY cl_int CL_API_CALL clWaitForEvents(cl_uint num_events, const cl_event *event_list) {
  return api::guard("clWaitForEvents", [&]() -> cl_int {
    if (num_events == 0 || !event_list) return CL_INVALID_VALUE;
    std::vector<std::shared_ptr<Event>> events;
    for (cl_uint i = 0; i < num_events; ++i) {
      std::shared_ptr<Event> e = lookup<Event>(event_list[i]);
      if (!e) return CL_INVALID_EVENT;
      if (!events.empty() && &e->context() != &events[0]->context()) return CL_INVALID_CONTEXT;
      events.push_back(std::move(e));
    }
    bool failed = false;
    for (const auto &e : events) failed = e->wait() < 0 || failed;
    return failed ? CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST : CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetEventInfo(cl_event event, cl_event_info param_name,
                                               size_t param_value_size, void *param_value,
                                               size_t *param_value_size_ret) {
  return api::guard("clGetEventInfo", [&]() -> cl_int {
    std::shared_ptr<Event> e = lookup<Event>(event);
    if (!e) return CL_INVALID_EVENT;
    const size_t size = param_value_size;
    void *value = param_value;
    size_t *ret = param_value_size_ret;
    switch (param_name) {
    case CL_EVENT_COMMAND_QUEUE:
      return api::returnValue<cl_command_queue>(size, value, ret, e->queueHandle());
    case CL_EVENT_CONTEXT:
      return api::returnValue<cl_context>(size, value, ret, &e->context());
    case CL_EVENT_COMMAND_TYPE:
      return api::returnValue<cl_command_type>(size, value, ret, e->commandType());
    case CL_EVENT_COMMAND_EXECUTION_STATUS:
      return api::returnValue<cl_int>(size, value, ret, e->status());
    case CL_EVENT_REFERENCE_COUNT:
      return api::returnValue<cl_uint>(size, value, ret,
                                       Registry::instance().referenceCount(event));
    default:
      return CL_INVALID_VALUE;
    }
  });
}

CL_API_ENTRY cl_int CL_API_CALL clRetainEvent(cl_event event) {
  return Registry::instance().retain(event, ObjectKind::Event) ? CL_SUCCESS : CL_INVALID_EVENT;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseEvent(cl_event event) {
  return api::guard("clReleaseEvent", [&] {
    return Registry::instance().release(event, ObjectKind::Event) ? CL_SUCCESS : CL_INVALID_EVENT;
  });
}

CL_API_ENTRY cl_event CL_API_CALL clCreateUserEvent(cl_context context, cl_int *errcode_ret) {
  return api::guardObject<cl_event>("clCreateUserEvent", errcode_ret, [&](cl_event &out) -> cl_int {
    std::shared_ptr<Context> c = lookup<Context>(context);
    if (!c) return CL_INVALID_CONTEXT;
    out = publish(makeObject<Event>(c));
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clSetUserEventStatus(cl_event event, cl_int execution_status) {
  return api::guard("clSetUserEventStatus", [&]() -> cl_int {
    std::shared_ptr<Event> e = lookup<Event>(event);
    if (!e || !e->isUserEvent()) return CL_INVALID_EVENT;
    if (execution_status != CL_COMPLETE && execution_status >= 0) return CL_INVALID_VALUE;
    return e->setUserStatus(execution_status) ? CL_SUCCESS : CL_INVALID_OPERATION;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clSetEventCallback(cl_event event,
                                                   cl_int command_exec_callback_type,
                                                   EventCallback pfn_notify, void *user_data) {
  return api::guard("clSetEventCallback", [&]() -> cl_int {
    std::shared_ptr<Event> e = lookup<Event>(event);
    if (!e) return CL_INVALID_EVENT;
    if (!pfn_notify) return CL_INVALID_VALUE;
    if (command_exec_callback_type != CL_SUBMITTED && command_exec_callback_type != CL_RUNNING &&
        command_exec_callback_type != CL_COMPLETE)
      return CL_INVALID_VALUE;
    e->addCallback(command_exec_callback_type, pfn_notify, user_data);
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetEventProfilingInfo(cl_event event,
                                                        cl_profiling_info param_name,
                                                        size_t param_value_size, void *param_value,
                                                        size_t *param_value_size_ret) {
  return api::guard("clGetEventProfilingInfo", [&]() -> cl_int {
    std::shared_ptr<Event> e = lookup<Event>(event);
    if (!e) return CL_INVALID_EVENT;
    switch (param_name) {
    case CL_PROFILING_COMMAND_QUEUED:
    case CL_PROFILING_COMMAND_SUBMIT:
    case CL_PROFILING_COMMAND_START:
    case CL_PROFILING_COMMAND_END:
    case CL_PROFILING_COMMAND_COMPLETE:
      break;
    default:
      return CL_INVALID_VALUE;
    }
    // OpenCL API §5.11: not for user events, queues without profiling, or commands that
    // have not completed.
    cl_ulong time = 0;
    if (e->isUserEvent() || !e->profilingTime(param_name, time))
      return CL_PROFILING_INFO_NOT_AVAILABLE;
    return api::returnValue(param_value_size, param_value, param_value_size_ret, time);
  });
}
