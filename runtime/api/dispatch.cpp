// The ICD side of the runtime (cl_khr_icd): the dispatch table every handle
// points to, clIcdGetPlatformIDsKHR, the extension-function lookup, and what
// runs at process exit (launches are stopped, other commands that started
// finish, the report is written).
#include <cstring>
#include <string_view>

#include "api/api.h"
#include "core/findings.h"
#include "core/launch.h"
#include "core/scheduler.h"

namespace spvsim::runtime {

namespace {

cl_icd_dispatch makeDispatchTable() {
  cl_icd_dispatch t;
  std::memset(&t, 0, sizeof t);
  // OpenCL 1.0
  t.clGetPlatformIDs = clGetPlatformIDs;
  t.clGetPlatformInfo = clGetPlatformInfo;
  t.clGetDeviceIDs = clGetDeviceIDs;
  t.clGetDeviceInfo = clGetDeviceInfo;
  t.clCreateContext = clCreateContext;
  t.clCreateContextFromType = clCreateContextFromType;
  t.clRetainContext = clRetainContext;
  t.clReleaseContext = clReleaseContext;
  t.clGetContextInfo = clGetContextInfo;
  t.clCreateCommandQueue = clCreateCommandQueue;
  t.clRetainCommandQueue = clRetainCommandQueue;
  t.clReleaseCommandQueue = clReleaseCommandQueue;
  t.clGetCommandQueueInfo = clGetCommandQueueInfo;
  t.clSetCommandQueueProperty = clSetCommandQueueProperty;
  t.clCreateBuffer = clCreateBuffer;
  t.clCreateImage2D = clCreateImage2D;
  t.clCreateImage3D = clCreateImage3D;
  t.clRetainMemObject = clRetainMemObject;
  t.clReleaseMemObject = clReleaseMemObject;
  t.clGetSupportedImageFormats = clGetSupportedImageFormats;
  t.clGetMemObjectInfo = clGetMemObjectInfo;
  t.clGetImageInfo = clGetImageInfo;
  t.clCreateSampler = clCreateSampler;
  t.clRetainSampler = clRetainSampler;
  t.clReleaseSampler = clReleaseSampler;
  t.clGetSamplerInfo = clGetSamplerInfo;
  t.clCreateProgramWithSource = clCreateProgramWithSource;
  t.clCreateProgramWithBinary = clCreateProgramWithBinary;
  t.clRetainProgram = clRetainProgram;
  t.clReleaseProgram = clReleaseProgram;
  t.clBuildProgram = clBuildProgram;
  t.clUnloadCompiler = clUnloadCompiler;
  t.clGetProgramInfo = clGetProgramInfo;
  t.clGetProgramBuildInfo = clGetProgramBuildInfo;
  t.clCreateKernel = clCreateKernel;
  t.clCreateKernelsInProgram = clCreateKernelsInProgram;
  t.clRetainKernel = clRetainKernel;
  t.clReleaseKernel = clReleaseKernel;
  t.clSetKernelArg = clSetKernelArg;
  t.clGetKernelInfo = clGetKernelInfo;
  t.clGetKernelWorkGroupInfo = clGetKernelWorkGroupInfo;
  t.clWaitForEvents = clWaitForEvents;
  t.clGetEventInfo = clGetEventInfo;
  t.clRetainEvent = clRetainEvent;
  t.clReleaseEvent = clReleaseEvent;
  t.clGetEventProfilingInfo = clGetEventProfilingInfo;
  t.clFlush = clFlush;
  t.clFinish = clFinish;
  t.clEnqueueReadBuffer = clEnqueueReadBuffer;
  t.clEnqueueWriteBuffer = clEnqueueWriteBuffer;
  t.clEnqueueCopyBuffer = clEnqueueCopyBuffer;
  t.clEnqueueReadImage = clEnqueueReadImage;
  t.clEnqueueWriteImage = clEnqueueWriteImage;
  t.clEnqueueCopyImage = clEnqueueCopyImage;
  t.clEnqueueCopyImageToBuffer = clEnqueueCopyImageToBuffer;
  t.clEnqueueCopyBufferToImage = clEnqueueCopyBufferToImage;
  t.clEnqueueMapBuffer = clEnqueueMapBuffer;
  t.clEnqueueMapImage = clEnqueueMapImage;
  t.clEnqueueUnmapMemObject = clEnqueueUnmapMemObject;
  t.clEnqueueNDRangeKernel = clEnqueueNDRangeKernel;
  t.clEnqueueTask = clEnqueueTask;
  t.clEnqueueNativeKernel = clEnqueueNativeKernel;
  t.clEnqueueMarker = clEnqueueMarker;
  t.clEnqueueWaitForEvents = clEnqueueWaitForEvents;
  t.clEnqueueBarrier = clEnqueueBarrier;
  t.clGetExtensionFunctionAddress = clGetExtensionFunctionAddress;
  t.clCreateFromGLBuffer = clCreateFromGLBuffer;
  t.clCreateFromGLTexture2D = clCreateFromGLTexture2D;
  t.clCreateFromGLTexture3D = clCreateFromGLTexture3D;
  t.clCreateFromGLRenderbuffer = clCreateFromGLRenderbuffer;
  t.clGetGLObjectInfo = clGetGLObjectInfo;
  t.clGetGLTextureInfo = clGetGLTextureInfo;
  t.clEnqueueAcquireGLObjects = clEnqueueAcquireGLObjects;
  t.clEnqueueReleaseGLObjects = clEnqueueReleaseGLObjects;
  t.clGetGLContextInfoKHR = clGetGLContextInfoKHR;
  // OpenCL 1.1
  t.clSetEventCallback = clSetEventCallback;
  t.clCreateSubBuffer = clCreateSubBuffer;
  t.clSetMemObjectDestructorCallback = clSetMemObjectDestructorCallback;
  t.clCreateUserEvent = clCreateUserEvent;
  t.clSetUserEventStatus = clSetUserEventStatus;
  t.clEnqueueReadBufferRect = clEnqueueReadBufferRect;
  t.clEnqueueWriteBufferRect = clEnqueueWriteBufferRect;
  t.clEnqueueCopyBufferRect = clEnqueueCopyBufferRect;
  t.clCreateSubDevicesEXT = clCreateSubDevicesEXT;
  t.clRetainDeviceEXT = clRetainDeviceEXT;
  t.clReleaseDeviceEXT = clReleaseDeviceEXT;
  t.clCreateEventFromGLsyncKHR = clCreateEventFromGLsyncKHR;
  // OpenCL 1.2
  t.clCreateSubDevices = clCreateSubDevices;
  t.clRetainDevice = clRetainDevice;
  t.clReleaseDevice = clReleaseDevice;
  t.clCreateImage = clCreateImage;
  t.clCreateProgramWithBuiltInKernels = clCreateProgramWithBuiltInKernels;
  t.clCompileProgram = clCompileProgram;
  t.clLinkProgram = clLinkProgram;
  t.clUnloadPlatformCompiler = clUnloadPlatformCompiler;
  t.clGetKernelArgInfo = clGetKernelArgInfo;
  t.clEnqueueFillBuffer = clEnqueueFillBuffer;
  t.clEnqueueFillImage = clEnqueueFillImage;
  t.clEnqueueMigrateMemObjects = clEnqueueMigrateMemObjects;
  t.clEnqueueMarkerWithWaitList = clEnqueueMarkerWithWaitList;
  t.clEnqueueBarrierWithWaitList = clEnqueueBarrierWithWaitList;
  t.clGetExtensionFunctionAddressForPlatform = clGetExtensionFunctionAddressForPlatform;
  t.clCreateFromGLTexture = clCreateFromGLTexture;
  t.clCreateFromEGLImageKHR = clCreateFromEGLImageKHR;
  t.clEnqueueAcquireEGLObjectsKHR = clEnqueueAcquireEGLObjectsKHR;
  t.clEnqueueReleaseEGLObjectsKHR = clEnqueueReleaseEGLObjectsKHR;
  t.clCreateEventFromEGLSyncKHR = clCreateEventFromEGLSyncKHR;
  // OpenCL 2.0
  t.clCreateCommandQueueWithProperties = clCreateCommandQueueWithProperties;
  t.clCreatePipe = clCreatePipe;
  t.clGetPipeInfo = clGetPipeInfo;
  t.clSVMAlloc = clSVMAlloc;
  t.clSVMFree = clSVMFree;
  t.clEnqueueSVMFree = clEnqueueSVMFree;
  t.clEnqueueSVMMemcpy = clEnqueueSVMMemcpy;
  t.clEnqueueSVMMemFill = clEnqueueSVMMemFill;
  t.clEnqueueSVMMap = clEnqueueSVMMap;
  t.clEnqueueSVMUnmap = clEnqueueSVMUnmap;
  t.clCreateSamplerWithProperties = clCreateSamplerWithProperties;
  t.clSetKernelArgSVMPointer = clSetKernelArgSVMPointer;
  t.clSetKernelExecInfo = clSetKernelExecInfo;
  t.clGetKernelSubGroupInfoKHR = clGetKernelSubGroupInfoKHR;
  // OpenCL 2.1
  t.clCloneKernel = clCloneKernel;
  t.clCreateProgramWithIL = clCreateProgramWithIL;
  t.clEnqueueSVMMigrateMem = clEnqueueSVMMigrateMem;
  t.clGetDeviceAndHostTimer = clGetDeviceAndHostTimer;
  t.clGetHostTimer = clGetHostTimer;
  t.clGetKernelSubGroupInfo = clGetKernelSubGroupInfo;
  t.clSetDefaultDeviceCommandQueue = clSetDefaultDeviceCommandQueue;
  // OpenCL 2.2
  t.clSetProgramReleaseCallback = clSetProgramReleaseCallback;
  t.clSetProgramSpecializationConstant = clSetProgramSpecializationConstant;
  // OpenCL 3.0
  t.clCreateBufferWithProperties = clCreateBufferWithProperties;
  t.clCreateImageWithProperties = clCreateImageWithProperties;
  t.clSetContextDestructorCallback = clSetContextDestructorCallback;
  return t;
}

/// At process exit: launches that run are stopped (reported as stopped at exit), the
/// other commands that started may finish, those not started are dropped, and the report
/// is written a last time.
struct ExitHook {
  ~ExitHook() {
    stopLaunchesForExit();
    Scheduler::get().shutdown();
    FindingLog::get().flush();
  }
} exitHook;

/// Extension functions clGetExtensionFunctionAddress* hands out.
void *extensionFunction(std::string_view name) {
  if (name == "clIcdGetPlatformIDsKHR") return reinterpret_cast<void *>(clIcdGetPlatformIDsKHR);
  if (name == "clCreateProgramWithILKHR") return reinterpret_cast<void *>(clCreateProgramWithILKHR);
  if (name == "clGetKernelSubGroupInfoKHR")
    return reinterpret_cast<void *>(clGetKernelSubGroupInfoKHR);
  return nullptr;
}

} // namespace

const cl_icd_dispatch *icdDispatchTable() {
  static const cl_icd_dispatch table = makeDispatchTable();
  return &table;
}

} // namespace spvsim::runtime

using namespace spvsim;
using namespace spvsim::runtime;

CL_API_ENTRY cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint num_entries,
                                                       cl_platform_id *platforms,
                                                       cl_uint *num_platforms) {
  return api::guard("clIcdGetPlatformIDsKHR", [&]() -> cl_int {
    if ((num_entries == 0 && platforms) || (!platforms && !num_platforms)) return CL_INVALID_VALUE;
    if (platforms) platforms[0] = &Platform::get();
    if (num_platforms) *num_platforms = 1;
    return CL_SUCCESS;
  });
}

CL_API_ENTRY void *CL_API_CALL clGetExtensionFunctionAddressForPlatform(cl_platform_id platform,
                                                                        const char *func_name) {
  if (platform != &Platform::get() || !func_name) return nullptr;
  return extensionFunction(func_name);
}

CL_API_ENTRY void *CL_API_CALL clGetExtensionFunctionAddress(const char *func_name) {
  if (!func_name) return nullptr;
  return extensionFunction(func_name);
}
