// `spvsim help [TOPIC]`: prints one of the project's documents (help_topics.h) on
// standard output, or the list of topics.
#include <iostream>
#include <memory>
#include <string>

#include "commands.h"
#include "help_topics.h"
#include "spvsim/common/error.h"

namespace spvsim::cli {

namespace {

std::string topicNames() {
  std::string names;
  for (const HelpTopic &t : helpTopics())
    names += (names.empty() ? "" : ", ") + std::string(t.name);
  return names;
}

int runHelp(const std::string &topic) {
  if (topic.empty()) {
    std::cout << "spvsim help TOPIC prints one of spvsim's documents; topics: " << topicNames()
              << "\nspvsim COMMAND --help lists a command's options (commands: run, init, "
                 "validate, exec, debug).\n";
    return kClean;
  }
  for (const HelpTopic &t : helpTopics())
    if (t.name == topic) {
      std::cout << t.text;
      return kClean;
    }
  throw Error("help: no topic '" + topic + "' (topics: " + topicNames() + ")");
}

} // namespace

void addHelpCommand(CLI::App &app, int &exitStatus) {
  auto topic = std::make_shared<std::string>();
  CLI::App *help = app.add_subcommand("help", "Print one of spvsim's documents (run-files, "
                                              "findings, ...), or the list of them");
  help->add_option("topic", *topic, "The document: run-files, findings, ...");
  help->callback([topic, &exitStatus] { exitStatus = runHelp(*topic); });
}

} // namespace spvsim::cli
