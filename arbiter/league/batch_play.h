// The pieces of a league batch that a run and a Slurm task share: the
// batch as a format of the tournament's driver, the bots of a batch as a
// tournament config and the processes that play them, the batch's games
// (the same wherever they are made: from its tables, the roster and the
// league's secret), and the league's config, game and secret.
#ifndef ARBITER_LEAGUE_BATCH_PLAY_H_
#define ARBITER_LEAGUE_BATCH_PLAY_H_

#include <atomic>
#include <expected>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/common/deal_secret.h"
#include "arbiter/league/league_run.h"
#include "arbiter/league/roster.h"
#include "arbiter/tournament/driver.h"
#include "arbiter/tournament/formats/format.h"
#include "arbiter/tournament/kept_records.h"
#include "arbiter/tournament/ruleset_link.h"
#include "arbiter/tournament/runner.h"
#include "arbiter/tournament/runner_choice.h"

namespace arbiter::league {

// One batch as a format of the driver: its games, given once, and the
// summaries of those recorded.
class BatchFormat : public tournament::TournamentFormat {
 public:
  BatchFormat(int batch, std::vector<tournament::ScheduledGame> games)
      : batch_(batch), games_(std::move(games)) {}
  std::expected<std::optional<tournament::Batch>, std::string> Next() override {
    if (given_) return std::nullopt;
    given_ = true;
    return tournament::Batch{.round = batch_, .games = games_};
  }
  std::expected<void, std::string> Record(
      const tournament::ScheduledGame& /*game*/,
      const records::RecordSummary* summary) override {
    if (summary != nullptr) recorded.push_back(*summary);
    return {};
  }
  bool Adaptive() const override { return false; }
  int Total() const override { return int(games_.size()); }
  tournament::Plan MakePlan() const override {
    return {.rounds = 1, .games = int(games_.size())};
  }
  std::expected<void, std::string> CheckSplit(
      const tournament::RunSplit& /*split*/) const override {
    return {};
  }
  std::vector<records::RecordSummary> recorded;

 private:
  int batch_;
  std::vector<tournament::ScheduledGame> games_;
  bool given_ = false;
};

// Plays through `inner` and writes the content hash of every seat's build
// into the record (Seat.bot_hash).
class StampingRunner : public tournament::GameRunner {
 public:
  StampingRunner(tournament::GameRunner& inner, std::vector<std::string> hashes)
      : inner_(inner), hashes_(std::move(hashes)) {}
  std::expected<tournament::PlayedGame, std::string> Run(
      const tournament::ScheduledGame& game) override {
    auto played = inner_.Run(game);
    if (!played) return played;
    v1::GameRecord record = std::move(played->record);
    for (int s = 0; s < record.seats_size() && s < int(game.seat_bots.size());
         ++s) {
      record.mutable_seats(s)->set_bot_hash(hashes_[game.seat_bots[s]]);
    }
    return tournament::PlayedGameOf(std::move(record));
  }
  void Prepare(
      const std::vector<const tournament::ScheduledGame*>& first) override {
    inner_.Prepare(first);
  }

 private:
  tournament::GameRunner& inner_;
  std::vector<std::string> hashes_;  // per bot of the config
};

// Bots as a tournament config, and the bot processes that play them
// (locally: kept from batch to batch while the active bots stay the same).
struct Lineup {
  std::vector<std::string> ids;  // "mybot@3"
  tournament::TournamentConfig config;
  std::vector<std::string> hashes;
  tournament::ChosenRunner chosen;
  std::unique_ptr<StampingRunner> runner;
};

// The lineup of `bots`, each run from its build in DIR/bots/HASH with the
// league's [sandbox]; no process started yet.
std::unique_ptr<Lineup> LineupOf(const tournament::TournamentConfig& league,
                                 const std::vector<const BotVersion*>& bots,
                                 const std::filesystem::path& dir);

// Starts the lineup's bots; logs and the hidden folder are `out_dir`'s.
std::expected<void, std::string> StartBots(
    Lineup& lineup, const tournament::ResolvedRuleset& game,
    const std::filesystem::path& out_dir, int concurrency);

// The games of batch `batch` whose tables (bot ids, in seat order, each in
// the lineup) are `tables`, sealed under the league's secret: the same
// wherever made.
std::vector<tournament::ScheduledGame> BatchGames(
    const Lineup& lineup, const tournament::TeamLayout& layout, int batch,
    const std::vector<std::vector<std::string>>& tables,
    const RunSecret& secret);

// Plays `format`'s games (those in `kept` are recorded already) with the
// lineup's bots, appending each record to `records`; the bots' logs and the
// hidden folder are beside it. Its error is a PlayError but where the driver
// says the setup was bad.
std::expected<tournament::RunResult, LeagueRunError> PlayBatchGames(
    Lineup& lineup, BatchFormat& format, const std::filesystem::path& records,
    const tournament::KeptRecords& kept, int concurrency,
    const std::atomic<bool>* stop);

// The error of a league's setup (its folder, its config or a bot), and of
// playing it (a game, a file written: bad_setup false).
std::unexpected<LeagueRunError> SetupError(std::string message);
std::unexpected<LeagueRunError> PlayError(std::string message);

// The league's config, game and secret, as every run and task reads them.
struct Opened {
  tournament::TournamentConfig config;
  tournament::ResolvedRuleset game;
  std::filesystem::path records;
  RunSecret secret;
};

// Reads DIR's config (with options.concurrency over it), its game and its
// secret (made on the first run).
std::expected<Opened, LeagueRunError> OpenLeague(
    const LeagueRunOptions& options);

// One task of a batch's array (`arbiter league play-batch`): the games of
// shard `shard` of `tasks` of the batch's plan, recorded in
// ShardRecords(dir, batch, shard); those recorded there already are kept.
// Of `options`, dir, concurrency and stop count. `locked` is called with
// that records file once its lock is held, before any bot starts (the task
// opens its run log there).
std::expected<LeagueRunResult, LeagueRunError> PlayBatchShard(
    const LeagueRunOptions& options, int batch, int tasks, int shard,
    const std::function<void(const std::filesystem::path&)>& locked);

}  // namespace arbiter::league

#endif  // ARBITER_LEAGUE_BATCH_PLAY_H_
