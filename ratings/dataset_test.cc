#include "ratings/dataset.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "ratings/test_games.h"

namespace ratings {
namespace {

using testing::Collect;
using ::testing::ElementsAre;
using testing::Pair;
using testing::Standing;

// Weight with which `player` (a lone unit) was picked from the choice set
// whose units are exactly `players`; -1 when there is no such set.
double Picked(const Collected& c, std::vector<std::string> players,
              const std::string& player) {
  const Dataset& d = c.data;
  auto unit_of = [&](const std::string& name) {
    for (size_t u = 0; u < d.NumUnits(); ++u) {
      if (d.unit_begin[u + 1] - d.unit_begin[u] == 1 &&
          c.names[d.unit_players[d.unit_begin[u]]] == name &&
          !d.unit_first[u]) {
        return static_cast<uint32_t>(u);
      }
    }
    ADD_FAILURE() << "no unit " << name;
    return 0u;
  };
  std::vector<uint32_t> want;
  for (const auto& p : players) want.push_back(unit_of(p));
  std::sort(want.begin(), want.end());
  auto check = [&](size_t begin, size_t end) -> double {
    std::vector<uint32_t> units;
    for (size_t j = begin; j < end; ++j) units.push_back(d.SlotUnit(j));
    std::vector<uint32_t> sorted = units;
    std::sort(sorted.begin(), sorted.end());
    if (sorted != want) return -1;
    for (size_t j = begin; j < end; ++j) {
      if (d.SlotUnit(j) == unit_of(player)) return d.slot_y[j];
    }
    return -1;
  };
  for (size_t k = 0; k < d.NumPairs(); ++k) {
    if (const double y = check(2 * k, 2 * k + 2); y >= 0) return y;
  }
  for (size_t e = 0; e < d.NumSets(); ++e) {
    if (const double y = check(d.set_begin[e], d.set_begin[e + 1]); y >= 0) {
      return y;
    }
  }
  return -1;
}

size_t Entries(const Dataset& d) { return d.NumPairs() + d.NumSets(); }

TEST(DatasetTest, TwoPlayerGamesMergeIntoOneEntryPerPair) {
  const Collected c = Collect({Pair("A", "B", 1), Pair("B", "A", 1),
                               Pair("A", "B", 0), Pair("A", "B", 1)});
  EXPECT_THAT(c.names, ElementsAre("A", "B"));
  EXPECT_EQ(Entries(c.data), 1u);
  EXPECT_DOUBLE_EQ(Picked(c, {"A", "B"}, "A"), 2.5);
  EXPECT_DOUBLE_EQ(Picked(c, {"A", "B"}, "B"), 1.5);
  EXPECT_EQ(c.data.num_samples, 4u);
  EXPECT_TRUE(c.data.lone_units);
  // One contribution per decided game, two per draw, sorted by slot.
  EXPECT_EQ(c.data.contrib_slot.size(), 5u);
  EXPECT_TRUE(
      std::is_sorted(c.data.contrib_slot.begin(), c.data.contrib_slot.end()));
}

TEST(DatasetTest, FirstSeatAdvantageKeepsWhoMovedFirst) {
  const Collected c = Collect({Pair("A", "B", 1), Pair("B", "A", 1)},
                              {.first_seat_advantage = true});
  EXPECT_EQ(c.data.NumUnits(), 4u);  // A first, B, B first, A
  EXPECT_EQ(Entries(c.data), 2u);
  EXPECT_EQ(std::count(c.data.unit_first.begin(), c.data.unit_first.end(), 1),
            2);
}

TEST(DatasetTest, PlackettLuceStagesWithATieAtTheTop) {
  // A and B tie for first, C last: either order of A, B with weight 1/2.
  const Collected c = Collect({Standing({{"A", 1}, {"B", 1}, {"C", 3}})});
  EXPECT_DOUBLE_EQ(Picked(c, {"A", "B", "C"}, "A"), 0.5);
  EXPECT_DOUBLE_EQ(Picked(c, {"A", "B", "C"}, "B"), 0.5);
  EXPECT_DOUBLE_EQ(Picked(c, {"A", "B", "C"}, "C"), 0);
  EXPECT_DOUBLE_EQ(Picked(c, {"B", "C"}, "B"), 0.5);
  EXPECT_DOUBLE_EQ(Picked(c, {"A", "C"}, "A"), 0.5);
  EXPECT_EQ(Entries(c.data), 3u);
  EXPECT_EQ(c.max_sides, 3);
}

TEST(DatasetTest, PlackettLuceStrictOrder) {
  const Collected c =
      Collect({Standing({{"A", 2}, {"B", 3}, {"C", 1}, {"D", 4}})});
  EXPECT_EQ(Entries(c.data), 3u);
  EXPECT_DOUBLE_EQ(Picked(c, {"A", "B", "C", "D"}, "C"), 1);
  EXPECT_DOUBLE_EQ(Picked(c, {"A", "B", "D"}, "A"), 1);
  EXPECT_DOUBLE_EQ(Picked(c, {"B", "D"}, "B"), 1);
}

TEST(DatasetTest, PairwiseDecomposesStandings) {
  const Collected c =
      Collect({Standing({{"A", 1}, {"B", 2}, {"C", 2}})}, {.pairwise = true});
  EXPECT_EQ(Entries(c.data), 3u);
  EXPECT_DOUBLE_EQ(Picked(c, {"A", "B"}, "A"), 1);
  EXPECT_DOUBLE_EQ(Picked(c, {"A", "C"}, "C"), 0);
  EXPECT_DOUBLE_EQ(Picked(c, {"B", "C"}, "B"), 0.5);
}

TEST(DatasetTest, TeamsAreUnitsOfTheirDistinctPlayers) {
  Game copies;  // a team of two copies of A against two of B
  for (int s = 0; s < 4; ++s) {
    copies.seats.push_back(
        {.player = s % 2 ? "B" : "A", .team = s % 2, .place = s % 2 ? 2 : 1});
  }
  // {A, C} against {B, D}; partners' places differ: the team's is the best.
  const Game mixed = testing::Partnership("A", "B", "C", "D", false);
  Game uneven = mixed;
  uneven.seats[0].place = 3;
  const Collected c = Collect({copies, mixed, uneven});
  const Dataset& d = c.data;
  ASSERT_EQ(d.NumUnits(), 4u);
  EXPECT_FALSE(d.lone_units);
  EXPECT_EQ(d.unit_begin[1] - d.unit_begin[0], 1u);  // {A}
  EXPECT_EQ(d.unit_begin[3] - d.unit_begin[2], 2u);  // {A, C}
  EXPECT_EQ(Entries(d), 2u);
  EXPECT_DOUBLE_EQ(Picked(c, {"A", "B"}, "A"), 1);
  EXPECT_DOUBLE_EQ(d.slot_y[2] + d.slot_y[3], 2);  // {A,C} v {B,D} twice
  EXPECT_DOUBLE_EQ(std::max(d.slot_y[2], d.slot_y[3]), 2);
}

TEST(DatasetTest, DuplicateSetsAreOneResamplingUnit) {
  std::vector<Game> games = {Pair("A", "B", 1), Pair("B", "A", 1),
                             Pair("A", "B", -1), Pair("C", "D", 1),
                             Pair("B", "A", 0)};
  games[0].duplicate_group = "d1";
  games[1].duplicate_group = "d2";
  games[2].duplicate_group = "d1";
  games[4].duplicate_group = "d2";
  const Collected c = Collect(games);
  const Dataset& d = c.data;
  ASSERT_EQ(d.num_samples, 3u);  // d1, d2, and the ungrouped game
  // Counts of 2 for d1 and 0 elsewhere double d1's games.
  std::vector<double> y;
  ResampledWeights(
      d, [](uint32_t s) { return s == 0 ? 2u : 0u; }, &y);
  double total = 0;
  for (double v : y) total += v;
  EXPECT_DOUBLE_EQ(total, 4);
  ResampledWeights(
      d, [](uint32_t) { return 1u; }, &y);
  EXPECT_EQ(y, d.slot_y);
}

TEST(DatasetTest, KeysLeaveLaterGamesOut) {
  std::vector<Game> games = {Pair("A", "B", 1), Pair("B", "A", 1),
                             Pair("A", "B", 0)};
  games[0].round = games[1].round = 1;
  games[2].round = 2;
  const Collected c = Collect(games, {.history = HistoryKey::kRound});
  EXPECT_THAT(c.game_keys, ElementsAre(1, 1, 2));
  std::vector<double> y;
  ResampledWeights(
      c.data, [](uint32_t) { return 1u; }, &y, 1);
  EXPECT_DOUBLE_EQ(y[0] + y[1], 2);
  ResampledWeights(
      c.data, [](uint32_t) { return 1u; }, &y, 2);
  EXPECT_DOUBLE_EQ(y[0] + y[1], 3);
}

TEST(DatasetTest, SnapshotIsWhatFinishWouldGiveAndTheBuilderGoesOn) {
  // Units 0..3; a pair, then a standing of three (choice sets after the
  // pairs' slots), then another pair: the sets' slots move back.
  const uint32_t ids[] = {0, 1, 2, 3};
  auto unit = [&](int i, int place) {
    return UnitView{.players = std::span(ids + i, 1), .place = place};
  };
  DatasetBuilder built({}), fresh({});
  const UnitView pair[] = {unit(0, 1), unit(1, 2)};
  const UnitView three[] = {unit(1, 1), unit(2, 2), unit(3, 3)};
  const UnitView later[] = {unit(0, 1), unit(3, 2)};
  for (DatasetBuilder* b : {&built, &fresh}) {
    b->AddGame(pair, 0, 0);
    b->AddGame(three, 1, 0);
  }
  const Dataset snapshot = built.Snapshot(4, 2);
  const Dataset finished = fresh.Finish(4, 2);
  EXPECT_EQ(snapshot.slot_y, finished.slot_y);
  EXPECT_EQ(snapshot.set_begin, finished.set_begin);
  EXPECT_EQ(snapshot.contrib_slot, finished.contrib_slot);
  built.AddGame(later, 2, 0);
  const Dataset after = built.Finish(4, 3);
  EXPECT_EQ(after.NumPairs(), snapshot.NumPairs() + 1);
  EXPECT_EQ(after.NumSets(), snapshot.NumSets());
  EXPECT_EQ(after.set_begin[0], 2 * after.NumPairs());
}

}  // namespace
}  // namespace ratings
