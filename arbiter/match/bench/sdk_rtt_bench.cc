// arbiter_sdk_rtt_bench: each SDK's decision round trip against the bare
// ping-pong's, in one run. The ping-pong (pingpong.h) serves the same
// decision requests to a bot of each SDK and to the in-tree test bot, which
// answers over plain gRPC with no SDK between; the rounds take turns, so a
// busy neighbour weighs on all of them alike. Each bot process first answers
// `--warmup` round trips unmeasured (default 1000): a tournament's bot
// process answers decision after decision, game after game, so the figure
// is its steady state, without a JIT's warm-up (a JVM's first few hundred
// answers run interpreted). Prints "name value unit":
//
//   sdk.bare.rtt_p50_us         the test bot's median round trip
//   sdk.<language>.rtt_p50_us   that SDK's bot's
//   sdk.<language>.rtt_ratio    the second over the first
//
// Usage: arbiter_sdk_rtt_bench --bot LANGUAGE=COMMAND... [--pings N]
//                              [--warmup N]
// (scripts/bench passes one --bot per SDK it could build.)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "arbiter/match/bench/pingpong.h"
#include "arbiter/process/bot_process.h"

int main(int argc, char** argv) {
  std::vector<std::pair<std::string, std::string>> bots;  // language, command
  int pings = 2000;
  int warmup = 1000;  // per bot process
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string value = argv[i + 1];
    if (!std::strcmp(argv[i], "--pings")) {
      pings = std::atoi(argv[i + 1]);
    } else if (!std::strcmp(argv[i], "--warmup")) {
      warmup = std::atoi(argv[i + 1]);
    } else if (!std::strcmp(argv[i], "--bot") &&
               value.find('=') != std::string::npos) {
      bots.emplace_back(value.substr(0, value.find('=')),
                        value.substr(value.find('=') + 1));
    } else {
      std::fprintf(stderr,
                   "usage: arbiter_sdk_rtt_bench --bot LANGUAGE=COMMAND... "
                   "[--pings N] [--warmup N]\n");
      return 2;
    }
  }
  arbiter::BecomeChildSubreaper();
  constexpr int kRounds = 5;
  constexpr int kClients = 2;
  std::vector<double> bare;
  std::vector<std::vector<double>> rtt(bots.size());
  std::vector<double> unmeasured;
  for (int r = 0; r < kRounds; ++r) {
    const int n = (pings + kRounds - 1 - r) / kRounds;
    auto measure = [&](const std::string& command, std::vector<double>* out) {
      arbiter::PingPong pingpong(command, kClients, n);
      pingpong.Run(kClients * warmup, &unmeasured);
      pingpong.Run(n, out);
    };
    measure(ARBITER_TEST_BOT_PATH, &bare);
    for (size_t b = 0; b < bots.size(); ++b) measure(bots[b].second, &rtt[b]);
  }
  const double bare50 = arbiter::Percentile(bare, 0.5);
  std::printf("sdk.bare.rtt_p50_us %.1f us\n", bare50);
  for (size_t b = 0; b < bots.size(); ++b) {
    const double p50 = arbiter::Percentile(rtt[b], 0.5);
    std::printf("sdk.%s.rtt_p50_us %.1f us\n", bots[b].first.c_str(), p50);
    std::printf("sdk.%s.rtt_ratio %.3f ratio\n", bots[b].first.c_str(),
                p50 / bare50);
  }
  std::fprintf(stderr,
               "(%zu round trips each after %d unmeasured a process, bare "
               "bot: %s)\n",
               bare.size(), warmup, ARBITER_TEST_BOT_PATH);
  return 0;
}
