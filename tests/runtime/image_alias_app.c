/* A host program whose kernels use an image made from a buffer together with that
 * buffer (OpenCL API §5.3.1.2: writing the shared bytes through one and reading or
 * writing them through the other in one kernel is undefined), or read back a texel of
 * a read_write image they wrote (OpenCL API §3.3.8: an image fence must come between).
 * Modes, by the first argument:
 *   (none)       1D buffer image written, the buffer read by the neighbour: race.image.buffer
 *   --same-item  the same, each work-item reading its own texel's bytes: image.buffer-alias
 *   --2d         a 2D image from the buffer (cl_khr_image2d_from_buffer) read, the buffer
 *                written by the neighbour: race.image.buffer
 *   --read       the image and the buffer both only read: clean, prints out[63]
 *   --unfenced   a read_write image's texel written and read back: image.unfenced-read
 *   --fenced     the same with atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, ...): clean
 *   --async-own  work-groups of one work-item, each writing its texel and copying the same
 *                bytes of the buffer to __local memory with async_work_group_copy: the
 *                copy is its work-item's, image.buffer-alias
 *   --printf     texels written, and work-item 1 prints the buffer's first bytes with
 *                printf's %s, which reads texel 0's: race.image.buffer
 *   --one-writer every work-item reads element 0 of the buffer, work-item 0 then writes
 *                texel 0: race.image.buffer with another work-item's read (not only
 *                image.buffer-alias with its own)
 *   --sub-buffer the 1D buffer image made from the buffer's second half (a sub-buffer at
 *                an origin), each work-item reading its own texel's bytes through the
 *                whole buffer: image.buffer-alias
 *   --image-view a 2D CL_RGBA image and its CL_sRGBA view (an image made from an image),
 *                each work-item writing a texel through the image and reading its
 *                neighbour's through the view: race.image.read-write
 *   --depth-view the same with a 2D CL_R CL_FLOAT image and its CL_DEPTH view, read as an
 *                image2d_depth_t (cl_khr_depth_images): race.image.read-write
 *   --same-image one 2D CL_RGBA image bound to through_view's write_only and read_only
 *                arguments (OpenCL leaves it undefined; the API takes it): each
 *                work-item writes a texel through one and reads its neighbour's through
 *                the other: race.image.read-write
 *   --launches   texels written through the image by one launch, then read through the
 *                image and the buffer by the next (both_read): clean, prints out[63]
 *                (a launch starts with no access of an earlier one recorded; the buffer
 *                is 1 MiB, so that the second launch's alias words are the first's,
 *                taken back from the pool of shadow words) */
#include <string.h>

#include "loader_app.h"

static const char *kSource =
    "__kernel void neighbour(write_only image1d_buffer_t img, __global const float4 *buf,\n"
    "                        __global int *out) {\n"
    "  int i = get_global_id(0), n = get_global_size(0);\n"
    "  write_imagef(img, i, (float4)(i, 0, 0, 1));\n"
    "  out[i] = (int)buf[(i + 1) % n].x;\n"
    "}\n"
    "__kernel void own(write_only image1d_buffer_t img, __global const float4 *buf,\n"
    "                  __global int *out) {\n"
    "  int i = get_global_id(0);\n"
    "  write_imagef(img, i, (float4)(i, 0, 0, 1));\n"
    "  out[i] = (int)buf[i].x;\n"
    "}\n"
    "__kernel void plane(read_only image2d_t img, __global float4 *buf, __global int *out) {\n"
    "  int i = get_global_id(0), n = get_global_size(0);\n"
    "  buf[(i + 1) % n] = (float4)(i, 0, 0, 1);\n"
    "  out[i] = (int)read_imagef(img, (int2)(i % 8, i / 8)).x;\n"
    "}\n"
    "__kernel void both_read(read_only image1d_buffer_t img, __global const float4 *buf,\n"
    "                        __global int *out) {\n"
    "  int i = get_global_id(0);\n"
    "  out[i] = (int)(read_imagef(img, i).x + buf[i].y);\n"
    "}\n"
    "__kernel void read_back(read_write image1d_t img, __global int *out) {\n"
    "  int i = get_global_id(0);\n"
    "  write_imagei(img, i, (int4)(i, 0, 0, 0));\n"
    "#ifdef FENCED\n"
    "  atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);\n"
    "#endif\n"
    "  out[i] = read_imagei(img, i).x;\n"
    "}\n"
    "__kernel void copy_own(write_only image1d_buffer_t img, __global const float4 *buf,\n"
    "                       __global int *out) {\n"
    "  __local float4 tile[1];\n"
    "  int i = get_global_id(0);\n"
    "  write_imagef(img, i, (float4)(i, 0, 0, 1));\n"
    "  event_t e = async_work_group_copy(tile, buf + i, 1, 0);\n"
    "  wait_group_events(1, &e);\n"
    "  out[i] = (int)tile[0].x;\n"
    "}\n"
    "__kernel void print_first(write_only image1d_buffer_t img, __global const float4 *buf,\n"
    "                          __global int *out) {\n"
    "  int i = get_global_id(0);\n"
    "  write_imagef(img, i, (float4)(i, 0, 0, 1));\n"
    "  if (i == 1) printf(\"%s\", (__global const char *)buf);\n"
    "  out[i] = i;\n"
    "}\n"
    "__kernel void one_writer(write_only image1d_buffer_t img, __global const float4 *buf,\n"
    "                         __global int *out) {\n"
    "  int i = get_global_id(0);\n"
    "  out[i] = (int)buf[0].y;\n"
    "  if (i == 0) write_imagef(img, 0, (float4)(0, 0, 0, 1));\n"
    "}\n"
    "__kernel void own_upper(write_only image1d_buffer_t img, __global const float4 *buf,\n"
    "                        __global int *out) {\n"
    "  int i = get_global_id(0), n = get_global_size(0);\n"
    "  write_imagef(img, i, (float4)(i, 0, 0, 1));\n"
    "  out[i] = (int)buf[n + i].x;\n"
    "}\n"
    "__kernel void through_view(write_only image2d_t img, read_only image2d_t view,\n"
    "                           __global int *out) {\n"
    "  int i = get_global_id(0), n = get_global_size(0), j = (i + 1) % n;\n"
    "  write_imagef(img, (int2)(i % 8, i / 8), (float4)(0.5f, 0.25f, 1.0f, 1.0f));\n"
    "  out[i] = (int)(255.0f * read_imagef(view, (int2)(j % 8, j / 8)).x + 0.5f);\n"
    "}\n"
    "__kernel void through_depth(write_only image2d_t img, read_only image2d_depth_t view,\n"
    "                            __global int *out) {\n"
    "  int i = get_global_id(0), n = get_global_size(0), j = (i + 1) % n;\n"
    "  write_imagef(img, (int2)(i % 8, i / 8), (float4)(0.5f, 0, 0, 1));\n"
    "  out[i] = (int)(64.0f * read_imagef(view, (int2)(j % 8, j / 8)));\n"
    "}\n"
    "__kernel void texels(write_only image1d_buffer_t img, __global const float4 *buf,\n"
    "                     __global int *out) {\n"
    "  int i = get_global_id(0);\n"
    "  write_imagef(img, i, (float4)(i, 0, 0, 1));\n"
    "  out[i] = i;\n"
    "}\n";

