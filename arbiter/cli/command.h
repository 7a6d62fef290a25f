// Subcommands of the `arbiter` command register themselves here, so that each
// lives in its own file: a `*_command.cc` file defines
//
//   const bool kRegistered = arbiter::RegisterCommand(
//       [](CLI::App& app) { ... app.add_subcommand(...) ... });
//
// The callback adds the subcommand and sets its callback; a subcommand's
// callback prints its own message and throws CLI::RuntimeError(code) to exit
// with a non-zero code.
//
// Exit statuses shared by every subcommand (each documents any other):
//   0  done;  1  failed (the message says why);  2  usage: a bad option,
//   value, path or config (the message names it).
#ifndef ARBITER_CLI_COMMAND_H_
#define ARBITER_CLI_COMMAND_H_

#include <cstdint>
#include <functional>
#include <string>

#include <CLI/CLI.hpp>

namespace arbiter {

inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;

using CommandAdder = std::function<void(CLI::App&)>;

bool RegisterCommand(CommandAdder adder);
void AddRegisteredCommands(CLI::App& app);

// Parses the command line and runs the chosen subcommand: the whole of
// main(). Usage errors print "arbiter SUB: --opt: what is accepted, got
// 'value'" and exit kExitUsage; help and --version exit 0; an exception
// escaping a subcommand is reported and exits kExitFailed (never
// `terminate`).
int RunCommandLine(CLI::App& app, int argc, const char* const* argv);

// Option checks whose message names the accepted range, e.g.
//   --concurrency: must be an integer from 0 to 4096, got '-1'
// The value is checked as written (decimal only), before CLI11 converts it,
// so no number is ever wrapped or truncated; the option's type must hold
// every value of the range.
CLI::Validator IntegerIn(int64_t min, int64_t max);
CLI::Validator UnsignedIn(uint64_t min, uint64_t max);

// An existing regular file (the message says whether it is missing or a
// directory).
CLI::Validator ReadableFile();

// At most `max` characters of `text`, then "...": what an error message
// echoes of a value the user gave.
std::string Abbreviate(std::string_view text, size_t max = 24);

}  // namespace arbiter

#endif  // ARBITER_CLI_COMMAND_H_
