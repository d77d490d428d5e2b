// What an image memory object is, apart from its storage (OpenCL API §5.3):
// the formats the device supports (§5.3.2), the device's image limits, a
// clCreateImage description checked against both and turned into the
// interpreter's ImageDescription, and where an image command's origin and
// region (§5.3.3) lie in the image's bytes and in host memory, as the
// rectangles of core/rect.h (rows along y — a 1D array's layers — and slices
// along z).
#pragma once

#include <optional>
#include <vector>

#include "core/cl.h"
#include "core/rect.h"
#include "spvsim/interpreter/image.h"

namespace spvsim::runtime {

/// CL_DEVICE_IMAGE* limits (OpenCL API §4.2; the full profile's minimums, 2D and 3D
/// sizes raised to what a host allocation allows). Sizes in pixels.
struct ImageLimits {
  size_t width2D = 16384, height2D = 16384;
  size_t width3D = 2048, height3D = 2048, depth3D = 2048;
  size_t arraySize = 2048;
  size_t bufferSize = 65536; ///< CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, set from the allocation limit
  cl_uint readArgs = 128, writeArgs = 64, readWriteArgs = 64, samplers = 16;
  /// cl_khr_image2d_from_buffer: row pitches in pixels and buffer offsets in pixels.
  cl_uint pitchAlignment = 1, baseAddressAlignment = 1;
};
ImageLimits imageLimits(uint64_t maxAllocSize);

/// The interpreter's ImageType of a CL_MEM_OBJECT_IMAGE* value; nullopt for any other.
std::optional<ImageType> imageTypeOf(cl_mem_object_type type);
cl_mem_object_type memObjectTypeOf(ImageType type);

/// OpenCL API §5.3.1.1: the order and data type are OpenCL values that combine (a packed
/// type with CL_RGB/CL_RGBx, ...). CL_INVALID_IMAGE_FORMAT_DESCRIPTOR otherwise, or
/// CL_IMAGE_FORMAT_NOT_SUPPORTED for the valid formats the device lacks
/// (CL_DEPTH_STENCIL, CL_UNORM_INT24).
cl_int checkFormat(const cl_image_format *format);
/// §5.3.2: the formats images of `type` support: every valid combination the executor
/// converts (a superset of the OpenCL 3.0 minimum list), for every access flag, but
/// CL_Rx, CL_RGx and CL_sRGBx; depth formats only for 2D images and 2D arrays
/// (cl_khr_depth_images).
std::vector<cl_image_format> supportedFormats(cl_mem_object_type type);
bool formatSupported(const cl_image_format &format, cl_mem_object_type type);

/// An image's description as clCreateImage received it, checked: CL_SUCCESS with `out`
/// (pitches as the host pointer or buffer lays the texels out; `out.buffer` unset), or
/// CL_INVALID_IMAGE_DESCRIPTOR / CL_INVALID_IMAGE_SIZE / CL_IMAGE_FORMAT_NOT_SUPPORTED.
/// `bufferBytes`: the size of desc->buffer when the image is made from one.
cl_int describeImage(const cl_image_format &format, const cl_image_desc &desc, bool hostPtr,
                     std::optional<size_t> bufferBytes, const ImageLimits &limits,
                     ImageDescription &out);

/// The pixels of each coordinate of the image: (width, height or a 1D array's layers,
/// depth or a 2D array's layers); 1 beyond the type's dimensions.
Triple imageExtent(const ImageDescription &image);
/// §5.3.3: `origin` and `region` name pixels inside the image and only dimensions its
/// type has (region 1 and origin 0 beyond them); false: CL_INVALID_VALUE.
bool regionInside(const ImageDescription &image, const size_t *origin, const size_t *region);
/// The pixels at `origin` as a rectangle of the image's bytes, and `region` in bytes.
RectPlace imagePlace(const ImageDescription &image, const size_t *origin);
Triple byteRegion(const ImageDescription &image, const size_t *region);
/// Host memory for `region` with the given row and slice pitches (0: tightly packed; a 1D
/// array's layers are `slicePitch` apart): false when a pitch is too small
/// (CL_INVALID_VALUE).
bool hostPlace(const ImageDescription &image, const size_t *region, size_t rowPitch,
               size_t slicePitch, RectPlace &out);
/// The pitches a host sees the image with (clGetImageInfo, clEnqueueMapImage): a 1D
/// array's slice pitch is the distance between layers, 0 where the type has no slices.
size_t hostRowPitch(const ImageDescription &image);
size_t hostSlicePitch(const ImageDescription &image);

/// §5.3.4 (clEnqueueFillImage): the texel `color` (float4, int4 or uint4 as the format's
/// data type reads) stored as the format stores it, converted by §7.4's rules.
std::vector<std::byte> fillTexel(const ImageFormat &format, const void *color);

} // namespace spvsim::runtime