enum { N = 64 };

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  const int readBack = strcmp(mode, "--unfenced") == 0 || strcmp(mode, "--fenced") == 0;
  const char *kernel = readBack                            ? "read_back"
                       : strcmp(mode, "--same-item") == 0  ? "own"
                       : strcmp(mode, "--2d") == 0         ? "plane"
                       : strcmp(mode, "--read") == 0       ? "both_read"
                       : strcmp(mode, "--async-own") == 0  ? "copy_own"
                       : strcmp(mode, "--printf") == 0     ? "print_first"
                       : strcmp(mode, "--one-writer") == 0 ? "one_writer"
                       : strcmp(mode, "--sub-buffer") == 0 ? "own_upper"
                       : strcmp(mode, "--image-view") == 0 ? "through_view"
                       : strcmp(mode, "--same-image") == 0 ? "through_view"
                       : strcmp(mode, "--depth-view") == 0 ? "through_depth"
                       : strcmp(mode, "--launches") == 0   ? "texels"
                                                           : "neighbour";
  const char *options = strcmp(mode, "--fenced") == 0 ? "-cl-std=CL3.0 -DFENCED" : "-cl-std=CL3.0";
  App app = appFromSource(kSource, options, kernel);
  cl_int err;
  cl_mem out = clCreateBuffer(app.context, 0, N * sizeof(int), NULL, &err);
  check(err, "clCreateBuffer");
  cl_image_format format = {CL_RGBA, CL_FLOAT};
  cl_image_desc desc;
  memset(&desc, 0, sizeof desc);
  cl_mem image, buffer = NULL, view = NULL;
  const int sameImage = strcmp(mode, "--same-image") == 0;
  if (strcmp(mode, "--image-view") == 0 || sameImage) {
    /* Texel i of the image is (i, 2i, 3i, 255); the view reads its red channel as sRGB. */
    unsigned char texels[N * 4];
    for (int i = 0; i < N; ++i) {
      texels[4 * i] = (unsigned char)i;
      texels[4 * i + 1] = (unsigned char)(2 * i);
      texels[4 * i + 2] = (unsigned char)(3 * i);
      texels[4 * i + 3] = 255;
    }
    format.image_channel_data_type = CL_UNORM_INT8;
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = 8;
    desc.image_height = N / 8;
    image = clCreateImage(app.context, CL_MEM_COPY_HOST_PTR, &format, &desc, texels, &err);
    check(err, "clCreateImage");
    cl_image_format srgb = {CL_sRGBA, CL_UNORM_INT8};
    desc.mem_object = image;
    if (!sameImage) {
      view = clCreateImage(app.context, CL_MEM_READ_ONLY, &srgb, &desc, NULL, &err);
      check(err, "clCreateImage (view)");
    }
    check(clSetKernelArg(app.kernel, 0, sizeof image, &image), "clSetKernelArg");
    check(clSetKernelArg(app.kernel, 1, sizeof image, sameImage ? &image : &view),
          "clSetKernelArg");
    check(clSetKernelArg(app.kernel, 2, sizeof out, &out), "clSetKernelArg");
  } else if (strcmp(mode, "--depth-view") == 0) {
    /* Texel i of the image is i / 64; the view reads it as a depth value. */
    float texels[N];
    for (int i = 0; i < N; ++i) texels[i] = (float)i / N;
    cl_image_format red = {CL_R, CL_FLOAT}, depth = {CL_DEPTH, CL_FLOAT};
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = 8;
    desc.image_height = N / 8;
    image = clCreateImage(app.context, CL_MEM_COPY_HOST_PTR, &red, &desc, texels, &err);
    check(err, "clCreateImage");
    desc.mem_object = image;
    view = clCreateImage(app.context, CL_MEM_READ_ONLY, &depth, &desc, NULL, &err);
    check(err, "clCreateImage (depth view)");
    check(clSetKernelArg(app.kernel, 0, sizeof image, &image), "clSetKernelArg");
    check(clSetKernelArg(app.kernel, 1, sizeof view, &view), "clSetKernelArg");
    check(clSetKernelArg(app.kernel, 2, sizeof out, &out), "clSetKernelArg");
  } else if (readBack) {
    format.image_channel_data_type = CL_SIGNED_INT32;
    desc.image_type = CL_MEM_OBJECT_IMAGE1D;
    desc.image_width = N;
    image = clCreateImage(app.context, CL_MEM_READ_WRITE, &format, &desc, NULL, &err);
    check(err, "clCreateImage");
    check(clSetKernelArg(app.kernel, 0, sizeof image, &image), "clSetKernelArg");
    check(clSetKernelArg(app.kernel, 1, sizeof out, &out), "clSetKernelArg");
  } else {
    /* Element i of the buffer is texel i: (i, 10 + i, 0, 1). */
    float values[2 * N * 4];
    for (int i = 0; i < 2 * N; ++i) {
      values[4 * i] = (float)i;
      values[4 * i + 1] = (float)(10 + i);
      values[4 * i + 2] = 0.0f;
      values[4 * i + 3] = 1.0f;
    }
    if (strcmp(mode, "--launches") == 0) /* 1 MiB: its alias words a size of their own */
      buffer = clCreateBuffer(app.context, 0, 1 << 20, NULL, &err);
    else
      buffer = clCreateBuffer(app.context, CL_MEM_COPY_HOST_PTR, sizeof values, values, &err);
    check(err, "clCreateBuffer");
    if (strcmp(mode, "--2d") == 0) {
      desc.image_type = CL_MEM_OBJECT_IMAGE2D;
      desc.image_width = 8;
      desc.image_height = N / 8;
    } else {
      desc.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER;
      desc.image_width = N;
    }
    desc.buffer = buffer;
    if (strcmp(mode, "--sub-buffer") == 0) { /* the second half, N texels from texel N */
      cl_buffer_region half = {N * 4 * sizeof(float), N * 4 * sizeof(float)};
      view = clCreateSubBuffer(buffer, 0, CL_BUFFER_CREATE_TYPE_REGION, &half, &err);
      check(err, "clCreateSubBuffer");
      desc.buffer = view;
    }
    image = clCreateImage(app.context, 0, &format, &desc, NULL, &err);
    check(err, "clCreateImage");
    check(clSetKernelArg(app.kernel, 0, sizeof image, &image), "clSetKernelArg");
    check(clSetKernelArg(app.kernel, 1, sizeof buffer, &buffer), "clSetKernelArg");
    check(clSetKernelArg(app.kernel, 2, sizeof out, &out), "clSetKernelArg");
  }
  if (strcmp(mode, "--async-own") == 0) { /* one work-item per work-group */
    size_t global = N, local = 1;
    check(clEnqueueNDRangeKernel(app.queue, app.kernel, 1, NULL, &global, &local, 0, NULL, NULL),
          "clEnqueueNDRangeKernel");
    check(clFinish(app.queue), "clFinish");
  } else if (strcmp(mode, "--launches") == 0) {
    size_t global = N;
    check(clEnqueueNDRangeKernel(app.queue, app.kernel, 1, NULL, &global, NULL, 0, NULL, NULL),
          "clEnqueueNDRangeKernel");
    clReleaseKernel(app.kernel);
    app.kernel = clCreateKernel(app.program, "both_read", &err);
    check(err, "clCreateKernel");
    check(clSetKernelArg(app.kernel, 0, sizeof image, &image), "clSetKernelArg");
    check(clSetKernelArg(app.kernel, 1, sizeof buffer, &buffer), "clSetKernelArg");
    check(clSetKernelArg(app.kernel, 2, sizeof out, &out), "clSetKernelArg");
    runAndPrintLast(&app, N, out);
  } else {
    runAndPrintLast(&app, N, out);
  }
  clReleaseMemObject(image);
  if (view) clReleaseMemObject(view);
  if (buffer) clReleaseMemObject(buffer);
  clReleaseMemObject(out);
  appRelease(&app);
  return 0;
}
