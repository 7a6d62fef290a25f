// `arbiter play`: G games between bot programs, with seat rotation, a
// progress line on stderr and a summary table per bot on stdout.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/cli/command.h"
#include "arbiter/command_line/output_lock.h"
#include "arbiter/command_line/time_options.h"
#include "arbiter/common/deal_secret.h"
#include "arbiter/common/printable.h"
#include "arbiter/game/registry.h"
#include "arbiter/match/bot_runner.h"
#include "arbiter/records/game_record.h"
#include "arbiter/records/record_writer.h"
#include "arbiter/records/run_ids.h"
#include "arbiter/sandbox/limits.h"
#include "arbiter/sandbox/sandbox.h"

namespace arbiter {
namespace {

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
  std::string out = "games.jsonl";
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
};

struct BotStats {
  int games = 0, wins = 0;
  long points = 0;
  std::map<int, int> faults;  // by FaultReason
  long decisions = 0;
  double total_us = 0, max_us = 0;
  // The games in which it never started (a startup fault), and why the
  // first time.
  std::vector<std::string> never_started;
  std::string first_startup_fault;
};

std::string* g_socket_dir = nullptr;

void RemoveSocketDir() {
  if (g_socket_dir) std::filesystem::remove_all(*g_socket_dir);
}

void Fail(const std::string& message) {
  std::fprintf(stderr, "arbiter play: %s\n", message.c_str());
  throw CLI::RuntimeError(2);
}

void Tally(const arbiter::v1::GameRecord& record,
           std::map<std::string, BotStats>* stats) {
  const auto& r = record.result();
  for (const auto& seat : record.seats()) {
    auto& s = (*stats)[seat.bot_name()];
    ++s.games;
    if (r.places(seat.seat()) == 1) ++s.wins;
    s.points += r.scores(seat.seat());
  }
  for (const auto& f : r.faults()) {
    auto& s = (*stats)[record.seats(f.seat()).bot_name()];
    ++s.faults[f.reason()];
    if (f.reason() != arbiter::v1::FAULT_REASON_STARTUP) continue;
    if (s.never_started.empty()) s.first_startup_fault = f.detail();
    // A bot in two seats of a game may fail to start in both.
    if (s.never_started.empty() || s.never_started.back() != record.game_id())
      s.never_started.push_back(record.game_id());
  }
  for (const auto& step : record.steps()) {
    if (step.strike() && step.request_id() == 0) continue;  // not asked
    auto& s = (*stats)[record.seats(step.seat()).bot_name()];
    ++s.decisions;
    s.total_us += step.decision_us();
    s.max_us = std::max(s.max_us, double(step.decision_us()));
  }
}

void PrintSummary(const std::map<std::string, BotStats>& stats) {
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
bool ReportBotsThatNeverStarted(const std::map<std::string, BotStats>& stats,
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
                 "\nNOT CLEAN: bot '%s' never started in %zu of its %d games "
                 "(each one lost by a startup fault): %s.\n  First: %s\n  "
                 "Its log: %s/%s*.log\n",
                 name.c_str(), s.never_started.size(), s.games, games.c_str(),
                 s.first_startup_fault.c_str(), log_dir.c_str(), name.c_str());
  }
  return clean;
}

// The run's deal secret and seed, and its records file: game ids are
// "<tag>-g<k>" (records/run_ids.h), deal seeds keyed hashes of (seed, k).
struct RunRecords {
  records::RunLock lock;  // held for the whole run, before the secret
  RunSecret secret;
  std::string tag;
  records::RecordWriter writer;
};

RunRecords OpenRun(const PlayOptions& o) {
  records::RunLock lock = LockOutput("play", "--out", o.out, o.out);
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
  auto writer = records::RecordWriter::Open(o.out);
  if (!writer) Fail("--out: " + writer.error());
  if (secret->seed_drawn) {
    std::fprintf(stderr,
                 "arbiter play: seed %llu (drawn at random); the same games "
                 "again: --seed %llu --secret %s\n",
                 (unsigned long long)secret->seed,
                 (unsigned long long)secret->seed, secret->file.c_str());
  }
  return {std::move(lock), *secret, tag, std::move(*writer)};
}

