#include "arbiter/tournament/formats/knockout_bracket.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <tuple>
#include <utility>

namespace arbiter::tournament {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

using Chooser = std::function<int(const Tie&)>;
using Decisions = std::vector<std::pair<int, int>>;  // (tie id, winner)

// Every count the task names, and a few larger around powers of two.
std::vector<int> Counts() {
  std::vector<int> counts = {31, 32, 33, 100};
  for (int n = 2; n <= 17; ++n) counts.push_back(n);
  return counts;
}

int BetterSeed(const Tie& tie) { return tie.high; }
int WorseSeed(const Tie& tie) { return tie.low; }

Bracket Make(int entrants, Elimination elimination) {
  auto bracket = Bracket::Make(entrants, elimination);
  EXPECT_TRUE(bracket.has_value()) << bracket.error();
  return *std::move(bracket);
}

// Plays the bracket out, one ready tie at a time (picked by `rng` among the
// ready ones when given, else the first), checking each step against the
// contract; returns the decisions in the order made.
Decisions PlayOut(Bracket& bracket, const Chooser& choose,
                  std::mt19937* rng = nullptr) {
  Decisions decisions;
  for (std::vector<Tie> ready = bracket.Ready(); !ready.empty();
       ready = bracket.Ready()) {
    EXPECT_FALSE(bracket.Done());
    EXPECT_TRUE(std::ranges::is_sorted(ready, {}, &Tie::id));
    size_t pick = 0;
    if (rng != nullptr) pick = (*rng)() % ready.size();
    const Tie& tie = ready[pick];
    EXPECT_LT(tie.high, tie.low);
    EXPECT_EQ(tie.winner, -1);
    decisions.emplace_back(tie.id, choose(tie));
    EXPECT_TRUE(bracket.Decide(tie.id, decisions.back().second).has_value());
  }
  return decisions;
}

auto Fields(const Tie& t) {
  return std::tuple(t.id, t.round, t.side, t.high, t.low, t.winner);
}

// Every entrant placed exactly once, the champion alone first.
void ExpectFullPlacings(const Bracket& bracket, int entrants) {
  const auto placings = bracket.Placings();
  ASSERT_FALSE(placings.empty());
  EXPECT_EQ(placings[0].size(), 1u);
  std::vector<int> placed;
  for (const auto& group : placings) {
    EXPECT_FALSE(group.empty());
    EXPECT_TRUE(std::ranges::is_sorted(group));
    placed.insert(placed.end(), group.begin(), group.end());
  }
  std::ranges::sort(placed);
  std::vector<int> all(entrants);
  for (int i = 0; i < entrants; ++i) all[i] = i;
  EXPECT_EQ(placed, all);
}

class EveryCount : public ::testing::TestWithParam<Elimination> {};

TEST_P(EveryCount, PlaysToOneChampionWithEveryEntrantPlaced) {
  const Elimination elimination = GetParam();
  std::mt19937 rng(7);
  auto coin = [&](const Tie& t) { return rng() % 2 ? t.high : t.low; };
  for (int n : Counts()) {
    for (const Chooser& choose : {Chooser(BetterSeed), Chooser(WorseSeed),
                                  Chooser(coin), Chooser(coin)}) {
      SCOPED_TRACE(n);
      Bracket bracket = Make(n, elimination);
      const int upper = bracket.TotalTies();
      const Decisions played = PlayOut(bracket, choose, &rng);
      EXPECT_TRUE(bracket.Done());
      EXPECT_EQ(int(played.size()), bracket.TotalTies());
      EXPECT_EQ(int(bracket.Ties().size()), bracket.TotalTies());
      for (size_t i = 0; i < bracket.Ties().size(); ++i) {
        EXPECT_EQ(bracket.Ties()[i].id, int(i) + 1);
      }
      if (elimination == Elimination::kSingle) {
        EXPECT_EQ(upper, n - 1);
        EXPECT_EQ(bracket.TotalTies(), n - 1);
      } else {
        EXPECT_EQ(upper, 2 * n - 1);
        EXPECT_GE(bracket.TotalTies(), 2 * n - 2);
      }
      ExpectFullPlacings(bracket, n);
    }
  }
}

// Rounds count only rounds with ties: 1, 2, ... on each side.
TEST_P(EveryCount, RoundsAreNumberedWithoutGaps) {
  for (int n : Counts()) {
    SCOPED_TRACE(n);
    Bracket bracket = Make(n, GetParam());
    std::map<char, std::set<int>> rounds;
    for (const Tie& tie : bracket.Ties()) rounds[tie.side].insert(tie.round);
    for (const auto& [side, numbers] : rounds) {
      EXPECT_EQ(*numbers.begin(), 1) << side;
      EXPECT_EQ(*numbers.rbegin(), int(numbers.size())) << side;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Knockout, EveryCount,
                         ::testing::Values(Elimination::kSingle,
                                           Elimination::kDouble),
                         [](const auto& info) {
                           return info.param == Elimination::kSingle ? "Single"
                                                                     : "Double";
                         });

TEST(BracketTest, MakeRefusesCountsOutOfRange) {
  for (int n : {-3, 0, 1, Bracket::kMaxEntrants + 1}) {
    auto bracket = Bracket::Make(n, Elimination::kSingle);
    ASSERT_FALSE(bracket.has_value()) << n;
    EXPECT_THAT(bracket.error(), HasSubstr("not " + std::to_string(n)));
  }
  EXPECT_EQ(Make(Bracket::kMaxEntrants, Elimination::kDouble).TotalTies(),
            2 * Bracket::kMaxEntrants - 1);
}

TEST(BracketTest, StandardPlacesForEight) {
  Bracket bracket = Make(8, Elimination::kSingle);
  std::vector<std::pair<int, int>> first_round;
  for (const Tie& tie : bracket.Ready()) {
    first_round.emplace_back(tie.high, tie.low);
  }
  EXPECT_THAT(first_round, ElementsAre(std::pair(0, 7), std::pair(3, 4),
                                       std::pair(1, 6), std::pair(2, 5)));
}

// 5 entrants in a bracket of 8: seeds 1 to 3 have byes; only 4 v 5 plays in
// round 1, its winner meets seed 1.
TEST(BracketTest, ByesOfFive) {
  Bracket bracket = Make(5, Elimination::kSingle);
  ASSERT_EQ(bracket.Ties().size(), 4u);
  EXPECT_EQ(Fields(bracket.Ties()[0]), std::tuple(1, 1, 'W', 3, 4, -1));
  EXPECT_EQ(Fields(bracket.Ties()[1]), std::tuple(2, 2, 'W', 0, -1, -1));
  EXPECT_EQ(Fields(bracket.Ties()[2]), std::tuple(3, 2, 'W', 1, 2, -1));
  EXPECT_EQ(Fields(bracket.Ties()[3]), std::tuple(4, 3, 'W', -1, -1, -1));
  ASSERT_TRUE(bracket.Decide(1, 4));
  EXPECT_EQ(Fields(bracket.Ties()[1]), std::tuple(2, 2, 'W', 0, 4, -1));
}

TEST(BracketTest, ByesGoToTheTopSeedsOnly) {
  for (int n : Counts()) {
    SCOPED_TRACE(n);
    int size = 1;
    while (size < n) size *= 2;
    Bracket bracket = Make(n, Elimination::kDouble);
    std::set<int> in_round_one;
    for (const Tie& tie : bracket.Ties()) {
      if (tie.side == 'W' && tie.round == 1) {
        in_round_one.insert({tie.high, tie.low});
      }
    }
    // Seeds size - n + 1 to n play round 1; the top size - n wait.
    EXPECT_EQ(int(in_round_one.size()), 2 * n - size);
    EXPECT_EQ(*in_round_one.begin(), size - n);
    EXPECT_EQ(*in_round_one.rbegin(), n - 1);
  }
}

// Seeds 1 and 2 sit in opposite halves: whatever the results, they meet in
// the winners bracket in its final only.
TEST(BracketTest, SeedsOneAndTwoMeetOnlyInTheFinal) {
  std::mt19937 rng(11);
  auto coin = [&](const Tie& t) { return rng() % 2 ? t.high : t.low; };
  for (int n : Counts()) {
    for (bool favourites : {true, false}) {
      SCOPED_TRACE(n);
      Bracket bracket = Make(n, Elimination::kSingle);
      PlayOut(bracket, favourites ? Chooser(BetterSeed) : Chooser(coin), &rng);
      const Tie& final_tie = bracket.Ties().back();
      for (const Tie& tie : bracket.Ties()) {
        if (tie.high == 0 && tie.low == 1) EXPECT_EQ(tie.id, final_tie.id);
      }
      if (favourites) {
        EXPECT_EQ(std::pair(final_tie.high, final_tie.low), std::pair(0, 1));
      }
    }
  }
}

TEST(BracketTest, SingleEliminationPlacings) {
  Bracket eight = Make(8, Elimination::kSingle);
  PlayOut(eight, BetterSeed);
  EXPECT_THAT(eight.Placings(),
              ElementsAre(ElementsAre(0), ElementsAre(1), ElementsAre(2, 3),
                          ElementsAre(4, 5, 6, 7)));
  Bracket five = Make(5, Elimination::kSingle);
  PlayOut(five, WorseSeed);  // 4 beats 3, then 0; 2 beats 1; 4 beats 2
  EXPECT_THAT(five.Placings(), ElementsAre(ElementsAre(4), ElementsAre(2),
                                           ElementsAre(0, 1), ElementsAre(3)));
}

TEST(BracketTest, PlacingsBeforeTheEndPutTheEntrantsStillInFirst) {
  Bracket bracket = Make(4, Elimination::kSingle);
  EXPECT_THAT(bracket.Placings(), ElementsAre(ElementsAre(0, 1, 2, 3)));
  ASSERT_TRUE(bracket.Decide(1, 3));
  EXPECT_THAT(bracket.Placings(),
              ElementsAre(ElementsAre(1, 2, 3), ElementsAre(0)));
}

// The drop-down pattern of eight, better seeds winning: the losers of
// winners round 2 meet the losers-bracket survivors in reverse order (4 v 3
// would be a rematch of round 1).
TEST(BracketTest, DoubleEliminationOfEight) {
  Bracket bracket = Make(8, Elimination::kDouble);
  PlayOut(bracket, BetterSeed);
  std::vector<std::tuple<int, int, char, int, int, int>> ties;
  for (const Tie& tie : bracket.Ties()) ties.push_back(Fields(tie));
  using T = std::tuple<int, int, char, int, int, int>;
  EXPECT_THAT(ties,
              ElementsAre(T(1, 1, 'W', 0, 7, 0), T(2, 1, 'W', 3, 4, 3),
                          T(3, 1, 'W', 1, 6, 1), T(4, 1, 'W', 2, 5, 2),
                          T(5, 2, 'W', 0, 3, 0), T(6, 2, 'W', 1, 2, 1),
                          T(7, 3, 'W', 0, 1, 0), T(8, 1, 'L', 4, 7, 4),
                          T(9, 1, 'L', 5, 6, 5), T(10, 2, 'L', 2, 4, 2),
                          T(11, 2, 'L', 3, 5, 3), T(12, 3, 'L', 2, 3, 2),
                          T(13, 4, 'L', 1, 2, 1), T(14, 1, 'F', 0, 1, 0)));
  EXPECT_EQ(bracket.TotalTies(), 14);
  EXPECT_THAT(
      bracket.Placings(),
      ElementsAre(ElementsAre(0), ElementsAre(1), ElementsAre(2),
                  ElementsAre(3), ElementsAre(4, 5), ElementsAre(6, 7)));
}

TEST(BracketTest, DoubleEliminationOutOnlyAfterTwoLosses) {
  std::mt19937 rng(3);
  auto coin = [&](const Tie& t) { return rng() % 2 ? t.high : t.low; };
  for (int n : Counts()) {
    SCOPED_TRACE(n);
    Bracket bracket = Make(n, Elimination::kDouble);
    std::vector<int> losses(n, 0);
    for (auto ready = bracket.Ready(); !ready.empty();
         ready = bracket.Ready()) {
      for (const Tie& tie : ready) {
        EXPECT_LT(losses[tie.high], 2);
        EXPECT_LT(losses[tie.low], 2);
      }
      const Tie& tie = ready[rng() % ready.size()];
      const int winner = coin(tie);
      ++losses[winner == tie.high ? tie.low : tie.high];
      ASSERT_TRUE(bracket.Decide(tie.id, winner));
      // Whoever has lost once is still to play again, until the end.
      if (bracket.Done()) break;
      std::vector<int> still_in = bracket.Placings()[0];
      for (int e = 0; e < n; ++e) {
        EXPECT_EQ(losses[e] < 2, std::ranges::count(still_in, e) == 1) << e;
      }
    }
    EXPECT_TRUE(bracket.Done());
    EXPECT_EQ(std::ranges::count(losses, 2), n - 1);
    const int champion = bracket.Placings()[0][0];
    EXPECT_LT(losses[champion], 2);
  }
}

TEST(BracketTest, BracketResetWhenTheLosersChampionWinsTheFinal) {
  Bracket bracket = Make(4, Elimination::kDouble);
  while (bracket.Ready().front().side != 'F') {
    ASSERT_TRUE(bracket.Decide(bracket.Ready().front().id,
                               bracket.Ready().front().high));
  }
  EXPECT_EQ(bracket.Ties().size(), 6u);
  ASSERT_TRUE(bracket.Decide(6, 1));  // 1 came through the losers bracket
  ASSERT_EQ(bracket.Ties().size(), 7u);
  const Tie& final_tie = bracket.Ties()[5];
  const Tie& reset = bracket.Ties()[6];
  EXPECT_EQ(Fields(final_tie), std::tuple(6, 1, 'F', 0, 1, 1));
  EXPECT_EQ(Fields(reset), std::tuple(7, 2, 'F', 0, 1, -1));
  EXPECT_FALSE(bracket.Done());
  EXPECT_THAT(bracket.Placings()[0], ElementsAre(0, 1));
  ASSERT_TRUE(bracket.Decide(7, 0));
  EXPECT_TRUE(bracket.Done());
  EXPECT_EQ(bracket.TotalTies(), 7);
  EXPECT_THAT(bracket.Placings(), ElementsAre(ElementsAre(0), ElementsAre(1),
                                              ElementsAre(2), ElementsAre(3)));
}

TEST(BracketTest, NoResetWhenTheWinnersChampionWinsTheFinal) {
  Bracket bracket = Make(4, Elimination::kDouble);
  EXPECT_EQ(bracket.TotalTies(), 7);
  PlayOut(bracket, BetterSeed);
  EXPECT_TRUE(bracket.Done());
  EXPECT_EQ(bracket.Ties().size(), 6u);
  EXPECT_EQ(bracket.TotalTies(), 6);
}

TEST(BracketTest, TwoEntrantsInDoubleEliminationMeetUpToThreeTimes) {
  Bracket bracket = Make(2, Elimination::kDouble);
  // 1 wins, loses the grand final to 0, wins the reset.
  const Decisions played = PlayOut(bracket, [](const Tie& t) {
    return t.side == 'F' && t.round == 1 ? t.high : t.low;
  });
  EXPECT_EQ(played, (Decisions{{1, 1}, {2, 0}, {3, 1}}));
  EXPECT_THAT(bracket.Placings(), ElementsAre(ElementsAre(1), ElementsAre(0)));
}

// Ties decided in any order, replayed in id order, give the same bracket.
TEST(BracketTest, ReplayingDecisionsInIdOrderRebuildsTheBracket) {
  std::mt19937 rng(5);
  auto coin = [&](const Tie& t) { return rng() % 2 ? t.high : t.low; };
  for (Elimination elimination : {Elimination::kSingle, Elimination::kDouble}) {
    for (int n : Counts()) {
      SCOPED_TRACE(n);
      Bracket played = Make(n, elimination);
      Decisions decisions = PlayOut(played, coin, &rng);
      std::ranges::sort(decisions);
      Bracket replayed = Make(n, elimination);
      for (auto [id, winner] : decisions) {
        ASSERT_TRUE(replayed.Decide(id, winner)) << id;
      }
      ASSERT_EQ(replayed.Ties().size(), played.Ties().size());
      for (size_t i = 0; i < played.Ties().size(); ++i) {
        EXPECT_EQ(Fields(replayed.Ties()[i]), Fields(played.Ties()[i]));
      }
      EXPECT_EQ(replayed.Placings(), played.Placings());
      EXPECT_TRUE(replayed.Done());
    }
  }
}

TEST(BracketTest, DecideRefusesBadTiesAndWinners) {
  Bracket bracket = Make(5, Elimination::kDouble);
  const int last = int(bracket.Ties().size());
  for (int id : {0, -1, last + 1}) {
    auto result = bracket.Decide(id, 0);
    ASSERT_FALSE(result.has_value());
    EXPECT_THAT(result.error(), HasSubstr("no tie " + std::to_string(id)));
  }
  auto not_ready = bracket.Decide(2, 0);  // 0 waits for the winner of 4 v 5
  ASSERT_FALSE(not_ready.has_value());
  EXPECT_THAT(not_ready.error(), HasSubstr("tie 2 cannot be decided yet"));
  auto stranger = bracket.Decide(1, 0);
  ASSERT_FALSE(stranger.has_value());
  EXPECT_EQ(stranger.error(), "entrant 0 is not in tie 1 (entrants 3 and 4)");
  ASSERT_TRUE(bracket.Decide(1, 4));
  auto again = bracket.Decide(1, 3);
  ASSERT_FALSE(again.has_value());
  EXPECT_EQ(again.error(), "tie 1 is already decided (won by entrant 4)");
  // Refusals changed nothing.
  EXPECT_EQ(bracket.Ties()[0].winner, 4);
  EXPECT_EQ(bracket.Ready().size(), 2u);
}

// DecideTie, rule by rule. The tie is seed 3 (high) v seed 6 (low).
const Tie kTie{.id = 1, .round = 1, .side = 'W', .high = 2, .low = 5};

TEST(DecideTieTest, MorePointsFirst) {
  // Low wins two of three sets but scores fewer points in all.
  auto outcome = DecideTie(kTie, {{10, -1, -1}, {0, 0, 0}}, 0, 2);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->winner, 2);
  EXPECT_EQ(outcome->rule, "more points");
  outcome = DecideTie(kTie, {{1, 2}, {2, 2}}, 0, 0);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->winner, 5);
  EXPECT_EQ(outcome->rule, "more points");
}

TEST(DecideTieTest, ThenMoreDealSetsWon) {
  auto outcome = DecideTie(kTie, {{3, 0, 0}, {1, 1, 1}}, 0, 2);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->winner, 5);
  EXPECT_EQ(outcome->rule, "more deal sets won");
}

