// The in-process front end (frontend/): diagnostics, options, embedded headers, the
// legalization of what clang 15 emits for llvm-spirv 15, and debug information.
#include "spvsim/frontend/frontend.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "spirv_words.h"

namespace spvsim::frontend {
namespace {

using test::extInstCount;
using test::importOf;
using test::instructions;

constexpr uint32_t kOpLine = 8, kOpMemoryModel = 14, kOpEntryPoint = 15;
// OpenCL.DebugInfo.100 instruction numbers.
constexpr uint32_t kDebugLocalVariable = 26, kDebugDeclare = 28, kDebugValue = 29;

CompileResult build(const std::string &source, bool optimize = true, bool debug = false) {
  CompileInput input;
  input.source = source;
  input.optimize = optimize;
  input.debugInfo = debug;
  return compile(input, DeviceFacts{});
}

// clang-15 -O2 turns `x % y` beside `x / y` into x - (x / y) * y with `freeze` (DivRemPairs),
// which llvm-spirv 15 cannot translate.
const char *kDivRem = R"(
__kernel void divrem(__global int *q, __global int *r, __global const int *x, int y) {
  int i = get_global_id(0);
  int v = x[i];
  q[i] = v / y;
  r[i] = v % y;
})";

const char *kLocalArray = R"(
__kernel void sum(__global float *out, __global const float *in) {
  __local float tile[64];
  int l = get_local_id(0);
  tile[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  float s = 0;
  for (int i = 0; i < 64; ++i) s += tile[i];
  out[get_global_id(0)] = s;
})";

TEST(Frontend, CompilesAKernel) {
  CompileResult r = build("__kernel void k(__global int *a) { a[get_global_id(0)] = 1; }");
  ASSERT_TRUE(r.ok) << r.log;
  ASSERT_GT(r.spirv.size(), 5u);
  EXPECT_EQ(r.spirv[0], 0x07230203u);
  EXPECT_EQ(instructions(r.spirv, kOpEntryPoint).size(), 1u);
  // Line tables without -g: findings name lines; no variables.
  EXPECT_FALSE(instructions(r.spirv, kOpLine).empty());
  const uint32_t debug = importOf(r.spirv, "OpenCL.DebugInfo.100");
  if (debug) {
    EXPECT_EQ(extInstCount(r.spirv, debug, kDebugLocalVariable), 0u);
  }
}

TEST(Frontend, DiagnosticsNameInputClWithLineAndTheOptions) {
  CompileResult r = build("__kernel void k(__global int *a) {\n  a[0] = missing;\n}\n");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.log.find("input.cl:2:10: error: use of undeclared identifier 'missing'"),
            std::string::npos)
      << r.log;
  EXPECT_NE(r.log.find("1 error generated"), std::string::npos) << r.log;
  EXPECT_NE(r.log.find("-cl-std=CL1.2"), std::string::npos) << r.log;
}

TEST(Frontend, WarningsAndWerror) {
  const char *source = "__kernel void k(__global int *a) { int unused; a[0] = 1; }";
  CompileInput input;
  input.source = source;
  input.options = {"-Wunused-variable"};
  CompileResult r = compile(input, DeviceFacts{});
  ASSERT_TRUE(r.ok) << r.log;
  EXPECT_NE(r.log.find("input.cl:1:40: warning: unused variable 'unused'"), std::string::npos)
      << r.log;
  input.options.push_back("-Werror");
  EXPECT_FALSE(compile(input, DeviceFacts{}).ok);
  input.options.push_back("-w");
  r = compile(input, DeviceFacts{});
  EXPECT_TRUE(r.ok) << r.log;
  EXPECT_EQ(r.log.find("warning"), std::string::npos) << r.log;
}

TEST(Frontend, FreezeFromDivRemPairsIsLegalized) {
  for (bool optimize : {false, true}) {
    CompileResult r = build(kDivRem, optimize);
    EXPECT_TRUE(r.ok) << r.log;
    EXPECT_EQ(r.log.find("freeze"), std::string::npos) << r.log;
  }
}

