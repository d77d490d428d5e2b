/* Image memory objects through the runtime (OpenCL API §5.3): the device's image
 * queries, supported formats, clCreateImage of every type (host pointers with
 * pitches, images from buffers and from images) and the 1.2 forms, clGetImageInfo, and
 * their errors.
 * Expected values come from the specification: the minimum format list of §5.3.2.1,
 * the pitches of §5.3.1.2. */
#include "harness.h"

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;

#define EXPECT_NULL(expected, call)                                                                \
  do {                                                                                             \
    cl_int err_ = CL_SUCCESS;                                                                      \
    (void)err_;                                                                                    \
    void *got_ = (void *)(call);                                                                   \
    CHECK(got_ == NULL);                                                                           \
    if (err_ != (expected)) {                                                                      \
      fprintf(stderr, "%s:%d: %s set %d, expected %s (%d)\n", __FILE__, __LINE__, #call, err_,     \
              #expected, (expected));                                                              \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)

static cl_image_desc describe(cl_mem_object_type type, size_t w, size_t h, size_t d, size_t a) {
  cl_image_desc desc;
  memset(&desc, 0, sizeof desc);
  desc.image_type = type;
  desc.image_width = w;
  desc.image_height = h;
  desc.image_depth = d;
  desc.image_array_size = a;
  return desc;
}

static size_t imageInfo(cl_mem image, cl_image_info name) {
  size_t v = 12345;
  OK(clGetImageInfo(image, name, sizeof v, &v, NULL));
  return v;
}

static void deviceQueries(void) {
  cl_bool images = CL_FALSE;
  OK(clGetDeviceInfo(device, CL_DEVICE_IMAGE_SUPPORT, sizeof images, &images, NULL));
  CHECK(images == CL_TRUE);
  /* OpenCL API §4.2: the full profile's minimums when images are supported. */
  const struct {
    cl_device_info name;
    size_t minimum;
  } sizes[] = {{CL_DEVICE_IMAGE2D_MAX_WIDTH, 16384},  {CL_DEVICE_IMAGE2D_MAX_HEIGHT, 16384},
               {CL_DEVICE_IMAGE3D_MAX_WIDTH, 2048},   {CL_DEVICE_IMAGE3D_MAX_HEIGHT, 2048},
               {CL_DEVICE_IMAGE3D_MAX_DEPTH, 2048},   {CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, 65536},
               {CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, 2048}};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; ++i) {
    size_t v = 0;
    OK(clGetDeviceInfo(device, sizes[i].name, sizeof v, &v, NULL));
    CHECK(v >= sizes[i].minimum);
  }
  const struct {
    cl_device_info name;
    cl_uint minimum;
  } counts[] = {
      {CL_DEVICE_MAX_READ_IMAGE_ARGS, 128},      {CL_DEVICE_MAX_WRITE_IMAGE_ARGS, 64},
      {CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS, 64}, {CL_DEVICE_MAX_SAMPLERS, 16},
      {CL_DEVICE_IMAGE_PITCH_ALIGNMENT, 1},      {CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT, 1}};
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; ++i) {
    cl_uint v = 0;
    OK(clGetDeviceInfo(device, counts[i].name, sizeof v, &v, NULL));
    CHECK(v >= counts[i].minimum);
  }
  char extensions[4096] = {0};
  OK(clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, sizeof extensions - 1, extensions, NULL));
  CHECK(strstr(extensions, "cl_khr_image2d_from_buffer") != NULL);
  CHECK(strstr(extensions, "cl_khr_3d_image_writes") != NULL);
  CHECK(strstr(extensions, "cl_khr_depth_images") != NULL);
  cl_name_version features[64];
  size_t bytes = 0;
  OK(clGetDeviceInfo(device, CL_DEVICE_OPENCL_C_FEATURES, sizeof features, features, &bytes));
  int found = 0;
  for (size_t i = 0; i < bytes / sizeof features[0]; ++i)
    found += strcmp(features[i].name, "__opencl_c_images") == 0 ||
             strcmp(features[i].name, "__opencl_c_read_write_images") == 0 ||
             strcmp(features[i].name, "__opencl_c_3d_image_writes") == 0;
  CHECK(found == 3);
}

static int hasFormat(const cl_image_format *list, cl_uint n, cl_channel_order o,
                     cl_channel_type t) {
  for (cl_uint i = 0; i < n; ++i)
    if (list[i].image_channel_order == o && list[i].image_channel_data_type == t) return 1;
  return 0;
}

