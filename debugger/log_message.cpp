// interpolateLogMessage (log_message.h).
#include "log_message.h"

#include "spvsim/common/error.h"

namespace spvsim::debugger {

std::string interpolateLogMessage(const std::string &message, const Evaluator &e) {
  std::string out;
  for (size_t i = 0; i < message.size(); ++i) {
    const char c = message[i];
    if ((c == '{' || c == '}') && i + 1 < message.size() && message[i + 1] == c) {
      out += c; // `{{`, `}}`: a brace
      ++i;
      continue;
    }
    const size_t close = c == '{' ? message.find('}', i + 1) : std::string::npos;
    if (close == std::string::npos) {
      out += c;
      continue;
    }
    const std::string expression = message.substr(i + 1, close - i - 1);
    try {
      out += e.format(e.evaluate(expression));
    } catch (const Error &error) {
      out += "<error: " + std::string(error.what()) + ">";
    }
    i = close;
  }
  return out;
}

} // namespace spvsim::debugger
