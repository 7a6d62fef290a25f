#include "arbiter/league/league_run.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>
#include <unordered_set>

#include "arbiter/common/deal_secret.h"
#include "arbiter/common/run_log.h"
#include "arbiter/league/batch_play.h"
#include "arbiter/league/files.h"
#include "arbiter/league/league_config.h"
#include "arbiter/league/league_ratings.h"
#include "arbiter/league/league_report.h"
#include "arbiter/league/roster.h"
#include "arbiter/league/scheduler.h"
#include "arbiter/league/slurm_batch.h"
#include "arbiter/records/record_file.h"
#include "arbiter/tournament/driver.h"
#include "arbiter/tournament/kept_records.h"
#include "arbiter/tournament/placement.h"
#include "arbiter/tournament/ruleset_link.h"

namespace arbiter::league {
namespace {

namespace fs = std::filesystem;
namespace tour = arbiter::tournament;

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
  std::expected<void, LeagueRunError> PlayHere(
      int batch, const std::vector<const BotVersion*>& active,
      const std::vector<std::vector<std::string>>& tables);
  // Appends the games of a Slurm batch's tasks not recorded yet.
  std::expected<void, LeagueRunError> Merge(int batch);
  std::optional<std::string> Done(const std::vector<const BotVersion*>& active);
  // A line for the console only.
  void Console(const std::string& line) const {
    if (options_.say) options_.say(line);
  }
  // A line for the console, and the run log.
  void Say(const std::string& line) const {
    Console(line);
    if (line.starts_with("warning: ")) {
      RunLog().warn("{}", line.substr(9));
    } else {
      RunLog().info("{}", line);
    }
  }
  // Bots that became active or left since the last batch, in the log.
  void NoteRoster(const std::vector<const BotVersion*>& active);
  void Refit();
  // The sandbox and where the games run, once, as a tournament says them.
  void SayHowItRuns();
  void LogChoice(int batch, std::vector<Entrant> entrants,
                 const std::vector<std::string>& tables) const;
  bool Stopping() const { return options_.stop && options_.stop->load(); }
  // Counts a recorded game.
  void Add(const records::RecordSummary& summary, const std::string& where) {
    if (auto ok = ratings_.Add(summary); !ok) {
      Say(fmt::format("warning: {}: {}", where, ok.error()));
    }
    known_.insert(summary.game_id);
    newest_.push_back(summary);
    if (newest_.size() > 2 * size_t(kNewestGames)) {
      newest_.erase(newest_.begin(), newest_.end() - kNewestGames);
    }
  }
  void Publish(int batch, const std::vector<const BotVersion*>& active);

