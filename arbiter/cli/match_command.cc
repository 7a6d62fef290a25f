// `arbiter match A B`: bot A against bot B on duplicate deal sets, with a
// sequential test (--sprt) that stops as soon as it decides, or a fixed
// number of games (--games), of any registered game (--game). docs/match.md
// has the design and the maths.
#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/cli/command.h"
#include "arbiter/command_line/interrupts.h"
#include "arbiter/command_line/output_dir.h"
#include "arbiter/command_line/output_lock.h"
#include "arbiter/command_line/run_log_option.h"
#include "arbiter/command_line/run_output.h"
#include "arbiter/command_line/time_options.h"
#include "arbiter/common/plural.h"
#include "arbiter/common/run_log.h"
#include "arbiter/games/registry.h"
#include "arbiter/records/record_writer.h"
#include "arbiter/tournament/ab_match.h"
#include "arbiter/tournament/config.h"
#include "arbiter/tournament/driver.h"
#include "arbiter/tournament/kept_records.h"
#include "arbiter/tournament/match_identity.h"
#include "arbiter/tournament/placement.h"
#include "arbiter/tournament/ruleset_link.h"
#include "arbiter/tournament/runner_choice.h"

namespace arbiter {
namespace {

namespace tour = arbiter::tournament;

// With an SPRT and no --games, the match stops here all the same.
constexpr int kMaxSprtGames = 100000;

std::atomic<bool> g_stop{false};

[[noreturn]] void Fail(const std::string& message, int code = 1) {
  std::fprintf(stderr, "arbiter match: %s\n", message.c_str());
  RunLog().error("{}", message);
  throw CLI::RuntimeError(code);
}

// "NAME=COMMAND", or a bare command named `fallback`.
tour::BotConfig ParseBot(const std::string& text, const std::string& fallback) {
  const size_t eq = text.find('=');
  if (eq != std::string::npos && eq > 0 && text.find_first_of(" \t/") > eq) {
    return {text.substr(0, eq), text.substr(eq + 1), "", {}};
  }
  return {fallback, text, "", {}};
}

class ConsoleStatus : public tour::MatchListener {
 public:
  explicit ConsoleStatus(const std::optional<tour::SprtParams>& sprt)
      : sprt_(sprt) {}
  void OnDealSet(const tour::MatchStatus& s) override {
    const auto now = std::chrono::steady_clock::now();
    const std::string line = tour::StatusLine(s, sprt_);
    if (tty_) {
      std::fprintf(stderr, "\r\033[K%s", line.c_str());
    } else if (now - last_ > std::chrono::seconds(5)) {
      std::fprintf(stderr, "%s\n", line.c_str());
      last_ = now;
    }
  }
  bool tty() const { return tty_; }

