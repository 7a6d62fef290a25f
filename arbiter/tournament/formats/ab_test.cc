#include "arbiter/tournament/formats/ab.h"

#include <gtest/gtest.h>

#include <chrono>

#include "arbiter/tournament/ab_match.h"
#include "arbiter/tournament/fake_runner.h"
#include "arbiter/tournament/test_util.h"

namespace arbiter::tournament {
namespace {

constexpr SipKey kKey = {3, 4};

// The summary of `game` as played, A placing first (or last).
records::RecordSummary Result(const ScheduledGame& game,
                              const TournamentConfig& config, bool a_wins) {
  records::RecordSummary s{.game_id = game.game_id, .seed = game.deal_seed};
  for (int bot : game.seat_bots) {
    s.bots.push_back(config.bots[bot].name);
    s.places.push_back(bot == kBotA   ? (a_wins ? 1 : 3)
                       : bot == kBotB ? (a_wins ? 3 : 1)
                                      : 2);
  }
  return s;
}

TEST(AbFormatTest, StreamsDealSetsInOrderUntilTheVerdict) {
  const TournamentConfig config = MakeConfig(2, 2);
  const TeamLayout layout = Layout(2, false);
  AbFormat format(config, layout,
                  {.key = kKey,
                   .seed = 9,
                   .max_deal_sets = 50,
                   .sprt = *ParseSprt("elo0=0 elo1=200")});
  auto batch = format.Next();
  ASSERT_TRUE(batch && *batch);
  ASSERT_TRUE((*batch)->stream);
  EXPECT_TRUE((*batch)->games.empty());
  const GameStream& stream = *(*batch)->stream;
  EXPECT_EQ(stream.most, 100);
  EXPECT_EQ(format.Total(), 100);
  int i = 0;
  while (!stream.enough()) {
    ASSERT_LT(i, stream.most);
    const ScheduledGame game = stream.game(i);
    const auto expected = DealSetGames(layout, kKey, 9, i / 2 + 1);
    EXPECT_EQ(game.game_id, expected[size_t(i % 2)].game_id);
    EXPECT_EQ(game.seat_bots, expected[size_t(i % 2)].seat_bots);
    const auto summary = Result(game, config, /*a_wins=*/true);
    ASSERT_TRUE(format.Record(game, &summary));
    ++i;
  }
  // A wins every pair: H1 after a few deal sets, each counted once done.
  EXPECT_EQ(format.status().verdict, Verdict::kH1);
  EXPECT_EQ(format.status().games, i);
  EXPECT_EQ(format.status().pairs[4], i / 2);
  auto after = format.Next();
  ASSERT_TRUE(after);
  EXPECT_FALSE(*after);
}

TEST(AbFormatTest, CountsADealSetOnceEveryOneBeforeItIsComplete) {
  const TournamentConfig config = MakeConfig(3, 3);
  const TeamLayout layout = Layout(3, false);
  AbFormat format(config, layout, {.key = kKey, .seed = 1, .max_deal_sets = 3});
  auto batch = format.Next();
  ASSERT_TRUE(batch && *batch && (*batch)->stream);
  std::vector<ScheduledGame> games;
  for (int i = 0; i < 6; ++i) games.push_back((*batch)->stream->game(i));
  auto record = [&](int i, bool a_wins) {
    const auto summary = Result(games[size_t(i)], config, a_wins);
    ASSERT_TRUE(format.Record(games[size_t(i)], &summary));
  };
  record(3, true);  // deal set 2 first: waits for deal set 1
  record(2, true);
  EXPECT_EQ(format.status().deal_sets, 0);
  record(0, false);
  EXPECT_EQ(format.status().deal_sets, 0);
  record(1, true);  // 1 of 2 for A in deal set 1; then deal set 2, 2 of 2
  EXPECT_EQ(format.status().deal_sets, 2);
  EXPECT_EQ(format.status().pairs[2], 1);
  EXPECT_EQ(format.status().pairs[4], 1);
  EXPECT_FALSE(format.status().llr.has_value());
  EXPECT_EQ(format.status().verdict, Verdict::kContinue);
}

// A kept record is A's and B's game with the match's deal: the opponent's
// copies may go by another name, as before the match was a format.
TEST(AbFormatTest, ChecksTheSeatsOfAAndBAndTheDealSeed) {
  const TournamentConfig config = MakeConfig(3, 3);
  AbFormat format(config, Layout(3, false),
                  {.key = kKey, .seed = 1, .max_deal_sets = 3});
  const ScheduledGame game = DealSetGames(Layout(3, false), kKey, 1, 1)[0];
  records::RecordSummary summary = Result(game, config, true);
  summary.bots[2] = "another-opponent";
  EXPECT_TRUE(format.CheckRecord(game, summary, config, "f:1"));
  summary.bots[0] = "x";
  auto bad = format.CheckRecord(game, summary, config, "f:1");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(),
            "f:1: game " + game.game_id +
                ": seats 0 and 1 hold \"x\" and \"b1\" in the record, not "
                "\"b0\" and \"b1\" (other bots under the same --out?)");
  summary = Result(game, config, true);
  summary.seed ^= 1;
  bad = format.CheckRecord(game, summary, config, "f:1");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("deal seed is not the match's"),
            std::string::npos);
}

