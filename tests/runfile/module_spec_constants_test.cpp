// SpecIds and their types read from a real module (data/kernel.spvasm) through the loader.
#include "spvsim/runfile/bind.h"

#include <gtest/gtest.h>

#include "spvsim/validator/loader.h"

namespace spvsim::runfile {
namespace {

TEST(SpecConstantTypes, OneOfEachScalarType) {
  std::shared_ptr<const Module> module =
      loadFile(std::string(SPVSIM_RUNFILE_TEST_DATA) + "/kernel.spvasm");
  using Kind = SpecConstantType::Kind;
  std::map<uint32_t, SpecConstantType> expected{
      {1, {Kind::Bool, 1}},   {2, {Kind::Int, 32}},   {3, {Kind::Int, 8}}, {4, {Kind::Float, 32}},
      {5, {Kind::Float, 64}}, {6, {Kind::Float, 16}}, {7, {Kind::Bool, 1}}};
  EXPECT_EQ(specConstantTypes(*module), expected);
}

} // namespace
} // namespace spvsim::runfile
