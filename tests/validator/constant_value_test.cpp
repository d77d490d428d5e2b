// integerConstantValue (validator/src/constant_value.cpp): constants and
// OpSpecConstantOp evaluated over specialization constants' default values,
// with the width, signedness and undefined cases of each opcode.
#include <gtest/gtest.h>

#include "rules.h"
#include "test_modules.h"

namespace spvsim::rules {
namespace {

constexpr std::string_view kConstants = R"(
OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
OpName %two "two"
OpName %minus_one "minus_one"
OpName %null "null"
OpName %spec_seven "spec_seven"
OpName %spec_true "spec_true"
OpName %sum "sum"
OpName %wrapped "wrapped"
OpName %negative_quotient "negative_quotient"
OpName %smod "smod"
OpName %srem "srem"
OpName %shifted "shifted"
OpName %arith_shift "arith_shift"
OpName %too_far "too_far"
OpName %by_zero "by_zero"
OpName %less "less"
OpName %selected "selected"
OpName %widened "widened"
OpName %sign_widened "sign_widened"
OpName %masked "masked"
OpName %not_constant "not_constant"
%void = OpTypeVoid
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%fn = OpTypeFunction %void %uint
%two = OpConstant %uint 2
%minus_one = OpConstant %uint 0xffffffff
%zero = OpConstant %uint 0
%three = OpConstant %uint 3
%null = OpConstantNull %uint
%spec_seven = OpSpecConstant %uint 7
%spec_true = OpSpecConstantTrue %bool
%sum = OpSpecConstantOp %uint IAdd %spec_seven %two
%wrapped = OpSpecConstantOp %uint IAdd %minus_one %two
%negative_quotient = OpSpecConstantOp %uint SDiv %minus_one %two
%minus_seven = OpSpecConstantOp %uint SNegate %spec_seven
%smod = OpSpecConstantOp %uint SMod %minus_seven %three
%srem = OpSpecConstantOp %uint SRem %minus_seven %three
%shifted = OpSpecConstantOp %uint ShiftLeftLogical %spec_seven %two
%arith_shift = OpSpecConstantOp %uint ShiftRightArithmetic %minus_one %three
%too_far = OpSpecConstantOp %uint ShiftLeftLogical %spec_seven %minus_one
%by_zero = OpSpecConstantOp %uint UDiv %spec_seven %zero
%less = OpSpecConstantOp %bool SLessThan %minus_one %spec_seven
%both = OpSpecConstantOp %bool LogicalAnd %less %spec_true
%selected = OpSpecConstantOp %uint Select %both %three %two
%widened = OpSpecConstantOp %ulong UConvert %minus_one
%sign_widened = OpSpecConstantOp %ulong SConvert %minus_one
%not_three = OpSpecConstantOp %uint Not %three
%masked = OpSpecConstantOp %uint BitwiseAnd %spec_seven %not_three
%main = OpFunction %void None %fn
%not_constant = OpFunctionParameter %uint
%entry = OpLabel
OpReturn
OpFunctionEnd
)";

class ConstantValue : public ::testing::Test {
protected:
  void SetUp() override {
    module_ = test::assemble(kConstants);
    ASSERT_TRUE(module_);
  }
  std::optional<uint64_t> value(std::string_view name) const {
    for (const Instruction &inst : module_->instructions())
      if (inst.resultId && module_->name(inst.resultId) == name)
        return integerConstantValue(*module_, inst.resultId);
    ADD_FAILURE() << "no id named " << name;
    return std::nullopt;
  }
  std::shared_ptr<const Module> module_;
};

TEST_F(ConstantValue, ConstantsAndDefaults) {
  EXPECT_EQ(value("two"), 2u);
  EXPECT_EQ(value("minus_one"), 0xffffffffu);
  EXPECT_EQ(value("null"), 0u);
  EXPECT_EQ(value("spec_seven"), 7u);
  EXPECT_EQ(value("spec_true"), 1u);
  EXPECT_EQ(value("not_constant"), std::nullopt);
}

TEST_F(ConstantValue, ArithmeticAtTheResultWidth) {
  EXPECT_EQ(value("sum"), 9u);
  EXPECT_EQ(value("wrapped"), 1u);           // 0xffffffff + 2 wraps at 32 bits
  EXPECT_EQ(value("negative_quotient"), 0u); // -1 / 2 truncates toward zero
  EXPECT_EQ(value("smod"), 2u);              // SMod takes the divisor's sign: -7 mod 3 = 2
  EXPECT_EQ(value("srem"), 0xffffffffu);     // SRem the dividend's: -7 rem 3 = -1
  EXPECT_EQ(value("shifted"), 28u);
  EXPECT_EQ(value("arith_shift"), 0xffffffffu);
  EXPECT_EQ(value("masked"), 4u); // 7 & ~3
}

TEST_F(ConstantValue, ComparisonsSelectAndConversions) {
  EXPECT_EQ(value("less"), 1u); // signed: -1 < 7
  EXPECT_EQ(value("selected"), 3u);
  EXPECT_EQ(value("widened"), 0xffffffffu);
  EXPECT_EQ(value("sign_widened"), 0xffffffffffffffffu);
}

TEST_F(ConstantValue, UndefinedResultsHaveNoValue) {
  EXPECT_EQ(value("too_far"), std::nullopt); // shift by the width or more
  EXPECT_EQ(value("by_zero"), std::nullopt);
}

} // namespace
} // namespace spvsim::rules