  const LeagueRunOptions& options_;
  Opened league_;
  LeagueRatings ratings_;
  std::unordered_set<std::string> known_;       // ids of the games recorded
  std::vector<records::RecordSummary> newest_;  // for the report
  std::unique_ptr<Lineup> lineup_;
  int batch_ = 0;                        // the last batch started
  std::vector<std::string> active_ids_;  // as of the last NoteRoster
  bool said_how_ = false;                // the sandbox and the placement
  LeagueRunResult result_;
};

std::expected<void, LeagueRunError> Run::Open() {
  auto opened = OpenLeague(options_);
  if (!opened) return std::unexpected(opened.error());
  league_ = std::move(*opened);
  auto kept = tour::ReadKeptRecords(league_.records);
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
  // A run killed while a Slurm batch ran: its tasks' games join now.
  for (const int batch : UnmergedBatches(options_.dir)) {
    Say(fmt::format("batch {}: waiting for its Slurm tasks, then merging",
                    batch));
    if (auto ok = WaitForBatch(options_.dir, batch); !ok) {
      return PlayError(ok.error());
    }
    if (auto ok = Merge(batch); !ok) return ok;
  }
  Refit();
  return {};
}

// Timed in the log: the fit is the one cost that grows with the league.
void Run::Refit() {
  const auto start = std::chrono::steady_clock::now();
  if (auto ok = ratings_.Refit(); !ok) Say("warning: ratings: " + ok.error());
  RunLog().info(
      "ratings refitted over {} games in {:.3f} s", ratings_.games(),
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count());
}

void Run::NoteRoster(const std::vector<const BotVersion*>& active) {
  std::vector<std::string> ids;
  for (const BotVersion* bot : active) ids.push_back(bot->Id());
  std::vector<std::string> joined, left;
  for (const auto& id : ids) {
    if (std::ranges::find(active_ids_, id) == active_ids_.end()) {
      joined.push_back(id);
    }
  }
  for (const auto& id : active_ids_) {
    if (std::ranges::find(ids, id) == ids.end()) left.push_back(id);
  }
  if (!joined.empty()) {
    RunLog().info("roster: active: {}", fmt::join(joined, ", "));
  }
  if (!left.empty()) {
    RunLog().info("roster: retired or replaced: {}", fmt::join(left, ", "));
  }
  active_ids_ = std::move(ids);
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

// The tables of a batch in the log, with why they were chosen: the
// scheduler starts from the least certain bots.
void Run::LogChoice(int batch, std::vector<Entrant> entrants,
                    const std::vector<std::string>& tables) const {
  std::ranges::sort(
      entrants, [](const Entrant& a, const Entrant& b) { return a.sd > b.sd; });
  std::string focus;
  for (size_t i = 0; i < entrants.size() && i < 3; ++i) {
    focus += fmt::format("{}{} ({} games, sd {})", i == 0 ? "" : ", ",
                         ratings_.NameOf(entrants[i].id), entrants[i].games,
                         std::isfinite(entrants[i].sd)
                             ? fmt::format("{:.0f} Elo", entrants[i].sd)
                             : std::string("unrated"));
  }
  RunLog().info(
      "batch {}: {} tables among {} active bots; the least certain first: "
      "{}",
      batch, tables.size(), entrants.size(), focus);
  for (size_t t = 0; t < tables.size(); ++t) {
    RunLog().info("batch {} table {}: {}", batch, t + 1, tables[t]);
  }
}

std::expected<bool, LeagueRunError> Run::PlayBatch(
    const std::vector<const BotVersion*>& active) {
  std::vector<Entrant> entrants;
  for (const BotVersion* bot : active) {
    const auto e = ratings_.EstimateOf(bot->Id());
    entrants.push_back({.id = ratings_.IdOf(bot->Id()),
                        .elo = e.elo,
                        .sd = e.sd,
                        .games = e.games});
  }
  const tour::TournamentConfig& config = league_.config;
  const int slots =
      config.concurrency > 0
          ? config.concurrency
          : int(std::max(1u, std::thread::hardware_concurrency()));
  const int count = options_.tables_per_batch > 0 ? options_.tables_per_batch
                                                  : std::max(4, 2 * slots);
  const int batch = batch_ + 1;
  const auto chosen = ChooseTables(
      entrants, ratings_.encounters(), ShapeOf(config, league_.game.layout),
      count, options_.seed ^ (uint64_t(batch) * 0x9E3779B97F4A7C15ull));
  if (chosen.empty()) return false;
  std::vector<std::vector<std::string>> tables;
  std::vector<std::string> shown;
  for (const auto& table : chosen) {
    std::vector<std::string> ids;
    for (const int id : table) ids.push_back(ratings_.NameOf(id));
    std::string names;
    for (const auto& id : ids) names += (names.empty() ? "" : " v ") + id;
    tables.push_back(std::move(ids));
    shown.push_back(std::move(names));
  }
  batch_ = batch;
  const bool slurm = options_.slurm.has_value();
  if (auto ok = WriteState(options_.dir, batch,
                           slurm ? "playing on Slurm" : "playing", shown);
      !ok) {
    return PlayError(ok.error());
  }
  Console(fmt::format("batch {}: {} tables{}", batch, tables.size(),
                      slurm ? ", a Slurm job array" : ""));
  LogChoice(batch, entrants, shown);
  if (!slurm) {
    if (auto ok = PlayHere(batch, active, tables); !ok) {
      return std::unexpected(ok.error());
    }
  } else {
    const BatchPlan plan{
        .batch = batch, .tables = tables, .tasks = options_.slurm->tasks};
    auto ok = WritePlan(options_.dir, plan);
    if (ok) ok = RunOnSlurm(options_.dir, plan, *options_.slurm);
    if (!ok) return PlayError(ok.error());
    if (auto merged = Merge(batch); !merged)
      return std::unexpected(merged.error());
  }
  ++result_.batches;
  Refit();
  return true;
}

void Run::SayHowItRuns() {
  // The sandbox, line by line (the runner logs it).
  std::istringstream lines(lineup_->chosen.sandbox_summary);
  for (std::string line; std::getline(lines, line);) Console(line);
  Say(tour::PlacementText(
      league_.config.affinity,
      tour::Concurrency(options_.concurrency, league_.config.concurrency)));
  said_how_ = true;
}

std::expected<void, LeagueRunError> Run::PlayHere(
    int batch, const std::vector<const BotVersion*>& active,
    const std::vector<std::vector<std::string>>& tables) {
  std::vector<std::string> ids;
  for (const BotVersion* bot : active) ids.push_back(bot->Id());
  if (!lineup_ || lineup_->ids != ids) {
    lineup_.reset();  // stops the old bots first
    lineup_ = LineupOf(league_.config, active, options_.dir);
    if (auto ok = StartBots(*lineup_, league_.game, options_.dir,
                            league_.config.concurrency);
        !ok) {
      lineup_.reset();
      return SetupError(ok.error());
    }
    if (!said_how_) SayHowItRuns();
  }
  BatchFormat format(batch, BatchGames(*lineup_, league_.game.layout, batch,
                                       tables, league_.secret));
  auto played = PlayBatchGames(*lineup_, format, league_.records, {},
                               league_.config.concurrency, options_.stop);
  if (!played) return std::unexpected(played.error());
  for (const auto& warning : played->warnings) Say("warning: " + warning);
  result_.played += played->played;
  result_.total += played->played;
  for (const auto& summary : format.recorded) Add(summary, summary.game_id);
  return {};
}

std::expected<void, LeagueRunError> Run::Merge(int batch) {
  auto plan = ReadPlan(options_.dir, batch);
  if (!plan) return PlayError(plan.error());
  auto writer =
      records::RecordWriter::Open(league_.records, {.sync_each = false});
  if (!writer) return PlayError(writer.error());
  int64_t merged = 0;
  for (int shard = 0; shard < plan->tasks; ++shard) {
    const fs::path path = ShardRecords(options_.dir, batch, shard);
    if (!fs::exists(path)) continue;
    auto reader = records::RecordReader::Open(path);
    if (!reader) return PlayError(reader.error());
    std::string_view line;
    while (true) {
      auto more = reader->Next(&line);
      if (!more) return PlayError(more.error());
      if (!*more) break;
      auto summary = records::SummarizeRecord(line);
      if (!summary) {
        Say(fmt::format("warning: {}: skipped: {}", reader->Where(),
                        summary.error().message));
        continue;
      }
      if (known_.contains(summary->game_id)) continue;
      if (auto ok = writer->Append(line); !ok) return PlayError(ok.error());
      Add(*summary, reader->Where());
      ++merged;
    }
  }
  if (auto ok = writer->Sync(); !ok) return PlayError(ok.error());
  if (auto ok = MarkMerged(options_.dir, batch); !ok)
    return PlayError(ok.error());
  result_.played += merged;
  result_.total += merged;
  Say(fmt::format("batch {}: {} games merged from its Slurm tasks", batch,
                  merged));
  return {};
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
    if (auto ok = WriteLeagueReport(options_.dir, league_.config.name, newest_);
        !ok) {
      Say("report: " + ok.error());
    }
  }
}

std::expected<LeagueRunResult, LeagueRunError> Run::Go() {
  if (auto ok = Open(); !ok) return std::unexpected(ok.error());
  Say(fmt::format("{}: {} games recorded, next batch {}", league_.config.name,
                  result_.total, batch_ + 1));
  bool waiting = false;
  int64_t published = -1;  // games in the last history line
  Roster roster;
  std::vector<const BotVersion*> active;
  while (true) {
    auto read = LoadRoster(options_.dir);
    if (!read) return SetupError(read.error());
    roster = std::move(*read);
    active.clear();
    for (const BotVersion& bot : roster.bots) {
      if (bot.active) active.push_back(&bot);
    }
    NoteRoster(active);
    if (auto why = Done(active)) {
      result_.why = *why;
      break;
    }
    auto played = PlayBatch(active);
    if (!played) return std::unexpected(played.error());
    if (!*played) {
      if (!waiting) {
        Say(fmt::format(
            "waiting for bots: {} active, a table needs {}", active.size(),
            tour::UnitsPerTable(league_.config, league_.game.layout)));
        (void)WriteState(options_.dir, batch_, "waiting for bots", {});
      }
      waiting = true;
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
      continue;
    }
    waiting = false;
    Publish(batch_, active);
    published = result_.total;
  }
  // Games merged at the start (a Slurm batch of a killed run) count too; a
  // batch cut short by Ctrl-C is not in the fit: the next run's is.
  if (published != result_.total && result_.total > 0 && !Stopping()) {
    Publish(batch_, active);
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
