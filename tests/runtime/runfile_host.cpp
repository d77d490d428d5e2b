// A host program that runs run files through OpenCL: for each run file, the
// launches run once as `spvsim run` runs them (runfile/ + launchKernel) and
// once through the ICD loader on spvsim's platform (programs from IL, buffers
// and images from the run file's initial contents, samplers, arguments, launches
// in order); every buffer and image must end up with the same bytes, and printf
// must print the same text
// (the runtime's, on standard output, is caught in a file). The bench/ kernels
// are its input.
//
// usage: runfile_host FILE.json...
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <unistd.h>
#include <vector>

#include "spvsim/interpreter/global_memory.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/runfile/bind.h"
#include "spvsim/runfile/image_spec.h"
#include "spvsim/runfile/run_buffers.h"
#include "spvsim/runfile/run_spec.h"
#include "spvsim/validator/device.h"
#include "spvsim/validator/loader.h"
#include "spvsim/validator/validator.h"

namespace {

using namespace spvsim;
using namespace spvsim::runfile;

void check(cl_int err, const std::string &what) {
  if (err != CL_SUCCESS) throw std::runtime_error(what + " failed: " + std::to_string(err));
}

/// What a run leaves: the buffers by name, and what printf printed.
struct Results {
  std::map<std::string, std::vector<std::byte>> buffers;
  std::string printed;
};

/// Standard output goes to a temporary file while it lives; `text()` is what was written.
class CaughtOutput {
public:
  CaughtOutput() : file_(std::tmpfile()) {
    if (!file_) throw std::runtime_error("cannot create a temporary file");
    std::fflush(stdout);
    saved_ = dup(1);
    dup2(fileno(file_), 1);
  }
  ~CaughtOutput() { restore(), std::fclose(file_); }
  CaughtOutput(const CaughtOutput &) = delete;
  CaughtOutput &operator=(const CaughtOutput &) = delete;