static void supportedFormats(void) {
  static const cl_mem_object_type types[] = {
      CL_MEM_OBJECT_IMAGE1D, CL_MEM_OBJECT_IMAGE1D_BUFFER, CL_MEM_OBJECT_IMAGE1D_ARRAY,
      CL_MEM_OBJECT_IMAGE2D, CL_MEM_OBJECT_IMAGE2D_ARRAY,  CL_MEM_OBJECT_IMAGE3D};
  static const cl_mem_flags flags[] = {CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY, CL_MEM_READ_WRITE,
                                       CL_MEM_KERNEL_READ_AND_WRITE};
  /* OpenCL API §5.3.2.1: the minimum list for reading and writing (and, a subset of it,
   * for read-write images). */
  static const cl_channel_type rgba[] = {CL_UNORM_INT8,     CL_UNORM_INT16,   CL_SNORM_INT8,
                                         CL_SNORM_INT16,    CL_SIGNED_INT8,   CL_SIGNED_INT16,
                                         CL_SIGNED_INT32,   CL_UNSIGNED_INT8, CL_UNSIGNED_INT16,
                                         CL_UNSIGNED_INT32, CL_HALF_FLOAT,    CL_FLOAT};
  for (size_t t = 0; t < sizeof types / sizeof types[0]; ++t)
    for (size_t f = 0; f < sizeof flags / sizeof flags[0]; ++f) {
      cl_uint n = 0;
      OK(clGetSupportedImageFormats(context, flags[f], types[t], 0, NULL, &n));
      CHECK(n >= 40);
      cl_image_format list[256];
      REQUIRE(n <= 256);
      cl_uint again = 0;
      OK(clGetSupportedImageFormats(context, flags[f], types[t], n, list, &again));
      CHECK(again == n);
      for (size_t i = 0; i < sizeof rgba / sizeof rgba[0]; ++i) {
        CHECK(hasFormat(list, n, CL_RGBA, rgba[i]));
        CHECK(hasFormat(list, n, CL_R, rgba[i]));
        CHECK(hasFormat(list, n, CL_RG, rgba[i]));
      }
      CHECK(hasFormat(list, n, CL_BGRA, CL_UNORM_INT8));
      CHECK(hasFormat(list, n, CL_sRGBA, CL_UNORM_INT8));
      /* Beyond the minimum: what the executor converts (§7.4). */
      CHECK(hasFormat(list, n, CL_RGB, CL_UNORM_SHORT_565));
      CHECK(hasFormat(list, n, CL_RGBA, CL_UNORM_INT_101010_2));
      CHECK(hasFormat(list, n, CL_LUMINANCE, CL_FLOAT));
      CHECK(!hasFormat(list, n, CL_RGB, CL_UNORM_INT8)); /* not a valid combination */
      /* Formats with an ignored channel, whose size (CL_Rx, CL_RGx, CL_sRGBx) or border
       * colour (CL_RGBx) the spec and the conformance suite give differently. */
      CHECK(!hasFormat(list, n, CL_Rx, CL_UNORM_INT8));
      CHECK(!hasFormat(list, n, CL_RGx, CL_FLOAT));
      CHECK(!hasFormat(list, n, CL_sRGBx, CL_UNORM_INT8));
      CHECK(!hasFormat(list, n, CL_RGBx, CL_UNORM_SHORT_555));
      CHECK(hasFormat(list, n, CL_RGB, CL_UNORM_SHORT_555));
      /* cl_khr_depth_images: depth formats for 2D images and 2D arrays only. */
      const int depth =
          types[t] == CL_MEM_OBJECT_IMAGE2D || types[t] == CL_MEM_OBJECT_IMAGE2D_ARRAY;
      CHECK(hasFormat(list, n, CL_DEPTH, CL_FLOAT) == depth);
      CHECK(hasFormat(list, n, CL_DEPTH, CL_UNORM_INT16) == depth);
    }
  cl_uint n = 0;
  EXPECT_ERR(CL_INVALID_VALUE,
             clGetSupportedImageFormats(context, 0, CL_MEM_OBJECT_BUFFER, 0, NULL, &n));
  EXPECT_ERR(CL_INVALID_VALUE, clGetSupportedImageFormats(context, (cl_mem_flags)1 << 40,
                                                          CL_MEM_OBJECT_IMAGE2D, 0, NULL, &n));
  cl_image_format one;
  EXPECT_ERR(CL_INVALID_VALUE,
             clGetSupportedImageFormats(context, 0, CL_MEM_OBJECT_IMAGE2D, 0, &one, NULL));
  EXPECT_ERR(CL_INVALID_CONTEXT,
             clGetSupportedImageFormats(NULL, 0, CL_MEM_OBJECT_IMAGE2D, 0, NULL, &n));
  /* Fewer entries than formats: the first ones, and the full count. */
  OK(clGetSupportedImageFormats(context, 0, CL_MEM_OBJECT_IMAGE2D, 1, &one, &n));
  CHECK(n > 1);
}

