#include "ratings/graph.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ratings/test_games.h"

namespace ratings {
namespace {

using testing::AddMatch;
using testing::Collect;
using ::testing::ElementsAre;
using testing::OrdoClassic;

Standing Of(const Collected& c, const Standings& s, const std::string& name) {
  for (size_t p = 0; p < c.names.size(); ++p) {
    if (c.names[p] == name) return s.of[p];
  }
  ADD_FAILURE() << name;
  return Standing::kAbsent;
}

TEST(GraphTest, PoolsAreLinkedByGamesWithWeight) {
  std::vector<Game> games = OrdoClassic();
  AddMatch(&games, "X", "Y", 1, 0, 1);
  const Collected c = Collect(games);
  const Pools all = FindPools(c.data, c.data.slot_y);
  EXPECT_EQ(all.count, 2);
  EXPECT_THAT(all.of, ElementsAre(0, 0, 0, 1, 1));
  std::vector<double> y = c.data.slot_y;
  const size_t xy = c.data.NumPairs() - 1;  // X-Y came last
  y[2 * xy] = y[2 * xy + 1] = 0;
  const Pools some = FindPools(c.data, y);
  EXPECT_EQ(some.count, 1);
  EXPECT_THAT(some.of, ElementsAre(0, 0, 0, -1, -1));
}

TEST(GraphTest, StandingsAroundTheCore) {
  std::vector<Game> games = OrdoClassic();
  AddMatch(&games, "Top", "E1", 2, 0, 0);     // never lost: above
  AddMatch(&games, "Bottom", "E3", 0, 0, 2);  // never won: below
  AddMatch(&games, "Low", "E2", 0, 0, 1);     // below
  AddMatch(&games, "Apart", "Low", 1, 0, 0);  // above Low only: apart
  const Collected c = Collect(games);
  const Pools pools = FindPools(c.data, c.data.slot_y);
  const Standings s = StandingsByGraph(c.data, c.data.slot_y, pools);
  EXPECT_THAT(s.pool_has_core, ElementsAre(1));
  for (const char* core : {"E1", "E2", "E3"}) {
    EXPECT_EQ(Of(c, s, core), Standing::kCore) << core;
  }
  EXPECT_EQ(Of(c, s, "Top"), Standing::kAbove);
  EXPECT_EQ(Of(c, s, "Bottom"), Standing::kBelow);
  EXPECT_EQ(Of(c, s, "Low"), Standing::kBelow);
  EXPECT_EQ(Of(c, s, "Apart"), Standing::kApart);
  ScoringGraph graph(c.data);
  EXPECT_FALSE(graph.AllStronglyConnected(c.data.slot_y, pools));
}

TEST(GraphTest, APoolWithoutACore) {
  std::vector<Game> games;
  AddMatch(&games, "A", "B", 3, 0, 0);
  AddMatch(&games, "B", "C", 3, 0, 0);
  const Collected c = Collect(games);
  const Pools pools = FindPools(c.data, c.data.slot_y);
  const Standings s = StandingsByGraph(c.data, c.data.slot_y, pools);
  EXPECT_THAT(s.pool_has_core, ElementsAre(0));
  EXPECT_EQ(Of(c, s, "A"), Standing::kAbove);
  EXPECT_EQ(Of(c, s, "B"), Standing::kApart);
  EXPECT_EQ(Of(c, s, "C"), Standing::kBelow);
}

TEST(GraphTest, QuickTestOfStrongConnection) {
  const Collected c = Collect(OrdoClassic());
  const Pools pools = FindPools(c.data, c.data.slot_y);
  ScoringGraph graph(c.data);
  EXPECT_TRUE(graph.AllStronglyConnected(c.data.slot_y, pools));
  // E1-E3 only ever went E1's way; without the other pairs' draws and
  // losses nothing leads back to E1.
  std::vector<double> y = c.data.slot_y;
  for (size_t k = 0; k < c.data.NumPairs(); ++k) {
    const bool e1 =
        c.names[c.data.unit_players[c.data.pair_unit[2 * k]]] == "E1";
    if (e1) y[2 * k + 1] = 0;  // E1 never lost
  }
  EXPECT_FALSE(graph.AllStronglyConnected(y, pools));
  // An absent player fails it too.
  std::vector<double> none(c.data.NumSlots(), 0.0);
  EXPECT_FALSE(graph.AllStronglyConnected(none, pools));
}

}  // namespace
}  // namespace ratings
