// Binding run files to hand-made kernel signatures and spec-constant types:
// argument kinds and sizes, work-group sizes, launch defaults, spec constants.
#include "spvsim/runfile/bind.h"

#include <gtest/gtest.h>

#include "runfile_test_support.h"

#include <bit>

#include "spvsim/common/error.h"

namespace spvsim::runfile {
namespace {

using test::kData;

KernelParam buffer(const std::string &name, ParamKind kind = ParamKind::GlobalBuffer) {
  KernelParam p;
  p.name = name;
  p.kind = kind;
  p.typeName = "float*";
  p.size = 8;
  return p;
}

KernelParam value(const std::string &name, const std::string &typeName, uint32_t size) {
  KernelParam p;
  p.name = name;
  p.kind = ParamKind::Value;
  p.typeName = typeName;
  p.size = size;
  p.componentBits = size * 8;
  return p;
}

KernelParam byValStruct(const std::string &name, uint32_t size) {
  KernelParam p;
  p.name = name;
  p.kind = ParamKind::ByValStruct;
  p.typeName = "struct";
  p.size = size;
  return p;
}

/// vecadd(float *a, float *b, float *c, uint n); reduce(float *in, __local float *tmp);
/// fixed(float *a) with reqd_work_group_size(8, 1, 1); tiled(float *a) with (4, 4, 1);
/// withStruct(struct s); withImage(image2d_t img); withSampler(float *a, sampler_t s).
std::vector<KernelSignature> kernels() {
  KernelSignature vecadd{
      "vecadd", {buffer("a"), buffer("b"), buffer("c"), value("n", "uint", 4)}, {}};
  KernelSignature reduce{
      "reduce",
      {buffer("in", ParamKind::ConstantBuffer), buffer("tmp", ParamKind::LocalBuffer)},
      {}};
  KernelSignature fixed{"fixed", {buffer("a")}, std::array<uint32_t, 3>{8, 1, 1}};
  KernelSignature tiled{"tiled", {buffer("a")}, std::array<uint32_t, 3>{4, 4, 1}};
  KernelSignature withStruct{"withStruct", {byValStruct("s", 16)}, {}};
  KernelParam image;
  image.name = "img";
  image.kind = ParamKind::Unsupported;
  image.typeName = "image2d_t";
  KernelSignature withImage{"withImage", {image}, {}};
  KernelParam sampler;
  sampler.name = "s";
  sampler.kind = ParamKind::Sampler;
  sampler.typeName = "sampler_t";
  KernelSignature withSampler{"withSampler", {buffer("a"), sampler}, {}};
  return {vecadd, reduce, fixed, tiled, withStruct, withImage, withSampler};
}

/// The local sizes the chooser was asked for, and what it answers: (2, 2, 2) capped by dims.
struct RecordingChooser {
  std::vector<std::array<uint64_t, 3>> asked;
  LocalSizeChooser chooser() {
    return [this](uint32_t, const std::array<uint64_t, 3> &global) {
      asked.push_back(global);
      return std::array<uint64_t, 3>{2, 2, 2};
    };
  }
};

std::vector<BoundLaunch> bindText(std::string_view text) {
  RecordingChooser chooser;
  RunSpec spec = parseRunText(text, kData, "test.json");
  return bindLaunches(spec, kernels(), chooser.chooser());
}

std::string bindError(std::string_view text) {
  try {
    bindText(text);
  } catch (const Error &e) {
    return e.what();
  }
  return "(no error)";
}

const char *kBuffers = R"("module": "kernel.spvasm", "buffers": {
    "a": {"type": "float", "count": 64}, "b": {"type": "float", "count": 64},
    "c": {"type": "float", "count": 64}})";

std::string runFile(std::string_view keys) {
  return "{" + std::string(kBuffers) + ", " + std::string(keys) + "}";
}

std::string vecadd(std::string_view args, std::string_view extra = "") {
  return runFile(std::string(R"("kernel": "vecadd", "global_size": [64], "args": )") +
                 std::string(args) + std::string(extra));
}

const char *kVecaddArgs =
    R"([{"buffer": "a"}, {"buffer": "b"}, {"buffer": "c"}, {"scalar": "uint", "value": 64}])";

