// `arbiter tournament CONFIG.toml [--out DIR] [--shard I/N]`: runs a whole
// tournament (docs/tournaments.md), resumable after a kill, with a live
// progress line and standings on stderr, Swiss pairings and the final tables
// on stdout, and the tables as files in DIR. `--round R --prior FILES` plays
// one Swiss round from the records of the rounds before (docs/slurm.md);
// `--plan` prints what would be played for scripts, `--dry-run` for people.
#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>

#include "arbiter/cli/command.h"
#include "arbiter/command_line/interrupts.h"
#include "arbiter/command_line/output_dir.h"
#include "arbiter/command_line/output_lock.h"
#include "arbiter/command_line/run_log_option.h"
#include "arbiter/command_line/run_output.h"
#include "arbiter/common/atomic_file.h"
#include "arbiter/common/plural.h"
#include "arbiter/common/printable.h"
#include "arbiter/common/run_log.h"
#include "arbiter/process/bot_process.h"
#include "arbiter/report/report_writer.h"
#include "arbiter/report/standings_report.h"
#include "arbiter/tournament/builtin_runner.h"
#include "arbiter/tournament/config.h"
#include "arbiter/tournament/driver.h"
#include "arbiter/tournament/placement.h"
#include "arbiter/tournament/process_runner.h"
#include "arbiter/tournament/ruleset_link.h"
#include "arbiter/tournament/runner_choice.h"
#include "arbiter/tournament/start_check.h"

namespace arbiter {
namespace {

namespace tour = arbiter::tournament;

std::atomic<bool> g_stop{false};

// A live line on a terminal (one line per 5 s otherwise) and the standings
// every 10 s and after every Swiss round.
class ConsoleProgress : public tour::ProgressListener {
 public:
  void OnStart(const tour::RunStart& start) override {
    if (start.seed_drawn) {
      std::fprintf(stderr, "seed %llu (drawn at random, kept in %s)\n",
                   (unsigned long long)start.seed, start.secret.c_str());
    }
    std::fprintf(stderr, "arbiter tournament: %s\n",
                 tour::ResumeLine(start).c_str());
  }
  void OnGame(const tour::Progress& p, const tour::Standings& s) override {
    const auto now = std::chrono::steady_clock::now();
    if (tty_) {
      std::fprintf(stderr, "\r\033[K%s", tour::ProgressLine(p).c_str());
    } else if (now - last_line_ > std::chrono::seconds(5) ||
               p.done == p.total) {
      std::fprintf(stderr, "%s\n", tour::ProgressLine(p).c_str());
      last_line_ = now;
    }
    if (now - last_table_ > std::chrono::seconds(10)) {
      PrintTable(s);
      last_table_ = now;
    }
  }
  void OnRound(int round, const tour::Standings& s) override {
    std::fprintf(stderr, "%safter round %d:\n", tty_ ? "\n" : "", round);
    PrintTable(s);
  }
  // On stdout, so that the published output holds every round's pairings.
  void OnPairings(const tour::Round& round) override {
    if (tty_) std::fprintf(stderr, "\r\033[K");
    std::printf("Round %d pairings\n%s\n", round.number,
                tour::PairingsText(round, names_).c_str());
    std::fflush(stdout);
  }
  explicit ConsoleProgress(std::vector<std::string> names)
      : names_(std::move(names)) {}

