// blur_host KERNEL WIDTH: runs one kernel of blur.cl (blur, blur_nearest or blur_buffer)
// over a WIDTH × WIDTH CL_RGBA/CL_FLOAT image of random texels on the first OpenCL
// platform, or on Oclgrind as `oclgrind blur_host ...`, checks every output channel
// against the Gaussian computed in double on the host (within 1e-5) and prints the wall
// time of build + launch + read-back in seconds. Used by run.sh for the image columns,
// since Oclgrind's .sim files and pocl_run.cpp have no image arguments.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

static void check(cl_int err, const char *what) {
  if (err != CL_SUCCESS) { std::fprintf(stderr, "%s failed: %d\n", what, err); std::exit(1); }
}

int main(int argc, char **argv) {
  if (argc < 3) { std::fprintf(stderr, "usage: blur_host KERNEL WIDTH\n"); return 2; }
  const std::string name = argv[1];
  const size_t w = std::strtoul(argv[2], nullptr, 10);
  std::stringstream code;
  code << std::ifstream(std::string(BLUR_CL)).rdbuf();
  const std::string text = code.str();
  std::vector<float> in(w * w * 4), out(w * w * 4);
  std::mt19937 engine(1);
  std::uniform_real_distribution<float> dist(0.0f, 1.0f);
  for (float &v : in) v = dist(engine);

  auto t0 = std::chrono::steady_clock::now();
  cl_platform_id plat; cl_device_id dev; cl_int err;
  check(clGetPlatformIDs(1, &plat, nullptr), "clGetPlatformIDs");
  check(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, nullptr), "clGetDeviceIDs");
  cl_context ctx = clCreateContext(nullptr, 1, &dev, nullptr, nullptr, &err);
  check(err, "clCreateContext");
  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
  check(err, "clCreateCommandQueue");
  const char *s = text.c_str();
  cl_program prog = clCreateProgramWithSource(ctx, 1, &s, nullptr, &err);
  check(err, "clCreateProgramWithSource");
  check(clBuildProgram(prog, 1, &dev, "", nullptr, nullptr), "clBuildProgram");
  cl_kernel k = clCreateKernel(prog, name.c_str(), &err);
  check(err, "clCreateKernel");

  const cl_image_format format{CL_RGBA, CL_FLOAT};
  cl_image_desc desc{};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = w;
  desc.image_height = w;
  const size_t bytes = in.size() * sizeof(float);
  cl_mem src = name == "blur_buffer"
                   ? clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes,
                                    in.data(), &err)
                   : clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &format,
                                   &desc, in.data(), &err);
  check(err, "source");
  cl_mem dst = name == "blur" ? clCreateImage(ctx, CL_MEM_WRITE_ONLY, &format, &desc, nullptr,
                                              &err)
                              : clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, bytes, nullptr, &err);
  check(err, "destination");
  const cl_uint width = (cl_uint)w;
  check(clSetKernelArg(k, 0, sizeof src, &src), "arg 0");
  check(clSetKernelArg(k, 1, sizeof dst, &dst), "arg 1");
  if (name != "blur") check(clSetKernelArg(k, 2, sizeof width, &width), "arg 2");
  if (name == "blur_buffer") check(clSetKernelArg(k, 3, sizeof width, &width), "arg 3");
  const size_t global[2] = {w, w}, local[2] = {16, 16};
  check(clEnqueueNDRangeKernel(q, k, 2, nullptr, global, local, 0, nullptr, nullptr), "launch");
  if (name == "blur") {
    const size_t origin[3] = {0, 0, 0}, region[3] = {w, w, 1};
    check(clEnqueueReadImage(q, dst, CL_TRUE, origin, region, 0, 0, out.data(), 0, nullptr,
                             nullptr), "read");
  } else {
    check(clEnqueueReadBuffer(q, dst, CL_TRUE, 0, bytes, out.data(), 0, nullptr, nullptr),
          "read");
  }
  auto t1 = std::chrono::steady_clock::now();

  const int weight[3] = {1, 2, 1};
  for (size_t y = 0; y < w; ++y)
    for (size_t x = 0; x < w; ++x)
      for (int c = 0; c < 4; ++c) {
        double want = 0;
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx) {
            const long sx = std::clamp<long>((long)x + dx, 0, (long)w - 1);
            const long sy = std::clamp<long>((long)y + dy, 0, (long)w - 1);
            want += weight[dx + 1] * weight[dy + 1] * in[(sy * w + sx) * 4 + c] / 16.0;
          }
        if (std::fabs(out[(y * w + x) * 4 + c] - want) > 1e-5) {
          std::fprintf(stderr, "%s: texel (%zu, %zu) channel %d is %g, the Gaussian %g\n",
                       name.c_str(), x, y, c, out[(y * w + x) * 4 + c], want);
          return 1;
        }
      }
  std::printf("%.3f\n", std::chrono::duration<double>(t1 - t0).count());
  return 0;
}
