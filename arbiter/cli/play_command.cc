// `arbiter play`: G games between bot programs, with seat rotation, a
// progress line on stderr and a summary table per bot on stdout; the games
// are a series (tournament/series.h) played through the game pool.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/cli/command.h"
#include "arbiter/command_line/output_dir.h"
#include "arbiter/command_line/output_lock.h"
#include "arbiter/command_line/run_log_option.h"
#include "arbiter/command_line/run_output.h"
#include "arbiter/command_line/time_options.h"
#include "arbiter/common/deal_secret.h"
#include "arbiter/common/plural.h"
#include "arbiter/common/printable.h"
#include "arbiter/common/run_log.h"
#include "arbiter/games/registry.h"
#include "arbiter/match/bot_runner.h"
#include "arbiter/process/bot_process.h"
#include "arbiter/records/record_writer.h"
#include "arbiter/records/run_ids.h"
#include "arbiter/sandbox/limits.h"
#include "arbiter/sandbox/sandbox.h"
#include "arbiter/tournament/background_writer.h"
#include "arbiter/tournament/placement.h"
#include "arbiter/tournament/process_runner.h"
#include "arbiter/tournament/series.h"

namespace arbiter {
namespace {

namespace tour = arbiter::tournament;

struct PlayOptions {
  std::vector<std::string> bots;
  std::string game = std::string(game::DefaultGame().Name());
  int players = 0;
  int games = 1;
  std::string ruleset;           // "": the game's default preset
  std::optional<uint64_t> seed;  // none: drawn at random
  std::string secret;            // none: OUT.secret, made when missing
  TimeControl time;
  std::string fault_policy = "forfeit";
  std::string out = "games.jsonl.zst";
  std::string listen;
  int startup_ms = 10000;
  int connect_ms = 120000;
  std::string log_dir;
  size_t log_limit = size_t{1} << 20;
  std::string sandbox = "full";
  uint64_t memory_mb = 1024;
  int64_t processes = 64;
  uint64_t tmp_mb = 64;
  int cpu_weight = 0;
  std::vector<std::string> writable;
  std::vector<std::string> read_only;
  std::string log_level = kDefaultLogLevel;
};

std::string* g_socket_dir = nullptr;
tour::BackgroundWriter* g_writer = nullptr;

// On an interrupt, once the bots are stopped: every game told on the
// console is on disk.
void InterruptCleanup() {
  if (g_writer) (void)g_writer->Flush();
  if (g_socket_dir) std::filesystem::remove_all(*g_socket_dir);
}

void Fail(const std::string& message) {
  std::fprintf(stderr, "arbiter play: %s\n", message.c_str());
  RunLog().error("{}", message);
  throw CLI::RuntimeError(kExitUsage);
}

void PrintSummary(const tour::SeriesStats& stats) {
  std::printf("%-16s %5s %5s %7s %7s %7s %9s %5s %10s %7s %6s %5s %9s %9s\n",
              "bot", "games", "wins", "points", "timeout", "illegal",
              "malformed", "crash", "disconnect", "startup", "memory", "procs",
              "mean_ms", "max_ms");
  for (const auto& [name, s] : stats) {
    auto f = [&](arbiter::v1::FaultReason r) {
      auto it = s.faults.find(r);
      return it == s.faults.end() ? 0 : it->second;
    };
    std::printf(
        "%-16s %5d %5d %7ld %7d %7d %9d %5d %10d %7d %6d %5d %9.3f %9.3f\n",
        TerminalSafe(name).c_str(), s.games, s.wins, s.points,
        f(arbiter::v1::FAULT_REASON_TIMEOUT),
        f(arbiter::v1::FAULT_REASON_ILLEGAL_ACTION),
        f(arbiter::v1::FAULT_REASON_MALFORMED_MESSAGE),
        f(arbiter::v1::FAULT_REASON_CRASH),
        f(arbiter::v1::FAULT_REASON_DISCONNECT),
        f(arbiter::v1::FAULT_REASON_STARTUP),
        f(arbiter::v1::FAULT_REASON_MEMORY_LIMIT),
        f(arbiter::v1::FAULT_REASON_PROCESS_LIMIT),
        s.decisions ? s.total_us / s.decisions / 1000.0 : 0.0,
        s.max_us / 1000.0);
  }
}

// A bot that never started in some game makes the results meaningless for
// it: say so at the end, naming the games, the first reason and the log.
// False when some bot did not start.
bool ReportBotsThatNeverStarted(const tour::SeriesStats& stats,
                                const std::string& log_dir) {
  constexpr size_t kNamed = 10;
  bool clean = true;
  for (const auto& [name, s] : stats) {
    if (s.never_started.empty()) continue;
    clean = false;
    std::string games;
    for (size_t i = 0; i < std::min(s.never_started.size(), kNamed); ++i) {
      games += (i ? ", " : "") + s.never_started[i];
    }
    if (s.never_started.size() > kNamed) {
      games +=
          " and " + std::to_string(s.never_started.size() - kNamed) + " more";
    }
    std::fprintf(stderr,
                 "\nNOT CLEAN: bot '%s' never started in %zu of its %s "
                 "(each one lost by a startup fault): %s.\n  First: %s\n  "
                 "Its log: %s/%s*.log\n",
                 name.c_str(), s.never_started.size(),
                 Count(s.games, "game").c_str(), games.c_str(),
                 s.first_startup_fault.c_str(), log_dir.c_str(), name.c_str());
  }
  return clean;
}

// The run's deal secret and seed, and its records file: game ids are
// "<tag>-g<k>" (records/run_ids.h), deal seeds keyed hashes of (seed, k).
struct RunRecords {
  RunSecret secret;
  std::string tag;
  records::RecordWriter writer;  // synced by the series, in the background
};

// Locks --out (into `output`, held for the whole run, before the secret),
// opens the run log beside it, the secret and the records.
RunRecords OpenRun(const PlayOptions& o, RunOutput* output) {
  const std::string run_log = o.out + ".arbiter.log";
  output->Hold(LockOutput("play", "--out", o.out, o.out, false, run_log),
               o.out);
  OpenCommandLog("play", run_log, o.log_level);
  RunLog().info("lock taken on {}", o.out);
  auto secret = ResolveRunSecret({.own = o.out + ".secret",
                                  .given = o.secret,
                                  .seed = o.seed,
                                  .keep_seed = false});
  if (!secret) Fail(secret.error());
  const std::string tag = RunTag(secret->key, secret->seed);
  auto taken = records::FindRunInFile(o.out, tag);
  if (!taken) Fail("--out: " + taken.error());
  if (*taken) {
    Fail("--out: " + o.out + " already holds the games of a run with seed " +
         std::to_string(secret->seed) + " and this secret (game " + **taken +
         "); to play it again, write to another file");
  }
  auto writer = records::RecordWriter::Open(o.out, {.sync_each = false});
  if (!writer) Fail("--out: " + writer.error());
  if (secret->seed_drawn) {
    std::fprintf(stderr,
                 "arbiter play: seed %llu (drawn at random); the same games "
                 "again: --seed %llu --secret %s\n",
                 (unsigned long long)secret->seed,
                 (unsigned long long)secret->seed, secret->file.c_str());
  }
  RunLog().info("records: {} (appended); secret {}, seed {}{}", o.out,
                secret->file.string(), secret->seed,
                secret->seed_drawn ? ", drawn at random" : "");
  return {*secret, tag, std::move(*writer)};
}

// The limits of every bot's sandbox, checked.
sandbox::Limits LimitsOf(const PlayOptions& o) {
  sandbox::Limits limits{.memory_bytes = o.memory_mb << 20,
                         .processes = o.processes,
                         .tmp_bytes = o.tmp_mb << 20,
                         .cpu_weight = o.cpu_weight,
                         .writable = o.writable,
                         .read_only = o.read_only};
  if (auto ok = sandbox::CheckLimits(&limits,
                                     std::filesystem::current_path().string());
      !ok) {
    Fail("--" + ok.error());
  }
  return limits;
}

// The --bot options, each checked, under `limits`.
std::vector<BotSpec> ParseBots(const PlayOptions& o,
                               const sandbox::Limits& limits) {
  std::vector<BotSpec> specs;
  for (const auto& text : o.bots) {
    auto spec = ParseBotSpec(text);
    if (!spec) Fail(spec.error());
    spec->limits = limits;
    if (auto ok = CheckBotCommand(*spec); !ok) Fail(ok.error());
    for (const auto& other : specs) {
      if (other.name == spec->name)
        Fail("bot name '" + spec->name + "' given twice");
    }
    specs.push_back(*spec);
  }
  return specs;
}

// Seats per game: --players, else one per bot, in the game's range.
int PlayersOf(const PlayOptions& o, const game::GameType& type, size_t bots) {
  const int players = o.players ? o.players : int(bots);
  if (players < type.MinSeats() || players > type.MaxSeats()) {
    Fail("--players must be " + std::to_string(type.MinSeats()) + " to " +
         std::to_string(type.MaxSeats()) + " for " + o.game + ", got " +
         std::to_string(players));
  }
  if (int(bots) > players) {
    Fail(std::to_string(bots) + " bots for " + std::to_string(players) +
         " seats");
  }
  return players;
}

// The folders of the records and the logs, made when missing (and noted
// in `output` first, to be undone if the run is refused).
std::string MakeOutputDirs(const PlayOptions& o, RunOutput* output) {
  const std::filesystem::path out = o.out;
  const std::filesystem::path dir = out.parent_path();
  output->Watch(dir, out.filename().string());
  if (auto made = MakeOutputDir(dir.empty() ? "." : dir); !made) {
    Fail("--out " + o.out + ": " + made.error());
  }
  const std::string log_dir = o.log_dir.empty() ? o.out + ".logs" : o.log_dir;
  output->Watch(log_dir);
  if (auto made = MakeOutputDir(log_dir); !made) {
    Fail(std::string(o.log_dir.empty() ? "--out" : "--log-dir") + " " +
         log_dir + ": " + made.error());
  }
  return log_dir;
}

// Starts the sandbox and the server; each bot's process starts in its first
// game. The records file, the secret and the logs exist by now, so that the
// sandboxes can cover them: bots never see them, even when their directory
// shows the files.
std::unique_ptr<tour::ProcessRunner> StartBots(
    const PlayOptions& o, const tour::TournamentConfig& config,
    std::shared_ptr<const game::Game> game, const std::string& log_dir,
    const RunSecret& secret) {
  BecomeChildSubreaper();
  auto hidden = [](const std::filesystem::path& path) {
    return std::filesystem::absolute(path).lexically_normal().string();
  };
  auto runner = tour::ProcessRunner::Start(
      config, std::move(game),
      {.log_dir = log_dir,
       .plain_first_log = true,
       .log_limit_bytes = o.log_limit,
       .startup_timeout = std::chrono::milliseconds(o.startup_ms),
       .connect_timeout = std::chrono::milliseconds(o.connect_ms),
       .listen = o.listen,
       .start_early = false,
       .hidden = {hidden(o.out), hidden(secret.file), hidden(log_dir)},
       .concurrency = 1});
  if (!runner) Fail(runner.error());
  std::fprintf(stderr, "arbiter play: %s\narbiter play: %s\n",
               (*runner)->SandboxSummary().c_str(),
               tour::PlacementText(false, 1).c_str());
  static std::string socket_dir;
  socket_dir = (*runner)->socket_dir();
  if (!socket_dir.empty()) g_socket_dir = &socket_dir;
  return std::move(*runner);
}

// "game 3/10: a 12 (#1), b 4 (#2) [forfeit: seat 1]".
std::string GameLine(int number, int games,
                     const arbiter::v1::GameRecord& record) {
  const auto& r = record.result();
  std::string line =
      "game " + std::to_string(number) + "/" + std::to_string(games) + ": ";
  for (int s = 0; s < record.seats_size(); ++s) {
    line += (s ? ", " : "") + TerminalSafe(record.seats(s).bot_name()) + " " +
            std::to_string(r.scores(s)) + " (#" + std::to_string(r.places(s)) +
            ")";
  }
  if (r.forfeit_seat() >= 0)
    line += " [forfeit: seat " + std::to_string(r.forfeit_seat()) + "]";
  return line;
}

// Plays the series (its output held by `output`), and says how it went.
// `bots_ran` is set once bot processes are started.
void PlayAll(const PlayOptions& o, RunOutput* output, bool* bots_ran) {
  if (auto bad = CheckTimeOptions(o.time)) Fail(*bad);
  auto type = game::FindGame(o.game);
  if (!type) Fail("--game: " + type.error());
  auto loaded = game::LoadGame(o.game, o.ruleset);
  if (!loaded) Fail("--ruleset: " + loaded.error());
  auto mode = sandbox::ParseMode(o.sandbox);
  if (!mode) Fail("--sandbox: " + mode.error());
  const std::vector<BotSpec> specs = ParseBots(o, LimitsOf(o));
  const int players = PlayersOf(o, **type, specs.size());
  const std::string log_dir = MakeOutputDirs(o, output);
  RunRecords run = OpenRun(o, output);
  const tour::TournamentConfig config = tour::SeriesConfig(
      specs, *mode, o.time, *ParseFaultPolicy(o.fault_policy));
  *bots_ran = true;
  auto runner = StartBots(o, config, *loaded, log_dir, run.secret);
  RunLog().info("{} of {}, {} seats", Count(o.games, "game"), o.game, players);
  const bool tty = ::isatty(2);
  tour::BackgroundWriter writer(std::move(run.writer));
  g_writer = &writer;
  auto stats = tour::PlaySeries(
      *runner,
      {.bots = int(specs.size()),
       .players = players,
       .games = o.games,
       .tag = run.tag,
       .key = run.secret.key,
       .seed = run.secret.seed},
      writer, [&](int number, const arbiter::v1::GameRecord& record) {
        std::fprintf(stderr, tty ? "\r\033[K%s" : "%s\n",
                     GameLine(number, o.games, record).c_str());
      });
  if (tty) std::fprintf(stderr, "\n");
  runner.reset();  // every bot stopped, the server shut down
  g_socket_dir = nullptr;
  g_writer = nullptr;
  if (!stats) Fail(stats.error());
  PrintSummary(*stats);
  std::fflush(stdout);
  if (!ReportBotsThatNeverStarted(*stats, log_dir)) {
    std::fprintf(stderr,
                 "arbiter play: finished, but not clean: exit status %d\n",
                 kExitNotClean);
    throw CLI::RuntimeError(kExitNotClean);
  }
}

void RunPlay(const PlayOptions& o) {
  InstallInterruptCleanup(&InterruptCleanup);
  RunOutput output;
  bool bots_ran = false;
  try {
    PlayAll(o, &output, &bots_ran);
  } catch (const CLI::RuntimeError& e) {
    // Refused before any bot ran: nothing is left. A bot refused once it
    // ran (its Hello does not declare the game) keeps its log, which says
    // why, and the secret that the message names.
    if (e.get_exit_code() == kExitUsage && !bots_ran) output.Undo();
    throw;
  }
}

// --sandbox and the limits of each bot's sandbox.
void AddSandboxOptions(CLI::App* cmd, PlayOptions* o) {
  cmd->add_option("--sandbox", o->sandbox,
                  "full: every bot in a sandbox, or refuse to start when "
                  "the machine cannot give every guarantee; reduced: what "
                  "the machine allows (says what is missing); none: plain "
                  "processes (docs/security.md)")
      ->check(CLI::IsMember(sandbox::ModeNames()));
  // The ranges of a tournament's [sandbox] keys (docs/tournaments.md).
  cmd->add_option("--memory-mb", o->memory_mb,
                  "memory limit of each bot's sandbox (0: none)")
      ->check(UnsignedIn(0, 1 << 22));
  cmd->add_option("--processes", o->processes,
                  "processes and threads each bot may run (0: no limit)")
      ->check(IntegerIn(0, 1 << 22));
  cmd->add_option("--tmp-mb", o->tmp_mb, "size of each bot's private /tmp")
      ->check(UnsignedIn(1, 1 << 20));
  cmd->add_option("--cpu-weight", o->cpu_weight,
                  "CPU share of each bot among this run's bots, 1 to 10000 "
                  "(default: the system's)")
      ->check(IntegerIn(0, 10000));
  cmd->add_option("--writable", o->writable,
                  "a directory every bot may write (repeat for more)");
  cmd->add_option("--read-only", o->read_only,
                  "a path every bot may read besides its own files (repeat "
                  "for more)");
}

const bool kRegistered = RegisterCommand([](CLI::App& app) {
  auto o = std::make_shared<PlayOptions>();
  auto* cmd = app.add_subcommand(
      "play", "Play games between bot programs and write their records");
  cmd->add_option("--bot", o->bots,
                  "NAME=COMMAND of a bot to spawn, or NAME=@ for a bot that "
                  "connects by itself (repeat for each bot)")
      ->required();
  cmd->add_option("--game", o->game, "the game to play")->capture_default_str();
  // --seats: the name `arbiter match` and tournament configs give it.
  cmd->add_option("--players,--seats", o->players,
                  "seats per game, in the game's range (default: the number "
                  "of bots; fewer bots fill the seats in turn)")
      ->check(IntegerIn(0, 64));
  cmd->add_option("--games", o->games, "number of games")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--ruleset", o->ruleset,
                  "preset name or ruleset file (default: the game's first "
                  "preset)");
  cmd->add_option("--seed", o->seed,
                  "seed of the whole run (default: drawn at random and "
                  "printed); with the same secret, the same deals");
  cmd->add_option("--secret", o->secret,
                  "the secret of the deals, a file made by `arbiter secret "
                  "new` or a run (default: OUT.secret, made when missing)");
  AddTimeOptions(cmd, &o->time, &o->fault_policy);
  cmd->add_option("--out", o->out,
                  "game records, appended (zstd frames when the name ends "
                  "in .zst, else JSON lines)")
      ->capture_default_str();
  cmd->add_option(
      "--listen", o->listen,
      "HOST:PORT to listen on TCP (default: a private Unix socket)");
  cmd->add_option("--startup-ms", o->startup_ms,
                  "time a spawned bot has to connect")
      ->check(IntegerIn(1, kMaxTimeMs));
  cmd->add_option("--connect-ms", o->connect_ms,
                  "time a remote bot (NAME=@) has to connect")
      ->check(IntegerIn(1, kMaxTimeMs));
  cmd->add_option("--log-dir", o->log_dir,
                  "bot stdout/stderr logs (default: OUT.logs)");
  cmd->add_option("--log-limit", o->log_limit, "bytes kept per bot log")
      ->check(UnsignedIn(0, uint64_t{1} << 40));
  AddLogLevelOption(cmd, &o->log_level);
  AddSandboxOptions(cmd, o.get());
  cmd->callback([o] { RunPlay(*o); });
});

}  // namespace
}  // namespace arbiter
