// Run-file variables (run_vars.h): expressions, where they are substituted, --set, and
// one test per error path, each naming the key or the option.
#include "spvsim/runfile/run_vars.h"

#include <gtest/gtest.h>

#include "runfile_test_support.h"

#include <cstring>

#include "spvsim/common/error.h"
#include "spvsim/runfile/run_spec.h"

namespace spvsim::runfile {
namespace {

using test::kData;

Json evaluate(std::string_view text, const std::map<std::string, Json> &vars = {}) {
  return evaluateVarExpression(text, vars, "x");
}

using test::errorOf;

TEST(RunVars, ExpressionsFollowCPrecedence) {
  EXPECT_EQ(evaluate("1 + 2 * 3"), 7u);
  EXPECT_EQ(evaluate("(1 + 2) * 3"), 9u);
  EXPECT_EQ(evaluate("7 / 2"), 3u);
  EXPECT_EQ(evaluate("-7 / 2"), -3);
  EXPECT_EQ(evaluate("7 % 4"), 3u);
  EXPECT_EQ(evaluate("2 - 5"), -3);
  EXPECT_DOUBLE_EQ(evaluate("7 / 2.0").get<double>(), 3.5);
  EXPECT_DOUBLE_EQ(evaluate("1e3 / 4").get<double>(), 250.0);
  EXPECT_EQ(evaluate("N*N + M", {{"N", Json(32)}, {"M", Json(1)}}), 1025u);
  EXPECT_DOUBLE_EQ(evaluate("X * 2", {{"X", Json(0.25)}}).get<double>(), 0.5);
  // Whole results are unsigned when not negative, as JSON reads 16.
  EXPECT_TRUE(evaluate("4*4").is_number_unsigned());
}

TEST(RunVars, ExpressionErrors) {
  EXPECT_EQ(errorOf([] { evaluate("N*2"); }),
            "x: \"N*2\": no variable named 'N' (the run file has no \"vars\")");
  EXPECT_EQ(errorOf([] {
              evaluate("M", {{"N", Json(1)}});
            }),
            "x: \"M\": no variable named 'M' (vars: N)");
  EXPECT_EQ(errorOf([] { evaluate("4 / 0"); }), "x: \"4 / 0\": division by zero");
  EXPECT_EQ(errorOf([] { evaluate("(1 + 2"); }), "x: \"(1 + 2\": ')' expected");
  EXPECT_EQ(errorOf([] { evaluate("1 +"); }),
            "x: \"1 +\": a number or a variable expected at the end");
  EXPECT_EQ(errorOf([] { evaluate("3000000000 * 3000000000 * 3000000000"); }),
            "x: \"3000000000 * 3000000000 * 3000000000\": overflow");
  EXPECT_EQ(errorOf([] { evaluate("2 $ 3"); }), "x: \"2 $ 3\": unexpected '$'");
  EXPECT_EQ(errorOf([] {
              evaluate(std::string(200, '(') + "1" + std::string(200, ')'));
            }).find("nested too deeply") != std::string::npos,
            true);
}

const char *kRunFile = R"({
  // a comment, as JSONC allows
  "vars": {"N": 64, "G": "N/4", "BUF": 8},
  "module": "kernel.spvasm", "kernel": "k",
  "global_size": ["N"], "local_size": ["G"], /* block comment */
  "buffers": {
    "size": {"type": "float", "count": "N*2", "init": {"fill": "G*0.5"}},
    "b": {"type": "int", "count": "BUF", "init": {"values": ["-0x1", "0x10", 1, 2, 3, 4, 5, "N"]}}
  },
  "args": [{"buffer": "size", "offset": "G*4"}, {"local": "G*4"}, {"scalar": "uint", "value": "N-1"}]
})";

