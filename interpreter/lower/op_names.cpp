// Names of the ops of the op table, for dumps and tests.
#include <string>
#include <vector>

#include "lower/op_table.h"

namespace spvsim {

namespace {
std::vector<std::string> buildNames() {
  std::vector<std::string> names;
#define SPVSIM_INT_NAME(name, spv, expr)                                                           \
  for (const char *w : {"8", "16", "32", "64"}) names.push_back(std::string(#name) + w);
#define SPVSIM_FLOAT_NAME(name, spv, expr)                                                         \
  for (const char *w : {"F32", "F64", "F16"}) names.push_back(std::string(#name) + w);
#define SPVSIM_PLAIN_NAME(name, spv, expr) names.push_back(#name);
#define SPVSIM_SPECIAL_NAME(name) names.push_back(#name);
  SPVSIM_INT_BINARY_OPS(SPVSIM_INT_NAME)
  SPVSIM_INT_UNARY_OPS(SPVSIM_INT_NAME)
  SPVSIM_INT_COMPARE_OPS(SPVSIM_INT_NAME)
  SPVSIM_INT_EXT_BINARY_OPS(SPVSIM_INT_NAME)
  SPVSIM_INT_EXT_UNARY_OPS(SPVSIM_INT_NAME)
  SPVSIM_INT_EXT_TERNARY_OPS(SPVSIM_INT_NAME)
  SPVSIM_FLOAT_BINARY_OPS(SPVSIM_FLOAT_NAME)
  SPVSIM_FLOAT_UNARY_OPS(SPVSIM_FLOAT_NAME)
  SPVSIM_FLOAT_COMPARE_OPS(SPVSIM_FLOAT_NAME)
  SPVSIM_FLOAT_TEST_OPS(SPVSIM_FLOAT_NAME)
  SPVSIM_FLOAT_EXT_UNARY_OPS(SPVSIM_FLOAT_NAME)
  SPVSIM_FLOAT_EXT_BINARY_OPS(SPVSIM_FLOAT_NAME)
  SPVSIM_FLOAT_EXT_TERNARY_OPS(SPVSIM_FLOAT_NAME)
  SPVSIM_FLOAT_EXT_FLOAT_INT_OPS(SPVSIM_FLOAT_NAME)
  SPVSIM_FLOAT_EXT_INT_RESULT_OPS(SPVSIM_FLOAT_NAME)
  SPVSIM_FLOAT_EXT_NAN_OPS(SPVSIM_FLOAT_NAME)
  SPVSIM_FLOAT_EXT_FLOAT_PTR_OPS(SPVSIM_FLOAT_NAME)
  SPVSIM_FLOAT_EXT_INT_PTR_OPS(SPVSIM_FLOAT_NAME)
  SPVSIM_BOOL_OPS(SPVSIM_PLAIN_NAME)
#define SPVSIM_ATOMIC_NAME(name, spv, expr)                                                        \
  for (const char *w : {"32", "64"}) names.push_back(std::string(#name) + w);
  SPVSIM_ATOMIC_INT_OPS(SPVSIM_ATOMIC_NAME)
#define SPVSIM_ATOMIC_FLOAT_NAME(name, spv, expr)                                                  \
  for (const char *w : {"F32", "F64"}) names.push_back(std::string(#name) + w);
  SPVSIM_ATOMIC_FLOAT_OPS(SPVSIM_ATOMIC_FLOAT_NAME)
  SPVSIM_SPECIAL_OPS(SPVSIM_SPECIAL_NAME)
  SPVSIM_OPENCL_STD_SPECIAL_OPS(SPVSIM_SPECIAL_NAME)
  static const char *kinds[] = {"u8",  "u16", "u32", "u64", "s8", "s16",
                                "s32", "s64", "f32", "f64", "f16"};
  for (const char *from : kinds)
    for (const char *to : kinds) names.push_back(std::string("Convert.") + from + "." + to);
  return names;
}
} // namespace

const char *opName(OpCode op) {
  static const std::vector<std::string> names = buildNames();
  auto i = static_cast<size_t>(op);
  return i < names.size() ? names[i].c_str() : "?";
}

} // namespace spvsim
