#include "arbiter/tournament/schedule.h"

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "arbiter/common/deal_secret.h"
#include "arbiter/tournament/tables.h"
#include "arbiter/tournament/test_util.h"

namespace arbiter::tournament {
namespace {

using ::testing::HasSubstr;

constexpr SipKey kKey = {0x1234, 0x5678};

// The schedule, sealed with a fixed secret.
std::vector<ScheduledGame> Build(const TournamentConfig& config,
                                 const TeamLayout& layout,
                                 ScheduleOptions options = {}) {
  auto games = BuildSchedule(config, layout, options);
  EXPECT_TRUE(games) << games.error();
  if (!games) return {};
  SealGames(*games, kKey, *config.seed);
  return *games;
}

// seat_count[bot][seat]
std::vector<std::vector<int>> SeatCounts(
    const std::vector<ScheduledGame>& games, int bots, int seats) {
  std::vector<std::vector<int>> count(bots, std::vector<int>(seats, 0));
  for (const auto& g : games) {
    for (int s = 0; s < seats; ++s) ++count[g.seat_bots[s]][s];
  }
  return count;
}

void ExpectUniqueIdsAndIndexes(const std::vector<ScheduledGame>& games) {
  std::set<std::string> ids;
  for (size_t i = 0; i < games.size(); ++i) {
    EXPECT_EQ(games[i].index, int(i));
    EXPECT_TRUE(ids.insert(games[i].game_id).second) << games[i].game_id;
  }
}

TEST(ScheduleTest, TwoSeatRoundRobinPlaysEveryPairWithDuplicateDeals) {
  TournamentConfig config = MakeConfig(5);
  config.duplicate = true;
  config.deals_per_pairing = 2;
  config.rounds = 2;
  const auto games = Build(config, Layout(2, true));
  ASSERT_EQ(games.size(),
            10u * 2 * 2 * 2);  // pairs x deals x rotations x rounds
  ExpectUniqueIdsAndIndexes(games);
  std::map<std::set<int>, int> pairs;
  std::map<std::string, std::vector<const ScheduledGame*>> groups;
  for (const auto& g : games) {
    EXPECT_NE(g.seat_bots[0], g.seat_bots[1]);
    ++pairs[{g.seat_bots[0], g.seat_bots[1]}];
    groups[g.duplicate_group].push_back(&g);
    EXPECT_EQ(g.first_dealer, 1);
    EXPECT_EQ(g.game_id, fmt::format("{}-r{}-t{}-d{}-s{}", RunTag(kKey, 7),
                                     g.round, g.table, g.deal, g.rotation));
    EXPECT_EQ(g.game_id.find(std::to_string(g.deal_seed)), std::string::npos);
  }
  EXPECT_EQ(pairs.size(), 10u);
  for (const auto& [pair, n] : pairs) EXPECT_EQ(n, 8);
  // A duplicate group: one deal seed, every rotation once, same two bots.
  ASSERT_EQ(groups.size(), 10u * 2 * 2);
  std::set<uint64_t> seeds;
  for (const auto& [name, members] : groups) {
    ASSERT_EQ(members.size(), 2u) << name;
    EXPECT_EQ(members[0]->deal_seed, members[1]->deal_seed);
    EXPECT_EQ(members[0]->seat_bots[0], members[1]->seat_bots[1]);
    EXPECT_EQ(members[0]->seat_bots[1], members[1]->seat_bots[0]);
    seeds.insert(members[0]->deal_seed);
  }
  EXPECT_EQ(seeds.size(), groups.size());  // every deal is a new deal
  for (const auto& seats : SeatCounts(games, 5, 2)) {
    EXPECT_EQ(seats[0], seats[1]);
  }
}

TEST(ScheduleTest, OddDealsEvenOutOverCycles) {
  TournamentConfig config = MakeConfig(4);
  config.rounds = 2;  // each pair: seat 0 in one cycle, seat 1 in the other
  const auto games = Build(config, Layout(2, true));
  ASSERT_EQ(games.size(), 12u);
  EXPECT_TRUE(games[0].duplicate_group.empty());
  for (const auto& seats : SeatCounts(games, 4, 2)) EXPECT_EQ(seats[0], 3);
}

TEST(ScheduleTest, ThreeSeatsPlayEveryCombinationInEverySeat) {
  TournamentConfig config = MakeConfig(6, 3);
  config.duplicate = true;
  const auto games = Build(config, Layout(3, true));
  ASSERT_EQ(games.size(), 20u * 3);
  ExpectUniqueIdsAndIndexes(games);
  std::set<std::set<int>> tables;
  for (const auto& g : games) {
    tables.insert({g.seat_bots.begin(), g.seat_bots.end()});
  }
  EXPECT_EQ(tables.size(), 20u);
  for (const auto& seats : SeatCounts(games, 6, 3)) {
    EXPECT_EQ(seats, (std::vector<int>{10, 10, 10}));
  }
}

TEST(ScheduleTest, TeamFillSeatsOneBotPerTeam) {
  TournamentConfig config = MakeConfig(3, 4);
  config.duplicate = true;
  const auto games = Build(config, Layout(4, true));
  ASSERT_EQ(games.size(), 3u * 2);  // pairs x team rotations
  for (const auto& g : games) {
    EXPECT_EQ(g.teams, (std::vector<int>{0, 1, 0, 1}));
    EXPECT_EQ(g.seat_bots[0], g.seat_bots[2]);
    EXPECT_EQ(g.seat_bots[1], g.seat_bots[3]);
    EXPECT_NE(g.seat_bots[0], g.seat_bots[1]);
  }
  // Six seats in trios: two teams, two rotations.
  TournamentConfig six = MakeConfig(2, 6);
  six.duplicate = true;
  const auto trios = Build(six, Layout(6, true, /*six_trios=*/true));
  ASSERT_EQ(trios.size(), 2u);
  EXPECT_EQ(trios[0].seat_bots, (std::vector<int>{0, 1, 0, 1, 0, 1}));
  EXPECT_EQ(trios[1].seat_bots, (std::vector<int>{1, 0, 1, 0, 1, 0}));
}

TEST(ScheduleTest, IndividualFillRotatesPartners) {
  TournamentConfig config = MakeConfig(4, 4);
  config.partnership_fill = PartnershipFill::kIndividual;
  config.deals_per_pairing = 3;
  config.duplicate = true;
  const auto games = Build(config, Layout(4, true));
  ASSERT_EQ(games.size(), 3u * 4);  // deals x rotations
  std::set<std::set<int>> partnerships;
  for (const auto& g : games) {
    partnerships.insert({g.seat_bots[0], g.seat_bots[2]});
    partnerships.insert({g.seat_bots[1], g.seat_bots[3]});
  }
  EXPECT_EQ(partnerships.size(), 6u);  // every pair of bots partnered
  for (const auto& seats : SeatCounts(games, 4, 4)) {
    EXPECT_EQ(seats, (std::vector<int>{3, 3, 3, 3}));
  }
  // Six seats in pairs: 15 ways to split six bots into three partnerships.
  TournamentConfig six = MakeConfig(6, 6);
  six.partnership_fill = PartnershipFill::kIndividual;
  six.deals_per_pairing = 15;
  const auto pairs = Build(six, Layout(6, true));
  std::set<std::set<std::set<int>>> splits;
  for (const auto& g : pairs) {
    std::set<std::set<int>> split;
    for (int t = 0; t < 3; ++t)
      split.insert({g.seat_bots[t], g.seat_bots[t + 3]});
    splits.insert(split);
  }
  EXPECT_EQ(splits.size(), 15u);
}

TEST(ScheduleTest, ManyBotsUseABalancedDesign) {
  TournamentConfig config = MakeConfig(31, 3);  // C(31,3) = 4495 tables
  config.rounds = 3;
  const auto games = Build(config, Layout(3, true));
  // 200 / 10 tables per partition = 20 partitions of 10 tables per round.
  ASSERT_EQ(games.size(), 3u * 200);
  std::vector<int> appearances(31, 0);
  std::map<std::pair<int, int>, int> meetings;
  for (const auto& g : games) {
    for (int b : g.seat_bots) ++appearances[b];
    for (int i = 0; i < 3; ++i) {
      for (int j = i + 1; j < 3; ++j) {
        ++meetings[std::minmax(g.seat_bots[i], g.seat_bots[j])];
      }
    }
  }
  const auto [lo, hi] =
      std::minmax_element(appearances.begin(), appearances.end());
  EXPECT_LE(*hi - *lo, 1);
  // 600 tables give 1800 meetings over 465 pairs: about 3.9 each.
  int most = 0;
  for (const auto& [pair, n] : meetings) most = std::max(most, n);
  EXPECT_EQ(meetings.size(), 465u);
  EXPECT_LE(most, 7);
  EXPECT_EQ(games, Build(config, Layout(3, true)));  // deterministic
  // Another seed, another design (not only other ids and deals).
  auto seatings = [](const std::vector<ScheduledGame>& g) {
    std::vector<std::vector<int>> out;
    for (const auto& game : g) out.push_back(game.seat_bots);
    return out;
  };
  config.seed = 8;
  EXPECT_NE(seatings(games), seatings(Build(config, Layout(3, true))));
}

TEST(ScheduleTest, GauntletSeatsItsBotAtEveryTable) {
  TournamentConfig config = MakeConfig(5);
  config.format = "gauntlet";
  config.gauntlet_bot = "b2";
  config.deals_per_pairing = 2;
  const auto games = Build(config, Layout(2, true));
  ASSERT_EQ(games.size(), 4u * 2);
  std::set<int> opponents;
  for (const auto& g : games) {
    ASSERT_TRUE(g.seat_bots[0] == 2 || g.seat_bots[1] == 2);
    opponents.insert(g.seat_bots[0] == 2 ? g.seat_bots[1] : g.seat_bots[0]);
  }
  EXPECT_EQ(opponents, (std::set<int>{0, 1, 3, 4}));
  for (const auto& seats : SeatCounts(games, 5, 2))
    EXPECT_EQ(seats[0], seats[1]);
}

TEST(ScheduleTest, DealsComeFromTheSeedAndTheSecret) {
  TournamentConfig config = MakeConfig(6, 3);
  config.deals_per_pairing = 4;
  const auto a = Build(config, Layout(3, true));
  EXPECT_EQ(a, Build(config, Layout(3, true)));
  auto other = BuildSchedule(config, Layout(3, true));
  ASSERT_TRUE(other);
  SealGames(*other, {1, 1}, 7);  // the same seed, another secret
  config.seed = 123;
  const auto b = Build(config, Layout(3, true));  // another seed
  ASSERT_EQ(a.size(), other->size());
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].seat_bots, (*other)[i].seat_bots);
    EXPECT_NE(a[i].deal_seed, (*other)[i].deal_seed);
    EXPECT_NE(a[i].game_id, (*other)[i].game_id);
    EXPECT_NE(a[i].deal_seed, b[i].deal_seed);
    EXPECT_NE(a[i].game_id, b[i].game_id);
  }
}