TEST(RunVars, SubstitutedInSizesCountsAndValues) {
  RunSpec spec = parseRunText(kRunFile, kData, "test.json");
  EXPECT_EQ(spec.launches[0].global[0], 64u);
  EXPECT_EQ((*spec.launches[0].local)[0], 16u);
  EXPECT_EQ(spec.buffers[0].name, "size"); // a buffer name is not a numeric key
  EXPECT_EQ(spec.buffers[0].count, 128u);
  EXPECT_EQ(spec.buffers[1].count, 8u);
  EXPECT_EQ(spec.launches[0].args[0].offset, 64u);
  EXPECT_EQ(spec.launches[0].args[1].localSize, 64u);
  uint32_t value = 0;
  std::memcpy(&value, spec.launches[0].args[2].bytes.data(), 4);
  EXPECT_EQ(value, 63u);
  float fill = 0;
  std::memcpy(&fill, &spec.buffers[0].init.fillBits, 4);
  EXPECT_EQ(fill, 8.0f);
  EXPECT_EQ(spec.buffers[1].init.valueBits[1], 16u); // "0x10" stays a spelled number
  EXPECT_EQ(spec.buffers[1].init.valueBits[7], 64u);
}

TEST(RunVars, SubstitutedInImageSizesNotInImageNames) {
  Json root = Json::parse(R"({"vars": {"N": 8}, "images": {"width": {"type": "image2d_t",
      "width": "N", "height": "N / 2", "row_pitch": "N * 16", "array_size": "N - 7"}}})");
  substituteVars(root, {});
  const Json &image = root["images"]["width"]; // an image's name is not a numeric key
  EXPECT_EQ(image["type"], "image2d_t");
  EXPECT_EQ(image["width"], 8u);
  EXPECT_EQ(image["height"], 4u);
  EXPECT_EQ(image["row_pitch"], 128u);
  EXPECT_EQ(image["array_size"], 1u);
}

TEST(RunVars, SetReplacesAValueAndWhatFollowsFromIt) {
  RunSpec spec = parseRunText(kRunFile, kData, "test.json", {{"N", "2*128"}});
  EXPECT_EQ(spec.launches[0].global[0], 256u);
  EXPECT_EQ((*spec.launches[0].local)[0], 64u);
  EXPECT_EQ(spec.buffers[0].count, 512u);
  EXPECT_EQ(parseVarOverride("N=2048"), (std::pair<std::string, std::string>{"N", "2048"}));
}

TEST(RunVars, Errors) {
  EXPECT_EQ(errorOf([] {
              parseRunText(kRunFile, kData, "test.json", {{"M", "1"}});
            }),
            "--set M=1: the run file has no variable 'M' (vars: BUF, G, N)");
  EXPECT_EQ(errorOf([] { parseVarOverride("N"); }), "--set N: expected NAME=VALUE");
  EXPECT_EQ(errorOf([] { parseVarOverride("2N=3"); }), "--set 2N=3: '2N' is not a variable name");
  EXPECT_EQ(errorOf([] {
              parseRunText(R"({"module": "kernel.spvasm", "kernel": "k", "global_size": ["N"]})",
                           kData, "test.json");
            }),
            "global_size[0]: \"N\": no variable named 'N' (the run file has no \"vars\")");
  EXPECT_EQ(errorOf([] {
              parseRunText(R"({"vars": {"N": "x"}, "module": "kernel.spvasm", "kernel": "k",
                   "global_size": [1]})",
                           kData, "test.json");
            }),
            "vars.N: \"x\": no variable named 'x' (the run file has no \"vars\")");
  EXPECT_EQ(errorOf([] {
              parseRunText(R"({"vars": {"N": true}, "module": "kernel.spvasm", "kernel": "k",
                   "global_size": [1]})",
                           kData, "test.json");
            }),
            "vars.N: expected a number or an expression, got true");
  EXPECT_EQ(errorOf([] {
              parseRunText(R"({"module": "kernel.spvasm", "kernel": "k", "global_size": [1]})",
                           kData, "test.json", {{"N", "1"}});
            }),
            "--set N=1: the run file has no \"vars\"");
}

} // namespace
} // namespace spvsim::runfile
