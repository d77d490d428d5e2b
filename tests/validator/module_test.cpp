// Module view accessors on one inline module that has a bit of everything:
// ids by kind, types, constants, names, strings, entry points and modes,
// functions (a declaration too), blocks, globals and operand offsets.
#include <gtest/gtest.h>

#include "test_modules.h"

namespace spvsim {
namespace {

constexpr std::string_view kModule = R"(
OpCapability Addresses
OpCapability Kernel
OpCapability Linkage
OpCapability Int16
OpCapability Int64
%std = OpExtInstImport "OpenCL.std"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "scale" %gid
OpExecutionMode %k LocalSize 8 4 1
%src = OpString "scale.cl"
OpName %k "scale_body"
OpName %pair "pair"
OpMemberName %pair 0 "lo"
OpMemberName %pair 1 "hi"
OpName %ext "external_fn"
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %gid Constant
OpDecorate %ext LinkageAttributes "external_fn" Import
%void = OpTypeVoid
%bool = OpTypeBool
%ushort = OpTypeInt 16 0
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%float = OpTypeFloat 32
%v3ulong = OpTypeVector %ulong 3
%uint_4 = OpConstant %uint 4
%arr = OpTypeArray %float %uint_4
%pair = OpTypeStruct %uint %float
%gptr = OpTypePointer CrossWorkgroup %float
%iptr = OpTypePointer Input %v3ulong
%kfn = OpTypeFunction %void %gptr %uint
%ffn = OpTypeFunction %float %float
%ushort_max = OpConstant %ushort 65535
%ulong_big = OpConstant %ulong 0xfedcba9876543210
%float_2 = OpConstant %float 2
%true = OpConstantTrue %bool
%null = OpConstantNull %pair
%comp = OpConstantComposite %pair %uint_4 %float_2
%undef = OpUndef %uint
%gid = OpVariable %iptr Input
%ext = OpFunction %float None %ffn
%x = OpFunctionParameter %float
OpFunctionEnd
%k = OpFunction %void None %kfn
%out = OpFunctionParameter %gptr
%n = OpFunctionParameter %uint
%entry = OpLabel
%ids = OpLoad %v3ulong %gid Aligned 32
%i = OpCompositeExtract %ulong %ids 0
%p = OpInBoundsPtrAccessChain %gptr %out %i
%v = OpFunctionCall %float %ext %float_2
%cond = OpULessThan %bool %i %ulong_big
OpBranchConditional %cond %then %done
%then = OpLabel
%w = OpExtInst %float %std fabs %v
OpStore %p %w Aligned 4
OpBranch %done
%done = OpLabel
OpReturn
OpFunctionEnd
)";

class ModuleView : public ::testing::Test {
protected:
  void SetUp() override { m = test::assemble(kModule); }
  uint32_t named(std::string_view name) const {
    for (uint32_t id = 1; id < m->bound(); ++id)
      if (m->name(id) == name) return id;
    return 0;
  }
  uint32_t resultOf(spv::Op op, uint32_t after = 0) const {
    return m->instruction(test::firstOf(*m, op, after)).resultId;
  }
  std::shared_ptr<const Module> m;
};

TEST_F(ModuleView, Header) {
  EXPECT_EQ(m->version(), 0x00010000u);
  EXPECT_EQ(m->versionMajor(), 1u);
  EXPECT_EQ(m->versionMinor(), 0u);
  EXPECT_GT(m->bound(), 30u);
  EXPECT_EQ(m->words()[0], spv::MagicNumber);
  EXPECT_EQ(m->sourceName(), "test.spvasm");
  EXPECT_TRUE(m->hasCapability(spv::Capability::Int64));
  EXPECT_FALSE(m->hasCapability(spv::Capability::Float64));
  EXPECT_EQ(m->capabilities().size(), 5u);
  EXPECT_EQ(m->addressingModel(), spv::AddressingModel::Physical64);
  EXPECT_EQ(m->memoryModel(), spv::MemoryModel::OpenCL);
}

TEST_F(ModuleView, EntryPointAndModes) {
  ASSERT_EQ(m->entryPoints().size(), 1u);
  const EntryPoint *e = m->findEntryPoint("scale");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(m->findEntryPoint("nope"), nullptr);
  EXPECT_EQ(e->model, spv::ExecutionModel::Kernel);
  EXPECT_EQ(e->function, named("scale_body"));
  EXPECT_EQ(e->interface.size(), 1u);
  ASSERT_EQ(e->modes.size(), 1u);
  EXPECT_EQ(e->modes[0].mode, spv::ExecutionMode::LocalSize);
  EXPECT_EQ(e->modes[0].literals, (std::vector<uint32_t>{8, 4, 1}));
  EXPECT_EQ(m->instruction(e->instruction).opcode, spv::Op::OpEntryPoint);
  EXPECT_EQ(m->instruction(e->modes[0].instruction).opcode, spv::Op::OpExecutionMode);
}

TEST_F(ModuleView, NamesStringsAndSets) {
  const uint32_t pair = named("pair");
  EXPECT_EQ(m->memberName(pair, 0), "lo");
  EXPECT_EQ(m->memberName(pair, 1), "hi");
  EXPECT_EQ(m->memberName(pair, 2), "");
  EXPECT_EQ(m->name(999999), "");
  EXPECT_EQ(m->string(resultOf(spv::Op::OpString)), "scale.cl");
  EXPECT_EQ(m->extInstSet(resultOf(spv::Op::OpExtInstImport)), "OpenCL.std");
  EXPECT_EQ(m->extInstSet(pair), "");
}

TEST_F(ModuleView, Types) {
  const Type &ushort = m->type(resultOf(spv::Op::OpTypeInt));
  EXPECT_EQ(ushort.kind, TypeKind::Int);
  EXPECT_EQ(ushort.width, 16u);
  EXPECT_FALSE(ushort.isSigned);
  const Type &arr = m->type(resultOf(spv::Op::OpTypeArray));
  EXPECT_EQ(arr.kind, TypeKind::Array);
  EXPECT_EQ(arr.count, 4u);
  EXPECT_EQ(m->type(arr.element).kind, TypeKind::Float);
  const Type &pair = m->type(named("pair"));
  EXPECT_EQ(pair.kind, TypeKind::Struct);
  EXPECT_EQ(pair.members.size(), 2u);
  const Type &vec = m->type(resultOf(spv::Op::OpTypeVector));
  EXPECT_EQ(vec.kind, TypeKind::Vector);
  EXPECT_EQ(vec.count, 3u);
  const Type &gptr = m->type(resultOf(spv::Op::OpTypePointer));
  EXPECT_EQ(gptr.kind, TypeKind::Pointer);
  EXPECT_EQ(gptr.storage, spv::StorageClass::CrossWorkgroup);
  const Type &kfn = m->type(resultOf(spv::Op::OpTypeFunction));
  EXPECT_EQ(kfn.kind, TypeKind::Function);
  EXPECT_EQ(m->type(kfn.element).kind, TypeKind::Void);
  EXPECT_EQ(kfn.members.size(), 2u);
  EXPECT_EQ(m->type(named("pair")).instruction, m->id(named("pair")).instruction);
  EXPECT_EQ(m->type(named("scale_body")).kind, TypeKind::None);
}

TEST_F(ModuleView, ConstantsAreZeroExtended) {
  const uint32_t first = test::firstOf(*m, spv::Op::OpConstant);
  const Constant *four = m->constant(m->instruction(first).resultId);
  ASSERT_NE(four, nullptr);
  EXPECT_EQ(four->bits, 4u);
  EXPECT_FALSE(four->isSpec);
  const uint32_t second = test::firstOf(*m, spv::Op::OpConstant, first + 1);
  EXPECT_EQ(m->constant(m->instruction(second).resultId)->bits, 0xffffu);
  const uint32_t third = test::firstOf(*m, spv::Op::OpConstant, second + 1);
  EXPECT_EQ(m->constant(m->instruction(third).resultId)->bits, 0xfedcba9876543210u);
  const uint32_t fourth = test::firstOf(*m, spv::Op::OpConstant, third + 1);
  EXPECT_EQ(m->constant(m->instruction(fourth).resultId)->bits, 0x40000000u); // 2.0f
  EXPECT_EQ(m->constant(resultOf(spv::Op::OpConstantTrue))->kind, ConstantKind::True);
  EXPECT_EQ(m->constant(resultOf(spv::Op::OpConstantNull))->kind, ConstantKind::Null);
  const Constant *comp = m->constant(resultOf(spv::Op::OpConstantComposite));
  EXPECT_EQ(comp->kind, ConstantKind::Composite);
  EXPECT_EQ(comp->parts.size(), 2u);
  EXPECT_EQ(m->constant(resultOf(spv::Op::OpUndef))->kind, ConstantKind::Undef);
  EXPECT_EQ(m->constant(named("pair")), nullptr);
}

TEST_F(ModuleView, IdKinds) {
  EXPECT_EQ(m->id(named("pair")).kind, IdKind::Type);
  EXPECT_EQ(m->id(resultOf(spv::Op::OpConstant)).kind, IdKind::Constant);
  EXPECT_EQ(m->id(resultOf(spv::Op::OpVariable)).kind, IdKind::Variable);
  EXPECT_EQ(m->id(named("scale_body")).kind, IdKind::Function);
  EXPECT_EQ(m->id(resultOf(spv::Op::OpFunctionParameter)).kind, IdKind::Parameter);
  EXPECT_EQ(m->id(resultOf(spv::Op::OpLabel)).kind, IdKind::Label);
  EXPECT_EQ(m->id(resultOf(spv::Op::OpLoad)).kind, IdKind::Value);
  EXPECT_EQ(m->id(resultOf(spv::Op::OpExtInstImport)).kind, IdKind::ExtInstImport);
  EXPECT_EQ(m->id(resultOf(spv::Op::OpString)).kind, IdKind::String);
  EXPECT_EQ(m->id(0).kind, IdKind::Undefined);
  EXPECT_EQ(m->id(1u << 30).kind, IdKind::Undefined);
  EXPECT_EQ(m->id(named("pair")).function, kNone);
  const uint32_t load = resultOf(spv::Op::OpLoad);
  EXPECT_EQ(m->functions()[m->id(load).function].id, named("scale_body"));
  EXPECT_EQ(m->typeOf(load), resultOf(spv::Op::OpTypeVector));
  EXPECT_EQ(m->typeOf(named("pair")), 0u);
}

TEST_F(ModuleView, Decorations) {
  const uint32_t gid = resultOf(spv::Op::OpVariable);
  auto decorations = m->decorations(gid);
  ASSERT_EQ(decorations.size(), 2u);
  EXPECT_EQ(decorations[0].decoration, spv::Decoration::BuiltIn);
  EXPECT_EQ(decorations[0].literals,
            std::vector<uint32_t>{uint32_t(spv::BuiltIn::GlobalInvocationId)});
  EXPECT_EQ(decorations[1].decoration, spv::Decoration::Constant);
  const Decoration *linkage =
      m->findDecoration(named("external_fn"), spv::Decoration::LinkageAttributes);
  ASSERT_NE(linkage, nullptr);
  EXPECT_EQ(linkage->text, "external_fn");
  EXPECT_EQ(linkage->literals.back(), uint32_t(spv::LinkageType::Import));
  EXPECT_EQ(m->findDecoration(gid, spv::Decoration::Alignment), nullptr);
  EXPECT_TRUE(m->decorations(named("pair")).empty());
}

TEST_F(ModuleView, FunctionsAndBlocks) {
  ASSERT_EQ(m->functions().size(), 2u);
  const Function *ext = m->function(named("external_fn"));
  ASSERT_NE(ext, nullptr);
  EXPECT_TRUE(ext->isDeclaration());
  EXPECT_EQ(ext->params.size(), 1u);
  const Function *k = m->function(named("scale_body"));
  ASSERT_NE(k, nullptr);
  EXPECT_FALSE(k->isDeclaration());
  EXPECT_EQ(k->params.size(), 2u);
  EXPECT_EQ(m->type(k->returnType).kind, TypeKind::Void);
  EXPECT_EQ(m->type(k->functionType).kind, TypeKind::Function);
  EXPECT_EQ(m->instruction(k->first).opcode, spv::Op::OpFunction);
  EXPECT_EQ(m->instruction(k->end - 1).opcode, spv::Op::OpFunctionEnd);
  ASSERT_EQ(k->blocks.size(), 3u);
  for (uint32_t b = 0; b < 3; ++b) {
    const Block &block = k->blocks[b];
    EXPECT_EQ(m->instruction(block.first).opcode, spv::Op::OpLabel);
    EXPECT_EQ(m->instruction(block.first).resultId, block.label);
    for (uint32_t i = block.first; i < block.end; ++i) EXPECT_EQ(m->instruction(i).block, b);
  }
  EXPECT_EQ(m->instruction(k->blocks[0].terminator()).opcode, spv::Op::OpBranchConditional);
  EXPECT_EQ(m->instruction(k->blocks[1].terminator()).opcode, spv::Op::OpBranch);
  EXPECT_EQ(m->instruction(k->blocks[2].terminator()).opcode, spv::Op::OpReturn);
  EXPECT_EQ(m->instruction(k->first).block, kNone);
  EXPECT_EQ(m->instruction(k->end - 1).block, kNone);
  EXPECT_EQ(m->function(named("pair")), nullptr);
}

TEST_F(ModuleView, GlobalsAndOperands) {
  ASSERT_EQ(m->globalVariables().size(), 1u);
  const Instruction &gid = m->instruction(m->globalVariables()[0]);
  EXPECT_EQ(gid.opcode, spv::Op::OpVariable);
  auto ops = m->operands(gid);
  ASSERT_EQ(ops.size(), 1u);
  EXPECT_EQ(ops[0], uint32_t(spv::StorageClass::Input));
  const Instruction &store = m->instruction(test::firstOf(*m, spv::Op::OpStore));
  EXPECT_EQ(store.typeId, 0u);
  EXPECT_EQ(store.resultId, 0u);
  EXPECT_EQ(store.operandOffset, store.wordOffset + 1);
  EXPECT_EQ(store.operandCount, 4u); // pointer, object, Aligned, 4
  const Instruction &ext = m->instruction(test::firstOf(*m, spv::Op::OpExtInst));
  EXPECT_EQ(m->extInstSet(m->operands(ext)[0]), "OpenCL.std");
  EXPECT_EQ(ext.operandOffset, ext.wordOffset + 3);
}

// Parameter names as llvm-spirv writes them for a -g kernel: the entry point is an
// unnamed wrapper that calls the kernel's body, whose parameters are named only by
// OpenCL.DebugInfo.100 DebugLocalVariable (ArgNumber counts from 1); or by OpName.
TEST(ModuleParameterName, FromOpNameDebugInformationAndWrappers) {
  auto m = test::assemble(R"(
OpCapability Addresses
OpCapability Kernel
%dbg = OpExtInstImport "OpenCL.DebugInfo.100"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %wrapper "k"
%file = OpString "k.cl"
%fname = OpString "k"
%aname = OpString "scratch"
%bname = OpString "count"
OpName %named "named_param"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%fn = OpTypeFunction %void %uint %uint %uint
%src = OpExtInst %void %dbg DebugSource %file
%cu = OpExtInst %void %dbg DebugCompilationUnit 65536 4 %src OpenCL_C
%dtype = OpExtInst %void %dbg DebugInfoNone
%dfn = OpExtInst %void %dbg DebugFunction %fname %dtype %src 1 0 %cu %fname FlagIsDefinition 1 %body
%va = OpExtInst %void %dbg DebugLocalVariable %aname %dtype %src 1 0 %dfn None 1
%vb = OpExtInst %void %dbg DebugLocalVariable %bname %dtype %src 1 0 %dfn None 3
%body = OpFunction %void None %fn
%p0 = OpFunctionParameter %uint
%p1 = OpFunctionParameter %uint
%p2 = OpFunctionParameter %uint
%e1 = OpLabel
OpReturn
OpFunctionEnd
%wrapper = OpFunction %void None %fn
%w0 = OpFunctionParameter %uint
%named = OpFunctionParameter %uint
%w2 = OpFunctionParameter %uint
%e2 = OpLabel
%r = OpFunctionCall %void %body %w0 %named %w2
OpReturn
OpFunctionEnd
)");
  const uint32_t body = m->functions()[0].id, wrapper = m->functions()[1].id;
  EXPECT_EQ(m->parameterName(body, 0), "scratch");
  EXPECT_EQ(m->parameterName(body, 1), "");
  EXPECT_EQ(m->parameterName(body, 2), "count");
  EXPECT_EQ(m->parameterName(wrapper, 0), "scratch");     // passed on to the body
  EXPECT_EQ(m->parameterName(wrapper, 1), "named_param"); // its own OpName first
  EXPECT_EQ(m->parameterName(wrapper, 2), "count");
  EXPECT_EQ(m->parameterName(wrapper, 3), ""); // no such parameter
}

TEST(ModuleLiteralString, DecodesAndCountsWords) {
  const uint32_t words[] = {0x6c6c6568, 0x0000006f, 0xdeadbeef}; // "hello"
  uint32_t used = 0;
  EXPECT_EQ(Module::literalString(words, &used), "hello");
  EXPECT_EQ(used, 2u);
  const uint32_t exact[] = {0x64636261, 0}; // "abcd" then a word of terminator
  EXPECT_EQ(Module::literalString(exact, &used), "abcd");
  EXPECT_EQ(used, 2u);
  EXPECT_EQ(Module::literalString(std::span<const uint32_t>(exact, 1), &used), "abcd");
  EXPECT_EQ(used, 1u);
}

} // namespace
} // namespace spvsim