// clang-15 -O2 narrows a switch on four bits to a switch on an i4 (the conformance
// suite's subgroups ifp kernel), which SPIR-V has not: it is promoted to an i8 holding
// the four bits.
const char *kNibbleSwitch = R"(
__kernel void nibbles(__global const int *in, __global int *out) {
  int i = get_global_id(0);
  int inst = in[i];
  int op = (inst >> 4) & 0xf;
  int r = -1;
  switch (op) {
  case 0: r = 10; break;
  case 1: r = 11; break;
  case 2: r = 12; break;
  case 15: r = 25; break;
  }
  out[i] = r;
})";

// clang-15 -O2 computes a loop's sum in closed form on one bit more than its type (an
// i33 for a uint, an i17 for a ushort), and stores bit-fields as an i24 at every level.
const char *kLoopSums = R"(
__kernel void sums(__global const uint *in, __global uint *out) {
  int i = get_global_id(0);
  uint n = in[i], s = 0;
  for (uint k = 0; k < n; ++k) s += k;
  ushort m = in[i + 1], t = 0;
  for (ushort k = 0; k < m; ++k) t += k;
  out[i] = s + t;
})";
const char *kBitfields = R"(
#pragma OPENCL EXTENSION __cl_clang_bitfields : enable
typedef struct { uint a : 10; int b : 14; uchar c; } s_t;
__kernel void fields(__global s_t *s, __global int *out) {
  int i = get_global_id(0);
  out[i] = s[i].b < -5;
  s[i].a += 3;
})";

TEST(Frontend, NarrowIntegersAreLegalized) {
  constexpr uint32_t kOpTypeInt = 21;
  for (const char *source : {kNibbleSwitch, kLoopSums, kBitfields})
    for (bool optimize : {false, true}) {
      CompileResult r = build(source, optimize);
      ASSERT_TRUE(r.ok) << r.log;
      for (const std::vector<uint32_t> &type : instructions(r.spirv, kOpTypeInt)) {
        ASSERT_GE(type.size(), 3u);
        const uint32_t width = type[2];
        EXPECT_TRUE(width == 8 || width == 16 || width == 32 || width == 64) << width;
      }
    }
  // Above 64 bits, on pairs of 64-bit integers: a 64-bit loop's sum of squares in
  // closed form (products of three 65-bit values), the 128-bit popcount of a `long long`
  // (128 bits in OpenCL C) and a `long long` variable, kept in memory at -O0.
  const char *kWide = "__kernel void k(__global ulong *a) {\n"
                      "  ulong s = 0;\n  for (ulong k = 0; k < a[1]; ++k) s += k * k;\n"
                      "  unsigned long long p = (unsigned long long)a[2] * a[3];\n"
                      "  a[0] = s + (ulong)(p >> 64) + __builtin_popcountll((int)a[4]);\n}\n";
  for (bool optimize : {false, true}) {
    CompileResult r = build(kWide, optimize);
    ASSERT_TRUE(r.ok) << r.log;
    for (const std::vector<uint32_t> &type : instructions(r.spirv, kOpTypeInt)) {
      ASSERT_GE(type.size(), 3u);
      EXPECT_LE(type[2], 64u);
    }
  }
}

