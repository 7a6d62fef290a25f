// Subcommands of the `arbiter` command register themselves here, so that each
// lives in its own file: a `*_command.cc` file defines
//
//   const bool kRegistered = arbiter::RegisterCommand(
//       [](CLI::App& app) { ... app.add_subcommand(...) ... });
//
// The callback adds the subcommand and sets its callback; a subcommand's
// callback prints its own message and throws CLI::RuntimeError(code) to exit
// with a non-zero code. Options check their values with usage.h's
// validators (IntegerIn, ReadableFile...), whose messages name the range.
//
// Exit statuses shared by every subcommand (each documents any other):
//   0  done;  1  failed (the message says why);  2  usage: a bad option,
//   value, path or config (the message names it).
#ifndef ARBITER_CLI_COMMAND_H_
#define ARBITER_CLI_COMMAND_H_

#include <CLI/CLI.hpp>
#include <functional>

#include "arbiter/command_line/usage.h"

namespace arbiter {

// Done, but not clean: a bot never started in some game (`play`,
// `tournament`).
inline constexpr int kExitNotClean = 3;
// `match --sprt`: every game of --games played and the test has not
// decided; a verdict exits 0.
inline constexpr int kExitUndecided = 4;

using CommandAdder = std::function<void(CLI::App&)>;

bool RegisterCommand(CommandAdder adder);
void AddRegisteredCommands(CLI::App& app);

// Parses the command line and runs the chosen subcommand: the whole of
// main(). Usage errors print "arbiter SUB: --opt: what is accepted, got
// 'value'" and exit kExitUsage; help and --version exit 0; an exception
// escaping a subcommand is reported and exits kExitFailed (never
// `terminate`).
int RunCommandLine(CLI::App& app, int argc, const char* const* argv);

}  // namespace arbiter

#endif  // ARBITER_CLI_COMMAND_H_
