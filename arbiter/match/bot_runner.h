// A bot that plays game after game: starts its process (or waits for a
// remote bot to connect), keeps the stream open across games, restarts the
// process after a crash, a closed stream, a sandbox limit or a timeout, and
// stops it at the end.
//
//   BotRunner bot(server, {.name = "random", .command = "./random_bot"}, {});
//   for (...) {
//     SeatPlayer seat = bot.Seat();     // connects (or restarts) first
//     bot.MarkGame(setup.game_id, s);   // the game's line in the bot's log
//     ... PlayGame(setup, seats) ...
//     bot.AfterGame(result.record, s);
//   }
//   bot.Stop();
//
// A runner serves one seat at a time; give every seat of concurrent games
// its own runner (and process).
#ifndef ARBITER_MATCH_BOT_RUNNER_H_
#define ARBITER_MATCH_BOT_RUNNER_H_

#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arbiter/match/match.h"
#include "arbiter/process/bot_process.h"
#include "arbiter/sandbox/bwrap_args.h"
#include "arbiter/sandbox/command_files.h"
#include "arbiter/sandbox/sandbox.h"
#include "arbiter/server/server.h"

namespace arbiter {

struct BotSpec {
  std::string name;
  // A command line (split like a shell's words, no expansions), or "@..."
  // for a bot that runs elsewhere and connects with a printed token.
  std::string command;
  bool remote() const { return !command.empty() && command[0] == '@'; }
  // For a spawned bot: the directory it runs in ("" = the arbiter's; a
  // relative command path with a slash is taken from there, as with
  // `env -C`), and variables added to the environment it inherits. The
  // arbiter's own (ZETEMA_ADDRESS, ZETEMA_TOKEN) always win.
  std::string cwd;
  // The folder the run's bots share ("" = the arbiter's working
  // directory): the bot runs in its own folder instead (when `cwd` is this
  // one) and never sees it whole (sandbox/command_files.h, LocateBot).
  std::string shared_dir;
  std::vector<std::pair<std::string, std::string>> env;
  // Its sandbox's limits and paths (when the run has a sandbox).
  sandbox::Limits limits;
};

// How long a bot has to exit by itself once the arbiter has closed its
// stream at the end.
inline constexpr std::chrono::milliseconds kExitGrace{2000};
// How long after its stream closes a bot's process may take to be seen to
// end and still count as a crash rather than a disconnect.
inline constexpr std::chrono::milliseconds kProcessEndWait{1000};

struct BotRunnerOptions {
  std::chrono::milliseconds startup_timeout{10000};
  std::string log_path;  // "" discards the bot's stdout and stderr
  size_t log_limit_bytes = size_t{1} << 20;
  // At the end (Stop), after the stream has closed cleanly: how long the
  // bot may take to exit by itself before SIGTERM; then how long after
  // SIGTERM before SIGKILL (docs/protocol.md, "The end of a stream").
  std::chrono::milliseconds exit_grace{kExitGrace};
  std::chrono::milliseconds stop_grace{500};
  // The run's sandbox; null (or mode none): a plain process.
  sandbox::Sandbox* sandbox = nullptr;
  // The game the bot is to play: its Hello must declare it. Until a bot of
  // this name has once been welcomed by the server (Server::Welcomed), a
  // Hello that does not is the run's mistake: the bot is refused for good
  // (a harness error: no game is charged to it). After, it is that game's
  // startup fault, like any other way a restarted bot fails to connect.
  // "" checks nothing.
  std::string game;
  // >= 0: the bot runs on this CPU only (SpawnOptions::cpu).
  int cpu = -1;
};

// Parses "NAME=COMMAND"; the error says what is wrong.
std::expected<BotSpec, std::string> ParseBotSpec(const std::string& text);
// Checks that a spawned bot's command names an executable.
std::expected<void, std::string> CheckBotCommand(const BotSpec& spec);
// spec.shared_dir, absolute ("": the arbiter's working directory).
std::string SharedDirOf(const BotSpec& spec);
// Where a spawned bot runs and what its command is from there
// (sandbox::LocateBot; a program that cannot be found: as written, from
// its cwd). Fails only for a command that cannot be split into words.
std::expected<sandbox::BotLayout, std::string> LayoutOf(const BotSpec& spec);

class BotRunner {
 public:
  BotRunner(Server& server, BotSpec spec, BotRunnerOptions options);
  ~BotRunner() { Stop(); }