// A bit-field struct updated in a loop: clang -O2 -g keeps it in an i24 phi and says the
// variable's first 24 bits are that value (a DebugValue with a fragment). The promoted
// value holds the same bits: the location stays, on it.
TEST(Frontend, NarrowValuesKeepTheirVariableLocations) {
  constexpr uint32_t kOpUndef = 1, kOpExtInst = 12;
  constexpr uint32_t kDebugOperation = 30, kDebugExpression = 31, kFragment = 9;
  CompileResult r = build("#pragma OPENCL EXTENSION __cl_clang_bitfields : enable\n"
                          "typedef struct { uint a : 10; int b : 14; uchar c; } s_t;\n"
                          "__kernel void k(__global s_t *s, int n) {\n"
                          "  s_t t = s[get_global_id(0)];\n"
                          "  for (int k = 0; k < n; ++k) { t.a += 300; t.b -= 3000; }\n"
                          "  s[get_global_id(0)] = t;\n}\n",
                          /*optimize=*/true, /*debug=*/true);
  ASSERT_TRUE(r.ok) << r.log;
  const uint32_t debug = importOf(r.spirv, "OpenCL.DebugInfo.100");
  ASSERT_NE(debug, 0u);
  std::set<uint32_t> undefined, fragments, fragmentExpressions;
  for (const std::vector<uint32_t> &undef : instructions(r.spirv, kOpUndef))
    undefined.insert(undef[2]);
  const auto extInsts = instructions(r.spirv, kOpExtInst);
  for (const std::vector<uint32_t> &i : extInsts)
    if (i[3] == debug && i[4] == kDebugOperation && i.size() == 8 && i[5] == kFragment &&
        i[6] == 0 && i[7] == 24)
      fragments.insert(i[2]);
  for (const std::vector<uint32_t> &i : extInsts)
    if (i[3] == debug && i[4] == kDebugExpression)
      for (size_t k = 5; k < i.size(); ++k)
        if (fragments.count(i[k])) fragmentExpressions.insert(i[2]);
  size_t located = 0;
  for (const std::vector<uint32_t> &i : extInsts)
    if (i[3] == debug && i[4] == kDebugValue && i.size() >= 8 && !undefined.count(i[6]) &&
        fragmentExpressions.count(i[7]))
      ++located;
  EXPECT_GT(located, 0u);
}

// `_BitInt(37)` and `unsigned _BitInt(7)` variables folded away at -O2 -g: their only trace
// is a variable location naming a constant of that width (`dbg.value(i37 -21)`), in a
// function with nothing else of an illegal width. It builds (it ended the translator), and
// no integer type of another width is left.
TEST(Frontend, NarrowConstantsOnlyInVariableLocationsAreLegalized) {
  constexpr uint32_t kOpTypeInt = 21;
  CompileResult r = build("__kernel void k(__global long *out) {\n"
                          "  _BitInt(37) a = -21;\n  unsigned _BitInt(7) u = 121;\n"
                          "  out[0] = (long)a + (long)u;\n}\n",
                          /*optimize=*/true, /*debug=*/true);
  ASSERT_TRUE(r.ok) << r.log;
  for (const std::vector<uint32_t> &type : instructions(r.spirv, kOpTypeInt)) {
    ASSERT_GE(type.size(), 3u);
    EXPECT_TRUE(type[2] == 8 || type[2] == 16 || type[2] == 32 || type[2] == 64) << type[2];
  }
}

// A 128-bit `long long` product: clang -O2 -g says the variable is an i128 value, which
// becomes two 64-bit halves; the variable's location becomes one per half, the low half
// its bits 0 to 63 and the high half its bits 64 to 127 (DebugValues with fragments).
TEST(Frontend, WideValuesKeepTheirVariableLocationsAsTwoHalves) {
  constexpr uint32_t kOpUndef = 1, kOpExtInst = 12;
  constexpr uint32_t kDebugOperation = 30, kDebugExpression = 31, kFragment = 9;
  CompileResult r = build("__kernel void k(__global ulong *out, ulong a, ulong b) {\n"
                          "  long long product = (long long)a * (long long)b;\n"
                          "  out[0] = (ulong)product;\n"
                          "  out[1] = (ulong)(product >> 64);\n}\n",
                          /*optimize=*/true, /*debug=*/true);
  ASSERT_TRUE(r.ok) << r.log;
  const uint32_t debug = importOf(r.spirv, "OpenCL.DebugInfo.100");
  ASSERT_NE(debug, 0u);
  std::set<uint32_t> undefined;
  for (const std::vector<uint32_t> &undef : instructions(r.spirv, kOpUndef))
    undefined.insert(undef[2]);
  const auto extInsts = instructions(r.spirv, kOpExtInst);
  // fragment operation id -> its offset; expression id -> its fragment's offset.
  std::map<uint32_t, uint32_t> fragmentOffsets, expressionOffsets;
  for (const std::vector<uint32_t> &i : extInsts)
    if (i[3] == debug && i[4] == kDebugOperation && i.size() == 8 && i[5] == kFragment &&
        i[7] == 64)
      fragmentOffsets[i[2]] = i[6];
  for (const std::vector<uint32_t> &i : extInsts)
    if (i[3] == debug && i[4] == kDebugExpression)
      for (size_t k = 5; k < i.size(); ++k)
        if (auto found = fragmentOffsets.find(i[k]); found != fragmentOffsets.end())
          expressionOffsets[i[2]] = found->second;
  // variable -> the offsets of its located halves
  std::map<uint32_t, std::set<uint32_t>> halves;
  for (const std::vector<uint32_t> &i : extInsts)
    if (i[3] == debug && i[4] == kDebugValue && i.size() >= 8 && !undefined.count(i[6]))
      if (auto found = expressionOffsets.find(i[7]); found != expressionOffsets.end())
        halves[i[5]].insert(found->second);
  ASSERT_EQ(halves.size(), 1u);
  EXPECT_EQ(halves.begin()->second, (std::set<uint32_t>{0, 64}));
}

