// Small game builders for the tests.
#ifndef ZETEMA_RATINGS_TEST_GAMES_H_
#define ZETEMA_RATINGS_TEST_GAMES_H_

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "ratings/collector.h"
#include "ratings/game.h"
#include "ratings/game_sink.h"

namespace ratings::testing {

// A two-player game; result 1 = white wins, 0 = draw, -1 = black wins.
inline Game Pair(const std::string& white, const std::string& black,
                 int result) {
  Game g;
  g.seats.push_back(
      {.player = white, .place = result >= 0 ? 1 : 2, .moved_first = true});
  g.seats.push_back({.player = black, .place = result <= 0 ? 1 : 2});
  return g;
}

// Adds `wins`, `draws` and `losses` of a against b, alternating colours.
inline void AddMatch(std::vector<Game>* games, const std::string& a,
                     const std::string& b, int wins, int draws, int losses) {
  int k = 0;
  auto add = [&](int result) {
    games->push_back(k++ % 2 == 0 ? Pair(a, b, result) : Pair(b, a, -result));
  };
  for (int i = 0; i < wins; ++i) add(1);
  for (int i = 0; i < draws; ++i) add(0);
  for (int i = 0; i < losses; ++i) add(-1);
}

// A free-for-all standing: (player, place) per seat; seat 0 moved first.
inline Game Standing(const std::vector<std::pair<std::string, int>>& seats) {
  Game g;
  for (const auto& [player, place] : seats) {
    g.seats.push_back(
        {.player = player, .place = place, .moved_first = g.seats.empty()});
  }
  return g;
}

// Four seats in two teams: (seat 0, seat 2) against (seat 1, seat 3).
inline Game Partnership(const std::string& a, const std::string& b,
                        const std::string& c, const std::string& d,
                        bool first_wins) {
  Game g;
  const std::string names[] = {a, b, c, d};
  for (int s = 0; s < 4; ++s) {
    g.seats.push_back({.player = names[s],
                       .team = s % 2,
                       .place = (s % 2 == 0) == first_wins ? 1 : 2,
                       .moved_first = s == 0});
  }
  return g;
}

// The Ordo classic: E1-E2 and E2-E3 18 wins, 9 draws, 3 losses; E1-E3 24
// wins, 6 draws, 0 losses. Ratings: +-400 log10 3 = 190.85 around 0.
inline std::vector<Game> OrdoClassic() {
  std::vector<Game> games;
  AddMatch(&games, "E1", "E2", 18, 9, 3);
  AddMatch(&games, "E2", "E3", 18, 9, 3);
  AddMatch(&games, "E1", "E3", 24, 6, 0);
  return games;
}

// The games through a Collector (every game must be accepted).
inline Collected Collect(const std::vector<Game>& games,
                         const CollectorOptions& options = {}) {
  Collector collector(options);
  GameViewStorage storage;
  for (const Game& game : games) {
    auto added = collector.Add(storage.View(game));
    EXPECT_TRUE(added) << added.error().message;
  }
  return collector.Finish();
}

}  // namespace ratings::testing

#endif  // ZETEMA_RATINGS_TEST_GAMES_H_
