// Subcommands of the `arbiter` command register themselves here, so that each
// lives in its own file: a `*_command.cc` file defines
//
//   const bool kRegistered = arbiter::RegisterCommand(
//       [](CLI::App& app) { ... app.add_subcommand(...) ... });
//
// The callback adds the subcommand and sets its callback; a subcommand's
// callback throws CLI::RuntimeError(code) to exit with a non-zero code.
#ifndef ARBITER_CLI_COMMAND_H_
#define ARBITER_CLI_COMMAND_H_

#include <functional>

#include <CLI/CLI.hpp>

namespace arbiter {

using CommandAdder = std::function<void(CLI::App&)>;

bool RegisterCommand(CommandAdder adder);
void AddRegisteredCommands(CLI::App& app);

}  // namespace arbiter

#endif  // ARBITER_CLI_COMMAND_H_
