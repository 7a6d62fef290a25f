#include "arbiter/league/league_run.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <thread>

#include "arbiter/common/deal_secret.h"
#include "arbiter/league/files.h"
#include "arbiter/league/league_config.h"
#include "arbiter/league/league_ratings.h"
#include "arbiter/league/league_report.h"
#include "arbiter/league/roster.h"
#include "arbiter/league/scheduler.h"
#include "arbiter/process/bot_process.h"
#include "arbiter/tournament/driver.h"
#include "arbiter/tournament/kept_records.h"
#include "arbiter/tournament/ruleset_link.h"
#include "arbiter/tournament/runner_choice.h"

namespace arbiter::league {
namespace {

namespace fs = std::filesystem;
namespace tour = arbiter::tournament;
using Error = std::unexpected<LeagueRunError>;

Error SetupError(std::string message) {
  return Error(LeagueRunError{.message = std::move(message)});
}

// One batch as a format of the driver: its games, given once, and the
// summaries of those recorded.
class BatchFormat : public tour::TournamentFormat {
 public:
  BatchFormat(int batch, std::vector<tour::ScheduledGame> games)
      : batch_(batch), games_(std::move(games)) {}
  std::expected<std::optional<tour::Batch>, std::string> Next() override {
    if (given_) return std::nullopt;
    given_ = true;
    return tour::Batch{.round = batch_, .games = games_};
  }
  std::expected<void, std::string> Record(
      const tour::ScheduledGame& /*game*/,
      const records::RecordSummary* summary) override {
    if (summary != nullptr) recorded.push_back(*summary);
    return {};
  }
  bool Adaptive() const override { return false; }
  int Total() const override { return int(games_.size()); }
  tour::Plan MakePlan() const override {
    return {.rounds = 1, .games = int(games_.size())};
  }
  std::expected<void, std::string> CheckSplit(
      const tour::RunSplit& /*split*/) const override {
    return {};
  }
  std::vector<records::RecordSummary> recorded;

 private:
  int batch_;
  std::vector<tour::ScheduledGame> games_;
  bool given_ = false;
};

// Plays through `inner` and writes the content hash of every seat's build
// into the record (Seat.bot_hash).
class StampingRunner : public tour::GameRunner {
 public:
  StampingRunner(tour::GameRunner& inner, std::vector<std::string> hashes)
      : inner_(inner), hashes_(std::move(hashes)) {}
  std::expected<tour::PlayedGame, std::string> Run(
      const tour::ScheduledGame& game) override {
    auto played = inner_.Run(game);
    if (!played) return played;
    v1::GameRecord record = std::move(played->record);
    for (int s = 0; s < record.seats_size() && s < int(game.seat_bots.size());
         ++s) {
      record.mutable_seats(s)->set_bot_hash(hashes_[game.seat_bots[s]]);
    }
    return tour::PlayedGameOf(std::move(record));
  }
  void Prepare(const std::vector<const tour::ScheduledGame*>& first) override {
    inner_.Prepare(first);
  }

