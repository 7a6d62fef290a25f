// arbiter_rtt_bench: the arbiter's decision round trip against a real bot
// process, and a bare gRPC stream ping-pong with the same messages and the
// same bot, in one run. Prints "name value unit" lines:
//
//   arbiter.decision_rtt_p50_us   request sent -> answer received, in games
//   arbiter.decision_rtt_p99_us
//   grpc.pingpong_rtt_p50_us      the same requests and answers over a bare
//                                 async gRPC server, two bot processes served
//                                 in turn like the seats of a game
//   arbiter.decision_rtt_ratio    first over third (target: at most 1.25)
//   arbiter.sandboxed_rtt_p50_us  the arbiter's games with both bots in a
//                                 sandbox (when the machine allows one)
//   arbiter.sandboxed_rtt_ratio   that over the first (target: at most 1.10)
//
// Usage: arbiter_rtt_bench [--bot COMMAND] [--games N] [--pings N]
// The default bot is the C++ SDK's random bot (sample-bots/random) when it
// was built, else the in-tree test bot (random legal index).
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "arbiter/match/bench/pingpong.h"
#include "arbiter/match/bot_runner.h"
#include "arbiter/match/match.h"
#include "arbiter/process/bot_process.h"

namespace arbiter {
namespace {

// Two bots playing games through the arbiter; every decision's round trip
// as the record has it (decision_us).
class ArbiterGames {
 public:
  // `sandbox`: the bots run in it (null: plain processes); `boxed`: two
  // more bots on the same server that do, for PlayBoxed().
  ArbiterGames(const std::string& command, int first_game,
               sandbox::Sandbox* sandbox = nullptr,
               sandbox::Sandbox* boxed = nullptr)
      : game_(BenchGame()),
        played_(first_game),
        server_(Start()),
        a_(*server_, {.name = "a", .command = command}, {.sandbox = sandbox}),
        b_(*server_, {.name = "b", .command = command}, {.sandbox = sandbox}) {
    if (boxed) {
      boxed_a_ = std::make_unique<BotRunner>(
          *server_, BotSpec{.name = "a", .command = command},
          BotRunnerOptions{.sandbox = boxed});
      boxed_b_ = std::make_unique<BotRunner>(
          *server_, BotSpec{.name = "b", .command = command},
          BotRunnerOptions{.sandbox = boxed});
    }
  }

  void Play(int games, std::vector<double>* rtt) {
    Play(games, rtt, a_, b_, false);
  }
  // The same deals as the last Play(), with the sandboxed bots.
  void PlayBoxed(int games, std::vector<double>* rtt) {
    Play(games, rtt, *boxed_a_, *boxed_b_, true);
  }
  // Wall time of the games over their decisions, in microseconds.
  double WallPerDecision(bool boxed) const {
    return wall_us_[boxed] / std::max(1.0, decisions_[boxed]);
  }

 private:
  void Play(int games, std::vector<double>* rtt, BotRunner& a, BotRunner& b,
            bool boxed) {
    if (boxed) played_ -= games;
    for (int g = 0; g < games; ++g, ++played_) {
      GameSetup setup{.game_id = "bench-" + std::to_string(played_),
                      .game = game_,
                      .deal = {.num_seats = 2, .seed = uint64_t(played_ + 1)},
                      .time = {.move_ms = 5000}};
      std::vector<SeatPlayer> seats = {a.Seat(), b.Seat()};
      const auto start = Clock::now();
      auto result = PlayGame(setup, seats);
      wall_us_[boxed] +=
          std::chrono::duration<double, std::micro>(Clock::now() - start)
              .count();
      if (result) decisions_[boxed] += result->record.steps_size();
      if (!result || result->record.result().faults_size() > 0) {
        std::fprintf(stderr, "arbiter_rtt_bench: the bot faulted: %s\n",
                     result ? result->record.result().faults(0).detail().c_str()
                            : result.error().c_str());
        std::exit(1);
      }
      for (const auto& s : result->record.steps()) {
        rtt->push_back(s.decision_us());
      }
    }
  }

  static std::unique_ptr<Server> Start() {
    auto server = Server::Start({});
    if (!server) {
      std::fprintf(stderr, "%s\n", server.error().c_str());
      std::exit(1);
    }
    return std::move(*server);
  }

  std::shared_ptr<const game::Game> game_;
  int played_;
  std::unique_ptr<Server> server_;
  BotRunner a_, b_;
  std::unique_ptr<BotRunner> boxed_a_, boxed_b_;
  double wall_us_[2] = {0, 0}, decisions_[2] = {0, 0};
};

}  // namespace
}  // namespace arbiter

