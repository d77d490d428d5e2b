// The loader never crashes: real modules truncated at every word and with
// words overwritten at many offsets either load or throw spvsim::Error, and
// whatever loads can be disassembled and validated.
#include <algorithm>
#include <random>

#include <gtest/gtest.h>

#include "spvsim/common/error.h"
#include "spvsim/validator/disassembly.h"
#include "spvsim/validator/validator.h"
#include "test_modules.h"

namespace spvsim {
namespace {

std::vector<uint32_t> wordsOfFile(const std::string &name) {
  auto m = loadFile(test::dataPath(name));
  return std::vector<uint32_t>(m->words().begin(), m->words().end());
}

/// Loads; on success also disassembles and validates. Fails the test on any
/// exception other than spvsim::Error.
void loadAnything(const std::vector<uint32_t> &words, const std::string &what) {
  try {
    auto m = loadBinary(words, "mutant.spv");
    Disassembly d(*m);
    (void)d.text(0);
    validate(m, DeviceDescription::spvsim());
  } catch (const Error &) {
  } catch (const std::exception &e) {
    ADD_FAILURE() << what << ": " << e.what();
  }
}

class LoaderMutation : public ::testing::TestWithParam<const char *> {};

TEST_P(LoaderMutation, TruncatedAtEveryWord) {
  const auto words = wordsOfFile(GetParam());
  for (size_t size = 0; size < words.size(); ++size)
    loadAnything(std::vector<uint32_t>(words.begin(), words.begin() + size),
                 "truncated to " + std::to_string(size));
}

TEST_P(LoaderMutation, WordsOverwritten) {
  const auto words = wordsOfFile(GetParam());
  std::mt19937 random(1234);
  const uint32_t interesting[] = {0,           1,           2,           0xffffffffu, 0x7fffffffu,
                                  0x00010000u, 0x00020000u, 0xffff0000u, 0x0000ffffu, 0x00050001u};
  // Every word of a small module; about 400 words spread over a larger one (each
  // mutant is validated, so every word of the debug-info module took minutes under
  // the sanitizers — the fuzz targets mutate modules at far higher rates).
  const size_t stride = std::max<size_t>(1, words.size() / 400);
  for (size_t offset = random() % stride; offset < words.size(); offset += stride) {
    for (uint32_t value : {interesting[random() % 10], uint32_t(random()), words[offset] ^ 1u,
                           words[offset] + 0x10000u, words[offset] & 0xffffu}) {
      std::vector<uint32_t> mutant(words);
      mutant[offset] = value;
      loadAnything(mutant, "word " + std::to_string(offset) + " = " + std::to_string(value));
    }
  }
}

TEST_P(LoaderMutation, InstructionsDeleted) {
  const auto m = loadFile(test::dataPath(GetParam()));
  const auto words = m->words();
  for (const Instruction &inst : m->instructions()) {
    std::vector<uint32_t> mutant(words.begin(), words.begin() + inst.wordOffset);
    mutant.insert(mutant.end(), words.begin() + inst.wordOffset + inst.wordCount, words.end());
    loadAnything(mutant, "without the instruction at word " + std::to_string(inst.wordOffset));
  }
}

INSTANTIATE_TEST_SUITE_P(RealModules, LoaderMutation,
                         ::testing::Values("reduce_O2.spv", "early_exit_search_O2.spv",
                                           "reduce_O0_debug.spv"));

} // namespace
} // namespace spvsim