TEST(DecideTieTest, PointsLevelUpToRoundingAreLevel) {
  // 0.1 + 0.2 != 0.3 in doubles; each side won one set: an extra set.
  EXPECT_FALSE(DecideTie(kTie, {{0.1, 0.2}, {0.3, 0}}, 0, 1));
}

TEST(DecideTieTest, ThenSuddenDeathOneExtraSetAtATime) {
  // Level over the two sets: play an extra one.
  EXPECT_FALSE(DecideTie(kTie, {{2, 1}, {1, 2}}, 0, 3));
  // The first extra set level too: another.
  EXPECT_FALSE(DecideTie(kTie, {{2, 1, 4}, {1, 2, 4}}, 1, 3));
  // The second extra set decides; its points alone count.
  auto outcome = DecideTie(kTie, {{2, 1, 4, 0}, {1, 2, 4, 1}}, 2, 3);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->winner, 5);
  EXPECT_EQ(outcome->rule, "sudden death (extra deal set 2)");
  // An extra set counts for neither points nor sets won.
  outcome = DecideTie(kTie, {{2, 1, 9}, {1, 2, 0}}, 1, 3);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->rule, "sudden death (extra deal set 1)");
}

TEST(DecideTieTest, FinallyTheBetterSeed) {
  auto outcome = DecideTie(kTie, {{1, 3, 3}, {1, 3, 3}}, 2, 2);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->winner, 2);
  EXPECT_EQ(outcome->rule, "better seed");
  outcome = DecideTie(kTie, {{5}, {5}}, 0, 0);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->rule, "better seed");
}

}  // namespace
}  // namespace arbiter::tournament