// name -> the bit offsets of the parts (fragments; 0 for a whole variable) of each local
// variable that some DebugValue names with a defined value and an expression that only
// says where the value is (OpenCL.DebugInfo.100 §4.8: Swap, Xderef, StackValue, Constu,
// Fragment), which the debugger follows.
std::map<std::string, std::set<uint32_t>>
plainlyLocatedVariables(const std::vector<uint32_t> &spirv) {
  constexpr uint32_t kOpString = 7, kOpUndef = 1, kOpExtInst = 12;
  constexpr uint32_t kDebugOperation = 30, kDebugExpression = 31, kFragment = 9;
  const uint32_t debug = importOf(spirv, "OpenCL.DebugInfo.100");
  std::map<uint32_t, std::string> strings, names;
  for (const std::vector<uint32_t> &s : instructions(spirv, kOpString))
    strings[s[1]] = std::string(reinterpret_cast<const char *>(&s[2])).c_str();
  std::set<uint32_t> undefined;
  for (const std::vector<uint32_t> &undef : instructions(spirv, kOpUndef))
    undefined.insert(undef[2]);
  const auto extInsts = instructions(spirv, kOpExtInst);
  std::map<uint32_t, std::vector<uint32_t>> operations; // DebugOperation id -> code, literals
  for (const std::vector<uint32_t> &i : extInsts) {
    if (i[3] != debug) continue;
    if (i[4] == kDebugLocalVariable) names[i[2]] = strings[i[5]];
    if (i[4] == kDebugOperation) operations[i[2]].assign(i.begin() + 5, i.end());
  }
  std::map<uint32_t, uint32_t> plainExpressions; // expression id -> its fragment's offset
  for (const std::vector<uint32_t> &i : extInsts) {
    if (i[3] != debug || i[4] != kDebugExpression) continue;
    bool plain = true;
    uint32_t offset = 0;
    for (size_t k = 5; k < i.size(); ++k) {
      const std::vector<uint32_t> &op = operations[i[k]];
      plain &= !op.empty() && op[0] >= 5 && op[0] <= kFragment;
      if (!op.empty() && op[0] == kFragment && op.size() > 1) offset = op[1];
    }
    if (plain) plainExpressions[i[2]] = offset;
  }
  std::map<std::string, std::set<uint32_t>> located;
  for (const std::vector<uint32_t> &i : extInsts)
    if (i[3] == debug && i[4] == kDebugValue && i.size() >= 8 && !undefined.count(i[6]))
      if (auto found = plainExpressions.find(i[7]); found != plainExpressions.end())
        located[names[i[5]]].insert(found->second);
  return located;
}

// clang -O2 -g describes variables no instruction computes any more by a computation on
// others: a conversion (DW_OP_LLVM_convert: `l`, `wide`), an operation with a constant
// (`scaled`), several values (a DIArgList: `sum`). OpenCL.DebugInfo.100 has neither
// conversions nor several values; the front end computes them, and the variables keep
// their values.
TEST(Frontend, ComputedVariableLocationsKeepTheirVariables) {
  CompileResult r =
      build("__kernel void k(__global int *out, __global const int *in, int a, int b) {\n"
            "  int l = get_local_id(0);\n"
            "  int g = get_global_id(0);\n"
            "  int sum = a + b;\n"
            "  int scaled = g * 3;\n"
            "  long wide = (long)g;\n"
            "  out[g] = in[l] + in[g + 1];\n}\n",
            /*optimize=*/true, /*debug=*/true);
  ASSERT_TRUE(r.ok) << r.log;
  const auto located = plainlyLocatedVariables(r.spirv);
  for (const char *name : {"l", "g", "sum", "scaled", "wide"})
    EXPECT_TRUE(located.count(name)) << name << " has no location";
}

