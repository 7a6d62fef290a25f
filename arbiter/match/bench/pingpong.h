// A bare gRPC stream ping-pong against real bot processes, the yardstick of
// the arbiter's benchmarks (arbiter_rtt_bench, tournament_play_bench): an
// async server, one completion queue per stream, polled by the one thread
// that plays; `clients` bot processes are served in turn, one request each,
// as the seats of a game are. It writes decision requests of real games and
// reads the bots' answers: no arbiter code between the two.
#ifndef ARBITER_MATCH_BENCH_PINGPONG_H_
#define ARBITER_MATCH_BENCH_PINGPONG_H_

#include <grpcpp/grpcpp.h>

#include <memory>
#include <string>
#include <vector>

#include "arbiter/game/game.h"
#include "arbiter/process/bot_process.h"
#include "arbiter/v1/arbiter.grpc.pb.h"

namespace arbiter {

// The game the benchmarks measure: the default game's default ruleset.
std::shared_ptr<const game::Game> BenchGame();

class PingPong {
 public:
  // Starts the server and `clients` copies of `command`; exits the program
  // with a message on stderr when that fails (a benchmark has no one to
  // hand an error to). With a `cpu` (>= 0), the bots and the thread that
  // serves them run on that CPU only, as a pinned game's do.
  PingPong(const std::string& command, int clients, int pings, int cpu = -1);
  ~PingPong();

  // The next `count` round trips, each appended to `rtt_us`.
  void Run(int count, std::vector<double>* rtt_us);

 private:
  void Serve(int count, std::vector<double>* rtt_us);

  struct Call {
    grpc::ServerContext context;
    grpc::ServerAsyncReaderWriter<v1::ArbiterMessage, v1::BotMessage> stream{
        &context};
    grpc::CompletionQueue cq;
  };

  std::vector<v1::ArbiterMessage> requests_;
  std::string dir_;
  v1::Arbiter::AsyncService service_;
  std::unique_ptr<grpc::ServerCompletionQueue> accept_cq_;
  std::unique_ptr<grpc::Server> server_;
  std::vector<std::unique_ptr<Call>> calls_;
  std::vector<std::unique_ptr<BotProcess>> bots_;
  size_t next_ = 0;
  int cpu_ = -1;
};

// The `p` quantile of `v` (0 <= p <= 1); 0 for none.
double Percentile(std::vector<double> v, double p);

}  // namespace arbiter

#endif  // ARBITER_MATCH_BENCH_PINGPONG_H_
