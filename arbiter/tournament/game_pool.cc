#include "arbiter/tournament/game_pool.h"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <vector>

#include "arbiter/process/affinity.h"
#include "arbiter/tournament/placement.h"

namespace arbiter::tournament {

bool Clash(const ScheduledGame& a, const ScheduledGame& b) {
  if (a.duplicate_group.empty() || a.duplicate_group != b.duplicate_group) {
    return false;
  }
  for (int x : a.seat_bots) {
    for (int y : b.seat_bots) {
      if (x == y) return true;
    }
  }
  return false;
}

namespace {

// The slots' shared state; every member after `mu` is guarded by it.
class Pool {
 public:
  Pool(GameRunner& runner, const GameFeed& feed)
      : runner_(runner), feed_(feed) {}

  void Play(int slots, bool affinity) {
    const std::vector<int> cpus = GameCpus(affinity, slots);
    const int workers =
        int(std::clamp<size_t>(slots, 1, std::max<size_t>(1, feed_.count)));
    // Every slot's first game is chosen before the threads start, so that
    // the runner can prepare them all at once.
    std::vector<std::optional<size_t>> first(workers);
    std::vector<const ScheduledGame*> first_games(workers, nullptr);
    {
      std::lock_guard lock(mu_);
      for (int w = 0; w < workers && !feed_.stop(); ++w) {
        first[w] = Take();
        if (first[w]) first_games[w] = games_[*first[w]];
      }
    }
    runner_.Prepare(first_games);
    std::vector<std::jthread> threads;
    for (int w = 0; w < workers; ++w) {
      threads.emplace_back([&, w] {
        if (!cpus.empty()) PinThisThread(cpus[w]);
        Work(first[w]);
      });
    }
  }

 private:
  // Whether game i is taken (played, playing, or needing no play); asks
  // the feed for it the first time.
  bool Taken(size_t i) {
    while (games_.size() <= i) {
      const ScheduledGame* game = feed_.game(games_.size());
      games_.push_back(game);
      taken_.push_back(game == nullptr);
    }
    return taken_[i];
  }

  bool AllTaken() {
    while (first_open_ < feed_.count && Taken(first_open_)) ++first_open_;
    return first_open_ == feed_.count;
  }

  // The first game not taken that clashes with no running game; none when
  // every game is taken, or when each open one waits for a running one.
  std::optional<size_t> Pick() {
    if (AllTaken()) return std::nullopt;
    for (size_t i = first_open_; i < feed_.count; ++i) {
      if (Taken(i)) continue;
      bool clash = false;
      for (size_t r : running_) clash = clash || Clash(*games_[i], *games_[r]);
      if (!clash) return i;
      // Clashes come from the few running groups: give up past them.
      if (i - first_open_ > 64 * running_.size() + 64) break;
    }
    return std::nullopt;
  }

  std::optional<size_t> Take() {
    const auto i = Pick();
    // The games that needed no play, counted while the pool looked, may
    // have stopped the feed (an A/B verdict).
    if (!i || feed_.stop()) return std::nullopt;
    {
      taken_[*i] = true;
      running_.insert(*i);
    }
    return i;
  }

  void Work(std::optional<size_t> i) {
    std::unique_lock lock(mu_);
    for (;;) {
      // A game taken and not played (stopped first) is played on resume;
      // it no longer holds back the games it clashes with.
      if (feed_.stop()) {
        if (i) running_.erase(*i);
        finished_.notify_all();
        return;
      }
      if (!i && !(i = Take())) {
        if (AllTaken() || feed_.stop()) {
          finished_.notify_all();
          return;
        }
        finished_.wait(lock);  // for a running game it clashes with
        continue;
      }
      const ScheduledGame& game = *games_[*i];
      lock.unlock();
      feed_.done(game, runner_.Run(game));
      lock.lock();
      running_.erase(*i);
      i.reset();
      finished_.notify_all();
    }
  }

  GameRunner& runner_;
  const GameFeed& feed_;
  std::mutex mu_;
  std::condition_variable finished_;
  std::vector<const ScheduledGame*> games_;  // asked for so far
  std::vector<bool> taken_;
  size_t first_open_ = 0;  // every game before it is taken
  std::set<size_t> running_;
};

}  // namespace

void PlayGames(GameRunner& runner, const GameFeed& feed, int slots,
               bool affinity) {
  Pool(runner, feed).Play(slots, affinity);
}

}  // namespace arbiter::tournament
