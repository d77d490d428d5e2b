// Device entry points (OpenCL API §4.2, §4.3): queries answered from the
// device description the validator uses, the interpreter's limits and the
// host; partitioning is not supported.
#include "api/api.h"
#include "core/image_shape.h"
#include "spvsim/interpreter/launch.h"

using namespace spvsim;
using namespace spvsim::runtime;

CL_API_ENTRY cl_int CL_API_CALL clGetDeviceIDs(cl_platform_id platform, cl_device_type device_type,
                                               cl_uint num_entries, cl_device_id *devices,
                                               cl_uint *num_devices) {
  return api::guard("clGetDeviceIDs", [&]() -> cl_int {
    Platform &p = Platform::get();
    if (platform && platform != &p) return CL_INVALID_PLATFORM;
    const cl_device_type known = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU |
                                 CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_CUSTOM;
    if (device_type != CL_DEVICE_TYPE_ALL && ((device_type & ~known) != 0 || device_type == 0))
      return CL_INVALID_DEVICE_TYPE;
    if ((num_entries == 0 && devices) || (!devices && !num_devices)) return CL_INVALID_VALUE;
    Device &d = p.device();
    const bool match = device_type == CL_DEVICE_TYPE_ALL ||
                       (device_type & CL_DEVICE_TYPE_DEFAULT) || (device_type & d.type());
    if (!match) return CL_DEVICE_NOT_FOUND;
    if (devices) devices[0] = &d;
    if (num_devices) *num_devices = 1;
    return CL_SUCCESS;
  });
}

