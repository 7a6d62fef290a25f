// `arbiter check-bot`: plays one bot program through the situations of
// situations.h, through the same code a tournament plays games with (the
// server, BotRunner, PlayGame; its sandbox on by default), the other seats
// played in-process by scripted random players, and says what passed and
// what failed (docs/check-bot.md).
//
//   auto report = CheckBot({.command = "./random_bot"});
//   if (!report) ...             // the check could not run (sandbox, ...)
//   std::fputs(FormatText(*report).c_str(), stdout);
#ifndef ARBITER_CONFORMANCE_CHECK_BOT_H_
#define ARBITER_CONFORMANCE_CHECK_BOT_H_

#include <chrono>
#include <expected>
#include <functional>
#include <string>
#include <vector>

#include "arbiter/conformance/report.h"
#include "arbiter/sandbox/limits.h"
#include "arbiter/sandbox/sandbox.h"

namespace arbiter::conformance {

struct CheckOptions {
  std::string command;  // the bot's command line (BotSpec::command)
  // The games to check it at (each must be in its Hello); empty: every
  // game its Hello declares.
  std::vector<std::string> games;
  sandbox::Mode sandbox = sandbox::Mode::kFull;
  sandbox::Limits limits;
  std::chrono::milliseconds startup_timeout{10000};
  // Stops at the first failing situation (the rest are skipped).
  bool fail_fast = false;
  // Told of every directory the check makes (its logs, the server's
  // sockets) before it is used, so that an interrupted run can remove
  // them; the check removes them itself when it ends.
  std::function<void(const std::string&)> on_temp_dir;
};

// The report; fails (saying why) only when the check itself cannot run: a
// command that names no executable, an unknown game, a sandbox that cannot
// be set up.
std::expected<Report, std::string> CheckBot(const CheckOptions& options);

}  // namespace arbiter::conformance

#endif  // ARBITER_CONFORMANCE_CHECK_BOT_H_
