// The `arbiter` command: rules, self-play, matches, replays, tournaments.
#include <CLI/CLI.hpp>

#include "arbiter/cli/command.h"

int main(int argc, char** argv) {
  CLI::App app{"Zetema arbiter: rules engine, bot matches and tournaments"};
  app.require_subcommand(1);
  arbiter::AddRegisteredCommands(app);
  CLI11_PARSE(app, argc, argv);
  return 0;
}
