/* Image commands, samplers and image kernels through the runtime (OpenCL API §5.3.3 to
 * §5.3.6, §5.7, §5.9.2): read, write, copy, fill, image<->buffer copies and map with
 * origins, regions, pitches, events and their CL_INVALID_VALUE cases; sampler objects;
 * kernels that take images and samplers. Expected values are worked out from the
 * specification (§7.4 conversions with round to nearest even and saturation, §7.2
 * addressing and filtering), not from spvsim's output. */
#include "harness.h"

#include <math.h>

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;

#define EXPECT_NULL(expected, call)                                                                \
  do {                                                                                             \
    cl_int err_ = CL_SUCCESS;                                                                      \
    void *got_ = (void *)(call);                                                                   \
    CHECK(got_ == NULL);                                                                           \
    if (err_ != (expected)) {                                                                      \
      fprintf(stderr, "%s:%d: %s set %d, expected %s (%d)\n", __FILE__, __LINE__, #call, err_,     \
              #expected, (expected));                                                              \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)

static cl_mem makeImage(cl_mem_object_type type, cl_channel_order order, cl_channel_type data,
                        size_t w, size_t h, size_t d, size_t a, cl_mem_flags flags) {
  cl_image_format format = {order, data};
  cl_image_desc desc;
  memset(&desc, 0, sizeof desc);
  desc.image_type = type;
  desc.image_width = w;
  desc.image_height = h;
  desc.image_depth = d;
  desc.image_array_size = a;
  cl_int err;
  cl_mem image = clCreateImage(context, flags, &format, &desc, NULL, &err);
  OK(err);
  REQUIRE(image != NULL);
  return image;
}

/* Read and write with origins, regions and host pitches; 1D arrays take layers in y. */
static void readWrite(void) {
  cl_mem image = makeImage(CL_MEM_OBJECT_IMAGE3D, CL_R, CL_UNSIGNED_INT16, 4, 3, 2, 0, 0);
  unsigned short all[24];
  for (int i = 0; i < 24; ++i) all[i] = (unsigned short)(100 + i);
  const size_t zero[3] = {0, 0, 0}, whole[3] = {4, 3, 2};
  OK(clEnqueueWriteImage(queue, image, CL_TRUE, zero, whole, 0, 0, all, 0, NULL, NULL));
  /* A 2x2x2 box at (1, 1, 0) into host memory with a row pitch of 6 bytes and a slice
   * pitch of 14: element (x, y, z) of the box lands at byte z*14 + y*6 + x*2. */
  unsigned char host[28];
  memset(host, 0xEE, sizeof host);
  const size_t origin[3] = {1, 1, 0}, box[3] = {2, 2, 2};
  cl_event done;
  OK(clEnqueueReadImage(queue, image, CL_FALSE, origin, box, 6, 14, host, 0, NULL, &done));
  OK(clWaitForEvents(1, &done));
  cl_int status = 0;
  OK(clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL));
  CHECK(status == CL_COMPLETE);
  cl_command_type type = 0;
  OK(clGetEventInfo(done, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_COMMAND_READ_IMAGE);
  OK(clReleaseEvent(done));
  for (int z = 0; z < 2; ++z)
    for (int y = 0; y < 2; ++y)
      for (int x = 0; x < 2; ++x) {
        unsigned short v;
        memcpy(&v, host + z * 14 + y * 6 + x * 2, 2);
        CHECK(v == all[z * 12 + (y + 1) * 4 + (x + 1)]);
      }
  CHECK(host[4] == 0xEE && host[5] == 0xEE); /* the padding of each row is untouched */
  /* Regions outside the image, empty, or a pitch too small. */
  const size_t far[3] = {3, 0, 0}, two[3] = {2, 1, 1}, none[3] = {0, 1, 1};
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueReadImage(queue, image, CL_TRUE, far, two, 0, 0, host, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueReadImage(queue, image, CL_TRUE, zero, none, 0, 0, host, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueReadImage(queue, image, CL_TRUE, zero, box, 2, 0, host, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueReadImage(queue, image, CL_TRUE, zero, box, 4, 6, host, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueWriteImage(queue, image, CL_TRUE, zero, box, 0, 0, NULL, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueReadImage(queue, image, CL_TRUE, NULL, box, 0, 0, host, 0, NULL, NULL));
  OK(clReleaseMemObject(image));

  /* A 2D image: origin[2] and region[2] beyond its dimensions. */
  cl_mem flat = makeImage(CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNORM_INT8, 4, 4, 0, 0, 0);
  const size_t z1[3] = {0, 0, 1}, deep[3] = {1, 1, 2};
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueReadImage(queue, flat, CL_TRUE, z1, two, 0, 0, host, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueReadImage(queue, flat, CL_TRUE, zero, deep, 0, 0, host, 0, NULL, NULL));
  /* A slice pitch is 0 for 2D images. */
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueReadImage(queue, flat, CL_TRUE, zero, two, 0, 64, host, 0, NULL, NULL));
  OK(clReleaseMemObject(flat));

  /* A 1D array of 3 layers of 5: layer 2, x 1..3, host layers 16 bytes apart. */
  cl_mem layers = makeImage(CL_MEM_OBJECT_IMAGE1D_ARRAY, CL_R, CL_UNSIGNED_INT8, 5, 0, 0, 3, 0);
  unsigned char src[15];
  for (int i = 0; i < 15; ++i) src[i] = (unsigned char)(i * 7);
  const size_t all1d[3] = {5, 3, 1};
  OK(clEnqueueWriteImage(queue, layers, CL_TRUE, zero, all1d, 0, 0, src, 0, NULL, NULL));
  unsigned char out[32];
  memset(out, 0, sizeof out);
  const size_t at[3] = {1, 1, 0}, part[3] = {3, 2, 1};
  OK(clEnqueueReadImage(queue, layers, CL_TRUE, at, part, 0, 16, out, 0, NULL, NULL));
  CHECK(out[0] == src[6] && out[2] == src[8] && out[16] == src[11] && out[18] == src[13]);
  const size_t layer3[3] = {0, 3, 0};
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueReadImage(queue, layers, CL_TRUE, layer3, two, 0, 0, out, 0, NULL, NULL));
  OK(clReleaseMemObject(layers));

  /* Host access flags (§5.3.3: CL_INVALID_OPERATION). */
  cl_mem hidden =
      makeImage(CL_MEM_OBJECT_IMAGE2D, CL_R, CL_FLOAT, 2, 2, 0, 0, CL_MEM_HOST_NO_ACCESS);
  EXPECT_ERR(CL_INVALID_OPERATION,
             clEnqueueReadImage(queue, hidden, CL_TRUE, zero, two, 0, 0, out, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_OPERATION,
             clEnqueueWriteImage(queue, hidden, CL_TRUE, zero, two, 0, 0, out, 0, NULL, NULL));
  OK(clReleaseMemObject(hidden));
}

/* Copies between images, and between images and buffers. */
static void copies(void) {
  cl_mem a = makeImage(CL_MEM_OBJECT_IMAGE2D, CL_RG, CL_SIGNED_INT16, 4, 4, 0, 0, 0);
  cl_mem b = makeImage(CL_MEM_OBJECT_IMAGE3D, CL_RG, CL_SIGNED_INT16, 3, 3, 3, 0, 0);
  short data[32];
  for (int i = 0; i < 32; ++i) data[i] = (short)(i - 16);
  const size_t zero[3] = {0, 0, 0}, all[3] = {4, 4, 1};
  OK(clEnqueueWriteImage(queue, a, CL_TRUE, zero, all, 0, 0, data, 0, NULL, NULL));
  /* A 2x2 block of a at (2, 1) to slice 2 of b at (0, 1). */
  const size_t from[3] = {2, 1, 0}, to[3] = {0, 1, 2}, block[3] = {2, 2, 1};
  OK(clEnqueueCopyImage(queue, a, b, from, to, block, 0, NULL, NULL));
  short got[8];
  OK(clEnqueueReadImage(queue, b, CL_TRUE, to, block, 0, 0, got, 0, NULL, NULL));
  /* Texel (x, y) of a is data[(y * 4 + x) * 2 .. + 1]. */
  CHECK(got[0] == data[(1 * 4 + 2) * 2] && got[1] == data[(1 * 4 + 2) * 2 + 1]);
  CHECK(got[6] == data[(2 * 4 + 3) * 2] && got[7] == data[(2 * 4 + 3) * 2 + 1]);
  /* Overlap within one image; a region outside one of them; different formats. */
  const size_t near[3] = {1, 1, 0};
  EXPECT_ERR(CL_MEM_COPY_OVERLAP,
             clEnqueueCopyImage(queue, a, a, zero, near, block, 0, NULL, NULL));
  const size_t apart[3] = {2, 2, 0};
  OK(clEnqueueCopyImage(queue, a, a, zero, apart, block, 0, NULL, NULL));
  /* Now a(2, 2) and a(3, 2) hold what a(0, 0) and a(1, 0) held. */
  const size_t outside[3] = {2, 2, 2};
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueCopyImage(queue, a, b, zero, outside, block, 0, NULL, NULL));
  cl_mem other = makeImage(CL_MEM_OBJECT_IMAGE2D, CL_RG, CL_UNSIGNED_INT16, 4, 4, 0, 0, 0);
  EXPECT_ERR(CL_IMAGE_FORMAT_MISMATCH,
             clEnqueueCopyImage(queue, a, other, zero, zero, block, 0, NULL, NULL));
  OK(clReleaseMemObject(other));

  /* Image to buffer at an offset, and back into another place. */
  cl_int err;
  cl_mem buffer = clCreateBuffer(context, 0, 64, NULL, &err);
  OK(err);
  OK(clEnqueueCopyImageToBuffer(queue, a, buffer, from, block, 8, 0, NULL, NULL));
  short flat[16];
  OK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 8, 16, flat, 0, NULL, NULL));
  CHECK(flat[0] == data[(1 * 4 + 2) * 2] && flat[2] == data[(1 * 4 + 3) * 2]);
  CHECK(flat[4] == data[0] && flat[6] == data[2]);
  const size_t corner[3] = {0, 3, 0}, row[3] = {4, 1, 1};
  OK(clEnqueueCopyBufferToImage(queue, buffer, a, 8, corner, row, 0, NULL, NULL));
  OK(clEnqueueReadImage(queue, a, CL_TRUE, corner, row, 0, 0, flat, 0, NULL, NULL));
  CHECK(flat[0] == data[(1 * 4 + 2) * 2] && flat[6] == data[2]);
  /* 16 bytes from offset 56 end past the buffer's 64. */
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueCopyImageToBuffer(queue, a, buffer, zero, block, 56, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueCopyBufferToImage(queue, buffer, a, 56, zero, block, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueCopyBufferToImage(queue, buffer, a, 0, outside, block, 0, NULL, NULL));
  /* A buffer where an image belongs and the other way round. */
  EXPECT_ERR(CL_INVALID_MEM_OBJECT,
             clEnqueueCopyImageToBuffer(queue, buffer, buffer, zero, block, 0, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_MEM_OBJECT,
             clEnqueueCopyBufferToImage(queue, a, a, 0, zero, block, 0, NULL, NULL));
  OK(clReleaseMemObject(buffer));
  OK(clReleaseMemObject(a));
  OK(clReleaseMemObject(b));
}

/* A fill of a region of an image whose rows are padded (CL_MEM_USE_HOST_PTR with a row pitch
 * above width × texel size): the region's texels, its corners included, hold `texel`; every
 * other byte of the host memory, the padding included, keeps its value. */
static void fillPadded(cl_mem_object_type type, cl_channel_order order, cl_channel_type data,
                       size_t texelSize, const size_t *size, size_t rowPitch, size_t slicePitch,
                       const void *color, const size_t *origin, const size_t *region,
                       const unsigned char *texel) {
  unsigned char host[512], before[512];
  const size_t bytes = slicePitch * size[2];
  REQUIRE(bytes <= sizeof host);
  for (size_t i = 0; i < bytes; ++i) host[i] = before[i] = (unsigned char)(i * 7 + 1);
  cl_image_format format = {order, data};
  cl_image_desc desc;
  memset(&desc, 0, sizeof desc);
  desc.image_type = type;
  desc.image_width = size[0];
  desc.image_height = size[1];
  if (type == CL_MEM_OBJECT_IMAGE3D)
    desc.image_depth = size[2];
  else
    desc.image_array_size = size[2];
  desc.image_row_pitch = rowPitch;
  desc.image_slice_pitch = slicePitch;
  cl_int err;
  cl_mem image =
      clCreateImage(context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, &format, &desc, host, &err);
  OK(err);
  REQUIRE(image != NULL);
  OK(clEnqueueFillImage(queue, image, color, origin, region, 0, NULL, NULL));
  /* The far corner through the API. */
  const size_t last[3] = {origin[0] + region[0] - 1, origin[1] + region[1] - 1,
                          origin[2] + region[2] - 1};
  const size_t one[3] = {1, 1, 1};
  unsigned char got[16] = {0};
  OK(clEnqueueReadImage(queue, image, CL_TRUE, last, one, 0, 0, got, 0, NULL, NULL));
  CHECK(memcmp(got, texel, texelSize) == 0);
  size_t wrong = 0;
  for (size_t z = 0; z < size[2]; ++z)
    for (size_t y = 0; y < size[1]; ++y)
      for (size_t i = 0; i < rowPitch; ++i) {
        const size_t at = z * slicePitch + y * rowPitch + i, x = i / texelSize;
        const int in = i < size[0] * texelSize && x >= origin[0] && x < origin[0] + region[0] &&
                       y >= origin[1] && y < origin[1] + region[1] && z >= origin[2] &&
                       z < origin[2] + region[2];
        wrong += host[at] != (in ? texel[i % texelSize] : before[at]);
      }
  CHECK(wrong == 0);
  OK(clReleaseMemObject(image));
}

/* §5.3.5: the fill colour is converted as write_image converts it (§7.4). */
static void fills(void) {
  const size_t zero[3] = {0, 0, 0}, all[3] = {3, 2, 1}, one[3] = {1, 1, 1};
  cl_mem unorm = makeImage(CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNORM_INT8, 3, 2, 0, 0, 0);
  /* 0.5 × 255 = 127.5 rounds to even 128; 0.25 × 255 = 63.75 to 64; 1.5 saturates. */
  const float color[4] = {1.5f, 0.5f, -0.25f, 0.25f};
  const size_t at[3] = {1, 0, 0}, two[3] = {2, 2, 1};
  unsigned char zeros[24] = {0};
  OK(clEnqueueWriteImage(queue, unorm, CL_TRUE, zero, all, 0, 0, zeros, 0, NULL, NULL));
  cl_event e;
  OK(clEnqueueFillImage(queue, unorm, color, at, two, 0, NULL, &e));
  cl_command_type type = 0;
  OK(clGetEventInfo(e, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_COMMAND_FILL_IMAGE);
  unsigned char got[24];
  OK(clEnqueueReadImage(queue, unorm, CL_TRUE, zero, all, 0, 0, got, 1, &e, NULL));
  OK(clReleaseEvent(e));
  CHECK(got[0] == 0 && got[3] == 0); /* (0, 0) is outside the fill */
  CHECK(got[4] == 255 && got[5] == 128 && got[6] == 0 && got[7] == 64);
  CHECK(got[20] == 255 && got[21] == 128 && got[22] == 0 && got[23] == 64);
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueFillImage(queue, unorm, NULL, zero, one, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueFillImage(queue, unorm, color, at, all, 0, NULL, NULL));
  OK(clReleaseMemObject(unorm));

  /* Signed integers saturate; BGRA stores blue first. */
  cl_mem ints = makeImage(CL_MEM_OBJECT_IMAGE1D, CL_RGBA, CL_SIGNED_INT8, 2, 0, 0, 0, 0);
  const cl_int icolor[4] = {-300, 5, 127, 200};
  const size_t pair[3] = {2, 1, 1};
  OK(clEnqueueFillImage(queue, ints, icolor, zero, pair, 0, NULL, NULL));
  signed char s[8];
  OK(clEnqueueReadImage(queue, ints, CL_TRUE, zero, pair, 0, 0, s, 0, NULL, NULL));
  CHECK(s[0] == -128 && s[1] == 5 && s[2] == 127 && s[3] == 127 && s[4] == -128);
  OK(clReleaseMemObject(ints));
  cl_mem bgra = makeImage(CL_MEM_OBJECT_IMAGE2D, CL_BGRA, CL_UNORM_INT8, 1, 1, 0, 0, 0);
  const float rgba[4] = {1.0f, 0.0f, 0.2f, 1.0f}; /* 0.2 × 255 = 51 */
  OK(clEnqueueFillImage(queue, bgra, rgba, zero, one, 0, NULL, NULL));
  unsigned char px[4];
  OK(clEnqueueReadImage(queue, bgra, CL_TRUE, zero, one, 0, 0, px, 0, NULL, NULL));
  CHECK(px[0] == 51 && px[1] == 0 && px[2] == 255 && px[3] == 255);
  OK(clReleaseMemObject(bgra));
  /* Half floats: 1/3 rounds to nearest even, 0x3555. */
  cl_mem half = makeImage(CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_R, CL_HALF_FLOAT, 1, 1, 0, 2, 0);
  const float third[4] = {1.0f / 3.0f, 0, 0, 0};
  const size_t layer1[3] = {0, 0, 1};
  OK(clEnqueueFillImage(queue, half, third, layer1, one, 0, NULL, NULL));
  unsigned short h = 0;
  OK(clEnqueueReadImage(queue, half, CL_TRUE, layer1, one, 0, 0, &h, 0, NULL, NULL));
  CHECK(h == 0x3555);
  OK(clReleaseMemObject(half));

  /* Regions of padded images: a 3D image (rows of 20 bytes in 24, slices of 5 rows) and a
   * 2D array whose whole rows are filled (rows of 12 bytes in 16). */
  const cl_uint big[4] = {7, 70000, 9, 9}; /* 70000 saturates to 65535 */
  const unsigned char rg16[4] = {7, 0, 255, 255};
  const size_t size3d[3] = {5, 4, 3}, at3d[3] = {1, 1, 1}, region3d[3] = {3, 2, 2};
  fillPadded(CL_MEM_OBJECT_IMAGE3D, CL_RG, CL_UNSIGNED_INT16, 4, size3d, 24, 120, big, at3d,
             region3d, rg16);
  const float mix[4] = {1.0f, 0.0f, 0.5f, 0.0f};
  const unsigned char rgba8[4] = {255, 0, 128, 0};
  const size_t size2da[3] = {3, 2, 3}, at2da[3] = {0, 1, 1}, region2da[3] = {3, 1, 2};
  fillPadded(CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_RGBA, CL_UNORM_INT8, 4, size2da, 16, 32, mix, at2da,
             region2da, rgba8);
}

/* clEnqueueMapImage: the region inside the image with its pitches. */
static void maps(void) {
  cl_mem image = makeImage(CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_R, CL_UNSIGNED_INT32, 4, 3, 0, 2, 0);
  cl_uint values[24];
  for (int i = 0; i < 24; ++i) values[i] = (cl_uint)(i * 11);
  const size_t zero[3] = {0, 0, 0}, all[3] = {4, 3, 2};
  OK(clEnqueueWriteImage(queue, image, CL_TRUE, zero, all, 0, 0, values, 0, NULL, NULL));
  const size_t origin[3] = {1, 2, 1}, region[3] = {2, 1, 1};
  size_t rowPitch = 0, slicePitch = 0;
  cl_int err;
  cl_uint *p =
      (cl_uint *)clEnqueueMapImage(queue, image, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, origin,
                                   region, &rowPitch, &slicePitch, 0, NULL, NULL, &err);
  OK(err);
  REQUIRE(p != NULL);
  CHECK(rowPitch == 16 && slicePitch == 48);
  CHECK(p[0] == values[12 + 2 * 4 + 1] && p[1] == values[12 + 2 * 4 + 2]);
  cl_uint count = 0;
  OK(clGetMemObjectInfo(image, CL_MEM_MAP_COUNT, sizeof count, &count, NULL));
  CHECK(count == 1);
  p[1] = 4242;
  OK(clEnqueueUnmapMemObject(queue, image, p, 0, NULL, NULL));
  cl_uint back = 0;
  const size_t at[3] = {2, 2, 1}, one[3] = {1, 1, 1};
  OK(clEnqueueReadImage(queue, image, CL_TRUE, at, one, 0, 0, &back, 0, NULL, NULL));
  CHECK(back == 4242);
  /* An array needs the slice pitch; the row pitch is always needed; bad flags. */
  EXPECT_NULL(CL_INVALID_VALUE, clEnqueueMapImage(queue, image, CL_TRUE, CL_MAP_READ, origin,
                                                  region, &rowPitch, NULL, 0, NULL, NULL, &err_));
  EXPECT_NULL(CL_INVALID_VALUE, clEnqueueMapImage(queue, image, CL_TRUE, CL_MAP_READ, origin,
                                                  region, NULL, &slicePitch, 0, NULL, NULL, &err_));
  EXPECT_NULL(CL_INVALID_VALUE,
              clEnqueueMapImage(queue, image, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION,
                                origin, region, &rowPitch, &slicePitch, 0, NULL, NULL, &err_));
  EXPECT_NULL(CL_INVALID_VALUE, clEnqueueMapImage(queue, image, CL_TRUE, CL_MAP_READ, origin, all,
                                                  &rowPitch, &slicePitch, 0, NULL, NULL, &err_));
  OK(clReleaseMemObject(image));
}

static void samplers(void) {
  cl_int err;
  const cl_sampler_properties props[] = {CL_SAMPLER_NORMALIZED_COORDS, CL_FALSE,
                                         CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR, 0};
  cl_sampler s = clCreateSamplerWithProperties(context, props, &err);
  OK(err);
  cl_bool normalized = CL_TRUE;
  cl_addressing_mode addressing = 0;
  cl_filter_mode filter = 0;
  OK(clGetSamplerInfo(s, CL_SAMPLER_NORMALIZED_COORDS, sizeof normalized, &normalized, NULL));
  OK(clGetSamplerInfo(s, CL_SAMPLER_ADDRESSING_MODE, sizeof addressing, &addressing, NULL));
  OK(clGetSamplerInfo(s, CL_SAMPLER_FILTER_MODE, sizeof filter, &filter, NULL));
  CHECK(normalized == CL_FALSE && addressing == CL_ADDRESS_CLAMP && filter == CL_FILTER_LINEAR);
  cl_sampler_properties got[8];
  size_t bytes = 0;
  OK(clGetSamplerInfo(s, CL_SAMPLER_PROPERTIES, sizeof got, got, &bytes));
  CHECK(bytes == sizeof props && got[3] == CL_FILTER_LINEAR && got[4] == 0);
  cl_context c = NULL;
  OK(clGetSamplerInfo(s, CL_SAMPLER_CONTEXT, sizeof c, &c, NULL));
  CHECK(c == context);
  OK(clRetainSampler(s));
  cl_uint refs = 0;
  OK(clGetSamplerInfo(s, CL_SAMPLER_REFERENCE_COUNT, sizeof refs, &refs, NULL));
  CHECK(refs == 2);
  OK(clReleaseSampler(s));
  OK(clReleaseSampler(s));
  EXPECT_ERR(CL_INVALID_SAMPLER, clReleaseSampler(s));
  EXPECT_ERR(CL_INVALID_SAMPLER, clGetSamplerInfo(s, CL_SAMPLER_CONTEXT, sizeof c, &c, NULL));

  s = clCreateSampler(context, CL_TRUE, CL_ADDRESS_MIRRORED_REPEAT, CL_FILTER_NEAREST, &err);
  OK(err);
  OK(clGetSamplerInfo(s, CL_SAMPLER_ADDRESSING_MODE, sizeof addressing, &addressing, NULL));
  CHECK(addressing == CL_ADDRESS_MIRRORED_REPEAT);
  OK(clGetSamplerInfo(s, CL_SAMPLER_PROPERTIES, 0, NULL, &bytes));
  CHECK(bytes == 0); /* clCreateSampler has no properties to report */
  EXPECT_ERR(CL_INVALID_VALUE, clGetSamplerInfo(s, 0x9999, sizeof refs, &refs, NULL));
  OK(clReleaseSampler(s));
  /* Defaults: normalized, clamp, nearest. */
  s = clCreateSamplerWithProperties(context, NULL, &err);
  OK(err);
  OK(clGetSamplerInfo(s, CL_SAMPLER_NORMALIZED_COORDS, sizeof normalized, &normalized, NULL));
  OK(clGetSamplerInfo(s, CL_SAMPLER_FILTER_MODE, sizeof filter, &filter, NULL));
  CHECK(normalized == CL_TRUE && filter == CL_FILTER_NEAREST);
  OK(clReleaseSampler(s));
  const cl_sampler_properties twice[] = {CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR,
                                         CL_SAMPLER_FILTER_MODE, CL_FILTER_NEAREST, 0};
  const cl_sampler_properties unknown[] = {0x7777, 1, 0};
  const cl_sampler_properties badMode[] = {CL_SAMPLER_ADDRESSING_MODE, 0x1234, 0};
  EXPECT_NULL(CL_INVALID_VALUE, clCreateSamplerWithProperties(context, twice, &err_));
  EXPECT_NULL(CL_INVALID_VALUE, clCreateSamplerWithProperties(context, unknown, &err_));
  EXPECT_NULL(CL_INVALID_VALUE, clCreateSamplerWithProperties(context, badMode, &err_));
  EXPECT_NULL(CL_INVALID_VALUE, clCreateSampler(context, CL_TRUE, CL_ADDRESS_CLAMP, 0x5, &err_));
  EXPECT_NULL(CL_INVALID_CONTEXT, clCreateSamplerWithProperties(NULL, NULL, &err_));
}

static const char *kSource =
    "__kernel void copy_nearest(read_only image2d_t src, sampler_t s, write_only image2d_t dst) {\n"
    "  int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
    "  float4 v = read_imagef(src, s, (float2)(p.x, p.y) + 0.5f);\n"
    "  write_imagef(dst, p, v * 2.0f);\n"
    "}\n"
    "__kernel void sample_at(read_only image2d_t src, sampler_t s, float x, float y,\n"
    "                        __global float4 *out) {\n"
    "  out[0] = read_imagef(src, s, (float2)(x, y));\n"
    "}\n"
    "__constant sampler_t kEdge = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE |\n"
    "                             CLK_FILTER_NEAREST;\n"
    "__kernel void edge(read_only image1d_array_t src, __global uint4 *out) {\n"
    "  out[get_global_id(0)] = read_imageui(src, kEdge, (float2)(2.0f, 1.0f));\n"
    "}\n"
    "__kernel void sizes(read_only image3d_t a, write_only image2d_array_t b,\n"
    "                    read_only image1d_buffer_t c, __global int *out) {\n"
    "  out[0] = get_image_width(a); out[1] = get_image_height(a); out[2] = get_image_depth(a);\n"
    "  out[3] = get_image_array_size(b); out[4] = get_image_width(c);\n"
    "  out[5] = get_image_channel_order(a); out[6] = get_image_channel_data_type(b);\n"
    "}\n"
    "__kernel void depth(read_only image2d_depth_t d, __global float *out) {\n"
    "  out[0] = read_imagef(d, (int2)(1, 0));\n"
    "}\n";

static void imageKernels(void) {
  cl_program program = buildSource(context, device, kSource, "-cl-kernel-arg-info");
  cl_int err;
  /* A 3x2 RGBA float image through a nearest sampler, doubled into another. */
  cl_mem src = makeImage(CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_FLOAT, 3, 2, 0, 0, CL_MEM_READ_ONLY);
  cl_mem dst = makeImage(CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_FLOAT, 3, 2, 0, 0, CL_MEM_WRITE_ONLY);
  float pixels[24];
  for (int i = 0; i < 24; ++i) pixels[i] = (float)i * 0.25f;
  const size_t zero[3] = {0, 0, 0}, all[3] = {3, 2, 1};
  OK(clEnqueueWriteImage(queue, src, CL_TRUE, zero, all, 0, 0, pixels, 0, NULL, NULL));
  cl_sampler nearest =
      clCreateSampler(context, CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST, &err);
  OK(err);
  cl_kernel k = clCreateKernel(program, "copy_nearest", &err);
  OK(err);
  OK(clSetKernelArg(k, 0, sizeof src, &src));
  OK(clSetKernelArg(k, 1, sizeof nearest, &nearest));
  OK(clSetKernelArg(k, 2, sizeof dst, &dst));
  const size_t global[2] = {3, 2};
  OK(clEnqueueNDRangeKernel(queue, k, 2, NULL, global, NULL, 0, NULL, NULL));
  float out[24];
  OK(clEnqueueReadImage(queue, dst, CL_TRUE, zero, all, 0, 0, out, 0, NULL, NULL));
  for (int i = 0; i < 24; ++i) CHECK(out[i] == pixels[i] * 2.0f);
  /* Argument errors (§5.9.2). */
  cl_mem buffer = clCreateBuffer(context, 0, 64, NULL, &err);
  OK(err);
  cl_mem cube = makeImage(CL_MEM_OBJECT_IMAGE3D, CL_RGBA, CL_FLOAT, 2, 2, 2, 0, 0);
  cl_mem depthImage = makeImage(CL_MEM_OBJECT_IMAGE2D, CL_DEPTH, CL_FLOAT, 2, 1, 0, 0, 0);
  EXPECT_ERR(CL_INVALID_MEM_OBJECT, clSetKernelArg(k, 0, sizeof buffer, &buffer));
  EXPECT_ERR(CL_INVALID_MEM_OBJECT, clSetKernelArg(k, 0, sizeof cube, &cube));
  EXPECT_ERR(CL_INVALID_MEM_OBJECT, clSetKernelArg(k, 0, sizeof depthImage, &depthImage));
  EXPECT_ERR(CL_INVALID_MEM_OBJECT, clSetKernelArg(k, 0, sizeof src, NULL));
  EXPECT_ERR(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 0, 4, &src));
  EXPECT_ERR(CL_INVALID_ARG_VALUE, clSetKernelArg(k, 0, sizeof dst, &dst)); /* write-only */
  EXPECT_ERR(CL_INVALID_ARG_VALUE, clSetKernelArg(k, 2, sizeof src, &src)); /* read-only */
  EXPECT_ERR(CL_INVALID_SAMPLER, clSetKernelArg(k, 1, sizeof buffer, &buffer));
  EXPECT_ERR(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 1, 4, &nearest));
  /* clGetKernelArgInfo: images are global with their access qualifier. */
  cl_kernel_arg_access_qualifier access = 0;
  OK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof access, &access, NULL));
  CHECK(access == CL_KERNEL_ARG_ACCESS_READ_ONLY);
  OK(clGetKernelArgInfo(k, 2, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof access, &access, NULL));
  CHECK(access == CL_KERNEL_ARG_ACCESS_WRITE_ONLY);
  OK(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof access, &access, NULL));
  CHECK(access == CL_KERNEL_ARG_ACCESS_NONE);
  cl_kernel_arg_address_qualifier address = 0;
  OK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof address, &address, NULL));
  CHECK(address == CL_KERNEL_ARG_ADDRESS_GLOBAL);
  char name[64] = {0};
  OK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_NAME, sizeof name, name, NULL));
  CHECK(strcmp(name, "image2d_t") == 0);
  OK(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_TYPE_NAME, sizeof name, name, NULL));
  CHECK(strcmp(name, "sampler_t") == 0);
  OK(clReleaseKernel(k));

  /* Linear filtering (§7.2.1.2, CL_ADDRESS_CLAMP): at x = 1.0, y = 0.5 the texels are
   * i0 = floor(1.0 - 0.5) = 0 and i1 = 1 with weight a = 0.5; at x = 0.25 the left one is
   * the border, (0, 0, 0, 0) for CL_RGBA, with weight 1 - frac(-0.25) = 0.25. */
  cl_sampler linear = clCreateSampler(context, CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_LINEAR, &err);
  OK(err);
  k = clCreateKernel(program, "sample_at", &err);
  OK(err);
  cl_mem result = clCreateBuffer(context, 0, 16, NULL, &err);
  OK(err);
  OK(clSetKernelArg(k, 0, sizeof src, &src));
  OK(clSetKernelArg(k, 1, sizeof linear, &linear));
  OK(clSetKernelArg(k, 4, sizeof result, &result));
  const float xs[2] = {1.0f, 0.25f};
  for (int i = 0; i < 2; ++i) {
    const float y = 0.5f;
    OK(clSetKernelArg(k, 2, sizeof(float), &xs[i]));
    OK(clSetKernelArg(k, 3, sizeof(float), &y));
    const size_t one = 1;
    OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &one, NULL, 0, NULL, NULL));
    float v[4];
    OK(clEnqueueReadBuffer(queue, result, CL_TRUE, 0, sizeof v, v, 0, NULL, NULL));
    for (int c = 0; c < 4; ++c) {
      const float expected = i == 0 ? 0.5f * pixels[c] + 0.5f * pixels[4 + c] : 0.75f * pixels[c];
      CHECK(fabsf(v[c] - expected) <= 1e-5f);
    }
  }
  EXPECT_ERR(CL_INVALID_MEM_OBJECT, clSetKernelArg(k, 4, sizeof src, &src)); /* no buffer */
  OK(clReleaseKernel(k));
  OK(clReleaseSampler(linear));

  /* A constant sampler in the program, normalized clamp-to-edge: (2.0, layer 1) of a 1D
   * array reads the last texel of layer 1. */
  cl_mem layers = makeImage(CL_MEM_OBJECT_IMAGE1D_ARRAY, CL_RGBA, CL_UNSIGNED_INT8, 2, 0, 0, 2, 0);
  const unsigned char texels[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  const size_t layersAll[3] = {2, 2, 1};
  OK(clEnqueueWriteImage(queue, layers, CL_TRUE, zero, layersAll, 0, 0, texels, 0, NULL, NULL));
  k = clCreateKernel(program, "edge", &err);
  OK(err);
  cl_mem edges = clCreateBuffer(context, 0, 16, NULL, &err);
  OK(err);
  OK(clSetKernelArg(k, 0, sizeof layers, &layers));
  OK(clSetKernelArg(k, 1, sizeof edges, &edges));
  const size_t one = 1;
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &one, NULL, 0, NULL, NULL));
  cl_uint e[4];
  OK(clEnqueueReadBuffer(queue, edges, CL_TRUE, 0, sizeof e, e, 0, NULL, NULL));
  CHECK(e[0] == 13 && e[1] == 14 && e[2] == 15 && e[3] == 16);
  OK(clReleaseKernel(k));

  /* Queries of every image type, a 1D buffer image included. */
  cl_mem array =
      makeImage(CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_R, CL_SNORM_INT16, 2, 2, 0, 5, CL_MEM_WRITE_ONLY);
  cl_image_format rf = {CL_R, CL_UNSIGNED_INT8};
  cl_image_desc bd;
  memset(&bd, 0, sizeof bd);
  bd.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER;
  bd.image_width = 48;
  bd.buffer = buffer;
  cl_mem oneD = clCreateImage(context, CL_MEM_READ_ONLY, &rf, &bd, NULL, &err);
  OK(err);
  k = clCreateKernel(program, "sizes", &err);
  OK(err);
  OK(clSetKernelArg(k, 0, sizeof cube, &cube));
  OK(clSetKernelArg(k, 1, sizeof array, &array));
  OK(clSetKernelArg(k, 2, sizeof oneD, &oneD));
  cl_int q[7];
  cl_mem qbuf = clCreateBuffer(context, 0, sizeof q, NULL, &err);
  OK(err);
  OK(clSetKernelArg(k, 3, sizeof qbuf, &qbuf));
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &one, NULL, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, qbuf, CL_TRUE, 0, sizeof q, q, 0, NULL, NULL));
  CHECK(q[0] == 2 && q[1] == 2 && q[2] == 2 && q[3] == 5 && q[4] == 48);
  CHECK(q[5] == CL_RGBA && q[6] == CL_SNORM_INT16);
  OK(clReleaseKernel(k));

  /* A depth image reads one float. */
  const float depths[2] = {0.25f, 0.75f};
  const size_t dAll[3] = {2, 1, 1};
  OK(clEnqueueWriteImage(queue, depthImage, CL_TRUE, zero, dAll, 0, 0, depths, 0, NULL, NULL));
  k = clCreateKernel(program, "depth", &err);
  OK(err);
  EXPECT_ERR(CL_INVALID_MEM_OBJECT, clSetKernelArg(k, 0, sizeof src, &src)); /* not depth */
  OK(clSetKernelArg(k, 0, sizeof depthImage, &depthImage));
  OK(clSetKernelArg(k, 1, sizeof result, &result));
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &one, NULL, 0, NULL, NULL));
  float d = 0;
  OK(clEnqueueReadBuffer(queue, result, CL_TRUE, 0, sizeof d, &d, 0, NULL, NULL));
  CHECK(d == 0.75f);
  OK(clReleaseKernel(k));

  cl_mem objects[] = {src, dst, buffer, cube, depthImage, result, layers, edges, array, oneD, qbuf};
  for (size_t i = 0; i < sizeof objects / sizeof objects[0]; ++i)
    OK(clReleaseMemObject(objects[i]));
  OK(clReleaseSampler(nearest));
  OK(clReleaseProgram(program));
}

int main(void) {
  spvsimContext(&device, &context, &queue);
  readWrite();
  copies();
  fills();
  maps();
  samplers();
  imageKernels();
  OK(clReleaseCommandQueue(queue));
  OK(clReleaseContext(context));
  return finish("image_kernels");
}
