// moveSizeArgumentsLast (cli/size_arguments.h).
#include "size_arguments.h"

#include <algorithm>

namespace spvsim::cli {

namespace {

bool isSizeNumber(const std::string &word) {
  return !word.empty() &&
         std::all_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; });
}

} // namespace

std::vector<std::string> moveSizeArgumentsLast(int argc, const char *const *argv) {
  std::vector<std::string> words(argv, argv + argc);
  if (words.size() < 2 || (words[1] != "run" && words[1] != "init") ||
      std::find(words.begin(), words.end(), "--") != words.end())
    return words;
  std::vector<std::string> out, sizes;
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string &w = words[i];
    size_t numbers = 0;
    while (i + 1 + numbers < words.size() && isSizeNumber(words[i + 1 + numbers])) ++numbers;
    // Without numbers, or with more than CLI11 takes, CLI11 says what is wrong.
    if ((w != "--global" && w != "--local") || numbers == 0 || numbers > 3) {
      out.push_back(w);
      continue;
    }
    sizes.insert(sizes.end(), words.begin() + long(i), words.begin() + long(i + 1 + numbers));
    i += numbers;
  }
  out.insert(out.end(), sizes.begin(), sizes.end());
  return out;
}

} // namespace spvsim::cli