// The names of the local variables some DebugDeclare gives an address (-O0 -g).
std::set<std::string> declaredVariables(const std::vector<uint32_t> &spirv) {
  constexpr uint32_t kOpString = 7, kOpExtInst = 12;
  const uint32_t debug = importOf(spirv, "OpenCL.DebugInfo.100");
  std::map<uint32_t, std::string> strings, names;
  for (const std::vector<uint32_t> &s : instructions(spirv, kOpString))
    strings[s[1]] = std::string(reinterpret_cast<const char *>(&s[2])).c_str();
  const auto extInsts = instructions(spirv, kOpExtInst);
  for (const std::vector<uint32_t> &i : extInsts)
    if (i[3] == debug && i[4] == kDebugLocalVariable) names[i[2]] = strings[i[5]];
  std::set<std::string> declared;
  for (const std::vector<uint32_t> &i : extInsts)
    if (i[3] == debug && i[4] == kDebugDeclare && i.size() >= 7) declared.insert(names[i[5]]);
  return declared;
}

// A variable holding a vector of 128-bit integers (`long long` in OpenCL C) at -O2: each
// element's two 64-bit halves are fragments of the variable (bits 0, 64, 128 and 192).
// At -O0 the vector is kept in memory: it becomes four 64-bit words (each element's low
// half first), the variable declared at their address.
TEST(Frontend, WideVectorValuesKeepTheirVariableLocations) {
  const char *source = "typedef unsigned long long wide2 __attribute__((ext_vector_type(2)));\n"
                       "__kernel void k(__global const ulong *in, __global ulong *out) {\n"
                       "  size_t i = get_global_id(0);\n"
                       "  wide2 p = (wide2)(in[i], in[i + 1]) * (wide2)(in[i + 2], in[i + 3]);\n"
                       "  p.y += 1;\n"
                       "  out[i] = (ulong)(p.x >> 64) ^ (ulong)p.y;\n}\n";
  CompileResult r = build(source, /*optimize=*/true, /*debug=*/true);
  ASSERT_TRUE(r.ok) << r.log;
  const auto located = plainlyLocatedVariables(r.spirv);
  ASSERT_TRUE(located.count("p"));
  EXPECT_EQ(located.at("p"), (std::set<uint32_t>{0, 64, 128, 192}));

  constexpr uint32_t kOpTypeInt = 21;
  for (bool debug : {false, true}) {
    r = build(source, /*optimize=*/false, debug);
    ASSERT_TRUE(r.ok) << r.log;
    for (const std::vector<uint32_t> &type : instructions(r.spirv, kOpTypeInt))
      EXPECT_LE(type[2], 64u);
    if (debug) {
      EXPECT_TRUE(declaredVariables(r.spirv).count("p"));
    }
  }
}

// Vectors of integers between 64 and 128 bits (`_BitInt(96)`, `_BitInt(72)`) kept in
// memory at -O0, which LLVM packs bit by bit: two 64-bit words per element as well (a
// 3-component vector also stored and loaded as 4 components), the variables declared.
TEST(Frontend, NarrowerWideVectorsInMemoryBecomeWords) {
  const char *source = "typedef unsigned _BitInt(96) u96x3 __attribute__((ext_vector_type(3)));\n"
                       "typedef _BitInt(72) s72;\n"
                       "typedef s72 s72x2 __attribute__((ext_vector_type(2)));\n"
                       "__kernel void k(__global const ulong *in, __global ulong *out) {\n"
                       "  size_t i = get_global_id(0);\n"
                       "  u96x3 v = (u96x3)(in[i], in[i + 1], in[i + 2]) << 30;\n"
                       "  s72x2 w = (s72x2)(in[i], -(s72)in[i + 1]);\n"
                       "  v.z += v.x;\n"
                       "  out[i] = (ulong)(v.z >> 64) ^ (ulong)(w.y >> 8);\n}\n";
  constexpr uint32_t kOpTypeInt = 21;
  for (bool debug : {false, true}) {
    CompileResult r = build(source, /*optimize=*/false, debug);
    ASSERT_TRUE(r.ok) << r.log;
    for (const std::vector<uint32_t> &type : instructions(r.spirv, kOpTypeInt))
      EXPECT_LE(type[2], 64u);
    if (debug) {
      EXPECT_TRUE(declaredVariables(r.spirv).count("v"));
      EXPECT_TRUE(declaredVariables(r.spirv).count("w"));
    }
  }
}

