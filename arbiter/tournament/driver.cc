#include "arbiter/tournament/driver.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "arbiter/common/deal_secret.h"
#include "arbiter/records/record_writer.h"
#include "arbiter/tournament/background_writer.h"
#include "arbiter/tournament/game_pool.h"
#include "arbiter/tournament/placement.h"
#include "arbiter/tournament/swiss.h"

namespace arbiter::tournament {
namespace {

using Error = std::unexpected<std::string>;
using Clock = std::chrono::steady_clock;

std::vector<std::string> Names(const TournamentConfig& config) {
  std::vector<std::string> names;
  for (const auto& bot : config.bots) names.push_back(bot.name);
  return names;
}

// State shared by the workers; every member after `mutex` is guarded by it.
class Driver {
 public:
  Driver(const TournamentConfig& config, GameRunner& runner,
         const RunOptions& options, records::RecordWriter writer,
         KeptRecords kept)
      : config_(config),
        runner_(runner),
        options_(options),
        writer_(std::move(writer)),
        kept_(std::move(kept)),
        start_(Clock::now()) {
    result_.standings = Standings(Names(config));
    result_.warnings = std::move(kept_.warnings);
  }

  bool StopRequested() const {
    return failed_ || (options_.stop != nullptr && options_.stop->load());
  }
  // A game could not be played, or its record written.
  bool failed() const { return failed_; }

  // Counts the games of `games` recorded earlier, once each is checked
  // against the schedule, and plays the others. Game ids never repeat from
  // one call to the next.
  std::expected<void, std::string> Play(
      const std::vector<ScheduledGame>& games) {
    summaries_.clear();  // Summary() answers for these games only
    std::vector<const ScheduledGame*> pending;
    for (const ScheduledGame& game : games) {
      const auto it = kept_.by_id.find(game.game_id);
      if (it == kept_.by_id.end()) {
        pending.push_back(&game);
        continue;
      }
      matched_.insert(game.game_id);
      ++result_.already_done;
      const KeptRecord& kept = it->second;
      if (!kept.summary) {
        result_.warnings.push_back(
            fmt::format("{}: game {}: recorded, but unreadable ({}); not "
                        "scored",
                        kept.where, game.game_id, kept.summary.error()));
        continue;
      }
      if (auto ok = Score(game, *kept.summary, kept.where); !ok) return ok;
    }
    progress_.done = result_.already_done + result_.played;
    RunPool(pending);
    if (failed_) return Error(error_);
    return {};
  }

  // The first of `games` that has no record, or nullptr.
  const ScheduledGame* FirstMissing(
      const std::vector<ScheduledGame>& games) const {
    for (const ScheduledGame& game : games) {
      if (!kept_.by_id.contains(game.game_id)) return &game;
    }
    return nullptr;
  }

  // Games of the schedule that other shards play: their records, if any
  // are here, are checked and kept, not scored.
  std::expected<void, std::string> Others(
      const std::vector<ScheduledGame>& games) {
    for (const ScheduledGame& game : games) {
      const auto it = kept_.by_id.find(game.game_id);
      if (it == kept_.by_id.end()) continue;
      matched_.insert(game.game_id);
      if (!it->second.summary) continue;
      if (auto ok = CheckAgainstSchedule(game, *it->second.summary, config_,
                                         it->second.where);
          !ok) {
        return ok;
      }
    }
    return {};
  }

  // Records of the file that no game of the schedule has claimed.
  std::vector<std::string> Unmatched() const {
    std::vector<std::string> out;
    for (const std::string& id : kept_.ids) {
      if (!matched_.contains(id)) out.push_back(id);
    }
    return out;
  }
  const KeptRecords& kept() const { return kept_; }

  const RecordSummary* Summary(const std::string& game_id) const {
    const auto it = summaries_.find(game_id);
    return it == summaries_.end() ? nullptr : &it->second;
  }

  RunResult& result() { return result_; }
  Progress& progress() { return progress_; }

 private:
  std::expected<void, std::string> Score(const ScheduledGame& game,
                                         const RecordSummary& summary,
                                         std::string_view where) {
    if (auto ok = CheckAgainstSchedule(game, summary, config_, where); !ok) {
      return ok;
    }
    if (auto ok = result_.standings.Add(summary); !ok) return ok;
    summaries_[game.game_id] = summary;
    return {};
  }

