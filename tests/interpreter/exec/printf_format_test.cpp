// The printf formatting engine (exec/printf_format.h) against the conversions
// of OpenCL C++ 1.0 §3.23.2 / OpenCL C §6.15.14: flags, widths, precisions,
// length modifiers, vector specifiers, and the formats the rules leave
// undefined, which fail without output.
#include "exec/printf_format.h"

#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <map>
#include <vector>

#include <gtest/gtest.h>

namespace spvsim::printf_format {
namespace {

using Kind = Argument::Kind;

Argument vec(Kind kind, uint8_t bytes, std::initializer_list<uint64_t> bits) {
  Argument a;
  a.kind = kind;
  a.bytes = bytes;
  a.components = static_cast<uint8_t>(bits.size());
  size_t k = 0;
  for (uint64_t b : bits) a.bits[k++] = b;
  return a;
}

Argument floats(std::initializer_list<float> values) {
  Argument a = vec(Kind::Float, 4, {});
  for (float v : values) a.bits[a.components++] = std::bit_cast<uint32_t>(v);
  return a;
}

Argument i32(int32_t v) {
  return Argument::integer(uint32_t(v), 4);
}

/// Strings a %s pointer may point at, by pointer value.
const std::map<uint64_t, std::string> kStrings = {{1, "str"}, {2, ""}, {3, "hello world"}};

std::optional<std::string> readFromTable(uint64_t pointer, uint64_t limit) {
  auto it = kStrings.find(pointer);
  if (it == kStrings.end()) return std::nullopt;
  return it->second.substr(0, limit);
}

Outcome run(std::string_view fmt, std::vector<Argument> args, std::string &out,
            uint64_t limit = 1 << 20) {
  return format(fmt, args, readFromTable, out, limit);
}

std::string ok(std::string_view fmt, std::vector<Argument> args = {}) {
  std::string out;
  Outcome o = run(fmt, std::move(args), out);
  EXPECT_EQ(o.status, Status::Ok) << fmt << ": " << o.error;
  return out;
}

/// A format that must fail with FormatError; returns the error text.
std::string bad(std::string_view fmt, std::vector<Argument> args = {}) {
  std::string out = "kept";
  Outcome o = run(fmt, std::move(args), out);
  EXPECT_EQ(o.status, Status::FormatError) << fmt;
  EXPECT_EQ(out, "kept") << "a failing call prints nothing: " << fmt;
  return o.error;
}

TEST(PrintfFormat, OrdinaryCharactersAndPercent) {
  EXPECT_EQ(ok("hello\n"), "hello\n");
  EXPECT_EQ(ok("100%% sure %%d"), "100% sure %d");
  EXPECT_EQ(ok(""), "");
}

TEST(PrintfFormat, SignedDecimalFlagsWidthPrecision) {
  EXPECT_EQ(ok("%d|%i", {i32(-5), i32(42)}), "-5|42");
  EXPECT_EQ(ok("[%5d][%-5d][%+d][% d][%+ d]", {i32(-5), i32(-5), i32(5), i32(5), i32(5)}),
            "[   -5][-5   ][+5][ 5][+5]");
  EXPECT_EQ(ok("[%05d][%.3d][%8.3d][%-08d]", {i32(-5), i32(7), i32(-7), i32(3)}),
            "[-0005][007][    -007][3       ]");
  // Precision 0 and value 0: no characters (§3.23.2 d, i); 0 is ignored with a precision.
  EXPECT_EQ(ok("[%.0d][%5.0d][%05.2d]", {i32(0), i32(0), i32(1)}), "[][     ][   01]");
  EXPECT_EQ(ok("%d %d", {i32(INT32_MIN), i32(INT32_MAX)}), "-2147483648 2147483647");
}

TEST(PrintfFormat, UnsignedOctalHex) {
  EXPECT_EQ(ok("%u %x %X %o", {i32(-1), i32(255), i32(255), i32(8)}), "4294967295 ff FF 10");
  EXPECT_EQ(ok("[%#x][%#X][%#x][%#o][%#o]", {i32(255), i32(255), i32(0), i32(8), i32(0)}),
            "[0xff][0XFF][0][010][0]");
  EXPECT_EQ(ok("[%#010x][%.4x]", {i32(255), i32(10)}), "[0x000000ff][000a]");
}

TEST(PrintfFormat, LengthModifiersConvertPromotedValues) {
  // hh / h: the promoted int is converted back to char / short before printing.
  EXPECT_EQ(ok("%hhd %hhu %hhx", {i32(255), i32(0x1ff), i32(-1)}), "-1 255 ff");
  EXPECT_EQ(ok("%hd %hu %hx", {i32(0x18000), i32(-1), i32(0x12345)}), "-32768 65535 2345");
  // l: long and ulong.
  EXPECT_EQ(ok("%ld %lu %lx %lo",
               {Argument::integer(uint64_t(INT64_MIN), 8), Argument::integer(~uint64_t(0), 8),
                Argument::integer(0xdeadbeefcafeULL, 8), Argument::integer(8, 8)}),
            "-9223372036854775808 18446744073709551615 deadbeefcafe 10");
  // Arguments narrower than int (not promoted by the producer) keep their sign.
  EXPECT_EQ(ok("%d %u", {Argument::integer(0xff, 1), Argument::integer(0xffff, 2)}), "-1 65535");
}

TEST(PrintfFormat, Characters) {
  EXPECT_EQ(ok("%c%c", {i32('O'), i32('K')}), "OK");
  EXPECT_EQ(ok("[%3c][%-3c]", {i32('x'), i32('y')}), "[  x][y  ]");
  EXPECT_EQ(ok("%c", {i32(0x141)}), "A"); // converted to unsigned char
}

TEST(PrintfFormat, Strings) {
  EXPECT_EQ(ok("%s!", {Argument::pointer(1)}), "str!");
  EXPECT_EQ(ok("[%.2s][%5s][%-5s][%s]", {Argument::pointer(1), Argument::pointer(1),
                                         Argument::pointer(1), Argument::pointer(2)}),
            "[st][  str][str  ][]");
  EXPECT_EQ(ok("%.5s", {Argument::pointer(3)}), "hello");
}

TEST(PrintfFormat, DecimalFloatingPoint) {
  EXPECT_EQ(ok("%f %.2f %.0f %.0f", {Argument::floating(1.5), Argument::floating(3.14159),
                                     Argument::floating(2.5), Argument::floating(3.5)}),
            "1.500000 3.14 2 4");
  EXPECT_EQ(ok("[%#.0f][%08.3f][%+.1f][% .1f][%-8.2f]",
               {Argument::floating(2), Argument::floating(-1.5), Argument::floating(1),
                Argument::floating(1), Argument::floating(0.125)}),
            "[2.][-001.500][+1.0][ 1.0][0.12    ]");
  EXPECT_EQ(ok("%F %lf", {Argument::floating(0.5), Argument::floating(0.25)}), "0.500000 0.250000");
}

TEST(PrintfFormat, ExponentAndShortestForms) {
  EXPECT_EQ(ok("%e %E %.0e %#.0e", {Argument::floating(12345.678), Argument::floating(12345.678),
                                    Argument::floating(5e-300), Argument::floating(1)}),
            "1.234568e+04 1.234568E+04 5e-300 1.e+00");
  EXPECT_EQ(ok("%e", {Argument::floating(0)}), "0.000000e+00");
  EXPECT_EQ(ok("%g %g %G %g %#g",
               {Argument::floating(0.0001), Argument::floating(1e-5), Argument::floating(1e-5),
                Argument::floating(123456789), Argument::floating(1)}),
            "0.0001 1e-05 1E-05 1.23457e+08 1.00000");
  EXPECT_EQ(
      ok("%a %A %.1a", {Argument::floating(1), Argument::floating(-0.5), Argument::floating(1.75)}),
      "0x1p+0 -0X1P-1 0x1.cp+0");
}

TEST(PrintfFormat, InfinityAndNaN) {
  const double inf = INFINITY, nan = NAN;
  EXPECT_EQ(ok("%f %F %f %e %g",
               {Argument::floating(inf), Argument::floating(inf), Argument::floating(-inf),
                Argument::floating(inf), Argument::floating(-inf)}),
            "inf INF -inf inf -inf");
  EXPECT_EQ(
      ok("%f %F %a", {Argument::floating(nan), Argument::floating(nan), Argument::floating(nan)}),
      "nan NAN nan");
  // The 0 flag pads with spaces for infinities and NaNs (§3.23.2 flag 0).
  EXPECT_EQ(ok("[%06f][%-6f]", {Argument::floating(inf), Argument::floating(nan)}),
            "[   inf][nan   ]");
}

TEST(PrintfFormat, SubnormalsAndExtremes) {
  EXPECT_EQ(ok("%a %e", {Argument::floating(0x1p-1074), Argument::floating(0x1p-1074)}),
            "0x0.0000000000001p-1022 4.940656e-324");
  EXPECT_EQ(ok("%.0f", {Argument::floating(0x1p100)}), "1267650600228229401496703205376");
  EXPECT_EQ(ok("%g", {Argument::floating(-0.0)}), "-0");
}

TEST(PrintfFormat, Vectors) {
  EXPECT_EQ(ok("%v4hlf", {floats({1, 2, 3, 4})}), "1.000000,2.000000,3.000000,4.000000");
  EXPECT_EQ(ok("%5.1v2hlf|", {floats({1, -2})}), "  1.0, -2.0|");
  EXPECT_EQ(ok("%v2hd", {vec(Kind::Int, 2, {1, 0xfffe})}), "1,-2");
  EXPECT_EQ(ok("%v8hhu", {vec(Kind::Int, 1, {1, 2, 3, 4, 5, 6, 7, 255})}), "1,2,3,4,5,6,7,255");
  EXPECT_EQ(ok("%v3hld", {vec(Kind::Int, 4, {1, 0xffffffff, 3})}), "1,-1,3");
  EXPECT_EQ(ok("%#v2lx", {vec(Kind::Int, 8, {0x10, 0xffffffffffffffffULL})}),
            "0x10,0xffffffffffffffff");
  EXPECT_EQ(ok("%v2hf", {vec(Kind::Float, 2, {0x3e00, 0xb400})}), "1.500000,-0.250000");
  EXPECT_EQ(ok("%v2le", {vec(Kind::Float, 8, {std::bit_cast<uint64_t>(1e10), 0})}),
            "1.000000e+10,0.000000e+00");
  Argument sixteen = vec(Kind::Int, 1, {});
  sixteen.components = 16;
  for (int k = 0; k < 16; ++k) sixteen.bits[k] = uint64_t(k);
  EXPECT_EQ(ok("%v16hhd", {sixteen}), "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15");
}

TEST(PrintfFormat, Pointers) {
  EXPECT_EQ(ok("%p", {Argument::pointer(0x10)}), "0x10");
  EXPECT_EQ(ok("[%-6p][%6p]", {Argument::pointer(0), Argument::pointer(0xab)}), "[0x0   ][  0xab]");
}

TEST(PrintfFormat, ExcessArgumentsAreIgnored) {
  EXPECT_EQ(ok("%d\n", {i32(1), i32(2), floats({1})}), "1\n");
}

TEST(PrintfFormat, UndefinedFormatsFail) {
  EXPECT_NE(bad("%*d", {i32(1), i32(2)}).find("'*' field widths"), std::string::npos);
  EXPECT_NE(bad("%.*d", {i32(1), i32(2)}).find("'*' precisions"), std::string::npos);
  EXPECT_NE(bad("%q").find("'q' is not a conversion specifier"), std::string::npos);
  EXPECT_NE(bad("%n", {Argument::pointer(1)}).find("not a conversion"), std::string::npos);
  EXPECT_NE(bad("%v4f", {floats({1, 2, 3, 4})}).find("needs a length modifier"), std::string::npos);
  EXPECT_NE(bad("%v5hld").find("2, 3, 4, 8 or 16"), std::string::npos);
  EXPECT_NE(bad("%hld", {i32(1)}).find("only valid with a vector"), std::string::npos);
  EXPECT_NE(bad("%v2hhf").find("'hh' does not apply"), std::string::npos);
  EXPECT_NE(bad("%hf", {Argument::floating(1)}).find("'h' does not apply to %f"),
            std::string::npos);
  bad("%lc", {i32('a')});
  bad("%ls", {Argument::pointer(1)});
  bad("%v2s", {Argument::pointer(1)});
  EXPECT_NE(bad("%#d", {i32(1)}).find("flag '#'"), std::string::npos);
  bad("%+s", {Argument::pointer(1)});
  bad("% c", {i32('a')});
  bad("%05s", {Argument::pointer(1)});
  bad("%.3c", {i32('a')});
  bad("%.3p", {Argument::pointer(1)});
  EXPECT_NE(bad("abc%").find("ends inside"), std::string::npos);
  EXPECT_NE(bad("%ll", {i32(1)}).find("'l' is not a conversion"), std::string::npos);
  EXPECT_NE(bad("%99999999999d", {i32(1)}).find("too large"), std::string::npos);
}

TEST(PrintfFormat, ArgumentsMustMatch) {
  EXPECT_NE(bad("%d %d", {i32(1)}).find("no argument left"), std::string::npos);
  EXPECT_NE(bad("%d", {Argument::floating(1)}).find("the argument is a double"), std::string::npos);
  EXPECT_NE(bad("%f", {i32(1)}).find("the argument is a 32-bit integer"), std::string::npos);
  EXPECT_NE(bad("%ld", {i32(1)}).find("a 64-bit integer"), std::string::npos);
  bad("%d", {Argument::integer(1, 8)});
  EXPECT_NE(bad("%v4hlf", {Argument::floating(1)}).find("a vector of 4 floats"), std::string::npos);
  bad("%v4hlf", {vec(Kind::Float, 8, {0, 0, 0, 0})});
  bad("%v4hld", {vec(Kind::Int, 2, {0, 0, 0, 0})});
  bad("%v2hld", {vec(Kind::Int, 4, {0, 0, 0})});
  bad("%s", {i32(1)});
  bad("%p", {i32(1)});
  bad("%c", {Argument::pointer(1)});
  bad("%d", {Argument::pointer(1)});
}

TEST(PrintfFormat, UnreadableStringIsAMemoryFault) {
  std::string out = "kept";
  EXPECT_EQ(run("a%sb", {Argument::pointer(99)}, out).status, Status::MemoryFault);
  EXPECT_EQ(out, "kept");
}

TEST(PrintfFormat, OutputBeyondTheLimitFails) {
  std::string out;
  EXPECT_EQ(run("abcde", {}, out, 5).status, Status::Ok);
  EXPECT_EQ(out, "abcde");
  out = "x";
  EXPECT_EQ(run("abcdef", {}, out, 5).status, Status::TooLong);
  EXPECT_EQ(out, "x");
  EXPECT_EQ(run("%10d", {i32(1)}, out, 9).status, Status::TooLong);
  // A huge width is measured, never materialised.
  EXPECT_EQ(run("%1000000000d", {i32(1)}, out, 1 << 20).status, Status::TooLong);
  EXPECT_EQ(run("%v4hld", {vec(Kind::Int, 4, {1, 2, 3, 4})}, out, 6).status, Status::TooLong);
  EXPECT_EQ(out, "x");
}

// Found by fuzz_printf: each field of 2^30 characters took the C library a second or
// more to count out, so a format with a few of them ran for half a minute. Output that
// cannot fit the limit is not formatted at all.
TEST(PrintfFormat, FieldsThatCannotFitAreNotFormatted) {
  std::string out;
  const auto start = std::chrono::steady_clock::now();
  const std::vector<std::pair<const char *, std::vector<Argument>>> cases = {
      {"%1073741824d %1073741824d %1073741824d", {i32(7), i32(7), i32(7)}},
      {"%.1073741824d", {i32(7)}},
      {"%1073741824c", {i32(7)}},
      {"%.1073741824f", {Argument::floating(1.5)}},
      {"%.1073741824e", {Argument::floating(1.5)}},
      {"%#.1073741824g", {Argument::floating(1.5)}},
      {"%1073741824s", {Argument::pointer(1)}},
      {"%1073741824p", {Argument::pointer(1)}}};
  for (const auto &[fmt, args] : cases)
    EXPECT_EQ(run(fmt, args, out, 1 << 20).status, Status::TooLong) << fmt;
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(500));
  EXPECT_EQ(out, "");
  // Within the limit the width is honoured.
  EXPECT_EQ(ok("%.3d|%5.2f|%3s", {i32(7), Argument::floating(1.5), Argument::pointer(1)}),
            "007| 1.50|str");
}

// Found by fuzz_printf: %g with a huge precision made the C library allocate gigabytes
// of working space although without '#' it prints only the significant digits.
TEST(PrintfFormat, HugeShortestFormPrecisionPrintsTheSignificantDigits) {
  const double tiny = std::bit_cast<double>(uint64_t(1)); // 751 significant digits
  const double big = std::bit_cast<double>(uint64_t(0x7fefffffffffffff));
  for (double v : {1.5, 0.1, tiny, big, -1e-300, 123456789.0}) {
    char expected[2048];
    std::snprintf(expected, sizeof expected, "%.999999g|%.999999G", v, v);
    EXPECT_EQ(ok("%.1073741824g|%.999999G", {Argument::floating(v), Argument::floating(v)}),
              expected)
        << v;
  }
}

} // namespace
} // namespace spvsim::printf_format