 private:
  tour::GameRunner& inner_;
  std::vector<std::string> hashes_;  // per bot of the config
};

// The active bots as a tournament config, and the bot processes that play
// them: kept from batch to batch while the active bots stay the same.
struct Lineup {
  std::vector<std::string> ids;  // "mybot@3", in roster order
  tour::TournamentConfig config;
  std::vector<std::string> hashes;
  tour::ChosenRunner chosen;
  std::unique_ptr<StampingRunner> runner;
};

std::expected<std::unique_ptr<Lineup>, std::string> MakeLineup(
    const tour::TournamentConfig& league, const tour::ResolvedRuleset& game,
    const std::vector<const BotVersion*>& active,
    const LeagueRunOptions& options) {
  auto lineup = std::make_unique<Lineup>();
  lineup->config = league;
  lineup->config.bots.clear();
  const fs::path store = fs::absolute(options.dir).lexically_normal() / "bots";
  for (const BotVersion* bot : active) {
    tour::BotConfig config = league.bots.front();  // the [sandbox] template
    config.name = bot->Id();
    config.command = JoinCommand(bot->argv);
    config.cwd = (store / bot->hash).string();
    lineup->config.bots.push_back(std::move(config));
    lineup->ids.push_back(bot->Id());
    lineup->hashes.push_back(bot->hash);
  }
  auto chosen = tour::MakeGameRunner(
      lineup->config, game.game,
      {.out_dir = options.dir, .concurrency = options.concurrency});
  if (!chosen) return std::unexpected(chosen.error());
  lineup->chosen = std::move(*chosen);
  lineup->runner =
      std::make_unique<StampingRunner>(*lineup->chosen.runner, lineup->hashes);
  return lineup;
}

// The shape of a table for the scheduler: its units (bots) and partners.
TableShape ShapeOf(const tour::TournamentConfig& config,
                   const tour::TeamLayout& layout) {
  TableShape shape;
  shape.seats = tour::UnitsPerTable(config, layout);
  shape.team_of_seat.assign(shape.seats, -1);
  if (config.partnership_fill == tour::PartnershipFill::kIndividual &&
      layout.NumTeams() < layout.NumSeats()) {
    shape.team_of_seat = layout.team_of;
  }
  return shape;
}

// What `status` shows of a running run (DIR/state.json).
std::expected<void, std::string> WriteState(
    const fs::path& dir, int batch, const std::string& doing,
    const std::vector<std::string>& tables) {
  char host[256] = {};
  ::gethostname(host, sizeof host - 1);
  const nlohmann::json state = {{"pid", ::getpid()}, {"host", host},
                                {"batch", batch},    {"doing", doing},
                                {"since", UtcNow()}, {"tables", tables}};
  return WriteAtomically(dir / kStateFile, state.dump(2) + "\n");
}

// The highest batch a run ever started (DIR/state.json), 0 for none: a
// batch whose games were cut short by a kill is never numbered again.
int StartedBatch(const fs::path& dir) {
  auto text = ReadWhole(dir / kStateFile);
  if (!text) return 0;
  const auto state = nlohmann::json::parse(*text, nullptr, false);
  if (!state.is_object() || !state.contains("batch") ||
      !state["batch"].is_number_integer()) {
    return 0;
  }
  return state["batch"].get<int>();
}

class Run {
 public:
  explicit Run(const LeagueRunOptions& options) : options_(options) {}
  std::expected<LeagueRunResult, LeagueRunError> Go();

 private:
  std::expected<void, LeagueRunError> Open();
  // Plays one batch among `active`; false when there was none to play.
  std::expected<bool, LeagueRunError> PlayBatch(
      const std::vector<const BotVersion*>& active);
  std::optional<std::string> Done(const std::vector<const BotVersion*>& active);
  void Say(const std::string& line) const {
    if (options_.say) options_.say(line);
  }
  bool Stopping() const { return options_.stop && options_.stop->load(); }
  // Counts a recorded game.
  void Add(const records::RecordSummary& summary, const std::string& where) {
    if (auto ok = ratings_.Add(summary); !ok) {
      Say(fmt::format("warning: {}: {}", where, ok.error()));
    }
    newest_.push_back(summary);
    if (newest_.size() > 2 * size_t(kNewestGames)) {
      newest_.erase(newest_.begin(), newest_.end() - kNewestGames);
    }
  }
  void Publish(int batch, const std::vector<const BotVersion*>& active);

