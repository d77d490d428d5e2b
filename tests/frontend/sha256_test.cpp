// SHA-256 of the build cache (frontend/src/sha256.h) against FIPS 180-4's examples and a
// digest of Python's hashlib: one block, two blocks of padding, several blocks.
#include "../../frontend/src/sha256.h"

#include <gtest/gtest.h>

namespace spvsim::frontend {
namespace {

TEST(Sha256Test, KnownDigests) {
  EXPECT_EQ(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  // 56 bytes: the length no longer fits in the last block.
  EXPECT_EQ(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  std::string letters;
  for (int i = 0; i < 200; ++i) letters += char('a' + i % 26);
  EXPECT_EQ(sha256Hex(letters), "8013a82140d916576e2cf550b27449a368abec66cc154a7d9f599019d33aa3d2");
}

} // namespace
} // namespace spvsim::frontend
