// `arbiter check-bot [--game G]... [--sandbox MODE] [--json] -- COMMAND...`:
// plays one bot program through the conformance situations
// (arbiter/conformance/) and prints what passed and what failed. Exit
// status 0: every situation passed; 1: one failed; 2: the check could not
// run (usage, sandbox); 128 + signal when interrupted.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

#include "arbiter/cli/command.h"
#include "arbiter/conformance/check_bot.h"
#include "arbiter/process/bot_process.h"

namespace arbiter {
namespace {

struct CheckBotOptions {
  std::vector<std::string> command;
  std::vector<std::string> games;
  std::string sandbox = "full";
  int startup_ms = 10000;
  bool json = false;
  bool fail_fast = false;
};

// The check's directories, removed when the run is interrupted.
std::mutex g_dirs_mu;
std::vector<std::string> g_dirs;

void RemoveDirs() {
  std::lock_guard lock(g_dirs_mu);
  for (const auto& dir : g_dirs) std::filesystem::remove_all(dir);
}

void RunCheckBot(const CheckBotOptions& o) {
  InstallInterruptCleanup(&RemoveDirs);
  BecomeChildSubreaper();
  auto report = conformance::CheckBot(
      {.command = JoinCommand(o.command),
       .games = o.games,
       .sandbox = *sandbox::ParseMode(o.sandbox),
       .startup_timeout = std::chrono::milliseconds(o.startup_ms),
       .fail_fast = o.fail_fast,
       .on_temp_dir = [](const std::string& dir) {
         std::lock_guard lock(g_dirs_mu);
         g_dirs.push_back(dir);
       }});
  if (!report) {
    std::fprintf(stderr, "arbiter check-bot: %s\n", report.error().c_str());
    throw CLI::RuntimeError(kExitUsage);
  }
  const std::string out = o.json ? conformance::FormatJson(*report)
                                 : conformance::FormatText(*report);
  std::fputs(out.c_str(), stdout);
  std::fflush(stdout);
  if (!report->passed()) throw CLI::RuntimeError(kExitFailed);
}

const bool kRegistered = RegisterCommand([](CLI::App& app) {
  auto o = std::make_shared<CheckBotOptions>();
  auto* cmd = app.add_subcommand(
      "check-bot",
      "Check a bot program's conformance: play it through every game it "
      "declares, every seat count, many games on one stream, little time "
      "left, a kill -9 and a SHUTDOWN (docs/check-bot.md)");
  cmd->add_option("--game", o->games,
                  "a game to check the bot at (repeat for more; default: "
                  "every game its Hello declares)");
  cmd->add_option("--sandbox", o->sandbox,
                  "full (default, as in tournaments), reduced or none "
                  "(docs/security.md)")
      ->capture_default_str()
      ->check(CLI::IsMember(sandbox::ModeNames()));
  cmd->add_option("--startup-ms", o->startup_ms,
                  "time the bot has to connect each time it starts")
      ->capture_default_str()
      ->check(IntegerIn(1, 600000));
  cmd->add_flag("--json", o->json, "print the report as JSON");
  cmd->add_flag("--fail-fast", o->fail_fast,
                "stop at the first failing situation");
  cmd->add_option("command", o->command,
                  "the bot's command and its arguments, after --")
      ->required();
  cmd->callback([o] { RunCheckBot(*o); });
});

}  // namespace
}  // namespace arbiter