// The translator ends the process on every error: what it would reject is reported
// in the log before it runs.
TEST(Frontend, UntranslatableInputIsABuildErrorNotAnExit) {
  // An intrinsic the translator does not know: an external call, unresolved at build.
  CompileResult r =
      build("__kernel void k(__global long *a) { a[0] = __builtin_readcyclecounter(); }");
  EXPECT_TRUE(r.ok) << r.log;
}

// A variable holding a pointer to `long long` (128 bits): at -O2 -g the variable's
// location names the buffer's pointer once the 128-bit accesses are lowered; at -O0 it
// is a private variable of a pointer type SPIR-V cannot express, a build error that
// names its line, not the translator's exit.
TEST(Frontend, PointerToWideIntegerVariable) {
  const char *source = "__kernel void k(__global ulong *p, __global ulong *out) {\n"
                       "  int i = get_global_id(0);\n"
                       "  __global unsigned long long *w = (__global unsigned long long *)p;\n"
                       "  out[i] = (ulong)(w[i] >> 3);\n}\n";
  CompileResult r = build(source, true, true);
  EXPECT_TRUE(r.ok) << r.log;
  r = build(source, false, false);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.log.find("input.cl:3: error:"), std::string::npos) << r.log;
  EXPECT_EQ(r.log.find("translator ended"), std::string::npos) << r.log;
}

// A narrow integer as the parameter of a call that stays a call has no promoted form:
// a build error naming the function's line at every level (at -O0 its variables have
// no location of their own), never the translator's exit. Only the optimised build's
// message suggests building without optimisation.
TEST(Frontend, NarrowParameterOfACallIsABuildErrorWithItsLine) {
  const char *source = "typedef unsigned _BitInt(24) u24;\n"
                       "__attribute__((noinline)) u24 twice(u24 x) { return x * 2 + 1; }\n"
                       "__kernel void k(__global uint *a) { a[0] = (uint)twice((u24)a[1]); }\n";
  CompileResult r = build(source, /*optimize=*/true);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.log.find("input.cl:2: error: the optimised kernel needs a 24-bit integer, which "
                       "SPIR-V for OpenCL does not have (8, 16, 32 and 64 bits); "
                       "-cl-opt-disable may avoid it\n"),
            std::string::npos)
      << r.log;
  r = build(source, /*optimize=*/false);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.log.find("input.cl:2: error: the kernel needs a 24-bit integer, which SPIR-V for "
                       "OpenCL does not have (8, 16, 32 and 64 bits)\n"),
            std::string::npos)
      << r.log;
  EXPECT_EQ(r.log.find("-cl-opt-disable"), std::string::npos) << r.log;
}

// Inline assembly: the translator dereferences a null pointer on it.
TEST(Frontend, InlineAssemblyIsABuildError) {
  CompileResult r = build("__kernel void k(__global int *a) {\n  int v;\n"
                          "  __asm__ volatile(\"mov %0, 1\" : \"=r\"(v));\n  a[0] = v;\n}\n");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.log.find("input.cl:3: error: inline assembly"), std::string::npos) << r.log;
}

