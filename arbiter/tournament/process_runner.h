// Plays scheduled games between bot processes through match play
// (arbiter/match): one gRPC server for the tournament and, for every bot, a
// pool of BotRunners, each a process reused from game to game; a game takes
// one free runner per seat (starting a new process when none is free), so
// every seat of every running game has its own process. A runner that
// played a seating of a duplicate deal never gets another seating of it
// (seating_ledger.h): a bot has about as many processes as seats at once
// plus the seatings of a deal. A game played by a thread pinned to one CPU
// (RunOptions, "affinity") takes runners whose processes run on that CPU,
// else moves a free one there.
#ifndef ARBITER_TOURNAMENT_PROCESS_RUNNER_H_
#define ARBITER_TOURNAMENT_PROCESS_RUNNER_H_

#include <chrono>
#include <expected>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/game/game.h"
#include "arbiter/match/bot_runner.h"
#include "arbiter/server/server.h"
#include "arbiter/tournament/config.h"
#include "arbiter/tournament/runner.h"
#include "arbiter/tournament/seating_ledger.h"

namespace arbiter::tournament {

struct ProcessRunnerOptions {
  // One log per bot process: a bot's k-th process logs to NAME.k.log, its
  // first to NAME.log when `plain_first_log` (`arbiter play`'s names).
  std::filesystem::path log_dir;
  bool plain_first_log = false;
  size_t log_limit_bytes = size_t{1} << 20;  // per log
  std::chrono::milliseconds startup_timeout{10000};
  // How long a bot that runs elsewhere (its command "@") has to connect.
  std::chrono::milliseconds connect_timeout{10000};
  // How the server listens (ServerOptions::listen): "" for a private
  // Unix socket.
  std::string listen;
  // Start a process of every bot in Start() and those of the slots' first
  // games in Prepare(), side by side: a bot whose Hello refuses the run
  // stops it before any game. False (`arbiter play`): every process starts
  // in the game that seats it, so that a bot's failure at its very first
  // start is that game's startup fault.
  bool start_early = true;
  // Paths no bot may see (the tournament's output directory).
  std::vector<std::string> hidden;
  // The command line's --concurrency (0: the config's), as RunOptions
  // has it. When games are pinned (placement.h), the processes started
  // before the first game run on the first slot's CPU.
  int concurrency = 0;
};

// How a bot of `config` is run (its folder shared with the other bots:
// the config's).
BotSpec SpecOf(const TournamentConfig& config, const BotConfig& bot);

// Checks, as they will be run, every bot's cwd and command (builtin bots
// need none); the error names the bot's key.
std::expected<void, std::string> CheckBots(const TournamentConfig& config);

class ProcessRunner : public GameRunner {
 public:
  // Checks every bot's command and sandbox paths (the error names the
  // bot's key), checks what sandbox the machine allows (config.sandbox_mode;
  // full refuses to start without every guarantee), starts the server and
  // (start_early) one process of every bot: a bot whose Hello does not
  // declare the game is refused here, before any game is played.
  static std::expected<std::unique_ptr<ProcessRunner>, std::string> Start(
      const TournamentConfig& config, std::shared_ptr<const game::Game> game,
      ProcessRunnerOptions options);
  // Stops every bot process and the server.
  ~ProcessRunner() override;

  // A game whose bot could not be started for the harness's reasons (its
  // sandbox) is not played: an error, and the tournament stops.
  std::expected<PlayedGame, std::string> Run(
      const ScheduledGame& game) override;
  // Starts, side by side, the processes that the slots' first games need
  // and the pools do not have (on each slot's CPU when games are pinned),
  // and those that the other seatings of their duplicate deals will need.
  void Prepare(const std::vector<const ScheduledGame*>& first) override;
  // The sandbox's mode and what it gives, then a line for each guarantee
  // it does not give (none in full mode).
  std::string SandboxSummary() const;
  // The server's private directory, for a cleanup that cannot wait for
  // the destructor (an interrupt's).
  const std::string& socket_dir() const { return server_->socket_dir(); }

 private:
  ProcessRunner(const TournamentConfig& config,
                std::shared_ptr<const game::Game> game,
                ProcessRunnerOptions options,
                std::unique_ptr<sandbox::Sandbox> sandbox,
                std::unique_ptr<Server> server);
  std::expected<void, std::string> StartEveryBot();
  // One CPU per game slot when games are pinned, else empty (placement.h).
  std::vector<int> SlotCpus() const;
  // A free runner of `bot` that played no seating of the duplicate deal
  // `group` ("": none), whose process runs on `cpu` (-1: anywhere): one of
  // that CPU's, else one moved from another CPU, else a new one (its
  // process not started yet), which sets `*fresh`.
  BotRunner* Acquire(int bot, int cpu, std::string_view group,
                     bool* fresh = nullptr);
  // A runner of `bot` for `cpu`, its process not started; mutex_ held.
  BotRunner* NewRunner(int bot, int cpu);
  void Release(int bot, BotRunner* runner);

  const TournamentConfig& config_;
  const std::shared_ptr<const game::Game> game_;
  const ProcessRunnerOptions options_;
  std::unique_ptr<sandbox::Sandbox> sandbox_;
  std::unique_ptr<Server> server_;
  std::mutex mutex_;
  std::vector<std::vector<std::unique_ptr<BotRunner>>> runners_;  // per bot
  std::vector<std::vector<BotRunner*>> idle_;  // per bot: the free runners
  SeatingLedger seatings_;  // who played which duplicate deal
};

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_PROCESS_RUNNER_H_