/* Each image type: its queries, and the bytes clGetMemObjectInfo reports. */
static void imageTypes(void) {
  const cl_image_format format = {CL_RGBA, CL_UNORM_INT8};
  cl_int err;
  const struct {
    cl_mem_object_type type;
    size_t w, h, d, a;
    size_t height, depth, array, slice, bytes;
  } cases[] = {
      {CL_MEM_OBJECT_IMAGE1D, 7, 0, 0, 0, 0, 0, 0, 0, 28},
      {CL_MEM_OBJECT_IMAGE1D_ARRAY, 7, 0, 0, 3, 0, 0, 3, 28, 84},
      {CL_MEM_OBJECT_IMAGE2D, 7, 5, 0, 0, 5, 0, 0, 0, 140},
      {CL_MEM_OBJECT_IMAGE2D_ARRAY, 7, 5, 0, 2, 5, 0, 2, 140, 280},
      {CL_MEM_OBJECT_IMAGE3D, 7, 5, 4, 0, 5, 4, 0, 140, 560},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    cl_image_desc desc = describe(cases[i].type, cases[i].w, cases[i].h, cases[i].d, cases[i].a);
    cl_mem image = clCreateImage(context, CL_MEM_READ_WRITE, &format, &desc, NULL, &err);
    OK(err);
    REQUIRE(image != NULL);
    cl_image_format got;
    OK(clGetImageInfo(image, CL_IMAGE_FORMAT, sizeof got, &got, NULL));
    CHECK(got.image_channel_order == CL_RGBA && got.image_channel_data_type == CL_UNORM_INT8);
    CHECK(imageInfo(image, CL_IMAGE_ELEMENT_SIZE) == 4);
    CHECK(imageInfo(image, CL_IMAGE_WIDTH) == 7);
    CHECK(imageInfo(image, CL_IMAGE_ROW_PITCH) == 28);
    CHECK(imageInfo(image, CL_IMAGE_HEIGHT) == cases[i].height);
    CHECK(imageInfo(image, CL_IMAGE_DEPTH) == cases[i].depth);
    CHECK(imageInfo(image, CL_IMAGE_ARRAY_SIZE) == cases[i].array);
    CHECK(imageInfo(image, CL_IMAGE_SLICE_PITCH) == cases[i].slice);
    cl_mem buffer = (cl_mem)1;
    OK(clGetImageInfo(image, CL_IMAGE_BUFFER, sizeof buffer, &buffer, NULL));
    CHECK(buffer == NULL);
    cl_uint levels = 7;
    OK(clGetImageInfo(image, CL_IMAGE_NUM_MIP_LEVELS, sizeof levels, &levels, NULL));
    CHECK(levels == 0);
    EXPECT_ERR(CL_INVALID_VALUE, clGetImageInfo(image, CL_MEM_TYPE, sizeof levels, &levels, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetImageInfo(image, CL_IMAGE_WIDTH, 1, &levels, NULL));
    cl_mem_object_type type = 0;
    OK(clGetMemObjectInfo(image, CL_MEM_TYPE, sizeof type, &type, NULL));
    CHECK(type == cases[i].type);
    size_t bytes = 0;
    OK(clGetMemObjectInfo(image, CL_MEM_SIZE, sizeof bytes, &bytes, NULL));
    CHECK(bytes == cases[i].bytes);
    cl_mem_flags flags = 0;
    OK(clGetMemObjectInfo(image, CL_MEM_FLAGS, sizeof flags, &flags, NULL));
    CHECK(flags == CL_MEM_READ_WRITE);
    /* An image is no buffer: buffer commands and sub-buffers refuse it. */
    unsigned char host[4];
    EXPECT_ERR(CL_INVALID_MEM_OBJECT,
               clEnqueueReadBuffer(queue, image, CL_TRUE, 0, 4, host, 0, NULL, NULL));
    cl_buffer_region region = {0, 4};
    EXPECT_NULL(CL_INVALID_MEM_OBJECT,
                clCreateSubBuffer(image, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &err_));
    OK(clReleaseMemObject(image));
  }
  EXPECT_ERR(CL_INVALID_MEM_OBJECT, clGetImageInfo(NULL, CL_IMAGE_WIDTH, 0, NULL, NULL));
  cl_mem plain = clCreateBuffer(context, 0, 64, NULL, &err);
  OK(err);
  size_t v;
  EXPECT_ERR(CL_INVALID_MEM_OBJECT, clGetImageInfo(plain, CL_IMAGE_WIDTH, sizeof v, &v, NULL));
  OK(clReleaseMemObject(plain));

  /* The 1.2 entry points. */
  cl_mem image2d = clCreateImage2D(context, 0, &format, 9, 4, 0, NULL, &err);
  OK(err);
  CHECK(imageInfo(image2d, CL_IMAGE_HEIGHT) == 4);
  OK(clReleaseMemObject(image2d));
  cl_mem image3d = clCreateImage3D(context, 0, &format, 9, 4, 3, 0, 0, NULL, &err);
  OK(err);
  CHECK(imageInfo(image3d, CL_IMAGE_DEPTH) == 3);
  CHECK(imageInfo(image3d, CL_IMAGE_SLICE_PITCH) == 144);
  OK(clReleaseMemObject(image3d));
  EXPECT_NULL(CL_INVALID_IMAGE_SIZE, clCreateImage2D(context, 0, &format, 0, 4, 0, NULL, &err_));
  EXPECT_NULL(CL_INVALID_IMAGE_SIZE,
              clCreateImage3D(context, 0, &format, 4, 4, 1, 0, 0, NULL, &err_));
  EXPECT_NULL(CL_INVALID_CONTEXT, clCreateImage2D(NULL, 0, &format, 4, 4, 0, NULL, &err_));
}

/* Host pointers: pitches, CL_MEM_COPY_HOST_PTR and CL_MEM_USE_HOST_PTR. */
static void hostPointers(void) {
  const cl_image_format format = {CL_RGBA, CL_UNSIGNED_INT8};
  cl_int err;
  /* A 3x2 image in rows of 16 bytes (4 of padding). */
  unsigned char padded[32];
  for (int i = 0; i < 32; ++i) padded[i] = (unsigned char)i;
  cl_image_desc desc = describe(CL_MEM_OBJECT_IMAGE2D, 3, 2, 0, 0);
  desc.image_row_pitch = 16;
  cl_mem copied = clCreateImage(context, CL_MEM_COPY_HOST_PTR, &format, &desc, padded, &err);
  OK(err);
  CHECK(imageInfo(copied, CL_IMAGE_ROW_PITCH) == 12); /* packed by the copy */
  unsigned char back[24];
  const size_t origin[3] = {0, 0, 0}, region[3] = {3, 2, 1};
  OK(clEnqueueReadImage(queue, copied, CL_TRUE, origin, region, 0, 0, back, 0, NULL, NULL));
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 12; ++x) CHECK(back[y * 12 + x] == padded[y * 16 + x]);
  OK(clReleaseMemObject(copied));

  cl_mem used = clCreateImage(context, CL_MEM_USE_HOST_PTR, &format, &desc, padded, &err);
  OK(err);
  CHECK(imageInfo(used, CL_IMAGE_ROW_PITCH) == 16); /* the host's layout */
  void *host = NULL;
  OK(clGetMemObjectInfo(used, CL_MEM_HOST_PTR, sizeof host, &host, NULL));
  CHECK(host == padded);
  /* A write reaches the host's memory at the host's pitch. */
  const unsigned char texel[4] = {200, 201, 202, 203};
  const size_t at[3] = {1, 1, 0}, one[3] = {1, 1, 1};
  OK(clEnqueueWriteImage(queue, used, CL_TRUE, at, one, 0, 0, texel, 0, NULL, NULL));
  CHECK(padded[16 + 4] == 200 && padded[16 + 7] == 203);
  CHECK(padded[16 + 8] == 24); /* the next texel is untouched */
  OK(clReleaseMemObject(used));

  /* A 3D image from the host with a slice pitch. */
  unsigned char volume[2 * 40];
  for (int i = 0; i < 80; ++i) volume[i] = (unsigned char)(i * 3);
  cl_image_desc d3 = describe(CL_MEM_OBJECT_IMAGE3D, 2, 3, 2, 0);
  d3.image_row_pitch = 12;
  d3.image_slice_pitch = 40 - 4; /* a multiple of the row pitch: 36 */
  cl_mem vol =
      clCreateImage(context, CL_MEM_COPY_HOST_PTR | CL_MEM_READ_ONLY, &format, &d3, volume, &err);
  OK(err);
  unsigned char v[48];
  const size_t r3[3] = {2, 3, 2};
  OK(clEnqueueReadImage(queue, vol, CL_TRUE, origin, r3, 0, 0, v, 0, NULL, NULL));
  for (int z = 0; z < 2; ++z)
    for (int y = 0; y < 3; ++y)
      for (int x = 0; x < 8; ++x) CHECK(v[z * 24 + y * 8 + x] == volume[z * 36 + y * 12 + x]);
  OK(clReleaseMemObject(vol));

  /* Pitches: smaller than a row or slice, not a multiple of the element, or without a
   * host pointer. */
  desc.image_row_pitch = 8;
  EXPECT_NULL(CL_INVALID_IMAGE_DESCRIPTOR,
              clCreateImage(context, CL_MEM_COPY_HOST_PTR, &format, &desc, padded, &err_));
  desc.image_row_pitch = 14;
  EXPECT_NULL(CL_INVALID_IMAGE_DESCRIPTOR,
              clCreateImage(context, CL_MEM_COPY_HOST_PTR, &format, &desc, padded, &err_));
  desc.image_row_pitch = 16;
  EXPECT_NULL(CL_INVALID_IMAGE_DESCRIPTOR, clCreateImage(context, 0, &format, &desc, NULL, &err_));
  d3.image_slice_pitch = 30;
  EXPECT_NULL(CL_INVALID_IMAGE_DESCRIPTOR,
              clCreateImage(context, CL_MEM_COPY_HOST_PTR, &format, &d3, volume, &err_));
  desc.image_row_pitch = 0;
  EXPECT_NULL(CL_INVALID_HOST_PTR,
              clCreateImage(context, CL_MEM_USE_HOST_PTR, &format, &desc, NULL, &err_));
  EXPECT_NULL(CL_INVALID_HOST_PTR, clCreateImage(context, 0, &format, &desc, padded, &err_));
}