 private:
  std::optional<tour::SprtParams> sprt_;
  bool tty_ = isatty(STDERR_FILENO) != 0;
  std::chrono::steady_clock::time_point last_{};
};

struct Args {
  std::string a, b, opponent;
  std::string game = std::string(game::DefaultGame().Name());
  int seats = 2;
  std::vector<std::string> sprt;
  int games = 0;
  std::string ruleset;           // "": the game's default preset
  std::optional<uint64_t> seed;  // none: out's, or drawn at random
  std::string secret;
  // A match is many games: a shorter move limit than play's by default.
  TimeControl time{.move_ms = 100};
  std::string fault_policy = "forfeit";
  int concurrency = 1;
  std::string out = "out/match";
  std::string sandbox = "full";
  bool no_affinity = false;
  std::string log_level = kDefaultLogLevel;
  bool plain_records = false;  // games.jsonl, not games.jsonl.zst
};

std::string Verdict(const tour::MatchStatus& s, const tour::SprtParams& p,
                    const std::string& a, const std::string& b) {
  switch (s.verdict) {
    case tour::Verdict::kH1:
      return fmt::format(
          "H1 accepted (LLR {:.2f} >= {:.2f}): {} is stronger than {} by "
          "about {} Elo or more (alpha {}, beta {})",
          *s.llr, p.UpperBound(), a, b, p.elo1, p.alpha, p.beta);
    case tour::Verdict::kH0:
      return fmt::format(
          "H0 accepted (LLR {:.2f} <= {:.2f}): {} is not stronger than {} by "
          "{} Elo; its gain is about {} Elo or less (alpha {}, beta {})",
          *s.llr, p.LowerBound(), a, b, p.elo1, p.elo0, p.alpha, p.beta);
    case tour::Verdict::kContinue:
      break;
  }
  return fmt::format("no decision yet (LLR {:.2f} in [{:.2f}, {:.2f}])",
                     s.llr.value_or(0), p.LowerBound(), p.UpperBound());
}

// The tournament's check of the game, its seat range and its ruleset
// (ResolveRuleset) names config keys ("seats: must be 2..8 for pontoon, got
// 9"): here they are options.
std::string AsOption(const std::string& error) {
  for (std::string_view key : {"game: ", "seats: ", "ruleset: "}) {
    if (error.starts_with(key)) return "--" + error;
  }
  return error;
}

// The match as a config of bots A, B (and the opponent), and its game.
std::pair<tour::TournamentConfig, tour::ResolvedRuleset> Setup(
    const Args& args) {
  tour::TournamentConfig config;
  config.name = "match";
  config.game = args.game;
  config.seed = args.seed;
  config.seats = args.seats;
  config.duplicate = true;
  config.ruleset = args.ruleset;
  if (auto mode = sandbox::ParseMode(args.sandbox); mode) {
    config.sandbox_mode = *mode;
  }
  config.concurrency = args.concurrency;
  config.affinity = !args.no_affinity;
  if (auto bad = CheckTimeOptions(args.time)) Fail(*bad, kExitUsage);
  config.time_control = args.time;
  config.fault_policy =
      ParseFaultPolicy(args.fault_policy).value_or(FaultPolicy::kForfeit);
  config.bots.push_back(ParseBot(args.a, "A"));
  config.bots.push_back(ParseBot(args.b, "B"));
  // The game and its seat range first: the other checks depend on them.
  auto resolved = tour::ResolveRuleset(config);
  if (!resolved) Fail(AsOption(resolved.error()), 2);
  if (auto ok = tour::CheckPairSeats(resolved->layout); !ok) {
    Fail(fmt::format("--seats: {} cannot play a match at {} seats: {}",
                     args.game, args.seats, ok.error()),
         2);
  }
  if (args.seats > 2) {
    if (args.opponent.empty()) {
      Fail(
          "--opponent: needed at 3 seats or more (the bot in the seats that "
          "A and B leave)",
          2);
    }
    config.bots.push_back(ParseBot(args.opponent, "opponent"));
  } else if (!args.opponent.empty()) {
    Fail("--opponent: only for 3 seats or more", 2);
  }
  for (size_t i = 0; i < config.bots.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (config.bots[i].name == config.bots[j].name) {
        Fail(fmt::format("two bots are called \"{}\": name them "
                         "NAME=COMMAND",
                         config.bots[i].name),
             2);
      }
    }
  }
  return {std::move(config), std::move(*resolved)};
}

// --sprt and --games.
void SetLength(const Args& args, tour::MatchOptions* options) {
  if (!args.sprt.empty()) {
    std::string text;
    for (const auto& part : args.sprt) text += part + " ";
    auto sprt = tour::ParseSprt(text);
    if (!sprt) Fail(sprt.error(), 2);
    options->sprt = *sprt;
  } else if (args.games <= 0) {
    Fail("give --sprt, --games N, or both", 2);
  }
  const int games = args.games > 0 ? args.games : kMaxSprtGames;
  options->max_deal_sets = (games + 1) / 2;
}

// What --out holds: its secret and records, kept while the match runs.
struct Output {
  RunOutput run;  // its lock (one run at a time), undone when refused
  std::filesystem::path records;
  std::optional<tour::KeptRecords> kept;
  std::optional<records::RecordWriter> writer;
};

// Locks --out, opens its secret and records into `options`.
void OpenOutput(const Args& args, const tour::TournamentConfig& config,
                Output* output, tour::MatchOptions* options) {
  const std::filesystem::path out_dir = args.out;
  output->run.Watch(out_dir);
  if (auto made = MakeOutputDir(out_dir); !made) {
    Fail(fmt::format("--out {}: {}", args.out, made.error()), 2);
  }
  auto path = tour::RecordsPath(out_dir, !args.plain_records);
  if (!path) Fail(path.error(), 2);
  output->records = *path;
  output->run.Hold(LockOutput("match", "--out", args.out, *path, false,
                              out_dir / kRunLogFile),
                   *path);
  OpenCommandLog("match", out_dir / kRunLogFile, args.log_level);
  RunLog().info("lock taken on {}", path->string());
  auto secret = tour::OpenRunSecret(out_dir, *path, args.secret, args.seed);
  if (!secret) Fail(secret.error(), 2);
  if (secret->seed_drawn) {
    std::fprintf(stderr, "match: seed %llu (drawn at random, kept in %s)\n",
                 (unsigned long long)secret->seed, secret->file.c_str());
  }
  options->key = secret->key;
  options->seed = secret->seed;
  auto kept = tour::ReadKeptRecords(*path);
  if (!kept) Fail(kept.error());
  for (const auto& warning : kept->warnings) {
    std::fprintf(stderr, "warning: %s\n", warning.c_str());
    RunLog().warn("resume: {}", LogText(warning, 1000));
  }
  // Earlier records count only for the same bots, builds and settings.
  auto identity = tour::MatchIdentity(config);
  if (!identity) Fail(identity.error(), 2);
  if (auto same = tour::CheckMatchIdentity(out_dir / "match.json", *identity,
                                           !kept->ids.empty());
      !same) {
    Fail(same.error(), 2);
  }
  const std::string resume =
      kept->ids.empty()
          ? "new match"
          : fmt::format(
                "resuming: {} records of earlier runs in {}, each "
                "game kept when the match comes to it",
                kept->ids.size(), path->string());
  std::fprintf(stderr, "arbiter match: %s\n", resume.c_str());
  RunLog().info("{}", resume);
  output->kept = std::move(*kept);
  options->kept = &*output->kept;
  // Synced in the background, a batch at a time, as a tournament's.
  auto writer = records::RecordWriter::Open(*path, {.sync_each = false});
  if (!writer) Fail(writer.error());
  output->writer.emplace(std::move(*writer));
  options->writer = &*output->writer;
}

// The match's bot processes (or builtin bots), announced on stderr.
std::unique_ptr<tour::GameRunner> StartRunner(
    const Args& args, const tour::TournamentConfig& config,
    const tour::ResolvedRuleset& resolved, const std::string& records) {
  auto chosen = tour::MakeGameRunner(config, resolved.game,
                                     {.out_dir = args.out,
                                      .secret_file = args.secret,
                                      .concurrency = args.concurrency});
  if (!chosen) Fail(chosen.error(), 2);
  const std::string placement =
      tour::PlacementText(config.affinity, args.concurrency);
  std::fprintf(stderr, "arbiter match: %s\narbiter match: %s\n",
               chosen->sandbox_summary.c_str(), placement.c_str());
  RunLog().info("{}", placement);
  std::fprintf(
      stderr,
      "match: %s (A) vs %s (B), %s, %d seats%s, %s, %lld ms per "
      "move; records in %s\n",
      config.bots[tour::kBotA].name.c_str(),
      config.bots[tour::kBotB].name.c_str(), args.game.c_str(), args.seats,
      args.seats > 2 ? (" against " + config.bots[tour::kOpponent].name).c_str()
                     : "",
      args.ruleset.empty() ? resolved.game->RulesetBase().c_str()
                           : args.ruleset.c_str(),
      static_cast<long long>(args.time.move_ms), records.c_str());
  return std::move(chosen->runner);
}

void PrintResult(const tour::MatchResult& result,
                 const tour::MatchOptions& options, const std::string& a,
                 const std::string& b) {
  const tour::MatchStatus& s = result.status;
  std::printf("%s vs %s: %s\n", a.c_str(), b.c_str(),
              tour::StatusLine(s, options.sprt).c_str());
  std::printf(
      "LOS %.1f%%, normalized Elo %+.1f; %s played now, %d from earlier "
      "records\n",
      100 * s.elo.los, s.elo.normalized_elo,
      Count(result.played, "game").c_str(), result.reused);
  if (options.sprt) {
    std::printf("%s\n", Verdict(s, *options.sprt, a, b).c_str());
  } else {
    std::printf("fixed length: %s; %s scores %.1f%%, %s\n",
                Count(s.games, "game").c_str(), a.c_str(), 100 * s.elo.score,
                tour::EloText(s.elo).c_str());
  }
}

void Run(const Args& args) {
  const auto [config, resolved] = Setup(args);
  tour::MatchOptions options;
  options.concurrency = args.concurrency;
  SetLength(args, &options);
  Output output;
  std::unique_ptr<tour::GameRunner> runner;
  try {
    OpenOutput(args, config, &output, &options);
    WatchInterrupts("match", &g_stop);  // before the server's, slots' threads
    runner = StartRunner(args, config, resolved, output.records.string());
  } catch (const CLI::RuntimeError& e) {
    if (e.get_exit_code() == kExitUsage) output.run.Undo();  // refused
    throw;
  }
  ConsoleStatus console(options.sprt);
  options.listener = &console;
  options.stop = &g_stop;
  auto result = tour::RunMatch(config, resolved.layout, *runner, options);
  runner.reset();  // stops the bot processes
  if (console.tty()) std::fprintf(stderr, "\n");
  if (!result) Fail(result.error());
  PrintResult(*result, options, config.bots[tour::kBotA].name,
              config.bots[tour::kBotB].name);
  if (result->stopped) {
    std::fprintf(stderr,
                 "stopped: run the same command again to go on from the "
                 "records\n");
    throw CLI::RuntimeError(130);
  }
  if (options.sprt && result->status.verdict == tour::Verdict::kContinue) {
    throw CLI::RuntimeError(kExitUndecided);
  }
}

const bool kRegistered = RegisterCommand([](CLI::App& app) {
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand(
      "match",
      "Bot A against bot B on duplicate deal sets, with a sequential test");
  cmd->add_option("A", args->a, "Bot A: NAME=COMMAND or COMMAND")->required();
  cmd->add_option("B", args->b, "Bot B: NAME=COMMAND or COMMAND")->required();
  cmd->add_option("--sprt", args->sprt,
                  "elo0=0 elo1=10 alpha=0.05 beta=0.05 [model=logistic|"
                  "normalized]: stop when the GSPRT decides")
      ->expected(1, 5);
  cmd->add_option("--games", args->games,
                  "games to play (with --sprt: at most this many)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--game", args->game, "the game to play")
      ->capture_default_str();
  cmd->add_option("--seats", args->seats,
                  "seats per game, in the game's range (zetema 2 to 6)")
      ->capture_default_str();
  cmd->add_option("--opponent", args->opponent,
                  "at 3 seats or more: the bot in every seat A and B leave "
                  "(NAME=COMMAND or COMMAND)");
  cmd->add_option("--ruleset", args->ruleset,
                  "preset name or ruleset file (default: the game's first "
                  "preset)");
  cmd->add_option("--seed", args->seed,
                  "seed of the deals (default: the one kept in --out, or "
                  "drawn at random)");
  cmd->add_option("--secret", args->secret,
                  "the secret of the deals (default: OUT/secret, made when "
                  "missing)");
  AddTimeOptions(cmd, &args->time, &args->fault_policy);
  cmd->add_option("--concurrency", args->concurrency, "games at once")
      ->check(IntegerIn(1, tour::kMaxConcurrency));
  cmd->add_option("--out", args->out,
                  "directory for games.jsonl.zst and bot logs (default "
                  "out/match); the same command resumes from it");
  cmd->add_flag("--plain-records", args->plain_records,
                "record a new --out in games.jsonl (JSON lines), not "
                "games.jsonl.zst");
  cmd->add_option("--sandbox", args->sandbox,
                  "full, reduced or none: how the bots are sandboxed "
                  "(docs/security.md)")
      ->check(CLI::IsMember(sandbox::ModeNames()));
  cmd->add_flag("--no-affinity", args->no_affinity,
                "Let the kernel place games and bots (by default each game "
                "slot and its bots run on a CPU of their own)");
  AddLogLevelOption(cmd, &args->log_level);
  cmd->callback([args] { Run(*args); });
});

}  // namespace
}  // namespace arbiter
