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
#include <grpcpp/grpcpp.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "arbiter/game/registry.h"
#include "arbiter/match/bot_runner.h"
#include "arbiter/match/decision.h"
#include "arbiter/process/bot_process.h"

namespace arbiter {
namespace {

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, size_t(p * double(v.size())))];
}

// The game measured: the default game's default ruleset.
std::shared_ptr<const game::Game> BenchGame() { return *game::LoadGame(); }

// Decision requests of a real game, to replay in the ping-pong.
std::vector<v1::ArbiterMessage> SampleRequests(int count) {
  std::vector<v1::ArbiterMessage> out;
  const auto game = BenchGame();
  SeatClock clock({});
  for (uint64_t seed = 1; int(out.size()) < count; ++seed) {
    auto state = *game->NewState({.num_seats = 2, .seed = seed});
    int step = 0;
    while (!state->IsTerminal() && int(out.size()) < count) {
      out.push_back(MakeDecisionRequest(0, *state, clock, "bench"));
      state->Apply(step++ % state->NumLegalActions());
    }
  }
  return out;
}

// A bare gRPC ping-pong: an async server, one completion queue per stream,
// polled by the one thread that plays; `clients` bot processes are served in
// turn, one request each, as the seats of a game are. Writes the same
// decision requests and reads the bots' answers: no arbiter code involved.
class PingPong {
 public:
  PingPong(const std::string& command, int clients, int pings)
      : requests_(SampleRequests(pings)) {
    char tmpl[] = "/tmp/arbiter-bench-XXXXXX";
    dir_ = ::mkdtemp(tmpl);
    const std::string address = "unix://" + dir_ + "/pingpong.sock";
    grpc::ServerBuilder builder;
    builder.AddListeningPort(address, grpc::InsecureServerCredentials());
    builder.RegisterService(&service_);
    accept_cq_ = builder.AddCompletionQueue();
    server_ = builder.BuildAndStart();
    auto argv = SplitCommand(command);
    for (int c = 0; c < clients; ++c) {
      calls_.push_back(std::make_unique<Call>());
      auto& call = *calls_.back();
      service_.RequestPlay(&call.context, &call.stream, &call.cq,
                           accept_cq_.get(), &call);
      auto bot = BotProcess::Spawn(
          {.argv = *argv, .env = {{kAddressEnv, address}, {kTokenEnv, "x"}}});
      if (!bot) Die(bot.error().message);
      bots_.push_back(std::move(*bot));
      void* tag;
      bool ok;
      accept_cq_->Next(&tag, &ok);
      v1::BotMessage hello;
      call.stream.Read(&hello, &call);
      Wait(call.cq, 1);
    }
  }

  ~PingPong() {
    void* tag;
    bool ok;
    for (auto& call : calls_) call->context.TryCancel();
    for (auto& bot : bots_) bot->Stop();
    server_->Shutdown(std::chrono::system_clock::now());
    accept_cq_->Shutdown();
    while (accept_cq_->Next(&tag, &ok)) {
    }
    for (auto& call : calls_) {
      call->stream.Finish(grpc::Status::CANCELLED, call.get());
      call->cq.Shutdown();
      while (call->cq.Next(&tag, &ok)) {
      }
    }
    std::filesystem::remove_all(dir_);
  }

  // The next `count` requests, round trip times appended to `rtt`.
  void Run(int count, std::vector<double>* rtt) {
    v1::BotMessage in;
    for (int i = 0; i < count; ++i, ++next_) {
      auto& call = *calls_[next_ % calls_.size()];
      auto& request = requests_[next_ % requests_.size()];
      request.mutable_decision_request()->set_request_id(next_ + 1);
      const auto start = Clock::now();
      call.stream.Write(request, &call);
      call.stream.Read(&in, &call);
      Wait(call.cq, 2);
      rtt->push_back(
          std::chrono::duration<double, std::micro>(Clock::now() - start)
              .count());
    }
  }

 private:
  struct Call {
    grpc::ServerContext context;
    grpc::ServerAsyncReaderWriter<v1::ArbiterMessage, v1::BotMessage> stream{
        &context};
    grpc::CompletionQueue cq;
  };

  static void Die(const std::string& message) {
    std::fprintf(stderr, "arbiter_rtt_bench: %s\n", message.c_str());
    std::exit(1);
  }
  static void Wait(grpc::CompletionQueue& cq, int events) {
    void* tag;
    bool ok;
    for (int i = 0; i < events; ++i) {
      if (cq.AsyncNext(
              &tag, &ok,
              std::chrono::system_clock::now() + std::chrono::seconds(10)) !=
              grpc::CompletionQueue::GOT_EVENT ||
          !ok) {
        Die("ping-pong failed");
      }
    }
  }

  std::vector<v1::ArbiterMessage> requests_;
  std::string dir_;
  v1::Arbiter::AsyncService service_;
  std::unique_ptr<grpc::ServerCompletionQueue> accept_cq_;
  std::unique_ptr<grpc::Server> server_;
  std::vector<std::unique_ptr<Call>> calls_;
  std::vector<std::unique_ptr<BotProcess>> bots_;
  size_t next_ = 0;
};

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
