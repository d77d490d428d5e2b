/* A preloaded library (LD_PRELOAD) that records the OpenCL C programs an application
 * builds, so that bench/build-time.sh can time the builds of programs spvsim did not
 * write (CLBlast's xgemm kernel) without committing their source. Every
 * clCreateProgramWithSource writes its source to $CAPTURE_DIR/program-N.cl; every
 * clBuildProgram writes its options to program-N.options beside it. When a built
 * source contains $CAPTURE_UNTIL, the application ends (exit status 0) after that build.
 * Both calls are passed on to the ICD loader unchanged. */
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef cl_program (*create_fn)(cl_context, cl_uint, const char **, const size_t *, cl_int *);
typedef cl_int (*build_fn)(cl_program, cl_uint, const cl_device_id *, const char *,
                           void(CL_CALLBACK *)(cl_program, void *), void *);

/* The programs seen so far, by handle, and whether each holds $CAPTURE_UNTIL. */
enum { kMaxPrograms = 4096 };
static cl_program programs[kMaxPrograms];
static int wanted[kMaxPrograms];
static int count;

static FILE *open_output(int index, const char *suffix) {
  const char *dir = getenv("CAPTURE_DIR");
  char path[4096];
  snprintf(path, sizeof path, "%s/program-%d.%s", dir && *dir ? dir : ".", index, suffix);
  return fopen(path, "wb");
}

cl_program clCreateProgramWithSource(cl_context context, cl_uint strings, const char **text,
                                     const size_t *lengths, cl_int *error) {
  create_fn next = (create_fn)dlsym(RTLD_NEXT, "clCreateProgramWithSource");
  cl_program program = next(context, strings, text, lengths, error);
  if (!program || count == kMaxPrograms) return program;
  const char *until = getenv("CAPTURE_UNTIL");
  FILE *out = open_output(count, "cl");
  size_t total = 0;
  for (cl_uint i = 0; i < strings; ++i)
    total += lengths && lengths[i] ? lengths[i] : strlen(text[i]);
  char *source = malloc(total + 1);
  size_t at = 0;
  for (cl_uint i = 0; source && i < strings; ++i) {
    const size_t length = lengths && lengths[i] ? lengths[i] : strlen(text[i]);
    memcpy(source + at, text[i], length);
    at += length;
  }
  if (source) {
    source[at] = '\0';
    if (out) fwrite(source, 1, at, out);
    wanted[count] = until && *until && strstr(source, until);
    free(source);
  }
  if (out) fclose(out);
  programs[count++] = program;
  return program;
}

cl_int clBuildProgram(cl_program program, cl_uint devices, const cl_device_id *list,
                      const char *options, void(CL_CALLBACK *notify)(cl_program, void *),
                      void *data) {
  build_fn next = (build_fn)dlsym(RTLD_NEXT, "clBuildProgram");
  int index = -1;
  for (int i = 0; i < count; ++i)
    if (programs[i] == program) index = i;
  if (index >= 0) {
    FILE *out = open_output(index, "options");
    if (out) {
      fputs(options ? options : "", out);
      fclose(out);
    }
  }
  cl_int result = next(program, devices, list, options, notify, data);
  if (index >= 0 && wanted[index]) exit(0);
  return result;
}
