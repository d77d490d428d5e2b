// Kernel entry points (OpenCL API §5.9): creating and cloning kernels,
// setting arguments, and the kernel, argument, work-group and sub-group
// queries.
#include <cstring>
#include <sstream>

#include "api/api.h"
#include "core/kernel.h"

using namespace spvsim;
using namespace spvsim::runtime;

namespace {

cl_int createKernel(const std::shared_ptr<Program> &p, const std::string &name, cl_kernel &out) {
  std::shared_ptr<const Executable> exe = p->executable();
  if (!exe) return CL_INVALID_PROGRAM_EXECUTABLE;
  const KernelSignature *signature = exe->kernel(name);
  if (!signature) return CL_INVALID_KERNEL_NAME;
  out = publish(makeObject<Kernel>(p, exe, *signature));
  return CL_SUCCESS;
}

/// The type name of an argument as OpenCL C declared it, without address space.
std::string argTypeName(const Kernel &k, cl_uint index) {
  const KernelDetails &details = k.details();
  if (index < details.argTypeNames.size() && !details.argTypeNames[index].empty())
    return details.argTypeNames[index];
  std::string name = k.signature().params[index].typeName;
  for (const char *prefix : {"constant ", "local "})
    if (name.rfind(prefix, 0) == 0) name = name.substr(std::strlen(prefix));
  return name;
}

cl_kernel_arg_type_qualifier argQualifiers(const Kernel &k, cl_uint index) {
  const KernelParam &param = k.signature().params[index];
  cl_kernel_arg_type_qualifier q = CL_KERNEL_ARG_TYPE_NONE;
  if (param.kind == ParamKind::Value || param.kind == ParamKind::ByValStruct) return q;
  // OpenCL API §5.9.4: __constant arguments are const.
  if (param.kind == ParamKind::ConstantBuffer) q |= CL_KERNEL_ARG_TYPE_CONST;
  const KernelDetails &details = k.details();
  if (index < details.argQualifiers.size()) {
    std::stringstream words(details.argQualifiers[index]);
    for (std::string w; words >> w;) {
      if (w == "const") q |= CL_KERNEL_ARG_TYPE_CONST;
      if (w == "restrict") q |= CL_KERNEL_ARG_TYPE_RESTRICT;
      if (w == "volatile") q |= CL_KERNEL_ARG_TYPE_VOLATILE;
      if (w == "pipe") q |= CL_KERNEL_ARG_TYPE_PIPE;
    }
  }
  return q;
}

/// The work-group size of a local size given as an array of `bytes` / sizeof(size_t)
/// dimensions; 0 when the array is not 1 to 3 sizes.
size_t workItems(size_t bytes, const void *sizes) {
  if (!sizes || bytes == 0 || bytes % sizeof(size_t) || bytes / sizeof(size_t) > 3) return 0;
  size_t n = 1;
  for (size_t d = 0; d < bytes / sizeof(size_t); ++d) n *= static_cast<const size_t *>(sizes)[d];
  return n;
}

cl_int subGroupInfo(cl_kernel kernel, cl_device_id device, cl_kernel_sub_group_info param_name,
                    size_t input_value_size, const void *input_value, size_t param_value_size,
                    void *param_value, size_t *param_value_size_ret) {
  std::shared_ptr<Kernel> k = lookup<Kernel>(kernel);
  if (!k) return CL_INVALID_KERNEL;
  if (device && (!api::findDevice(device) || !k->context().hasDevice(device)))
    return CL_INVALID_DEVICE;
  const Device &d = k->context().device();
  const size_t warp = d.subGroupSize();
  const size_t size = param_value_size;
  void *value = param_value;
  size_t *ret = param_value_size_ret;
  // Sub-groups are the executor's warps: consecutive work-items in local linear order.
  switch (param_name) {
  case CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE:
  case CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE: {
    const size_t items = workItems(input_value_size, input_value);
    if (items == 0) return CL_INVALID_VALUE;
    const size_t result = param_name == CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE
                              ? std::min(items, warp)
                              : (items + warp - 1) / warp;
    return api::returnValue<size_t>(size, value, ret, result);
  }
  case CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT: {
    if (input_value_size != sizeof(size_t) || !input_value) return CL_INVALID_VALUE;
    size_t count = 0;
    std::memcpy(&count, input_value, sizeof count);
    const size_t dims = value ? size / sizeof(size_t) : 1;
    if (dims == 0 || dims > 3) return CL_INVALID_VALUE;
    std::vector<size_t> local(dims, 1);
    local[0] = count && count * warp <= d.maxWorkGroupSize() ? count * warp : 0;
    if (local[0] == 0)
      for (size_t &l : local) l = 0; // no work-group has that many sub-groups
    return api::returnVector(size, value, ret, local);
  }
  case CL_KERNEL_MAX_NUM_SUB_GROUPS:
    return api::returnValue<size_t>(size, value, ret, (d.maxWorkGroupSize() + warp - 1) / warp);
  case CL_KERNEL_COMPILE_NUM_SUB_GROUPS:
    return api::returnValue<size_t>(size, value, ret, 0);
  default:
    return CL_INVALID_VALUE;
  }
}

} // namespace