  std::string text() {
    restore();
    std::string out;
    std::rewind(file_);
    for (int c; (c = std::fgetc(file_)) != EOF;) out += static_cast<char>(c);
    return out;
  }

private:
  void restore() {
    if (saved_ < 0) return;
    std::fflush(stdout);
    dup2(saved_, 1);
    close(saved_);
    saved_ = -1;
  }
  std::FILE *file_;
  int saved_ = -1;
};

/// The buffers after `spvsim run`'s way of running the file.
Results runDirectly(const RunSpec &spec, const std::vector<BoundLaunch> &launches,
                    const SpecConstants &constants, const ValidatedModule &module) {
  GlobalMemory memory;
  RunBuffers buffers(spec, memory);
  FindingSink sink;
  ExecOptions exec;
  Results out;
  exec.threads = 2;
  exec.printfSink = [&out](std::string_view text) { out.printed += text; };
  for (const BoundLaunch &launch : launches) {
    std::vector<ArgBinding> args;
    for (const ArgSpec &a : launch.args) args.push_back(buffers.binding(a));
    launchKernel(module, launch.kernel, launch.range, args, constants, memory, sink, exec);
  }
  for (const BufferSpec &b : spec.buffers) {
    auto bytes = memory.bytes(buffers.id(b.name));
    out.buffers[b.name].assign(bytes.begin(), bytes.end());
  }
  for (const ImageSpec &i : spec.images) {
    auto bytes = memory.bytes(buffers.imageId(i.name)).first(i.size());
    out.buffers[i.name].assign(bytes.begin(), bytes.end());
  }
  return out;
}

/// The same through OpenCL.
Results runThroughOpenCL(const RunSpec &spec, const std::vector<BoundLaunch> &launches,
                         const SpecConstants &constants, const std::vector<char> &il) {
  cl_platform_id platforms[16];
  cl_uint count = 0;
  check(clGetPlatformIDs(16, platforms, &count), "clGetPlatformIDs");
  cl_platform_id platform = nullptr;
  for (cl_uint i = 0; i < count && i < 16; ++i) {
    char name[64] = {};
    clGetPlatformInfo(platforms[i], CL_PLATFORM_NAME, sizeof name, name, nullptr);
    if (std::string(name) == "spvsim") platform = platforms[i];
  }
  if (!platform) throw std::runtime_error("spvsim's platform is not listed");
  cl_device_id device;
  check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr), "clGetDeviceIDs");
  cl_int err;
  cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  check(err, "clCreateContext");
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, nullptr, &err);
  check(err, "clCreateCommandQueueWithProperties");
  cl_program program = clCreateProgramWithIL(context, il.data(), il.size(), &err);
  check(err, "clCreateProgramWithIL");
  for (const auto &[id, bits] : constants) {
    // The constant's own size: try the sizes OpenCL allows until one is accepted.
    cl_int set = CL_INVALID_VALUE;
    for (size_t size : {size_t(4), size_t(8), size_t(2), size_t(1)})
      if ((set = clSetProgramSpecializationConstant(program, id, size, &bits)) == CL_SUCCESS) break;
    check(set, "clSetProgramSpecializationConstant");
  }
  check(clBuildProgram(program, 1, &device, nullptr, nullptr, nullptr), "clBuildProgram");

  std::map<std::string, cl_mem> mems;
  for (const BufferSpec &b : spec.buffers) {
    std::vector<std::byte> init = initialContents(b.type, b.count, b.init, b.path());
    mems[b.name] = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, init.size(), init.data(), &err);
    check(err, "clCreateBuffer " + b.name);
  }
  // Images with their pitches, from their contents as `spvsim run` writes them.
  std::map<std::string, std::vector<std::byte>> imageBytes;
  for (const ImageSpec &i : spec.images) {
    std::vector<std::byte> &bytes = imageBytes[i.name];
    bytes.assign(i.size(), std::byte{0});
    writeImageContents(i, i.init, i.path() + ".init", bytes);
    const ImageDescription &d = i.image;
    const cl_image_format format{d.format.order, d.format.type};
    cl_image_desc desc{};
    desc.image_type = d.type == ImageType::Image1D         ? CL_MEM_OBJECT_IMAGE1D
                      : d.type == ImageType::Image1DBuffer ? CL_MEM_OBJECT_IMAGE1D_BUFFER
                      : d.type == ImageType::Image1DArray  ? CL_MEM_OBJECT_IMAGE1D_ARRAY
                      : d.type == ImageType::Image2D       ? CL_MEM_OBJECT_IMAGE2D
                      : d.type == ImageType::Image2DArray  ? CL_MEM_OBJECT_IMAGE2D_ARRAY
                                                           : CL_MEM_OBJECT_IMAGE3D;
    desc.image_width = d.width, desc.image_height = d.height, desc.image_depth = d.depth;
    desc.image_array_size = d.arraySize;
    const bool rows = d.type != ImageType::Image1D && d.type != ImageType::Image1DBuffer &&
                      d.type != ImageType::Image1DArray;
    const bool slices = d.type == ImageType::Image3D || d.type == ImageType::Image2DArray ||
                        d.type == ImageType::Image1DArray;
    desc.image_row_pitch = rows ? d.rowPitch : 0;
    desc.image_slice_pitch = slices ? d.slicePitch : 0;
    const cl_mem_flags access = i.access == BufferAccess::ReadOnly    ? CL_MEM_READ_ONLY
                                : i.access == BufferAccess::WriteOnly ? CL_MEM_WRITE_ONLY
                                                                      : CL_MEM_READ_WRITE;
    mems[i.name] =
        clCreateImage(context, access | CL_MEM_COPY_HOST_PTR, &format, &desc, bytes.data(), &err);
    check(err, "clCreateImage " + i.name);
  }
  std::vector<cl_sampler> samplers;
  std::map<std::string, cl_kernel> kernels;
  std::vector<cl_mem> subBuffers;
  Results out;
  CaughtOutput printed;
  for (const BoundLaunch &launch : launches) {
    cl_kernel &k = kernels[launch.kernel];
    if (!k) {
      k = clCreateKernel(program, launch.kernel.c_str(), &err);
      check(err, "clCreateKernel " + launch.kernel);
    }
    for (size_t i = 0; i < launch.args.size(); ++i) {
      const ArgSpec &a = launch.args[i];
      const cl_uint index = static_cast<cl_uint>(i);
      switch (a.kind) {
      case ArgSpec::Kind::Buffer: {
        cl_mem m = mems.at(a.buffer);
        if (a.subBuffer) {
          cl_buffer_region region{a.offset, a.size};
          m = clCreateSubBuffer(m, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
          check(err, "clCreateSubBuffer");
          subBuffers.push_back(m);
        }
        check(clSetKernelArg(k, index, sizeof m, &m), a.path);
        break;
      }
      case ArgSpec::Kind::Local:
        check(clSetKernelArg(k, index, a.localSize, nullptr), a.path);
        break;
      case ArgSpec::Kind::Scalar:
      case ArgSpec::Kind::Struct:
        check(clSetKernelArg(k, index, a.bytes.size(), a.bytes.data()), a.path);
        break;
      case ArgSpec::Kind::Null:
        check(clSetKernelArg(k, index, sizeof(cl_mem), nullptr), a.path);
        break;
      case ArgSpec::Kind::Sampler: {
        const uint32_t bits = a.samplerBits;
        const uint32_t mode = bits & sampler_bits::kAddressMask;
        const cl_sampler_properties normalized =
            (bits & sampler_bits::kNormalized) ? CL_TRUE : CL_FALSE;
        const cl_sampler_properties addressing =
            mode == sampler_bits::kAddressNone          ? CL_ADDRESS_NONE
            : mode == sampler_bits::kAddressClampToEdge ? CL_ADDRESS_CLAMP_TO_EDGE
            : mode == sampler_bits::kAddressClamp       ? CL_ADDRESS_CLAMP
            : mode == sampler_bits::kAddressRepeat      ? CL_ADDRESS_REPEAT
                                                        : CL_ADDRESS_MIRRORED_REPEAT;
        const cl_sampler_properties filter =
            (bits & sampler_bits::kFilterMask) == sampler_bits::kFilterLinear ? CL_FILTER_LINEAR
                                                                              : CL_FILTER_NEAREST;
        const cl_sampler_properties properties[] = {CL_SAMPLER_NORMALIZED_COORDS,
                                                    normalized,
                                                    CL_SAMPLER_ADDRESSING_MODE,
                                                    addressing,
                                                    CL_SAMPLER_FILTER_MODE,
                                                    filter,
                                                    0};
        cl_sampler sampler = clCreateSamplerWithProperties(context, properties, &err);
        check(err, "clCreateSamplerWithProperties");
        samplers.push_back(sampler);
        check(clSetKernelArg(k, index, sizeof sampler, &sampler), a.path);
        break;
      }
      case ArgSpec::Kind::Image: {
        cl_mem m = mems.at(a.image);
        check(clSetKernelArg(k, index, sizeof m, &m), a.path);
        break;
      }
      }
    }
    size_t global[3], offset[3], local[3];
    for (int d = 0; d < 3; ++d) {
      global[d] = launch.range.global[d];
      offset[d] = launch.range.offset[d];
      local[d] = (*launch.range.local)[d];
    }
    check(clEnqueueNDRangeKernel(queue, k, launch.range.dims, offset, global, local, 0, nullptr,
                                 nullptr),
          "clEnqueueNDRangeKernel " + launch.kernel);
  }
  for (const BufferSpec &b : spec.buffers) {
    std::vector<std::byte> &bytes = out.buffers[b.name];
    bytes.resize(b.size());
    check(clEnqueueReadBuffer(queue, mems[b.name], CL_TRUE, 0, bytes.size(), bytes.data(), 0,
                              nullptr, nullptr),
          "clEnqueueReadBuffer " + b.name);
  }
  for (const ImageSpec &i : spec.images) {
    // Read into the initial bytes: the pitches' padding keeps them, as in `spvsim run`.
    std::vector<std::byte> &bytes = out.buffers[i.name] = imageBytes[i.name];
    const ImageDescription &d = i.image;
    const size_t origin[3] = {0, 0, 0};
    const size_t region[3] = {d.width, d.type == ImageType::Image1DArray ? d.arraySize : d.height,
                              d.type == ImageType::Image2DArray ? d.arraySize : d.depth};
    // OpenCL API §5.3.3: a row pitch for images with rows, a slice pitch for 3D images
    // and arrays (a 1D array's layers are its slices).
    const bool rows = d.type == ImageType::Image2D || d.type == ImageType::Image2DArray ||
                      d.type == ImageType::Image3D;
    const bool slices = d.type == ImageType::Image3D || d.type == ImageType::Image2DArray ||
                        d.type == ImageType::Image1DArray;
    check(clEnqueueReadImage(queue, mems[i.name], CL_TRUE, origin, region, rows ? d.rowPitch : 0,
                             slices ? d.slicePitch : 0, bytes.data(), 0, nullptr, nullptr),
          "clEnqueueReadImage " + i.name);
  }
  check(clFinish(queue), "clFinish");
  out.printed = printed.text();
  for (cl_mem m : subBuffers) clReleaseMemObject(m);
  for (cl_sampler s : samplers) clReleaseSampler(s);
  for (auto &[name, m] : mems) clReleaseMemObject(m);
  for (auto &[name, k] : kernels) clReleaseKernel(k);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  return out;
}

