/* Platform, device, context and queue queries (OpenCL API §4.1 to §4.4,
 * §5.1): every parameter answers, sizes agree, values match what spvsim's
 * device description says, and bad arguments give the spec's errors. */
#include "harness.h"

static void platformQueries(cl_platform_id platform) {
  const cl_platform_info params[] = {CL_PLATFORM_PROFILE,
                                     CL_PLATFORM_VERSION,
                                     CL_PLATFORM_NUMERIC_VERSION,
                                     CL_PLATFORM_NAME,
                                     CL_PLATFORM_VENDOR,
                                     CL_PLATFORM_EXTENSIONS,
                                     CL_PLATFORM_EXTENSIONS_WITH_VERSION,
                                     CL_PLATFORM_HOST_TIMER_RESOLUTION,
                                     CL_PLATFORM_ICD_SUFFIX_KHR};
  for (size_t i = 0; i < sizeof params / sizeof params[0]; ++i) {
    size_t size = 0;
    OK(clGetPlatformInfo(platform, params[i], 0, NULL, &size));
    CHECK(size > 0);
    char value[4096];
    REQUIRE(size <= sizeof value);
    size_t again = 0;
    OK(clGetPlatformInfo(platform, params[i], size, value, &again));
    CHECK(again == size);
    if (size > 1)
      EXPECT_ERR(CL_INVALID_VALUE, clGetPlatformInfo(platform, params[i], size - 1, value, NULL));
  }
  char text[256];
  OK(clGetPlatformInfo(platform, CL_PLATFORM_VERSION, sizeof text, text, NULL));
  CHECK(strncmp(text, "OpenCL 3.0 ", 11) == 0);
  OK(clGetPlatformInfo(platform, CL_PLATFORM_PROFILE, sizeof text, text, NULL));
  CHECK(strcmp(text, "FULL_PROFILE") == 0);
  cl_version version = 0;
  OK(clGetPlatformInfo(platform, CL_PLATFORM_NUMERIC_VERSION, sizeof version, &version, NULL));
  CHECK(CL_VERSION_MAJOR(version) == 3 && CL_VERSION_MINOR(version) == 0);
  EXPECT_ERR(CL_INVALID_VALUE, clGetPlatformInfo(platform, 0x7777, sizeof text, text, NULL));
  EXPECT_ERR(CL_INVALID_PLATFORM,
             clGetPlatformInfo((cl_platform_id)text, CL_PLATFORM_NAME, sizeof text, text, NULL));

  cl_uint n = 0;
  OK(clGetPlatformIDs(0, NULL, &n));
  CHECK(n >= 1);
  cl_platform_id p;
  EXPECT_ERR(CL_INVALID_VALUE, clGetPlatformIDs(0, &p, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clGetPlatformIDs(1, NULL, NULL));
  OK(clUnloadPlatformCompiler(platform));
}

/* Every OpenCL 3.0 device query, with the size of its value when it is fixed (0: an
 * array or a string). */
struct DeviceParam {
  cl_device_info name;
  size_t size;
};

static const struct DeviceParam deviceParams[] = {
    {CL_DEVICE_TYPE, sizeof(cl_device_type)},
    {CL_DEVICE_VENDOR_ID, sizeof(cl_uint)},
    {CL_DEVICE_MAX_COMPUTE_UNITS, sizeof(cl_uint)},
    {CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, sizeof(cl_uint)},
    {CL_DEVICE_MAX_WORK_ITEM_SIZES, 3 * sizeof(size_t)},
    {CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(size_t)},
    {CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR, sizeof(cl_uint)},
    {CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT, sizeof(cl_uint)},
    {CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT, sizeof(cl_uint)},
    {CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG, sizeof(cl_uint)},
    {CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, sizeof(cl_uint)},
    {CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, sizeof(cl_uint)},
    {CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF, sizeof(cl_uint)},
    {CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR, sizeof(cl_uint)},
    {CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT, sizeof(cl_uint)},
    {CL_DEVICE_NATIVE_VECTOR_WIDTH_INT, sizeof(cl_uint)},
    {CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG, sizeof(cl_uint)},
    {CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, sizeof(cl_uint)},
    {CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE, sizeof(cl_uint)},
    {CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF, sizeof(cl_uint)},
    {CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof(cl_uint)},
    {CL_DEVICE_ADDRESS_BITS, sizeof(cl_uint)},
    {CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(cl_ulong)},
    {CL_DEVICE_IMAGE_SUPPORT, sizeof(cl_bool)},
    {CL_DEVICE_MAX_READ_IMAGE_ARGS, sizeof(cl_uint)},
    {CL_DEVICE_MAX_WRITE_IMAGE_ARGS, sizeof(cl_uint)},
    {CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS, sizeof(cl_uint)},
    {CL_DEVICE_IL_VERSION, 0},
    {CL_DEVICE_ILS_WITH_VERSION, 0},
    {CL_DEVICE_IMAGE2D_MAX_WIDTH, sizeof(size_t)},
    {CL_DEVICE_IMAGE2D_MAX_HEIGHT, sizeof(size_t)},
    {CL_DEVICE_IMAGE3D_MAX_WIDTH, sizeof(size_t)},
    {CL_DEVICE_IMAGE3D_MAX_HEIGHT, sizeof(size_t)},
    {CL_DEVICE_IMAGE3D_MAX_DEPTH, sizeof(size_t)},
    {CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, sizeof(size_t)},
    {CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, sizeof(size_t)},
    {CL_DEVICE_MAX_SAMPLERS, sizeof(cl_uint)},
    {CL_DEVICE_IMAGE_PITCH_ALIGNMENT, sizeof(cl_uint)},
    {CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT, sizeof(cl_uint)},
    {CL_DEVICE_MAX_PIPE_ARGS, sizeof(cl_uint)},
    {CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS, sizeof(cl_uint)},
    {CL_DEVICE_PIPE_MAX_PACKET_SIZE, sizeof(cl_uint)},
    {CL_DEVICE_MAX_PARAMETER_SIZE, sizeof(size_t)},
    {CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof(cl_uint)},
    {CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE, sizeof(cl_uint)},
    {CL_DEVICE_SINGLE_FP_CONFIG, sizeof(cl_device_fp_config)},
    {CL_DEVICE_DOUBLE_FP_CONFIG, sizeof(cl_device_fp_config)},
    {CL_DEVICE_HALF_FP_CONFIG, sizeof(cl_device_fp_config)},
    {CL_DEVICE_GLOBAL_MEM_CACHE_TYPE, sizeof(cl_device_mem_cache_type)},
    {CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE, sizeof(cl_uint)},
    {CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, sizeof(cl_ulong)},
    {CL_DEVICE_GLOBAL_MEM_SIZE, sizeof(cl_ulong)},
    {CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, sizeof(cl_ulong)},
    {CL_DEVICE_MAX_CONSTANT_ARGS, sizeof(cl_uint)},
    {CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, sizeof(size_t)},
    {CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE, sizeof(size_t)},
    {CL_DEVICE_LOCAL_MEM_TYPE, sizeof(cl_device_local_mem_type)},
    {CL_DEVICE_LOCAL_MEM_SIZE, sizeof(cl_ulong)},
    {CL_DEVICE_ERROR_CORRECTION_SUPPORT, sizeof(cl_bool)},
    {CL_DEVICE_HOST_UNIFIED_MEMORY, sizeof(cl_bool)},
    {CL_DEVICE_PROFILING_TIMER_RESOLUTION, sizeof(size_t)},
    {CL_DEVICE_ENDIAN_LITTLE, sizeof(cl_bool)},
    {CL_DEVICE_AVAILABLE, sizeof(cl_bool)},
    {CL_DEVICE_COMPILER_AVAILABLE, sizeof(cl_bool)},
    {CL_DEVICE_LINKER_AVAILABLE, sizeof(cl_bool)},
    {CL_DEVICE_EXECUTION_CAPABILITIES, sizeof(cl_device_exec_capabilities)},
    {CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, sizeof(cl_command_queue_properties)},
    {CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES, sizeof(cl_command_queue_properties)},
    {CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE, sizeof(cl_uint)},
    {CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE, sizeof(cl_uint)},
    {CL_DEVICE_MAX_ON_DEVICE_QUEUES, sizeof(cl_uint)},
    {CL_DEVICE_MAX_ON_DEVICE_EVENTS, sizeof(cl_uint)},
    {CL_DEVICE_BUILT_IN_KERNELS, 0},
    {CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION, 0},
    {CL_DEVICE_PLATFORM, sizeof(cl_platform_id)},
    {CL_DEVICE_NAME, 0},
    {CL_DEVICE_VENDOR, 0},
    {CL_DRIVER_VERSION, 0},
    {CL_DEVICE_PROFILE, 0},
    {CL_DEVICE_VERSION, 0},
    {CL_DEVICE_NUMERIC_VERSION, sizeof(cl_version)},
    {CL_DEVICE_OPENCL_C_VERSION, 0},
    {CL_DEVICE_OPENCL_C_ALL_VERSIONS, 0},
    {CL_DEVICE_OPENCL_C_FEATURES, 0},
    {CL_DEVICE_EXTENSIONS, 0},
    {CL_DEVICE_EXTENSIONS_WITH_VERSION, 0},
    {CL_DEVICE_PRINTF_BUFFER_SIZE, sizeof(size_t)},
    {CL_DEVICE_PREFERRED_INTEROP_USER_SYNC, sizeof(cl_bool)},
    {CL_DEVICE_PARENT_DEVICE, sizeof(cl_device_id)},
    {CL_DEVICE_PARTITION_MAX_SUB_DEVICES, sizeof(cl_uint)},
    {CL_DEVICE_PARTITION_PROPERTIES, 0},
    {CL_DEVICE_PARTITION_AFFINITY_DOMAIN, sizeof(cl_device_affinity_domain)},
    {CL_DEVICE_REFERENCE_COUNT, sizeof(cl_uint)},
    {CL_DEVICE_SVM_CAPABILITIES, sizeof(cl_device_svm_capabilities)},
    {CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT, sizeof(cl_uint)},
    {CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT, sizeof(cl_uint)},
    {CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT, sizeof(cl_uint)},
    {CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof(cl_uint)},
    {CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS, sizeof(cl_bool)},
    {CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, sizeof(cl_device_atomic_capabilities)},
    {CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, sizeof(cl_device_atomic_capabilities)},
    {CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, sizeof(cl_bool)},
    {CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT, sizeof(cl_bool)},
    {CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT, sizeof(cl_bool)},
    {CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, sizeof(cl_device_device_enqueue_capabilities)},
    {CL_DEVICE_PIPE_SUPPORT, sizeof(cl_bool)},
    {CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, sizeof(size_t)},
    {CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED, 0},
};

static void deviceQueries(cl_platform_id platform, cl_device_id device) {
  static unsigned char value[16384];
  for (size_t i = 0; i < sizeof deviceParams / sizeof deviceParams[0]; ++i) {
    const struct DeviceParam *p = &deviceParams[i];
    size_t size = 12345;
    cl_int err = clGetDeviceInfo(device, p->name, 0, NULL, &size);
    if (err != CL_SUCCESS) {
      fprintf(stderr, "clGetDeviceInfo(0x%x) failed: %d\n", p->name, err);
      ++failures;
      continue;
    }
    if (p->size) CHECK(size == p->size);
    REQUIRE(size <= sizeof value);
    size_t again = 0;
    OK(clGetDeviceInfo(device, p->name, sizeof value, value, &again));
    CHECK(again == size);
    if (size > 0)
      EXPECT_ERR(CL_INVALID_VALUE, clGetDeviceInfo(device, p->name, size - 1, value, NULL));
  }
  EXPECT_ERR(CL_INVALID_VALUE, clGetDeviceInfo(device, 0x7777, sizeof value, value, NULL));
  EXPECT_ERR(CL_INVALID_DEVICE,
             clGetDeviceInfo((cl_device_id)value, CL_DEVICE_NAME, sizeof value, value, NULL));
  EXPECT_ERR(CL_INVALID_DEVICE, clGetDeviceInfo(NULL, CL_DEVICE_NAME, sizeof value, value, NULL));

  /* Values the device description decides. */
  char text[4096];
  OK(clGetDeviceInfo(device, CL_DEVICE_IL_VERSION, sizeof text, text, NULL));
  CHECK(strcmp(text,
               "SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.2 SPIR-V_1.3 SPIR-V_1.4 SPIR-V_1.5 SPIR-V_1.6") ==
        0);
  cl_name_version ils[16];
  size_t size = 0;
  OK(clGetDeviceInfo(device, CL_DEVICE_ILS_WITH_VERSION, sizeof ils, ils, &size));
  CHECK(size == 7 * sizeof(cl_name_version));
  CHECK(strcmp(ils[0].name, "SPIR-V") == 0 && ils[6].version == CL_MAKE_VERSION(1, 6, 0));

  /* CL_DEVICE_EXTENSIONS and its versioned form list the same names. */
  OK(clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, sizeof text, text, NULL));
  cl_name_version extensions[64];
  OK(clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS_WITH_VERSION, sizeof extensions, extensions,
                     &size));
  size_t count = size / sizeof(cl_name_version);
  CHECK(count > 5);
  for (size_t i = 0; i < count; ++i) CHECK(strstr(text, extensions[i].name) != NULL);
  CHECK(strstr(text, "cl_khr_fp64") != NULL && strstr(text, "cl_khr_il_program") != NULL);
  CHECK(strstr(text, "cl_khr_3d_image_writes") != NULL); /* images (tests/runtime/images.c) */
  char platformExtensions[4096];
  OK(clGetPlatformInfo(platform, CL_PLATFORM_EXTENSIONS, sizeof platformExtensions,
                       platformExtensions, NULL));
  CHECK(strcmp(platformExtensions, text) == 0);

  cl_bool flag;
  OK(clGetDeviceInfo(device, CL_DEVICE_IMAGE_SUPPORT, sizeof flag, &flag, NULL));
  CHECK(flag == CL_TRUE);
  OK(clGetDeviceInfo(device, CL_DEVICE_PIPE_SUPPORT, sizeof flag, &flag, NULL));
  CHECK(flag == CL_FALSE);
  size_t wg = 0, items[3] = {0};
  OK(clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof wg, &wg, NULL));
  OK(clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof items, items, NULL));
  CHECK(wg == 1024 && items[0] == 1024 && items[2] == 1024);
  cl_ulong alloc = 0, global = 0;
  OK(clGetDeviceInfo(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof alloc, &alloc, NULL));
  OK(clGetDeviceInfo(device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof global, &global, NULL));
  CHECK(alloc >= 32u << 20 && alloc <= global);
  /* What SPIR-V's 255 parameters per function hold at 8 bytes each, and the minimum. */
  size_t parameterBytes = 0;
  OK(clGetDeviceInfo(device, CL_DEVICE_MAX_PARAMETER_SIZE, sizeof parameterBytes, &parameterBytes,
                     NULL));
  CHECK(parameterBytes >= 1024 && parameterBytes / 8 < 255);
  /* Double precision: at least the rounding modes and features OpenCL 1.x required. */
  cl_device_fp_config fp64 = 0;
  OK(clGetDeviceInfo(device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp64, &fp64, NULL));
  const cl_device_fp_config fp64Minimum = CL_FP_FMA | CL_FP_ROUND_TO_NEAREST | CL_FP_ROUND_TO_ZERO |
                                          CL_FP_ROUND_TO_INF | CL_FP_INF_NAN | CL_FP_DENORM;
  CHECK((fp64 & fp64Minimum) == fp64Minimum);
  cl_device_id parent = (cl_device_id)1;
  OK(clGetDeviceInfo(device, CL_DEVICE_PARENT_DEVICE, sizeof parent, &parent, NULL));
  CHECK(parent == NULL);
  cl_platform_id owner;
  OK(clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof owner, &owner, NULL));
  CHECK(owner == platform);
  OK(clGetDeviceInfo(device, CL_DEVICE_PARTITION_TYPE, 0, NULL, &size));
  CHECK(size == 0);

  /* Device lookup. */
  cl_device_id d;
  cl_uint n = 0;
  OK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_DEFAULT, 1, &d, &n));
  CHECK(d == device && n == 1);
  OK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_CPU, 0, NULL, &n));
  CHECK(n == 1);
  EXPECT_ERR(CL_DEVICE_NOT_FOUND, clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 1, &d, NULL));
  EXPECT_ERR(CL_INVALID_DEVICE_TYPE, clGetDeviceIDs(platform, 0, 1, &d, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, &d, NULL));
  EXPECT_ERR(CL_INVALID_PLATFORM,
             clGetDeviceIDs((cl_platform_id)value, CL_DEVICE_TYPE_ALL, 1, &d, NULL));
  OK(clRetainDevice(device));
  OK(clReleaseDevice(device));
  EXPECT_ERR(CL_INVALID_DEVICE, clRetainDevice(NULL));
  cl_device_partition_property equally[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
  EXPECT_ERR(CL_INVALID_VALUE, clCreateSubDevices(device, equally, 1, &d, &n));

  cl_ulong deviceTime = 0, hostTime = 0, later = 0;
  OK(clGetDeviceAndHostTimer(device, &deviceTime, &hostTime));
  OK(clGetHostTimer(device, &later));
  CHECK(deviceTime > 0 && later >= hostTime);
  EXPECT_ERR(CL_INVALID_VALUE, clGetDeviceAndHostTimer(device, NULL, &hostTime));
}