int main(int argc, char** argv) {
  // The C++ SDK's random bot when it was built, else the in-tree test bot.
  std::string command = ARBITER_RANDOM_BOT_PATH;
  if (command.empty() || ::access(command.c_str(), X_OK) != 0) {
    command = ARBITER_TEST_BOT_PATH;
  }
  int games = 20, pings = 5000;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--bot"))
      command = argv[i + 1];
    else if (!std::strcmp(argv[i], "--games"))
      games = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--pings"))
      pings = std::atoi(argv[i + 1]);
  }
  arbiter::BecomeChildSubreaper();
  // The three measurements take turns in short rounds, so that a busy
  // neighbour on a shared machine weighs on all of them alike; each round
  // sets up and tears down its own server, since several gRPC servers alive
  // in one process slow each other's polling. The ping-pong serves two
  // clients in turn, like the two seats of the arbiter's games: a bot woken
  // after sleeping through the other's turn answers more slowly than one kept
  // busy, and that is no cost of the arbiter's.
  std::vector<double> arbiter_rtt, pingpong, single, plain, sandboxed;
  double wall[2] = {0, 0};  // game time per decision, plain and sandboxed
  constexpr int kRounds = 10;
  // The same games with both bots in a sandbox (the default of `arbiter
  // play` and tournaments), when this machine allows one, against plain
  // bots on the same server, game for game in turn: a fair comparison on a
  // machine whose load changes by the second.
  auto box = arbiter::sandbox::Sandbox::Start(
      {.mode = arbiter::sandbox::Mode::kReduced});
  if (!box) {
    std::fprintf(stderr, "arbiter_rtt_bench: no sandbox here: %s\n",
                 box.error().c_str());
  }
  for (int r = 0; r < kRounds; ++r) {
    const int round_games = (games + kRounds - 1 - r) / kRounds;
    const int round_pings = (pings + kRounds - 1 - r) / kRounds;
    arbiter::ArbiterGames(command, int(arbiter_rtt.size()))
        .Play(round_games, &arbiter_rtt);
    if (box) {
      arbiter::ArbiterGames games(command, int(plain.size()), nullptr,
                                  box->get());
      for (int g = 0; g < round_games; ++g) {
        games.Play(1, &plain);
        games.PlayBoxed(1, &sandboxed);
      }
      wall[0] += games.WallPerDecision(false) / kRounds;
      wall[1] += games.WallPerDecision(true) / kRounds;
    }
    arbiter::PingPong(command, /*clients=*/2, round_pings)
        .Run(round_pings, &pingpong);
    arbiter::PingPong(command, /*clients=*/1, round_pings)
        .Run(round_pings, &single);
  }
  const double p50 = arbiter::Percentile(arbiter_rtt, 0.5);
  const double p99 = arbiter::Percentile(arbiter_rtt, 0.99);
  const double ping50 = arbiter::Percentile(pingpong, 0.5);
  std::printf("arbiter.decision_rtt_p50_us %.1f us\n", p50);
  std::printf("arbiter.decision_rtt_p99_us %.1f us\n", p99);
  std::printf("grpc.pingpong_rtt_p50_us %.1f us\n", ping50);
  std::printf("arbiter.decision_rtt_ratio %.3f ratio\n", p50 / ping50);
  if (!sandboxed.empty()) {
    const double boxed50 = arbiter::Percentile(sandboxed, 0.5);
    std::printf("arbiter.sandboxed_rtt_p50_us %.1f us\n", boxed50);
    std::printf("arbiter.sandboxed_rtt_ratio %.3f ratio\n",
                boxed50 / arbiter::Percentile(plain, 0.5));
    std::fprintf(stderr,
                 "(round trip, plain: p50 %.0f p90 %.0f p99 %.0f us; "
                 "sandboxed: p50 %.0f p90 %.0f p99 %.0f us)\n",
                 arbiter::Percentile(plain, 0.5),
                 arbiter::Percentile(plain, 0.9),
                 arbiter::Percentile(plain, 0.99), boxed50,
                 arbiter::Percentile(sandboxed, 0.9),
                 arbiter::Percentile(sandboxed, 0.99));
    std::fprintf(stderr,
                 "(sandboxed: game time per decision %.1f us, plain %.1f "
                 "us: the sandbox's counters are read around each "
                 "decision)\n",
                 wall[1], wall[0]);
  }
  std::fprintf(stderr,
               "(%zu decisions, %zu pings, bot: %s; one client kept busy: "
               "grpc p50 %.1f us)\n",
               arbiter_rtt.size(), pingpong.size(), command.c_str(),
               arbiter::Percentile(single, 0.5));
  return 0;
}