// What a bot is told of a game names neither its deal nor its seating:
// one opaque id per game, a keyed hash of the record's id; and every game
// knows how many seatings its duplicate deal has (the process runner's
// rule, seating_ledger.h, forgets a deal after the last).
TEST(ScheduleTest, BotsAreToldOpaqueIdsAndGroupsKnowTheirSeatings) {
  struct Case {
    int seats;
    bool partnerships;
    PartnershipFill fill;
  };
  for (const Case c : {Case{2, false, PartnershipFill::kTeam},
                       Case{3, false, PartnershipFill::kTeam},
                       Case{4, true, PartnershipFill::kTeam},
                       Case{4, true, PartnershipFill::kIndividual},
                       Case{5, false, PartnershipFill::kTeam},
                       Case{6, true, PartnershipFill::kTeam},
                       Case{6, true, PartnershipFill::kIndividual}}) {
    SCOPED_TRACE(fmt::format("{} seats, {}", c.seats, ToString(c.fill)));
    TournamentConfig config = MakeConfig(c.seats + 1, c.seats);
    config.duplicate = true;
    config.deals_per_pairing = 2;
    config.partnership_fill = c.fill;
    const auto games = Build(config, Layout(c.seats, c.partnerships));
    ASSERT_FALSE(games.empty());
    std::map<std::string, int> group_size;
    for (const auto& g : games) ++group_size[g.duplicate_group];
    std::set<std::string> told;
    const std::string tag = games[0].game_id.substr(0, 8);
    for (const auto& g : games) {
      EXPECT_EQ(g.seatings, group_size[g.duplicate_group]) << g.game_id;
      EXPECT_GE(g.seatings, 2);
      EXPECT_THAT(g.bot_game_id, ::testing::MatchesRegex("g[0-9a-f]{16}"));
      EXPECT_EQ(g.bot_game_id, BotGameId(kKey, g.game_id));
      EXPECT_NE(g.bot_game_id, BotGameId({1, 1}, g.game_id));
      EXPECT_EQ(g.bot_game_id.find(tag), std::string::npos);
      EXPECT_TRUE(told.insert(g.bot_game_id).second) << g.bot_game_id;
    }
  }
  // Without duplicate deals, every game is its own seating.
  for (const auto& g : Build(MakeConfig(3), Layout(2, false))) {
    EXPECT_EQ(g.seatings, 1);
    EXPECT_FALSE(g.bot_game_id.empty());
  }
}

