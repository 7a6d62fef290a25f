// `arbiter league init|add|retire|run|status DIR ...`: a league that never
// closes (docs/league.md). Bots are added and retired at any time, each
// build checked by check-bot and kept in the league's store under its
// content hash; `run` plays batches chosen by the scheduler until stopped
// and picks up roster changes between batches.
//
// Exit statuses: 0 done; 1 failed (`add`: the bot failed its check, the
// report says why); 2 usage, a bad folder, config or bot, or another run
// holds the league; 130 (`run`) stopped by Ctrl-C, run again to go on.
#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "arbiter/cli/command.h"
#include "arbiter/command_line/interrupts.h"
#include "arbiter/command_line/output_lock.h"
#include "arbiter/command_line/run_log_option.h"
#include "arbiter/command_line/run_output.h"
#include "arbiter/command_line/time_options.h"
#include "arbiter/common/printable.h"
#include "arbiter/common/run_log.h"
#include "arbiter/conformance/check_bot.h"
#include "arbiter/league/batch_play.h"
#include "arbiter/league/league_config.h"
#include "arbiter/league/league_run.h"
#include "arbiter/league/roster.h"
#include "arbiter/league/status.h"
#include "arbiter/league/store.h"
#include "arbiter/process/bot_process.h"
#include "arbiter/tournament/kept_records.h"
#include "arbiter/tournament/ruleset_link.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;
constexpr int kExitStopped = 130;

std::atomic<bool> g_stop{false};

[[noreturn]] void Fail(const std::string& sub, const std::string& message,
                       int code) {
  std::fprintf(stderr, "arbiter league %s: %s\n", sub.c_str(),
               TerminalSafe(message).c_str());
  RunLog().error("{}", LogText(message, kMaxLogLine));
  throw CLI::RuntimeError(code);
}

// The league's config, or exit 2 naming what is wrong.
tournament::TournamentConfig LoadOrFail(const std::string& sub,
                                        const std::string& dir) {
  auto config = league::LoadLeagueConfig(dir);
  if (!config) Fail(sub, config.error(), kExitUsage);
  return std::move(*config);
}

struct InitArgs {
  std::string dir;
  league::InitOptions options;
};

void Init(const InitArgs& a) {
  std::error_code ec;
  if (fs::exists(fs::path(a.dir) / league::kConfigFile, ec)) {
    Fail("init", a.dir + ": a league already (league.toml is there)",
         kExitUsage);
  }
  if (auto ok = CheckTimeOptions(a.options.time_control)) {
    Fail("init", *ok, kExitUsage);
  }
  const std::string text = league::LeagueConfigText(a.options);
  // Checked as `run` will read it, game and ruleset included, before
  // anything is written.
  auto config = league::ParseLeagueConfig(text, fs::absolute(a.dir, ec));
  if (!config) Fail("init", config.error(), kExitUsage);
  if (auto game = tournament::ResolveRuleset(*config); !game) {
    Fail("init", game.error(), kExitUsage);
  }
  RunOutput made;  // the folders made, removed again when empty
  made.Watch(a.dir);
  fs::create_directories(a.dir, ec);
  if (!fs::is_directory(a.dir, ec)) {
    made.Undo();
    Fail("init", a.dir + ": cannot create the folder", kExitUsage);
  }
  std::FILE* file =
      std::fopen((fs::path(a.dir) / league::kConfigFile).c_str(), "wx");
  if (file == nullptr) {
    made.Undo();
    Fail("init", a.dir + ": cannot write league.toml: " + std::strerror(errno),
         kExitUsage);
  }
  std::fputs(text.c_str(), file);
  std::fclose(file);
  std::printf(
      "league %s made in %s; add bots with `arbiter league add %s "
      "NAME -- COMMAND`\n",
      TerminalSafe(a.options.name).c_str(), a.dir.c_str(), a.dir.c_str());
}

struct AddArgs {
  std::string dir;
  std::string name;
  std::string folder;
  std::vector<std::string> command;
  bool keep = false;
  bool no_check = false;
  std::string log_level = kDefaultLogLevel;
};

// check-bot on the stored copy, its files named where they are (so that
// its sandbox shows the copy's folder, as a league run's does).
bool CheckStored(const tournament::TournamentConfig& config,
                 const fs::path& copy, std::vector<std::string> argv) {
  auto game = tournament::ResolveRuleset(config);
  if (!game) Fail("add", game.error(), kExitUsage);
  for (std::string& word : argv) {
    if (word.starts_with("./")) word = (copy / word.substr(2)).string();
  }
  BecomeChildSubreaper();
  auto report =
      conformance::CheckBot({.command = JoinCommand(argv),
                             .games = {std::string(game->game->Type().Name())},
                             .sandbox = config.sandbox_mode,
                             .limits = config.bots.front().sandbox});
  if (!report) Fail("add", "the check could not run: " + report.error(), 2);
  if (report->passed()) {
    std::printf("checked: every situation passed (%zu)\n",
                report->situations.size());
    RunLog().info("check-bot: every situation passed ({})",
                  report->situations.size());
    return true;
  }
  // What the bot sent is escaped in the report already (check_bot.h).
  const std::string text = conformance::FormatText(*report);
  std::fputs(text.c_str(), stdout);
  RunLog().warn("check-bot failed: {}", LogText(text, 2000));
  return false;
}

