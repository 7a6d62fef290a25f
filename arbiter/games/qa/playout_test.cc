// The shared random-playout test, run for every registered game, every
// preset and every seat count: every invariant of checks.h after every step
// (information hiding included) on a sample of games, the cheap ones on many
// more, and determinism (the same seed and choices give the same game).
// A failure names the game, preset, seats and seed, enough to replay it.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "arbiter/games/qa/checks.h"
#include "arbiter/games/registry.h"

namespace game::qa {
namespace {

// Per game, preset and seat count: games with every check after every step,
// and games with the cheap checks only.
constexpr int kFullGames = 10;
constexpr int kGames = 100;

std::string Name(const GameType& type, std::string_view preset, int seats,
                 uint64_t seed) {
  return fmt::format("{} {} seats={} seed={}", type.Name(), preset, seats,
                     seed);
}

class PlayoutTest : public testing::TestWithParam<const GameType*> {};

TEST_P(PlayoutTest, EveryInvariantHolds) {
  const GameType& type = *GetParam();
  for (std::string_view preset : type.Presets()) {
    auto game = type.Load(preset);
    ASSERT_TRUE(game.has_value()) << game.error();
    for (int seats = type.MinSeats(); seats <= type.MaxSeats(); ++seats) {
      for (int g = 0; g < kGames; ++g) {
        const uint64_t seed = uint64_t(seats) * 1000003 + uint64_t(g);
        const game::Setup setup{.num_seats = seats, .seed = seed};
        const PlayoutResult r = CheckedPlayout(**game, setup, seed ^ 0xC0FFEE,
                                               {.every_check = g < kFullGames});
        ASSERT_EQ(r.error, "") << Name(type, preset, seats, seed);
        if (g % 10 == 0) {
          const PlayoutResult again = CheckedPlayout(
              **game, setup, seed ^ 0xC0FFEE, {.every_check = false});
          ASSERT_EQ(again.texts, r.texts) << Name(type, preset, seats, seed);
          ASSERT_EQ(again.outcome.scores, r.outcome.scores);
        }
      }
    }
  }
}

// selfplay prints the tallies of every seat count in one table, by position.
TEST_P(PlayoutTest, TalliesHaveTheSameColumnsAtEverySeatCountAndMoment) {
  const GameType& type = *GetParam();
  for (std::string_view preset : type.Presets()) {
    auto game = type.Load(preset);
    ASSERT_TRUE(game.has_value()) << game.error();
    std::vector<std::string> want;
    for (int seats = type.MinSeats(); seats <= type.MaxSeats(); ++seats) {
      auto state = (*game)->NewState({.num_seats = seats, .seed = 7});
      ASSERT_TRUE(state.has_value()) << state.error();
      for (uint64_t step = 1; true; ++step) {
        std::vector<std::string> names;
        for (const Counter& c : (*state)->Tallies()) names.push_back(c.name);
        if (want.empty() && seats == type.MinSeats() && step == 1) want = names;
        ASSERT_EQ(names, want)
            << Name(type, preset, seats, 7) << " step " << step;
        if ((*state)->IsTerminal()) break;
        (*state)->Apply(
            int(step * 7919 % uint64_t((*state)->NumLegalActions())));
      }
    }
  }
}

bool Same(const Zone& a, const Zone& b) {
  return a.name == b.name && a.owner == b.owner && a.cards == b.cards &&
         a.seen_by == b.seen_by;
}
bool Same(const Counter& a, const Counter& b) {
  return a.name == b.name && a.owner == b.owner && a.value == b.value;
}
template <typename T>
bool Same(const std::vector<T>& a, const std::vector<T>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const T& x, const T& y) { return Same(x, y); });
}

// FillView writes what View() gives into a view it reuses: one view here
// through every position of a game at every seat count (larger tables and
// later positions leave more zones, cards and counters behind).
TEST_P(PlayoutTest, FillViewIsViewInAReusedView) {
  const GameType& type = *GetParam();
  auto game = type.Load(type.Presets().front());
  ASSERT_TRUE(game.has_value()) << game.error();
  TableView reused;
  for (int seats = type.MaxSeats(); seats >= type.MinSeats(); --seats) {
    auto state = (*game)->NewState({.num_seats = seats, .seed = 11});
    ASSERT_TRUE(state.has_value()) << state.error();
    for (uint64_t step = 1; true; ++step) {
      const TableView view = (*state)->View();
      (*state)->FillView(&reused);
      const std::string where =
          fmt::format("{} seats={} step {}", type.Name(), seats, step);
      ASSERT_TRUE(Same(reused.zones, view.zones)) << where;
      ASSERT_TRUE(Same(reused.counters, view.counters)) << where;
      if ((*state)->IsTerminal()) break;
      (*state)->Apply(int(step * 7919 % uint64_t((*state)->NumLegalActions())));
    }
  }
}

TEST_P(PlayoutTest, RefusesBadSetups) {
  const GameType& type = *GetParam();
  auto game = type.Load(type.Presets().front());
  ASSERT_TRUE(game.has_value()) << game.error();
  EXPECT_FALSE((*game)->NewState({.num_seats = type.MaxSeats() + 1}));
  EXPECT_FALSE((*game)->NewState({.num_seats = type.MinSeats() - 1}));
  EXPECT_FALSE((*game)->NewState(
      {.num_seats = type.MinSeats(), .first_dealer = type.MaxSeats()}));
  EXPECT_FALSE(
      (*game)->NewState({.num_seats = type.MinSeats(), .decks = {"XX"}}));
  EXPECT_FALSE(type.Load("no-such-preset-or-file"));
}

INSTANTIATE_TEST_SUITE_P(Games, PlayoutTest,
                         testing::ValuesIn(Games().begin(), Games().end()),
                         [](const auto& info) {
                           return std::string(info.param->Name());
                         });

}  // namespace
}  // namespace game::qa
