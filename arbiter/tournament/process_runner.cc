#include "arbiter/tournament/process_runner.h"

#include <fmt/format.h>
#include <unistd.h>

#include "arbiter/match/match.h"
#include "arbiter/match/record_io.h"
#include "arbiter/process/bot_process.h"

namespace arbiter::tournament {
namespace {

// Single quotes for SplitCommand (and a POSIX shell).
std::string Quote(const std::string& word) {
  std::string out = "'";
  for (char c : word)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Checks that the bot's program can be run, as Spawn would find it.
std::expected<void, std::string> CheckCommand(const BotConfig& bot, int index) {
  auto argv = SplitCommand(bot.command);
  if (!argv || argv->empty()) {
    return std::unexpected(fmt::format("bots[{}].command: {}", index,
                                       argv ? "empty" : argv.error()));
  }
  const std::string& exe = argv->front();
  if (!bot.cwd.empty() && exe.find('/') != std::string::npos &&
      exe.front() != '/') {
    const auto path = std::filesystem::path(bot.cwd) / exe;
    if (::access(path.c_str(), X_OK) != 0) {
      return std::unexpected(
          fmt::format("bots[{}].command: cannot run '{}' in {}: not an "
                      "executable file",
                      index, exe, bot.cwd));
    }
    return {};
  }
  if (auto ok = CheckBotCommand({bot.name, bot.command}); !ok) {
    return std::unexpected(
        fmt::format("bots[{}].command: {}", index, ok.error()));
  }
  return {};
}

}  // namespace

std::string ProcessRunner::SpawnCommand(const BotConfig& bot) {
  if (bot.cwd.empty() && bot.env.empty()) return bot.command;
  // GNU env: change directory, set variables, then exec the command's words.
  std::string out = "env";
  if (!bot.cwd.empty()) out += " -C " + Quote(bot.cwd);
  for (const auto& [name, value] : bot.env)
    out += " " + Quote(name + "=" + value);
  return out + " " + bot.command;
}

std::expected<std::unique_ptr<ProcessRunner>, std::string> ProcessRunner::Start(
    const TournamentConfig& config, zetema::Ruleset rules,
    ProcessRunnerOptions options) {
  for (size_t i = 0; i < config.bots.size(); ++i) {
    if (auto ok = CheckCommand(config.bots[i], int(i)); !ok) {
      return std::unexpected(ok.error());
    }
  }
  if (!options.log_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(options.log_dir, ec);
    if (ec) {
      return std::unexpected(fmt::format(
          "cannot create {}: {}", options.log_dir.string(), ec.message()));
    }
  }
  auto server = Server::Start({});
  if (!server) return std::unexpected(server.error());
  return std::unique_ptr<ProcessRunner>(new ProcessRunner(
      config, std::move(rules), std::move(options), std::move(*server)));
}

ProcessRunner::ProcessRunner(const TournamentConfig& config,
                             zetema::Ruleset rules,
                             ProcessRunnerOptions options,
                             std::unique_ptr<Server> server)
    : config_(config),
      rules_(std::move(rules)),
      options_(std::move(options)),
      server_(std::move(server)),
      runners_(config.bots.size()),
      idle_(config.bots.size()) {}

ProcessRunner::~ProcessRunner() {
  for (auto& pool : runners_) {
    for (auto& runner : pool) runner->Stop();
  }
  server_->Shutdown();
}

BotRunner* ProcessRunner::Acquire(int bot) {
  std::lock_guard lock(mutex_);
  if (!idle_[bot].empty()) {
    BotRunner* runner = idle_[bot].back();
    idle_[bot].pop_back();
    return runner;
  }
  const BotConfig& config = config_.bots[bot];
  BotRunnerOptions options;
  options.startup_timeout = options_.startup_timeout;
  if (!options_.log_dir.empty()) {
    options.log_path =
        (options_.log_dir /
         fmt::format("{}.{}.log", config.name, runners_[bot].size() + 1))
            .string();
  }
  runners_[bot].push_back(std::make_unique<BotRunner>(
      *server_, BotSpec{config.name, SpawnCommand(config)}, options));
  return runners_[bot].back().get();
}

void ProcessRunner::Release(int bot, BotRunner* runner) {
  std::lock_guard lock(mutex_);
  idle_[bot].push_back(runner);
}

std::expected<std::string, std::string> ProcessRunner::Run(
    const ScheduledGame& game) {
  const int n = int(game.seat_bots.size());
  GameSetup setup;
  setup.game_id = game.game_id;
  setup.rules = rules_;
  setup.num_players = n;
  setup.seed = game.deal_seed;
  setup.first_dealer = game.first_dealer;
  const TimeControl& tc = config_.time_control;
  setup.time = {int(tc.move_ms), int(tc.bank_ms), int(tc.increment_ms),
                int(tc.grace_ms)};
  setup.policy = config_.fault_policy == tournament::FaultPolicy::kForfeit
                     ? arbiter::FaultPolicy::kForfeit
                     : arbiter::FaultPolicy::kDefaultAction;
  setup.arbiter_version = server_->arbiter_version();
  setup.tournament_id = config_.name;
  setup.round = game.round;
  setup.duplicate_group = game.duplicate_group;
  std::vector<BotRunner*> runners;
  std::vector<SeatPlayer> seats;
  for (int s = 0; s < n; ++s) {
    runners.push_back(Acquire(game.seat_bots[s]));
    seats.push_back(runners.back()->Seat());
  }
  auto played = PlayGame(setup, seats);
  for (int s = 0; s < n; ++s) {
    if (played) runners[s]->AfterGame(played->faults[s]);
    Release(game.seat_bots[s], runners[s]);
  }
  if (!played) return std::unexpected(played.error());
  return RecordToJson(played->record);
}

}  // namespace arbiter::tournament
