#include "arbiter/cli/command.h"

#include <cstdio>
#include <exception>
#include <vector>

#include "arbiter/common/run_log.h"

namespace arbiter {
namespace {

// A function-local static: registration runs during static initialisation of
// the command files, whose order is unspecified.
std::vector<CommandAdder>& Adders() {
  static std::vector<CommandAdder> adders;
  return adders;
}

}  // namespace

bool RegisterCommand(CommandAdder adder) {
  Adders().push_back(std::move(adder));
  return true;
}

void AddRegisteredCommands(CLI::App& app) {
  for (const auto& add : Adders()) add(app);
}

namespace {

// The status as the command's run log's last line (when it opened one).
int Exit(int status) {
  RunLog().info("exit status {}", status);
  CloseRunLog();
  return status;
}

}  // namespace

int RunCommandLine(CLI::App& app, int argc, const char* const* argv) {
  // CLI11 would only say that a subcommand is required.
  if (argc > 1) {
    const std::string first = argv[1];
    bool known = true;
    if (first[0] == '-') {
      known =
          app.get_option_no_throw(first.substr(0, first.find('='))) != nullptr;
    } else {
      try {
        app.get_subcommand(first);
      } catch (const CLI::OptionNotFound&) {
        known = false;
      }
    }
    if (!known) {
      std::fprintf(
          stderr, "%s: '%s' is not %s\nRun '%s --help' for the commands.\n",
          app.get_name().c_str(), Abbreviate(first).c_str(),
          first[0] == '-' ? "an option" : "a command", app.get_name().c_str());
      return kExitUsage;
    }
  }
  try {
    app.parse(argc, argv);
    return Exit(0);
  } catch (const CLI::RuntimeError& e) {
    return Exit(e.get_exit_code());  // the subcommand said why
  } catch (const CLI::ParseError& e) {
    return ReportParseError(app, e);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: error: %s\n", CommandPath(app).c_str(), e.what());
    RunLog().error("{}", e.what());
    return Exit(kExitFailed);
  } catch (...) {
    std::fprintf(stderr, "%s: error: unknown exception\n",
                 CommandPath(app).c_str());
    return Exit(kExitFailed);
  }
}

}  // namespace arbiter
