/* Buffers (OpenCL API §5.2, §5.5): every flag combination, host pointers
 * (CL_MEM_USE_HOST_PTR is the host's memory: kernel writes land there),
 * sub-buffers, read/write/copy/fill and their rectangle forms checked against
 * a reference copy, queries and destructor callbacks. */
#include "harness.h"

static const char *kSource = "__kernel void scale(__global int *data, int factor) {\n"
                             "  size_t i = get_global_id(0);\n"
                             "  data[i] *= factor;\n"
                             "}\n";

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;
static cl_kernel scale;

/* Runs scale(buffer, factor) over n work-items and waits. */
static void runScale(cl_mem buffer, int factor, size_t n) {
  OK(clSetKernelArg(scale, 0, sizeof buffer, &buffer));
  OK(clSetKernelArg(scale, 1, sizeof factor, &factor));
  OK(clEnqueueNDRangeKernel(queue, scale, 1, NULL, &n, NULL, 0, NULL, NULL));
  OK(clFinish(queue));
}

static void flagCombinations(void) {
  const cl_mem_flags access[] = {0, CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY, CL_MEM_READ_ONLY};
  const cl_mem_flags host[] = {0, CL_MEM_USE_HOST_PTR, CL_MEM_ALLOC_HOST_PTR, CL_MEM_COPY_HOST_PTR,
                               CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR};
  const cl_mem_flags hostAccess[] = {0, CL_MEM_HOST_WRITE_ONLY, CL_MEM_HOST_READ_ONLY,
                                     CL_MEM_HOST_NO_ACCESS};
  int data[64];
  for (int i = 0; i < 64; ++i) data[i] = i;
  int created = 0;
  for (size_t a = 0; a < 4; ++a)
    for (size_t h = 0; h < 5; ++h)
      for (size_t x = 0; x < 4; ++x) {
        cl_mem_flags flags = access[a] | host[h] | hostAccess[x];
        void *ptr = (flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) ? data : NULL;
        cl_int err;
        cl_mem m = clCreateBuffer(context, flags, sizeof data, ptr, &err);
        OK(err);
        if (!m) continue;
        ++created;
        cl_mem_flags got = 0;
        OK(clGetMemObjectInfo(m, CL_MEM_FLAGS, sizeof got, &got, NULL));
        CHECK((got & ~(cl_mem_flags)CL_MEM_READ_WRITE) ==
              (flags & ~(cl_mem_flags)CL_MEM_READ_WRITE));
        void *hostPtr = (void *)1;
        OK(clGetMemObjectInfo(m, CL_MEM_HOST_PTR, sizeof hostPtr, &hostPtr, NULL));
        CHECK(hostPtr == ((flags & CL_MEM_USE_HOST_PTR) ? data : NULL));
        /* The host may read only what CL_MEM_HOST_* allows. */
        int back[64];
        cl_int read = clEnqueueReadBuffer(queue, m, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL);
        if (hostAccess[x] == CL_MEM_HOST_WRITE_ONLY || hostAccess[x] == CL_MEM_HOST_NO_ACCESS) {
          EXPECT_ERR(CL_INVALID_OPERATION, read);
        } else {
          OK(read);
          if (ptr) CHECK(memcmp(back, data, sizeof data) == 0);
        }
        cl_int write = clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, sizeof data, data, 0, NULL, NULL);
        EXPECT_ERR(
            (hostAccess[x] == CL_MEM_HOST_READ_ONLY || hostAccess[x] == CL_MEM_HOST_NO_ACCESS)
                ? CL_INVALID_OPERATION
                : CL_SUCCESS,
            write);
        OK(clReleaseMemObject(m));
      }
  /* Every combination above is valid; USE with ALLOC or COPY and two access flags are not. */
  CHECK(created == 4 * 5 * 4);
  cl_int err;
  CHECK(clCreateBuffer(context, CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, 16, data, &err) ==
        NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  CHECK(clCreateBuffer(context, CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 16, data, &err) ==
        NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  CHECK(clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 16, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  CHECK(clCreateBuffer(context, CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS, 16, NULL, &err) ==
        NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  CHECK(clCreateBuffer(context, (cl_mem_flags)1 << 40, 16, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  CHECK(clCreateBuffer(context, 0, 0, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_BUFFER_SIZE, err);
  CHECK(clCreateBuffer(context, 0, (size_t)1 << 62, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_BUFFER_SIZE, err);
  CHECK(clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, 16, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_HOST_PTR, err);
  CHECK(clCreateBuffer(context, 0, 16, data, &err) == NULL);
  EXPECT_ERR(CL_INVALID_HOST_PTR, err);
  CHECK(clCreateBuffer(NULL, 0, 16, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_CONTEXT, err);
  cl_mem_properties props[] = {0};
  cl_mem m = clCreateBufferWithProperties(context, props, 0, 16, NULL, &err);
  OK(err);
  size_t size = 0;
  OK(clGetMemObjectInfo(m, CL_MEM_PROPERTIES, 0, NULL, &size));
  CHECK(size == sizeof(cl_mem_properties));
  OK(clReleaseMemObject(m));
  m = clCreateBufferWithProperties(context, NULL, 0, 16, NULL, &err);
  OK(clGetMemObjectInfo(m, CL_MEM_PROPERTIES, 0, NULL, &size));
  CHECK(size == 0);
  OK(clReleaseMemObject(m));
  cl_mem_properties unknown[] = {0x7777, 1, 0};
  CHECK(clCreateBufferWithProperties(context, unknown, 0, 16, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_PROPERTY, err);
}

static void hostPointers(void) {
  int host[32];
  for (int i = 0; i < 32; ++i) host[i] = i;
  cl_int err;
  /* USE_HOST_PTR: the kernel writes the host's memory itself. */
  cl_mem used = clCreateBuffer(context, CL_MEM_USE_HOST_PTR, sizeof host, host, &err);
  OK(err);
  runScale(used, 3, 32);
  for (int i = 0; i < 32; ++i) CHECK(host[i] == 3 * i);
  /* COPY_HOST_PTR: a copy, taken when the buffer is created. */
  cl_mem copied = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, sizeof host,
                                 host, &err);
  OK(err);
  host[0] = 1000;
  runScale(copied, 2, 32);
  CHECK(host[1] == 3);
  int back[32];
  OK(clEnqueueReadBuffer(queue, copied, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  CHECK(back[0] == 0 && back[31] == 6 * 31);
  OK(clReleaseMemObject(used));
  OK(clReleaseMemObject(copied));
}

static int destroyed[3];
static int destroyedCount = 0;
static void CL_CALLBACK memDestroyed(cl_mem m, void *user) {
  (void)m;
  destroyed[destroyedCount++] = *(int *)user;
}

static void subBuffers(void) {
  int host[256];
  for (int i = 0; i < 256; ++i) host[i] = i;
  cl_int err;
  cl_mem parent =
      clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host, host, &err);
  OK(err);
  cl_buffer_region region = {128, 64 * sizeof(int)};
  cl_mem sub = clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
  OK(err);
  runScale(sub, -1, 64);
  int back[256];
  OK(clEnqueueReadBuffer(queue, parent, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  for (int i = 0; i < 256; ++i) CHECK(back[i] == ((i >= 32 && i < 96) ? -i : i));
  size_t offset = 0, size = 0;
  cl_mem associated = NULL;
  cl_mem_flags flags = 0;
  OK(clGetMemObjectInfo(sub, CL_MEM_OFFSET, sizeof offset, &offset, NULL));
  OK(clGetMemObjectInfo(sub, CL_MEM_SIZE, sizeof size, &size, NULL));
  OK(clGetMemObjectInfo(sub, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof associated, &associated, NULL));
  OK(clGetMemObjectInfo(sub, CL_MEM_FLAGS, sizeof flags, &flags, NULL));
  CHECK(offset == 128 && size == 256 && associated == parent);
  CHECK((flags & CL_MEM_READ_WRITE) && (flags & CL_MEM_COPY_HOST_PTR)); /* inherited */
  /* Reading through the sub-buffer reads the region. */
  int part[4];
  OK(clEnqueueReadBuffer(queue, sub, CL_TRUE, 4, sizeof part, part, 0, NULL, NULL));
  CHECK(part[0] == -33 && part[3] == -36);

  /* The rules of OpenCL API §5.2.1. */
  cl_buffer_region misaligned = {4, 16};
  CHECK(clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &misaligned, &err) == NULL);
  EXPECT_ERR(CL_MISALIGNED_SUB_BUFFER_OFFSET, err);
  cl_buffer_region outside = {896, 256};
  CHECK(clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &outside, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  cl_buffer_region empty = {0, 0};
  CHECK(clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &empty, &err) == NULL);
  EXPECT_ERR(CL_INVALID_BUFFER_SIZE, err);
  CHECK(clCreateSubBuffer(sub, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &err) == NULL);
  EXPECT_ERR(CL_INVALID_MEM_OBJECT, err);
  CHECK(clCreateSubBuffer(parent, CL_MEM_USE_HOST_PTR, CL_BUFFER_CREATE_TYPE_REGION, &region,
                          &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  CHECK(clCreateSubBuffer(parent, 0, 0x7777, &region, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  CHECK(clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  cl_mem readOnly =
      clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_HOST_READ_ONLY, 1024, NULL, &err);
  CHECK(clCreateSubBuffer(readOnly, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region,
                          &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  CHECK(clCreateSubBuffer(readOnly, CL_MEM_HOST_WRITE_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &region,
                          &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  cl_mem narrowed = clCreateSubBuffer(readOnly, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
  OK(err);
  OK(clGetMemObjectInfo(narrowed, CL_MEM_FLAGS, sizeof flags, &flags, NULL));
  CHECK((flags & CL_MEM_READ_ONLY) && (flags & CL_MEM_HOST_READ_ONLY));

  /* Destructor callbacks: newest first, and a parent outlives its sub-buffers. */
  int one = 1, two = 2, three = 3;
  OK(clSetMemObjectDestructorCallback(parent, memDestroyed, &one));
  OK(clSetMemObjectDestructorCallback(parent, memDestroyed, &two));
  OK(clSetMemObjectDestructorCallback(sub, memDestroyed, &three));
  EXPECT_ERR(CL_INVALID_VALUE, clSetMemObjectDestructorCallback(parent, NULL, NULL));
  OK(clReleaseMemObject(parent));
  CHECK(destroyedCount == 0);
  OK(clReleaseMemObject(sub));
  CHECK(destroyedCount == 3 && destroyed[0] == 3 && destroyed[1] == 2 && destroyed[2] == 1);
  OK(clReleaseMemObject(narrowed));
  OK(clReleaseMemObject(readOnly));
}

/* Byte i of a test pattern. */
static unsigned char pattern(size_t i) {
  return (unsigned char)(i * 7 + 3);
}

static void transfers(void) {
  enum { N = 1024 };
  unsigned char host[N], back[N];
  for (size_t i = 0; i < N; ++i) host[i] = pattern(i);
  cl_int err;
  cl_mem a = clCreateBuffer(context, 0, N, NULL, &err);
  cl_mem b = clCreateBuffer(context, 0, N, NULL, &err);
  OK(clEnqueueWriteBuffer(queue, a, CL_FALSE, 0, N, host, 0, NULL, NULL));
  OK(clEnqueueCopyBuffer(queue, a, b, 16, 32, 100, 0, NULL, NULL));
  memset(back, 0, N);
  OK(clEnqueueReadBuffer(queue, b, CL_TRUE, 32, 100, back, 0, NULL, NULL));
  CHECK(memcmp(back, host + 16, 100) == 0);
  /* Overlapping copies within one buffer are errors; disjoint ones are fine. */
  EXPECT_ERR(CL_MEM_COPY_OVERLAP, clEnqueueCopyBuffer(queue, a, a, 0, 50, 100, 0, NULL, NULL));
  OK(clEnqueueCopyBuffer(queue, a, a, 0, 100, 100, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueCopyBuffer(queue, a, b, N - 10, 0, 20, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueReadBuffer(queue, a, CL_TRUE, N - 10, 20, back, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueReadBuffer(queue, a, CL_TRUE, 0, 20, NULL, 0, NULL, NULL));

  /* Fill with a 4-byte pattern. */
  const unsigned int fill = 0xdeadbeef;
  OK(clEnqueueFillBuffer(queue, b, &fill, sizeof fill, 64, 128, 0, NULL, NULL));
  unsigned int words[32];
  OK(clEnqueueReadBuffer(queue, b, CL_TRUE, 64, 128, words, 0, NULL, NULL));
  for (int i = 0; i < 32; ++i) CHECK(words[i] == fill);
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueFillBuffer(queue, b, &fill, 3, 0, 12, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueFillBuffer(queue, b, &fill, 4, 2, 12, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueFillBuffer(queue, b, NULL, 4, 0, 12, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueFillBuffer(queue, b, &fill, 256, 0, 256, 0, NULL, NULL));
  double big[16];
  for (int i = 0; i < 16; ++i) big[i] = i + 0.5;
  OK(clEnqueueFillBuffer(queue, b, big, 128, 0, N, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, b, CL_TRUE, 0, N, back, 0, NULL, NULL));
  CHECK(memcmp(back, big, 128) == 0 && memcmp(back + 896, big, 128) == 0);

  /* Migrating changes nothing. */
  cl_mem both[] = {a, b};
  OK(clEnqueueMigrateMemObjects(queue, 2, both, CL_MIGRATE_MEM_OBJECT_HOST, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueMigrateMemObjects(queue, 0, both, 0, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueMigrateMemObjects(queue, 2, both, 0x100, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, b, CL_TRUE, 0, N, back, 0, NULL, NULL));
  CHECK(memcmp(back, big, 128) == 0);
  OK(clReleaseMemObject(a));
  OK(clReleaseMemObject(b));
}

/* Reference: copy `region` from (src, srcOrigin, pitches) to (dst, dstOrigin, pitches). */
static void referenceRect(unsigned char *dst, const size_t *dstOrigin, size_t dstRow,
                          size_t dstSlice, const unsigned char *src, const size_t *srcOrigin,
                          size_t srcRow, size_t srcSlice, const size_t *region) {
  for (size_t z = 0; z < region[2]; ++z)
    for (size_t y = 0; y < region[1]; ++y)
      for (size_t x = 0; x < region[0]; ++x)
        dst[(dstOrigin[2] + z) * dstSlice + (dstOrigin[1] + y) * dstRow + dstOrigin[0] + x] =
            src[(srcOrigin[2] + z) * srcSlice + (srcOrigin[1] + y) * srcRow + srcOrigin[0] + x];
}

static void rectangles(void) {
  enum { N = 4096 };
  static unsigned char host[N], expected[N], got[N];
  for (size_t i = 0; i < N; ++i) host[i] = pattern(i);
  cl_int err;
  cl_mem buffer = clCreateBuffer(context, 0, N, NULL, &err);
  cl_mem other = clCreateBuffer(context, 0, N, NULL, &err);
  OK(clEnqueueFillBuffer(queue, buffer, "\0", 1, 0, N, 0, NULL, NULL));

  /* Write a 3-D box from the host with pitches of its own, read it back differently. */
  const size_t bufferOrigin[3] = {5, 2, 1}, hostOrigin[3] = {3, 1, 0}, region[3] = {20, 6, 3};
  const size_t bufRow = 40, bufSlice = 400, hostRow = 30, hostSlice = 300;
  OK(clEnqueueWriteBufferRect(queue, buffer, CL_TRUE, bufferOrigin, hostOrigin, region, bufRow,
                              bufSlice, hostRow, hostSlice, host, 0, NULL, NULL));
  memset(expected, 0, N);
  referenceRect(expected, bufferOrigin, bufRow, bufSlice, host, hostOrigin, hostRow, hostSlice,
                region);
  OK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, N, got, 0, NULL, NULL));
  CHECK(memcmp(got, expected, N) == 0);

  const size_t readOrigin[3] = {0, 0, 0};
  memset(got, 0, N);
  OK(clEnqueueReadBufferRect(queue, buffer, CL_TRUE, bufferOrigin, readOrigin, region, bufRow,
                             bufSlice, 0, 0, got, 0, NULL, NULL));
  unsigned char packed[N];
  memset(packed, 0, N);
  referenceRect(packed, readOrigin, region[0], region[0] * region[1], expected, bufferOrigin,
                bufRow, bufSlice, region);
  CHECK(memcmp(got, packed, N) == 0);

  /* Copy a box between buffers, 2-D, with zero pitches meaning packed rows. */
  const size_t src2[3] = {1, 1, 0}, dst2[3] = {8, 3, 0}, region2[3] = {16, 5, 1};
  OK(clEnqueueFillBuffer(queue, other, "\0", 1, 0, N, 0, NULL, NULL));
  OK(clEnqueueCopyBufferRect(queue, buffer, other, src2, dst2, region2, 64, 0, 32, 0, 0, NULL,
                             NULL));
  memset(packed, 0, N);
  referenceRect(packed, dst2, 32, 32 * 5, expected, src2, 64, 64 * 5, region2);
  OK(clEnqueueReadBuffer(queue, other, CL_TRUE, 0, N, got, 0, NULL, NULL));
  CHECK(memcmp(got, packed, N) == 0);

  /* Overlap within one buffer (OpenCL API Appendix D), and bad rectangles. */
  const size_t o1[3] = {0, 0, 0}, o2[3] = {8, 0, 0}, o3[3] = {0, 8, 0}, box[3] = {16, 4, 1};
  EXPECT_ERR(CL_MEM_COPY_OVERLAP, clEnqueueCopyBufferRect(queue, buffer, buffer, o1, o2, box, 64, 0,
                                                          64, 0, 0, NULL, NULL));
  OK(clEnqueueCopyBufferRect(queue, buffer, buffer, o1, o3, box, 64, 0, 64, 0, 0, NULL, NULL));
  const size_t zero[3] = {0, 4, 1};
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueReadBufferRect(queue, buffer, CL_TRUE, o1, o1, zero, 0, 0,
                                                       0, 0, got, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueReadBufferRect(queue, buffer, CL_TRUE, o1, o1, box, 8, 0, 0,
                                                       0, got, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueReadBufferRect(queue, buffer, CL_TRUE, o1, o1, box, 64, 100,
                                                       0, 0, got, 0, NULL, NULL));
  const size_t far[3] = {0, 0, 100};
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueReadBufferRect(queue, buffer, CL_TRUE, far, o1, box, 64, 0,
                                                       0, 0, got, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueWriteBufferRect(queue, buffer, CL_TRUE, NULL, o1, box, 0, 0,
                                                        0, 0, got, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueCopyBufferRect(queue, buffer, buffer, o1, o3, box, 64, 0,
                                                       32, 0, 0, NULL, NULL));
  OK(clReleaseMemObject(buffer));
  OK(clReleaseMemObject(other));
}

static void staleHandles(void) {
  cl_int err;
  cl_mem m = clCreateBuffer(context, 0, 64, NULL, &err);
  OK(clRetainMemObject(m));
  cl_uint refs = 0;
  OK(clGetMemObjectInfo(m, CL_MEM_REFERENCE_COUNT, sizeof refs, &refs, NULL));
  CHECK(refs == 2);
  OK(clReleaseMemObject(m));
  OK(clReleaseMemObject(m));
  char buf[8];
  EXPECT_ERR(CL_INVALID_MEM_OBJECT, clReleaseMemObject(m));
  EXPECT_ERR(CL_INVALID_MEM_OBJECT,
             clEnqueueReadBuffer(queue, m, CL_TRUE, 0, 8, buf, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_MEM_OBJECT, clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof buf, buf, NULL));
  EXPECT_ERR(CL_INVALID_MEM_OBJECT,
             clGetMemObjectInfo((cl_mem)buf, CL_MEM_SIZE, sizeof buf, buf, NULL));
  /* A buffer of another context. */
  cl_context other = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  cl_mem foreign = clCreateBuffer(other, 0, 64, NULL, &err);
  EXPECT_ERR(CL_INVALID_CONTEXT,
             clEnqueueReadBuffer(queue, foreign, CL_TRUE, 0, 8, buf, 0, NULL, NULL));
  OK(clReleaseMemObject(foreign));
  OK(clReleaseContext(other));
}

int main(void) {
  spvsimContext(&device, &context, &queue);
  cl_program program = buildSource(context, device, kSource, "");
  cl_int err;
  scale = clCreateKernel(program, "scale", &err);
  OK(err);
  flagCombinations();
  hostPointers();
  subBuffers();
  transfers();
  rectangles();
  staleHandles();
  OK(clReleaseKernel(scale));
  OK(clReleaseProgram(program));
  OK(clReleaseCommandQueue(queue));
  OK(clReleaseContext(context));
  return finish("buffers");
}