TEST(Bind, VecaddWithExplicitLocalSize) {
  std::vector<BoundLaunch> launches = bindText(vecadd(kVecaddArgs, R"(, "local_size": [16])"));
  ASSERT_EQ(launches.size(), 1u);
  EXPECT_EQ(launches[0].kernel, "vecadd");
  EXPECT_EQ(launches[0].range.dims, 1u);
  EXPECT_EQ(launches[0].range.global, (std::array<uint64_t, 3>{64, 1, 1}));
  EXPECT_EQ(launches[0].range.local, (std::array<uint64_t, 3>{16, 1, 1}));
  EXPECT_EQ(launches[0].args.size(), 4u);
}

TEST(Bind, LocalSizeNullAsksTheChooser) {
  RecordingChooser chooser;
  RunSpec spec = parseRunText(vecadd(kVecaddArgs), kData, "test.json");
  std::vector<BoundLaunch> launches = bindLaunches(spec, kernels(), chooser.chooser());
  ASSERT_EQ(chooser.asked.size(), 1u);
  EXPECT_EQ(chooser.asked[0], (std::array<uint64_t, 3>{64, 1, 1}));
  // Dimensions beyond the work dimension stay 1 whatever the chooser says.
  EXPECT_EQ(launches[0].range.local, (std::array<uint64_t, 3>{2, 1, 1}));
}

