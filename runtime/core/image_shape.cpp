// Image formats, limits, descriptions and regions (see image_shape.h).
#include "core/image_shape.h"

#include <algorithm>
#include <cstring>

namespace spvsim::runtime {

namespace {

constexpr cl_channel_order kOrders[] = {CL_R,     CL_A,     CL_RG,    CL_RA,        CL_RGB,
                                        CL_RGBA,  CL_BGRA,  CL_ARGB,  CL_INTENSITY, CL_LUMINANCE,
                                        CL_Rx,    CL_RGx,   CL_RGBx,  CL_DEPTH,     CL_sRGB,
                                        CL_sRGBx, CL_sRGBA, CL_sBGRA, CL_ABGR};
constexpr cl_channel_type kTypes[] = {CL_SNORM_INT8,        CL_SNORM_INT16,     CL_UNORM_INT8,
                                      CL_UNORM_INT16,       CL_UNORM_SHORT_565, CL_UNORM_SHORT_555,
                                      CL_UNORM_INT_101010,  CL_SIGNED_INT8,     CL_SIGNED_INT16,
                                      CL_SIGNED_INT32,      CL_UNSIGNED_INT8,   CL_UNSIGNED_INT16,
                                      CL_UNSIGNED_INT32,    CL_HALF_FLOAT,      CL_FLOAT,
                                      CL_UNORM_INT_101010_2};

ImageFormat toFormat(const cl_image_format &f) {
  return {f.image_channel_order, f.image_channel_data_type};
}

bool knownOrder(cl_channel_order order) {
  return order == CL_DEPTH_STENCIL ||
         std::find(std::begin(kOrders), std::end(kOrders), order) != std::end(kOrders);
}

bool knownType(cl_channel_type type) {
  return type == CL_UNORM_INT24 ||
         std::find(std::begin(kTypes), std::end(kTypes), type) != std::end(kTypes);
}

bool hasHeight(ImageType t) {
  return t == ImageType::Image2D || t == ImageType::Image2DArray || t == ImageType::Image3D;
}

bool isArray(ImageType t) {
  return t == ImageType::Image1DArray || t == ImageType::Image2DArray;
}

} // namespace

Triple imageExtent(const ImageDescription &image) {
  switch (image.type) {
  case ImageType::Image1D:
  case ImageType::Image1DBuffer:
    return {image.width, 1, 1};
  case ImageType::Image1DArray:
    return {image.width, image.arraySize, 1};
  case ImageType::Image2D:
    return {image.width, image.height, 1};
  case ImageType::Image2DArray:
    return {image.width, image.height, image.arraySize};
  case ImageType::Image3D:
    return {image.width, image.height, image.depth};
  }
  return {1, 1, 1};
}

ImageLimits imageLimits(uint64_t maxAllocSize) {
  ImageLimits limits;
  // The widest texel is 16 bytes; at least the full profile's 65536 pixels.
  limits.bufferSize = std::max<size_t>(65536, maxAllocSize / 16);
  return limits;
}

std::optional<ImageType> imageTypeOf(cl_mem_object_type type) {
  switch (type) {
  case CL_MEM_OBJECT_IMAGE1D:
    return ImageType::Image1D;
  case CL_MEM_OBJECT_IMAGE1D_BUFFER:
    return ImageType::Image1DBuffer;
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    return ImageType::Image1DArray;
  case CL_MEM_OBJECT_IMAGE2D:
    return ImageType::Image2D;
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    return ImageType::Image2DArray;
  case CL_MEM_OBJECT_IMAGE3D:
    return ImageType::Image3D;
  default:
    return std::nullopt;
  }
}

cl_mem_object_type memObjectTypeOf(ImageType type) {
  switch (type) {
  case ImageType::Image1D:
    return CL_MEM_OBJECT_IMAGE1D;
  case ImageType::Image1DBuffer:
    return CL_MEM_OBJECT_IMAGE1D_BUFFER;
  case ImageType::Image1DArray:
    return CL_MEM_OBJECT_IMAGE1D_ARRAY;
  case ImageType::Image2D:
    return CL_MEM_OBJECT_IMAGE2D;
  case ImageType::Image2DArray:
    return CL_MEM_OBJECT_IMAGE2D_ARRAY;
  case ImageType::Image3D:
    return CL_MEM_OBJECT_IMAGE3D;
  }
  return CL_MEM_OBJECT_IMAGE2D;
}

cl_int checkFormat(const cl_image_format *format) {
  if (!format) return CL_INVALID_IMAGE_FORMAT_DESCRIPTOR;
  const cl_channel_order order = format->image_channel_order;
  const cl_channel_type type = format->image_channel_data_type;
  if (!knownOrder(order) || !knownType(type)) return CL_INVALID_IMAGE_FORMAT_DESCRIPTOR;
  // CL_DEPTH_STENCIL (cl_khr_gl_depth_images) goes with CL_UNORM_INT24 or CL_FLOAT.
  if (order == CL_DEPTH_STENCIL || type == CL_UNORM_INT24) {
    const bool valid = order == CL_DEPTH_STENCIL ? (type == CL_UNORM_INT24 || type == CL_FLOAT)
                                                 : order == CL_DEPTH;
    return valid ? CL_IMAGE_FORMAT_NOT_SUPPORTED : CL_INVALID_IMAGE_FORMAT_DESCRIPTOR;
  }
  return texelBytes(toFormat(*format)) ? CL_SUCCESS : CL_INVALID_IMAGE_FORMAT_DESCRIPTOR;
}

std::vector<cl_image_format> supportedFormats(cl_mem_object_type type) {
  std::vector<cl_image_format> formats;
  if (!imageTypeOf(type)) return formats;
  for (cl_channel_order order : kOrders)
    for (cl_channel_type data : kTypes) {
      const cl_image_format f{order, data};
      if (formatSupported(f, type)) formats.push_back(f);
    }
  return formats;
}

bool formatSupported(const cl_image_format &format, cl_mem_object_type type) {
  if (checkFormat(&format) != CL_SUCCESS) return false;
  // CL_Rx, CL_RGx and CL_sRGBx have one channel more than they show (OpenCL API §5.3.1.1,
  // the "ignored" channel), which the conformance suite (v2023-05-16, imageHelpers.cpp)
  // leaves out of their element size: no program can rely on their layout, so the
  // device lists none of them (kernels given one through the launch API still run).
  // CL_RGBx's layout is agreed, but its border colour is not: the OpenCL C specification
  // ("Determining the Border Color or Value"; OpenCL C++ 1.0 §3.11.11) gives CL_RGBx
  // (0, 0, 0, 0), which the executor returns, and the suite's sampler reference
  // (has_alpha() false for CL_RGBx) gives (0, 0, 0, 1), so every CL_ADDRESS_CLAMP read
  // outside such an image fails there: the device lists it neither.
  const cl_channel_order order = format.image_channel_order;
  if (order == CL_Rx || order == CL_RGx || order == CL_RGBx || order == CL_sRGBx) return false;
  // cl_khr_depth_images: depth images are 2D images and 2D image arrays.
  if (format.image_channel_order == CL_DEPTH)
    return type == CL_MEM_OBJECT_IMAGE2D || type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
  return imageTypeOf(type).has_value();
}

cl_int describeImage(const cl_image_format &format, const cl_image_desc &desc, bool hostPtr,
                     std::optional<size_t> bufferBytes, const ImageLimits &limits,
                     ImageDescription &out) {
  std::optional<ImageType> type = imageTypeOf(desc.image_type);
  if (!type) return CL_INVALID_IMAGE_DESCRIPTOR;
  if (desc.num_mip_levels != 0 || desc.num_samples != 0) return CL_INVALID_IMAGE_DESCRIPTOR;
  // A buffer for 1D buffer images (required) and 2D images (cl_khr_image2d_from_buffer).
  const bool fromBuffer = bufferBytes.has_value();
  if ((*type == ImageType::Image1DBuffer) != fromBuffer && *type != ImageType::Image2D)
    return CL_INVALID_IMAGE_DESCRIPTOR;
  if (desc.image_width == 0 || (hasHeight(*type) && desc.image_height == 0) ||
      (*type == ImageType::Image3D && desc.image_depth == 0) ||
      (isArray(*type) && desc.image_array_size == 0))
    return CL_INVALID_IMAGE_DESCRIPTOR;

  // The device's limits (CL_INVALID_IMAGE_SIZE).
  size_t maxWidth = limits.width2D, maxHeight = limits.height2D;
  if (*type == ImageType::Image1DBuffer) maxWidth = limits.bufferSize;
  if (*type == ImageType::Image3D) {
    maxWidth = limits.width3D;
    maxHeight = limits.height3D;
    if (desc.image_depth > limits.depth3D) return CL_INVALID_IMAGE_SIZE;
  }
  if (desc.image_width > maxWidth || (hasHeight(*type) && desc.image_height > maxHeight))
    return CL_INVALID_IMAGE_SIZE;
  if (isArray(*type) && desc.image_array_size > limits.arraySize) return CL_INVALID_IMAGE_SIZE;

  if (!formatSupported(format, desc.image_type)) return CL_IMAGE_FORMAT_NOT_SUPPORTED;

  ImageDescription image;
  image.type = *type;
  image.format = toFormat(format);
  image.width = desc.image_width;
  image.height = hasHeight(*type) ? desc.image_height : 1;
  image.depth = *type == ImageType::Image3D ? desc.image_depth : 1;
  image.arraySize = isArray(*type) ? desc.image_array_size : 1;
  const uint64_t texel = texelBytes(image.format);
  const uint64_t row = image.width * texel;
  // OpenCL API §5.3.1.2 (image_row_pitch, image_slice_pitch): 0 without a host pointer
  // (a 2D image from a buffer may give its row pitch); else 0 or at least what they span,
  // multiples of the element size and the row pitch.
  const bool pitchesAllowed = hostPtr || (fromBuffer && *type == ImageType::Image2D);
  if (!pitchesAllowed && desc.image_row_pitch != 0) return CL_INVALID_IMAGE_DESCRIPTOR;
  const bool hasSlices = isArray(*type) || *type == ImageType::Image3D;
  if (!hostPtr && hasSlices && desc.image_slice_pitch != 0) return CL_INVALID_IMAGE_DESCRIPTOR;
  uint64_t rowPitch = desc.image_row_pitch ? desc.image_row_pitch : row;
  if (rowPitch < row || rowPitch % texel != 0) return CL_INVALID_IMAGE_DESCRIPTOR;
  if (fromBuffer && *type == ImageType::Image2D && (rowPitch / texel) % limits.pitchAlignment)
    return CL_INVALID_IMAGE_DESCRIPTOR;
  uint64_t slicePitch = 0;
  if (hasSlices) {
    const uint64_t slice = *type == ImageType::Image1DArray ? rowPitch : rowPitch * image.height;
    slicePitch = desc.image_slice_pitch ? desc.image_slice_pitch : slice;
    if (slicePitch < slice || slicePitch % rowPitch != 0) return CL_INVALID_IMAGE_DESCRIPTOR;
  }
  image.rowPitch = rowPitch;
  image.slicePitch = slicePitch ? slicePitch : rowPitch * image.height;
  // §5.3.1.2 (mem_object): the image must lie within its buffer.
  if (fromBuffer && imageBytes(image) > *bufferBytes) return CL_INVALID_IMAGE_SIZE;
  out = image;
  return CL_SUCCESS;
}

bool regionInside(const ImageDescription &image, const size_t *origin, const size_t *region) {
  if (!origin || !region) return false;
  const Triple extent = imageExtent(image);
  for (int d = 0; d < 3; ++d) {
    if (region[d] == 0 || origin[d] > extent[d] || region[d] > extent[d] - origin[d]) return false;
  }
  return true;
}

RectPlace imagePlace(const ImageDescription &image, const size_t *origin) {
  RectPlace place;
  const uint64_t texel = texelBytes(image.format);
  place.origin = {size_t(origin[0] * texel), origin[1], origin[2]};
  // A 1D array's layers are its rows; other images' rows are rows, slices slices.
  place.rowPitch = image.type == ImageType::Image1DArray ? image.slicePitch : image.rowPitch;
  place.slicePitch = image.slicePitch;
  return place;
}

Triple byteRegion(const ImageDescription &image, const size_t *region) {
  return {size_t(region[0] * texelBytes(image.format)), region[1], region[2]};
}

bool hostPlace(const ImageDescription &image, const size_t *region, size_t rowPitch,
               size_t slicePitch, RectPlace &out) {
  const uint64_t row = uint64_t(region[0]) * texelBytes(image.format);
  if (rowPitch == 0) rowPitch = row;
  if (rowPitch < row) return false;
  if (image.type == ImageType::Image1DArray) {
    // OpenCL API §5.3.3: a 1D array's layers are slice_pitch apart (0: the row pitch).
    if (slicePitch == 0) slicePitch = rowPitch;
    if (slicePitch < rowPitch) return false;
    out = {{0, 0, 0}, slicePitch, slicePitch * region[1]};
    return true;
  }
  const uint64_t slice = uint64_t(rowPitch) * region[1];
  if (slicePitch == 0) slicePitch = slice;
  if (region[2] > 1 && slicePitch < slice) return false;
  out = {{0, 0, 0}, rowPitch, slicePitch};
  return true;
}

size_t hostRowPitch(const ImageDescription &image) {
  return image.rowPitch;
}

size_t hostSlicePitch(const ImageDescription &image) {
  switch (image.type) {
  case ImageType::Image1DArray:
  case ImageType::Image2DArray:
  case ImageType::Image3D:
    return image.slicePitch;
  default:
    return 0;
  }
}

std::vector<std::byte> fillTexel(const ImageFormat &format, const void *color) {
  std::vector<std::byte> texel(texelBytes(format));
  if (texelKind(format.type) == TexelKind::Float) {
    std::array<float, 4> c;
    std::memcpy(c.data(), color, sizeof c);
    encodeFloatTexel(format, c, texel.data());
  } else {
    std::array<uint32_t, 4> c;
    std::memcpy(c.data(), color, sizeof c);
    encodeIntTexel(format, c, texel.data());
  }
  return texel;
}

} // namespace spvsim::runtime