/* 1D buffer images and 2D images over a buffer share its bytes. */
static void imagesFromBuffers(void) {
  const cl_image_format format = {CL_R, CL_FLOAT};
  cl_int err;
  float data[64];
  for (int i = 0; i < 64; ++i) data[i] = (float)i;
  cl_mem buffer =
      clCreateBuffer(context, CL_MEM_COPY_HOST_PTR | CL_MEM_READ_ONLY, sizeof data, data, &err);
  OK(err);
  cl_image_desc desc = describe(CL_MEM_OBJECT_IMAGE1D_BUFFER, 64, 0, 0, 0);
  desc.buffer = buffer;
  cl_mem image = clCreateImage(context, 0, &format, &desc, NULL, &err);
  OK(err);
  cl_mem got = NULL;
  OK(clGetImageInfo(image, CL_IMAGE_BUFFER, sizeof got, &got, NULL));
  CHECK(got == buffer);
  OK(clGetMemObjectInfo(image, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof got, &got, NULL));
  CHECK(got == buffer);
  cl_mem_flags flags = 0;
  OK(clGetMemObjectInfo(image, CL_MEM_FLAGS, sizeof flags, &flags, NULL));
  CHECK(flags & CL_MEM_READ_ONLY); /* inherited */
  float back[4];
  const size_t origin[3] = {60, 0, 0}, region[3] = {4, 1, 1};
  OK(clEnqueueReadImage(queue, image, CL_TRUE, origin, region, 0, 0, back, 0, NULL, NULL));
  CHECK(back[0] == 60.0f && back[3] == 63.0f);
  OK(clReleaseMemObject(image));
  /* Wider than the buffer; access the buffer does not allow; a host pointer. */
  desc.image_width = 65;
  EXPECT_NULL(CL_INVALID_IMAGE_SIZE, clCreateImage(context, 0, &format, &desc, NULL, &err_));
  desc.image_width = 64;
  EXPECT_NULL(CL_INVALID_VALUE,
              clCreateImage(context, CL_MEM_WRITE_ONLY, &format, &desc, NULL, &err_));
  EXPECT_NULL(CL_INVALID_VALUE,
              clCreateImage(context, CL_MEM_COPY_HOST_PTR, &format, &desc, data, &err_));
  desc.buffer = NULL;
  EXPECT_NULL(CL_INVALID_IMAGE_DESCRIPTOR, clCreateImage(context, 0, &format, &desc, NULL, &err_));

  /* cl_khr_image2d_from_buffer: 6 rows of 10 floats, each 7 wide. */
  cl_image_desc d2 = describe(CL_MEM_OBJECT_IMAGE2D, 7, 6, 0, 0);
  d2.image_row_pitch = 40;
  d2.buffer = buffer;
  cl_mem flat = clCreateImage(context, CL_MEM_READ_ONLY, &format, &d2, NULL, &err);
  OK(err);
  CHECK(imageInfo(flat, CL_IMAGE_ROW_PITCH) == 40);
  const size_t at[3] = {2, 5, 0}, one[3] = {1, 1, 1};
  OK(clEnqueueReadImage(queue, flat, CL_TRUE, at, one, 0, 0, back, 0, NULL, NULL));
  CHECK(back[0] == 52.0f);
  OK(clReleaseMemObject(flat));
  d2.image_height = 7; /* 7 rows of 40 bytes > 256 */
  EXPECT_NULL(CL_INVALID_IMAGE_SIZE, clCreateImage(context, 0, &format, &d2, NULL, &err_));
  /* Only 1D buffer and 2D images come from buffers; an image is no buffer. */
  cl_image_desc d3 = describe(CL_MEM_OBJECT_IMAGE3D, 2, 2, 2, 0);
  d3.buffer = buffer;
  EXPECT_NULL(CL_INVALID_IMAGE_DESCRIPTOR, clCreateImage(context, 0, &format, &d3, NULL, &err_));
  cl_image_desc plain = describe(CL_MEM_OBJECT_IMAGE2D, 2, 2, 0, 0);
  cl_mem other = clCreateImage(context, 0, &format, &plain, NULL, &err);
  OK(err);
  desc.buffer = other;
  EXPECT_NULL(CL_INVALID_IMAGE_DESCRIPTOR, clCreateImage(context, 0, &format, &desc, NULL, &err_));
  OK(clReleaseMemObject(other));
  OK(clReleaseMemObject(buffer));
}

