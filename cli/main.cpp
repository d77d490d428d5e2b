// spvsim: command-line entry point; dispatches to the subcommands.
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "commands.h"
#include "size_arguments.h"
#include "spvsim/common/error.h"
#include "spvsim/validator/spirv_tools_version.h"

int main(int argc, char **argv) {
  CLI::App app{"spvsim: SPIR-V kernel interpreter and validator for OpenCL"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "spvsim 0.1.0\nbuilt with " + spvsim::spirvToolsVersion());
  int exitStatus = spvsim::cli::kClean;
  spvsim::cli::addValidateCommand(app, exitStatus);
  spvsim::cli::addRunCommand(app, exitStatus);
  spvsim::cli::addInitCommand(app, exitStatus);
  spvsim::cli::addExecCommand(app, exitStatus);
  spvsim::cli::addHelpCommand(app, exitStatus);
  spvsim::cli::addDebugCommand(app, exitStatus);
  spvsim::cli::addDapCommand(app, exitStatus);
  try {
    // Sizes moved last, so that a module after them stays the module.
    const std::vector<std::string> words = spvsim::cli::moveSizeArgumentsLast(argc, argv);
    std::vector<const char *> attached;
    for (const std::string &w : words) attached.push_back(w.c_str());
    app.parse(int(attached.size()), attached.data());
  } catch (const CLI::ParseError &e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : spvsim::cli::kBadInput;
  } catch (const spvsim::Error &e) {
    std::cerr << "spvsim: " << e.what() << "\n";
    return spvsim::cli::kBadInput;
  } catch (const spvsim::Interrupted &e) {
    std::cerr << "spvsim: interrupted " << e.what() << "\n";
    return spvsim::cli::kInterrupted;
  } catch (const spvsim::Unsupported &e) {
    std::cerr << "spvsim: not supported: " << e.what() << "\n";
    return spvsim::cli::kInternal;
  } catch (const std::exception &e) {
    std::cerr << "spvsim: internal error: " << e.what() << "\n";
    return spvsim::cli::kInternal;
  }
  return exitStatus;
}