bool sameResults(const std::string &file) {
  const RunSpec spec = parseRunFile(file);
  std::ifstream in(spec.module, std::ios::binary);
  std::vector<char> il((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::shared_ptr<const Module> loaded = loadFile(spec.module.string());
  const SpecConstants constants = bindSpecConstants(spec, specConstantTypes(*loaded));
  ValidationOptions options;
  options.specConstants = constants;
  ValidationResult validation = validate(loaded, DeviceDescription::spvsim(), options);
  if (!validation.ok()) throw std::runtime_error(file + ": the module does not validate");
  const std::vector<KernelSignature> signatures = kernelSignatures(*validation.module);
  const std::vector<BoundLaunch> launches =
      bindLaunches(spec, signatures, [](uint32_t dims, const std::array<uint64_t, 3> &global) {
        return chooseLocalSize(dims, global, 32);
      });
  auto direct = runDirectly(spec, launches, constants, *validation.module);
  auto opencl = runThroughOpenCL(spec, launches, constants, il);
  bool same = true;
  for (const auto &[name, bytes] : direct.buffers) {
    if (bytes != opencl.buffers[name]) {
      std::fprintf(stderr, "%s: buffer '%s' differs between spvsim run and OpenCL\n", file.c_str(),
                   name.c_str());
      same = false;
    }
  }
  if (direct.printed != opencl.printed) {
    std::fprintf(stderr, "%s: printf printed %zu bytes through spvsim run, %zu through OpenCL\n",
                 file.c_str(), direct.printed.size(), opencl.printed.size());
    same = false;
  }
  std::printf("%s: %zu launches, %zu buffers, %zu bytes of printf output %s\n", file.c_str(),
              launches.size(), direct.buffers.size(), direct.printed.size(),
              same ? "identical" : "DIFFERENT");
  return same;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: runfile_host FILE.json...\n");
    return 2;
  }
  int failures = 0;
  for (int i = 1; i < argc; ++i) {
    try {
      failures += !sameResults(argv[i]);
    } catch (const std::exception &e) {
      std::fprintf(stderr, "%s: %s\n", argv[i], e.what());
      ++failures;
    }
  }
  return failures ? 1 : 0;
}