TEST(Bind, RequiredLocalSize) {
  EXPECT_EQ(
      bindText(runFile(R"("kernel": "fixed", "global_size": [64], "args": [{"buffer": "a"}])"))[0]
          .range.local,
      (std::array<uint64_t, 3>{8, 1, 1}));
  EXPECT_EQ(bindText(runFile(R"("kernel": "fixed", "global_size": [64], "local_size": [8],
                            "args": [{"buffer": "a"}])"))[0]
                .range.local,
            (std::array<uint64_t, 3>{8, 1, 1}));
  EXPECT_EQ(
      bindText(runFile(R"("kernel": "tiled", "global_size": [8, 8], "args": [{"buffer": "a"}])"))[0]
          .range.local,
      (std::array<uint64_t, 3>{4, 4, 1}));
}

TEST(BindErrors, RequiredLocalSize) {
  EXPECT_EQ(bindError(runFile(R"("kernel": "fixed", "global_size": [64], "local_size": [16],
                                 "args": [{"buffer": "a"}])")),
            "local_size: kernel 'fixed' requires the work-group size (8, 1, 1)");
  EXPECT_EQ(bindError(runFile(R"("kernel": "tiled", "global_size": [64],
                                 "args": [{"buffer": "a"}])")),
            "global_size: kernel 'tiled' requires the work-group size (4, 4, 1), which needs 2 "
            "dimensions");
}

TEST(BindErrors, UnknownKernel) {
  EXPECT_EQ(bindError(runFile(R"("kernel": "vecad", "global_size": [1], "args": [])")),
            "kernel: no kernel named 'vecad' in the module (it has: vecadd, reduce, fixed, tiled, "
            "withStruct, withImage, withSampler)");
}

TEST(Bind, WithoutKernelTheOnlyOne) {
  RecordingChooser chooser;
  const RunSpec spec =
      parseRunText(runFile(R"("global_size": [64], "launches": [{"args": [{"buffer": "a"}]},
                                 {"kernel": "fixed", "args": [{"buffer": "b"}]}])"),
                   kData, "test.json");
  const std::vector<KernelSignature> one{kernels()[2]};
  const std::vector<BoundLaunch> launches = bindLaunches(spec, one, chooser.chooser());
  ASSERT_EQ(launches.size(), 2u);
  EXPECT_EQ(launches[0].kernel, "fixed");
  EXPECT_EQ(launches[0].range.local, (std::array<uint64_t, 3>{8, 1, 1}));
  EXPECT_EQ(launches[1].kernel, "fixed");
}

TEST(BindErrors, WithoutKernelSeveralKernels) {
  EXPECT_EQ(bindError(runFile(R"("global_size": [1], "args": [])")),
            "kernel: required: the module has 7 kernels (vecadd, reduce, fixed, tiled, "
            "withStruct, withImage, withSampler); name one");
  EXPECT_EQ(bindError(runFile(R"("global_size": [1], "launches": [{"kernel": "fixed",
                                 "args": [{"buffer": "a"}]}, {"args": []}])")),
            "launches[1].kernel: required: the module has 7 kernels (vecadd, reduce, fixed, "
            "tiled, withStruct, withImage, withSampler); name one");
  RecordingChooser chooser;
  const RunSpec spec = parseRunText(runFile(R"("global_size": [1], "args": [])"), kData, "t.json");
  try {
    bindLaunches(spec, {}, chooser.chooser());
    ADD_FAILURE() << "bound without a kernel";
  } catch (const Error &e) {
    EXPECT_STREQ(e.what(), "kernel: the module has no kernel");
  }
}

TEST(BindErrors, ArgumentCount) {
  EXPECT_EQ(bindError(vecadd(R"([{"buffer": "a"}, {"buffer": "b"}, {"buffer": "c"}])")),
            "args: 3 arguments given but kernel 'vecadd' has 4 parameters");
  EXPECT_EQ(bindError(runFile(R"("kernel": "vecadd", "global_size": [1])")),
            "args: 0 arguments given but kernel 'vecadd' has 4 parameters");
}

TEST(BindErrors, ArgumentKinds) {
  EXPECT_EQ(
      bindError(vecadd(R"([{"buffer": "a"}, {"buffer": "b"}, {"buffer": "c"}, {"buffer": "a"}])")),
      "args[3]: parameter 3 ('n', uint) is passed by value: give {\"scalar\": type, "
      "\"value\": v}");
  EXPECT_EQ(
      bindError(vecadd(
          R"([{"local": 4}, {"buffer": "b"}, {"buffer": "c"}, {"scalar": "uint", "value": 1}])")),
      "args[0]: parameter 0 ('a', float*) is a __global pointer: give {\"buffer\": name} or "
      "{\"null\": true}");
  EXPECT_EQ(bindError(runFile(R"("kernel": "reduce", "global_size": [1],
                                 "args": [{"scalar": "int", "value": 1}, {"local": 4}])")),
            "args[0]: parameter 0 ('in', float*) is a __constant pointer: give {\"buffer\": name} "
            "or {\"null\": true}");
  EXPECT_EQ(bindError(runFile(R"("kernel": "reduce", "global_size": [1],
                                 "args": [{"buffer": "a"}, {"buffer": "a"}])")),
            "args[1]: parameter 1 ('tmp', float*) is a __local pointer: give {\"local\": bytes}");
  EXPECT_EQ(bindError(runFile(R"("kernel": "reduce", "global_size": [1],
                                 "args": [{"buffer": "a"}, {"null": true}])")),
            "args[1]: parameter 1 ('tmp', float*) is a __local pointer: give {\"local\": bytes}");
  EXPECT_EQ(bindError(runFile(R"("kernel": "withStruct", "global_size": [1],
                                 "args": [{"scalar": "float4", "value": [1, 2, 3, 4]}])")),
            "args[0]: parameter 0 ('s', struct) is a struct passed by value: give {\"struct\": "
            "hex bytes}");
}

TEST(Bind, NullPointersAndStructs) {
  EXPECT_EQ(
      bindText(
          vecadd(
              R"([{"null": true}, {"buffer": "b"}, {"buffer": "c"}, {"scalar": "uint", "value": 1}])"))
          .size(),
      1u);
  EXPECT_EQ(bindText(runFile(R"("kernel": "reduce", "global_size": [1],
                            "args": [{"null": true}, {"local": 16}])"))
                .size(),
            1u);
  std::vector<BoundLaunch> launches =
      bindText(runFile(R"("kernel": "withStruct", "global_size": [1],
      "args": [{"struct": "00112233445566778899aabbccddeeff"}])"));
  EXPECT_EQ(launches[0].args[0].bytes.size(), 16u);
}

TEST(BindErrors, ValueSizes) {
  EXPECT_EQ(
      bindError(vecadd(
          R"([{"buffer": "a"}, {"buffer": "b"}, {"buffer": "c"}, {"scalar": "ushort", "value": 1}])")),
      "args[3].scalar: 'ushort' is 2 bytes but parameter 3 ('n', uint) is 4 bytes");
  EXPECT_EQ(
      bindError(vecadd(
          R"([{"buffer": "a"}, {"buffer": "b"}, {"buffer": "c"}, {"scalar": "float3", "value": [1, 2, 3]}])")),
      "args[3].scalar: 'float3' is 16 bytes but parameter 3 ('n', uint) is 4 bytes");
  EXPECT_EQ(bindError(runFile(R"("kernel": "withStruct", "global_size": [1],
                                 "args": [{"struct": "000102030405060708090a0b"}])")),
            "args[0].struct: 12 bytes given but parameter 0 ('s', struct) is 16 bytes");
}

TEST(Bind, ScalarOfTheSameSizeBinds) {
  // Only the size must match: an int value binds to a uint parameter.
  EXPECT_EQ(
      bindText(
          vecadd(
              R"([{"buffer": "a"}, {"buffer": "b"}, {"buffer": "c"}, {"scalar": "int", "value": -1}])"))
          .size(),
      1u);
}

TEST(BindErrors, UnsupportedParameter) {
  RecordingChooser chooser;
  RunSpec spec = parseRunText(runFile(R"("kernel": "withImage", "global_size": [1],
                                         "args": [{"null": true}])"),
                              kData, "test.json");
  try {
    bindLaunches(spec, kernels(), chooser.chooser());
    FAIL();
  } catch (const Unsupported &e) {
    EXPECT_EQ(std::string(e.what()),
              "args[0]: parameter 0 ('img', image2d_t) is of a type spvsim run cannot bind");
  }
}

TEST(Bind, SamplerParameterTakesASampler) {
  std::vector<BoundLaunch> launches = bindText(runFile(R"("kernel": "withSampler",
      "global_size": [1], "args": [{"buffer": "a"}, {"sampler": {"filter_mode": "linear"}}])"));
  ASSERT_EQ(launches.size(), 1u);
  EXPECT_EQ(launches[0].args[1].kind, ArgSpec::Kind::Sampler);
  EXPECT_EQ(launches[0].args[1].samplerBits, 0x25u);
}

TEST(BindErrors, SamplerAndBufferMixedUp) {
  EXPECT_EQ(bindError(runFile(R"("kernel": "withSampler", "global_size": [1],
                                 "args": [{"buffer": "a"}, {"buffer": "b"}])")),
            "args[1]: parameter 1 ('s', sampler_t) is a sampler_t: give {\"sampler\": "
            "{\"normalized_coords\": b, \"addressing_mode\": m, \"filter_mode\": f}}");
  EXPECT_EQ(bindError(runFile(R"("kernel": "withSampler", "global_size": [1],
                                 "args": [{"sampler": {}}, {"sampler": {}}])")),
            "args[0]: parameter 0 ('a', float*) is a __global pointer: give {\"buffer\": name} "
            "or {\"null\": true}");
}

TEST(Bind, LaunchesBindEachKernel) {
  std::vector<BoundLaunch> launches = bindText(runFile(R"(
      "kernel": "vecadd", "global_size": [64], "local_size": [32],
      "args": [{"buffer": "a"}, {"buffer": "b"}, {"buffer": "c"}, {"scalar": "uint", "value": 64}],
      "launches": [
        {},
        {"kernel": "reduce", "local_size": null, "args": [{"buffer": "c"}, {"local": 128}]},
        {"kernel": "fixed", "global_size": [16], "local_size": null, "args": [{"buffer": "c"}]}
      ])"));
  ASSERT_EQ(launches.size(), 3u);
  EXPECT_EQ(launches[0].kernel, "vecadd");
  EXPECT_EQ(launches[0].range.local, (std::array<uint64_t, 3>{32, 1, 1}));
  EXPECT_EQ(launches[1].kernel, "reduce");
  EXPECT_EQ(launches[1].range.global, (std::array<uint64_t, 3>{64, 1, 1}));
  EXPECT_EQ(launches[1].range.local, (std::array<uint64_t, 3>{2, 1, 1}));
  EXPECT_EQ(launches[2].range.local, (std::array<uint64_t, 3>{8, 1, 1}));
}

TEST(BindErrors, LaunchesNameTheLaunch) {
  // The second launch is wrong: nothing is bound, and the message names it.
  EXPECT_EQ(bindError(runFile(R"("global_size": [64], "launches": [
      {"kernel": "fixed", "args": [{"buffer": "a"}]},
      {"kernel": "reduce", "args": [{"buffer": "c"}, {"buffer": "a"}]}])")),
            "launches[1].args[1]: parameter 1 ('tmp', float*) is a __local pointer: give "
            "{\"local\": bytes}");
  // Top-level args used by a launch for another kernel.
  EXPECT_EQ(bindError(runFile(R"("global_size": [64], "args": [{"buffer": "a"}], "launches": [
      {"kernel": "fixed"}, {"kernel": "reduce"}])")),
            "args: 1 arguments given but kernel 'reduce' has 2 parameters (in launches[1])");
  EXPECT_EQ(bindError(runFile(R"("global_size": [64], "args": [{"buffer": "a"}, {"buffer": "b"}],
      "launches": [{"kernel": "reduce"}])")),
            "args[1]: parameter 1 ('tmp', float*) is a __local pointer: give {\"local\": bytes} "
            "(in launches[0])");
  EXPECT_EQ(bindError(runFile(R"("kernel": "nope", "global_size": [64], "launches": [
      {"kernel": "fixed", "args": [{"buffer": "a"}]}, {"args": []}])")),
            "kernel: no kernel named 'nope' in the module (it has: vecadd, reduce, fixed, tiled, "
            "withStruct, withImage, withSampler) (in launches[1])");
  EXPECT_EQ(bindError(runFile(R"("local_size": [16], "args": [{"buffer": "a"}], "launches": [
      {"kernel": "fixed", "global_size": [64]}])")),
            "local_size: kernel 'fixed' requires the work-group size (8, 1, 1) (in launches[0])");
}

std::map<uint32_t, SpecConstantType> specTypes() {
  return {{1, {SpecConstantType::Kind::Bool, 1}},   {2, {SpecConstantType::Kind::Int, 32}},
          {3, {SpecConstantType::Kind::Int, 8}},    {4, {SpecConstantType::Kind::Float, 32}},
          {5, {SpecConstantType::Kind::Float, 64}}, {6, {SpecConstantType::Kind::Float, 16}},
          {7, {SpecConstantType::Kind::Int, 64}}};
}

SpecConstants bindSpec(std::string_view constants) {
  std::string text = runFile(std::string(R"("kernel": "k", "global_size": [1], )") +
                             R"("spec_constants": )" + std::string(constants));
  return bindSpecConstants(parseRunText(text, kData, "test.json"), specTypes());
}

std::string specError(std::string_view constants) {
  try {
    bindSpec(constants);
  } catch (const Error &e) {
    return e.what();
  }
  return "(no error)";
}

TEST(SpecConstants, ConvertedToTheConstantsType) {
  SpecConstants values = bindSpec(
      R"({"1": true, "2": -1, "3": 255, "4": 1.5, "5": "-inf", "6": 1, "7": "0xffffffffffffffff"})");
  EXPECT_EQ(values.at(1), 1u);
  EXPECT_EQ(values.at(2), 0xffffffffu);
  EXPECT_EQ(values.at(3), 0xffu);
  EXPECT_EQ(values.at(4), 0x3fc00000u);
  EXPECT_EQ(values.at(5), std::bit_cast<uint64_t>(-std::numeric_limits<double>::infinity()));
  EXPECT_EQ(values.at(6), 0x3c00u);
  EXPECT_EQ(values.at(7), UINT64_MAX);
  EXPECT_EQ(bindSpec(R"({"1": false, "3": -128})").at(3), 0x80u);
  EXPECT_EQ(bindSpec(R"({"1": 0})").at(1), 0u);
}

TEST(SpecConstantsErrors, Values) {
  EXPECT_EQ(specError(R"({"9": 1})"),
            "spec_constants.9: the module has no specialization constant with SpecId 9");
  EXPECT_EQ(specError(R"({"3": 256})"), "spec_constants.3: 256 does not fit 8-bit integer");
  EXPECT_EQ(specError(R"({"3": -129})"), "spec_constants.3: -129 does not fit 8-bit integer");
  EXPECT_EQ(specError(R"({"2": 1.5})"),
            "spec_constants.2: 1.5 does not fit 32-bit integer (not a whole number)");
  EXPECT_EQ(specError(R"({"1": 2})"), "spec_constants.1: 2 does not fit bool");
  EXPECT_EQ(specError(R"({"2": true})"),
            "spec_constants.2: expected a number for a 32-bit integer constant, got true");
  EXPECT_EQ(specError(R"({"4": 1e39})"), "spec_constants.4: 1e+39 does not fit float");
  EXPECT_EQ(specError(R"({"3": 1, "03": 2})"), "spec_constants.03: SpecId 3 given twice");
}

} // namespace
} // namespace spvsim::runfile