  // The seat for the next game: connected when possible; otherwise without
  // a channel and with the reason (a startup fault, with what the arbiter
  // told the bot when it refused its Hello) -- unless the harness failed
  // (harness_error() says why): then the seat must not be played. Says why
  // the bot was restarted, if it was since its last game
  // (SeatPlayer::restart_reason).
  SeatPlayer Seat();
  // Why the last Seat() could not start the bot through no fault of a
  // game's (its sandbox could not be set up, after one retry; or, before it
  // ever started, the bot does not declare the game); "" when it could.
  const std::string& harness_error() const { return harness_error_; }
  // Before the game `game_id` that the seat of the last Seat() plays: its
  // marker in the bot's log (also when the bot failed to start: what it
  // printed while it tried is that game's). Seat() then marks each step
  // (SeatPlayer::mark_step).
  void MarkGame(std::string_view game_id, int seat);
  // After a game the bot played from `seat`: a bot that crashed, closed its
  // stream, reached a limit of its sandbox or timed out (it may still be
  // busy with that decision) is stopped, to be restarted by the next
  // Seat(), whose game's record says why.
  void AfterGame(const v1::GameRecord& record, int seat);
  // Says goodbye (Error SHUTDOWN, then the stream ends with status OK).
  // Stop() does it too; saying goodbye to every bot first lets them all
  // exit at once.
  void Goodbye();
  // Says goodbye, gives the bot `exit_grace` to exit, then stops it
  // (SIGTERM, `stop_grace`, SIGKILL). True when its process exited by
  // itself within the grace (or none ran).
  bool Stop();
  int starts() const { return starts_; }
  // The process of the bot (a sandbox's outermost), -1 when none runs.
  pid_t pid() const { return process_ ? process_->pid() : -1; }
  // From now on, its process runs on `cpu` (-1: anywhere): the one that
  // runs is moved (BotProcess::MoveTo), a restart starts there.
  void MoveTo(int cpu);
  // The CPU its process runs (or will run) on; -1: anywhere.
  int cpu() const { return options_.cpu; }

 private:
  std::expected<void, SpawnError> Connect();
  // The error of a connection that did not come (`detail`), or of a Hello
  // refused for not declaring the game.
  SpawnError NotConnected(const std::string& detail, bool game_refused);
  // Closes the stream and stops the process, for the next Seat() to start
  // afresh; `why` goes to the run log.
  void StopBot(const std::string& why);
  // How the current process ended (for ClosedStreamFault); null when the
  // bot runs elsewhere.
  ProcessEnded ProcessEndedOf() const;
  std::expected<void, SpawnError> Spawn(const std::string& token);
  // Stops the process, if one runs; `why` goes to the run log.
  void StopProcess(const std::string& why);
  // The run log's line of a process just started in `folder`.
  void LogStart(const std::string& folder);

  Server& server_;
  BotSpec spec_;
  BotRunnerOptions options_;
  std::unique_ptr<BotProcess> process_;
  std::shared_ptr<BotChannel> channel_;
  int starts_ = 0;
  std::string harness_error_;
  // Final: before it ever started, its Hello did not declare the game; why.
  bool game_refused_ = false;
  std::string refusal_;
  // Why its process was stopped after a game: told by the next game's
  // record (until AfterGame).
  std::string restart_reason_;
};

}  // namespace arbiter

#endif  // ARBITER_MATCH_BOT_RUNNER_H_