void RunPlay(const PlayOptions& o) {
  InstallInterruptCleanup(&RemoveSocketDir);
  BecomeChildSubreaper();
  if (auto bad = CheckTimeOptions(o.time)) Fail(*bad);
  auto type = game::FindGame(o.game);
  if (!type) Fail("--game: " + type.error());
  auto loaded = game::LoadGame(o.game, o.ruleset);
  if (!loaded) Fail("--ruleset: " + loaded.error());
  auto mode = sandbox::ParseMode(o.sandbox);
  if (!mode) Fail("--sandbox: " + mode.error());
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
  const int players = o.players ? o.players : int(specs.size());
  if (players < (*type)->MinSeats() || players > (*type)->MaxSeats()) {
    Fail("--players must be " + std::to_string((*type)->MinSeats()) + " to " +
         std::to_string((*type)->MaxSeats()) + " for " + o.game + ", got " +
         std::to_string(players));
  }
  if (int(specs.size()) > players) {
    Fail(std::to_string(specs.size()) + " bots for " + std::to_string(players) +
         " seats");
  }
  const std::string log_dir = o.log_dir.empty() ? o.out + ".logs" : o.log_dir;
  std::error_code ec;
  std::filesystem::create_directories(log_dir, ec);
  if (ec || !std::filesystem::is_directory(log_dir, ec)) {
    Fail(std::string(o.log_dir.empty() ? "--out" : "--log-dir") + " " +
         log_dir + ": cannot create the log directory: " +
         (ec ? ec.message() : "a file is in the way"));
  }
  // The records file and the secret exist from now on, so that the
  // sandboxes can cover them (bots never see the records nor the secret,
  // even when their directory shows the files').
  RunRecords run = OpenRun(o);
  auto box = sandbox::Sandbox::Start(
      {.mode = *mode,
       .hidden = {std::filesystem::absolute(o.out).lexically_normal(),
                  std::filesystem::absolute(run.secret.file).lexically_normal(),
                  std::filesystem::absolute(log_dir).lexically_normal()}});
  if (!box) Fail(box.error());
  if (*mode != sandbox::Mode::kFull) {
    std::fprintf(stderr, "arbiter play: %s\n", (*box)->Describe().c_str());
  }
  auto server = Server::Start({.listen = o.listen});
  if (!server) Fail(server.error());
  (*box)->AddHidden((*server)->socket_dir());
  static std::string socket_dir;
  socket_dir = (*server)->socket_dir();
  if (!socket_dir.empty()) g_socket_dir = &socket_dir;

  // One runner (and process) per seat; with fewer bots than seats, the bots
  // fill the seats in turn, each copy with its own process.
  std::vector<std::unique_ptr<BotRunner>> runners;
  for (int i = 0; i < players; ++i) {
    const BotSpec& spec = specs[i % specs.size()];
    const bool copy = i >= int(specs.size());
    BotRunnerOptions ro{
        .startup_timeout = std::chrono::milliseconds(
            spec.remote() ? o.connect_ms : o.startup_ms),
        .log_path = log_dir + "/" + spec.name +
                    (copy ? "." + std::to_string(i / specs.size() + 1) : "") +
                    ".log",
        .log_limit_bytes = o.log_limit,
        .sandbox = box->get(),
        .game = std::string((*type)->Name())};
    runners.push_back(std::make_unique<BotRunner>(**server, spec, ro));
  }
  std::map<std::string, BotStats> stats;
  const bool tty = ::isatty(2);
  for (int g = 0; g < o.games; ++g) {
    const uint64_t game_number[] = {uint64_t(g + 1)};
    GameSetup setup{
        .game_id = records::RunGameId(run.tag, "g" + std::to_string(g + 1)),
        .game = *loaded,
        .deal = {.num_seats = players,
                 .seed =
                     DealSeedOf(run.secret.key, run.secret.seed, game_number)},
        .time = o.time,
        .policy = *ParseFaultPolicy(o.fault_policy),
        .arbiter_version = (*server)->arbiter_version()};
    // Rotation: game g puts runner (s + g) % n in seat s.
    std::vector<BotRunner*> order;
    std::vector<SeatPlayer> seats;
    for (int s = 0; s < players; ++s) {
      order.push_back(runners[(s + g) % players].get());
      seats.push_back(order.back()->Seat());
      if (!order.back()->harness_error().empty()) {
        // Not the bot's fault: no game is recorded against it.
        Fail("the game cannot be played: " + order.back()->harness_error());
      }
    }
    for (int s = 0; s < players; ++s) order[s]->MarkGame(setup.game_id, s);
    auto played = PlayGame(setup, seats);
    if (!played) Fail(played.error());
    for (int s = 0; s < players; ++s) order[s]->AfterGame(played->record, s);
    const std::string json = records::RecordToJson(played->record);
    if (auto w = run.writer.Append(json); !w) Fail(w.error());
    Tally(played->record, &stats);
    const auto& r = played->record.result();
    std::string line =
        "game " + std::to_string(g + 1) + "/" + std::to_string(o.games) + ": ";
    for (int s = 0; s < players; ++s) {
      line += (s ? ", " : "") +
              TerminalSafe(played->record.seats(s).bot_name()) + " " +
              std::to_string(r.scores(s)) + " (#" +
              std::to_string(r.places(s)) + ")";
    }
    if (r.forfeit_seat() >= 0)
      line += " [forfeit: seat " + std::to_string(r.forfeit_seat()) + "]";
    std::fprintf(stderr, tty ? "\r\033[K%s" : "%s\n", line.c_str());
  }
  if (tty) std::fprintf(stderr, "\n");
  for (auto& r : runners) r->Goodbye();
  for (auto& r : runners) r->Stop();
  (*server)->Shutdown();
  g_socket_dir = nullptr;
  PrintSummary(stats);
  std::fflush(stdout);
  if (!ReportBotsThatNeverStarted(stats, log_dir)) {
    std::fprintf(stderr,
                 "arbiter play: finished, but not clean: exit status %d\n",
                 kExitNotClean);
    throw CLI::RuntimeError(kExitNotClean);
  }
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
                  "game records, appended (JSON lines; zstd frames when the "
                  "name ends in .zst)");
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
  cmd->callback([o] { RunPlay(*o); });
});

}  // namespace
}  // namespace arbiter
