// tournament_play_bench: how fast a tournament of bot processes plays on
// this machine, against the bare gRPC round trip measured in the same run.
// Prints "name value unit" lines, each the median over the rounds of a
// figure taken within one round (so that pairs measured side by side are
// compared with each other):
//
//   tournament.games_per_s_c1      one game at a time, bots sandboxed as by
//                                  default (full, else reduced)
//   tournament.games_per_s_c2      two games at a time
//   tournament.c2_over_c1          the second over the first (target 1.8)
//   tournament.rtt_bound_ratio     games_per_s_c1 x decisions per game x
//                                  the ping-pong's mean round trip: 1 when
//                                  a game costs nothing but its round trips
//                                  (target 0.8). The mean, as a game lasts
//                                  the sum of its round trips, slow ones
//                                  included
//   tournament.rtt_bound_ratio_p50 the same with the ping-pong's median
//   tournament.arbiter_cpu_us_per_decision  this process's CPU time (user
//                                  and system, every thread) at
//                                  concurrency 1 over the decisions, from
//                                  the first recorded game on
//   tournament.bot_cpu_us_per_decision  the bots' CPU time at concurrency
//                                  1 per decision, as their sandbox counts
//                                  it (the records' cpu_us)
//   tournament.nosandbox.*         the same without a sandbox (no bot CPU)
//                                  With --log-level LEVEL, each tournament
//                                  keeps a run log at that level (default
//                                  off: none), to measure what it costs
//   tournament.decisions_per_game
//   grpc.pingpong_rtt_mean_us      the bare ping-pong, two bot processes
//   grpc.pingpong_rtt_p50_us       served in turn (match/bench/pingpong.h)
//   grpc.pingpong_server_cpu_us    its server's CPU time per round trip
//
// Usage: tournament_play_bench [--bot COMMAND] [--games N] [--rounds R]
//                              [--only none|boxed] [--concurrency C]
//                              [--log-level LEVEL] [--verbose]
// Each tournament is a fresh round robin of two copies of the bot (default:
// the C++ SDK's random bot) in a temporary directory; its rate counts from
// its first recorded game to its last, so that starting the bots (once per
// tournament, not per game) is left out. --verbose prints every
// tournament's figures on stderr. --only and --concurrency play one series
// or one concurrency alone (for a profiler; the figures that need the other
// are then meaningless).
#include <fmt/format.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "arbiter/common/run_log.h"
#include "arbiter/match/bench/pingpong.h"
#include "arbiter/process/bot_process.h"
#include "arbiter/sandbox/sandbox.h"
#include "arbiter/tournament/config.h"
#include "arbiter/tournament/driver.h"
#include "arbiter/tournament/placement.h"
#include "arbiter/tournament/process_runner.h"
#include "arbiter/tournament/ruleset_link.h"

namespace arbiter::tournament {
namespace {

using Clock = std::chrono::steady_clock;

bool verbose = false;           // a line per tournament on stderr
std::string log_level = "off";  // of each tournament's run log
bool affinity = true;           // the config's default: games and bots pinned

[[noreturn]] void Die(const std::string& message) {
  std::fprintf(stderr, "tournament_play_bench: %s\n", message.c_str());
  std::exit(1);
}

// Counts the decisions of every game it plays.
class CountingRunner : public GameRunner {
 public:
  explicit CountingRunner(GameRunner& inner) : inner_(inner) {}
  std::expected<PlayedGame, std::string> Run(
      const ScheduledGame& game) override {
    auto played = inner_.Run(game);
    if (played) {
      decisions_ += played->record.steps_size();
      for (const auto& step : played->record.steps()) {
        decision_us_ += step.decision_us();
        bot_cpu_us_ += step.cpu_us();
      }
      faults_ += played->summary.faults;
    }
    return played;
  }
  void Prepare(const std::vector<const ScheduledGame*>& first) override {
    inner_.Prepare(first);
  }
  int64_t decisions() const { return decisions_; }
  int64_t faults() const { return faults_; }
  int64_t decision_us() const { return decision_us_; }
  int64_t bot_cpu_us() const { return bot_cpu_us_; }

