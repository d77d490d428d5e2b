// pocl_run FILE.sim [LAUNCHES]: runs an Oclgrind simulator file on the first
// OpenCL platform (PoCL), LAUNCHES times (default 1), and prints the wall time
// of build + launches in seconds. Supports the argument forms gen.py writes.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

static void check(cl_int err, const char *what) {
  if (err != CL_SUCCESS) { std::fprintf(stderr, "%s failed: %d\n", what, err); std::exit(1); }
}

int main(int argc, char **argv) {
  if (argc < 2) { std::fprintf(stderr, "usage: pocl_run FILE.sim [LAUNCHES]\n"); return 2; }
  int launches = argc > 2 ? std::atoi(argv[2]) : 1;
  std::ifstream sim(argv[1]);
  std::string src, name;
  size_t g[3], l[3];
  sim >> src >> name >> g[0] >> g[1] >> g[2] >> l[0] >> l[1] >> l[2];
  std::string dir(argv[1]);
  dir = dir.find('/') == std::string::npos ? "" : dir.substr(0, dir.rfind('/') + 1);
  std::stringstream code;
  code << std::ifstream(dir + src).rdbuf();
  std::string text = code.str();

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

  std::string tok;
  cl_uint idx = 0;
  std::vector<cl_mem> mems;
  while (sim >> tok) {          // one argument: <size=N [type] [fill=v|range=a:b:c] [dump]>
    std::string desc = tok;
    while (desc.back() != '>' && sim >> tok) desc += " " + tok;
    size_t size = std::strtoul(desc.c_str() + 6, nullptr, 10);
    bool isFloat = desc.find("float") != std::string::npos;
    bool isUint = desc.find("uint") != std::string::npos;
    if (size == 4 && (isFloat || isUint) && desc.find("fill") == std::string::npos &&
        desc.find("range") == std::string::npos) {     // scalar, value on the next line
      double v; sim >> v;
      float f = (float)v; cl_uint u = (cl_uint)v;
      check(clSetKernelArg(k, idx++, 4, isFloat ? (const void *)&f : (const void *)&u), "arg");
    } else if (!isFloat && !isUint) {                   // __local
      check(clSetKernelArg(k, idx++, size, nullptr), "local arg");
    } else {
      std::vector<char> data(size, 0);
      size_t n = size / 4;
      double a = 0, step = 0;
      const char *p;
      if ((p = std::strstr(desc.c_str(), "fill="))) a = std::strtod(p + 5, nullptr);
      if ((p = std::strstr(desc.c_str(), "range="))) {
        char *e; a = std::strtod(p + 6, &e); step = std::strtod(e + 1, nullptr);
      }
      for (size_t i = 0; i < n; ++i) {
        double v = a + step * (double)i;
        if (isFloat) { float f = (float)v; std::memcpy(&data[4 * i], &f, 4); }
        else { cl_uint u = (cl_uint)v; std::memcpy(&data[4 * i], &u, 4); }
      }
      cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, size, data.data(), &err);
      check(err, "clCreateBuffer");
      mems.push_back(m);
      check(clSetKernelArg(k, idx++, sizeof m, &m), "buffer arg");
    }
  }
  for (int i = 0; i < launches; ++i)
    check(clEnqueueNDRangeKernel(q, k, 3, nullptr, g, l, 0, nullptr, nullptr), "enqueue");
  check(clFinish(q), "clFinish");
  auto t1 = std::chrono::steady_clock::now();
  std::printf("%.3f\n", std::chrono::duration<double>(t1 - t0).count());
  for (cl_mem m : mems) clReleaseMemObject(m);
  clReleaseKernel(k); clReleaseProgram(prog); clReleaseCommandQueue(q); clReleaseContext(ctx);
  return 0;
}
