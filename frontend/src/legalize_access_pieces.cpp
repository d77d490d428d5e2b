// Pieces of an access of an integer's exact bytes (see legalize_access_pieces.h).
#include "legalize_access_pieces.h"

#include <llvm/IR/IRBuilder.h>

namespace spvsim::frontend {

std::vector<std::pair<unsigned, unsigned>> accessPieces(unsigned bytes, llvm::Align alignment,
                                                        unsigned largest) {
  std::vector<std::pair<unsigned, unsigned>> result;
  for (unsigned offset = 0; offset < bytes;) {
    unsigned size = largest;
    while (size > bytes - offset || llvm::commonAlignment(alignment, offset).value() < size)
      size /= 2;
    result.emplace_back(offset, size);
    offset += size;
  }
  return result;
}

llvm::Value *pieceAddress(llvm::IRBuilderBase &builder, llvm::Value *pointer, unsigned offset,
                          llvm::Type *type) {
  const unsigned space = pointer->getType()->getPointerAddressSpace();
  llvm::Value *bytes = builder.CreateBitCast(pointer, builder.getInt8PtrTy(space));
  if (offset) bytes = builder.CreateConstInBoundsGEP1_32(builder.getInt8Ty(), bytes, offset);
  return builder.CreateBitCast(bytes, type->getPointerTo(space));
}

} // namespace spvsim::frontend
