// Plays scheduled games between bot processes through match play
// (arbiter/match): one gRPC server for the tournament and, for every bot, a
// pool of BotRunners, each a process reused from game to game; a game takes
// one free runner per seat (starting a new process when none is free), so
// every seat of every running game has its own process.
#ifndef ARBITER_TOURNAMENT_PROCESS_RUNNER_H_
#define ARBITER_TOURNAMENT_PROCESS_RUNNER_H_

#include <chrono>
#include <expected>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "arbiter/match/bot_runner.h"
#include "arbiter/server/server.h"
#include "arbiter/tournament/config.h"
#include "arbiter/tournament/runner.h"
#include "arbiter/games/zetema/ruleset.h"

namespace arbiter::tournament {

struct ProcessRunnerOptions {
  std::filesystem::path log_dir;  // one log per bot process
  std::chrono::milliseconds startup_timeout{10000};
};

class ProcessRunner : public GameRunner {
 public:
  // Checks every bot's command (the error names the bot's key) and starts
  // the server.
  static std::expected<std::unique_ptr<ProcessRunner>, std::string> Start(
      const TournamentConfig& config, zetema::Ruleset rules,
      ProcessRunnerOptions options);
  // Stops every bot process and the server.
  ~ProcessRunner() override;

  std::expected<std::string, std::string> Run(
      const ScheduledGame& game) override;

 private:
  ProcessRunner(const TournamentConfig& config, zetema::Ruleset rules,
                ProcessRunnerOptions options, std::unique_ptr<Server> server);
  BotRunner* Acquire(int bot);
  void Release(int bot, BotRunner* runner);

  const TournamentConfig& config_;
  const zetema::Ruleset rules_;
  const ProcessRunnerOptions options_;
  std::unique_ptr<Server> server_;
  std::mutex mutex_;
  std::vector<std::vector<std::unique_ptr<BotRunner>>> runners_;  // per bot
  std::vector<std::vector<BotRunner*>> idle_;                     // per bot
};

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_PROCESS_RUNNER_H_