/* OpenCL 2.0: a 2D image made from another 2D image views its texels under a compatible
 * channel order (§5.3.1.2, "Compatible Image Channel Orders"): an sRGB view of an RGBA
 * image converts on its accesses, the bytes are the image's. */
static void imagesFromImages(void) {
  const cl_image_format rgba = {CL_RGBA, CL_UNORM_INT8}, srgba = {CL_sRGBA, CL_UNORM_INT8};
  cl_int err;
  unsigned char texels[2 * 2 * 4] = {0};
  cl_image_desc desc = describe(CL_MEM_OBJECT_IMAGE2D, 2, 2, 0, 0);
  cl_mem image =
      clCreateImage(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &rgba, &desc, texels, &err);
  OK(err);
  cl_image_desc view = desc;
  view.buffer = image;
  cl_mem srgb = clCreateImage(context, 0, &srgba, &view, NULL, &err);
  OK(err);
  cl_image_format got;
  OK(clGetImageInfo(srgb, CL_IMAGE_FORMAT, sizeof got, &got, NULL));
  CHECK(got.image_channel_order == CL_sRGBA && got.image_channel_data_type == CL_UNORM_INT8);
  CHECK(imageInfo(srgb, CL_IMAGE_ROW_PITCH) == 8);
  cl_mem associated = NULL;
  OK(clGetMemObjectInfo(srgb, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof associated, &associated, NULL));
  CHECK(associated == image);
  OK(clGetImageInfo(srgb, CL_IMAGE_BUFFER, sizeof associated, &associated, NULL));
  CHECK(associated == NULL); /* no buffer: an image */
  cl_mem_flags flags = 0;
  OK(clGetMemObjectInfo(srgb, CL_MEM_FLAGS, sizeof flags, &flags, NULL));
  CHECK(flags & CL_MEM_READ_WRITE); /* inherited */
  /* A fill through the view stores sRGB: linear 0.5 is 0.7354 (§7.4 sRGB), 188 of 255;
   * alpha stays linear (128). The image holds those bytes. */
  const float half[4] = {0.5f, 0.5f, 0.5f, 0.5f};
  const size_t origin[3] = {0, 0, 0}, region[3] = {2, 2, 1};
  OK(clEnqueueFillImage(queue, srgb, half, origin, region, 0, NULL, NULL));
  OK(clEnqueueReadImage(queue, image, CL_TRUE, origin, region, 0, 0, texels, 0, NULL, NULL));
  CHECK(texels[0] == 188 && texels[1] == 188 && texels[2] == 188 && texels[3] == 128);
  CHECK(texels[12] == 188 && texels[15] == 128);
  /* A write through the image is what the view reads. */
  const unsigned char red[4] = {255, 0, 0, 255};
  const size_t one[3] = {1, 1, 1}, at[3] = {1, 1, 0};
  OK(clEnqueueWriteImage(queue, image, CL_TRUE, at, one, 0, 0, red, 0, NULL, NULL));
  unsigned char back[4] = {0};
  OK(clEnqueueReadImage(queue, srgb, CL_TRUE, at, one, 0, 0, back, 0, NULL, NULL));
  CHECK(back[0] == 255 && back[1] == 0 && back[3] == 255);
  /* And back: an RGBA view of the sRGB view. */
  view.buffer = srgb;
  cl_mem linear = clCreateImage(context, CL_MEM_READ_ONLY, &rgba, &view, NULL, &err);
  OK(err);
  OK(clReleaseMemObject(linear));
  view.buffer = image;
  /* Errors: an order the table does not pair, another data type, another size or pitch,
   * another image type, a host pointer or host-pointer flags, access the image lacks. */
  const cl_image_format bgra = {CL_BGRA, CL_UNORM_INT8}, rgba16 = {CL_RGBA, CL_UNORM_INT16};
  EXPECT_NULL(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
              clCreateImage(context, 0, &bgra, &view, NULL, &err_));
  EXPECT_NULL(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
              clCreateImage(context, 0, &rgba16, &view, NULL, &err_));
  view.image_width = 3;
  EXPECT_NULL(CL_INVALID_IMAGE_DESCRIPTOR, clCreateImage(context, 0, &srgba, &view, NULL, &err_));
  view.image_width = 2;
  view.image_row_pitch = 16;
  EXPECT_NULL(CL_INVALID_IMAGE_DESCRIPTOR, clCreateImage(context, 0, &srgba, &view, NULL, &err_));
  view.image_row_pitch = 8; /* the image's own pitch matches */
  cl_mem pitched = clCreateImage(context, 0, &srgba, &view, NULL, &err);
  OK(err);
  OK(clReleaseMemObject(pitched));
  view.image_row_pitch = 0;
  view.image_type = CL_MEM_OBJECT_IMAGE2D_ARRAY;
  view.image_array_size = 1;
  EXPECT_NULL(CL_INVALID_IMAGE_DESCRIPTOR, clCreateImage(context, 0, &srgba, &view, NULL, &err_));
  view.image_type = CL_MEM_OBJECT_IMAGE2D;
  view.image_array_size = 0;
  EXPECT_NULL(CL_INVALID_HOST_PTR, clCreateImage(context, 0, &srgba, &view, texels, &err_));
  EXPECT_NULL(CL_INVALID_VALUE,
              clCreateImage(context, CL_MEM_ALLOC_HOST_PTR, &srgba, &view, NULL, &err_));
  cl_mem readOnly = clCreateImage(context, CL_MEM_READ_ONLY, &srgba, &view, NULL, &err);
  OK(err);
  view.buffer = readOnly;
  EXPECT_NULL(CL_INVALID_VALUE,
              clCreateImage(context, CL_MEM_WRITE_ONLY, &rgba, &view, NULL, &err_));
  OK(clReleaseMemObject(readOnly));
  OK(clReleaseMemObject(srgb));
  OK(clReleaseMemObject(image));
  /* CL_DEPTH and CL_R pair too: a depth view of a CL_R/CL_FLOAT image reads its texels. */
  const cl_image_format r = {CL_R, CL_FLOAT}, depth = {CL_DEPTH, CL_FLOAT};
  const float values[4] = {0.25f, 0.5f, 0.75f, 1.0f};
  cl_mem plain = clCreateImage(context, CL_MEM_COPY_HOST_PTR, &r, &desc, (void *)values, &err);
  OK(err);
  view.buffer = plain;
  cl_mem depthView = clCreateImage(context, 0, &depth, &view, NULL, &err);
  OK(err);
  float seen[4] = {0};
  OK(clEnqueueReadImage(queue, depthView, CL_TRUE, origin, region, 0, 0, seen, 0, NULL, NULL));
  CHECK(seen[0] == 0.25f && seen[3] == 1.0f);
  OK(clReleaseMemObject(depthView));
  OK(clReleaseMemObject(plain));
}

