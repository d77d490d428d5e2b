// 128-bit division by shift and subtract (see legalize_wide_division.h).
#include "legalize_wide_division.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

namespace spvsim::frontend {

namespace {

constexpr const char *kHelperName = "__spvsim_udivrem_wide";

/// `high` (holding `bits` bits) with the bits above them cleared.
llvm::Value *maskHigh(llvm::IRBuilderBase &builder, llvm::Value *high, unsigned bits) {
  if (bits >= 64) return high;
  return builder.CreateAnd(high, (uint64_t{1} << bits) - 1);
}

/// -(low, high) modulo 2^128.
std::array<llvm::Value *, 2> negate(llvm::IRBuilderBase &builder, llvm::Value *low,
                                    llvm::Value *high) {
  llvm::Value *borrow = builder.CreateZExt(builder.CreateIsNotNull(low), builder.getInt64Ty());
  return {builder.CreateNeg(low), builder.CreateSub(builder.CreateNeg(high), borrow)};
}

/// The module's unsigned 128-bit division: {i64, i64, i64, i64} (i64 aLow, i64 aHigh,
/// i64 bLow, i64 bHigh) giving the quotient's and the remainder's halves. Bit by bit
/// from the top: the remainder shifted left takes the dividend's next bit, and when it
/// is at least the divisor, the divisor is subtracted and the quotient's bit set.
llvm::Function *helper(llvm::Module &module) {
  if (llvm::Function *existing = module.getFunction(kHelperName)) return existing;
  llvm::LLVMContext &context = module.getContext();
  llvm::Type *i64 = llvm::Type::getInt64Ty(context);
  auto *result = llvm::StructType::get(context, {i64, i64, i64, i64});
  auto *type = llvm::FunctionType::get(result, {i64, i64, i64, i64}, false);
  auto *function =
      llvm::Function::Create(type, llvm::GlobalValue::InternalLinkage, kHelperName, module);
  function->setCallingConv(llvm::CallingConv::SPIR_FUNC);
  function->addFnAttr(llvm::Attribute::NoUnwind);
  llvm::Value *aLow = function->getArg(0), *aHigh = function->getArg(1);
  llvm::Value *bLow = function->getArg(2), *bHigh = function->getArg(3);
  auto *entry = llvm::BasicBlock::Create(context, "entry", function);
  auto *loop = llvm::BasicBlock::Create(context, "step", function);
  auto *done = llvm::BasicBlock::Create(context, "done", function);
  llvm::IRBuilder<> builder(entry);
  builder.CreateBr(loop);
  builder.SetInsertPoint(loop);
  llvm::Constant *zero = builder.getInt64(0), *one = builder.getInt64(1);
  llvm::PHINode *step = builder.CreatePHI(i64, 2, "i");
  llvm::PHINode *qLow = builder.CreatePHI(i64, 2), *qHigh = builder.CreatePHI(i64, 2);
  llvm::PHINode *rLow = builder.CreatePHI(i64, 2), *rHigh = builder.CreatePHI(i64, 2);
  for (llvm::PHINode *phi : {step, qLow, qHigh, rLow, rHigh}) phi->addIncoming(zero, entry);
  // Bit 127 - i of the dividend: of the high half while i < 64.
  llvm::Value *bit = builder.CreateSub(builder.getInt64(127), step);
  llvm::Value *inHigh = builder.CreateICmpUGE(bit, builder.getInt64(64));
  llvm::Value *position = builder.CreateAnd(bit, 63);
  llvm::Value *next = builder.CreateAnd(
      builder.CreateLShr(builder.CreateSelect(inHigh, aHigh, aLow), position), one);
  // r = r << 1 | next
  llvm::Value *shiftedHigh =
      builder.CreateOr(builder.CreateShl(rHigh, one), builder.CreateLShr(rLow, 63));
  llvm::Value *shiftedLow = builder.CreateOr(builder.CreateShl(rLow, one), next);
  // r >= b, unsigned on 128 bits; a remainder above 2^127 shifted out its top bit,
  // which then makes it larger than any divisor.
  llvm::Value *carriedOut = builder.CreateICmpNE(builder.CreateLShr(rHigh, 63), zero);
  llvm::Value *atLeast =
      builder.CreateOr(carriedOut, builder.CreateSelect(builder.CreateICmpEQ(shiftedHigh, bHigh),
                                                        builder.CreateICmpUGE(shiftedLow, bLow),
                                                        builder.CreateICmpUGT(shiftedHigh, bHigh)));
  llvm::Value *borrow = builder.CreateZExt(builder.CreateICmpULT(shiftedLow, bLow), i64);
  llvm::Value *lessLow = builder.CreateSub(shiftedLow, bLow);
  llvm::Value *lessHigh = builder.CreateSub(builder.CreateSub(shiftedHigh, bHigh), borrow);
  llvm::Value *nextRLow = builder.CreateSelect(atLeast, lessLow, shiftedLow);
  llvm::Value *nextRHigh = builder.CreateSelect(atLeast, lessHigh, shiftedHigh);
  llvm::Value *set = builder.CreateShl(builder.CreateZExt(atLeast, i64), position);
  llvm::Value *nextQLow = builder.CreateOr(qLow, builder.CreateSelect(inHigh, zero, set));
  llvm::Value *nextQHigh = builder.CreateOr(qHigh, builder.CreateSelect(inHigh, set, zero));
  llvm::Value *nextStep = builder.CreateAdd(step, one);
  step->addIncoming(nextStep, loop);
  qLow->addIncoming(nextQLow, loop);
  qHigh->addIncoming(nextQHigh, loop);
  rLow->addIncoming(nextRLow, loop);
  rHigh->addIncoming(nextRHigh, loop);
  builder.CreateCondBr(builder.CreateICmpULT(nextStep, builder.getInt64(128)), loop, done);
  builder.SetInsertPoint(done);
  llvm::Value *value = llvm::UndefValue::get(result);
  unsigned index = 0;
  for (llvm::Value *part : {nextQLow, nextQHigh, nextRLow, nextRHigh})
    value = builder.CreateInsertValue(value, part, {index++});
  builder.CreateRet(value);
  return function;
}

} // namespace

std::array<llvm::Value *, 4> divideWide(llvm::IRBuilderBase &builder, llvm::Value *aLow,
                                        llvm::Value *aHigh, llvm::Value *bLow, llvm::Value *bHigh,
                                        bool isSigned, unsigned bits) {
  const unsigned highBits = bits - 64;
  llvm::Value *aNegative = nullptr, *bNegative = nullptr;
  if (isSigned) {
    // Two's complement on 128 bits: the high halves sign-extended from the width.
    const uint64_t shift = 64 - highBits;
    aHigh = builder.CreateAShr(builder.CreateShl(aHigh, shift), shift);
    bHigh = builder.CreateAShr(builder.CreateShl(bHigh, shift), shift);
    aNegative = builder.CreateICmpSLT(aHigh, builder.getInt64(0));
    bNegative = builder.CreateICmpSLT(bHigh, builder.getInt64(0));
    auto [naLow, naHigh] = negate(builder, aLow, aHigh);
    auto [nbLow, nbHigh] = negate(builder, bLow, bHigh);
    aLow = builder.CreateSelect(aNegative, naLow, aLow);
    aHigh = builder.CreateSelect(aNegative, naHigh, aHigh);
    bLow = builder.CreateSelect(bNegative, nbLow, bLow);
    bHigh = builder.CreateSelect(bNegative, nbHigh, bHigh);
  }
  llvm::Module &module = *builder.GetInsertBlock()->getModule();
  llvm::Function *divide = helper(module);
  llvm::CallInst *call = builder.CreateCall(divide, {aLow, aHigh, bLow, bHigh});
  call->setCallingConv(divide->getCallingConv());
  std::array<llvm::Value *, 4> parts;
  for (unsigned i = 0; i < 4; ++i) parts[i] = builder.CreateExtractValue(call, {i});
  if (isSigned) {
    auto [nqLow, nqHigh] = negate(builder, parts[0], parts[1]);
    auto [nrLow, nrHigh] = negate(builder, parts[2], parts[3]);
    llvm::Value *quotientNegative = builder.CreateXor(aNegative, bNegative);
    parts = {builder.CreateSelect(quotientNegative, nqLow, parts[0]),
             builder.CreateSelect(quotientNegative, nqHigh, parts[1]),
             builder.CreateSelect(aNegative, nrLow, parts[2]),
             builder.CreateSelect(aNegative, nrHigh, parts[3])};
  }
  parts[1] = maskHigh(builder, parts[1], highBits);
  parts[3] = maskHigh(builder, parts[3], highBits);
  return parts;
}

} // namespace spvsim::frontend
