#include "arbiter/tournament/driver.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "arbiter/tournament/records.h"
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
         const RunOptions& options, RecordWriter writer, RecordScan scan)
      : config_(config),
        runner_(runner),
        options_(options),
        writer_(std::move(writer)),
        start_(Clock::now()) {
    result_.standings = Standings(Names(config));
    result_.warnings = std::move(scan.problems);
    for (size_t i = 0; i < scan.lines.size(); ++i) {
      recorded_.emplace(scan.game_ids[i], std::move(scan.lines[i]));
    }
  }

  bool StopRequested() const {
    return failed_ || (options_.stop != nullptr && options_.stop->load());
  }

  // Counts the games of `games` recorded earlier and plays the others. Game
  // ids never repeat from one call to the next.
  std::expected<void, std::string> Play(
      const std::vector<ScheduledGame>& games) {
    summaries_.clear();  // Summary() answers for these games only
    std::vector<const ScheduledGame*> pending;
    for (const ScheduledGame& game : games) {
      const auto it = recorded_.find(game.game_id);
      if (it == recorded_.end()) {
        pending.push_back(&game);
        continue;
      }
      ++result_.already_done;
      auto summary = ParseRecordSummary(it->second);
      if (!summary) {
        result_.warnings.push_back(
            fmt::format("game {}: recorded, but unreadable ({}); not scored",
                        game.game_id, summary.error()));
        continue;
      }
      if (auto ok = Score(game, *summary); !ok) return ok;
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
      if (!recorded_.contains(game.game_id)) return &game;
    }
    return nullptr;
  }

  const RecordSummary* Summary(const std::string& game_id) const {
    const auto it = summaries_.find(game_id);
    return it == summaries_.end() ? nullptr : &it->second;
  }

  RunResult& result() { return result_; }
  Progress& progress() { return progress_; }

 private:
  std::expected<void, std::string> Score(const ScheduledGame& game,
                                         const RecordSummary& summary) {
    if (summary.bots.size() != game.seat_bots.size()) {
      return Error(fmt::format("game {}: the record has {} seats, not {}",
                               game.game_id, summary.bots.size(),
                               game.seat_bots.size()));
    }
    for (size_t s = 0; s < summary.bots.size(); ++s) {
      const std::string& expected = config_.bots[game.seat_bots[s]].name;
      if (summary.bots[s] != expected) {
        return Error(fmt::format(
            "game {}: seats[{}] is \"{}\" in the record but \"{}\" in the "
            "schedule (was the config changed since the records were made?)",
            game.game_id, s, summary.bots[s], expected));
      }
    }
    if (auto ok = result_.standings.Add(summary); !ok) return ok;
    summaries_[game.game_id] = summary;
    return {};
  }

  void Finish(const ScheduledGame& game,
              std::expected<std::string, std::string> record) {
    std::lock_guard lock(mutex_);
    // After a failure, games that still finish well are kept all the same.
    auto fail = [&](std::string message) {
      if (!failed_) error_ = std::move(message);
      failed_ = true;
    };
    if (!record)
      return fail(fmt::format("game {}: {}", game.game_id, record.error()));
    auto summary = ParseRecordSummary(*record);
    if (!summary) {
      return fail(fmt::format("game {}: the runner's record is unusable: {}",
                              game.game_id, summary.error()));
    }
    if (summary->game_id != game.game_id ||
        record->find('\n') != std::string::npos) {
      return fail(fmt::format("game {}: the runner's record has game_id \"{}\"",
                              game.game_id, summary->game_id));
    }
    if (summary->faults > 0 && options_.stop != nullptr &&
        options_.stop->load()) {
      ++result_.interrupted;  // the stop may have killed a bot: replay it
      return;
    }
    if (auto ok = Score(game, *summary); !ok) return fail(ok.error());
    if (auto ok = writer_.Append(*record); !ok) return fail(ok.error());
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
    int workers =
        options_.concurrency > 0 ? options_.concurrency : config_.concurrency;
    if (workers <= 0) workers = int(std::thread::hardware_concurrency());
    workers = std::clamp(workers, 1, std::max(1, int(pending.size())));
    std::atomic<size_t> next{0};
    auto work = [&] {
      for (;;) {
        if (StopRequested()) return;
        const size_t i = next.fetch_add(1);
        if (i >= pending.size()) return;
        Finish(*pending[i], runner_.Run(*pending[i]));
      }
    };
    std::vector<std::jthread> threads;
    for (int w = 1; w < workers; ++w) threads.emplace_back(work);
    work();
  }

  const TournamentConfig& config_;
  GameRunner& runner_;
  const RunOptions& options_;
  RecordWriter writer_;
  Clock::time_point start_;
  std::unordered_map<std::string, std::string> recorded_;  // id -> line

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
    const Round round = PairSwissRound(history, units, r, config.seed);
    std::vector<ScheduledGame> games =
        ExpandRound(config, layout, round, index);
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
  Plan plan;
  plan.rounds = config.rounds;
  if (config.format == Format::kSwiss) {
    if (int(config.bots.size()) < UnitsPerTable(config, layout)) {
      return Error(
          fmt::format("bots: {} bots cannot fill one table of {} seats",
                      config.bots.size(), config.seats));
    }
    plan.games_per_round = GamesPerSwissRound(config, layout);
    plan.games = config.rounds * plan.games_per_round;
    return plan;
  }
  auto schedule = BuildSchedule(config, layout);
  if (!schedule) return Error(schedule.error());
  plan.games = int(schedule->size());
  return plan;
}