static void creationErrors(void) {
  cl_int err;
  cl_image_format format = {CL_RGBA, CL_UNORM_INT8};
  cl_image_desc desc = describe(CL_MEM_OBJECT_IMAGE2D, 4, 4, 0, 0);
  EXPECT_NULL(CL_INVALID_CONTEXT, clCreateImage(NULL, 0, &format, &desc, NULL, &err_));
  EXPECT_NULL(CL_INVALID_VALUE, clCreateImage(context, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY,
                                              &format, &desc, NULL, &err_));
  EXPECT_NULL(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
              clCreateImage(context, 0, NULL, &desc, NULL, &err_));
  EXPECT_NULL(CL_INVALID_IMAGE_DESCRIPTOR, clCreateImage(context, 0, &format, NULL, NULL, &err_));
  /* Formats: not OpenCL values, values that do not combine, valid but unsupported. */
  const struct {
    cl_channel_order order;
    cl_channel_type type;
    cl_int expected;
  } formats[] = {
      {0x1234, CL_UNORM_INT8, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR},
      {CL_RGBA, 0x1234, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR},
      {CL_RGB, CL_UNORM_INT8, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR},
      {CL_RGBA, CL_UNORM_SHORT_565, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR},
      {CL_sRGBA, CL_FLOAT, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR},
      {CL_INTENSITY, CL_SIGNED_INT8, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR},
      {CL_DEPTH_STENCIL, CL_UNORM_INT24, CL_IMAGE_FORMAT_NOT_SUPPORTED},
      {CL_Rx, CL_UNORM_INT8, CL_IMAGE_FORMAT_NOT_SUPPORTED},
      {CL_RGBx, CL_UNORM_SHORT_555, CL_IMAGE_FORMAT_NOT_SUPPORTED},
  };
  for (size_t i = 0; i < sizeof formats / sizeof formats[0]; ++i) {
    cl_image_format f = {formats[i].order, formats[i].type};
    EXPECT_NULL(formats[i].expected, clCreateImage(context, 0, &f, &desc, NULL, &err_));
  }
  /* cl_khr_depth_images: no 3D depth images. */
  cl_image_format depth = {CL_DEPTH, CL_FLOAT};
  cl_image_desc d3 = describe(CL_MEM_OBJECT_IMAGE3D, 4, 4, 4, 0);
  EXPECT_NULL(CL_IMAGE_FORMAT_NOT_SUPPORTED, clCreateImage(context, 0, &depth, &d3, NULL, &err_));
  cl_mem depth2d = clCreateImage(context, 0, &depth, &desc, NULL, &err);
  OK(err);
  OK(clReleaseMemObject(depth2d));
  /* Descriptors. */
  cl_image_desc bad = desc;
  bad.image_type = CL_MEM_OBJECT_BUFFER;
  EXPECT_NULL(CL_INVALID_IMAGE_DESCRIPTOR, clCreateImage(context, 0, &format, &bad, NULL, &err_));
  bad = desc;
  bad.image_width = 0;
  EXPECT_NULL(CL_INVALID_IMAGE_DESCRIPTOR, clCreateImage(context, 0, &format, &bad, NULL, &err_));
  bad = desc;
  bad.num_mip_levels = 2;
  EXPECT_NULL(CL_INVALID_IMAGE_DESCRIPTOR, clCreateImage(context, 0, &format, &bad, NULL, &err_));
  /* OpenCL API 5.3.1.2: num_mip_levels must be 0 without cl_khr_mipmap_image, which the
   * device does not list; 1 (one level) is no exception. */
  bad = desc;
  bad.num_mip_levels = 1;
  EXPECT_NULL(CL_INVALID_IMAGE_DESCRIPTOR, clCreateImage(context, 0, &format, &bad, NULL, &err_));
  char extensions[4096] = "";
  OK(clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, sizeof extensions, extensions, NULL));
  CHECK(strstr(extensions, "cl_khr_image2d_from_buffer") != NULL);
  CHECK(strstr(extensions, "cl_khr_mipmap_image") == NULL);
  bad = describe(CL_MEM_OBJECT_IMAGE2D_ARRAY, 4, 4, 0, 0);
  EXPECT_NULL(CL_INVALID_IMAGE_DESCRIPTOR, clCreateImage(context, 0, &format, &bad, NULL, &err_));
  /* Sizes beyond the device's limits. */
  size_t max2d = 0, maxArray = 0, max3d = 0;
  OK(clGetDeviceInfo(device, CL_DEVICE_IMAGE2D_MAX_WIDTH, sizeof max2d, &max2d, NULL));
  OK(clGetDeviceInfo(device, CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, sizeof maxArray, &maxArray, NULL));
  OK(clGetDeviceInfo(device, CL_DEVICE_IMAGE3D_MAX_DEPTH, sizeof max3d, &max3d, NULL));
  bad = describe(CL_MEM_OBJECT_IMAGE2D, max2d + 1, 1, 0, 0);
  EXPECT_NULL(CL_INVALID_IMAGE_SIZE, clCreateImage(context, 0, &format, &bad, NULL, &err_));
  bad = describe(CL_MEM_OBJECT_IMAGE1D_ARRAY, 1, 0, 0, maxArray + 1);
  EXPECT_NULL(CL_INVALID_IMAGE_SIZE, clCreateImage(context, 0, &format, &bad, NULL, &err_));
  bad = describe(CL_MEM_OBJECT_IMAGE3D, 1, 1, max3d + 1, 0);
  EXPECT_NULL(CL_INVALID_IMAGE_SIZE, clCreateImage(context, 0, &format, &bad, NULL, &err_));
  /* Properties: none are defined. */
  const cl_mem_properties none[] = {0}, unknown[] = {0x4000, 1, 0};
  cl_mem image = clCreateImageWithProperties(context, none, 0, &format, &desc, NULL, &err);
  OK(err);
  size_t bytes = 99;
  OK(clGetMemObjectInfo(image, CL_MEM_PROPERTIES, 0, NULL, &bytes));
  CHECK(bytes == sizeof(cl_mem_properties));
  OK(clReleaseMemObject(image));
  EXPECT_NULL(CL_INVALID_PROPERTY,
              clCreateImageWithProperties(context, unknown, 0, &format, &desc, NULL, &err_));
}

int main(void) {
  spvsimContext(&device, &context, &queue);
  deviceQueries();
  supportedFormats();
  imageTypes();
  hostPointers();
  imagesFromBuffers();
  imagesFromImages();
  creationErrors();
  OK(clReleaseCommandQueue(queue));
  OK(clReleaseContext(context));
  return finish("images");
}
