// The switch over the OpenCL.std ops: integer and float functions lane-wise
// (half operands passed as half: the math functions round once to half
// themselves), the shapes with integer operands or second results, and the
// vector-reading geometric ops.
#include "exec/opencl_std_dispatch.h"

#include "exec/dispatch_cases.h"
#include "exec/handlers_opencl_std.h"

namespace spvsim::ops {

void runOpenclStdOp(const ExecState &x, const LoweredOp &op) {
  switch (op.code) {
    // clang-format off
#define SPVSIM_MATH_CASE(name, number, expr)                                                       \
  case OpCode::name##F32:                                                                          \
    apply3<float, float, name##Fn>(x, op);                                                         \
    break;                                                                                         \
  case OpCode::name##F64:                                                                          \
    apply3<double, double, name##Fn>(x, op);                                                       \
    break;                                                                                         \
  case OpCode::name##F16:                                                                          \
    apply3<Half, Half, name##Fn>(x, op);                                                           \
    break;
#define SPVSIM_SHAPE_CASE(name, handler)                                                           \
  case OpCode::name##F32:                                                                          \
    handler<float, name##Fn>(x, op);                                                               \
    break;                                                                                         \
  case OpCode::name##F64:                                                                          \
    handler<double, name##Fn>(x, op);                                                              \
    break;                                                                                         \
  case OpCode::name##F16:                                                                          \
    handler<Half, name##Fn>(x, op);                                                                \
    break;
#define SPVSIM_FLOAT_INT_CASE(name, number, expr) SPVSIM_SHAPE_CASE(name, applyFloatInt)
#define SPVSIM_INT_RESULT_CASE(name, number, expr) SPVSIM_SHAPE_CASE(name, applyIntResult)
#define SPVSIM_NAN_CASE(name, number, expr) SPVSIM_SHAPE_CASE(name, applyNan)
#define SPVSIM_FLOAT_PTR_CASE(name, number, expr)                                                  \
  case OpCode::name##F32:                                                                          \
    applyTwoResults<float, float, name##Fn>(x, op);                                                \
    break;                                                                                         \
  case OpCode::name##F64:                                                                          \
    applyTwoResults<double, double, name##Fn>(x, op);                                              \
    break;                                                                                         \
  case OpCode::name##F16:                                                                          \
    applyTwoResults<Half, Half, name##Fn>(x, op);                                                  \
    break;
#define SPVSIM_INT_PTR_CASE(name, number, expr)                                                    \
  case OpCode::name##F32:                                                                          \
    applyTwoResults<float, int32_t, name##Fn>(x, op);                                              \
    break;                                                                                         \
  case OpCode::name##F64:                                                                          \
    applyTwoResults<double, int32_t, name##Fn>(x, op);                                             \
    break;                                                                                         \
  case OpCode::name##F16:                                                                          \
    applyTwoResults<Half, int32_t, name##Fn>(x, op);                                               \
    break;
    // clang-format on
    SPVSIM_INT_EXT_BINARY_OPS(SPVSIM_INT_CASE)
    SPVSIM_INT_EXT_UNARY_OPS(SPVSIM_INT_CASE)
    SPVSIM_INT_EXT_TERNARY_OPS(SPVSIM_INT_CASE)
    SPVSIM_FLOAT_EXT_UNARY_OPS(SPVSIM_MATH_CASE)
    SPVSIM_FLOAT_EXT_BINARY_OPS(SPVSIM_MATH_CASE)
    SPVSIM_FLOAT_EXT_TERNARY_OPS(SPVSIM_MATH_CASE)
    SPVSIM_FLOAT_EXT_FLOAT_INT_OPS(SPVSIM_FLOAT_INT_CASE)
    SPVSIM_FLOAT_EXT_INT_RESULT_OPS(SPVSIM_INT_RESULT_CASE)
    SPVSIM_FLOAT_EXT_NAN_OPS(SPVSIM_NAN_CASE)
    SPVSIM_FLOAT_EXT_FLOAT_PTR_OPS(SPVSIM_FLOAT_PTR_CASE)
    SPVSIM_FLOAT_EXT_INT_PTR_OPS(SPVSIM_INT_PTR_CASE)
  case OpCode::GeomLengthF32:
    geomLength<float>(x, op);
    break;
  case OpCode::GeomLengthF64:
    geomLength<double>(x, op);
    break;
  case OpCode::GeomLengthF16:
    geomLength<Half>(x, op);
    break;
  case OpCode::GeomNormalizeF32:
    geomNormalize<float>(x, op);
    break;
  case OpCode::GeomNormalizeF64:
    geomNormalize<double>(x, op);
    break;
  case OpCode::GeomNormalizeF16:
    geomNormalize<Half>(x, op);
    break;
  default:
    break;
  }
}

} // namespace spvsim::ops