 private:
  void PrintTable(const tour::Standings& s) {
    std::fprintf(stderr, "%s%s", tty_ ? "\n" : "",
                 s.Table(20, /*tie_notes=*/false).c_str());
  }
  std::vector<std::string> names_;
  bool tty_ = isatty(STDERR_FILENO) != 0;
  std::chrono::steady_clock::time_point last_line_{};
  std::chrono::steady_clock::time_point last_table_ =
      std::chrono::steady_clock::now();
};

// DIR/report/, the report of every game recorded so far (docs/report.md):
// a failure to write it is reported, and the records stay as they are.
// `inputs`: the earlier rounds first, so that the games this run adds come
// last and a resume rewrites only their replay files.
void WriteTournamentReport(const std::vector<std::string>& inputs,
                           const std::filesystem::path& dir,
                           const std::string& format_json) {
  const std::filesystem::path out = dir / "report";
  auto sources = report::FindSources(inputs);
  report::ReportOptions options{.split = true};
  if (!format_json.empty()) {
    options.format_results = nlohmann::json::parse(format_json);
  }
  auto written = sources ? report::WriteReport(*sources, options, out)
                         : std::unexpected(sources.error());
  if (written) {
    std::fprintf(stderr, "report: %s\n", (out / "index.html").c_str());
  } else {
    std::fprintf(stderr, "report: %s\n", written.error().c_str());
  }
}

struct Args {
  std::string config;
  std::string out;
  std::string shard;
  std::string secret;
  int concurrency = 0;
  int round = 0;  // 0: every round
  std::vector<std::string> prior;
  bool plan = false;
  bool no_report = false;
  std::string sandbox;
  bool dry_run = false;
  bool no_affinity = false;
  bool wait = false;  // for another run on --out to end
  bool tables_only = false;
  std::string log_level = kDefaultLogLevel;
};

// Exit statuses beyond command.h's: see docs/tournaments.md.
constexpr int kExitStopped = 130;  // Ctrl-C: run again to finish
// The time a bot has to reach its Hello in a dry run, as in a tournament.
constexpr std::chrono::milliseconds kDryRunStartup{10000};

[[noreturn]] void Fail(const std::string& message, int code = kExitFailed) {
  std::fprintf(stderr, "arbiter tournament: %s\n", message.c_str());
  RunLog().error("{}", message);
  throw CLI::RuntimeError(code);
}

// "--shard I/N": both integers, 0 <= I < N.
void ParseShard(const std::string& text, tour::RunOptions* options) {
  int used = 0;
  if (std::sscanf(text.c_str(), "%9d/%9d%n", &options->shard_index,
                  &options->shard_count, &used) != 2 ||
      used != int(text.size()) || options->shard_count < 1 ||
      options->shard_index < 0 ||
      options->shard_index >= options->shard_count) {
    Fail("--shard: must be I/N with 0 <= I < N (e.g. 0/4), got '" +
             Abbreviate(text) + "'",
         kExitUsage);
  }
}

// --dry-run: what would be played, for people.
void PrintDryRun(const tour::TournamentConfig& config, const tour::Plan& plan,
                 const tour::RunOptions& options) {
  std::printf("%s: dry run, nothing is played or written\n",
              config.name.c_str());
  std::printf("%s, %d seats, %s: %s%s", config.format.c_str(), config.seats,
              Count(plan.rounds, "round").c_str(),
              Count(plan.games, "game").c_str(), plan.detail.c_str());
  if (options.shard_count > 1) {
    std::printf("; shard %d/%d plays one game in %d of them",
                options.shard_index, options.shard_count, options.shard_count);
  }
  std::printf("\n\n%s\n", plan.per_bot_heading.c_str());
  size_t width = 3;
  for (const auto& bot : config.bots) width = std::max(width, bot.name.size());
  for (size_t b = 0; b < config.bots.size(); ++b) {
    std::printf("  %-*s  %6d\n", int(width), config.bots[b].name.c_str(),
                plan.games_per_bot[b]);
  }
  std::printf(
      "\nRecords would go to %s\n",
      (options.out_dir / (config.compress_records ? tour::kCompressedRecordsFile
                                                  : tour::kRecordsFile))
          .c_str());
}

// --dry-run: every bot started once, as the tournament would; false when
// one did not reach its Hello.
bool StartEveryBot(const tour::TournamentConfig& config,
                   const std::string& game) {
  std::printf("\nBots, each started once (sandbox %s)\n",
              std::string(sandbox::ToString(config.sandbox_mode)).c_str());
  std::fflush(stdout);
  BecomeChildSubreaper();  // bots' own children never outlive the arbiter
  auto starts = tour::StartEachBotOnce(config, game, kDryRunStartup);
  if (!starts) Fail(starts.error(), kExitUsage);
  size_t width = 3;
  for (const auto& bot : config.bots) width = std::max(width, bot.name.size());
  bool all = true;
  for (const auto& b : *starts) {
    if (!b.checked) {
      std::printf("  %-*s  skipped (%s)\n", int(width), b.name.c_str(),
                  b.skipped.c_str());
      continue;
    }
    all &= b.started;
    std::printf("  %-*s  %s %5.1f s  in %s%s%s\n", int(width), b.name.c_str(),
                b.started ? "ok    " : "FAILED", b.seconds, b.folder.c_str(),
                b.started ? "" : ": ",
                b.started ? "" : tour::PrintableLine(b.error, 400).c_str());
    if (b.started) continue;
    for (const auto& path : b.hidden) {
      std::printf(
          "      the sandbox hid %s (it exists on the host): add it to the "
          "bot's [bots.sandbox] read_only, or move it into the bot's "
          "folder\n",
          path.c_str());
    }
    if (!b.output.empty()) std::printf("      its last output:\n");
    for (const auto& line : b.output) std::printf("      | %s\n", line.c_str());
  }
  const auto shared = tour::SharedFolders(*starts);
  if (!shared.empty()) {
    std::printf(
        "\nBots that see each other's files (give each a folder of its own: "
        "docs/security.md):\n");
  }
  for (const auto& line : shared) std::printf("  %s\n", line.c_str());
  if (!all) {
    std::printf(
        "\nA bot did not start: the tournament would charge it a startup "
        "fault in each of its games (its folder and what its sandbox shows: "
        "docs/security.md)\n");
  }
  std::fflush(stdout);
  return all;
}

// A bot that never started makes the results meaningless for it: say so at
// the end, where an organiser looks, with the logs to read.
bool ReportBotsThatNeverStarted(const tour::Standings& standings,
                                const std::filesystem::path& log_dir) {
  bool clean = true;
  for (int b = 0; b < standings.NumBots(); ++b) {
    if (standings.StartupFaults(b) == 0) continue;
    clean = false;
    std::vector<std::string> logs;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(log_dir, ec)) {
      const std::string file = entry.path().filename().string();
      if (file.starts_with(standings.Name(b) + ".") && file.ends_with(".log")) {
        logs.push_back(entry.path().string());
      }
    }
    std::sort(logs.begin(), logs.end());
    std::string where = (log_dir / (standings.Name(b) + ".*.log")).string();
    if (!logs.empty() && logs.size() <= 3) {
      where.clear();
      for (const auto& log : logs) where += (where.empty() ? "" : ", ") + log;
    }
    std::fprintf(stderr,
                 "\nNOT CLEAN: bot '%s' never started in %d of its %s "
                 "(each one lost by a startup fault).\n  Its log: %s\n"
                 "  --dry-run starts it alone and says what its sandbox hid "
                 "from it.\n",
                 standings.Name(b).c_str(), standings.StartupFaults(b),
                 Count(standings.Games(b), "game").c_str(), where.c_str());
  }
  return clean;
}

// `name value` lines, for people and for scripts (scripts/slurm/submit):
// the schedule's size, the bots' sandbox mode (after --sandbox; "unused"
// when every bot is builtin and no bot process starts) and the record file
// a new output directory gets.
void PrintPlan(const tour::TournamentConfig& config, const tour::Plan& plan) {
  std::printf("name %s\nformat %s\nrounds %d\ngames %d\n", config.name.c_str(),
              config.format.c_str(), plan.rounds, plan.games);
  if (plan.games_per_round > 0) {
    std::printf("games_per_round %d\n", plan.games_per_round);
  }
  const bool processes = std::ranges::any_of(config.bots, [](const auto& bot) {
    return bot.command != tour::kBuiltinRandom;
  });
  std::printf("sandbox %s\nrecords %s\n",
              processes
                  ? std::string(sandbox::ToString(config.sandbox_mode)).c_str()
                  : "unused",
              config.compress_records ? tour::kCompressedRecordsFile
                                      : tour::kRecordsFile);
}

// The config with the command line's overrides, and its game.
std::pair<tour::TournamentConfig, tour::ResolvedRuleset> Load(
    const Args& args) {
  auto config = tour::LoadTournamentConfig(args.config);
  if (!config) Fail(config.error(), kExitUsage);
  if (!args.sandbox.empty()) {
    auto mode = sandbox::ParseMode(args.sandbox);
    if (!mode) Fail("--sandbox: " + mode.error(), kExitUsage);
    config->sandbox_mode = *mode;
  }
  if (args.no_affinity) config->affinity = false;
  auto resolved = tour::ResolveRuleset(*config);
  if (!resolved) Fail(args.config + ": " + resolved.error(), kExitUsage);
  return {std::move(*config), std::move(*resolved)};
}

tour::RunOptions Options(const Args& args,
                         const tour::TournamentConfig& config) {
  tour::RunOptions options;
  options.swiss_round = args.round;
  options.prior_records.assign(args.prior.begin(), args.prior.end());
  options.out_dir = args.out.empty() ? "out/" + config.name : args.out;
  options.concurrency = args.concurrency;
  options.secret_file = args.secret;
  options.tables_only = args.tables_only;
  if (!args.shard.empty()) ParseShard(args.shard, &options);
  return options;
}

// What the format will play (--plan, --dry-run).
tour::Plan PlanOrFail(const Args& args, const tour::TournamentConfig& config,
                      const tour::TeamLayout& layout) {
  auto plan = tour::PlanTournament(config, layout);
  if (!plan) Fail(args.config + ": " + plan.error(), kExitUsage);
  return *plan;
}

// Takes DIR (made if missing) for this run: its lock, then its run log.
void OpenOutput(const Args& args, const tour::TournamentConfig& config,
                const std::filesystem::path& dir, RunOutput* output) {
  output->Watch(dir);
  if (auto made = MakeOutputDir(dir); !made) {
    Fail("--out " + dir.string() + ": " + made.error(), kExitUsage);
  }
  auto records_file = tour::RecordsPath(dir, config.compress_records);
  if (!records_file) Fail(records_file.error(), kExitUsage);
  output->Hold(LockOutput("tournament", "--out", dir.string(), *records_file,
                          args.wait, dir / kRunLogFile),
               *records_file);
  OpenCommandLog("tournament", dir / kRunLogFile, args.log_level);
  RunLog().info("lock taken on {}", records_file->string());
}

// The sandbox and where the games run, said as the run starts.
void SayHowItRuns(const std::string& sandbox, const tour::RunOptions& options,
                  const tour::TournamentConfig& config) {
  const std::string placement = tour::PlacementText(
      config.affinity,
      tour::Concurrency(options.concurrency, config.concurrency));
  std::fprintf(stderr, "arbiter tournament: %s\narbiter tournament: %s\n",
               sandbox.c_str(), placement.c_str());
  RunLog().info("{}", placement);
}

// Plays the tournament in options.out_dir, one run at a time.
tour::RunResult Play(const Args& args, const tour::TournamentConfig& config,
                     const tour::ResolvedRuleset& resolved,
                     tour::RunOptions options, RunOutput* output) {
  OpenOutput(args, config, options.out_dir, output);
  // Before MakeGameRunner starts the server's threads.
  WatchInterrupts("tournament", &g_stop);
  auto runner = tour::MakeGameRunner(config, resolved.game,
                                     {.out_dir = options.out_dir,
                                      .secret_file = options.secret_file,
                                      .concurrency = options.concurrency});
  if (!runner) Fail(args.config + ": " + runner.error(), kExitUsage);
  SayHowItRuns(runner->sandbox_summary, options, config);
  std::vector<std::string> names;  // as a terminal shows them
  for (const auto& bot : config.bots) names.push_back(TerminalSafe(bot.name));
  ConsoleProgress progress(names);
  options.progress = &progress;
  options.stop = &g_stop;
  auto result =
      tour::RunTournament(config, resolved.layout, *runner->runner, options);
  runner->runner.reset();  // stops the bot processes
  std::fprintf(stderr, "\n");
  if (!result) {
    Fail(result.error().message,
         result.error().bad_setup ? kExitUsage : kExitFailed);
  }
  return std::move(*result);
}

// Plays nothing (--tables-only): the driver names a game not recorded
// before it would ask for it.
class NoGames : public tour::GameRunner {
 public:
  std::expected<tour::PlayedGame, std::string> Run(
      const tour::ScheduledGame& /*game*/) override {
    return std::unexpected("--tables-only plays no game");
  }
};

// --tables-only: the games recorded in DIR and --prior, every round paired
// again from the secret, as the run that played them ended. No bot, no
// record, no lock: it only reads. A refusal leaves no folder behind.
tour::RunResult Tabulate(const tour::TournamentConfig& config,
                         const tour::ResolvedRuleset& resolved,
                         const tour::RunOptions& options, RunOutput* output) {
  output->Watch(options.out_dir);
  NoGames runner;
  auto result = tour::RunTournament(config, resolved.layout, runner, options);
  if (!result) {
    Fail(result.error().message,
         result.error().bad_setup ? kExitUsage : kExitFailed);
  }
  return std::move(*result);
}

// The records skipped, then "NAME: 12 of 40 games recorded in FILE (12 this
// run)".
void PrintCount(const Args& args, const tour::TournamentConfig& config,
                const tour::TeamLayout& layout, const tour::RunResult& result) {
  for (const auto& warning : result.warnings) {
    std::fprintf(stderr, "warning: %s\n", warning.c_str());
  }
  std::string records = result.records.string();
  if (args.tables_only) {
    std::error_code ec;
    if (!std::filesystem::exists(result.records, ec)) records.clear();
    if (!args.prior.empty()) {
      records += (records.empty() ? "" : " and ") +
                 Count(int(args.prior.size()), "--prior file");
    }
    std::printf("%s: the tables of %s recorded in %s (no game played)\n\n",
                config.name.c_str(), Count(result.total, "game").c_str(),
                records.c_str());
  } else if (args.round > 0) {
    // The rounds before are all recorded (else the run fails): count R's.
    const int before =
        (args.round - 1) * PlanOrFail(args, config, layout).games_per_round;
    std::printf("%s: round %d: %d of %s recorded in %s (%d this run)\n\n",
                config.name.c_str(), args.round,
                result.already_done + result.played - before,
                Count(result.total - before, "game").c_str(), records.c_str(),
                result.played);
  } else {
    std::printf("%s: %d of %s recorded in %s (%d this run)\n\n",
                config.name.c_str(), result.already_done + result.played,
                Count(result.total, "game").c_str(), records.c_str(),
                result.played);
  }
}

// The standings files, and the format's own results (a knockout's bracket,
// a Swiss table) on stdout and in DIR/FORMAT.json and its other files.
void Publish(const Args& args, const tour::TournamentConfig& config,
             const tour::RunResult& result, const std::filesystem::path& dir) {
  // No record file of DIR's own: --tables-only of --prior files.
  std::error_code ec;
  const bool own = std::filesystem::exists(result.records, ec);
  std::vector<std::string> files;
  if (own) files.push_back(result.records.string());
  files.insert(files.end(), args.prior.begin(), args.prior.end());
  FormatResults format{.json = result.format_json};
  if (auto ok = PublishStandings(result.standings, files, dir, &format); !ok) {
    Fail(ok.error());
  }
  std::vector<tour::ResultFile> more;
  if (!format.json.empty()) {
    more.push_back({config.format + ".json", format.json + "\n"});
    more.insert(more.end(), result.format_files.begin(),
                result.format_files.end());
    std::printf("\n");
    std::istringstream lines(result.format_text + format.note);
    for (std::string line; std::getline(lines, line);) {
      std::printf("%s\n", TerminalSafe(line).c_str());
    }
  }
  std::string names;
  for (const auto& file : more) {
    if (auto ok = WriteFileAtomically(dir / file.name, file.text); !ok)
      Fail(ok.error());
    names += ", " + file.name;
  }
  std::printf("\nTables written to %s (%s, %s, %s, %s%s)\n", dir.c_str(),
              kReportFiles[0], kReportFiles[1], kReportFiles[2],
              kReportFiles[3], names.c_str());
  std::fflush(stdout);
  if (!args.no_report && result.already_done + result.played > 0) {
    std::vector<std::string> inputs = args.prior;
    if (own) inputs.push_back(result.records.string());
    WriteTournamentReport(inputs, dir, format.json);
  }
}

// The exit status of a run that ended: stopped, not clean, or done.
void Finish(const tour::RunResult& result, const std::filesystem::path& dir) {
  const bool clean = ReportBotsThatNeverStarted(result.standings, dir / "logs");
  if (result.interrupted > 0) {
    std::fprintf(stderr,
                 "%s ended in a fault after the stop signal (it may have "
                 "reached the bots too): not recorded, the next run plays "
                 "%s again\n",
                 Count(result.interrupted, "game").c_str(),
                 result.interrupted == 1 ? "it" : "them");
  }
  if (result.stopped && !result.complete) {
    std::fprintf(
        stderr, "stopped: run the same command again to play the %s left\n",
        Count(result.total - result.already_done - result.played, "game")
            .c_str());
    throw CLI::RuntimeError(kExitStopped);
  }
  if (!clean) {
    std::fprintf(stderr,
                 "arbiter tournament: finished, but not clean: exit status "
                 "%d\n",
                 kExitNotClean);
    throw CLI::RuntimeError(kExitNotClean);
  }
}

void Run(const Args& args) {
  const auto [config, resolved] = Load(args);
  if (args.plan) {
    PrintPlan(config, PlanOrFail(args, config, resolved.layout));
    return;
  }
  const tour::RunOptions options = Options(args, config);
  if (args.dry_run) {
    const tour::Plan plan = PlanOrFail(args, config, resolved.layout);
    if (auto ok = tour::CheckBots(config); !ok) {
      Fail(args.config + ": " + ok.error(), kExitUsage);
    }
    PrintDryRun(config, plan, options);
    if (!StartEveryBot(config, std::string(resolved.game->Type().Name()))) {
      throw CLI::RuntimeError(kExitNotClean);
    }
    return;
  }
  RunOutput output;
  const tour::RunResult result = [&] {
    try {
      return args.tables_only ? Tabulate(config, resolved, options, &output)
                              : Play(args, config, resolved, options, &output);
    } catch (const CLI::RuntimeError& e) {
      if (e.get_exit_code() == kExitUsage) output.Undo();  // refused
      throw;
    }
  }();
  PrintCount(args, config, resolved.layout, result);
  Publish(args, config, result, options.out_dir);
  // A tables-only run played nothing: it ends well or not at all.
  if (!args.tables_only) Finish(result, options.out_dir);
}

// --plan, --dry-run and --tables-only: the runs that play nothing.
void AddPlayNothingFlags(CLI::App* cmd, Args* args) {
  cmd->add_flag("--plan", args->plan,
                "Print the format, rounds and number of games, and play "
                "nothing");
  cmd->add_flag("--dry-run", args->dry_run,
                "Print the schedule's size and the games per bot, and start "
                "every bot once in its sandbox (exit status 3 when one does "
                "not reach its Hello), without playing");
  cmd->add_flag("--tables-only", args->tables_only,
                "Play nothing: write the tables (standings, crosstable, "
                "ratings, a Swiss's table) and the report of the games "
                "recorded in --out and --prior files, e.g. of a Swiss played "
                "round by round; exit status 2 naming a game not recorded")
      ->excludes("--plan")
      ->excludes("--dry-run")
      ->excludes("--wait");
}

const bool kRegistered = RegisterCommand([](CLI::App& app) {
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand(
      "tournament",
      "Run a tournament from a config file; run it again to resume. Exit "
      "status: 0 done, 1 failed, 2 bad config or option, 3 done but a bot "
      "never started, 130 stopped by Ctrl-C");
  cmd->add_option("config", args->config, "Tournament config (TOML)")
      ->required()
      ->check(ReadableFile());
  cmd->add_option("--out", args->out,
                  "Output directory: games.jsonl.zst (games.jsonl with "
                  "compress_records = false), logs/, arbiter.log, "
                  "standings.csv, standings.json, crosstable.csv, "
                  "ratings.json (default out/NAME)");
  cmd->add_option("--shard", args->shard,
                  "Run shard I of N (0-based, e.g. 2/8); merge the shards' "
                  "records with `arbiter merge`");
  cmd->add_option("--secret", args->secret,
                  "the secret of the deals, shared by the shards of one "
                  "league (`arbiter secret new FILE`; default: OUT/secret, "
                  "made on the first run)");
  cmd->add_option("--concurrency", args->concurrency,
                  "Games at once (overrides the config; 0: the config's)")
      ->check(IntegerIn(0, tour::kMaxConcurrency));
  cmd->add_option("--sandbox", args->sandbox,
                  "full, reduced or none (overrides the config's [sandbox] "
                  "mode; docs/security.md)")
      ->check(CLI::IsMember(sandbox::ModeNames()));
  cmd->add_flag("--no-affinity", args->no_affinity,
                "Let the kernel place games and bots (overrides the config's "
                "affinity = true: each game slot and its bots on a CPU of "
                "its own; docs/tournaments.md)");
  cmd->add_option("--round", args->round,
                  "Swiss: play round R only, paired from the records of the "
                  "rounds before (in --out or --prior files)")
      ->check(IntegerIn(1, 100000));
  cmd->add_option("--prior", args->prior,
                  "Swiss: record files of earlier rounds (e.g. of other "
                  "shards), read only");
  cmd->add_flag("--no-report", args->no_report,
                "do not write DIR/report/ (it replays every new game: about "
                "10 ms of CPU per game)");
  AddLogLevelOption(cmd, &args->log_level);
  cmd->add_flag("--wait", args->wait,
                "When another run is recording in --out, wait for it to end "
                "(then resume) instead of exiting 2");
  AddPlayNothingFlags(cmd, args.get());  // after --wait
  cmd->callback([args] { Run(*args); });
});

}  // namespace
}  // namespace arbiter