TEST(ScheduleTest, ErrorsNameTheKey) {
  TournamentConfig config = MakeConfig(3, 4);
  config.partnership_fill = PartnershipFill::kIndividual;
  auto games = BuildSchedule(config, Layout(4, true));
  ASSERT_FALSE(games);
  EXPECT_THAT(games.error(),
              HasSubstr("bots: 3 bots cannot fill tables of 4 seats"));
  auto wrong = BuildSchedule(MakeConfig(3, 2), Layout(3, false));
  ASSERT_FALSE(wrong);
  EXPECT_THAT(wrong.error(), HasSubstr("seats:"));
}

TEST(ScheduleTest, ShardsSplitTheScheduleExactly) {
  TournamentConfig config = MakeConfig(7);
  config.deals_per_pairing = 3;
  const auto games = Build(config, Layout(2, true));
  std::multiset<std::string> seen;
  for (int shard = 0; shard < 4; ++shard) {
    for (const auto& g : games) {
      if (InShard(g, shard, 4)) seen.insert(g.game_id);
    }
  }
  EXPECT_EQ(seen.size(), games.size());
  EXPECT_EQ(std::set<std::string>(seen.begin(), seen.end()).size(),
            games.size());
}

TEST(TablesTest, Combinations) {
  EXPECT_EQ(Binomial(31, 3), 4495);
  EXPECT_EQ(Binomial(5, 0), 1);
  EXPECT_EQ(Binomial(3, 4), 0);
  EXPECT_EQ(Binomial(1000, 500), INT64_MAX);
  const auto all = AllCombinations(5, 3);
  ASSERT_EQ(all.size(), 10u);
  EXPECT_EQ(all.front(), (Table{0, 1, 2}));
  EXPECT_EQ(all.back(), (Table{2, 3, 4}));
}

}  // namespace
}  // namespace arbiter::tournament
