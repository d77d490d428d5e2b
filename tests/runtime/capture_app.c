/* Launches whose captures tests/runtime/capture_replay.sh replays: a
 * sub-buffer, a read-only buffer, __constant and __local arguments, scalar,
 * vector and struct arguments, a 2-D range with an offset, a second launch
 * that reads what the first wrote, a sampler argument, an image read through it
 * and a pitched image a kernel writes (run-file images). Run under
 * `spvsim exec --capture`. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

static const char *kSource =
    "typedef struct { int bias; float scale; } Params;\n"
    "__kernel void mix(__global float *out, __global const float *in, __constant float *weights,\n"
    "                  __local float *scratch, float4 v, Params p) {\n"
    "  int i = get_global_id(0), l = get_local_id(0);\n"
    "  scratch[l] = in[i] * weights[l % 4];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  out[i] = scratch[get_local_size(0) - 1 - l] * p.scale + p.bias + v.z;\n"
    "}\n"
    "__kernel void grid(__global float *data, uint width) {\n"
    "  size_t x = get_global_id(0), y = get_global_id(1);\n"
    "  data[y * width + x] = data[y * width + x] * 2.0f + (float)(x - get_global_offset(0));\n"
    "}\n"
    "__kernel void sampled(__global float *data, sampler_t s) { data[get_global_id(0)] += 1.0f; }\n"
    "__kernel void pixels(__global float *data, read_only image2d_t img, sampler_t s) {\n"
    "  data[get_global_id(0)] = read_imagef(img, s, (int2)(get_global_id(0), 0)).x;\n"
    "}\n"
    "__kernel void paint(__global const float *data, write_only image2d_t img) {\n"
    "  int x = get_global_id(0), y = get_global_id(1);\n"
    "  write_imagef(img, (int2)(x, y), (float4)(data[x] / 8.0f, y / 2.0f, 0.25f, 1.0f));\n"
    "}\n";

static void check(cl_int err, const char *what) {
  if (err != CL_SUCCESS) {
    fprintf(stderr, "%s failed: %d\n", what, err);
    exit(10);
  }
}

typedef struct {
  cl_int bias;
  cl_float scale;
} Params;

int main(void) {
  cl_platform_id platform;
  cl_device_id device;
  cl_int err;
  check(clGetPlatformIDs(1, &platform, NULL), "clGetPlatformIDs");
  check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL), "clGetDeviceIDs");
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, NULL, &err);
  cl_program program = clCreateProgramWithSource(context, 1, &kSource, NULL, &err);
  check(clBuildProgram(program, 1, &device, NULL, NULL, NULL), "clBuildProgram");
  cl_kernel mix = clCreateKernel(program, "mix", &err);
  cl_kernel grid = clCreateKernel(program, "grid", &err);
  check(err, "clCreateKernel");

  enum { N = 256 };
  float host[N], weights[4] = {0.5f, 1.5f, -2.0f, 3.0f};
  for (int i = 0; i < N; ++i) host[i] = (float)i * 0.25f - 7.0f;
  cl_mem in =
      clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof host, host, &err);
  cl_mem w = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof weights,
                            weights, &err);
  cl_mem whole = clCreateBuffer(context, 0, 2 * N * sizeof(float), NULL, &err);
  const float minusOne = -1.0f;
  check(clEnqueueFillBuffer(queue, whole, &minusOne, sizeof minusOne, 0, 2 * N * sizeof(float), 0,
                            NULL, NULL),
        "fill");
  cl_buffer_region region = {128 * sizeof(float), N * sizeof(float)};
  cl_mem out = clCreateSubBuffer(whole, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
  check(err, "clCreateSubBuffer");
  cl_float4 v = {{1, 2, 3, 4}};
  Params p = {5, 0.5f};
  check(clSetKernelArg(mix, 0, sizeof out, &out), "arg 0");
  check(clSetKernelArg(mix, 1, sizeof in, &in), "arg 1");
  check(clSetKernelArg(mix, 2, sizeof w, &w), "arg 2");
  check(clSetKernelArg(mix, 3, 32 * sizeof(float), NULL), "arg 3");
  check(clSetKernelArg(mix, 4, sizeof v, &v), "arg 4");
  check(clSetKernelArg(mix, 5, sizeof p, &p), "arg 5");
  const size_t n = N, local = 32;
  check(clEnqueueNDRangeKernel(queue, mix, 1, NULL, &n, &local, 0, NULL, NULL), "mix");

  /* The 2-D launch works on the result of the first. */
  const cl_uint width = 32;
  const size_t global2[2] = {32, 16}, offset2[2] = {0, 0}, local2[2] = {8, 4};
  check(clSetKernelArg(grid, 0, sizeof whole, &whole), "grid arg 0");
  check(clSetKernelArg(grid, 1, sizeof width, &width), "grid arg 1");
  check(clEnqueueNDRangeKernel(queue, grid, 2, offset2, global2, local2, 0, NULL, NULL), "grid");
  const size_t offsetX[2] = {3, 0}, global3[2] = {16, 8};
  check(clEnqueueNDRangeKernel(queue, grid, 2, offsetX, global3, NULL, 0, NULL, NULL), "grid");
  /* A sampler argument is captured as a run-file sampler, an image as a run-file image. */
  const cl_sampler_properties nearest[] = {CL_SAMPLER_NORMALIZED_COORDS, CL_FALSE, 0};
  cl_sampler sampler = clCreateSamplerWithProperties(context, nearest, &err);
  check(err, "clCreateSamplerWithProperties");
  cl_kernel sampled = clCreateKernel(program, "sampled", &err);
  check(err, "clCreateKernel sampled");
  check(clSetKernelArg(sampled, 0, sizeof whole, &whole), "sampled arg 0");
  check(clSetKernelArg(sampled, 1, sizeof sampler, &sampler), "sampled arg 1");
  check(clEnqueueNDRangeKernel(queue, sampled, 1, NULL, &n, NULL, 0, NULL, NULL), "sampled");
  cl_image_format format = {CL_R, CL_FLOAT};
  cl_image_desc desc = {0};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = 4;
  desc.image_height = 1;
  const float texels[4] = {1, 2, 3, 4};
  cl_mem image = clCreateImage(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &format, &desc,
                               (void *)texels, &err);
  check(err, "clCreateImage");
  cl_kernel pixels = clCreateKernel(program, "pixels", &err);
  check(err, "clCreateKernel pixels");
  check(clSetKernelArg(pixels, 0, sizeof whole, &whole), "pixels arg 0");
  check(clSetKernelArg(pixels, 1, sizeof image, &image), "pixels arg 1");
  check(clSetKernelArg(pixels, 2, sizeof sampler, &sampler), "pixels arg 2");
  const size_t four = 4;
  check(clEnqueueNDRangeKernel(queue, pixels, 1, NULL, &four, NULL, 0, NULL, NULL), "pixels");
  check(clFinish(queue), "clFinish");
  float first[4];
  check(clEnqueueReadBuffer(queue, whole, CL_TRUE, 0, sizeof first, first, 0, NULL, NULL), "read");
  if (first[0] != 1.0f || first[3] != 4.0f) {
    fprintf(stderr, "pixels read %g %g, expected 1 4\n", first[0], first[3]);
    return 11;
  }
  /* An RGBA image with a row pitch of 24 bytes (4 texels and 8 bytes of padding a row),
   * created with contents, written: its padding keeps its bytes. */
  cl_image_format rgba = {CL_RGBA, CL_UNORM_INT8};
  cl_image_desc pitched = {0};
  pitched.image_type = CL_MEM_OBJECT_IMAGE2D;
  pitched.image_width = 4;
  pitched.image_height = 3;
  pitched.image_row_pitch = 24;
  unsigned char canvas[72];
  for (int i = 0; i < 72; ++i) canvas[i] = (unsigned char)(i * 7);
  cl_mem painted = clCreateImage(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &rgba, &pitched,
                                 canvas, &err);
  check(err, "clCreateImage painted");
  cl_kernel paint = clCreateKernel(program, "paint", &err);
  check(err, "clCreateKernel paint");
  check(clSetKernelArg(paint, 0, sizeof whole, &whole), "paint arg 0");
  check(clSetKernelArg(paint, 1, sizeof painted, &painted), "paint arg 1");
  const size_t area[2] = {4, 3};
  check(clEnqueueNDRangeKernel(queue, paint, 2, NULL, area, NULL, 0, NULL, NULL), "paint");
  check(clFinish(queue), "clFinish");
  printf("6 launches\n");
  clReleaseKernel(paint);
  clReleaseMemObject(painted);
  clReleaseKernel(sampled);
  clReleaseKernel(pixels);
  clReleaseMemObject(image);
  clReleaseSampler(sampler);
  clReleaseMemObject(out);
  clReleaseMemObject(whole);
  clReleaseMemObject(in);
  clReleaseMemObject(w);
  clReleaseKernel(mix);
  clReleaseKernel(grid);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  return 0;
}
