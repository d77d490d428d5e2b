/* A host program whose kernel reads an 8 x 8 image created without contents
 * (uninit.read at input.cl line 3), unless the host first gives it contents the way
 * the argument says: --write (clEnqueueWriteImage of the whole image), --fill
 * (clEnqueueFillImage of the whole image) or --map (mapped whole for writing). Each
 * whole write drops the image's shadow at once; --write-part writes every row but the
 * last, whose texels stay undefined. */
#include <string.h>

#include "loader_app.h"

static const char *kSource =
    "__kernel void read_texels(__read_only image2d_t in, __global int *out) {\n"
    "  int i = get_global_id(0);\n"
    "  out[i] = read_imagei(in, (int2)(i % 8, i / 8)).x + 1;\n"
    "}\n";

int main(int argc, char **argv) {
  enum { W = 8, H = 8, N = W * H };
  int values[N];
  for (int i = 0; i < N; ++i) values[i] = i;
  const char *how = argc > 1 ? argv[1] : "";
  App app = appFromSource(kSource, "", "read_texels");
  cl_int err;
  const cl_image_format format = {CL_R, CL_SIGNED_INT32};
  cl_image_desc desc = {0};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = W;
  desc.image_height = H;
  cl_mem in = clCreateImage(app.context, CL_MEM_READ_ONLY, &format, &desc, NULL, &err);
  check(err, "clCreateImage");
  cl_mem out = clCreateBuffer(app.context, 0, sizeof values, NULL, &err);
  check(err, "clCreateBuffer");
  const size_t origin[3] = {0, 0, 0};
  size_t region[3] = {W, H, 1};
  if (strcmp(how, "--write") == 0 || strcmp(how, "--write-part") == 0) {
    if (strcmp(how, "--write-part") == 0) region[1] = H - 1;
    check(clEnqueueWriteImage(app.queue, in, CL_TRUE, origin, region, 0, 0, values, 0, NULL, NULL),
          "clEnqueueWriteImage");
  } else if (strcmp(how, "--fill") == 0) {
    const cl_int seven[4] = {7, 7, 7, 7};
    check(clEnqueueFillImage(app.queue, in, seven, origin, region, 0, NULL, NULL),
          "clEnqueueFillImage");
  } else if (strcmp(how, "--map") == 0) {
    size_t rowPitch = 0;
    char *mapped = clEnqueueMapImage(app.queue, in, CL_TRUE, CL_MAP_WRITE, origin, region,
                                     &rowPitch, NULL, 0, NULL, NULL, &err);
    check(err, "clEnqueueMapImage");
    for (int y = 0; y < H; ++y) memcpy(mapped + y * rowPitch, values + y * W, W * sizeof(int));
    check(clEnqueueUnmapMemObject(app.queue, in, mapped, 0, NULL, NULL), "clEnqueueUnmapMemObject");
  }
  runInOutAndRelease(&app, N, in, out);
  return 0;
}
