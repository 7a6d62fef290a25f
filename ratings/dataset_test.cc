#include "ratings/dataset.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ratings/test_games.h"

namespace ratings {
namespace {

using ::testing::ElementsAre;
using testing::Pair;
using testing::Standing;

// Weight with which `player` (a lone unit) was picked from the entry whose
// units are exactly `players`.
double Picked(const Dataset& d, std::vector<std::string> players,
              const std::string& player) {
  auto unit_of = [&](const std::string& name) {
    for (size_t u = 0; u < d.NumUnits(); ++u) {
      if (d.unit_begin[u + 1] - d.unit_begin[u] == 1 &&
          d.names[d.unit_players[d.unit_begin[u]]] == name &&
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
  for (size_t e = 0; e < d.NumEntries(); ++e) {
    std::vector<uint32_t> units(d.slot_unit.begin() + d.entry_begin[e],
                                d.slot_unit.begin() + d.entry_begin[e + 1]);
    if (units != want) continue;
    for (uint32_t j = d.entry_begin[e]; j < d.entry_begin[e + 1]; ++j) {
      if (d.slot_unit[j] == unit_of(player)) return d.slot_y[j];
    }
  }
  return -1;  // no such entry
}

TEST(DatasetTest, TwoPlayerGamesMergeIntoOneEntryPerPair) {
  const std::vector<Game> games = {Pair("A", "B", 1), Pair("B", "A", 1),
                                   Pair("A", "B", 0), Pair("A", "B", 1)};
  const Dataset d = BuildDataset(games, {});
  EXPECT_THAT(d.names, ElementsAre("A", "B"));
  EXPECT_EQ(d.NumEntries(), 1u);
  EXPECT_DOUBLE_EQ(Picked(d, {"A", "B"}, "A"), 2.5);
  EXPECT_DOUBLE_EQ(Picked(d, {"A", "B"}, "B"), 1.5);
  EXPECT_EQ(d.NumSamples(), 4u);
  EXPECT_EQ(d.num_components, 1);
}

TEST(DatasetTest, FirstSeatAdvantageKeepsWhoMovedFirst) {
  const std::vector<Game> games = {Pair("A", "B", 1), Pair("B", "A", 1)};
  const Dataset d = BuildDataset(games, {.first_seat_advantage = true});
  EXPECT_EQ(d.NumUnits(), 4u);  // A first, B, B first, A
  EXPECT_EQ(d.NumEntries(), 2u);
}

TEST(DatasetTest, PlackettLuceStagesWithATieAtTheTop) {
  // A and B tie for first, C last: either order of A, B with weight 1/2.
  const std::vector<Game> games = {Standing({{"A", 1}, {"B", 1}, {"C", 3}})};
  const Dataset d = BuildDataset(games, {});
  EXPECT_DOUBLE_EQ(Picked(d, {"A", "B", "C"}, "A"), 0.5);
  EXPECT_DOUBLE_EQ(Picked(d, {"A", "B", "C"}, "B"), 0.5);
  EXPECT_DOUBLE_EQ(Picked(d, {"A", "B", "C"}, "C"), 0);
  EXPECT_DOUBLE_EQ(Picked(d, {"B", "C"}, "B"), 0.5);
  EXPECT_DOUBLE_EQ(Picked(d, {"A", "C"}, "A"), 0.5);
  EXPECT_EQ(d.NumEntries(), 3u);
}

TEST(DatasetTest, PlackettLuceStrictOrder) {
  const std::vector<Game> games = {
      Standing({{"A", 2}, {"B", 3}, {"C", 1}, {"D", 4}})};
  const Dataset d = BuildDataset(games, {});
  EXPECT_EQ(d.NumEntries(), 3u);
  EXPECT_DOUBLE_EQ(Picked(d, {"A", "B", "C", "D"}, "C"), 1);
  EXPECT_DOUBLE_EQ(Picked(d, {"A", "B", "D"}, "A"), 1);
  EXPECT_DOUBLE_EQ(Picked(d, {"B", "D"}, "B"), 1);
}

TEST(DatasetTest, PairwiseDecomposesStandings) {
  const std::vector<Game> games = {Standing({{"A", 1}, {"B", 2}, {"C", 2}})};
  const Dataset d = BuildDataset(games, {.pairwise = true});
  EXPECT_EQ(d.NumEntries(), 3u);
  EXPECT_DOUBLE_EQ(Picked(d, {"A", "B"}, "A"), 1);
  EXPECT_DOUBLE_EQ(Picked(d, {"A", "C"}, "C"), 0);
  EXPECT_DOUBLE_EQ(Picked(d, {"B", "C"}, "B"), 0.5);
}

TEST(DatasetTest, TeamsAreUnitsOfTheirDistinctPlayers) {
  Game copies;  // a team of two copies of A against two of B
  for (int s = 0; s < 4; ++s) {
    copies.seats.push_back(
        {.player = s % 2 ? "B" : "A", .team = s % 2, .place = s % 2 ? 2 : 1});
  }
  Game mixed;  // {A, C} against {B, D}
  const char* names[] = {"A", "B", "C", "D"};
  for (int s = 0; s < 4; ++s) {
    mixed.seats.push_back(
        {.player = names[s], .team = s % 2, .place = s % 2 ? 1 : 2});
  }
  const std::vector<Game> games = {copies, mixed};
  const Dataset d = BuildDataset(games, {});
  ASSERT_EQ(d.NumUnits(), 4u);
  EXPECT_EQ(d.unit_begin[1] - d.unit_begin[0], 1u);  // {A}
  EXPECT_EQ(d.unit_begin[3] - d.unit_begin[2], 2u);  // {A, C}
  EXPECT_EQ(d.NumEntries(), 2u);
  EXPECT_DOUBLE_EQ(Picked(d, {"A", "B"}, "A"), 1);
}

TEST(DatasetTest, DuplicateSetsAreOneResamplingUnit) {
  std::vector<Game> games = {Pair("A", "B", 1), Pair("B", "A", 1),
                             Pair("A", "B", -1), Pair("C", "D", 1),
                             Pair("B", "A", 0)};
  games[0].duplicate_group = "d1";
  games[1].duplicate_group = "d2";
  games[2].duplicate_group = "d1";
  games[4].duplicate_group = "d2";
  const Dataset d = BuildDataset(games, {});
  ASSERT_EQ(d.NumSamples(), 3u);  // d1, d2, and the ungrouped game
  EXPECT_EQ(d.sample_begin[1] - d.sample_begin[0], 2u);
  EXPECT_EQ(d.num_components, 2);
  EXPECT_EQ(d.component[0], d.component[1]);
  EXPECT_NE(d.component[0], d.component[2]);
  // Counts of 2 for d1 and 0 elsewhere double d1's games.
  std::vector<double> y;
  const std::vector<uint32_t> counts = {2, 0, 0};
  WeightsFromCounts(d, counts, &y);
  double total = 0;
  for (double v : y) total += v;
  EXPECT_DOUBLE_EQ(total, 4);
}

}  // namespace
}  // namespace ratings
