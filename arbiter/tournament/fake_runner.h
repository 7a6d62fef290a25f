// A GameRunner for tests: no engine, no processes. The outcome of a game is a
// pure function of its deal seed and bots (a lower bot index is stronger), so
// every run of a schedule writes the same records in whatever order.
#ifndef ARBITER_TOURNAMENT_FAKE_RUNNER_H_
#define ARBITER_TOURNAMENT_FAKE_RUNNER_H_

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <utility>

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

// A FakeRunner whose games last `game_time`, watching the games that run
// at once: how many at most, and how often one bot played two seatings of
// one duplicate deal side by side (which must never happen).
class WatchingRunner : public GameRunner {
 public:
  explicit WatchingRunner(
      const TournamentConfig& config,
      std::chrono::milliseconds game_time = std::chrono::milliseconds(2))
      : fake_(config), game_time_(game_time) {}
  std::expected<PlayedGame, std::string> Run(
      const ScheduledGame& game) override;
  int overlaps() const { return overlaps_; }
  int max_running() const { return max_running_; }

 private:
  FakeRunner fake_;
  const std::chrono::milliseconds game_time_;
  std::mutex mu_;
  std::set<std::pair<std::string, int>> playing_;
  int overlaps_ = 0, running_ = 0, max_running_ = 0;
};

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_FAKE_RUNNER_H_
