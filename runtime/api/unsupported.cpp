// Optional features the device does not have, answered with the errors the
// spec prescribes for a device without them: pipes (§5.4,
// CL_DEVICE_PIPE_SUPPORT is CL_FALSE), and sharing with OpenGL and EGL
// (cl_khr_gl_sharing, cl_khr_egl_image: no context can be created from
// theirs). These entry points exist because the loader and directly linked
// programs may call them.
#include "api/api.h"
#include "core/mem.h"

using namespace spvsim;
using namespace spvsim::runtime;

namespace {

/// Commands on objects shared with another API: the queue's context shares with none.
cl_int noSharing(cl_command_queue queue, cl_int error) {
  return lookup<Queue>(queue) ? error : CL_INVALID_COMMAND_QUEUE;
}

} // namespace

CL_API_ENTRY cl_mem CL_API_CALL clCreatePipe(cl_context context, cl_mem_flags, cl_uint, cl_uint,
                                             const cl_pipe_properties *, cl_int *errcode_ret) {
  api::setError(errcode_ret, lookup<Context>(context) ? CL_INVALID_OPERATION : CL_INVALID_CONTEXT);
  return nullptr;
}

CL_API_ENTRY cl_int CL_API_CALL clGetPipeInfo(cl_mem, cl_pipe_info, size_t, void *, size_t *) {
  return CL_INVALID_MEM_OBJECT; // no pipe can exist
}

// cl_khr_gl_sharing: "CL_INVALID_CONTEXT if context ... was not created from a GL context".

CL_API_ENTRY cl_mem CL_API_CALL clCreateFromGLBuffer(cl_context, cl_mem_flags, cl_GLuint,
                                                     cl_int *errcode_ret) {
  api::setError(errcode_ret, CL_INVALID_CONTEXT);
  return nullptr;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateFromGLTexture(cl_context, cl_mem_flags, cl_GLenum, cl_GLint,
                                                      cl_GLuint, cl_int *errcode_ret) {
  api::setError(errcode_ret, CL_INVALID_CONTEXT);
  return nullptr;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateFromGLTexture2D(cl_context, cl_mem_flags, cl_GLenum,
                                                        cl_GLint, cl_GLuint, cl_int *errcode_ret) {
  api::setError(errcode_ret, CL_INVALID_CONTEXT);
  return nullptr;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateFromGLTexture3D(cl_context, cl_mem_flags, cl_GLenum,
                                                        cl_GLint, cl_GLuint, cl_int *errcode_ret) {
  api::setError(errcode_ret, CL_INVALID_CONTEXT);
  return nullptr;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateFromGLRenderbuffer(cl_context, cl_mem_flags, cl_GLuint,
                                                           cl_int *errcode_ret) {
  api::setError(errcode_ret, CL_INVALID_CONTEXT);
  return nullptr;
}

CL_API_ENTRY cl_int CL_API_CALL clGetGLObjectInfo(cl_mem memobj, cl_gl_object_type *, cl_GLuint *) {
  return lookup<Mem>(memobj) ? CL_INVALID_GL_OBJECT : CL_INVALID_MEM_OBJECT;
}

CL_API_ENTRY cl_int CL_API_CALL clGetGLTextureInfo(cl_mem memobj, cl_gl_texture_info, size_t,
                                                   void *, size_t *) {
  return lookup<Mem>(memobj) ? CL_INVALID_GL_OBJECT : CL_INVALID_MEM_OBJECT;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueAcquireGLObjects(cl_command_queue command_queue, cl_uint,
                                                          const cl_mem *, cl_uint, const cl_event *,
                                                          cl_event *) {
  return noSharing(command_queue, CL_INVALID_CONTEXT);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReleaseGLObjects(cl_command_queue command_queue, cl_uint,
                                                          const cl_mem *, cl_uint, const cl_event *,
                                                          cl_event *) {
  return noSharing(command_queue, CL_INVALID_CONTEXT);
}

CL_API_ENTRY cl_int CL_API_CALL clGetGLContextInfoKHR(const cl_context_properties *,
                                                      cl_gl_context_info, size_t, void *,
                                                      size_t *) {
  return CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR;
}

CL_API_ENTRY cl_event CL_API_CALL clCreateEventFromGLsyncKHR(cl_context, cl_GLsync,
                                                             cl_int *errcode_ret) {
  api::setError(errcode_ret, CL_INVALID_CONTEXT);
  return nullptr;
}

// cl_khr_egl_image and cl_khr_egl_event.

CL_API_ENTRY cl_mem CL_API_CALL clCreateFromEGLImageKHR(cl_context context, CLeglDisplayKHR,
                                                        CLeglImageKHR, cl_mem_flags,
                                                        const cl_egl_image_properties_khr *,
                                                        cl_int *errcode_ret) {
  api::setError(errcode_ret,
                lookup<Context>(context) ? CL_INVALID_EGL_OBJECT_KHR : CL_INVALID_CONTEXT);
  return nullptr;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueAcquireEGLObjectsKHR(cl_command_queue command_queue,
                                                              cl_uint, const cl_mem *, cl_uint,
                                                              const cl_event *, cl_event *) {
  return noSharing(command_queue, CL_INVALID_EGL_OBJECT_KHR);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReleaseEGLObjectsKHR(cl_command_queue command_queue,
                                                              cl_uint, const cl_mem *, cl_uint,
                                                              const cl_event *, cl_event *) {
  return noSharing(command_queue, CL_INVALID_EGL_OBJECT_KHR);
}

CL_API_ENTRY cl_event CL_API_CALL clCreateEventFromEGLSyncKHR(cl_context context, CLeglSyncKHR,
                                                              CLeglDisplayKHR,
                                                              cl_int *errcode_ret) {
  api::setError(errcode_ret,
                lookup<Context>(context) ? CL_INVALID_EGL_OBJECT_KHR : CL_INVALID_CONTEXT);
  return nullptr;
}
