#include "arbiter/league/scheduler.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace arbiter::league {
namespace {

constexpr double kUnrated = std::numeric_limits<double>::infinity();

// n rated bots 0..n-1, 30 Elo apart, each with an error of 40 and 100 games.
std::vector<Entrant> Field(int n) {
  std::vector<Entrant> out;
  for (int b = 0; b < n; ++b) {
    out.push_back({.id = b, .elo = 1500 + 30.0 * b, .sd = 40, .games = 100});
  }
  return out;
}

void ExpectWellFormed(const std::vector<std::vector<int>>& tables, int seats,
                      const std::vector<Entrant>& active) {
  std::set<int> ids;
  for (const Entrant& e : active) ids.insert(e.id);
  for (const auto& table : tables) {
    ASSERT_EQ(table.size(), static_cast<size_t>(seats));
    EXPECT_EQ(std::set<int>(table.begin(), table.end()).size(), table.size())
        << "a bot twice at one table";
    for (int id : table) EXPECT_TRUE(ids.contains(id)) << id;
  }
}

TEST(ChooseTablesTest, DeterministicForASeedAndTheSeedMatters) {
  // Every bot alike: only the seed tells them apart.
  std::vector<Entrant> field;
  for (int b = 0; b < 12; ++b) field.push_back({.id = b, .sd = 50});
  const TableShape four{.seats = 4};
  const auto a = ChooseTables(field, {}, four, 6, 7);
  EXPECT_EQ(a, ChooseTables(field, {}, four, 6, 7));
  EXPECT_NE(a, ChooseTables(field, {}, four, 6, 8));
}

TEST(ChooseTablesTest, EveryShapeFromTwoToSixSeats) {
  const std::vector<Entrant> field = Field(9);
  const std::vector<TableShape> shapes = {
      {.seats = 2},
      {.seats = 3},
      {.seats = 4, .team_of_seat = {0, 1, 0, 1}},
      {.seats = 4, .team_of_seat = {-1, -1, -1, -1}},
      {.seats = 5},
      {.seats = 6, .team_of_seat = {0, 1, 2, 0, 1, 2}},
      {.seats = 6, .team_of_seat = {0, 1, 0, 1, 0, 1}}};
  for (const TableShape& shape : shapes) {
    const auto tables = ChooseTables(field, {}, shape, 5, 1);
    EXPECT_EQ(tables.size(), 5u) << shape.seats;
    ExpectWellFormed(tables, shape.seats, field);
  }
}

TEST(ChooseTablesTest, NothingFromTooFewBotsOrABadShape) {
  const std::vector<Entrant> three = Field(3);
  EXPECT_TRUE(ChooseTables(three, {}, {.seats = 4}, 5, 1).empty());
  EXPECT_TRUE(ChooseTables(three, {}, {.seats = 1}, 5, 1).empty());
  EXPECT_TRUE(ChooseTables(Field(9), {}, {.seats = 7}, 5, 1).empty());
  EXPECT_TRUE(
      ChooseTables(three, {}, {.seats = 2, .team_of_seat = {0, 0}}, 5, 1)
          .empty());
  EXPECT_TRUE(
      ChooseTables(three, {}, {.seats = 2, .team_of_seat = {0}}, 5, 1).empty());
  EXPECT_TRUE(ChooseTables(three, {}, {.seats = 2}, 0, 1).empty());
  // Listed twice, counted once: two distinct bots still make a table.
  const std::vector<Entrant> twice = {{.id = 4, .sd = 10}, {.id = 4, .sd = 10}};
  EXPECT_TRUE(ChooseTables(twice, {}, {.seats = 2}, 1, 1).empty());
}

TEST(ChooseTablesTest, AnAnchorAndUnreadableFiguresStillMakeTables) {
  std::vector<Entrant> field = Field(6);
  field[0].sd = 0;  // an anchor
  field[1].elo = std::numeric_limits<double>::quiet_NaN();
  field[2].sd = std::numeric_limits<double>::quiet_NaN();
  field[3].sd = -40;
  field.push_back({.id = 7, .elo = kUnrated, .sd = kUnrated});
  for (const TableShape& shape :
       {TableShape{.seats = 2}, TableShape{.seats = 3},
        TableShape{.seats = 4, .team_of_seat = {0, 1, 0, 1}}}) {
    const auto tables = ChooseTables(field, {}, shape, 6, 2);
    EXPECT_EQ(tables.size(), 6u);
    ExpectWellFormed(tables, shape.seats, field);
  }
}

TEST(ChooseTablesTest, UncertainBotsFirst) {
  std::vector<Entrant> field = Field(20);
  field.push_back({.id = 100, .elo = 1800, .sd = 150, .games = 10});
  field.push_back({.id = 101, .sd = kUnrated});  // new: no games yet
  const auto tables = ChooseTables(field, {}, {.seats = 2}, 4, 3);
  ASSERT_EQ(tables.size(), 4u);
  // The new bot at every table but one, the uncertain one at that one.
  int seen[2] = {0, 0};
  for (const auto& table : tables) {
    seen[0] += std::count(table.begin(), table.end(), 100);
    seen[1] += std::count(table.begin(), table.end(), 101);
  }
  EXPECT_THAT(tables[0], ::testing::Contains(101));
  EXPECT_GE(seen[0], 1);
  EXPECT_GE(seen[1], 3);
}

TEST(ChooseTablesTest, OpponentsNearInRating) {
  std::vector<Entrant> field = Field(20);  // 1500 .. 2070
  field.push_back({.id = 100, .elo = 1800, .sd = 150, .games = 10});
  const auto tables = ChooseTables(field, {}, {.seats = 2}, 3, 3);
  ASSERT_EQ(tables.size(), 3u);
  // Bots near 1800 (ids 7 to 13: 1710 to 1890), not the ends of the field.
  for (const auto& table : tables) {
    ASSERT_THAT(table, ::testing::Contains(100));
    const int other = table[0] == 100 ? table[1] : table[0];
    EXPECT_GE(other, 7);
    EXPECT_LE(other, 13);
  }
}

TEST(ChooseTablesTest, CloseRivalsWhenNoBotIsUncertain) {
  // Equally well rated bots 300 Elo apart, but two of them 10 apart: their
  // order is the one in doubt, so they meet.
  std::vector<Entrant> field;
  for (int b = 0; b < 8; ++b) {
    field.push_back({.id = b, .elo = 300.0 * b, .sd = 25, .games = 200});
  }
  field.push_back({.id = 8, .elo = 910, .sd = 25, .games = 200});
  const auto tables = ChooseTables(field, {}, {.seats = 2}, 1, 4);
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_THAT(tables[0], ::testing::UnorderedElementsAre(3, 8));
}

TEST(ChooseTablesTest, ABotWithOnlyWinsMeetsTheTop) {
  std::vector<Entrant> field = Field(20);
  field.push_back({.id = 50, .elo = 2400, .sd = kUnrated, .games = 3});
  const auto tables = ChooseTables(field, {}, {.seats = 2}, 1, 3);
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_THAT(tables[0], ::testing::Contains(50));
  EXPECT_THAT(tables[0], ::testing::Contains(::testing::Ge(15)));
}

TEST(ChooseTablesTest, OneCallSpreadsOverTheField) {
  // All alike: 10 tables of 2 among 20 bots seat everyone once.
  std::vector<Entrant> field;
  for (int b = 0; b < 20; ++b) field.push_back({.id = b, .sd = 30});
  std::map<int, int> seated;
  for (const auto& t : ChooseTables(field, {}, {.seats = 2}, 10, 5)) {
    for (int id : t) ++seated[id];
  }
  EXPECT_EQ(seated.size(), 20u);
}

TEST(ChooseTablesTest, PartnersAndSeatsRotateOverManyCalls) {
  // Four equal bots at one partnership table, call after call: each of
  // the three pairings once every three tables, and every bot in every
  // seat.
  std::vector<Entrant> four;
  for (int b = 0; b < 4; ++b) four.push_back({.id = b, .sd = 30});
  const TableShape shape{.seats = 4, .team_of_seat = {0, 1, 0, 1}};
  Encounters met;
  for (int call = 0; call < 12; ++call) {
    const auto tables = ChooseTables(four, met, shape, 1, call);
    ASSERT_EQ(tables.size(), 1u);
    met.Add(tables[0], shape.team_of_seat);
  }
  for (int a = 0; a < 4; ++a) {
    for (int b = a + 1; b < 4; ++b) {
      EXPECT_EQ(met.Partnered(a, b), 4) << a << " and " << b;
      EXPECT_EQ(met.Met(a, b), 12);
    }
    for (int seat = 0; seat < 4; ++seat) {
      EXPECT_EQ(met.Seated(a, seat), 3) << a << " in seat " << seat;
    }
  }
}

TEST(ChooseTablesTest, TwoBotsTakeTheFirstSeatInTurn) {
  const std::vector<Entrant> two = {{.id = 5, .sd = 30}, {.id = 9, .sd = 30}};
  Encounters met;
  for (int call = 0; call < 10; ++call) {
    const auto tables = ChooseTables(two, met, {.seats = 2}, 1, 1);
    ASSERT_EQ(tables.size(), 1u);
    met.Add(tables[0], {});
  }
  EXPECT_EQ(met.Seated(5, 0), 5);
  EXPECT_EQ(met.Seated(9, 0), 5);
}

TEST(ChooseTablesTest, RepeatedMeetingsSpreadOpponents) {
  // One uncertain bot among equals that it has met unevenly: it meets
  // the ones it has met least.
  std::vector<Entrant> field;
  for (int b = 0; b < 6; ++b) field.push_back({.id = b, .sd = 20});
  field.push_back({.id = 9, .sd = 200});
  Encounters met;
  for (int b = 0; b < 6; ++b) {
    for (int k = 0; k < (b == 4 ? 0 : 10); ++k)
      met.Add(std::vector<int>{9, b}, {});
  }
  const auto tables = ChooseTables(field, met, {.seats = 2}, 1, 1);
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_THAT(tables[0], ::testing::UnorderedElementsAre(9, 4));
}

TEST(EncountersTest, CountsMeetingsPartnersAndSeats) {
  Encounters met;
  const std::vector<int> table = {3, 5, 7, 9};
  met.Add(table, std::vector<int>{0, 1, 0, 1});
  met.Add(std::vector<int>{5, 3}, {});
  EXPECT_EQ(met.Met(3, 5), 2);
  EXPECT_EQ(met.Met(5, 3), 2);
  EXPECT_EQ(met.Met(3, 7), 1);
  EXPECT_EQ(met.Met(3, 4), 0);
  EXPECT_EQ(met.Partnered(3, 7), 1);
  EXPECT_EQ(met.Partnered(9, 5), 1);
  EXPECT_EQ(met.Partnered(3, 5), 0);
  EXPECT_EQ(met.Seated(3, 0), 1);
  EXPECT_EQ(met.Seated(3, 1), 1);
  EXPECT_EQ(met.Seated(9, 3), 1);
}

}  // namespace
}  // namespace arbiter::league