TEST(AbFormatTest, IsPlayedWholeByOneRun) {
  const TournamentConfig config = MakeConfig(2, 2);
  AbFormat format(config, Layout(2, false),
                  {.key = kKey, .seed = 1, .max_deal_sets = 4});
  EXPECT_TRUE(format.CheckSplit({}));
  EXPECT_NE(format.CheckSplit({.round = 2}).error().find("--round"),
            std::string::npos);
  EXPECT_NE(format.CheckSplit({.prior = true}).error().find("--prior"),
            std::string::npos);
  EXPECT_NE(format.CheckSplit({.shards = 2}).error().find("--shard"),
            std::string::npos);
  const Plan plan = format.MakePlan();
  EXPECT_EQ(plan.games, 8);
  EXPECT_EQ(plan.games_per_bot, (std::vector<int>{8, 8}));
}

// The driver asks for the next game whenever a slot is free: every slot
// plays at once, though each deal set's two games never do.
TEST(AbFormatTest, EverySlotPlaysWhileTheStreamLasts) {
  const TournamentConfig config = MakeConfig(2, 2);
  WatchingRunner runner(config, std::chrono::milliseconds(20));
  auto result =
      RunMatch(config, Layout(2, false), runner,
               {.key = kKey, .seed = 1, .max_deal_sets = 6, .concurrency = 3});
  ASSERT_TRUE(result) << result.error();
  EXPECT_EQ(result->played, 12);
  EXPECT_EQ(runner.max_running(), 3);
  EXPECT_EQ(runner.overlaps(), 0);
}

// At the verdict no game starts: one slot plays exactly the games counted.
TEST(AbFormatTest, NoGameStartsAfterTheVerdict) {
  const TournamentConfig config = MakeConfig(2, 2);
  FakeRunner runner(config);  // A is the stronger
  auto result = RunMatch(config, Layout(2, false), runner,
                         {.key = kKey,
                          .seed = 1,
                          .max_deal_sets = 1000,
                          .sprt = *ParseSprt("elo0=0 elo1=10")});
  ASSERT_TRUE(result) << result.error();
  EXPECT_EQ(result->status.verdict, Verdict::kH1);
  EXPECT_LT(result->status.games, 400);
  EXPECT_EQ(runner.calls(), result->status.games);
  EXPECT_EQ(result->played, result->status.games);
}

// The match decides from every result: a kept record it cannot read stops
// it, naming the record, rather than leave a hole in its deal sets.
TEST(AbFormatTest, AnUnreadableKeptRecordStopsTheMatch) {
  const TournamentConfig config = MakeConfig(2, 2);
  const ScheduledGame game = DealSetGames(Layout(2, false), kKey, 1, 2)[1];
  KeptRecords kept;
  kept.ids = {game.game_id};
  kept.by_id[game.game_id] = {.where = "f:4",
                              .summary = std::unexpected("places: 3 for 2")};
  FakeRunner runner(config);
  auto result =
      RunMatch(config, Layout(2, false), runner,
               {.key = kKey, .seed = 1, .max_deal_sets = 5, .kept = &kept});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error(), "f:4: game " + game.game_id + ": places: 3 for 2");
  EXPECT_LE(runner.calls(), 3);
}

}  // namespace
}  // namespace arbiter::tournament
