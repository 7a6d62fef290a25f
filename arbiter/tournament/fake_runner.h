// A GameRunner for tests: no engine, no processes. The outcome of a game is a
// pure function of its deal seed and bots (a lower bot index is stronger), so
// every run of a schedule writes the same records in whatever order.
#ifndef ARBITER_TOURNAMENT_FAKE_RUNNER_H_
#define ARBITER_TOURNAMENT_FAKE_RUNNER_H_

#include <atomic>
#include <functional>

#include "arbiter/tournament/config.h"
#include "arbiter/tournament/runner.h"

namespace arbiter::tournament {

class FakeRunner : public GameRunner {
 public:
  explicit FakeRunner(const TournamentConfig& config) : config_(config) {}

  // Calls numbered from 0 at and after `call` fail, like a crash of match
  // play.
  void FailFrom(int call) { fail_from_ = call; }
  // Runs before each game with the call's number (e.g. to raise a stop flag).
  void OnCall(std::function<void(int)> hook) { hook_ = std::move(hook); }
  int calls() const { return calls_.load(); }

  std::expected<PlayedGame, std::string> Run(
      const ScheduledGame& game) override;

 private:
  const TournamentConfig& config_;
  int fail_from_ = -1;
  std::function<void(int)> hook_;
  std::atomic<int> calls_{0};
};

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_FAKE_RUNNER_H_