  void Finish(const ScheduledGame& game,
              std::expected<PlayedGame, std::string> played) {
    std::lock_guard lock(mutex_);
    // After a failure, games that still finish well are kept all the same.
    auto fail = [&](std::string message) {
      if (!failed_) error_ = std::move(message);
      failed_ = true;
    };
    if (!played)
      return fail(fmt::format("game {}: {}", game.game_id, played.error()));
    const RecordSummary& summary = played->summary;
    if (summary.game_id != game.game_id ||
        played->line.find('\n') != std::string::npos) {
      return fail(fmt::format("game {}: the runner's record has game_id \"{}\"",
                              game.game_id, summary.game_id));
    }
    if (summary.faults > 0 && options_.stop != nullptr &&
        options_.stop->load()) {
      ++result_.interrupted;  // the stop may have killed a bot: replay it
      return;
    }
    if (auto ok = Score(game, summary, "the runner's record"); !ok) {
      return fail(ok.error());
    }
    if (std::string error = writer_.error(); !error.empty()) {
      return fail(error);
    }
    writer_.Append(std::move(played->line));
    ++result_.played;
    progress_.played = result_.played;
    progress_.done = result_.already_done + result_.played;
    progress_.faults = result_.standings.TotalFaults();
    progress_.elapsed_s =
        std::chrono::duration<double>(Clock::now() - start_).count();
    progress_.games_per_s =
        progress_.played / std::max(progress_.elapsed_s, 1e-9);
    progress_.eta_s =
        (progress_.total - progress_.done) / progress_.games_per_s;
    if (options_.progress != nullptr) {
      options_.progress->OnGame(progress_, result_.standings);
    }
  }

  void RunPool(const std::vector<const ScheduledGame*>& pending) {
    const GameFeed feed{
        .count = pending.size(),
        .game = [&](size_t i) { return pending[i]; },
        .stop = [this] { return StopRequested(); },
        .done =
            [this](const ScheduledGame& game,
                   std::expected<PlayedGame, std::string> played) {
              Finish(game, std::move(played));
            }};
    PlayGames(runner_, feed,
              Concurrency(options_.concurrency, config_.concurrency),
              config_.affinity);
    // Every game played is recorded (and durable) before the results are.
    if (auto ok = writer_.Flush(); !ok) {
      std::lock_guard lock(mutex_);
      if (!failed_) error_ = ok.error();
      failed_ = true;
    }
  }

  const TournamentConfig& config_;
  GameRunner& runner_;
  const RunOptions& options_;
  BackgroundWriter writer_;  // fsyncs while the next games play
  KeptRecords kept_;
  std::unordered_set<std::string> matched_;  // kept records the schedule named
  Clock::time_point start_;