static int destructorOrder[2];
static int destructorCalls = 0;
static void CL_CALLBACK contextDestroyed(cl_context context, void *user) {
  (void)context;
  destructorOrder[destructorCalls++] = *(int *)user;
}

static void contextQueries(cl_platform_id platform, cl_device_id device) {
  cl_int err;
  cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)platform, 0};
  cl_context context = clCreateContext(props, 1, &device, NULL, NULL, &err);
  OK(err);
  cl_uint refs = 0, ndev = 0;
  OK(clRetainContext(context));
  OK(clGetContextInfo(context, CL_CONTEXT_REFERENCE_COUNT, sizeof refs, &refs, NULL));
  CHECK(refs == 2);
  OK(clReleaseContext(context));
  OK(clGetContextInfo(context, CL_CONTEXT_NUM_DEVICES, sizeof ndev, &ndev, NULL));
  CHECK(ndev == 1);
  cl_device_id devices[2];
  size_t size = 0;
  OK(clGetContextInfo(context, CL_CONTEXT_DEVICES, sizeof devices, devices, &size));
  CHECK(size == sizeof(cl_device_id) && devices[0] == device);
  cl_context_properties got[8];
  OK(clGetContextInfo(context, CL_CONTEXT_PROPERTIES, sizeof got, got, &size));
  CHECK(size == sizeof props && got[0] == CL_CONTEXT_PLATFORM && got[1] == props[1] && got[2] == 0);
  EXPECT_ERR(CL_INVALID_VALUE, clGetContextInfo(context, 0x7777, sizeof got, got, NULL));

  /* Destructor callbacks run when the context goes, newest first. */
  int first = 1, second = 2;
  OK(clSetContextDestructorCallback(context, contextDestroyed, &first));
  OK(clSetContextDestructorCallback(context, contextDestroyed, &second));
  EXPECT_ERR(CL_INVALID_VALUE, clSetContextDestructorCallback(context, NULL, NULL));
  OK(clReleaseContext(context));
  CHECK(destructorCalls == 2 && destructorOrder[0] == 2 && destructorOrder[1] == 1);
  /* The handle is gone. */
  EXPECT_ERR(CL_INVALID_CONTEXT, clReleaseContext(context));
  EXPECT_ERR(CL_INVALID_CONTEXT,
             clGetContextInfo(context, CL_CONTEXT_NUM_DEVICES, sizeof ndev, &ndev, NULL));

  /* Without properties, and from a device type. */
  context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  OK(err);
  OK(clGetContextInfo(context, CL_CONTEXT_PROPERTIES, 0, NULL, &size));
  CHECK(size == 0);
  OK(clReleaseContext(context));
  context = clCreateContextFromType(props, CL_DEVICE_TYPE_DEFAULT, NULL, NULL, &err);
  OK(err);
  OK(clReleaseContext(context));
  CHECK(clCreateContextFromType(props, CL_DEVICE_TYPE_GPU, NULL, NULL, &err) == NULL);
  EXPECT_ERR(CL_DEVICE_NOT_FOUND, err);

  /* Bad arguments. */
  CHECK(clCreateContext(props, 0, &device, NULL, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  CHECK(clCreateContext(props, 1, NULL, NULL, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  int data = 0;
  CHECK(clCreateContext(props, 1, &device, NULL, &data, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  cl_device_id bogus = (cl_device_id)&data;
  CHECK(clCreateContext(props, 1, &bogus, NULL, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_DEVICE, err);
  cl_context_properties badPlatform[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)&data, 0};
  CHECK(clCreateContext(badPlatform, 1, &device, NULL, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_PLATFORM, err);
  cl_context_properties twice[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)platform,
                                   CL_CONTEXT_PLATFORM, (cl_context_properties)platform, 0};
  CHECK(clCreateContext(twice, 1, &device, NULL, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_PROPERTY, err);
  cl_context_properties unknown[] = {0x7777, 1, 0};
  CHECK(clCreateContext(unknown, 1, &device, NULL, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_PROPERTY, err);
}

static void queueQueries(cl_device_id device) {
  cl_int err;
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  OK(err);
  cl_queue_properties props[] = {
      CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, props, &err);
  OK(err);
  cl_command_queue_properties bits = 0;
  OK(clGetCommandQueueInfo(queue, CL_QUEUE_PROPERTIES, sizeof bits, &bits, NULL));
  CHECK(bits == (CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE));
  cl_queue_properties array[8];
  size_t size = 0;
  OK(clGetCommandQueueInfo(queue, CL_QUEUE_PROPERTIES_ARRAY, sizeof array, array, &size));
  CHECK(size == sizeof props && array[0] == CL_QUEUE_PROPERTIES && array[2] == 0);
  cl_context owner;
  cl_device_id d;
  OK(clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof owner, &owner, NULL));
  OK(clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof d, &d, NULL));
  CHECK(owner == context && d == device);
  cl_uint refs = 0;
  OK(clGetCommandQueueInfo(queue, CL_QUEUE_REFERENCE_COUNT, sizeof refs, &refs, NULL));
  CHECK(refs == 1);
  cl_command_queue deviceDefault = (cl_command_queue)1;
  OK(clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE_DEFAULT, sizeof deviceDefault, &deviceDefault,
                           NULL));
  CHECK(deviceDefault == NULL);
  cl_uint queueSize;
  EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
             clGetCommandQueueInfo(queue, CL_QUEUE_SIZE, sizeof queueSize, &queueSize, NULL));
  OK(clFlush(queue));
  OK(clFinish(queue));
  EXPECT_ERR(CL_INVALID_OPERATION, clSetDefaultDeviceCommandQueue(context, device, queue));
  /* No on-device queues: CL_INVALID_OPERATION whatever the queue (OpenCL API §5.2.2). */
  EXPECT_ERR(CL_INVALID_OPERATION, clSetDefaultDeviceCommandQueue(context, device, NULL));
  EXPECT_ERR(CL_INVALID_OPERATION,
             clSetCommandQueueProperty(queue, CL_QUEUE_PROFILING_ENABLE, CL_FALSE, NULL));
  OK(clReleaseCommandQueue(queue));
  EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clFinish(queue));

  /* The OpenCL 1.x entry point. */
  queue = clCreateCommandQueue(context, device, CL_QUEUE_PROFILING_ENABLE, &err);
  OK(err);
  OK(clGetCommandQueueInfo(queue, CL_QUEUE_PROPERTIES_ARRAY, 0, NULL, &size));
  CHECK(size == 0);
  OK(clReleaseCommandQueue(queue));

  /* Device-side queues and bad properties. */
  cl_queue_properties onDevice[] = {CL_QUEUE_PROPERTIES,
                                    CL_QUEUE_ON_DEVICE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
  CHECK(clCreateCommandQueueWithProperties(context, device, onDevice, &err) == NULL);
  EXPECT_ERR(CL_INVALID_QUEUE_PROPERTIES, err);
  cl_queue_properties sized[] = {CL_QUEUE_SIZE, 1024, 0};
  CHECK(clCreateCommandQueueWithProperties(context, device, sized, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  cl_queue_properties unknownBits[] = {CL_QUEUE_PROPERTIES, 1 << 20, 0};
  CHECK(clCreateCommandQueueWithProperties(context, device, unknownBits, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  CHECK(clCreateCommandQueue(context, NULL, 0, &err) == NULL);
  EXPECT_ERR(CL_INVALID_DEVICE, err);
  CHECK(clCreateCommandQueue(NULL, device, 0, &err) == NULL);
  EXPECT_ERR(CL_INVALID_CONTEXT, err);
  OK(clReleaseContext(context));
}

int main(void) {
  cl_platform_id platform;
  cl_device_id device;
  spvsimDevice(&platform, &device);
  platformQueries(platform);
  deviceQueries(platform, device);
  contextQueries(platform, device);
  queueQueries(device);
  return finish("queries");
}
