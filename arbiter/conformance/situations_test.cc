#include "arbiter/conformance/situations.h"

#include <gtest/gtest.h>

#include <set>

#include "arbiter/games/registry.h"

namespace arbiter::conformance {
namespace {

std::vector<std::string> Names(const std::vector<Situation>& plan) {
  std::vector<std::string> names;
  for (const auto& s : plan) names.push_back(s.name);
  return names;
}

TEST(PlanSituations, ZetemaEverySeatCountWithPartnershipsAtFourAndSix) {
  const std::vector games = {*game::LoadGame("zetema")};
  const auto plan = PlanSituations(games);
  EXPECT_EQ(Names(plan), (std::vector<std::string>{
                             "hello", "zetema 50 ms left", "zetema 2 seats",
                             "zetema 3 seats", "zetema 4 seats (partnerships)",
                             "zetema 5 seats", "zetema 6 seats (partnerships)",
                             "zetema 20 games on one stream",
                             "zetema restart after kill -9", "shutdown"}));
  EXPECT_EQ(plan[1].time.move_ms, kLittleTimeMs);
  EXPECT_EQ(plan[1].time.bank_ms, 0);
  EXPECT_EQ(plan[7].games, kManyGames);
  EXPECT_EQ(plan[8].kind, Kind::kRestart);
  EXPECT_GT(plan[8].games, kKilledGame);  // a game after the restart
}

TEST(PlanSituations, EveryGameInOrderThenOneShutdown) {
  const std::vector games = {*game::LoadGame("pontoon"),
                             *game::LoadGame("scotch_whist")};
  const auto plan = PlanSituations(games);
  int pontoon_seats = 0, whist_seats = 0;
  for (const auto& s : plan) {
    if (s.kind != Kind::kSeats) continue;
    ++(s.game->Type().Name() == "pontoon" ? pontoon_seats : whist_seats);
  }
  EXPECT_EQ(pontoon_seats,
            games[0]->Type().MaxSeats() - games[0]->Type().MinSeats() + 1);
  EXPECT_EQ(whist_seats,
            games[1]->Type().MaxSeats() - games[1]->Type().MinSeats() + 1);
  EXPECT_EQ(plan.back().kind, Kind::kShutdown);
  EXPECT_EQ(plan.back().game, games[0]);
}

TEST(PlanSituations, NoGameOnlyTheHello) {
  EXPECT_EQ(Names(PlanSituations({})), std::vector<std::string>{"hello"});
}

TEST(BotSeat, FirstSeatThenLastThenEverySeat) {
  EXPECT_EQ(BotSeat(1, 4), 0);
  EXPECT_EQ(BotSeat(2, 4), 3);
  std::set<int> seen;
  for (int g = 1; g <= 5; ++g) seen.insert(BotSeat(g, 5));
  EXPECT_EQ(seen.size(), 5u);
  EXPECT_EQ(BotSeat(2, 2), 1);
}

}  // namespace
}  // namespace arbiter::conformance
