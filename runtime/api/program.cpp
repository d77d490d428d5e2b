// Program entry points (OpenCL API §5.8): programs from OpenCL C source,
// SPIR-V and binaries; building, separate compilation and linking;
// specialization constants; queries.
#include "core/program.h"
#include "api/api.h"

using namespace spvsim;
using namespace spvsim::runtime;

namespace {

using ProgramNotify = void(CL_CALLBACK *)(cl_program, void *);

/// OpenCL API §5.8.4: a device list, if given, names devices of the program's context.
cl_int checkDeviceList(const Context &context, cl_uint num_devices, const cl_device_id *devices) {
  if ((num_devices == 0) != (devices == nullptr)) return CL_INVALID_VALUE;
  for (cl_uint i = 0; i < num_devices; ++i)
    if (!api::findDevice(devices[i]) || !context.hasDevice(devices[i])) return CL_INVALID_DEVICE;
  return CL_SUCCESS;
}

cl_program createFromIL(cl_context context, const void *il, size_t length, cl_int &status) {
  std::shared_ptr<Context> c = lookup<Context>(context);
  if (!c) {
    status = CL_INVALID_CONTEXT;
    return nullptr;
  }
  if (!il || length == 0 || length % 4 != 0) {
    status = CL_INVALID_VALUE;
    return nullptr;
  }
  try {
    status = CL_SUCCESS;
    return publish(Program::withIL(c, toWords(il, length)));
  } catch (const spvsim::Error &) {
    // OpenCL API §5.8.1: not well-formed intermediate language.
    status = CL_INVALID_VALUE;
    return nullptr;
  }
}

} // namespace

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithSource(cl_context context, cl_uint count,
                                                              const char **strings,
                                                              const size_t *lengths,
                                                              cl_int *errcode_ret) {
  return api::guardObject<cl_program>("clCreateProgramWithSource", errcode_ret,
                                      [&](cl_program &out) -> cl_int {
                                        std::shared_ptr<Context> c = lookup<Context>(context);
                                        if (!c) return CL_INVALID_CONTEXT;
                                        if (count == 0 || !strings) return CL_INVALID_VALUE;
                                        std::string source;
                                        for (cl_uint i = 0; i < count; ++i) {
                                          if (!strings[i]) return CL_INVALID_VALUE;
                                          if (lengths && lengths[i])
                                            source.append(strings[i], lengths[i]);
                                          else
                                            source.append(strings[i]);
                                        }
                                        out = publish(Program::withSource(c, std::move(source)));
                                        return CL_SUCCESS;
                                      });
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithIL(cl_context context, const void *il,
                                                          size_t length, cl_int *errcode_ret) {
  return api::guardObject<cl_program>("clCreateProgramWithIL", errcode_ret, [&](cl_program &out) {
    cl_int status = CL_SUCCESS;
    out = createFromIL(context, il, length, status);
    return status;
  });
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithILKHR(cl_context context, const void *il,
                                                             size_t length, cl_int *errcode_ret) {
  return clCreateProgramWithIL(context, il, length, errcode_ret);
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithBinary(
    cl_context context, cl_uint num_devices, const cl_device_id *device_list, const size_t *lengths,
    const unsigned char **binaries, cl_int *binary_status, cl_int *errcode_ret) {
  return api::guardObject<cl_program>(
      "clCreateProgramWithBinary", errcode_ret, [&](cl_program &out) -> cl_int {
        std::shared_ptr<Context> c = lookup<Context>(context);
        if (!c) return CL_INVALID_CONTEXT;
        if (!device_list || num_devices == 0) return CL_INVALID_VALUE;
        if (cl_int e = checkDeviceList(*c, num_devices, device_list)) return e;
        if (!lengths || !binaries) return CL_INVALID_VALUE;
        for (cl_uint i = 0; i < num_devices; ++i)
          if (lengths[i] == 0 || !binaries[i]) return CL_INVALID_VALUE;
        // One device: every entry names it; the first binary is the program's.
        std::optional<ProgramBinary> decoded;
        bool allValid = true;
        for (cl_uint i = 0; i < num_devices; ++i) {
          std::optional<ProgramBinary> b = decodeBinary({binaries[i], lengths[i]});
          if (binary_status) binary_status[i] = b ? CL_SUCCESS : CL_INVALID_BINARY;
          allValid = allValid && b;
          if (!decoded) decoded = std::move(b);
        }
        if (!allValid) return CL_INVALID_BINARY;
        out = publish(Program::withBinary(c, std::move(*decoded)));
        return CL_SUCCESS;
      });
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithBuiltInKernels(
    cl_context context, cl_uint num_devices, const cl_device_id *device_list,
    const char *kernel_names, cl_int *errcode_ret) {
  return api::guardObject<cl_program>(
      "clCreateProgramWithBuiltInKernels", errcode_ret, [&](cl_program &) -> cl_int {
        std::shared_ptr<Context> c = lookup<Context>(context);
        if (!c) return CL_INVALID_CONTEXT;
        if (!device_list || num_devices == 0 || !kernel_names) return CL_INVALID_VALUE;
        if (cl_int e = checkDeviceList(*c, num_devices, device_list)) return e;
        // CL_DEVICE_BUILT_IN_KERNELS is empty: no name can be supported.
        return CL_INVALID_VALUE;
      });
}

CL_API_ENTRY cl_int CL_API_CALL clRetainProgram(cl_program program) {
  return Registry::instance().retain(program, ObjectKind::Program) ? CL_SUCCESS
                                                                   : CL_INVALID_PROGRAM;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseProgram(cl_program program) {
  return api::guard("clReleaseProgram", [&] {
    return Registry::instance().release(program, ObjectKind::Program) ? CL_SUCCESS
                                                                      : CL_INVALID_PROGRAM;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clBuildProgram(cl_program program, cl_uint num_devices,
                                               const cl_device_id *device_list, const char *options,
                                               ProgramNotify pfn_notify, void *user_data) {
  return api::guard("clBuildProgram", [&]() -> cl_int {
    std::shared_ptr<Program> p = lookup<Program>(program);
    if (!p) return CL_INVALID_PROGRAM;
    if (cl_int e = checkDeviceList(p->context(), num_devices, device_list)) return e;
    if (!pfn_notify && user_data) return CL_INVALID_VALUE;
    // Built before returning; the callback runs once the build is done (OpenCL API §5.8.4
    // allows either).
    cl_int status = p->build(options ? options : "");
    if (pfn_notify && status != CL_INVALID_OPERATION) pfn_notify(program, user_data);
    return status;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clCompileProgram(cl_program program, cl_uint num_devices,
                                                 const cl_device_id *device_list,
                                                 const char *options, cl_uint num_input_headers,
                                                 const cl_program *input_headers,
                                                 const char **header_include_names,
                                                 ProgramNotify pfn_notify, void *user_data) {
  return api::guard("clCompileProgram", [&]() -> cl_int {
    std::shared_ptr<Program> p = lookup<Program>(program);
    if (!p) return CL_INVALID_PROGRAM;
    if (cl_int e = checkDeviceList(p->context(), num_devices, device_list)) return e;
    if (!pfn_notify && user_data) return CL_INVALID_VALUE;
    if (num_input_headers == 0 ? (input_headers || header_include_names)
                               : (!input_headers || !header_include_names))
      return CL_INVALID_VALUE;
    std::vector<Header> headers;
    for (cl_uint i = 0; i < num_input_headers; ++i) {
      std::shared_ptr<Program> h = lookup<Program>(input_headers[i]);
      if (!h || h->origin() != Program::Origin::Source) return CL_INVALID_PROGRAM;
      if (!header_include_names[i]) return CL_INVALID_VALUE;
      headers.emplace_back(header_include_names[i], h->source());
    }
    cl_int status = p->compile(options ? options : "", headers);
    if (pfn_notify && status != CL_INVALID_OPERATION) pfn_notify(program, user_data);
    return status;
  });
}

CL_API_ENTRY cl_program CL_API_CALL clLinkProgram(cl_context context, cl_uint num_devices,
                                                  const cl_device_id *device_list,
                                                  const char *options, cl_uint num_input_programs,
                                                  const cl_program *input_programs,
                                                  ProgramNotify pfn_notify, void *user_data,
                                                  cl_int *errcode_ret) {
  cl_program result = nullptr;
  cl_int status = api::guard("clLinkProgram", [&]() -> cl_int {
    std::shared_ptr<Context> c = lookup<Context>(context);
    if (!c) return CL_INVALID_CONTEXT;
    if (cl_int e = checkDeviceList(*c, num_devices, device_list)) return e;
    if (!pfn_notify && user_data) return CL_INVALID_VALUE;
    if (num_input_programs == 0 || !input_programs) return CL_INVALID_VALUE;
    std::vector<std::shared_ptr<Program>> inputs;
    for (cl_uint i = 0; i < num_input_programs; ++i) {
      std::shared_ptr<Program> p = lookup<Program>(input_programs[i]);
      if (!p || &p->context() != c.get()) return CL_INVALID_PROGRAM;
      inputs.push_back(std::move(p));
    }
    cl_int linkStatus = CL_SUCCESS;
    std::shared_ptr<Program> linked = Program::link(c, options ? options : "", inputs, linkStatus);
    if (!linked) return linkStatus;
    // OpenCL API §5.8.5: a failed link still returns the program, with its log.
    result = publish(std::move(linked));
    if (pfn_notify) pfn_notify(result, user_data);
    return linkStatus;
  });
  if (status != CL_SUCCESS && status != CL_LINK_PROGRAM_FAILURE) result = nullptr;
  api::setError(errcode_ret, status);
  return result;
}

CL_API_ENTRY cl_int CL_API_CALL clSetProgramSpecializationConstant(cl_program program,
                                                                   cl_uint spec_id,
                                                                   size_t spec_size,
                                                                   const void *spec_value) {
  return api::guard("clSetProgramSpecializationConstant", [&]() -> cl_int {
    std::shared_ptr<Program> p = lookup<Program>(program);
    if (!p || p->origin() != Program::Origin::IL) return CL_INVALID_PROGRAM;
    return p->setSpecializationConstant(spec_id, spec_size, spec_value);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clSetProgramReleaseCallback(cl_program program,
                                                            ProgramNotify pfn_notify,
                                                            void *user_data) {
  (void)user_data;
  if (!lookup<Program>(program)) return CL_INVALID_PROGRAM;
  if (!pfn_notify) return CL_INVALID_VALUE;
  // OpenCL API §5.8.2: the device has no program-scope global destructors
  // (CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT is always false).
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clGetProgramInfo(cl_program program, cl_program_info param_name,
                                                 size_t param_value_size, void *param_value,
                                                 size_t *param_value_size_ret) {
  return api::guard("clGetProgramInfo", [&]() -> cl_int {
    std::shared_ptr<Program> p = lookup<Program>(program);
    if (!p) return CL_INVALID_PROGRAM;
    const size_t size = param_value_size;
    void *value = param_value;
    size_t *ret = param_value_size_ret;
    switch (param_name) {
    case CL_PROGRAM_REFERENCE_COUNT:
      return api::returnValue<cl_uint>(size, value, ret,
                                       Registry::instance().referenceCount(program));
    case CL_PROGRAM_CONTEXT:
      return api::returnValue<cl_context>(size, value, ret, &p->context());
    case CL_PROGRAM_NUM_DEVICES:
      return api::returnValue<cl_uint>(size, value, ret, 1);
    case CL_PROGRAM_DEVICES:
      return api::returnValue<cl_device_id>(size, value, ret, &p->context().device());
    case CL_PROGRAM_SOURCE:
      return api::returnString(size, value, ret, p->source());
    case CL_PROGRAM_IL: {
      const std::vector<uint32_t> &il = p->il();
      return api::returnInfo(size, value, ret, il.data(), il.size() * 4);
    }
    case CL_PROGRAM_BINARY_SIZES:
      return api::returnValue<size_t>(size, value, ret, p->binary().size());
    case CL_PROGRAM_BINARIES: {
      // An array of one pointer per device, each to memory of CL_PROGRAM_BINARY_SIZES bytes.
      if (value && size < sizeof(unsigned char *)) return CL_INVALID_VALUE;
      if (ret) *ret = sizeof(unsigned char *);
      if (value) {
        unsigned char *dst = *static_cast<unsigned char **>(value);
        std::vector<unsigned char> binary = p->binary();
        if (dst && !binary.empty()) std::memcpy(dst, binary.data(), binary.size());
      }
      return CL_SUCCESS;
    }
    case CL_PROGRAM_NUM_KERNELS:
    case CL_PROGRAM_KERNEL_NAMES: {
      std::shared_ptr<const Executable> exe = p->executable();
      if (!exe) return CL_INVALID_PROGRAM_EXECUTABLE;
      if (param_name == CL_PROGRAM_NUM_KERNELS)
        return api::returnValue<size_t>(size, value, ret, exe->kernels().size());
      std::string names;
      for (const KernelSignature &k : exe->kernels()) names += (names.empty() ? "" : ";") + k.name;
      return api::returnString(size, value, ret, names);
    }
    case CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT:
    case CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT:
      return api::returnValue<cl_bool>(size, value, ret, CL_FALSE);
    default:
      return CL_INVALID_VALUE;
    }
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetProgramBuildInfo(cl_program program, cl_device_id device,
                                                      cl_program_build_info param_name,
                                                      size_t param_value_size, void *param_value,
                                                      size_t *param_value_size_ret) {
  return api::guard("clGetProgramBuildInfo", [&]() -> cl_int {
    std::shared_ptr<Program> p = lookup<Program>(program);
    if (!p) return CL_INVALID_PROGRAM;
    if (!api::findDevice(device) || !p->context().hasDevice(device)) return CL_INVALID_DEVICE;
    const size_t size = param_value_size;
    void *value = param_value;
    size_t *ret = param_value_size_ret;
    switch (param_name) {
    case CL_PROGRAM_BUILD_STATUS:
      return api::returnValue<cl_build_status>(size, value, ret, p->buildStatus());
    case CL_PROGRAM_BUILD_OPTIONS:
      return api::returnString(size, value, ret, p->buildOptions());
    case CL_PROGRAM_BUILD_LOG:
      return api::returnString(size, value, ret, p->buildLog());
    case CL_PROGRAM_BINARY_TYPE:
      return api::returnValue<cl_program_binary_type>(size, value, ret, p->binaryType());
    case CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE: {
      std::shared_ptr<const Executable> exe = p->executable();
      return api::returnValue<size_t>(size, value, ret,
                                      exe ? static_cast<size_t>(exe->globalVariableBytes()) : 0);
    }
    default:
      return CL_INVALID_VALUE;
    }
  });
}