void Add(const AddArgs& a) {
  const auto config = LoadOrFail("add", a.dir);
  if (auto ok = league::CheckBotName(a.name); !ok) {
    Fail("add", "NAME '" + Abbreviate(a.name) + "': " + ok.error(), kExitUsage);
  }
  OpenCommandLog("league add", fs::path(a.dir) / kRunLogFile, a.log_level);
  std::vector<std::string> command = a.command;
  if (command.size() == 1 && command[0].find(' ') != std::string::npos) {
    // One quoted command line ("python3 bot.py"): its words.
    auto words = SplitCommand(command[0]);
    if (!words) Fail("add", "COMMAND: " + words.error(), kExitUsage);
    command = std::move(*words);
  }
  auto plan = league::PlanSubmission(command, a.folder, fs::current_path());
  if (!plan) Fail("add", plan.error(), kExitUsage);
  const fs::path store = fs::path(a.dir) / "bots";
  auto hash = league::StoreFolder(plan->folder, store);
  if (!hash) Fail("add", hash.error(), kExitUsage);
  auto roster = league::LoadRoster(a.dir);
  if (!roster) Fail("add", roster.error(), kExitUsage);
  if (const auto* latest = roster->Latest(a.name);
      latest != nullptr && latest->hash == *hash) {
    std::printf("%s is this build already (%s): nothing added\n",
                latest->Id().c_str(), hash->substr(0, 12).c_str());
    return;
  }
  std::printf("%s: stored as %s (%s)\n", a.name.c_str(),
              (store / *hash).c_str(), plan->folder.c_str());
  RunLog().info("{}: stored as {} (from {})", a.name, hash->substr(0, 12),
                LogText(plan->folder.string()));
  std::fflush(stdout);
  if (!a.no_check && !CheckStored(config, store / *hash, plan->argv)) {
    Fail("add", a.name + " failed its check (above): not added", kExitFailed);
  }
  auto added = league::AddVersion(a.dir,
                                  {.name = a.name,
                                   .hash = *hash,
                                   .argv = plan->argv,
                                   .source = plan->folder.string()},
                                  a.keep);
  if (!added) Fail("add", added.error(), kExitUsage);
  const std::string line = fmt::format(
      "added {} (build {}){}", added->Id(), hash->substr(0, 12),
      added->version > 1 && !a.keep ? "; older versions retired" : "");
  std::printf("%s\n", line.c_str());
  RunLog().info("{}", line);
}

void RetireBot(const std::string& dir, const std::string& who) {
  LoadOrFail("retire", dir);
  auto retired = league::Retire(dir, who);
  if (!retired) Fail("retire", retired.error(), kExitUsage);
  for (const auto& id : *retired) std::printf("retired %s\n", id.c_str());
}

struct RunArgs {
  league::LeagueRunOptions options;
  std::string dir;
  bool no_report = false;
  bool wait = false;
  bool slurm = false;
  league::SlurmOptions slurm_options;
  std::string log_level = kDefaultLogLevel;
};

// Takes the league for this run: its lock, then its run log. A refused run
// undoes what it made (RunOutput): only the run's own files are watched, so
// that a bot `add`ed meanwhile is never touched.
void OpenRun(const RunArgs& a, RunOutput* output) {
  const fs::path dir = a.dir;
  for (const char* prefix :
       {"games.jsonl", "secret", kRunLogFile, league::kStateFile}) {
    output->Watch(dir, prefix);
  }
  auto records = tournament::RecordsPath(dir, /*compress=*/true);
  if (!records) Fail("run", records.error(), kExitUsage);
  output->Hold(LockOutput("league run", "DIR", a.dir, *records, a.wait,
                          dir / kRunLogFile),
               *records);
  OpenCommandLog("league run", dir / kRunLogFile, a.log_level);
  RunLog().info("lock taken on {}", records->string());
}