  const LeagueRunOptions& options_;
  tour::TournamentConfig config_;
  tour::ResolvedRuleset game_;
  fs::path records_;
  RunSecret secret_;
  LeagueRatings ratings_;
  std::vector<records::RecordSummary> newest_;  // for the report
  std::unique_ptr<Lineup> lineup_;
  int batch_ = 0;  // the last batch started
  LeagueRunResult result_;
};

std::expected<void, LeagueRunError> Run::Open() {
  auto config = LoadLeagueConfig(options_.dir);
  if (!config) return SetupError(config.error());
  config_ = std::move(*config);
  if (options_.concurrency > 0) config_.concurrency = options_.concurrency;
  auto game = tour::ResolveRuleset(config_);
  if (!game)
    return SetupError((options_.dir / kConfigFile).string() + ": " +
                      game.error());
  game_ = std::move(*game);
  auto records = tour::RecordsPath(options_.dir, /*compress=*/true);
  if (!records) return SetupError(records.error());
  records_ = *records;
  auto secret =
      tour::OpenRunSecret(options_.dir, records_, /*given=*/{}, config_.seed);
  if (!secret) return SetupError(secret.error());
  secret_ = *secret;
  auto kept = tour::ReadKeptRecords(records_);
  if (!kept) return SetupError(kept.error());
  for (const auto& warning : kept->warnings) Say("warning: " + warning);
  for (const std::string& id : kept->ids) {
    const auto& record = kept->by_id.at(id);
    if (!record.summary) {
      Say(fmt::format("warning: {}: {}", record.where, record.summary.error()));
      continue;
    }
    Add(*record.summary, record.where);
  }
  result_.total = ratings_.games();
  batch_ = std::max(ratings_.max_batch(), StartedBatch(options_.dir));
  if (auto ok = ratings_.Refit(); !ok) Say("warning: ratings: " + ok.error());
  return {};
}

// Why the run is done, or nullopt to go on.
std::optional<std::string> Run::Done(
    const std::vector<const BotVersion*>& active) {
  if (Stopping()) return "stopped";
  if (options_.games > 0 && result_.played >= options_.games) {
    return fmt::format("--games {} reached", options_.games);
  }
  if (options_.until_width > 0 && int(active.size()) >= 2) {
    for (const BotVersion* bot : active) {
      const auto e = ratings_.EstimateOf(bot->Id());
      if (!(2 * HalfWidth95(e.sd) < options_.until_width)) return std::nullopt;
    }
    return fmt::format(
        "every active bot's 95% interval is narrower than {} Elo",
        options_.until_width);
  }
  return std::nullopt;
}

std::expected<bool, LeagueRunError> Run::PlayBatch(
    const std::vector<const BotVersion*>& active) {
  std::vector<std::string> ids;
  for (const BotVersion* bot : active) ids.push_back(bot->Id());
  if (!lineup_ || lineup_->ids != ids) {
    lineup_.reset();  // stops the old bots first
    auto lineup = MakeLineup(config_, game_, active, options_);
    if (!lineup) return SetupError(lineup.error());
    lineup_ = std::move(*lineup);
  }
  std::vector<Entrant> entrants;
  for (size_t i = 0; i < ids.size(); ++i) {
    const auto e = ratings_.EstimateOf(ids[i]);
    entrants.push_back({.id = ratings_.IdOf(ids[i]),
                        .elo = e.elo,
                        .sd = e.sd,
                        .games = e.games});
  }
  const int slots =
      config_.concurrency > 0
          ? config_.concurrency
          : int(std::max(1u, std::thread::hardware_concurrency()));
  const int count = options_.tables_per_batch > 0 ? options_.tables_per_batch
                                                  : std::max(4, 2 * slots);
  const int batch = batch_ + 1;
  const auto chosen = ChooseTables(
      entrants, ratings_.encounters(), ShapeOf(config_, game_.layout), count,
      options_.seed ^ (uint64_t(batch) * 0x9E3779B97F4A7C15ull));
  if (chosen.empty()) return false;
  tour::Round round{.number = batch};
  std::vector<std::string> shown;
  for (const auto& table : chosen) {
    tour::Table units;
    std::string names;
    for (const int id : table) {
      const std::string& name = ratings_.NameOf(id);
      units.push_back(
          int(std::find(ids.begin(), ids.end(), name) - ids.begin()));
      names += (names.empty() ? "" : " v ") + name;
    }
    round.tables.push_back(std::move(units));
    shown.push_back(std::move(names));
  }
  auto games = tour::ExpandRound(lineup_->config, game_.layout, round, 0);
  tour::SealGames(games, secret_.key, secret_.seed);
  batch_ = batch;
  if (auto ok = WriteState(options_.dir, batch, "playing", shown); !ok) {
    return Error(LeagueRunError{.message = ok.error(), .bad_setup = false});
  }
  Say(fmt::format("batch {}: {} tables, {} games", batch, chosen.size(),
                  games.size()));
  BatchFormat format(batch, std::move(games));
  auto writer = records::RecordWriter::Open(records_, {.sync_each = false});
  if (!writer) {
    return Error(LeagueRunError{.message = writer.error(), .bad_setup = false});
  }
  tour::RunOptions run{.out_dir = options_.dir, .stop = options_.stop};
  run.concurrency = config_.concurrency;
  auto played = tour::PlayFormat(lineup_->config, format, *lineup_->runner, {},
                                 std::move(*writer), run);
  if (!played) {
    return Error(LeagueRunError{.message = played.error().message,
                                .bad_setup = played.error().bad_setup});
  }
  for (const auto& warning : played->warnings) Say("warning: " + warning);
  result_.played += played->played;
  result_.total += played->played;
  ++result_.batches;
  for (const auto& summary : format.recorded) Add(summary, summary.game_id);
  if (auto ok = ratings_.Refit(); !ok) Say("warning: ratings: " + ok.error());
  return true;
}

// The history's line and the report, after a batch.
void Run::Publish(int batch, const std::vector<const BotVersion*>& active) {
  HistoryPoint point{.batch = batch, .time = UtcNow(), .games = result_.total};
  for (const BotVersion* bot : active) {
    point.bots.push_back(ratings_.EstimateOf(bot->Id()));
  }
  if (auto ok = AppendHistory(options_.dir, point); !ok) {
    Say("warning: " + ok.error());
  }
  if (options_.report) {
    if (auto ok = WriteLeagueReport(options_.dir, config_.name, newest_); !ok) {
      Say("report: " + ok.error());
    }
  }
}

std::expected<LeagueRunResult, LeagueRunError> Run::Go() {
  if (auto ok = Open(); !ok) return std::unexpected(ok.error());
  Say(fmt::format("{}: {} games recorded, next batch {}", config_.name,
                  result_.total, batch_ + 1));
  bool waiting = false;
  while (true) {
    auto roster = LoadRoster(options_.dir);
    if (!roster) return SetupError(roster.error());
    std::vector<const BotVersion*> active;
    for (const BotVersion& bot : roster->bots) {
      if (bot.active) active.push_back(&bot);
    }
    if (auto why = Done(active)) {
      result_.why = *why;
      break;
    }
    auto played = PlayBatch(active);
    if (!played) return std::unexpected(played.error());
    if (!*played) {
      if (!waiting) {
        Say(fmt::format("waiting for bots: {} active, a table needs {}",
                        active.size(),
                        tour::UnitsPerTable(config_, game_.layout)));
        (void)WriteState(options_.dir, batch_, "waiting for bots", {});
      }
      waiting = true;
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
      continue;
    }
    waiting = false;
    Publish(batch_, active);
    if (Stopping()) {
      result_.why = "stopped";
      break;
    }
  }
  result_.stopped = Stopping();
  lineup_.reset();
  (void)WriteState(options_.dir, batch_, "stopped", {});
  return result_;
}

}  // namespace

std::expected<LeagueRunResult, LeagueRunError> RunLeague(
    const LeagueRunOptions& options) {
  Run run(options);
  return run.Go();
}

}  // namespace arbiter::league
