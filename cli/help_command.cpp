// `spvsim help [TOPIC]`: prints one of the project's documents (help_topics.h) on
// standard output, a command's options (`spvsim help run` as `spvsim run --help`), or
// the list of topics.
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

/// The commands of `app` but help, as `spvsim --help` lists them.
std::string commandNames(CLI::App &app) {
  std::string names;
  for (const CLI::App *command : app.get_subcommands([](CLI::App *c) { return c != nullptr; }))
    if (command->get_name() != "help") names += (names.empty() ? "" : ", ") + command->get_name();
  return names;
}

int runHelp(const std::string &topic, CLI::App &app) {
  const std::string commands = commandNames(app);
  if (topic.empty()) {
    std::cout << "spvsim help TOPIC prints one of spvsim's documents; topics: " << topicNames()
              << "\nspvsim COMMAND --help (or spvsim help COMMAND) lists a command's options "
                 "(commands: "
              << commands << ").\n";
    return kClean;
  }
  for (const HelpTopic &t : helpTopics())
    if (t.name == topic) {
      std::cout << t.text;
      return kClean;
    }
  for (CLI::App *command : app.get_subcommands([](CLI::App *c) { return c != nullptr; }))
    if (command->get_name() == topic && topic != "help") {
      std::cout << command->help();
      return kClean;
    }
  throw Error("help: no topic or command '" + topic + "' (topics: " + topicNames() +
              "; commands: " + commands + ")");
}

} // namespace

void addHelpCommand(CLI::App &app, int &exitStatus) {
  auto topic = std::make_shared<std::string>();
  CLI::App *help = app.add_subcommand("help", "Print one of spvsim's documents (run-files, "
                                              "findings, ...), or the list of them");
  help->add_option("topic", *topic, "The document: run-files, findings, ...");
  help->callback([topic, &app, &exitStatus] { exitStatus = runHelp(*topic, app); });
}

} // namespace spvsim::cli