void Play(RunArgs a) {
  WatchInterrupts("league run", &g_stop);  // before any thread starts
  a.options.dir = a.dir;
  a.options.report = !a.no_report;
  if (a.slurm) {
    a.slurm_options.arbiter = fs::read_symlink("/proc/self/exe").string();
    a.slurm_options.log_level = a.log_level;
    a.options.slurm = a.slurm_options;
  }
  a.options.stop = &g_stop;
  a.options.say = [](const std::string& line) {
    std::fprintf(stderr, "arbiter league run: %s\n",
                 TerminalSafe(line).c_str());
  };
  auto result = league::RunLeague(a.options);
  if (!result) {
    Fail("run", result.error().message,
         result.error().bad_setup ? kExitUsage : kExitFailed);
  }
  const std::string end = fmt::format(
      "{} batches, {} games recorded by this run ({} in the league): {}",
      result->batches, result->played, result->total, result->why);
  std::fprintf(stderr, "%s\n", end.c_str());
  RunLog().info("{}", end);
  if (auto text = league::StatusText(a.dir)) std::fputs(text->c_str(), stdout);
  if (result->stopped) throw CLI::RuntimeError(kExitStopped);
}

void RunCommand(const RunArgs& a) {
  LoadOrFail("run", a.dir);
  RunOutput output;
  try {
    OpenRun(a, &output);
    Play(a);
  } catch (const CLI::RuntimeError& e) {
    if (e.get_exit_code() == kExitUsage) output.Undo();  // refused
    throw;
  }
}

void Status(const std::string& dir) {
  auto text = league::StatusText(dir);
  if (!text) Fail("status", text.error(), kExitUsage);
  std::fputs(text->c_str(), stdout);
}

void AddInit(CLI::App* league) {
  auto a = std::make_shared<InitArgs>();
  auto* cmd = league->add_subcommand(
      "init",
      "Make a league folder: its league.toml (game, ruleset, seats, "
      "time control, sandbox, duplicate deals)");
  cmd->add_option("dir", a->dir, "the league folder (made if missing)")
      ->required();
  cmd->add_option("--name", a->options.name, "the league's name")
      ->capture_default_str();
  cmd->add_option("--game", a->options.game, "a game (default: the default)");
  cmd->add_option("--ruleset", a->options.ruleset,
                  "a preset of the game, or a ruleset file");
  cmd->add_option("--seats", a->options.seats, "seats at a table")
      ->capture_default_str()
      ->check(IntegerIn(2, 64));
  cmd->add_flag("--duplicate", a->options.duplicate,
                "play every deal from every seat (a table is a whole "
                "duplicate deal set)");
  cmd->add_option("--partnership-fill", a->options.partnership_fill,
                  "team (one bot per team) or individual")
      ->check(CLI::IsMember({"team", "individual"}));
  cmd->add_option("--sandbox", a->options.sandbox, "full, reduced or none")
      ->capture_default_str()
      ->check(CLI::IsMember(sandbox::ModeNames()));
  cmd->add_option("--concurrency", a->options.concurrency,
                  "games at once (0: the number of cores)")
      ->check(IntegerIn(0, tournament::kMaxConcurrency));
  AddTimeOptions(cmd, &a->options.time_control, &a->options.fault_policy);
  cmd->callback([a] { Init(*a); });
}

void AddAdd(CLI::App* league) {
  auto a = std::make_shared<AddArgs>();
  auto* cmd = league->add_subcommand(
      "add",
      "Check a bot with check-bot, copy its folder into the league's "
      "store and add it (a changed build of a name: NAME@2, ...)");
  cmd->add_option("dir", a->dir, "the league folder")->required();
  cmd->add_option("name", a->name, "the bot's name")->required();
  cmd->add_option("command", a->command, "the bot's command, after --")
      ->required();
  cmd->add_option("--dir", a->folder,
                  "the bot's folder, copied whole (default: the folder of "
                  "the last word of the command that names a file)");
  cmd->add_flag("--keep", a->keep,
                "keep the older versions of the name active");
  cmd->add_flag("--no-check", a->no_check,
                "add without the conformance check (for bots checked already)");
  AddLogLevelOption(cmd, &a->log_level);
  cmd->callback([a] { Add(*a); });
}