  std::mutex mutex_;
  std::atomic<bool> failed_{false};
  std::string error_;
  RunResult result_;
  Progress progress_;
  std::unordered_map<std::string, RecordSummary> summaries_;
};

// Games per Swiss round: the same every round.
int GamesPerSwissRound(const TournamentConfig& config,
                       const TeamLayout& layout) {
  const int units = UnitsPerTable(config, layout);
  Round round;
  Table table(units);
  for (int u = 0; u < units; ++u) table[u] = u;
  round.tables.assign(config.bots.size() / units, table);
  return int(ExpandRound(config, layout, round, 0).size());
}

// Refuses, before anything is built, a schedule too large to hold in memory
// (rounds = 100000 with deals_per_pairing = 100000, say). Follows
// FixedRounds' and PairSwissRound's table counts.
std::expected<void, std::string> CheckScheduleSize(
    const TournamentConfig& config, const TeamLayout& layout) {
  const int units = UnitsPerTable(config, layout);
  const bool gauntlet = config.format == Format::kGauntlet;
  const double pool = double(config.bots.size()) - (gauntlet ? 1 : 0);
  const int drawn = gauntlet ? units - 1 : units;
  double tables = 0;
  if (config.format == Format::kSwiss) {
    tables = std::floor(pool / units);
  } else {
    double combinations = 1;
    for (int i = 0; i < drawn; ++i) combinations *= (pool - i) / (i + 1);
    if (drawn <= 1 || units == 2 || combinations <= kMaxTablesPerRound) {
      tables = combinations;
    } else {
      const double per_partition = std::floor(pool / drawn);
      tables = std::max(1.0, std::floor(kMaxTablesPerRound / per_partition)) *
               per_partition;
    }
  }
  const double games = double(config.rounds) * tables *
                       config.deals_per_pairing *
                       (config.duplicate ? units : 1);
  if (games > kMaxScheduledGames) {
    return Error(fmt::format(
        "rounds, deals_per_pairing, bots: the schedule would have {:.3g} "
        "games, more than {}",
        games, kMaxScheduledGames));
  }
  return {};
}

// Games of this shard among schedule indices [first, first + count).
int ShardGames(int first, int count, const RunOptions& options) {
  int n = 0;
  for (int i = first; i < first + count; ++i) {
    n += i % options.shard_count == options.shard_index ? 1 : 0;
  }
  return n;
}

std::expected<void, std::string> PlaySwiss(const TournamentConfig& config,
                                           const TeamLayout& layout,
                                           const RunSecret& secret,
                                           Driver& driver,
                                           const RunOptions& options) {
  const int units = UnitsPerTable(config, layout);
  const std::vector<std::string> names = Names(config);
  SwissHistory history(int(config.bots.size()));
  const int last =
      options.swiss_round > 0 ? options.swiss_round : config.rounds;
  int index = 0;
  for (int r = 1; r <= last; ++r) {
    driver.progress().round = r;
    const Round round = PairSwissRound(history, units, r, secret.seed);
    if (options.progress != nullptr && r >= options.swiss_round) {
      options.progress->OnPairings(round);
    }
    std::vector<ScheduledGame> games =
        ExpandRound(config, layout, round, index);
    SealGames(games, secret.key, secret.seed);
    index += int(games.size());
    if (r < options.swiss_round) {
      // Pairing round `swiss_round` needs every result before it.
      if (const ScheduledGame* missing = driver.FirstMissing(games)) {
        return Error(fmt::format(
            "--round {}: game {} of round {} is not recorded; play round {} "
            "(every shard) first and pass its records with --prior",
            options.swiss_round, missing->game_id, r, r));
      }
    }
    if (r == last && options.shard_count > 1) {
      std::vector<ScheduledGame> others;
      for (const ScheduledGame& g : games) {
        if (!InShard(g, options.shard_index, options.shard_count)) {
          others.push_back(g);
        }
      }
      if (auto ok = driver.Others(others); !ok) return ok;
      std::erase_if(games, [&](const ScheduledGame& g) {
        return !InShard(g, options.shard_index, options.shard_count);
      });
    }
    if (auto ok = driver.Play(games); !ok) return ok;
    if (driver.StopRequested() || r == last) return {};
    // The round is complete: its results pair the next one.
    std::vector<double> points(config.bots.size(), 0.0);
    std::vector<int> count(config.bots.size(), 0);
    for (const ScheduledGame& game : games) {
      history.AddGame(game.seat_bots);
      const RecordSummary* summary = driver.Summary(game.game_id);
      if (summary == nullptr) continue;  // unreadable record: warned about
      auto bot_points = BotPoints(*summary, names);
      if (!bot_points) return Error(bot_points.error());
      for (auto [bot, p] : *bot_points) {
        points[bot] += p;
        ++count[bot];
      }
    }
    for (const Table& table : round.tables) history.AddTable(table);
    for (size_t b = 0; b < points.size(); ++b) {
      if (count[b] > 0) history.AddScore(int(b), points[b] / count[b]);
    }
    for (int bot : round.byes) {
      history.AddBye(bot);
      history.AddScore(bot, 1.0);  // a bye counts as a win
    }
    if (options.progress != nullptr && r >= options.swiss_round) {
      options.progress->OnRound(r, driver.result().standings);
    }
  }
  return {};
}

}  // namespace

std::string ProgressLine(const Progress& p) {
  std::string eta = "?";
  if (p.eta_s >= 0) {
    const long s = std::lround(p.eta_s);
    eta = s >= 3600
              ? fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
              : fmt::format("{}:{:02}", s / 60, s % 60);
  }
  std::string line =
      fmt::format("{}/{} games  {:.1f} games/s  ETA {}  faults {}", p.done,
                  p.total, p.games_per_s, eta, p.faults);
  if (p.round > 0) line = fmt::format("round {}  {}", p.round, line);
  return line;
}

std::expected<Plan, std::string> PlanTournament(const TournamentConfig& config,
                                                const TeamLayout& layout) {
  if (auto ok = CheckLayout(config, layout); !ok) return Error(ok.error());
  if (auto ok = CheckScheduleSize(config, layout); !ok) {
    return Error(ok.error());
  }
  Plan plan;
  plan.rounds = config.rounds;
  plan.games_per_bot.assign(config.bots.size(), 0);
  if (config.format == Format::kSwiss) {
    const int units = UnitsPerTable(config, layout);
    if (int(config.bots.size()) < units) {
      return Error(
          fmt::format("bots: {} bots cannot fill one table of {} seats",
                      config.bots.size(), config.seats));
    }
    plan.games_per_round = GamesPerSwissRound(config, layout);
    plan.games = config.rounds * plan.games_per_round;
    plan.byes_per_round = int(config.bots.size()) % units;
    const int tables = int(config.bots.size()) / units;
    plan.games_per_bot.assign(config.bots.size(),
                              config.rounds * plan.games_per_round / tables);
    return plan;
  }
  auto schedule = BuildSchedule(config, layout);
  if (!schedule) return Error(schedule.error());
  plan.games = int(schedule->size());
  for (const ScheduledGame& g : *schedule) {
    std::vector<int> seen;  // a bot with several seats plays one game
    for (int bot : g.seat_bots) {
      if (std::find(seen.begin(), seen.end(), bot) != seen.end()) continue;
      seen.push_back(bot);
      ++plan.games_per_bot[bot];
    }
  }
  return plan;
}

namespace {

// Records of this directory that no game of `schedule` (the whole
// schedule, every shard's) claims are refused; those of other shards are
// checked like this shard's, kept and not scored.
std::expected<void, std::string> CheckOtherRecords(
    const TournamentConfig& config, const std::vector<ScheduledGame>& schedule,
    const std::vector<std::string>& unmatched, const KeptRecords& kept,
    std::vector<std::string>* warnings) {
  std::unordered_map<std::string_view, const ScheduledGame*> by_id;
  for (const ScheduledGame& g : schedule) by_id.emplace(g.game_id, &g);
  int others = 0;
  for (const std::string& id : unmatched) {
    const KeptRecord& record = kept.by_id.at(id);
    const auto it = by_id.find(id);
    if (it == by_id.end()) {
      return Error(fmt::format(
          "{}: game {} is not a game of this tournament's schedule (forged, "
          "or from another run); remove it to go on",
          record.where, id));
    }
    if (record.summary) {
      if (auto ok = CheckAgainstSchedule(*it->second, *record.summary, config,
                                         record.where);
          !ok) {
        return ok;
      }
    }
    ++others;
  }
  if (others > 0) {
    warnings->push_back(fmt::format(
        "{} records are games of other shards (first: {}); they are kept "
        "but not scored",
        others, unmatched.front()));
  }
  return {};
}

// RunTournament, its error a string; `*failed` is set when a game could not
// be played or a file not written (else what it was given does not fit).
std::expected<RunResult, std::string> Run(const TournamentConfig& config_in,
                                          const TeamLayout& layout,
                                          GameRunner& runner,
                                          const RunOptions& options,
                                          bool* failed) {
  if (options.shard_count < 1 || options.shard_index < 0 ||
      options.shard_index >= options.shard_count) {
    return Error(fmt::format("--shard: {}/{} is not a shard (0 <= I < N)",
                             options.shard_index, options.shard_count));
  }
  Plan swiss;
  if (config_in.format == Format::kSwiss) {
    auto plan = PlanTournament(config_in, layout);
    if (!plan) return Error(plan.error());
    swiss = *plan;
    if (options.shard_count > 1 && options.swiss_round == 0) {
      return Error(
          "--shard: a Swiss round is paired from the results of the rounds "
          "before, so a Swiss tournament is sharded one round at a time: add "
          "--round R");
    }
    if (options.swiss_round < 0 || options.swiss_round > config_in.rounds) {
      return Error(
          fmt::format("--round: {} is not a round of this "
                      "tournament (1..{})",
                      options.swiss_round, config_in.rounds));
    }
  } else {
    if (options.swiss_round != 0 || !options.prior_records.empty()) {
      return Error(fmt::format(
          "--{}: only a Swiss tournament is played round by round; this one "
          "is {}",
          options.swiss_round != 0 ? "round" : "prior",
          config_in.format == Format::kGauntlet ? "a gauntlet"
                                                : "a round-robin"));
    }
    if (auto ok = CheckLayout(config_in, layout); !ok) {
      return Error(ok.error());
    }
    if (auto ok = CheckScheduleSize(config_in, layout); !ok) {
      return Error(ok.error());
    }
  }
  std::error_code ec;
  std::filesystem::create_directories(options.out_dir, ec);
  if (ec) {
    return Error(fmt::format("--out: cannot create {}: {}",
                             options.out_dir.string(), ec.message()));
  }
  auto path = RecordsPath(options.out_dir, config_in.compress_records);
  if (!path) return Error(path.error());
  if (options.shard_count > 1 && options.secret_file.empty() &&
      !std::filesystem::exists(options.out_dir / kSecretFile, ec)) {
    return Error(
        "--shard: the shards of one league share one secret (else each "
        "deals its own cards): make it once with `arbiter secret new FILE` "
        "and give every shard --secret FILE");
  }
  auto secret = OpenRunSecret(options.out_dir, *path, options.secret_file,
                              config_in.seed);
  if (!secret) return Error(secret.error());
  TournamentConfig config = config_in;
  config.seed = secret->seed;

  std::vector<ScheduledGame> schedule, games;
  if (config.format != Format::kSwiss) {
    auto built = BuildSchedule(config, layout);
    if (!built) return Error(built.error());
    schedule = std::move(*built);
    SealGames(schedule, secret->key, secret->seed);
    for (const ScheduledGame& g : schedule) {
      if (InShard(g, options.shard_index, options.shard_count)) {
        games.push_back(g);
      }
    }
  }
  for (const auto& prior : options.prior_records) {
    if (!std::filesystem::is_regular_file(prior, ec)) {
      return Error(fmt::format("--prior: {}: no such file", prior.string()));
    }
  }
  std::vector<std::filesystem::path> files = {*path};
  files.insert(files.end(), options.prior_records.begin(),
               options.prior_records.end());
  auto kept = ReadKeptRecords(files);
  if (!kept) return Error(kept.error());
  if (config.format != Format::kSwiss) {
    // Before any game: every kept record must be a game of the schedule.
    std::unordered_set<std::string_view> mine;
    for (const ScheduledGame& g : games) mine.insert(g.game_id);
    std::vector<std::string> others;
    for (const std::string& id : kept->ids) {
      if (!mine.contains(id)) others.push_back(id);
    }
    if (auto ok =
            CheckOtherRecords(config, schedule, others, *kept, &kept->warnings);
        !ok) {
      return Error(ok.error());
    }
  }
  auto writer = records::RecordWriter::Open(*path, {.sync_each = false});
  if (!writer) {
    *failed = true;
    return Error(writer.error());
  }
  if (options.progress != nullptr) {
    options.progress->OnStart({.seed = secret->seed,
                               .seed_drawn = secret->seed_drawn,
                               .records = *path,
                               .secret = secret->file});
  }
  Driver driver(config, runner, options, std::move(*writer), std::move(*kept));
  if (config.format == Format::kSwiss) {
    const int per_round = swiss.games_per_round;
    driver.progress().total =
        options.swiss_round == 0
            ? swiss.games
            : (options.swiss_round - 1) * per_round +
                  ShardGames((options.swiss_round - 1) * per_round, per_round,
                             options);
    if (auto ok = PlaySwiss(config, layout, *secret, driver, options); !ok) {
      *failed = driver.failed();
      return Error(ok.error());
    }
  } else {
    driver.progress().total = int(games.size());
    if (auto ok = driver.Play(games); !ok) {
      *failed = driver.failed();
      return Error(ok.error());
    }
  }
  RunResult result = std::move(driver.result());
  result.total = driver.progress().total;
  result.stopped = options.stop != nullptr && options.stop->load();
  result.complete = result.already_done + result.played == result.total;
  result.records = *path;
  result.seed = secret->seed;
  const std::vector<std::string> unmatched = driver.Unmatched();
  if (config.format == Format::kSwiss && options.swiss_round == 0 &&
      result.complete && !unmatched.empty()) {
    // Every round is paired now: a record no round claimed is none of its.
    return Error(fmt::format(
        "{}: game {} is not a game of this tournament's schedule (forged, or "
        "from another run); remove it",
        driver.kept().by_id.at(unmatched.front()).where, unmatched.front()));
  }
  return result;
}

}  // namespace

std::ostream& operator<<(std::ostream& out, const RunError& error) {
  return out << error.message;
}

std::expected<RunResult, RunError> RunTournament(const TournamentConfig& config,
                                                 const TeamLayout& layout,
                                                 GameRunner& runner,
                                                 const RunOptions& options) {
  bool failed = false;
  auto result = Run(config, layout, runner, options, &failed);
  if (!result) {
    return std::unexpected(
        RunError{.message = std::move(result.error()), .bad_setup = !failed});
  }
  return std::move(*result);
}

}  // namespace arbiter::tournament
