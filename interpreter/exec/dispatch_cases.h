// The dispatch cases of the op table's per-lane families, shared by the
// dispatch switch of exec/warp_executor.cpp and the OpenCL.std one of
// exec/opencl_std_dispatch.cpp: one case per width or float type, each
// running the family's functor over the active lanes.
#pragma once

#include "exec/handlers_arith.h"

// clang-format off
#define SPVSIM_INT_CASE(name, spvop, expr)                                                         \
  case OpCode::name##8:                                                                            \
    ops::intOp<uint8_t, ops::name##Fn>(x, op);                                                     \
    break;                                                                                         \
  case OpCode::name##16:                                                                           \
    ops::intOp<uint16_t, ops::name##Fn>(x, op);                                                    \
    break;                                                                                         \
  case OpCode::name##32:                                                                           \
    ops::intOp<uint32_t, ops::name##Fn>(x, op);                                                    \
    break;                                                                                         \
  case OpCode::name##64:                                                                           \
    ops::intOp<uint64_t, ops::name##Fn>(x, op);                                                    \
    break;
#define SPVSIM_INT_CMP_CASE(name, spvop, expr)                                                     \
  case OpCode::name##8:                                                                            \
    ops::apply3<uint8_t, uint8_t, ops::name##Fn>(x, op);                                           \
    break;                                                                                         \
  case OpCode::name##16:                                                                           \
    ops::apply3<uint8_t, uint16_t, ops::name##Fn>(x, op);                                          \
    break;                                                                                         \
  case OpCode::name##32:                                                                           \
    ops::apply3<uint8_t, uint32_t, ops::name##Fn>(x, op);                                          \
    break;                                                                                         \
  case OpCode::name##64:                                                                           \
    ops::apply3<uint8_t, uint64_t, ops::name##Fn>(x, op);                                          \
    break;
#define SPVSIM_FLOAT_CASE(name, spvop, expr)                                                       \
  case OpCode::name##F32:                                                                          \
    ops::apply3<float, float, ops::name##Fn>(x, op);                                               \
    break;                                                                                         \
  case OpCode::name##F64:                                                                          \
    ops::apply3<double, double, ops::name##Fn>(x, op);                                             \
    break;                                                                                         \
  case OpCode::name##F16:                                                                          \
    ops::applyHalf3<ops::Half, ops::name##Fn>(x, op);                                              \
    break;
#define SPVSIM_FLOAT_CMP_CASE(name, spvop, expr)                                                   \
  case OpCode::name##F32:                                                                          \
    ops::apply3<uint8_t, float, ops::name##Fn>(x, op);                                             \
    break;                                                                                         \
  case OpCode::name##F64:                                                                          \
    ops::apply3<uint8_t, double, ops::name##Fn>(x, op);                                            \
    break;                                                                                         \
  case OpCode::name##F16:                                                                          \
    ops::applyHalf3<uint8_t, ops::name##Fn>(x, op);                                                \
    break;
#define SPVSIM_BOOL_CASE(name, spvop, expr)                                                        \
  case OpCode::name:                                                                               \
    ops::apply3<uint8_t, uint8_t, ops::name##Fn>(x, op);                                           \
    break;
// clang-format on
