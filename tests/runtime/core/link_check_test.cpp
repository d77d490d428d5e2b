// The checks on clLinkProgram's inputs: symbols exported by more than one object.
#include "core/link_check.h"

#include <gtest/gtest.h>

#include <string>

#include "spvsim/validator/loader.h"

namespace spvsim::runtime {
namespace {

/// A module whose function %f (and variable %v when `variable` is given) has the
/// LinkageAttributes `f` is given ("Export", "Import" or "LinkOnceODR").
std::vector<uint32_t> module(const std::string &name, const std::string &linkage,
                             const std::string &variable = "") {
  std::string text = "OpCapability Addresses\nOpCapability Linkage\nOpCapability Kernel\n";
  if (linkage == "LinkOnceODR") text += "OpExtension \"SPV_KHR_linkonce_odr\"\n";
  text += "OpMemoryModel Physical64 OpenCL\n";
  text += "OpDecorate %f LinkageAttributes \"" + name + "\" " + linkage + "\n";
  if (!variable.empty()) text += "OpDecorate %v LinkageAttributes \"" + variable + "\" Export\n";
  text += "%uint = OpTypeInt 32 0\n%fn = OpTypeFunction %uint\n"
          "%ptr = OpTypePointer CrossWorkgroup %uint\n%uint_0 = OpConstant %uint 0\n";
  if (!variable.empty()) text += "%v = OpVariable %ptr CrossWorkgroup %uint_0\n";
  text += "%f = OpFunction %uint None %fn\n";
  if (linkage != "Import") text += "%entry = OpLabel\nOpReturnValue %uint_0\n";
  text += "OpFunctionEnd\n";
  std::shared_ptr<const Module> m = loadAssembly(text, "test");
  return {m->words().begin(), m->words().end()};
}

TEST(DuplicateExports, NamesTheSymbolAndBothObjects) {
  std::string log =
      duplicateExports({module("get_number", "Import"), module("get_number", "Export"),
                        module("get_number", "Export")});
  EXPECT_NE(log.find("error: symbol 'get_number'"), std::string::npos) << log;
  EXPECT_NE(log.find("object 2 and object 3"), std::string::npos) << log;
}

TEST(DuplicateExports, EveryObjectThatExportsIt) {
  std::string log = duplicateExports(
      {module("f", "Export"), module("g", "Export"), module("f", "Export"), module("f", "Export")});
  EXPECT_NE(log.find("'f' is defined by more than one object: object 1, object 3 and object 4"),
            std::string::npos)
      << log;
  EXPECT_EQ(log.find("'g'"), std::string::npos) << log;
}

TEST(DuplicateExports, ProgramScopeVariables) {
  std::string log =
      duplicateExports({module("f", "Export", "table"), module("g", "Export", "table")});
  EXPECT_NE(log.find("'table'"), std::string::npos) << log;
  EXPECT_EQ(log.find("'f'"), std::string::npos) << log;
}

TEST(DuplicateExports, ImportsAndLinkOnceAreNotDefinitions) {
  EXPECT_EQ(duplicateExports({module("f", "Export"), module("f", "Import")}), "");
  EXPECT_EQ(duplicateExports({module("f", "LinkOnceODR"), module("f", "LinkOnceODR")}), "");
  EXPECT_EQ(duplicateExports({module("f", "Export"), module("g", "Export")}), "");
  EXPECT_EQ(duplicateExports({}), "");
}

TEST(DuplicateExports, ModulesThatDoNotLoadAreLeftToTheLinker) {
  EXPECT_EQ(duplicateExports({{1, 2, 3}, module("f", "Export")}), "");
}

} // namespace
} // namespace spvsim::runtime