 private:
  GameRunner& inner_;
  std::atomic<int64_t> decisions_{0};
  std::atomic<int64_t> faults_{0};
  std::atomic<int64_t> decision_us_{0};
  std::atomic<int64_t> bot_cpu_us_{0};
};

double ProcessCpuUs();

// The time of every recorded game, and this process's CPU time then.
class Timestamps : public ProgressListener {
 public:
  void OnGame(const Progress&, const Standings&) override {
    times.push_back(Clock::now());
    cpu_us.push_back(ProcessCpuUs());
  }
  std::vector<Clock::time_point> times;
  std::vector<double> cpu_us;
};

struct RunFigures {
  double games_per_s = 0;
  double decisions_per_game = 0;
  double arbiter_cpu_us_per_game = 0;  // this process's, bots excluded
  // The bots' per decision, as their sandbox counts it (0 unsandboxed).
  double bot_cpu_us_per_decision = 0;
};

double ProcessCpuUs() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e6 +
         double(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

std::string Config(const std::string& command, int games, sandbox::Mode mode) {
  // Duplicate deals of two bots: each deal played from both seats.
  return fmt::format(
      "name = \"bench\"\nseed = 1\nformat = \"round-robin\"\nseats = 2\n"
      "deals_per_pairing = {}\nduplicate = true\naffinity = {}\n"
      "[sandbox]\nmode = \"{}\"\n[time_control]\nmove_ms = 5000\n"
      "[[bots]]\nname = \"a\"\ncommand = \"{}\"\n"
      "[[bots]]\nname = \"b\"\ncommand = \"{}\"\n",
      (games + 1) / 2, affinity, sandbox::ToString(mode), command, command);
}

RunFigures PlayTournament(const std::string& command, int games,
                          sandbox::Mode mode, int concurrency) {
  auto config = ParseTournamentConfig(Config(command, games, mode));
  if (!config) Die(config.error());
  auto resolved = ResolveRuleset(*config);
  if (!resolved) Die(resolved.error());
  char tmpl[] = "/tmp/arbiter-play-bench-XXXXXX";
  if (::mkdtemp(tmpl) == nullptr) Die("cannot make a directory in /tmp");
  const std::filesystem::path dir = tmpl;
  RunFigures figures;
  if (auto ok = OpenRunLog(dir / kRunLogFile, *ParseLogLevel(log_level),
                           "tournament_play_bench");
      !ok) {
    Die(ok.error());
  }
  {
    auto runner = ProcessRunner::Start(*config, resolved->game,
                                       {.log_dir = dir / "logs",
                                        .hidden = {dir.string()},
                                        .concurrency = concurrency});
    if (!runner) Die(runner.error());
    CountingRunner counting(**runner);
    Timestamps stamps;
    RunOptions options{.out_dir = dir / "out",
                       .concurrency = concurrency,
                       .progress = &stamps};
    auto result = RunTournament(*config, resolved->layout, counting, options);
    if (!result) Die(result.error().message);
    if (counting.faults() > 0) Die("the bots faulted; see " + dir.string());
    const size_t n = stamps.times.size();
    if (n >= 2) {
      figures.games_per_s =
          double(n - 1) / std::chrono::duration<double>(stamps.times.back() -
                                                        stamps.times.front())
                              .count();
    }
    figures.decisions_per_game =
        double(counting.decisions()) / double(std::max<size_t>(1, n));
    // Like the rate, from the first recorded game on: starting the bots
    // (and their sandboxes) is left out.
    if (n >= 2) {
      figures.arbiter_cpu_us_per_game =
          (stamps.cpu_us.back() - stamps.cpu_us.front()) / double(n - 1);
    }
    const double decisions = double(std::max<int64_t>(1, counting.decisions()));
    figures.bot_cpu_us_per_decision = double(counting.bot_cpu_us()) / decisions;
    if (verbose) {
      std::fprintf(stderr,
                   "%s c%d: %.1f games/s, mean decision %.0f us, arbiter CPU "
                   "%.0f us per game (%.1f per decision), bot CPU %.1f us per "
                   "decision\n",
                   std::string(sandbox::ToString(mode)).c_str(), concurrency,
                   figures.games_per_s,
                   double(counting.decision_us()) / decisions,
                   figures.arbiter_cpu_us_per_game,
                   figures.arbiter_cpu_us_per_game /
                       std::max(1.0, figures.decisions_per_game),
                   figures.bot_cpu_us_per_decision);
    }
  }
  CloseRunLog();
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  return figures;
}

double Median(std::vector<double> v) { return Percentile(std::move(v), 0.5); }

double Mean(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += x;
  return v.empty() ? 0 : sum / double(v.size());
}

}  // namespace
}  // namespace arbiter::tournament

int main(int argc, char** argv) {
  namespace tour = arbiter::tournament;
  using arbiter::sandbox::Mode;
  std::string command = TOURNAMENT_RANDOM_BOT_PATH;
  int games = 40, rounds = 5, pings = 500, only_concurrency = 0;
  std::string only;
  for (int i = 1; i < argc; ++i) {
    const bool value = i + 1 < argc;
    if (!std::strcmp(argv[i], "--verbose")) {
      tour::verbose = true;
    } else if (!std::strcmp(argv[i], "--no-affinity")) {
      tour::affinity = false;
    } else if (value && !std::strcmp(argv[i], "--bot")) {
      command = argv[++i];
    } else if (value && !std::strcmp(argv[i], "--games")) {
      games = std::max(4, std::atoi(argv[++i]));
    } else if (value && !std::strcmp(argv[i], "--only")) {
      only = argv[++i];
    } else if (value && !std::strcmp(argv[i], "--concurrency")) {
      only_concurrency = std::atoi(argv[++i]);
    } else if (value && !std::strcmp(argv[i], "--rounds")) {
      rounds = std::max(1, std::atoi(argv[++i]));
    } else if (value && !std::strcmp(argv[i], "--log-level") &&
               arbiter::ParseLogLevel(argv[i + 1])) {
      tour::log_level = argv[++i];
    } else {
      tour::Die(
          std::string("unknown option ") + argv[i] +
          "; use --bot COMMAND, --games N, --rounds R, --only none|boxed, "
          "--concurrency C, --no-affinity, --log-level LEVEL, --verbose");
    }
  }
  if (command.empty()) tour::Die("no bot: pass --bot COMMAND");
  arbiter::BecomeChildSubreaper();
  // Full when the machine allows it, as a tournament's default is.
  Mode boxed = Mode::kFull;
  if (!arbiter::sandbox::Sandbox::Start({.mode = boxed})) {
    boxed = Mode::kReduced;
  }
  // Per round: the ping-pong, then each series at concurrency 1 and 2.
  struct Series {
    std::string prefix;
    Mode mode;
    std::vector<double> c1, c2, speedup, bound, bound_p50, cpu, bot_cpu,
        decisions;
  };
  std::vector<Series> series = {{"tournament.", boxed},
                                {"tournament.nosandbox.", Mode::kNone}};
  // The ping-pong twice: placed by the kernel, and on the CPU a pinned
  // game plays on (tournament::GameCpus). The bound uses the one placed as
  // the tournaments are.
  const std::vector<int> game_cpus = tour::GameCpus(tour::affinity, 1);
  struct Yardstick {
    const char* name;
    int cpu;
    std::vector<double> mean, p50, server_cpu;
  };
  std::vector<Yardstick> yardsticks = {{"grpc.pingpong_", -1}};
  if (!game_cpus.empty()) {
    yardsticks.push_back({"grpc.pingpong_pinned_", game_cpus[0]});
  }
  const Yardstick& bound_by = yardsticks.back();
  for (int r = 0; r < rounds; ++r) {
    for (Yardstick& y : yardsticks) {
      std::vector<double> rtt;
      {
        arbiter::PingPong pingpong(command, /*clients=*/2, pings, y.cpu);
        const double cpu_before = tour::ProcessCpuUs();
        pingpong.Run(pings, &rtt);
        y.server_cpu.push_back((tour::ProcessCpuUs() - cpu_before) / pings);
      }
      y.mean.push_back(tour::Mean(rtt));
      y.p50.push_back(arbiter::Percentile(rtt, 0.5));
      if (tour::verbose) {
        std::fprintf(stderr,
                     "ping-pong%s: mean %.0f us, p50 %.0f us, server CPU "
                     "%.1f us per round trip\n",
                     y.cpu >= 0 ? " (pinned)" : "", y.mean.back(), y.p50.back(),
                     y.server_cpu.back());
      }
    }
    for (Series& s : series) {
      if (!only.empty() && (only == "none") != (s.mode == Mode::kNone)) {
        continue;
      }
      auto play = [&](int c) {
        return only_concurrency == 0 || only_concurrency == c
                   ? tour::PlayTournament(command, games, s.mode, c)
                   : tour::RunFigures{.games_per_s = 1,
                                      .decisions_per_game = 1};
      };
      const auto c1 = play(1);
      const auto c2 = play(2);
      s.c1.push_back(c1.games_per_s);
      s.c2.push_back(c2.games_per_s);
      s.speedup.push_back(c2.games_per_s / c1.games_per_s);
      s.bound.push_back(c1.games_per_s * c1.decisions_per_game *
                        bound_by.mean.back() / 1e6);
      s.bound_p50.push_back(c1.games_per_s * c1.decisions_per_game *
                            bound_by.p50.back() / 1e6);
      s.cpu.push_back(c1.arbiter_cpu_us_per_game / c1.decisions_per_game);
      s.bot_cpu.push_back(c1.bot_cpu_us_per_decision);
      s.decisions.push_back(c1.decisions_per_game);
      s.decisions.push_back(c2.decisions_per_game);
    }
  }
  using tour::Median;
  for (const Yardstick& y : yardsticks) {
    std::printf("%srtt_mean_us %.1f us\n", y.name, Median(y.mean));
    std::printf("%srtt_p50_us %.1f us\n", y.name, Median(y.p50));
    std::printf("%sserver_cpu_us %.1f us\n", y.name, Median(y.server_cpu));
  }
  for (const Series& s : series) {
    const char* p = s.prefix.c_str();
    std::printf("%sgames_per_s_c1 %.1f games/s\n", p, Median(s.c1));
    std::printf("%sgames_per_s_c2 %.1f games/s\n", p, Median(s.c2));
    std::printf("%sc2_over_c1 %.2f ratio\n", p, Median(s.speedup));
    std::printf("%srtt_bound_ratio %.2f ratio\n", p, Median(s.bound));
    std::printf("%srtt_bound_ratio_p50 %.2f ratio\n", p, Median(s.bound_p50));
    std::printf("%sarbiter_cpu_us_per_decision %.1f us\n", p, Median(s.cpu));
    if (s.mode != Mode::kNone) {
      std::printf("%sbot_cpu_us_per_decision %.1f us\n", p, Median(s.bot_cpu));
      std::printf("tournament.decisions_per_game %.0f decisions\n",
                  Median(s.decisions));
    }
  }
  double load[3] = {};
  ::getloadavg(load, 3);
  std::fprintf(stderr,
               "(bot: %s; %d rounds of %d games and %d pings; games %s; "
               "sandbox %s; load average %.1f %.1f %.1f)\n",
               command.c_str(), rounds, games, pings,
               game_cpus.empty() ? "placed by the kernel" : "pinned",
               std::string(arbiter::sandbox::ToString(boxed)).c_str(), load[0],
               load[1], load[2]);
  return 0;
}
