#include "arbiter/match/bench/pingpong.h"

#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "arbiter/games/registry.h"
#include "arbiter/match/clock.h"
#include "arbiter/match/decision.h"
#include "arbiter/process/affinity.h"
#include "arbiter/server/poll_strategy.h"
#include "arbiter/server/server.h"

namespace arbiter {
namespace {

[[noreturn]] void Die(const std::string& message) {
  std::fprintf(stderr, "ping-pong: %s\n", message.c_str());
  std::exit(1);
}

void Wait(grpc::CompletionQueue& cq, int events) {
  void* tag;
  bool ok;
  for (int i = 0; i < events; ++i) {
    if (cq.AsyncNext(
            &tag, &ok,
            std::chrono::system_clock::now() + std::chrono::seconds(10)) !=
            grpc::CompletionQueue::GOT_EVENT ||
        !ok) {
      Die("no answer from the bot");
    }
  }
}

// Decision requests of real games, to replay.
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

// The start of the game "bench" that every request belongs to, for seat 0
// of 2, as the arbiter sends it before a game's first request (an SDK may
// refuse a request of a game it was never told of).
v1::ArbiterMessage SampleGameStart() {
  v1::ArbiterMessage m;
  auto* start = m.mutable_game_start();
  const auto game = BenchGame();
  start->set_game_id("bench");
  start->set_game(std::string(game->Type().Name()));
  start->set_num_players(2);
  for (int seat = 0; seat < 2; ++seat) {
    start->add_teams(seat);
    start->add_players()->set_seat(seat);
    start->mutable_players(seat)->set_team(seat);
  }
  (*game->NewState({.num_seats = 2, .seed = 1}))->FillGameStart(start);
  return m;
}

}  // namespace

std::shared_ptr<const game::Game> BenchGame() { return *game::LoadGame(); }

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, size_t(p * double(v.size())))];
}

PingPong::PingPong(const std::string& command, int clients, int pings, int cpu)
    : requests_(SampleRequests(std::max(pings, 1))), cpu_(cpu) {
  // The same gRPC engine as the arbiter's streams (Server::Start).
  InitGrpcPollStrategy();
  char tmpl[] = "/tmp/arbiter-bench-XXXXXX";
  if (::mkdtemp(tmpl) == nullptr) Die("cannot make a directory in /tmp");
  dir_ = tmpl;
  const std::string address = "unix://" + dir_ + "/pingpong.sock";
  grpc::ServerBuilder builder;
  builder.AddListeningPort(address, grpc::InsecureServerCredentials());
  builder.RegisterService(&service_);
  accept_cq_ = builder.AddCompletionQueue();
  server_ = builder.BuildAndStart();
  if (!server_) Die("cannot listen on " + address);
  auto argv = SplitCommand(command);
  if (!argv) Die(argv.error());
  for (int c = 0; c < clients; ++c) {
    calls_.push_back(std::make_unique<Call>());
    auto& call = *calls_.back();
    service_.RequestPlay(&call.context, &call.stream, &call.cq,
                         accept_cq_.get(), &call);
    auto bot =
        BotProcess::Spawn({.argv = *argv,
                           .env = {{kAddressEnv, address}, {kTokenEnv, "x"}},
                           .cpu = cpu});
    if (!bot) Die(bot.error().message);
    bots_.push_back(std::move(*bot));
    void* tag;
    bool ok;
    if (accept_cq_->AsyncNext(
            &tag, &ok,
            std::chrono::system_clock::now() + std::chrono::seconds(10)) !=
            grpc::CompletionQueue::GOT_EVENT ||
        !ok) {
      Die("the bot did not connect within 10 s: " + command);
    }
    v1::BotMessage hello;
    call.stream.Read(&hello, &call);
    Wait(call.cq, 1);
    // Welcomed and told of the game as the arbiter does, so that any bot
    // plays (an SDK may insist on both before the first request).
    v1::ArbiterMessage welcome;
    welcome.mutable_welcome()->set_protocol_version(
        v1::PROTOCOL_VERSION_CURRENT);
    welcome.mutable_welcome()->set_arbiter_version("ping-pong");
    welcome.mutable_welcome()->set_player_name("bench");
    call.stream.Write(welcome, &call);
    Wait(call.cq, 1);
    call.stream.Write(SampleGameStart(), &call);
    Wait(call.cq, 1);
  }
}

PingPong::~PingPong() {
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
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

void PingPong::Run(int count, std::vector<double>* rtt_us) {
  if (cpu_ >= 0) {
    // On a thread of its own, so that the caller's placement stays as it is.
    std::thread([&] {
      PinThisThread(cpu_);
      Serve(count, rtt_us);
    }).join();
  } else {
    Serve(count, rtt_us);
  }
}

void PingPong::Serve(int count, std::vector<double>* rtt_us) {
  v1::BotMessage in;
  for (int i = 0; i < count; ++i, ++next_) {
    auto& call = *calls_[next_ % calls_.size()];
    auto& request = requests_[next_ % requests_.size()];
    request.mutable_decision_request()->set_request_id(next_ + 1);
    const auto start = std::chrono::steady_clock::now();
    call.stream.Write(request, &call);
    call.stream.Read(&in, &call);
    Wait(call.cq, 2);
    rtt_us->push_back(std::chrono::duration<double, std::micro>(
                          std::chrono::steady_clock::now() - start)
                          .count());
  }
}

}  // namespace arbiter
