// Decision round trip through the SDK against a bare gRPC client, both
// talking to the same in-process fake arbiter over a Unix socket. The
// arbiter side times each decision from writing the request to reading the
// reply, as the real arbiter does.
//
//   build/sdk/cpp/zetema_bot_roundtrip_bench [DECISIONS] [ROUNDS]
#include <grpcpp/grpcpp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <thread>
#include <vector>

#include "testing/fake_arbiter.h"
#include "zetema_bot/bot.h"

namespace {

namespace v1 = arbiter::v1;
using Clock = std::chrono::steady_clock;
using zetema_bot::testing::FakeArbiter;
using zetema_bot::testing::ServerStream;

// A request shaped like a real one: a full hand, some piles, 30 legal
// actions, and two public events before it.
std::vector<std::string> LegalTexts() {
  std::vector<std::string> texts;
  for (const char* card : {"4S", "5H", "6D", "7C", "8S", "9H", "KD"}) {
    texts.push_back(std::string("discard ") + card);
  }
  for (const char* card : {"4S", "5H", "6D", "7C", "8S", "9H"}) {
    texts.push_back(std::string("meld 4S 5H 6D 7C 8S 9H discard ") + card);
  }
  while (texts.size() < 30) texts.push_back("marry KD QD*");
  return texts;
}

struct Timing {
  std::vector<double> us;
};

zetema_bot::testing::Script Arbiter(int decisions, Timing* timing) {
  return [decisions, timing](grpc::ServerContext*, ServerStream* stream) {
    v1::BotMessage in;
    if (!stream->Read(&in)) return grpc::Status::OK;
    stream->Write(zetema_bot::testing::Welcome());
    stream->Write(zetema_bot::testing::GameStart("bench", 0));
    auto request =
        zetema_bot::testing::DecisionRequest("bench", 0, LegalTexts());
    auto* obs = request.mutable_decision_request()
                    ->mutable_zetema()
                    ->mutable_observation();
    for (const char* card : {"2C", "2D", "9S", "JH", "JD"})
      obs->add_piles(card);
    const auto events = zetema_bot::testing::GameEvents("bench", 2);
    timing->us.reserve(size_t(decisions));
    for (int i = 0; i < decisions; ++i) {
      stream->Write(events);
      request.mutable_decision_request()->set_request_id(uint64_t(i + 1));
      const auto start = Clock::now();
      stream->Write(request);
      if (!stream->Read(&in)) break;
      timing->us.push_back(
          std::chrono::duration<double, std::micro>(Clock::now() - start)
              .count());
    }
    return grpc::Status::OK;
  };
}

// The least a client can do: read, answer index 0 to each request.
void BareClient(const std::string& address) {
  auto channel =
      grpc::CreateChannel(address, grpc::InsecureChannelCredentials());
  auto stub = v1::Arbiter::NewStub(channel);
  grpc::ClientContext context;
  auto stream = stub->Play(&context);
  v1::BotMessage hello;
  hello.mutable_hello()->set_token("t");
  hello.mutable_hello()->set_protocol_version(1);
  stream->Write(hello);
  v1::ArbiterMessage in;
  v1::BotMessage out;
  while (stream->Read(&in)) {
    if (!in.has_decision_request()) continue;
    out.mutable_action_reply()->set_request_id(
        in.decision_request().request_id());
    out.mutable_action_reply()->set_index(0);
    stream->Write(out);
  }
  stream->Finish();
}

void SdkClient(const std::string& address) {
  zetema_bot::Options options;
  options.address = address;
  options.token = "t";
  std::mt19937_64 rng(1);
  const auto random = [&](const zetema_bot::Decision& d) -> zetema_bot::Answer {
    return std::uniform_int_distribution<int>(0, d.size() - 1)(rng);
  };
  auto summary = zetema_bot::RunSession(options, {"bench", "1"}, random);
  if (!summary) {
    std::fprintf(stderr, "sdk client: %s\n", summary.error().message.c_str());
    std::exit(1);
  }
}

struct Stats {
  double p50, mean;
};

Stats Measure(bool sdk, int decisions) {
  Timing timing;
  FakeArbiter arbiter(Arbiter(decisions, &timing));
  if (sdk) {
    SdkClient(arbiter.address());
  } else {
    BareClient(arbiter.address());
  }
  arbiter.Shutdown();
  std::vector<double>& us = timing.us;
  // Leave out the first tenth: connection warm-up.
  us.erase(us.begin(), us.begin() + long(us.size() / 10));
  double sum = 0;
  for (double u : us) sum += u;
  std::nth_element(us.begin(), us.begin() + long(us.size() / 2), us.end());
  return {us[us.size() / 2], sum / double(us.size())};
}

}  // namespace

int main(int argc, char** argv) {
  const int decisions = argc > 1 ? std::atoi(argv[1]) : 5000;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 3;
  if (decisions < 10 || rounds < 1) {
    std::fprintf(stderr, "usage: %s [DECISIONS >= 10] [ROUNDS >= 1]\n",
                 argv[0]);
    return 2;
  }
  std::vector<double> bare_p50, sdk_p50;
  for (int r = 0; r < rounds; ++r) {
    // Interleaved, so that a change in machine load hits both.
    const Stats bare = Measure(false, decisions);
    const Stats sdk = Measure(true, decisions);
    std::printf(
        "round %d: bare p50 %.1f us mean %.1f us | sdk p50 %.1f us "
        "mean %.1f us | p50 ratio %.3f\n",
        r + 1, bare.p50, bare.mean, sdk.p50, sdk.mean, sdk.p50 / bare.p50);
    bare_p50.push_back(bare.p50);
    sdk_p50.push_back(sdk.p50);
  }
  std::ranges::sort(bare_p50);
  std::ranges::sort(sdk_p50);
  std::printf("median of rounds: bare %.1f us, sdk %.1f us, ratio %.3f\n",
              bare_p50[bare_p50.size() / 2], sdk_p50[sdk_p50.size() / 2],
              sdk_p50[sdk_p50.size() / 2] / bare_p50[bare_p50.size() / 2]);
  return 0;
}
