/* The ICD dispatch table (cl_khr_icd): every object starts with a pointer to
 * it, and each of its entries is the library's own entry point of that name,
 * so a program sees the same behaviour through the loader as linked directly. */
#include "harness.h"

#include <CL/cl_icd.h>
#include <dlfcn.h>

int main(void) {
  cl_platform_id platform;
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  spvsimContext(&device, &context, &queue);
  clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof platform, &platform, NULL);
  const cl_icd_dispatch *table = *(const cl_icd_dispatch *const *)platform;
  CHECK(*(const cl_icd_dispatch *const *)device == table);
  CHECK(*(const cl_icd_dispatch *const *)context == table);
  CHECK(*(const cl_icd_dispatch *const *)queue == table);

  /* Each entry is the exported function of its name. */
  void *self = dlopen(NULL, RTLD_NOW);
  REQUIRE(self != NULL);
  size_t filled = 0, checked = 0;
#define ENTRY(name)                                                                                \
  do {                                                                                             \
    void *exported = dlsym(self, #name);                                                           \
    if (table->name) ++filled;                                                                     \
    if (exported) {                                                                                \
      ++checked;                                                                                   \
      if ((void *)table->name != exported) {                                                       \
        fprintf(stderr, "dispatch entry %s is not the exported %s\n", #name, #name);               \
        ++failures;                                                                                \
      }                                                                                            \
    } else if (table->name) {                                                                      \
      fprintf(stderr, "dispatch entry %s is set but %s is not exported\n", #name, #name);          \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)
#include "dispatch_entries.h"
#undef ENTRY
  printf("%zu dispatch entries set, %zu checked against exported symbols\n", filled, checked);
  CHECK(filled >= 130);

  /* The cl_khr_icd entry points. */
  cl_uint n = 0;
  clIcdGetPlatformIDsKHR_fn icd =
      (clIcdGetPlatformIDsKHR_fn)clGetExtensionFunctionAddressForPlatform(platform,
                                                                          "clIcdGetPlatformIDsKHR");
  REQUIRE(icd != NULL);
  cl_platform_id p;
  OK(icd(1, &p, &n));
  CHECK(n == 1 && p == platform);
  CHECK(clGetExtensionFunctionAddress("clCreateProgramWithILKHR") != NULL);
  CHECK(clGetExtensionFunctionAddressForPlatform(platform, "clGetKernelSubGroupInfoKHR") != NULL);
  CHECK(clGetExtensionFunctionAddressForPlatform(platform, "clNoSuchFunction") == NULL);
  CHECK(clGetExtensionFunctionAddressForPlatform(NULL, "clIcdGetPlatformIDsKHR") == NULL);
  char suffix[32];
  OK(clGetPlatformInfo(platform, CL_PLATFORM_ICD_SUFFIX_KHR, sizeof suffix, suffix, NULL));
  CHECK(strcmp(suffix, "spvsim") == 0);

  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  return finish("dispatch");
}
