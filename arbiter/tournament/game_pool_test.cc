#include "arbiter/tournament/game_pool.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace arbiter::tournament {
namespace {

ScheduledGame Game(int index, const std::string& group, std::vector<int> bots) {
  ScheduledGame g;
  g.index = index;
  g.game_id = "g" + std::to_string(index);
  g.duplicate_group = group;
  g.seat_bots = std::move(bots);
  return g;
}

// Plays a game by sleeping a little; notes what ran at once.
class WatchingRunner : public GameRunner {
 public:
  std::expected<PlayedGame, std::string> Run(
      const ScheduledGame& game) override {
    {
      std::lock_guard lock(mu_);
      for (const ScheduledGame* other : running_) {
        if (Clash(game, *other)) ++clashes_;
      }
      running_.insert(&game);
      most_at_once_ = std::max(most_at_once_, int(running_.size()));
      played_.push_back(game.index);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    std::lock_guard lock(mu_);
    running_.erase(&game);
    return PlayedGame{.line = game.game_id};
  }
  void Prepare(const std::vector<const ScheduledGame*>& first) override {
    prepared_ = first;
  }

  std::mutex mu_;
  std::set<const ScheduledGame*> running_;
  int clashes_ = 0;
  int most_at_once_ = 0;
  std::vector<int> played_;
  std::vector<const ScheduledGame*> prepared_;
};

// Pairs of seatings of one deal (the same two bots): 2k and 2k+1 clash.
std::vector<ScheduledGame> DealPairs(int deals) {
  std::vector<ScheduledGame> games;
  for (int d = 0; d < deals; ++d) {
    const std::string group = "d" + std::to_string(d);
    games.push_back(Game(2 * d, group, {d % 3, 3}));
    games.push_back(Game(2 * d + 1, group, {3, d % 3}));
  }
  return games;
}

TEST(GamePoolTest, ClashNeedsOneDealAndOneBot) {
  EXPECT_TRUE(Clash(Game(0, "d", {0, 1}), Game(1, "d", {1, 2})));
  EXPECT_FALSE(Clash(Game(0, "d", {0, 1}), Game(1, "d", {2, 3})));
  EXPECT_FALSE(Clash(Game(0, "d", {0, 1}), Game(1, "e", {0, 1})));
  EXPECT_FALSE(Clash(Game(0, "", {0, 1}), Game(1, "", {0, 1})));
}

TEST(GamePoolTest, PlaysEveryGameOnceOnItsSlotsAndNoClashAtOnce) {
  const std::vector<ScheduledGame> games = DealPairs(20);
  WatchingRunner runner;
  std::mutex mu;
  std::vector<std::string> records;
  const GameFeed feed{.count = games.size(),
                      .game = [&](size_t i) { return &games[i]; },
                      .stop = [] { return false; },
                      .done =
                          [&](const ScheduledGame& game,
                              std::expected<PlayedGame, std::string> played) {
                            ASSERT_TRUE(played);
                            EXPECT_EQ(played->line, game.game_id);
                            std::lock_guard lock(mu);
                            records.push_back(played->line);
                          }};
  PlayGames(runner, feed, 4, /*affinity=*/false);
  EXPECT_EQ(records.size(), games.size());
  std::sort(runner.played_.begin(), runner.played_.end());
  for (int i = 0; i < int(games.size()); ++i) EXPECT_EQ(runner.played_[i], i);
  EXPECT_EQ(runner.clashes_, 0);
  EXPECT_LE(runner.most_at_once_, 4);
  EXPECT_GE(runner.most_at_once_, 2);
  // Each slot's first game, chosen before any started: the first of the
  // first four deals (the second seating of each clashes).
  std::vector<int> first;
  for (const ScheduledGame* g : runner.prepared_) first.push_back(g->index);
  EXPECT_EQ(first, (std::vector<int>{0, 2, 4, 6}));
}

TEST(GamePoolTest, GamesTheFeedCountsAreNotPlayed) {
  const std::vector<ScheduledGame> games = DealPairs(5);
  WatchingRunner runner;
  std::vector<size_t> asked;
  std::atomic<int> done{0};
  const GameFeed feed{
      .count = games.size(),
      .game = [&](size_t i) -> const ScheduledGame* {
        asked.push_back(i);  // under the pool's lock
        return i % 3 == 0 ? nullptr : &games[i];
      },
      .stop = [] { return false; },
      .done = [&](const ScheduledGame&,
                  std::expected<PlayedGame, std::string>) { ++done; }};
  PlayGames(runner, feed, 2, /*affinity=*/false);
  EXPECT_EQ(done.load(), 6);  // 10 games, 0 3 6 9 recorded
  for (int i : runner.played_) EXPECT_NE(i % 3, 0) << i;
  for (size_t i = 0; i < asked.size(); ++i) EXPECT_EQ(asked[i], i);
  EXPECT_EQ(asked.size(), games.size());
}

TEST(GamePoolTest, AStopLetsTheRunningGamesEnd) {
  const std::vector<ScheduledGame> games = DealPairs(50);
  WatchingRunner runner;
  std::atomic<bool> stop{false};
  std::atomic<int> done{0};
  const GameFeed feed{.count = games.size(),
                      .game = [&](size_t i) { return &games[i]; },
                      .stop = [&] { return stop.load(); },
                      .done =
                          [&](const ScheduledGame&,
                              std::expected<PlayedGame, std::string> record) {
                            EXPECT_TRUE(record);
                            if (++done == 5) stop = true;
                          }};
  PlayGames(runner, feed, 3, /*affinity=*/false);
  // The games running at the stop end and are reported; no other starts.
  EXPECT_GE(done.load(), 5);
  EXPECT_LE(done.load(), 5 + 2);
  EXPECT_EQ(int(runner.played_.size()), done.load());
}

TEST(GamePoolTest, AStopFromACountedGameStartsNothing) {
  const std::vector<ScheduledGame> games = DealPairs(3);
  WatchingRunner runner;
  bool stop = false;  // under the pool's lock
  const GameFeed feed{.count = games.size(),
                      .game = [&](size_t i) -> const ScheduledGame* {
                        if (i > 0) return &games[i];
                        stop = true;  // e.g. a verdict from an earlier record
                        return nullptr;
                      },
                      .stop = [&] { return stop; },
                      .done = [](const ScheduledGame&,
                                 std::expected<PlayedGame, std::string>) {}};
  PlayGames(runner, feed, 2, /*affinity=*/false);
  EXPECT_TRUE(runner.played_.empty());
}

TEST(GamePoolTest, NoGamesNoSlots) {
  WatchingRunner runner;
  const GameFeed feed{
      .count = 0,
      .game = [](size_t) -> const ScheduledGame* { return nullptr; },
      .stop = [] { return false; },
      .done = [](const ScheduledGame&,
                 std::expected<PlayedGame, std::string>) {}};
  PlayGames(runner, feed, 4, /*affinity=*/false);
  EXPECT_TRUE(runner.played_.empty());
  ASSERT_EQ(runner.prepared_.size(), 1u);
  EXPECT_EQ(runner.prepared_[0], nullptr);
}

}  // namespace
}  // namespace arbiter::tournament
