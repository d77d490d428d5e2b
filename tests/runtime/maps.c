/* Mapping buffers (OpenCL API §5.2.4, §5.5.3, §5.5.4): mapped regions give the
 * host the buffer's bytes, CL_MEM_USE_HOST_PTR maps inside the host's memory,
 * map counts, and kernels that touch a mapped or released buffer are reported
 * (access.mapped, access.released) without touching it. */
#include "harness.h"

static const char *kSource = "__kernel void fill(__global int *data, int value) {\n"
                             "  data[get_global_id(0)] = value;\n"
                             "}\n";

static char reportPath[512];

static char *report(void) {
  return reportText(reportPath);
}

int main(void) {
  snprintf(reportPath, sizeof reportPath, "%s/maps-report.json", SPVSIM_TEST_BINARY_DIR);
  remove(reportPath);
  setenv("SPVSIM_REPORT", reportPath, 1);
  setenv("SPVSIM_QUIET", "1", 1); /* the findings below are expected */

  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  spvsimContext(&device, &context, &queue);
  cl_program program = buildSource(context, device, kSource, "");
  cl_int err;
  cl_kernel fill = clCreateKernel(program, "fill", &err);
  OK(err);

  /* Map for writing, write through the pointer, read back. */
  cl_mem buffer = clCreateBuffer(context, 0, 64 * sizeof(int), NULL, &err);
  int *p = (int *)clEnqueueMapBuffer(queue, buffer, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0,
                                     64 * sizeof(int), 0, NULL, NULL, &err);
  OK(err);
  REQUIRE(p != NULL);
  for (int i = 0; i < 64; ++i) p[i] = i * i;
  cl_uint count = 0;
  OK(clGetMemObjectInfo(buffer, CL_MEM_MAP_COUNT, sizeof count, &count, NULL));
  CHECK(count == 1);
  OK(clEnqueueUnmapMemObject(queue, buffer, p, 0, NULL, NULL));
  OK(clFinish(queue));
  OK(clGetMemObjectInfo(buffer, CL_MEM_MAP_COUNT, sizeof count, &count, NULL));
  CHECK(count == 0);
  int back[64];
  OK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  CHECK(back[10] == 100 && back[63] == 63 * 63);

  /* A non-blocking map: the pointer is usable once its event completes. */
  cl_event mapped;
  int *q = (int *)clEnqueueMapBuffer(queue, buffer, CL_FALSE, CL_MAP_READ, 16, 16, 0, NULL, &mapped,
                                     &err);
  OK(err);
  OK(clWaitForEvents(1, &mapped));
  CHECK(q[0] == 16 && q[3] == 49);
  cl_command_type type = 0;
  OK(clGetEventInfo(mapped, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_COMMAND_MAP_BUFFER);
  OK(clReleaseEvent(mapped));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueUnmapMemObject(queue, buffer, back, 0, NULL, NULL));
  OK(clEnqueueUnmapMemObject(queue, buffer, q, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueUnmapMemObject(queue, buffer, q, 0, NULL, NULL));

  /* CL_MEM_USE_HOST_PTR: the mapped region is the host's memory (OpenCL API §5.2.4). */
  int host[32] = {0};
  cl_mem used = clCreateBuffer(context, CL_MEM_USE_HOST_PTR, sizeof host, host, &err);
  int *h = (int *)clEnqueueMapBuffer(queue, used, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 8, 16, 0,
                                     NULL, NULL, &err);
  OK(err);
  CHECK(h == host + 2);
  OK(clEnqueueUnmapMemObject(queue, used, h, 0, NULL, NULL));

  /* Bad maps. */
  CHECK(clEnqueueMapBuffer(queue, buffer, CL_TRUE, CL_MAP_READ, 0, 0, 0, NULL, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  CHECK(clEnqueueMapBuffer(queue, buffer, CL_TRUE, CL_MAP_READ, 200, 100, 0, NULL, NULL, &err) ==
        NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  CHECK(clEnqueueMapBuffer(queue, buffer, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, 0,
                           4, 0, NULL, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  cl_mem hidden = clCreateBuffer(context, CL_MEM_HOST_NO_ACCESS, 64, NULL, &err);
  CHECK(clEnqueueMapBuffer(queue, hidden, CL_TRUE, CL_MAP_READ, 0, 4, 0, NULL, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_OPERATION, err);
  cl_mem writeOnlyHost = clCreateBuffer(context, CL_MEM_HOST_READ_ONLY, 64, NULL, &err);
  CHECK(clEnqueueMapBuffer(queue, writeOnlyHost, CL_TRUE, CL_MAP_WRITE, 0, 4, 0, NULL, NULL,
                           &err) == NULL);
  EXPECT_ERR(CL_INVALID_OPERATION, err);
  OK(clReleaseMemObject(hidden));
  OK(clReleaseMemObject(writeOnlyHost));
  CHECK(strstr(report(), "access.") == NULL);

  /* A kernel writing a buffer the host has mapped for writing: reported, not performed. */
  int *w = (int *)clEnqueueMapBuffer(queue, buffer, CL_TRUE, CL_MAP_WRITE, 0, 64 * sizeof(int), 0,
                                     NULL, NULL, &err);
  OK(err);
  const int value = -5;
  const size_t n = 64;
  OK(clSetKernelArg(fill, 0, sizeof buffer, &buffer));
  OK(clSetKernelArg(fill, 1, sizeof value, &value));
  OK(clEnqueueNDRangeKernel(queue, fill, 1, NULL, &n, NULL, 0, NULL, NULL));
  OK(clFinish(queue));
  CHECK(strstr(report(), "\"access.mapped\"") != NULL);
  CHECK(strstr(report(), "\"buffer\": \"data\"") != NULL); /* named by the parameter */
  CHECK(w[10] == 100);
  OK(clEnqueueUnmapMemObject(queue, buffer, w, 0, NULL, NULL));
  /* Unmapped, the same launch runs. */
  OK(clEnqueueNDRangeKernel(queue, fill, 1, NULL, &n, NULL, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  CHECK(back[10] == -5);

  /* A kernel given a buffer the application has released. */
  CHECK(strstr(report(), "\"access.released\"") == NULL);
  OK(clReleaseMemObject(buffer));
  OK(clEnqueueNDRangeKernel(queue, fill, 1, NULL, &n, NULL, 0, NULL, NULL));
  OK(clFinish(queue));
  CHECK(strstr(report(), "\"access.released\"") != NULL);

  OK(clReleaseMemObject(used));
  OK(clReleaseKernel(fill));
  OK(clReleaseProgram(program));
  OK(clReleaseCommandQueue(queue));
  OK(clReleaseContext(context));
  return finish("maps");
}