namespace {

cl_int deviceInfo(const Device &d, cl_device_info param, size_t size, void *value, size_t *ret) {
  using api::returnNameVersions;
  using api::returnString;
  using api::returnValue;
  const DeviceDescription &desc = d.description();
  const bool fp64 = desc.hasExtension("cl_khr_fp64");
  const bool fp16 = desc.hasExtension("cl_khr_fp16");
  const ImageLimits images = imageLimits(d.maxAllocSize());
  const cl_device_fp_config denormInfNan = CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST;
  switch (param) {
  case CL_DEVICE_TYPE:
    return returnValue<cl_device_type>(size, value, ret, d.type());
  case CL_DEVICE_VENDOR_ID:
    return returnValue<cl_uint>(size, value, ret, 0);
  case CL_DEVICE_MAX_COMPUTE_UNITS:
    return returnValue<cl_uint>(size, value, ret, d.computeUnits());
  case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS:
    return returnValue<cl_uint>(size, value, ret, 3);
  case CL_DEVICE_MAX_WORK_ITEM_SIZES: {
    const size_t n = d.maxWorkGroupSize();
    return api::returnVector<size_t>(size, value, ret, {n, n, n});
  }
  case CL_DEVICE_MAX_WORK_GROUP_SIZE:
    return returnValue<size_t>(size, value, ret, d.maxWorkGroupSize());
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR:
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT:
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT:
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG:
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT:
    // Vectors are scalarised: one lane per work-item is the native width.
    return returnValue<cl_uint>(size, value, ret, 1);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE:
    return returnValue<cl_uint>(size, value, ret, fp64 ? 1 : 0);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF:
    return returnValue<cl_uint>(size, value, ret, fp16 ? 1 : 0);
  case CL_DEVICE_MAX_CLOCK_FREQUENCY:
    return returnValue<cl_uint>(size, value, ret, 1000);
  case CL_DEVICE_ADDRESS_BITS:
    return returnValue<cl_uint>(size, value, ret, desc.addressBits);
  case CL_DEVICE_MAX_MEM_ALLOC_SIZE:
    return returnValue<cl_ulong>(size, value, ret, d.maxAllocSize());
  case CL_DEVICE_IMAGE_SUPPORT:
    return returnValue<cl_bool>(size, value, ret, desc.images ? CL_TRUE : CL_FALSE);
  case CL_DEVICE_MAX_READ_IMAGE_ARGS:
    return returnValue<cl_uint>(size, value, ret, images.readArgs);
  case CL_DEVICE_MAX_WRITE_IMAGE_ARGS:
    return returnValue<cl_uint>(size, value, ret, images.writeArgs);
  case CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS:
    return returnValue<cl_uint>(size, value, ret, images.readWriteArgs);
  case CL_DEVICE_MAX_SAMPLERS:
    return returnValue<cl_uint>(size, value, ret, images.samplers);
  case CL_DEVICE_IMAGE_PITCH_ALIGNMENT:
    return returnValue<cl_uint>(size, value, ret, images.pitchAlignment);
  case CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT:
    return returnValue<cl_uint>(size, value, ret, images.baseAddressAlignment);
  case CL_DEVICE_MAX_PIPE_ARGS:
  case CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS:
  case CL_DEVICE_PIPE_MAX_PACKET_SIZE:
  case CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE:
  case CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE:
  case CL_DEVICE_MAX_ON_DEVICE_QUEUES:
  case CL_DEVICE_MAX_ON_DEVICE_EVENTS:
  case CL_DEVICE_PARTITION_MAX_SUB_DEVICES:
  case CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT:
  case CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT:
  case CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT:
    // Pipes, device-side queues and partitions are not supported (OpenCL API §4.2: 0 for
    // devices without them); atomics want their natural alignment.
    return returnValue<cl_uint>(size, value, ret, 0);
  case CL_DEVICE_IMAGE2D_MAX_WIDTH:
    return returnValue<size_t>(size, value, ret, images.width2D);
  case CL_DEVICE_IMAGE2D_MAX_HEIGHT:
    return returnValue<size_t>(size, value, ret, images.height2D);
  case CL_DEVICE_IMAGE3D_MAX_WIDTH:
    return returnValue<size_t>(size, value, ret, images.width3D);
  case CL_DEVICE_IMAGE3D_MAX_HEIGHT:
    return returnValue<size_t>(size, value, ret, images.height3D);
  case CL_DEVICE_IMAGE3D_MAX_DEPTH:
    return returnValue<size_t>(size, value, ret, images.depth3D);
  case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE:
    return returnValue<size_t>(size, value, ret, images.bufferSize);
  case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE:
    return returnValue<size_t>(size, value, ret, images.arraySize);
  case CL_DEVICE_IL_VERSION:
    return returnString(size, value, ret, d.ilVersionString());
  case CL_DEVICE_ILS_WITH_VERSION:
    return returnNameVersions(size, value, ret, d.ils());
  case CL_DEVICE_MAX_PARAMETER_SIZE:
    // The full profile's minimum. SPIR-V takes at most 255 parameters per function
    // (SPIR-V §2.17, universal limits): 1024 bytes of 8-byte arguments is 128 of them.
    return returnValue<size_t>(size, value, ret, 1024);
  case CL_DEVICE_MEM_BASE_ADDR_ALIGN:
    return returnValue<cl_uint>(size, value, ret, d.baseAddressAlignBytes() * 8);
  case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE:
    return returnValue<cl_uint>(size, value, ret, 128);
  case CL_DEVICE_SINGLE_FP_CONFIG:
    // Host IEEE arithmetic: correctly rounded division and sqrt, exact fma.
    return returnValue<cl_device_fp_config>(
        size, value, ret, denormInfNan | CL_FP_FMA | CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT);
  case CL_DEVICE_DOUBLE_FP_CONFIG:
    // Conversions from double honour every rounding mode (FPRoundingMode, OpenCL SPIR-V
    // Env §6.2); the rounding bits are the 1.x minimum the conformance suite requires.
    return returnValue<cl_device_fp_config>(
        size, value, ret,
        fp64 ? denormInfNan | CL_FP_FMA | CL_FP_ROUND_TO_ZERO | CL_FP_ROUND_TO_INF : 0);
  case CL_DEVICE_HALF_FP_CONFIG:
    return returnValue<cl_device_fp_config>(size, value, ret, fp16 ? denormInfNan : 0);
  case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE:
    return returnValue<cl_device_mem_cache_type>(size, value, ret, CL_NONE);
  case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE:
    return returnValue<cl_uint>(size, value, ret, 64);
  case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE:
    return returnValue<cl_ulong>(size, value, ret, 0);
  case CL_DEVICE_GLOBAL_MEM_SIZE:
    return returnValue<cl_ulong>(size, value, ret, d.globalMemSize());
  case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE:
    return returnValue<cl_ulong>(size, value, ret, d.maxAllocSize());
  case CL_DEVICE_MAX_CONSTANT_ARGS:
    return returnValue<cl_uint>(size, value, ret, 64);
  case CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE:
    return returnValue<size_t>(size, value, ret, static_cast<size_t>(d.maxGlobalVariableSize()));
  case CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE:
    return returnValue<size_t>(size, value, ret, static_cast<size_t>(d.maxGlobalVariableSize()));
  case CL_DEVICE_LOCAL_MEM_TYPE:
    return returnValue<cl_device_local_mem_type>(size, value, ret, CL_LOCAL);
  case CL_DEVICE_LOCAL_MEM_SIZE:
    return returnValue<cl_ulong>(size, value, ret, d.localMemSize());
  case CL_DEVICE_ERROR_CORRECTION_SUPPORT:
    return returnValue<cl_bool>(size, value, ret, CL_FALSE);
  case CL_DEVICE_HOST_UNIFIED_MEMORY:
    return returnValue<cl_bool>(size, value, ret, CL_TRUE);
  case CL_DEVICE_PROFILING_TIMER_RESOLUTION:
    return returnValue<size_t>(size, value, ret, 1);
  case CL_DEVICE_ENDIAN_LITTLE:
  case CL_DEVICE_AVAILABLE:
    return returnValue<cl_bool>(size, value, ret, CL_TRUE);
  case CL_DEVICE_COMPILER_AVAILABLE:
    return returnValue<cl_bool>(size, value, ret, d.compilerAvailable() ? CL_TRUE : CL_FALSE);
  case CL_DEVICE_LINKER_AVAILABLE:
    return returnValue<cl_bool>(size, value, ret, d.linkerAvailable() ? CL_TRUE : CL_FALSE);
  case CL_DEVICE_EXECUTION_CAPABILITIES:
    return returnValue<cl_device_exec_capabilities>(size, value, ret,
                                                    CL_EXEC_KERNEL | CL_EXEC_NATIVE_KERNEL);
  case CL_DEVICE_QUEUE_ON_HOST_PROPERTIES: // == CL_DEVICE_QUEUE_PROPERTIES
    return returnValue<cl_command_queue_properties>(
        size, value, ret, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE);
  case CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES:
    return returnValue<cl_command_queue_properties>(size, value, ret, 0);
  case CL_DEVICE_BUILT_IN_KERNELS:
    return returnString(size, value, ret, "");
  case CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION:
    return returnNameVersions(size, value, ret, {});
  case CL_DEVICE_PLATFORM:
    return returnValue<cl_platform_id>(size, value, ret, &Platform::get());
  case CL_DEVICE_NAME:
    return returnString(size, value, ret, "spvsim");
  case CL_DEVICE_VENDOR:
    return returnString(size, value, ret, "spvsim");
  case CL_DRIVER_VERSION:
    return returnString(size, value, ret, kDriverVersion);
  case CL_DEVICE_PROFILE:
    return returnString(size, value, ret,
                        desc.profile == Profile::Full ? "FULL_PROFILE" : "EMBEDDED_PROFILE");
  case CL_DEVICE_VERSION:
    return returnString(size, value, ret, kVersionString);
  case CL_DEVICE_NUMERIC_VERSION:
    return returnValue<cl_version>(size, value, ret, CL_MAKE_VERSION(3, 0, 0));
  case CL_DEVICE_OPENCL_C_VERSION:
    return returnString(size, value, ret, d.compilerAvailable() ? "OpenCL C 1.2 spvsim" : "");
  case CL_DEVICE_OPENCL_C_NUMERIC_VERSION_KHR:
    return returnValue<cl_version>(size, value, ret, CL_MAKE_VERSION(1, 2, 0));
  case CL_DEVICE_OPENCL_C_ALL_VERSIONS:
    return returnNameVersions(size, value, ret, d.openclCVersions());
  case CL_DEVICE_OPENCL_C_FEATURES:
    return returnNameVersions(size, value, ret, d.openclCFeatures());
  case CL_DEVICE_EXTENSIONS:
    return returnString(size, value, ret, d.extensionString());
  case CL_DEVICE_EXTENSIONS_WITH_VERSION:
    return returnNameVersions(size, value, ret, d.extensions());
  case CL_DEVICE_CXX_FOR_OPENCL_NUMERIC_VERSION_EXT:
    // cl_ext_cxx_for_opencl: the C++ for OpenCL version -cl-std=CLC++ compiles, 1.0
    // (clang 15; __OPENCL_CPP_VERSION__ 100 = major * 100 + minor * 10 + patch). Version
    // 2021 is taken by name (-cl-std=CLC++2021); cl_version's 10-bit major cannot hold it.
    return returnValue<cl_version>(size, value, ret, CL_MAKE_VERSION(1, 0, 0));
  case CL_DEVICE_PRINTF_BUFFER_SIZE:
    return returnValue<size_t>(size, value, ret, static_cast<size_t>(d.printfBufferSize()));
  case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC:
    return returnValue<cl_bool>(size, value, ret, CL_TRUE);
  case CL_DEVICE_PARENT_DEVICE:
    return returnValue<cl_device_id>(size, value, ret, nullptr);
  case CL_DEVICE_PARTITION_PROPERTIES:
    return returnValue<cl_device_partition_property>(size, value, ret, 0);
  case CL_DEVICE_PARTITION_AFFINITY_DOMAIN:
    return returnValue<cl_device_affinity_domain>(size, value, ret, 0);
  case CL_DEVICE_PARTITION_TYPE:
    return api::returnInfo(size, value, ret, nullptr, 0);
  case CL_DEVICE_REFERENCE_COUNT:
    return returnValue<cl_uint>(size, value, ret, 1);
  case CL_DEVICE_SVM_CAPABILITIES:
    // Coarse-grained buffer SVM only (runtime/api/svm.cpp).
    return returnValue<cl_device_svm_capabilities>(size, value, ret,
                                                   CL_DEVICE_SVM_COARSE_GRAIN_BUFFER);
  case CL_DEVICE_MAX_NUM_SUB_GROUPS:
    return returnValue<cl_uint>(
        size, value, ret,
        static_cast<cl_uint>((d.maxWorkGroupSize() + d.subGroupSize() - 1) / d.subGroupSize()));
  case CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS:
    // Required with cl_khr_subgroups (OpenCL API §4.2); see runtime/README.md.
    return returnValue<cl_bool>(size, value, ret,
                                desc.hasExtension("cl_khr_subgroups") ? CL_TRUE : CL_FALSE);
  case CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES:
  case CL_DEVICE_ATOMIC_FENCE_CAPABILITIES:
    return returnValue<cl_device_atomic_capabilities>(
        size, value, ret,
        CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
            CL_DEVICE_ATOMIC_ORDER_SEQ_CST | CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM |
            CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP | CL_DEVICE_ATOMIC_SCOPE_DEVICE |
            CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES);
  case CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT:
  case CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT:
  case CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT:
    return returnValue<cl_bool>(size, value, ret, CL_TRUE);
  case CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES:
    return returnValue<cl_device_device_enqueue_capabilities>(size, value, ret, 0);
  case CL_DEVICE_PIPE_SUPPORT:
    return returnValue<cl_bool>(size, value, ret, CL_FALSE);
  case CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
    return returnValue<size_t>(size, value, ret, d.subGroupSize());
  case CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED:
    return returnString(size, value, ret, "");
  default:
    return CL_INVALID_VALUE;
  }
}

} // namespace

