// Images and samplers (OpenCL API §5.3, §5.7): not supported until the
// interpreter executes image instructions. CL_DEVICE_IMAGE_SUPPORT is
// CL_FALSE, so creating an image or a sampler is CL_INVALID_OPERATION, no
// image format is supported, and since no image or sampler can exist, every
// call that takes one reports it invalid.
#include "api/api.h"

using namespace spvsim;
using namespace spvsim::runtime;

namespace {

/// OpenCL API §5.3.1: CL_INVALID_OPERATION when no device of the context supports images.
cl_int noImages(cl_context context) {
  return lookup<Context>(context) ? CL_INVALID_OPERATION : CL_INVALID_CONTEXT;
}

/// An image command: the queue must be valid, then the image cannot be.
cl_int noImageCommand(cl_command_queue queue) {
  return lookup<Queue>(queue) ? CL_INVALID_MEM_OBJECT : CL_INVALID_COMMAND_QUEUE;
}

} // namespace

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage(cl_context context, cl_mem_flags,
                                              const cl_image_format *, const cl_image_desc *,
                                              void *, cl_int *errcode_ret) {
  api::setError(errcode_ret, noImages(context));
  return nullptr;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImageWithProperties(cl_context context,
                                                            const cl_mem_properties *, cl_mem_flags,
                                                            const cl_image_format *,
                                                            const cl_image_desc *, void *,
                                                            cl_int *errcode_ret) {
  api::setError(errcode_ret, noImages(context));
  return nullptr;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage2D(cl_context context, cl_mem_flags,
                                                const cl_image_format *, size_t, size_t, size_t,
                                                void *, cl_int *errcode_ret) {
  api::setError(errcode_ret, noImages(context));
  return nullptr;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage3D(cl_context context, cl_mem_flags,
                                                const cl_image_format *, size_t, size_t, size_t,
                                                size_t, size_t, void *, cl_int *errcode_ret) {
  api::setError(errcode_ret, noImages(context));
  return nullptr;
}

CL_API_ENTRY cl_int CL_API_CALL clGetSupportedImageFormats(cl_context context, cl_mem_flags flags,
                                                           cl_mem_object_type image_type,
                                                           cl_uint num_entries,
                                                           cl_image_format *image_formats,
                                                           cl_uint *num_image_formats) {
  if (!lookup<Context>(context)) return CL_INVALID_CONTEXT;
  const cl_mem_flags known = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY |
                             CL_MEM_KERNEL_READ_AND_WRITE | CL_MEM_USE_HOST_PTR |
                             CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR | CL_MEM_HOST_WRITE_ONLY |
                             CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;
  switch (image_type) {
  case CL_MEM_OBJECT_IMAGE1D:
  case CL_MEM_OBJECT_IMAGE1D_BUFFER:
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
  case CL_MEM_OBJECT_IMAGE2D:
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
  case CL_MEM_OBJECT_IMAGE3D:
    break;
  default:
    return CL_INVALID_VALUE;
  }
  if ((flags & ~known) || (num_entries == 0 && image_formats)) return CL_INVALID_VALUE;
  // No device of the context supports images: the union of their formats is empty.
  if (num_image_formats) *num_image_formats = 0;
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clGetImageInfo(cl_mem, cl_image_info, size_t, void *, size_t *) {
  return CL_INVALID_MEM_OBJECT;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadImage(cl_command_queue command_queue, cl_mem, cl_bool,
                                                   const size_t *, const size_t *, size_t, size_t,
                                                   void *, cl_uint, const cl_event *, cl_event *) {
  return noImageCommand(command_queue);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteImage(cl_command_queue command_queue, cl_mem, cl_bool,
                                                    const size_t *, const size_t *, size_t, size_t,
                                                    const void *, cl_uint, const cl_event *,
                                                    cl_event *) {
  return noImageCommand(command_queue);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillImage(cl_command_queue command_queue, cl_mem,
                                                   const void *, const size_t *, const size_t *,
                                                   cl_uint, const cl_event *, cl_event *) {
  return noImageCommand(command_queue);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyImage(cl_command_queue command_queue, cl_mem, cl_mem,
                                                   const size_t *, const size_t *, const size_t *,
                                                   cl_uint, const cl_event *, cl_event *) {
  return noImageCommand(command_queue);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyImageToBuffer(cl_command_queue command_queue, cl_mem,
                                                           cl_mem, const size_t *, const size_t *,
                                                           size_t, cl_uint, const cl_event *,
                                                           cl_event *) {
  return noImageCommand(command_queue);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBufferToImage(cl_command_queue command_queue, cl_mem,
                                                           cl_mem, size_t, const size_t *,
                                                           const size_t *, cl_uint,
                                                           const cl_event *, cl_event *) {
  return noImageCommand(command_queue);
}

CL_API_ENTRY void *CL_API_CALL clEnqueueMapImage(cl_command_queue command_queue, cl_mem, cl_bool,
                                                 cl_map_flags, const size_t *, const size_t *,
                                                 size_t *, size_t *, cl_uint, const cl_event *,
                                                 cl_event *, cl_int *errcode_ret) {
  api::setError(errcode_ret, noImageCommand(command_queue));
  return nullptr;
}

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSampler(cl_context context, cl_bool, cl_addressing_mode,
                                                    cl_filter_mode, cl_int *errcode_ret) {
  // OpenCL API §5.7.1: CL_INVALID_OPERATION when images are not supported.
  api::setError(errcode_ret, noImages(context));
  return nullptr;
}

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSamplerWithProperties(cl_context context,
                                                                  const cl_sampler_properties *,
                                                                  cl_int *errcode_ret) {
  api::setError(errcode_ret, noImages(context));
  return nullptr;
}

CL_API_ENTRY cl_int CL_API_CALL clRetainSampler(cl_sampler) {
  return CL_INVALID_SAMPLER;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseSampler(cl_sampler) {
  return CL_INVALID_SAMPLER;
}

CL_API_ENTRY cl_int CL_API_CALL clGetSamplerInfo(cl_sampler, cl_sampler_info, size_t, void *,
                                                 size_t *) {
  return CL_INVALID_SAMPLER;
}
