// Image memory objects (OpenCL API §5.3.1, §5.3.2, §5.3.7): clCreateImage and
// its 1.2 and properties forms (1D, 1D buffer, 1D array, 2D — from a buffer
// too, cl_khr_image2d_from_buffer, or from another 2D image —, 2D array, 3D), the
// supported formats and
// clGetImageInfo. The image's texels are a Mem's allocation (core/mem.h), its
// shape is checked by core/image_shape.h.
#include <iostream>

#include "api/api.h"
#include "api/mem_flags.h"
#include "core/image_shape.h"
#include "core/launch.h"
#include "core/mem.h"

using namespace spvsim;
using namespace spvsim::runtime;

namespace {

/// OpenCL API §5.3.1.2 (mem_object, table "Compatible Image Channel Orders"): the orders a
/// 2D image made from another may view the other's texels with.
bool compatibleOrders(cl_channel_order view, cl_channel_order image) {
  const std::pair<cl_channel_order, cl_channel_order> pairs[] = {{CL_sBGRA, CL_BGRA},
                                                                 {CL_sRGBA, CL_RGBA},
                                                                 {CL_sRGB, CL_RGB},
                                                                 {CL_sRGBx, CL_RGBx},
                                                                 {CL_DEPTH, CL_R}};
  for (const auto &[a, b] : pairs)
    if ((view == a && image == b) || (view == b && image == a)) return true;
  return false;
}

/// A 2D image made from another 2D image (OpenCL 2.0, §5.3.1.2 mem_object): the same
/// texels under a compatible channel order (an sRGB view of an RGBA image), the same
/// descriptor and data type, the flags of the image narrowed as a sub-buffer's.
cl_mem imageFromImage(const std::shared_ptr<Context> &c, cl_mem_flags flags,
                      const cl_image_format &format, const cl_image_desc &desc, void *host_ptr,
                      std::shared_ptr<Mem> image, std::vector<cl_mem_properties> list,
                      cl_int &status) {
  auto fail = [&](cl_int e) -> cl_mem {
    status = e;
    return nullptr;
  };
  const ImageDescription &from = image->image();
  if (&image->context() != c.get() || desc.image_type != CL_MEM_OBJECT_IMAGE2D ||
      from.type != ImageType::Image2D)
    return fail(CL_INVALID_IMAGE_DESCRIPTOR);
  // "All of the values specified in image_desc must match": a pitch of 0 is the image's.
  if (desc.image_width != from.width || desc.image_height != from.height ||
      (desc.image_row_pitch != 0 && desc.image_row_pitch != from.rowPitch) ||
      desc.image_slice_pitch != 0 || desc.num_mip_levels != 0 || desc.num_samples != 0)
    return fail(CL_INVALID_IMAGE_DESCRIPTOR);
  if (format.image_channel_data_type != image->imageFormat().image_channel_data_type ||
      !compatibleOrders(format.image_channel_order, image->imageFormat().image_channel_order))
    return fail(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
  if (!formatSupported(format, CL_MEM_OBJECT_IMAGE2D)) return fail(CL_IMAGE_FORMAT_NOT_SUPPORTED);
  if (host_ptr) return fail(CL_INVALID_HOST_PTR);
  if (!api::viewFlags(image->flags(), flags)) return fail(CL_INVALID_VALUE);
  ImageDescription layout = from;
  layout.format.order = format.image_channel_order;
  std::shared_ptr<Mem> mem;
  try {
    mem = Mem::image(c, flags, format, layout, nullptr, std::move(image), std::move(list));
  } catch (const spvsim::Error &) {
    return fail(CL_MEM_OBJECT_ALLOCATION_FAILURE);
  }
  status = CL_SUCCESS;
  return publish(std::move(mem));
}

cl_mem createImage(cl_context context, const cl_mem_properties *properties, cl_mem_flags flags,
                   const cl_image_format *image_format, const cl_image_desc *image_desc,
                   void *host_ptr, cl_int &status) {
  auto fail = [&](cl_int e) -> cl_mem {
    status = e;
    return nullptr;
  };
  std::shared_ptr<Context> c = lookup<Context>(context);
  if (!c) return fail(CL_INVALID_CONTEXT);
  std::vector<cl_mem_properties> list;
  if (properties) {
    // OpenCL 3.0 defines no image properties: any property is unsupported.
    if (*properties != 0) return fail(CL_INVALID_PROPERTY);
    list.push_back(0);
  }
  if (!api::validMemFlags(flags)) return fail(CL_INVALID_VALUE);
  if (cl_int e = checkFormat(image_format)) return fail(e);
  if (!image_desc) return fail(CL_INVALID_IMAGE_DESCRIPTOR);
  const cl_image_desc &desc = *image_desc;

  // An image from a buffer (1D buffer images; 2D images, cl_khr_image2d_from_buffer).
  std::shared_ptr<Mem> buffer;
  std::optional<size_t> bufferBytes;
  if (desc.buffer) {
    buffer = lookup<Mem>(desc.buffer);
    if (buffer && buffer->isImage())
      return imageFromImage(c, flags, *image_format, desc, host_ptr, std::move(buffer),
                            std::move(list), status);
    const bool fromBufferType =
        desc.image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER || desc.image_type == CL_MEM_OBJECT_IMAGE2D;
    if (!buffer || !fromBufferType || &buffer->context() != c.get())
      return fail(CL_INVALID_IMAGE_DESCRIPTOR);
    // OpenCL API §5.3.1.2: host-pointer flags are the buffer's; access only narrows it.
    if (!api::viewFlags(buffer->flags(), flags)) return fail(CL_INVALID_VALUE);
    if (host_ptr) return fail(CL_INVALID_HOST_PTR);
    bufferBytes = buffer->size();
  } else {
    const bool needsHostPtr = flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR);
    if (needsHostPtr != (host_ptr != nullptr)) return fail(CL_INVALID_HOST_PTR);
    if (!(flags & api::kAccessFlags)) flags |= CL_MEM_READ_WRITE;
  }
  const ImageLimits limits = imageLimits(c->device().maxAllocSize());
  ImageDescription layout;
  const bool hostPtr = host_ptr && !buffer;
  if (cl_int e = describeImage(*image_format, desc, hostPtr, bufferBytes, limits, layout))
    return fail(e);
  if (!buffer && imageBytes(layout) > c->device().maxAllocSize())
    return fail(CL_INVALID_IMAGE_SIZE);
  std::shared_ptr<Mem> mem;
  try {
    mem = Mem::image(c, flags, *image_format, layout, host_ptr, std::move(buffer), std::move(list));
  } catch (const spvsim::LimitError &e) {
    if (!Config::get().quiet) std::cerr << "spvsim: " << e.what() << "\n";
    return fail(limitStatus(e.limit()));
  } catch (const spvsim::Error &) {
    return fail(CL_MEM_OBJECT_ALLOCATION_FAILURE);
  }
  status = CL_SUCCESS;
  return publish(std::move(mem));
}

} // namespace

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage(cl_context context, cl_mem_flags flags,
                                              const cl_image_format *image_format,
                                              const cl_image_desc *image_desc, void *host_ptr,
                                              cl_int *errcode_ret) {
  return api::guardObject<cl_mem>("clCreateImage", errcode_ret, [&](cl_mem &out) {
    cl_int status = CL_SUCCESS;
    out = createImage(context, nullptr, flags, image_format, image_desc, host_ptr, status);
    return status;
  });
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImageWithProperties(cl_context context,
                                                            const cl_mem_properties *properties,
                                                            cl_mem_flags flags,
                                                            const cl_image_format *image_format,
                                                            const cl_image_desc *image_desc,
                                                            void *host_ptr, cl_int *errcode_ret) {
  return api::guardObject<cl_mem>("clCreateImageWithProperties", errcode_ret, [&](cl_mem &out) {
    cl_int status = CL_SUCCESS;
    out = createImage(context, properties, flags, image_format, image_desc, host_ptr, status);
    return status;
  });
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage2D(cl_context context, cl_mem_flags flags,
                                                const cl_image_format *image_format,
                                                size_t image_width, size_t image_height,
                                                size_t image_row_pitch, void *host_ptr,
                                                cl_int *errcode_ret) {
  return api::guardObject<cl_mem>("clCreateImage2D", errcode_ret, [&](cl_mem &out) -> cl_int {
    // OpenCL 1.1 §5.3.1: a width or height of 0 is CL_INVALID_IMAGE_SIZE.
    if (lookup<Context>(context) && image_width && image_height) {
      cl_image_desc desc{};
      desc.image_type = CL_MEM_OBJECT_IMAGE2D;
      desc.image_width = image_width;
      desc.image_height = image_height;
      desc.image_row_pitch = image_row_pitch;
      cl_int status = CL_SUCCESS;
      out = createImage(context, nullptr, flags, image_format, &desc, host_ptr, status);
      return status;
    }
    return lookup<Context>(context) ? CL_INVALID_IMAGE_SIZE : CL_INVALID_CONTEXT;
  });
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage3D(cl_context context, cl_mem_flags flags,
                                                const cl_image_format *image_format,
                                                size_t image_width, size_t image_height,
                                                size_t image_depth, size_t image_row_pitch,
                                                size_t image_slice_pitch, void *host_ptr,
                                                cl_int *errcode_ret) {
  return api::guardObject<cl_mem>("clCreateImage3D", errcode_ret, [&](cl_mem &out) -> cl_int {
    // OpenCL 1.1 §5.3.1: a 3D image has a depth above 1.
    if (lookup<Context>(context) && image_width && image_height && image_depth > 1) {
      cl_image_desc desc{};
      desc.image_type = CL_MEM_OBJECT_IMAGE3D;
      desc.image_width = image_width;
      desc.image_height = image_height;
      desc.image_depth = image_depth;
      desc.image_row_pitch = image_row_pitch;
      desc.image_slice_pitch = image_slice_pitch;
      cl_int status = CL_SUCCESS;
      out = createImage(context, nullptr, flags, image_format, &desc, host_ptr, status);
      return status;
    }
    return lookup<Context>(context) ? CL_INVALID_IMAGE_SIZE : CL_INVALID_CONTEXT;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetSupportedImageFormats(cl_context context, cl_mem_flags flags,
                                                           cl_mem_object_type image_type,
                                                           cl_uint num_entries,
                                                           cl_image_format *image_formats,
                                                           cl_uint *num_image_formats) {
  return api::guard("clGetSupportedImageFormats", [&]() -> cl_int {
    if (!lookup<Context>(context)) return CL_INVALID_CONTEXT;
    const cl_mem_flags known =
        CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY | CL_MEM_KERNEL_READ_AND_WRITE |
        CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR |
        CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;
    if (!imageTypeOf(image_type)) return CL_INVALID_VALUE;
    if ((flags & ~known) || (num_entries == 0 && image_formats)) return CL_INVALID_VALUE;
    // Every format is supported for reading, writing and both (§5.3.2.1's lists are each
    // contained in it).
    const std::vector<cl_image_format> formats = supportedFormats(image_type);
    if (image_formats)
      for (size_t i = 0; i < formats.size() && i < num_entries; ++i) image_formats[i] = formats[i];
    if (num_image_formats) *num_image_formats = static_cast<cl_uint>(formats.size());
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetImageInfo(cl_mem image, cl_image_info param_name,
                                               size_t param_value_size, void *param_value,
                                               size_t *param_value_size_ret) {
  return api::guard("clGetImageInfo", [&]() -> cl_int {
    std::shared_ptr<Mem> m = lookup<Mem>(image);
    if (!m || !m->isImage()) return CL_INVALID_MEM_OBJECT;
    const ImageDescription &d = m->image();
    const size_t size = param_value_size;
    void *value = param_value;
    size_t *ret = param_value_size_ret;
    const ImageType t = d.type;
    const bool hasHeight =
        t == ImageType::Image2D || t == ImageType::Image2DArray || t == ImageType::Image3D;
    const bool isArray = t == ImageType::Image1DArray || t == ImageType::Image2DArray;
    switch (param_name) {
    case CL_IMAGE_FORMAT:
      return api::returnValue(size, value, ret, m->imageFormat());
    case CL_IMAGE_ELEMENT_SIZE:
      return api::returnValue<size_t>(size, value, ret, texelBytes(d.format));
    case CL_IMAGE_ROW_PITCH:
      return api::returnValue<size_t>(size, value, ret, hostRowPitch(d));
    case CL_IMAGE_SLICE_PITCH:
      return api::returnValue<size_t>(size, value, ret, hostSlicePitch(d));
    case CL_IMAGE_WIDTH:
      return api::returnValue<size_t>(size, value, ret, d.width);
    case CL_IMAGE_HEIGHT:
      // §5.3.7: 0 for images without a height.
      return api::returnValue<size_t>(size, value, ret, hasHeight ? d.height : 0);
    case CL_IMAGE_DEPTH:
      return api::returnValue<size_t>(size, value, ret, t == ImageType::Image3D ? d.depth : 0);
    case CL_IMAGE_ARRAY_SIZE:
      return api::returnValue<size_t>(size, value, ret, isArray ? d.arraySize : 0);
    case CL_IMAGE_BUFFER: // the buffer of a 1D buffer image or a 2D image made from one
      return api::returnValue<cl_mem>(
          size, value, ret,
          m->imageBuffer() && !m->imageBuffer()->isImage() ? m->imageBuffer().get() : nullptr);
    case CL_IMAGE_NUM_MIP_LEVELS:
    case CL_IMAGE_NUM_SAMPLES:
      return api::returnValue<cl_uint>(size, value, ret, 0);
    default:
      return CL_INVALID_VALUE;
    }
  });
}