CL_API_ENTRY cl_int CL_API_CALL clGetDeviceInfo(cl_device_id device, cl_device_info param_name,
                                                size_t param_value_size, void *param_value,
                                                size_t *param_value_size_ret) {
  return api::guard("clGetDeviceInfo", [&]() -> cl_int {
    Device *d = api::findDevice(device);
    if (!d) return CL_INVALID_DEVICE;
    return deviceInfo(*d, param_name, param_value_size, param_value, param_value_size_ret);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clCreateSubDevices(cl_device_id in_device,
                                                   const cl_device_partition_property *properties,
                                                   cl_uint num_devices, cl_device_id *out_devices,
                                                   cl_uint *num_devices_ret) {
  (void)num_devices;
  (void)out_devices;
  (void)num_devices_ret;
  return api::guard("clCreateSubDevices", [&]() -> cl_int {
    if (!api::findDevice(in_device)) return CL_INVALID_DEVICE;
    // OpenCL API §4.3: CL_DEVICE_PARTITION_PROPERTIES lists no partition type, so every
    // property is valid-but-unsupported (CL_INVALID_VALUE).
    (void)properties;
    return CL_INVALID_VALUE;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clRetainDevice(cl_device_id device) {
  // A root device: nothing to count (OpenCL API §4.3).
  return api::findDevice(device) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseDevice(cl_device_id device) {
  return api::findDevice(device) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

CL_API_ENTRY cl_int CL_API_CALL clGetDeviceAndHostTimer(cl_device_id device,
                                                        cl_ulong *device_timestamp,
                                                        cl_ulong *host_timestamp) {
  if (!api::findDevice(device)) return CL_INVALID_DEVICE;
  if (!device_timestamp || !host_timestamp) return CL_INVALID_VALUE;
  // The device runs on the host: one clock for both (and for profiling).
  *device_timestamp = *host_timestamp = nowNanoseconds();
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clGetHostTimer(cl_device_id device, cl_ulong *host_timestamp) {
  if (!api::findDevice(device)) return CL_INVALID_DEVICE;
  if (!host_timestamp) return CL_INVALID_VALUE;
  *host_timestamp = nowNanoseconds();
  return CL_SUCCESS;
}

// cl_ext_device_fission (OpenCL 1.1): the same as the OpenCL 1.2 entry points.

CL_API_ENTRY cl_int CL_API_CALL clCreateSubDevicesEXT(cl_device_id in_device,
                                                      const cl_device_partition_property_ext *,
                                                      cl_uint, cl_device_id *, cl_uint *) {
  return api::findDevice(in_device) ? CL_INVALID_VALUE : CL_INVALID_DEVICE;
}

CL_API_ENTRY cl_int CL_API_CALL clRetainDeviceEXT(cl_device_id device) {
  return api::findDevice(device) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseDeviceEXT(cl_device_id device) {
  return api::findDevice(device) ? CL_SUCCESS : CL_INVALID_DEVICE;
}