std::expected<RunResult, std::string> RunTournament(
    const TournamentConfig& config, const TeamLayout& layout,
    GameRunner& runner, const RunOptions& options) {
  if (options.shard_count < 1 || options.shard_index < 0 ||
      options.shard_index >= options.shard_count) {
    return Error(fmt::format("--shard: {}/{} is not a shard (0 <= I < N)",
                             options.shard_index, options.shard_count));
  }
  std::vector<ScheduledGame> games;
  Plan swiss;
  if (config.format == Format::kSwiss) {
    auto plan = PlanTournament(config, layout);
    if (!plan) return Error(plan.error());
    swiss = *plan;
    if (options.shard_count > 1 && options.swiss_round == 0) {
      return Error(
          "--shard: a Swiss round is paired from the results of the rounds "
          "before, so a Swiss tournament is sharded one round at a time: add "
          "--round R");
    }
    if (options.swiss_round < 0 || options.swiss_round > config.rounds) {
      return Error(
          fmt::format("--round: {} is not a round of this "
                      "tournament (1..{})",
                      options.swiss_round, config.rounds));
    }
  } else {
    if (options.swiss_round != 0 || !options.prior_records.empty()) {
      return Error(fmt::format(
          "--{}: only a Swiss tournament is played round by round; this one "
          "is {}",
          options.swiss_round != 0 ? "round" : "prior",
          config.format == Format::kGauntlet ? "a gauntlet" : "a round-robin"));
    }
    if (auto ok = CheckLayout(config, layout); !ok) return Error(ok.error());
    auto schedule = BuildSchedule(config, layout);
    if (!schedule) return Error(schedule.error());
    for (ScheduledGame& g : *schedule) {
      if (InShard(g, options.shard_index, options.shard_count)) {
        games.push_back(std::move(g));
      }
    }
  }
  std::error_code ec;
  std::filesystem::create_directories(options.out_dir, ec);
  if (ec) {
    return Error(fmt::format("--out: cannot create {}: {}",
                             options.out_dir.string(), ec.message()));
  }
  const auto path = options.out_dir / kRecordsFile;
  RecordScan scan;
  if (auto ok = ScanRecords(path, scan); !ok) return Error(ok.error());
  for (const auto& prior : options.prior_records) {
    if (!std::filesystem::is_regular_file(prior, ec)) {
      return Error(fmt::format("--prior: {}: no such file", prior.string()));
    }
    if (auto ok = ScanRecords(prior, scan); !ok) return Error(ok.error());
  }
  std::vector<std::string> strangers;
  if (config.format != Format::kSwiss) {
    std::unordered_set<std::string> scheduled;
    for (const ScheduledGame& g : games) scheduled.insert(g.game_id);
    for (const std::string& id : scan.game_ids) {
      if (!scheduled.contains(id)) strangers.push_back(id);
    }
  }
  auto writer = RecordWriter::Open(path);
  if (!writer) return Error(writer.error());
  Driver driver(config, runner, options, std::move(*writer), std::move(scan));
  if (!strangers.empty()) {
    driver.result().warnings.push_back(fmt::format(
        "{}: {} records are not games of this shard's schedule (first: {}); "
        "they are kept but not scored",
        path.string(), strangers.size(), strangers.front()));
  }
  if (config.format == Format::kSwiss) {
    const int per_round = swiss.games_per_round;
    driver.progress().total =
        options.swiss_round == 0
            ? swiss.games
            : (options.swiss_round - 1) * per_round +
                  ShardGames((options.swiss_round - 1) * per_round, per_round,
                             options);
    if (auto ok = PlaySwiss(config, layout, driver, options); !ok)
      return Error(ok.error());
  } else {
    driver.progress().total = int(games.size());
    if (auto ok = driver.Play(games); !ok) return Error(ok.error());
  }
  RunResult result = std::move(driver.result());
  result.total = driver.progress().total;
  result.stopped = options.stop != nullptr && options.stop->load();
  result.complete = result.already_done + result.played == result.total;
  return result;
}

}  // namespace arbiter::tournament
