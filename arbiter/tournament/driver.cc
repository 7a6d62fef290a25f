#include "arbiter/tournament/driver.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>
#include <deque>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "arbiter/common/deal_secret.h"
#include "arbiter/common/run_log.h"
#include "arbiter/records/record_writer.h"
#include "arbiter/tournament/background_writer.h"
#include "arbiter/tournament/formats/registry.h"
#include "arbiter/tournament/game_pool.h"
#include "arbiter/tournament/placement.h"

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
  // `writer`: none, and new records are not written.
  Driver(const TournamentConfig& config, TournamentFormat& format,
         GameRunner& runner, const RunOptions& options,
         std::optional<records::RecordWriter> writer, const KeptRecords& kept)
      : config_(config),
        format_(format),
        runner_(runner),
        options_(options),
        kept_(kept),
        start_(Clock::now()) {
    if (writer) writer_.emplace(std::move(*writer));
    result_.standings = Standings(Names(config));
    result_.warnings = kept.warnings;
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
        RunLog().warn("resume: {}", LogText(result_.warnings.back(), 1000));
        continue;
      }
      if (auto ok = Score(game, *kept.summary, kept.where); !ok) return ok;
    }
    progress_.done = result_.already_done + result_.played;
    RunPool(pending.size(), [&](size_t i) { return pending[i]; });
    if (failed_) return Error(error_);
    return {};
  }

  // Plays the games of `stream` as slots free up, each kept record counted
  // and each result handed to the format as soon as it is in, until the
  // format has enough.
  std::expected<void, std::string> PlayStream(const GameStream& stream) {
    std::deque<ScheduledGame> games;  // asked for by the pool, in order
    stream_ = true;
    RunPool(
        size_t(std::max(0, stream.most)),
        [&](size_t i) -> const ScheduledGame* {
          games.push_back(stream.game(int(i)));
          std::lock_guard lock(mutex_);
          return CountKept(games.back()) ? nullptr : &games.back();
        },
        [&] {
          std::lock_guard lock(mutex_);
          return stream.enough();
        });
    stream_ = false;
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
      if (auto ok = format_.CheckRecord(game, *it->second.summary, config_,
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

  const RecordSummary* Summary(const std::string& game_id) const {
    const auto it = summaries_.find(game_id);
    return it == summaries_.end() ? nullptr : &it->second;
  }

  RunResult& result() { return result_; }
  Progress& progress() { return progress_; }

 private:
  // An open batch's results are the format's alone (an A/B match scores A
  // against B, whatever its opponent's copies are called): they go to it
  // at once, for it decides from them when to stop.
  std::expected<void, std::string> Score(const ScheduledGame& game,
                                         const RecordSummary& summary,
                                         std::string_view where) {
    if (auto ok = format_.CheckRecord(game, summary, config_, where); !ok) {
      return ok;
    }
    if (stream_) return format_.Record(game, &summary);
    if (auto ok = result_.standings.Add(summary); !ok) return ok;
    summaries_[game.game_id] = summary;
    return {};
  }

  // The first failure stops the run; games that still finish well after it
  // are kept all the same.
  void Fail(std::string message) {
    if (!failed_) error_ = std::move(message);
    failed_ = true;
  }

  // Counts the kept record of a game of a stream, if there is one. The
  // format decides from every result: an unreadable one stops the run.
  bool CountKept(const ScheduledGame& game) {
    const auto it = kept_.by_id.find(game.game_id);
    if (it == kept_.by_id.end()) return false;
    matched_.insert(game.game_id);
    ++result_.already_done;
    progress_.done = result_.already_done + result_.played;
    const KeptRecord& kept = it->second;
    if (!kept.summary) {
      Fail(fmt::format("{}: game {}: {}", kept.where, game.game_id,
                       kept.summary.error()));
    } else if (auto ok = Score(game, *kept.summary, kept.where); !ok) {
      Fail(ok.error());
    }
    return true;
  }

  void Finish(const ScheduledGame& game,
              std::expected<PlayedGame, std::string> played) {
    std::lock_guard lock(mutex_);
    auto fail = [this](std::string message) { Fail(std::move(message)); };
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
      RunLog().info(
          "game {}: a fault after the stop signal (which may have reached "
          "the bots): not recorded, the next run plays it again",
          game.game_id);
      return;
    }
    if (auto ok = Score(game, summary, "the runner's record"); !ok) {
      return fail(ok.error());
    }
    if (writer_) {
      if (std::string error = writer_->error(); !error.empty()) {
        return fail(error);
      }
      writer_->Append(std::move(played->line));
    }
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

  // Plays games 0 .. count-1 (`game`: as GameFeed::game) until the run
  // stops or, when given, `enough` holds.
  void RunPool(size_t count, std::function<const ScheduledGame*(size_t i)> game,
               std::function<bool()> enough = nullptr) {
    const GameFeed feed{
        .count = count,
        .game = std::move(game),
        .stop = [&] { return StopRequested() || (enough && enough()); },
        .done =
            [this](const ScheduledGame& game,
                   std::expected<PlayedGame, std::string> played) {
              Finish(game, std::move(played));
            }};
    PlayGames(runner_, feed,
              Concurrency(options_.concurrency, config_.concurrency),
              config_.affinity);
    // Every game played is recorded (and durable) before the results are.
    if (!writer_) return;
    if (auto ok = writer_->Flush(); !ok) {
      std::lock_guard lock(mutex_);
      Fail(ok.error());
    }
  }

  const TournamentConfig& config_;
  TournamentFormat& format_;
  GameRunner& runner_;
  const RunOptions& options_;
  std::optional<BackgroundWriter> writer_;  // fsyncs while the next games play
  const KeptRecords& kept_;
  std::unordered_set<std::string> matched_;  // kept records the schedule named
  Clock::time_point start_;
  bool stream_ = false;  // playing an open batch (set while no slot runs)

  std::mutex mutex_;
  std::atomic<bool> failed_{false};
  std::string error_;
  RunResult result_;
  Progress progress_;
  std::unordered_map<std::string, RecordSummary> summaries_;
};

// Games of this shard among schedule indices [first, first + count).
int ShardGames(int first, int count, const RunOptions& options) {
  int n = 0;
  for (int i = first; i < first + count; ++i) {
    n += i % options.shard_count == options.shard_index ? 1 : 0;
  }
  return n;
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
  // The rate is this run's: a resumed run says how many games it kept.
  const std::string kept =
      p.done > p.played
          ? fmt::format(" ({} kept, {} this run)", p.done - p.played, p.played)
          : "";
  std::string line =
      fmt::format("{}/{} games{}  {:.1f} games/s  ETA {}  faults {}", p.done,
                  p.total, kept, p.games_per_s, eta, p.faults);
  if (p.round > 0) line = fmt::format("round {}  {}", p.round, line);
  return line;
}

std::string ResumeLine(const RunStart& start) {
  if (start.kept < 0) {
    return start.found == 0
               ? fmt::format("new run: {} games to play", start.total)
               : fmt::format(
                     "resuming: {} records found, each kept once its round "
                     "is paired; {} games in all",
                     start.found, start.total);
  }
  if (start.kept == 0 && start.found == 0) {
    return fmt::format("new run: {} games to play", start.total);
  }
  return fmt::format(
      "resuming: {} of {} games recorded by earlier runs are kept, {} to "
      "play",
      start.kept, start.total, start.total - start.kept);
}

std::expected<Plan, std::string> PlanTournament(const TournamentConfig& config,
                                                const TeamLayout& layout) {
  auto format = MakeFormat(config, layout);
  if (!format) return Error(format.error());
  return (*format)->MakePlan();
}

namespace {

// Records of this directory that no game of `schedule` (the whole
// schedule, every shard's) claims are refused; those of other shards are
// checked like this shard's, kept and not scored.
std::expected<void, std::string> CheckOtherRecords(
    const TournamentConfig& config, const TournamentFormat& format,
    const std::vector<ScheduledGame>& schedule,
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
      if (auto ok = format.CheckRecord(*it->second, *record.summary, config,
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

// Leaves the games of this shard in `games`. The others' records, if any
// are here, are checked and kept (a fixed schedule's were checked before
// the run).
std::expected<void, std::string> KeepShard(std::vector<ScheduledGame>& games,
                                           bool adaptive, Driver& driver,
                                           const RunOptions& options) {
  auto other = [&](const ScheduledGame& g) {
    return !InShard(g, options.shard_index, options.shard_count);
  };
  if (adaptive) {
    std::vector<ScheduledGame> others;
    std::copy_if(games.begin(), games.end(), std::back_inserter(others), other);
    if (auto ok = driver.Others(others); !ok) return ok;
  }
  std::erase_if(games, other);
  return {};
}

// Plays the format's batches until it has no more, the run's --round is
// played, or the stop flag is raised. `*finished`: the format gave no more
// games, or the run's round is played.
// `first`: the format's first batch, when already asked for.
std::expected<void, std::string> PlayBatches(TournamentFormat& format,
                                             std::optional<Batch> first,
                                             Driver& driver,
                                             const RunOptions& options,
                                             bool* finished) {
  const bool adaptive = format.Adaptive();
  int number = 0;
  std::optional<int> round_played;  // told to the listener at the next batch
  while (true) {
    using Next = std::expected<std::optional<Batch>, std::string>;
    Next batch = first ? Next(std::move(first)) : format.Next();
    first.reset();
    if (!batch) return Error(batch.error());
    if (adaptive && options.swiss_round == 0) {
      driver.progress().total = format.Total();  // as results decide it
    }
    if (!*batch) break;
    if (round_played && options.progress != nullptr) {
      // Only between rounds: the last one's standings are the results'.
      options.progress->OnRound(*round_played, driver.result().standings);
    }
    std::vector<ScheduledGame>& games = (*batch)->games;
    const int round = (*batch)->round;
    ++number;
    driver.progress().round = round;
    const bool told = number >= options.swiss_round;
    if (options.progress != nullptr && told && (*batch)->pairings) {
      options.progress->OnPairings(*(*batch)->pairings);
    }
    // Tournament formats never stream (A/B matches do: `arbiter match`).
    assert(!options.tables_only || !(*batch)->stream);
    if (options.tables_only) {
      if (const ScheduledGame* missing = driver.FirstMissing(games)) {
        return Error(fmt::format(
            "--tables-only: game {}{} is not recorded in --out's record "
            "file or the --prior files (a record dealt from another secret "
            "or seed has another id): play it first, or give the file that "
            "holds it",
            missing->game_id,
            round > 0 ? fmt::format(" of round {}", round) : ""));
      }
    }
    if (number < options.swiss_round) {
      // Batch `swiss_round` needs every result before it.
      if (const ScheduledGame* missing = driver.FirstMissing(games)) {
        return Error(fmt::format(
            "--round {}: game {} of round {} is not recorded; play round {} "
            "(every shard) first and pass its records with --prior",
            options.swiss_round, missing->game_id, number, number));
      }
    }
    const bool last = number == options.swiss_round;
    if (options.shard_count > 1 && (last || !adaptive)) {
      if (auto ok = KeepShard(games, adaptive, driver, options); !ok) {
        return ok;
      }
    }
    if (auto ok = (*batch)->stream ? driver.PlayStream(*(*batch)->stream)
                                   : driver.Play(games);
        !ok) {
      return ok;
    }
    if (driver.StopRequested()) return {};
    if (last) break;
    for (const ScheduledGame& game : games) {
      if (auto ok = format.Record(game, driver.Summary(game.game_id)); !ok) {
        return ok;
      }
    }
    if (round > 0 && told) round_played = round;
  }
  *finished = true;
  return {};
}

// Checks what the run is given against the format, before anything is
// written.
std::expected<std::unique_ptr<TournamentFormat>, std::string> CheckRun(
    const TournamentConfig& config, const TeamLayout& layout,
    const RunOptions& options) {
  if (options.shard_count < 1 || options.shard_index < 0 ||
      options.shard_index >= options.shard_count) {
    return Error(fmt::format("--shard: {}/{} is not a shard (0 <= I < N)",
                             options.shard_index, options.shard_count));
  }
  if (options.tables_only &&
      (options.shard_count > 1 || options.swiss_round > 0)) {
    return Error(
        "--tables-only: the tables are the whole tournament's: no --shard or "
        "--round");
  }
  auto format = MakeFormat(config, layout);
  if (!format) return Error(format.error());
  if (auto ok = (*format)->CheckSplit({.round = options.swiss_round,
                                       .prior = !options.prior_records.empty(),
                                       .shards = options.shard_count});
      !ok) {
    return Error(ok.error());
  }
  return format;
}

// Games of this run: the shard's, and with --round R the rounds before.
int RunTotal(const TournamentFormat& format, const RunOptions& options) {
  if (options.swiss_round > 0) {
    const int per_round = format.MakePlan().games_per_round;
    const int before = (options.swiss_round - 1) * per_round;
    return before + ShardGames(before, per_round, options);
  }
  return options.shard_count > 1 ? ShardGames(0, format.Total(), options)
                                 : format.Total();
}

// Before any game of a fixed schedule: every kept record must be a game of
// it, of this shard or of another.
std::expected<void, std::string> CheckFixedRecords(
    const TournamentConfig& config, const TournamentFormat& format,
    const std::vector<ScheduledGame>& schedule, const RunOptions& options,
    KeptRecords* kept) {
  std::unordered_set<std::string_view> mine;
  for (const ScheduledGame& g : schedule) {
    if (InShard(g, options.shard_index, options.shard_count)) {
      mine.insert(g.game_id);
    }
  }
  std::vector<std::string> others;
  for (const std::string& id : kept->ids) {
    if (!mine.contains(id)) others.push_back(id);
  }
  return CheckOtherRecords(config, format, schedule, others, *kept,
                           &kept->warnings);
}

// What the run starts from (`start` with the counts filled in), told to the
// run log with every record that resume skips, and why.
RunStart StartOf(const TournamentFormat& format,
                 const std::optional<Batch>& first, const KeptRecords& kept,
                 const RunOptions& options, RunStart start) {
  start.found = int(kept.ids.size());
  start.total = RunTotal(format, options);
  if (first) {
    start.kept = 0;
    for (const ScheduledGame& game : first->games) {
      if (InShard(game, options.shard_index, options.shard_count) &&
          kept.by_id.contains(game.game_id)) {
        ++start.kept;
      }
    }
  }
  RunLog().info("records: {} ({} records found; secret {}, seed {}{})",
                start.records.string(), start.found, start.secret.string(),
                start.seed, start.seed_drawn ? ", drawn at random" : "");
  for (const std::string& warning : kept.warnings) {
    RunLog().warn("resume: {}", LogText(warning, 1000));
  }
  RunLog().info("{}", ResumeLine(start));
  return start;
}

// Plays the format's batches once the run's records are open (`first`: its
// first batch, when already asked for). `*failed` is set when a game could
// not be played or a file not written (else what the run was given does
// not fit); `*unmatched` gets the kept records that no game claimed.
std::expected<RunResult, std::string> PlayOpen(
    const TournamentConfig& config, TournamentFormat& format,
    std::optional<Batch> first, GameRunner& runner, const KeptRecords& kept,
    std::optional<records::RecordWriter> writer, const RunOptions& options,
    bool* failed, std::vector<std::string>* unmatched) {
  Driver driver(config, format, runner, options, std::move(writer), kept);
  driver.progress().total = RunTotal(format, options);
  bool finished = false;
  if (auto ok =
          PlayBatches(format, std::move(first), driver, options, &finished);
      !ok) {
    *failed = driver.failed();
    return Error(ok.error());
  }
  RunResult result = std::move(driver.result());
  result.total = driver.progress().total;
  result.stopped = options.stop != nullptr && options.stop->load();
  result.complete =
      finished && result.already_done + result.played == result.total;
  if (result.complete && options.swiss_round == 0) {
    result.format_text = format.ResultText();
    result.format_json = format.ResultJson();
    result.format_files = format.ResultFiles();
  }
  *unmatched = driver.Unmatched();
  return result;
}

// A run's error as RunError; `failed`: as PlayOpen's `*failed`.
std::expected<RunResult, RunError> AsRunError(
    std::expected<RunResult, std::string> result, bool failed) {
  if (!result) {
    return std::unexpected(
        RunError{.message = std::move(result.error()), .bad_setup = !failed});
  }
  return std::move(*result);
}

// RunTournament, its error a string; `*failed` as PlayOpen's.
std::expected<RunResult, std::string> Run(const TournamentConfig& config_in,
                                          const TeamLayout& layout,
                                          GameRunner& runner,
                                          const RunOptions& options,
                                          bool* failed) {
  if (auto ok = CheckRun(config_in, layout, options); !ok) {
    return Error(ok.error());
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
  auto secret =
      options.tables_only
          ? ReadRunSecret(options.out_dir, options.secret_file, config_in.seed)
          : OpenRunSecret(options.out_dir, *path, options.secret_file,
                          config_in.seed);
  if (!secret) return Error(secret.error());
  TournamentConfig config = config_in;
  config.seed = secret->seed;
  auto format = MakeFormat(config, layout, secret->key);
  if (!format) return Error(format.error());
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
  std::optional<Batch> first;  // a fixed schedule, whole
  if (!(*format)->Adaptive()) {
    auto batch = (*format)->Next();
    if (!batch) return Error(batch.error());
    first = std::move(**batch);
    if (auto ok =
            CheckFixedRecords(config, **format, first->games, options, &*kept);
        !ok) {
      return Error(ok.error());
    }
  }
  std::optional<records::RecordWriter> writer;
  if (!options.tables_only) {
    auto opened = records::RecordWriter::Open(*path, {.sync_each = false});
    if (!opened) {
      *failed = true;
      return Error(opened.error());
    }
    writer.emplace(std::move(*opened));
  }
  const RunStart start = StartOf(**format, first, *kept, options,
                                 {.seed = secret->seed,
                                  .seed_drawn = secret->seed_drawn,
                                  .records = *path,
                                  .secret = secret->file});
  if (options.progress != nullptr) options.progress->OnStart(start);
  std::vector<std::string> unmatched;
  auto result = PlayOpen(config, **format, std::move(first), runner, *kept,
                         std::move(writer), options, failed, &unmatched);
  if (!result) return result;
  result->records = *path;
  result->seed = secret->seed;
  if ((*format)->Adaptive() && options.swiss_round == 0 && result->complete &&
      !unmatched.empty()) {
    // Every round is paired now: a record no round claimed is none of its.
    return Error(fmt::format(
        "{}: game {} is not a game of this tournament's schedule (forged, or "
        "from another run); remove it",
        kept->by_id.at(unmatched.front()).where, unmatched.front()));
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
  return AsRunError(std::move(result), failed);
}

std::expected<RunResult, RunError> PlayFormat(
    const TournamentConfig& config, TournamentFormat& format,
    GameRunner& runner, const KeptRecords& kept,
    std::optional<records::RecordWriter> writer, const RunOptions& options) {
  bool failed = false;
  std::vector<std::string> unmatched;  // other runs', for all it knows
  auto result = PlayOpen(config, format, std::nullopt, runner, kept,
                         std::move(writer), options, &failed, &unmatched);
  return AsRunError(std::move(result), failed);
}

}  // namespace arbiter::tournament