// What the translator ends the process on and nothing checks for beforehand: it runs in a
// child process, whose end is the build's error, and this process goes on.
TEST(Frontend, TranslatorEndingTheProcessIsABuildError) {
  // report_fatal_error ("LLVM ERROR: Unsupported vector type with 32 elements"): exit(1).
  CompileResult r = build("typedef int int32v __attribute__((ext_vector_type(32)));\n"
                          "__kernel void k(__global int32v *a) { a[0] = a[1] + a[2]; }\n");
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(r.spirv.empty());
  EXPECT_NE(r.log.find("Unsupported vector type with 32 elements"), std::string::npos) << r.log;
  EXPECT_NE(r.log.find("error: the SPIR-V translator"), std::string::npos) << r.log;
  // An assertion after report_fatal_error's message ("Invalid vector size for fixup: 5").
  r = build("typedef int int5 __attribute__((ext_vector_type(5)));\n"
            "__kernel void k(__global int *a) {\n"
            "  int5 v = (int5)(a[0], a[1], a[2], a[3], a[4]);\n  v = v * v;\n"
            "  a[0] = v.s0 + v.s4;\n}\n");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.log.find("error: the SPIR-V translator"), std::string::npos) << r.log;
  // The process and its front end still work.
  r = build(kDivRem);
  EXPECT_TRUE(r.ok) << r.log;
}

TEST(Frontend, DebugInfoWithLocalArraysAtEveryLevel) {
  for (bool optimize : {false, true}) {
    CompileResult r = build(kLocalArray, optimize, /*debug=*/true);
    ASSERT_TRUE(r.ok) << r.log;
    const uint32_t debug = importOf(r.spirv, "OpenCL.DebugInfo.100");
    ASSERT_NE(debug, 0u);
    // Variables, not only lines: l, s, i and the parameters.
    EXPECT_GE(extInstCount(r.spirv, debug, kDebugLocalVariable), 4u) << "optimize " << optimize;
    EXPECT_GT(extInstCount(r.spirv, debug, kDebugDeclare) +
                  extInstCount(r.spirv, debug, kDebugValue),
              0u);
    // `tile[64]` is one dimension: a Base Type and one Component Count, without the
    // lower bound llvm-spirv appends (OpenCL.DebugInfo.100 §4.3).
    constexpr uint32_t kOpExtInst = 12, kDebugTypeArray = 5;
    size_t arrays = 0;
    for (const std::vector<uint32_t> &i : instructions(r.spirv, kOpExtInst))
      if (i[3] == debug && i[4] == kDebugTypeArray) {
        ++arrays;
        EXPECT_EQ(i.size(), 7u) << "optimize " << optimize;
      }
    EXPECT_GE(arrays, 1u);
  }
}

// The conformance suite's sub_group_broadcast_first test (subgroups, ballot): clang 15's
// -O2 pipeline merges the two calls into one after the `if` (SimplifyCFG), which every
// work-item of the sub-group would then make. The front end keeps both, at every level.
const char *kBroadcastFirstOnBothSides = R"(
__kernel void k(const __global int *in, __global int4 *xy, __global int *out) {
  int gid = get_global_id(0);
  int x = in[gid];
  if (xy[gid].x < 5)
    out[gid] = sub_group_broadcast_first(x);
  else
    out[gid] = sub_group_broadcast_first(x);
})";

// Calls that do not depend on which work-items make them (math, work-item functions)
// are still merged.
const char *kMathOnBothSides = R"(
__kernel void k(const __global float *in, __global float *out) {
  int gid = get_global_id(0);
  float x = in[gid];
  if (x < 5)
    out[gid] = native_sin(x) + 1;
  else
    out[gid] = native_sin(x);
})";

TEST(Frontend, ConvergentCallsOnBothSidesOfABranchStayApart) {
  constexpr uint32_t kOpGroupNonUniformBroadcastFirst = 338, kNativeSin = 92; // OpenCL.std
  for (bool optimize : {false, true}) {
    CompileInput input;
    input.source = kBroadcastFirstOnBothSides;
    input.optimize = optimize;
    input.clStd = "CL2.0";
    CompileResult r = compile(input, DeviceFacts{});
    ASSERT_TRUE(r.ok) << r.log;
    EXPECT_EQ(instructions(r.spirv, kOpGroupNonUniformBroadcastFirst).size(), 2u)
        << "optimize " << optimize;
  }
  CompileResult r = build(kMathOnBothSides);
  ASSERT_TRUE(r.ok) << r.log;
  EXPECT_EQ(extInstCount(r.spirv, importOf(r.spirv, "OpenCL.std"), kNativeSin), 1u);
}

