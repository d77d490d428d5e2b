/* Invalid calls (OpenCL API, the error list of each entry point): every
 * entry point given a released handle, a pointer that is no handle at all,
 * NULL where it is not allowed, and bad sizes or flags returns the spec's
 * error and touches nothing. Also the optional features the device does not
 * have (pipes, SVM, OpenGL/EGL sharing) and the errors the spec prescribes
 * when they are used. */
#include "harness.h"

#include <CL/cl_egl.h>
#include <CL/cl_gl.h>

/* A returned object must be NULL and the error code `expected`. */
#define EXPECT_NULL(expected, call)                                                                \
  do {                                                                                             \
    cl_int err_ = 12345;                                                                           \
    void *object_ = (void *)(call);                                                                \
    (void)object_;                                                                                 \
    CHECK(object_ == NULL);                                                                        \
    EXPECT_ERR(expected, err_);                                                                    \
  } while (0)

static void CL_CALLBACK neverCalled(void *args) {
  (void)args;
  abort();
}

int main(void) {
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  spvsimContext(&device, &context, &queue);
  cl_int err;
  char garbage[256];
  memset(garbage, 0x41, sizeof garbage);
  void *junk = garbage;

  /* Released objects of every kind. */
  cl_context deadContext = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  OK(clReleaseContext(deadContext));
  cl_command_queue deadQueue = clCreateCommandQueueWithProperties(context, device, NULL, &err);
  OK(clReleaseCommandQueue(deadQueue));
  cl_mem deadMem = clCreateBuffer(context, 0, 64, NULL, &err);
  OK(clReleaseMemObject(deadMem));
  cl_program program =
      buildSource(context, device, "__kernel void k(__global int *p) { p[0] = 1; }", "");
  cl_program deadProgram = buildSource(context, device, "__kernel void k(void) {}", "");
  OK(clReleaseProgram(deadProgram));
  cl_kernel kernel = clCreateKernel(program, "k", &err);
  cl_kernel deadKernel = clCreateKernel(program, "k", &err);
  OK(clReleaseKernel(deadKernel));
  cl_event deadEvent = clCreateUserEvent(context, &err);
  OK(clReleaseEvent(deadEvent));
  cl_mem buffer = clCreateBuffer(context, 0, 64, NULL, &err);
  OK(clSetKernelArg(kernel, 0, sizeof buffer, &buffer));
  char host[64];
  size_t size = 0, n = 1;

  /* Platform and device. */
  EXPECT_ERR(CL_INVALID_PLATFORM,
             clGetPlatformInfo((cl_platform_id)junk, CL_PLATFORM_NAME, 64, host, NULL));
  EXPECT_ERR(CL_INVALID_PLATFORM,
             clGetDeviceIDs((cl_platform_id)junk, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
  EXPECT_ERR(CL_INVALID_PLATFORM, clUnloadPlatformCompiler((cl_platform_id)junk));
  EXPECT_ERR(CL_INVALID_DEVICE,
             clGetDeviceInfo((cl_device_id)junk, CL_DEVICE_NAME, 64, host, NULL));
  EXPECT_ERR(CL_INVALID_DEVICE, clRetainDevice((cl_device_id)junk));
  EXPECT_ERR(CL_INVALID_DEVICE, clReleaseDevice((cl_device_id)junk));
  EXPECT_ERR(CL_INVALID_DEVICE, clCreateSubDevices((cl_device_id)junk, NULL, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clCreateSubDevices(device, NULL, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_DEVICE, clGetDeviceAndHostTimer((cl_device_id)junk, NULL, NULL));
  EXPECT_ERR(CL_INVALID_DEVICE, clGetHostTimer(NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clGetHostTimer(device, NULL));

  /* Contexts. */
  cl_context contexts[] = {deadContext, (cl_context)junk, NULL};
  for (int i = 0; i < 3; ++i) {
    cl_context c = contexts[i];
    EXPECT_ERR(CL_INVALID_CONTEXT, clRetainContext(c));
    EXPECT_ERR(CL_INVALID_CONTEXT, clReleaseContext(c));
    EXPECT_ERR(CL_INVALID_CONTEXT, clGetContextInfo(c, CL_CONTEXT_NUM_DEVICES, 64, host, NULL));
    EXPECT_ERR(CL_INVALID_CONTEXT, clSetContextDestructorCallback(c, NULL, NULL));
    EXPECT_NULL(CL_INVALID_CONTEXT, clCreateCommandQueueWithProperties(c, device, NULL, &err_));
    EXPECT_NULL(CL_INVALID_CONTEXT, clCreateCommandQueue(c, device, 0, &err_));
    EXPECT_NULL(CL_INVALID_CONTEXT, clCreateBuffer(c, 0, 64, NULL, &err_));
    EXPECT_NULL(CL_INVALID_CONTEXT, clCreateBufferWithProperties(c, NULL, 0, 64, NULL, &err_));
    const char *src = "x";
    EXPECT_NULL(CL_INVALID_CONTEXT, clCreateProgramWithSource(c, 1, &src, NULL, &err_));
    EXPECT_NULL(CL_INVALID_CONTEXT, clCreateProgramWithIL(c, garbage, 64, &err_));
    const unsigned char *bin = (const unsigned char *)garbage;
    EXPECT_NULL(CL_INVALID_CONTEXT,
                clCreateProgramWithBinary(c, 1, &device, &n, &bin, NULL, &err_));
    EXPECT_NULL(CL_INVALID_CONTEXT, clCreateProgramWithBuiltInKernels(c, 1, &device, "k", &err_));
    EXPECT_NULL(CL_INVALID_CONTEXT,
                clLinkProgram(c, 0, NULL, NULL, 1, &program, NULL, NULL, &err_));
    EXPECT_NULL(CL_INVALID_CONTEXT, clCreateUserEvent(c, &err_));
    EXPECT_NULL(CL_INVALID_CONTEXT, clCreateImage(c, 0, NULL, NULL, NULL, &err_));
    EXPECT_NULL(CL_INVALID_CONTEXT,
                clCreateSampler(c, CL_FALSE, CL_ADDRESS_NONE, CL_FILTER_NEAREST, &err_));
    EXPECT_NULL(CL_INVALID_CONTEXT, clCreatePipe(c, 0, 4, 4, NULL, &err_));
    EXPECT_ERR(CL_INVALID_CONTEXT,
               clGetSupportedImageFormats(c, 0, CL_MEM_OBJECT_IMAGE2D, 0, NULL, NULL));
  }
  EXPECT_ERR(CL_INVALID_DEVICE, clSetDefaultDeviceCommandQueue(context, (cl_device_id)junk, queue));

  /* Queues. */
  cl_command_queue queues[] = {deadQueue, (cl_command_queue)junk, NULL};
  const size_t origin[3] = {0, 0, 0}, region[3] = {4, 1, 1};
  for (int i = 0; i < 3; ++i) {
    cl_command_queue q = queues[i];
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clRetainCommandQueue(q));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clReleaseCommandQueue(q));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, 64, host, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clFlush(q));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clFinish(q));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clEnqueueReadBuffer(q, buffer, CL_TRUE, 0, 4, host, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clEnqueueWriteBuffer(q, buffer, CL_TRUE, 0, 4, host, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clEnqueueReadBufferRect(q, buffer, CL_TRUE, origin, origin, region, 0, 0, 0, 0, host,
                                       0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clEnqueueWriteBufferRect(q, buffer, CL_TRUE, origin, origin, region, 0, 0, 0, 0,
                                        host, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clEnqueueCopyBuffer(q, buffer, buffer, 0, 8, 4, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clEnqueueCopyBufferRect(q, buffer, buffer, origin, origin, region, 0, 0, 0, 0, 0,
                                       NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clEnqueueFillBuffer(q, buffer, host, 4, 0, 4, 0, NULL, NULL));
    EXPECT_NULL(CL_INVALID_COMMAND_QUEUE,
                clEnqueueMapBuffer(q, buffer, CL_TRUE, CL_MAP_READ, 0, 4, 0, NULL, NULL, &err_));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueUnmapMemObject(q, buffer, host, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clEnqueueMigrateMemObjects(q, 1, &buffer, 0, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clEnqueueNDRangeKernel(q, kernel, 1, NULL, &n, NULL, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueTask(q, kernel, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clEnqueueNativeKernel(q, NULL, NULL, 0, 0, NULL, NULL, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueMarkerWithWaitList(q, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueBarrierWithWaitList(q, 0, NULL, NULL));
    cl_event e;
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueMarker(q, &e));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueBarrier(q));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueWaitForEvents(q, 1, &deadEvent));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clEnqueueReadImage(q, buffer, CL_TRUE, origin, region, 0, 0, host, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clEnqueueWriteImage(q, buffer, CL_TRUE, origin, region, 0, 0, host, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clEnqueueCopyImage(q, buffer, buffer, origin, origin, region, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clEnqueueFillImage(q, buffer, host, origin, region, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clEnqueueCopyImageToBuffer(q, buffer, buffer, origin, region, 0, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clEnqueueCopyBufferToImage(q, buffer, buffer, 0, origin, region, 0, NULL, NULL));
    EXPECT_NULL(CL_INVALID_COMMAND_QUEUE,
                clEnqueueMapImage(q, buffer, CL_TRUE, CL_MAP_READ, origin, region, &size, &size, 0,
                                  NULL, NULL, &err_));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clEnqueueSVMMemcpy(q, CL_TRUE, host, host, 4, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueSVMUnmap(q, host, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueAcquireGLObjects(q, 1, &buffer, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clEnqueueReleaseEGLObjectsKHR(q, 1, &buffer, 0, NULL, NULL));
  }

  /* Memory objects: stale, garbage and NULL, in every call that takes one. */
  cl_mem mems[] = {deadMem, (cl_mem)junk, NULL};
  for (int i = 0; i < 3; ++i) {
    cl_mem m = mems[i];
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clRetainMemObject(m));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clReleaseMemObject(m));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clGetMemObjectInfo(m, CL_MEM_SIZE, 64, host, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clSetMemObjectDestructorCallback(m, NULL, NULL));
    cl_buffer_region r = {0, 4};
    EXPECT_NULL(CL_INVALID_MEM_OBJECT,
                clCreateSubBuffer(m, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err_));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT,
               clEnqueueReadBuffer(queue, m, CL_TRUE, 0, 4, host, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT,
               clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, 4, host, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT,
               clEnqueueCopyBuffer(queue, m, buffer, 0, 0, 4, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT,
               clEnqueueCopyBuffer(queue, buffer, m, 0, 0, 4, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clEnqueueFillBuffer(queue, m, host, 4, 0, 4, 0, NULL, NULL));
    EXPECT_NULL(CL_INVALID_MEM_OBJECT,
                clEnqueueMapBuffer(queue, m, CL_TRUE, CL_MAP_READ, 0, 4, 0, NULL, NULL, &err_));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clEnqueueUnmapMemObject(queue, m, host, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clEnqueueMigrateMemObjects(queue, 1, &m, 0, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clGetImageInfo(m, CL_IMAGE_WIDTH, 64, host, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clGetPipeInfo(m, CL_PIPE_PACKET_SIZE, 64, host, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clGetGLObjectInfo(m, NULL, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clGetGLTextureInfo(m, CL_GL_TEXTURE_TARGET, 64, host, NULL));
    if (m) EXPECT_ERR(CL_INVALID_MEM_OBJECT, clSetKernelArg(kernel, 0, sizeof m, &m));
  }
  /* A native kernel's memory list (the function is never called). */
  struct {
    cl_mem m;
  } args = {deadMem};
  const void *location = &args.m;
  EXPECT_ERR(CL_INVALID_MEM_OBJECT, clEnqueueNativeKernel(queue, neverCalled, &args, sizeof args, 1,
                                                          &deadMem, &location, 0, NULL, NULL));

  /* Programs. */
  cl_program programs[] = {deadProgram, (cl_program)junk, NULL};
  for (int i = 0; i < 3; ++i) {
    cl_program p = programs[i];
    EXPECT_ERR(CL_INVALID_PROGRAM, clRetainProgram(p));
    EXPECT_ERR(CL_INVALID_PROGRAM, clReleaseProgram(p));
    EXPECT_ERR(CL_INVALID_PROGRAM, clBuildProgram(p, 0, NULL, NULL, NULL, NULL));
    EXPECT_ERR(CL_INVALID_PROGRAM, clCompileProgram(p, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL));
    EXPECT_ERR(CL_INVALID_PROGRAM, clGetProgramInfo(p, CL_PROGRAM_NUM_DEVICES, 64, host, NULL));
    EXPECT_ERR(CL_INVALID_PROGRAM,
               clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_STATUS, 64, host, NULL));
    EXPECT_ERR(CL_INVALID_PROGRAM, clSetProgramSpecializationConstant(p, 0, 4, host));
    EXPECT_ERR(CL_INVALID_PROGRAM, clSetProgramReleaseCallback(p, NULL, NULL));
    EXPECT_NULL(CL_INVALID_PROGRAM, clCreateKernel(p, "k", &err_));
    cl_uint count = 0;
    EXPECT_ERR(CL_INVALID_PROGRAM, clCreateKernelsInProgram(p, 0, NULL, &count));
    EXPECT_NULL(CL_INVALID_PROGRAM,
                clLinkProgram(context, 0, NULL, NULL, 1, &p, NULL, NULL, &err_));
    EXPECT_ERR(CL_INVALID_PROGRAM, clCompileProgram(program, 0, NULL, NULL, 1, &p,
                                                    (const char **)&location, NULL, NULL));
  }
  EXPECT_ERR(CL_INVALID_DEVICE, clGetProgramBuildInfo(program, (cl_device_id)junk,
                                                      CL_PROGRAM_BUILD_STATUS, 64, host, NULL));
  EXPECT_ERR(CL_INVALID_DEVICE,
             clBuildProgram(program, 1, (cl_device_id *)&junk, NULL, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clGetProgramInfo(program, 0x7777, 64, host, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clGetProgramBuildInfo(program, device, 0x7777, 64, host, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clSetProgramReleaseCallback(program, NULL, NULL));

  /* Kernels. */
  cl_kernel kernels[] = {deadKernel, (cl_kernel)junk, NULL};
  for (int i = 0; i < 3; ++i) {
    cl_kernel k = kernels[i];
    EXPECT_ERR(CL_INVALID_KERNEL, clRetainKernel(k));
    EXPECT_ERR(CL_INVALID_KERNEL, clReleaseKernel(k));
    EXPECT_ERR(CL_INVALID_KERNEL, clSetKernelArg(k, 0, sizeof buffer, &buffer));
    EXPECT_ERR(CL_INVALID_KERNEL, clSetKernelArgSVMPointer(k, 0, host));
    EXPECT_ERR(CL_INVALID_KERNEL, clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, 8, host));
    EXPECT_ERR(CL_INVALID_KERNEL, clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, 64, host, NULL));
    EXPECT_ERR(CL_INVALID_KERNEL, clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, 64, host, NULL));
    EXPECT_ERR(CL_INVALID_KERNEL,
               clGetKernelWorkGroupInfo(k, device, CL_KERNEL_WORK_GROUP_SIZE, 64, host, NULL));
    EXPECT_ERR(CL_INVALID_KERNEL, clGetKernelSubGroupInfo(k, device, CL_KERNEL_MAX_NUM_SUB_GROUPS,
                                                          0, NULL, 64, host, NULL));
    EXPECT_NULL(CL_INVALID_KERNEL, clCloneKernel(k, &err_));
    EXPECT_ERR(CL_INVALID_KERNEL,
               clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, NULL, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_KERNEL, clEnqueueTask(queue, k, 0, NULL, NULL));
  }
  EXPECT_ERR(CL_INVALID_VALUE, clGetKernelInfo(kernel, 0x7777, 64, host, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clGetKernelWorkGroupInfo(kernel, device, 0x7777, 64, host, NULL));
  EXPECT_ERR(CL_INVALID_DEVICE,
             clGetKernelWorkGroupInfo(kernel, (cl_device_id)junk, CL_KERNEL_WORK_GROUP_SIZE, 64,
                                      host, NULL));
  EXPECT_ERR(CL_INVALID_VALUE,
             clGetKernelWorkGroupInfo(kernel, device, CL_KERNEL_WORK_GROUP_SIZE, 2, host, NULL));
  /* Coarse-grained buffer SVM (tests/runtime/svm.c has the rest): a host pointer outside
   * every SVM allocation is no argument value; system SVM is not supported. */
  EXPECT_ERR(CL_INVALID_ARG_VALUE, clSetKernelArgSVMPointer(kernel, 0, host));
  EXPECT_ERR(CL_SUCCESS,
             clSetKernelExecInfo(kernel, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof(void *), &junk));
  EXPECT_ERR(CL_INVALID_VALUE, clSetKernelExecInfo(kernel, 0x7777, sizeof(void *), &junk));
  EXPECT_ERR(CL_INVALID_VALUE, clSetKernelExecInfo(kernel, CL_KERNEL_EXEC_INFO_SVM_PTRS, 3, &junk));
  EXPECT_ERR(CL_INVALID_VALUE,
             clSetKernelExecInfo(kernel, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, 0, NULL));
  {
    cl_bool on = CL_TRUE;
    EXPECT_ERR(
        CL_INVALID_OPERATION,
        clSetKernelExecInfo(kernel, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof on, &on));
  }

  /* Events. */
  cl_event events[] = {deadEvent, (cl_event)junk, NULL};
  for (int i = 0; i < 3; ++i) {
    cl_event e = events[i];
    EXPECT_ERR(CL_INVALID_EVENT, clRetainEvent(e));
    EXPECT_ERR(CL_INVALID_EVENT, clReleaseEvent(e));
    EXPECT_ERR(CL_INVALID_EVENT, clGetEventInfo(e, CL_EVENT_COMMAND_TYPE, 64, host, NULL));
    EXPECT_ERR(CL_INVALID_EVENT,
               clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, 64, host, NULL));
    EXPECT_ERR(CL_INVALID_EVENT, clSetUserEventStatus(e, CL_COMPLETE));
    EXPECT_ERR(CL_INVALID_EVENT, clSetEventCallback(e, CL_COMPLETE, NULL, NULL));
    EXPECT_ERR(CL_INVALID_EVENT, clWaitForEvents(1, &e));
    EXPECT_ERR(CL_INVALID_EVENT, clEnqueueWaitForEvents(queue, 1, &e));
    EXPECT_ERR(CL_INVALID_EVENT_WAIT_LIST,
               clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, 4, host, 1, &e, NULL));
    EXPECT_ERR(CL_INVALID_EVENT_WAIT_LIST,
               clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &n, NULL, 1, &e, NULL));
    EXPECT_ERR(CL_INVALID_EVENT_WAIT_LIST, clEnqueueBarrierWithWaitList(queue, 1, &e, NULL));
  }

  /* Images and samplers (tests/runtime/images.c has the rest): a buffer is no image, and
   * no handle of another kind is a sampler. */
  EXPECT_ERR(CL_INVALID_MEM_OBJECT, clGetImageInfo(buffer, CL_IMAGE_WIDTH, 64, host, NULL));
  EXPECT_ERR(CL_INVALID_MEM_OBJECT,
             clEnqueueReadImage(queue, buffer, CL_TRUE, origin, region, 0, 0, host, 0, NULL, NULL));
  EXPECT_NULL(CL_INVALID_MEM_OBJECT, clEnqueueMapImage(queue, buffer, CL_TRUE, CL_MAP_READ, origin,
                                                       region, &size, &size, 0, NULL, NULL, &err_));
  EXPECT_ERR(CL_INVALID_MEM_OBJECT,
             clEnqueueFillImage(queue, buffer, host, origin, region, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_SAMPLER, clRetainSampler((cl_sampler)junk));
  EXPECT_ERR(CL_INVALID_SAMPLER, clRetainSampler((cl_sampler)buffer));
  EXPECT_ERR(CL_INVALID_SAMPLER, clReleaseSampler(NULL));
  EXPECT_ERR(CL_INVALID_SAMPLER,
             clGetSamplerInfo((cl_sampler)junk, CL_SAMPLER_CONTEXT, 64, host, NULL));

  /* Pipes; SVM calls given no SVM memory or bad values; sharing with OpenGL and EGL. */
  EXPECT_NULL(CL_INVALID_OPERATION, clCreatePipe(context, 0, 4, 4, NULL, &err_));
  CHECK(clSVMAlloc(context, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER, 64, 0) == NULL);
  CHECK(clSVMAlloc(context, CL_MEM_READ_WRITE, 0, 0) == NULL);
  CHECK(clSVMAlloc(context, CL_MEM_READ_WRITE, 64, 3) == NULL);
  CHECK(clSVMAlloc((cl_context)junk, CL_MEM_READ_WRITE, 64, 0) == NULL);
  clSVMFree(context, NULL);
  EXPECT_ERR(CL_MEM_COPY_OVERLAP, clEnqueueSVMMemcpy(queue, CL_TRUE, host, host, 4, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueSVMMemcpy(queue, CL_TRUE, NULL, host, 4, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueSVMMemFill(queue, host, host, 4, 4, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, host, 4, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueSVMUnmap(queue, host, 0, NULL, NULL));
  void *svm[1] = {NULL};
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueSVMFree(queue, 0, svm, NULL, NULL, 0, NULL, NULL));
  const void *svmConst[1] = {host};
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueSVMMigrateMem(queue, 1, svmConst, NULL, 0, 0, NULL, NULL));
  EXPECT_NULL(CL_INVALID_CONTEXT, clCreateFromGLBuffer(context, 0, 1, &err_));
  EXPECT_NULL(CL_INVALID_CONTEXT, clCreateFromGLTexture(context, 0, 0, 0, 1, &err_));
  EXPECT_NULL(CL_INVALID_CONTEXT, clCreateFromGLRenderbuffer(context, 0, 1, &err_));
  EXPECT_NULL(CL_INVALID_CONTEXT, clCreateEventFromGLsyncKHR(context, NULL, &err_));
  EXPECT_ERR(CL_INVALID_GL_OBJECT, clGetGLObjectInfo(buffer, NULL, NULL));
  EXPECT_ERR(CL_INVALID_CONTEXT, clEnqueueAcquireGLObjects(queue, 1, &buffer, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_CONTEXT, clEnqueueReleaseGLObjects(queue, 1, &buffer, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR,
             clGetGLContextInfoKHR(NULL, CL_CURRENT_DEVICE_FOR_GL_CONTEXT_KHR, 64, host, NULL));
  EXPECT_NULL(CL_INVALID_EGL_OBJECT_KHR,
              clCreateFromEGLImageKHR(context, NULL, NULL, 0, NULL, &err_));
  EXPECT_NULL(CL_INVALID_EGL_OBJECT_KHR, clCreateEventFromEGLSyncKHR(context, NULL, NULL, &err_));
  EXPECT_ERR(CL_INVALID_EGL_OBJECT_KHR,
             clEnqueueAcquireEGLObjectsKHR(queue, 1, &buffer, 0, NULL, NULL));

  /* NULL where a value is required, and sizes that are too small. */
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, 4, NULL, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clGetContextInfo(context, CL_CONTEXT_DEVICES, 1, host, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, 1, host, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clGetMemObjectInfo(buffer, CL_MEM_SIZE, 1, host, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clGetMemObjectInfo(buffer, 0x7777, 64, host, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clWaitForEvents(1, NULL));
  cl_event user = clCreateUserEvent(context, &err);
  EXPECT_ERR(CL_INVALID_VALUE, clGetEventInfo(user, CL_EVENT_COMMAND_TYPE, 1, host, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clGetEventInfo(user, 0x7777, 64, host, NULL));
  OK(clSetUserEventStatus(user, CL_COMPLETE));
  OK(clReleaseEvent(user));

  /* Nothing above may have left a command behind or broken the queue. */
  OK(clFinish(queue));
  int value = 4;
  OK(clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, sizeof value, &value, 0, NULL, NULL));
  value = 0;
  OK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, sizeof value, &value, 0, NULL, NULL));
  CHECK(value == 4);

  OK(clReleaseMemObject(buffer));
  OK(clReleaseKernel(kernel));
  OK(clReleaseProgram(program));
  OK(clReleaseCommandQueue(queue));
  OK(clReleaseContext(context));
  return finish("errors");
}
