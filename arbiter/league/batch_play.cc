#include "arbiter/league/batch_play.h"

#include <algorithm>
#include <cassert>

#include "arbiter/league/league_config.h"
#include "arbiter/league/slurm_batch.h"
#include "arbiter/process/bot_process.h"
#include "arbiter/records/run_lock.h"
#include "arbiter/tournament/driver.h"
#include "arbiter/tournament/kept_records.h"

namespace arbiter::league {

namespace fs = std::filesystem;
namespace tour = arbiter::tournament;

std::unexpected<LeagueRunError> SetupError(std::string message) {
  return std::unexpected(LeagueRunError{.message = std::move(message)});
}

std::unexpected<LeagueRunError> PlayError(std::string message) {
  return std::unexpected(
      LeagueRunError{.message = std::move(message), .bad_setup = false});
}

std::unique_ptr<Lineup> LineupOf(const tour::TournamentConfig& league,
                                 const std::vector<const BotVersion*>& bots,
                                 const fs::path& dir) {
  auto lineup = std::make_unique<Lineup>();
  lineup->config = league;
  lineup->config.bots.clear();
  const fs::path store = fs::absolute(dir).lexically_normal() / "bots";
  for (const BotVersion* bot : bots) {
    tour::BotConfig config = league.bots.front();  // the [sandbox] template
    config.name = bot->Id();
    config.command = JoinCommand(bot->argv);
    config.cwd = (store / bot->hash).string();
    lineup->config.bots.push_back(std::move(config));
    lineup->ids.push_back(bot->Id());
    lineup->hashes.push_back(bot->hash);
  }
  return lineup;
}

std::expected<void, std::string> StartBots(Lineup& lineup,
                                           const tour::ResolvedRuleset& game,
                                           const fs::path& out_dir,
                                           int concurrency) {
  auto chosen =
      tour::MakeGameRunner(lineup.config, game.game,
                           {.out_dir = out_dir, .concurrency = concurrency});
  if (!chosen) return std::unexpected(chosen.error());
  lineup.chosen = std::move(*chosen);
  lineup.runner =
      std::make_unique<StampingRunner>(*lineup.chosen.runner, lineup.hashes);
  return {};
}

std::vector<tour::ScheduledGame> BatchGames(
    const Lineup& lineup, const tour::TeamLayout& layout, int batch,
    const std::vector<std::vector<std::string>>& tables,
    const RunSecret& secret) {
  tour::Round round{.number = batch};
  for (const auto& table : tables) {
    tour::Table units;
    for (const std::string& id : table) {
      const auto it = std::find(lineup.ids.begin(), lineup.ids.end(), id);
      assert(it != lineup.ids.end() && "a table's bot is in its lineup");
      units.push_back(int(it - lineup.ids.begin()));
    }
    round.tables.push_back(std::move(units));
  }
  auto games = tour::ExpandRound(lineup.config, layout, round, 0);
  tour::SealGames(games, secret.key, secret.seed);
  return games;
}

std::expected<tour::RunResult, LeagueRunError> PlayBatchGames(
    Lineup& lineup, BatchFormat& format, const fs::path& records,
    const tour::KeptRecords& kept, int concurrency,
    const std::atomic<bool>* stop) {
  auto writer = records::RecordWriter::Open(records, {.sync_each = false});
  if (!writer) return PlayError(writer.error());
  tour::RunOptions run{.out_dir = records.parent_path(), .stop = stop};
  run.concurrency = concurrency;
  auto played = tour::PlayFormat(lineup.config, format, *lineup.runner, kept,
                                 std::move(*writer), run);
  if (!played) {
    return std::unexpected(
        LeagueRunError{.message = played.error().message,
                       .bad_setup = played.error().bad_setup});
  }
  return std::move(*played);
}

std::expected<Opened, LeagueRunError> OpenLeague(
    const LeagueRunOptions& options) {
  Opened o;
  auto config = LoadLeagueConfig(options.dir);
  if (!config) return SetupError(config.error());
  o.config = std::move(*config);
  if (options.concurrency > 0) o.config.concurrency = options.concurrency;
  auto game = tour::ResolveRuleset(o.config);
  if (!game) {
    return SetupError((options.dir / kConfigFile).string() + ": " +
                      game.error());
  }
  o.game = std::move(*game);
  auto records = tour::RecordsPath(options.dir, /*compress=*/true);
  if (!records) return SetupError(records.error());
  o.records = *records;
  auto secret =
      tour::OpenRunSecret(options.dir, o.records, /*given=*/{}, o.config.seed);
  if (!secret) return SetupError(secret.error());
  o.secret = *secret;
  return o;
}

std::expected<LeagueRunResult, LeagueRunError> PlayBatchShard(
    const LeagueRunOptions& options, int batch, int tasks, int shard,
    const std::function<void(const fs::path&)>& locked) {
  auto league = OpenLeague(options);
  if (!league) return std::unexpected(league.error());
  auto plan = ReadPlan(options.dir, batch);
  if (!plan) return SetupError(plan.error());
  auto roster = LoadRoster(options.dir);
  if (!roster) return SetupError(roster.error());
  std::vector<const BotVersion*> bots;  // the plan's, retired ones too
  for (const auto& table : plan->tables) {
    for (const std::string& id : table) {
      const BotVersion* bot = roster->Find(id);
      if (bot == nullptr) return SetupError(id + ": not in the roster");
      if (std::find(bots.begin(), bots.end(), bot) == bots.end()) {
        bots.push_back(bot);
      }
    }
  }
  const fs::path records = ShardRecords(options.dir, batch, shard);
  std::error_code ec;
  fs::create_directories(records.parent_path(), ec);
  // Slurm may run a task twice at once: one records, the other waits.
  auto lock = records::RunLock::Acquire(records, {.wait = true});
  if (!lock) return SetupError(lock.error().message);
  locked(records);
  auto lineup = LineupOf(league->config, bots, options.dir);
  if (auto ok = StartBots(*lineup, league->game, records.parent_path(),
                          league->config.concurrency);
      !ok) {
    return SetupError(ok.error());
  }
  std::vector<tour::ScheduledGame> games;
  for (auto& game : BatchGames(*lineup, league->game.layout, batch,
                               plan->tables, league->secret)) {
    if (tour::InShard(game, shard, tasks)) games.push_back(std::move(game));
  }
  auto kept = tour::ReadKeptRecords(records);
  if (!kept) return SetupError(kept.error());
  BatchFormat format(batch, std::move(games));
  auto played = PlayBatchGames(*lineup, format, records, *kept,
                               league->config.concurrency, options.stop);
  if (!played) return std::unexpected(played.error());
  return LeagueRunResult{.batches = 1,
                         .played = played->played,
                         .total = played->already_done + played->played,
                         .stopped = played->stopped};
}

}  // namespace arbiter::league