TEST(Frontend, EmbeddedHeadersAndDefines) {
  CompileInput input;
  input.source = "#include \"sub/value.h\"\n"
                 "__kernel void k(__global int *a) { a[0] = VALUE + EXTRA; }";
  input.headers = {{"sub/value.h", "#define VALUE 42\n"}, {"../escape.h", ""}};
  input.options = {"-D", "EXTRA=1"};
  CompileResult r = compile(input, DeviceFacts{});
  EXPECT_TRUE(r.ok) << r.log;
  EXPECT_NE(r.log.find("header '../escape.h' ignored"), std::string::npos) << r.log;
  // Embedded headers are part of the input: not listed as included files.
  for (const auto &[path, content] : r.includedFiles)
    EXPECT_EQ(path.find("value.h"), std::string::npos) << path;
}

TEST(Frontend, IncludedFilesAreListedWithTheirContent) {
  CompileResult r = build("__kernel void k(__global int *a) { a[0] = 1; }");
  ASSERT_TRUE(r.ok) << r.log;
  bool base = false;
  for (const auto &[path, content] : r.includedFiles) {
    EXPECT_EQ(path.front(), '/') << path;
    if (path.find("opencl-c-base.h") != std::string::npos) base = !content.empty();
  }
  EXPECT_TRUE(base) << "clang's OpenCL declarations are an included file";
}

TEST(Frontend, AddressBitsChooseTheTarget) {
  CompileInput input;
  input.source = "__kernel void k(__global int *a) { a[0] = sizeof(size_t); }";
  DeviceFacts device;
  device.addressBits = 32;
  CompileResult r = compile(input, device);
  ASSERT_TRUE(r.ok) << r.log;
  const auto model = instructions(r.spirv, kOpMemoryModel);
  ASSERT_EQ(model.size(), 1u);
  EXPECT_EQ(model[0][1], 1u); // Physical32
  device.addressBits = 64;
  r = compile(input, device);
  ASSERT_TRUE(r.ok) << r.log;
  EXPECT_EQ(instructions(r.spirv, kOpMemoryModel)[0][1], 2u); // Physical64
}

TEST(Frontend, SpirvVersion) {
  CompileInput input;
  input.source = "__kernel void k(__global int *a, int b) { a[0] = a[1] + b; }";
  CompileResult r = compile(input, DeviceFacts{});
  ASSERT_TRUE(r.ok) << r.log;
  EXPECT_EQ(r.spirv[1], 0x00010400u); // the translator's highest
  input.maxSpirvVersion = 0x00010100;
  r = compile(input, DeviceFacts{});
  ASSERT_TRUE(r.ok) << r.log;
  EXPECT_EQ(r.spirv[1], 0x00010100u);
  // Line tables need 1.1: 1.0 is raised to it rather than failing.
  input.maxSpirvVersion = 0x00010000;
  r = compile(input, DeviceFacts{});
  ASSERT_TRUE(r.ok) << r.log;
  EXPECT_EQ(r.spirv[1], 0x00010100u);
}

TEST(Frontend, DevicePreludeAndExtensionOptions) {
  CompileInput input;
  input.source = "#ifdef cl_khr_fp64\n#error fp64 is not on this device\n#endif\n"
                 "#ifndef FROM_PRELUDE\n#error no prelude\n#endif\n"
                 "__kernel void k(__global int *a) { a[0] = 1; }";
  DeviceFacts device;
  device.extensionOptions = {"-Xclang", "-cl-ext=-all"};
  device.prelude = "#define FROM_PRELUDE 1\n";
  CompileResult r = compile(input, device);
  EXPECT_TRUE(r.ok) << r.log;
}

TEST(Frontend, CxxForOpenCL) {
  CompileInput input;
  input.source = "template <typename T> T twice(T v) { return v + v; }\n"
                 "__kernel void k(__global int *a) { a[0] = twice(21); }";
  input.clStd = "CLC++2021";
  CompileResult r = compile(input, DeviceFacts{});
  EXPECT_TRUE(r.ok) << r.log;
}

TEST(Frontend, VersionNamesLlvm) {
  EXPECT_NE(version().find("15."), std::string::npos) << version();
}

} // namespace
} // namespace spvsim::frontend
