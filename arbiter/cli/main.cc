// The `arbiter` command: rules, self-play, matches, replays, tournaments.
#include <CLI/CLI.hpp>

#include "arbiter/cli/command.h"

int main(int argc, char** argv) {
  CLI::App app{"Zetema arbiter: rules engine, bot matches and tournaments",
               "arbiter"};
  app.set_version_flag("--version",
                       std::string("arbiter ") + ZETEMA_ARBITER_VERSION);
  // Before any subcommand is added: they copy these defaults, so that every
  // option's --help shows its default.
  app.option_defaults()->always_capture_default();
  app.require_subcommand(1);
  arbiter::AddRegisteredCommands(app);
  return arbiter::RunCommandLine(app, argc, argv);
}