CL_API_ENTRY cl_kernel CL_API_CALL clCreateKernel(cl_program program, const char *kernel_name,
                                                  cl_int *errcode_ret) {
  return api::guardObject<cl_kernel>("clCreateKernel", errcode_ret, [&](cl_kernel &out) -> cl_int {
    std::shared_ptr<Program> p = lookup<Program>(program);
    if (!p) return CL_INVALID_PROGRAM;
    if (!kernel_name) return CL_INVALID_VALUE;
    return createKernel(p, kernel_name, out);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clCreateKernelsInProgram(cl_program program, cl_uint num_kernels,
                                                         cl_kernel *kernels,
                                                         cl_uint *num_kernels_ret) {
  return api::guard("clCreateKernelsInProgram", [&]() -> cl_int {
    std::shared_ptr<Program> p = lookup<Program>(program);
    if (!p) return CL_INVALID_PROGRAM;
    std::shared_ptr<const Executable> exe = p->executable();
    if (!exe) return CL_INVALID_PROGRAM_EXECUTABLE;
    const size_t n = exe->kernels().size();
    if (kernels && num_kernels < n) return CL_INVALID_VALUE;
    if (kernels)
      for (size_t i = 0; i < n; ++i)
        kernels[i] = publish(makeObject<Kernel>(p, exe, exe->kernels()[i]));
    if (num_kernels_ret) *num_kernels_ret = static_cast<cl_uint>(n);
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_kernel CL_API_CALL clCloneKernel(cl_kernel source_kernel, cl_int *errcode_ret) {
  return api::guardObject<cl_kernel>("clCloneKernel", errcode_ret, [&](cl_kernel &out) -> cl_int {
    std::shared_ptr<Kernel> k = lookup<Kernel>(source_kernel);
    if (!k) return CL_INVALID_KERNEL;
    out = publish(k->clone());
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clRetainKernel(cl_kernel kernel) {
  return Registry::instance().retain(kernel, ObjectKind::Kernel) ? CL_SUCCESS : CL_INVALID_KERNEL;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseKernel(cl_kernel kernel) {
  return api::guard("clReleaseKernel", [&] {
    return Registry::instance().release(kernel, ObjectKind::Kernel) ? CL_SUCCESS
                                                                    : CL_INVALID_KERNEL;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelArg(cl_kernel kernel, cl_uint arg_index, size_t arg_size,
                                               const void *arg_value) {
  return api::guard("clSetKernelArg", [&]() -> cl_int {
    std::shared_ptr<Kernel> k = lookup<Kernel>(kernel);
    if (!k) return CL_INVALID_KERNEL;
    return k->setArg(arg_index, arg_size, arg_value);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelArgSVMPointer(cl_kernel kernel, cl_uint arg_index,
                                                         const void *arg_value) {
  return api::guard("clSetKernelArgSVMPointer", [&]() -> cl_int {
    std::shared_ptr<Kernel> k = lookup<Kernel>(kernel);
    if (!k) return CL_INVALID_KERNEL;
    return k->setSvmArg(arg_index, arg_value);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelExecInfo(cl_kernel kernel,
                                                    cl_kernel_exec_info param_name,
                                                    size_t param_value_size,
                                                    const void *param_value) {
  if (!lookup<Kernel>(kernel)) return CL_INVALID_KERNEL;
  switch (param_name) {
  case CL_KERNEL_EXEC_INFO_SVM_PTRS:
    // OpenCL API §5.9.2: the SVM pointers a kernel reaches other than through its
    // arguments. Every SVM allocation of the context is reachable in every launch.
    if (param_value_size % sizeof(void *) || (param_value_size && !param_value))
      return CL_INVALID_VALUE;
    return CL_SUCCESS;
  case CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM: {
    if (param_value_size != sizeof(cl_bool) || !param_value) return CL_INVALID_VALUE;
    cl_bool on = CL_FALSE;
    std::memcpy(&on, param_value, sizeof on);
    // System SVM is not supported (CL_DEVICE_SVM_FINE_GRAIN_SYSTEM is not set).
    return on ? CL_INVALID_OPERATION : CL_SUCCESS;
  }
  default:
    return CL_INVALID_VALUE;
  }
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelInfo(cl_kernel kernel, cl_kernel_info param_name,
                                                size_t param_value_size, void *param_value,
                                                size_t *param_value_size_ret) {
  return api::guard("clGetKernelInfo", [&]() -> cl_int {
    std::shared_ptr<Kernel> k = lookup<Kernel>(kernel);
    if (!k) return CL_INVALID_KERNEL;
    const size_t size = param_value_size;
    void *value = param_value;
    size_t *ret = param_value_size_ret;
    switch (param_name) {
    case CL_KERNEL_FUNCTION_NAME:
      return api::returnString(size, value, ret, k->name());
    case CL_KERNEL_NUM_ARGS:
      return api::returnValue<cl_uint>(size, value, ret,
                                       static_cast<cl_uint>(k->signature().params.size()));
    case CL_KERNEL_REFERENCE_COUNT:
      return api::returnValue<cl_uint>(size, value, ret,
                                       Registry::instance().referenceCount(kernel));
    case CL_KERNEL_CONTEXT:
      return api::returnValue<cl_context>(size, value, ret, &k->context());
    case CL_KERNEL_PROGRAM:
      return api::returnValue<cl_program>(size, value, ret, &k->program());
    case CL_KERNEL_ATTRIBUTES:
      return api::returnString(size, value, ret,
                               k->program().origin() == Program::Origin::Source
                                   ? k->details().attributes
                                   : std::string());
    default:
      return CL_INVALID_VALUE;
    }
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelArgInfo(cl_kernel kernel, cl_uint arg_index,
                                                   cl_kernel_arg_info param_name,
                                                   size_t param_value_size, void *param_value,
                                                   size_t *param_value_size_ret) {
  return api::guard("clGetKernelArgInfo", [&]() -> cl_int {
    std::shared_ptr<Kernel> k = lookup<Kernel>(kernel);
    if (!k) return CL_INVALID_KERNEL;
    if (arg_index >= k->signature().params.size()) return CL_INVALID_ARG_INDEX;
    const KernelParam &param = k->signature().params[arg_index];
    const size_t size = param_value_size;
    void *value = param_value;
    size_t *ret = param_value_size_ret;
    // OpenCL API §5.9.4: available when the program was built (or its objects compiled)
    // from source with -cl-kernel-arg-info; a program from IL has it when the module
    // names the arguments. OpenCL C is always compiled with what the option records
    // (findings name parameters), so the option is what decides for source.
    const bool recorded = !param.name.empty() || !k->details().argTypeNames.empty();
    if (!k->program().kernelArgInfo() || !recorded) return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
    switch (param_name) {
    case CL_KERNEL_ARG_ADDRESS_QUALIFIER: {
      cl_kernel_arg_address_qualifier q = CL_KERNEL_ARG_ADDRESS_PRIVATE;
      // Image objects are allocated from the global address space (OpenCL C §6.8).
      if (param.kind == ParamKind::GlobalBuffer || param.kind == ParamKind::Image)
        q = CL_KERNEL_ARG_ADDRESS_GLOBAL;
      if (param.kind == ParamKind::ConstantBuffer) q = CL_KERNEL_ARG_ADDRESS_CONSTANT;
      if (param.kind == ParamKind::LocalBuffer) q = CL_KERNEL_ARG_ADDRESS_LOCAL;
      return api::returnValue(size, value, ret, q);
    }
    case CL_KERNEL_ARG_ACCESS_QUALIFIER: {
      // Images (and pipes, which the device lacks) are the only arguments with one.
      cl_kernel_arg_access_qualifier q = CL_KERNEL_ARG_ACCESS_NONE;
      if (param.kind == ParamKind::Image)
        q = param.imageAccess == ImageAccess::ReadOnly    ? CL_KERNEL_ARG_ACCESS_READ_ONLY
            : param.imageAccess == ImageAccess::WriteOnly ? CL_KERNEL_ARG_ACCESS_WRITE_ONLY
                                                          : CL_KERNEL_ARG_ACCESS_READ_WRITE;
      return api::returnValue(size, value, ret, q);
    }
    case CL_KERNEL_ARG_TYPE_NAME:
      return api::returnString(size, value, ret, argTypeName(*k, arg_index));
    case CL_KERNEL_ARG_TYPE_QUALIFIER:
      return api::returnValue(size, value, ret, argQualifiers(*k, arg_index));
    case CL_KERNEL_ARG_NAME:
      if (param.name.empty()) return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
      return api::returnString(size, value, ret, param.name);
    default:
      return CL_INVALID_VALUE;
    }
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelWorkGroupInfo(cl_kernel kernel, cl_device_id device,
                                                         cl_kernel_work_group_info param_name,
                                                         size_t param_value_size, void *param_value,
                                                         size_t *param_value_size_ret) {
  return api::guard("clGetKernelWorkGroupInfo", [&]() -> cl_int {
    std::shared_ptr<Kernel> k = lookup<Kernel>(kernel);
    if (!k) return CL_INVALID_KERNEL;
    if (device && (!api::findDevice(device) || !k->context().hasDevice(device)))
      return CL_INVALID_DEVICE;
    const Device &d = k->context().device();
    const size_t size = param_value_size;
    void *value = param_value;
    size_t *ret = param_value_size_ret;
    switch (param_name) {
    case CL_KERNEL_WORK_GROUP_SIZE:
      return api::returnValue<size_t>(size, value, ret, d.maxWorkGroupSize());
    case CL_KERNEL_COMPILE_WORK_GROUP_SIZE: {
      std::vector<size_t> sizes{0, 0, 0};
      if (const auto &required = k->signature().requiredLocalSize)
        sizes = {(*required)[0], (*required)[1], (*required)[2]};
      return api::returnVector(size, value, ret, sizes);
    }
    case CL_KERNEL_LOCAL_MEM_SIZE:
      return api::returnValue<cl_ulong>(size, value, ret, k->localMemory());
    case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
      return api::returnValue<size_t>(size, value, ret, d.subGroupSize());
    case CL_KERNEL_PRIVATE_MEM_SIZE:
      return api::returnValue<cl_ulong>(size, value, ret, k->details().resources.privateBytes);
    case CL_KERNEL_GLOBAL_WORK_SIZE:
      return CL_INVALID_VALUE; // not a custom device, not a built-in kernel
    default:
      return CL_INVALID_VALUE;
    }
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelSubGroupInfo(cl_kernel kernel, cl_device_id device,
                                                        cl_kernel_sub_group_info param_name,
                                                        size_t input_value_size,
                                                        const void *input_value,
                                                        size_t param_value_size, void *param_value,
                                                        size_t *param_value_size_ret) {
  return api::guard("clGetKernelSubGroupInfo", [&] {
    return subGroupInfo(kernel, device, param_name, input_value_size, input_value, param_value_size,
                        param_value, param_value_size_ret);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelSubGroupInfoKHR(
    cl_kernel in_kernel, cl_device_id in_device, cl_kernel_sub_group_info param_name,
    size_t input_value_size, const void *input_value, size_t param_value_size, void *param_value,
    size_t *param_value_size_ret) {
  return clGetKernelSubGroupInfo(in_kernel, in_device, param_name, input_value_size, input_value,
                                 param_value_size, param_value, param_value_size_ret);
}