void AddRun(CLI::App* league) {
  auto a = std::make_shared<RunArgs>();
  auto* cmd = league->add_subcommand(
      "run",
      "Play the league batch after batch until Ctrl-C (the games in "
      "play finish; a second Ctrl-C stops at once), --games or "
      "--until-width; run again to go on");
  cmd->add_option("dir", a->dir, "the league folder")->required();
  cmd->add_option("--games", a->options.games,
                  "stop once this run recorded at least N games (the batch "
                  "in play finishes)")
      ->check(IntegerIn(1, 1000000000));
  cmd->add_option("--until-width", a->options.until_width,
                  "stop once every active bot's 95% interval is narrower "
                  "than W Elo")
      ->check(CLI::Range(1.0, 100000.0));
  cmd->add_option("--batch", a->options.tables_per_batch,
                  "tables per batch (default: twice the games at once, at "
                  "least 4)")
      ->check(IntegerIn(1, 100000));
  cmd->add_option("--concurrency", a->options.concurrency,
                  "games at once (overrides the config's)")
      ->check(IntegerIn(0, tournament::kMaxConcurrency));
  cmd->add_option("--seed", a->options.seed, "the scheduler's seed");
  cmd->add_flag("--no-report", a->no_report,
                "do not refresh DIR/report after each batch");
  cmd->add_flag("--wait", a->wait,
                "when another run holds the league, wait for it to end");
  cmd->add_flag("--slurm", a->slurm,
                "play each batch as a Slurm job array (sbatch), merge its "
                "records when it ends, then choose the next batch");
  cmd->add_option("--tasks", a->slurm_options.tasks,
                  "--slurm: tasks per batch's array")
      ->capture_default_str()
      ->check(IntegerIn(1, 10000));
  cmd->add_option("--sbatch", a->slurm_options.sbatch,
                  "--slurm: one more sbatch option (repeat: --sbatch "
                  "--partition=cpu --sbatch --time=1:00:00)")
      ->allow_extra_args(false);
  AddLogLevelOption(cmd, &a->log_level);
  cmd->callback([a] { RunCommand(*a); });
}

// One task of a --slurm batch, as the array runs it. Its run log is the
// shard's own (DIR/slurm/batch-N/shard-I/arbiter.log): the tasks of an array
// run at once on other nodes, and appends from many hosts to one file on a
// shared file system may tear each other's lines.
void AddPlayBatch(CLI::App* league) {
  struct Args {
    league::LeagueRunOptions options;
    int batch = 0, tasks = 1, shard = 0;
    std::string log_level = kDefaultLogLevel;
  };
  auto a = std::make_shared<Args>();
  auto* cmd = league->add_subcommand(
      "play-batch", "(run --slurm's tasks) play shard I of a batch's plan");
  cmd->group("");  // not for people
  cmd->add_option("dir", a->options.dir, "the league folder")->required();
  cmd->add_option("batch", a->batch, "the batch")
      ->required()
      ->check(IntegerIn(1, 1000000000));
  cmd->add_option("--tasks", a->tasks, "tasks of the array")
      ->required()
      ->check(IntegerIn(1, 10000));
  cmd->add_option("--shard", a->shard, "this task's index")
      ->required()
      ->check(IntegerIn(0, 9999));
  AddLogLevelOption(cmd, &a->log_level);
  cmd->callback([a] {
    if (a->shard >= a->tasks)
      Fail("play-batch", "--shard: not below --tasks", 2);
    LoadOrFail("play-batch", a->options.dir);
    WatchInterrupts("league play-batch", &g_stop);
    a->options.stop = &g_stop;
    auto result = league::PlayBatchShard(
        a->options, a->batch, a->tasks, a->shard, [&](const fs::path& records) {
          OpenCommandLog("league play-batch",
                         records.parent_path() / kRunLogFile, a->log_level);
          RunLog().info("lock taken on {}", records.string());
        });
    if (!result) {
      Fail("play-batch", result.error().message,
           result.error().bad_setup ? kExitUsage : kExitFailed);
    }
    const std::string end = fmt::format(
        "batch {} shard {}/{}: {} games recorded ({} this run)", a->batch,
        a->shard, a->tasks, result->total, result->played);
    std::printf("%s\n", end.c_str());
    RunLog().info("{}", end);
    if (result->stopped) throw CLI::RuntimeError(kExitStopped);
  });
}

const bool kRegistered = RegisterCommand([](CLI::App& app) {
  auto* league = app.add_subcommand(
      "league",
      "A league that never closes: bots added and retired at any time, "
      "games chosen where they tell most (docs/league.md)");
  league->require_subcommand(1);
  AddInit(league);
  AddAdd(league);
  auto who = std::make_shared<std::pair<std::string, std::string>>();
  auto* retire = league->add_subcommand(
      "retire",
      "Retire a bot (NAME: every active version; NAME@N: one): no "
      "new games; it stays in the ratings");
  retire->add_option("dir", who->first, "the league folder")->required();
  retire->add_option("bot", who->second, "NAME or NAME@N")->required();
  retire->callback([who] { RetireBot(who->first, who->second); });
  AddRun(league);
  AddPlayBatch(league);
  auto dir = std::make_shared<std::string>();
  auto* status = league->add_subcommand(
      "status",
      "Standings, ratings with 95% intervals, games, active and "
      "retired versions, and what the run plays now");
  status->add_option("dir", *dir, "the league folder")->required();
  status->callback([dir] { Status(*dir); });
});

}  // namespace
}  // namespace arbiter
