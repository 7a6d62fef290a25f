#include "arbiter/tournament/ab_match.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "arbiter/common/deal_secret.h"
#include "arbiter/game/registry.h"
#include "arbiter/records/record_file.h"
#include "arbiter/tournament/fake_runner.h"
#include "arbiter/tournament/test_util.h"

namespace arbiter::tournament {
namespace {

constexpr SipKey kKey = {3, 4};

// Two equal bots: every game is a coin toss from its id and deal.
class CoinRunner : public GameRunner {
 public:
  explicit CoinRunner(const TournamentConfig& config) : config_(config) {}
  std::expected<std::string, std::string> Run(
      const ScheduledGame& game) override {
    const uint64_t h = std::hash<std::string>{}(game.game_id) ^ game.deal_seed;
    nlohmann::json seats = nlohmann::json::array();
    nlohmann::json places = nlohmann::json::array();
    const int winner_team = int((h >> 7) % uint64_t(1 + game.teams[1]));
    for (size_t s = 0; s < game.seat_bots.size(); ++s) {
      seats.push_back({{"seat", s},
                       {"bot_name", config_.bots[game.seat_bots[s]].name},
                       {"team", game.teams[s]}});
      places.push_back(game.teams[s] == winner_team ? 1 : 2);
    }
    return nlohmann::json({{"game_id", game.game_id},
                           {"seed", std::to_string(game.deal_seed)},
                           {"seats", seats},
                           {"result", {{"places", places}}}})
        .dump();
  }

 private:
  const TournamentConfig& config_;
};

TEST(AbMatchTest, DealSetsSwapAAndBInAdjacentSeatsOfDifferentTeams) {
  for (int seats = 2; seats <= 6; ++seats) {
    const TeamLayout layout = Layout(seats, /*partnerships=*/true);
    for (int k = 1; k <= 7; ++k) {
      const std::vector<ScheduledGame> games = DealSetGames(layout, kKey, 9, k);
      ASSERT_EQ(games.size(), 2u);
      const ScheduledGame &ab = games[0], &ba = games[1];
      // The run's tag, and nothing of the seeds.
      EXPECT_EQ(ab.game_id,
                fmt::format("{}-p{}-d{}-ab", RunTag(kKey, 9), seats, k));
      EXPECT_EQ(ba.game_id,
                fmt::format("{}-p{}-d{}-ba", RunTag(kKey, 9), seats, k));
      EXPECT_EQ(ab.deal_seed, ba.deal_seed);
      EXPECT_EQ(ab.first_dealer, ba.first_dealer);
      // A deal set of two seatings; its bots are told opaque ids.
      EXPECT_EQ(ab.seatings, 2);
      EXPECT_EQ(ba.seatings, 2);
      EXPECT_EQ(ab.bot_game_id, BotGameId(kKey, ab.game_id));
      EXPECT_EQ(ba.bot_game_id, BotGameId(kKey, ba.game_id));
      EXPECT_NE(ab.bot_game_id, ba.bot_game_id);
      const int first = (k - 1) % seats, second = (first + 1) % seats;
      EXPECT_EQ(ab.seat_bots[first], kBotA);
      EXPECT_EQ(ab.seat_bots[second], kBotB);
      EXPECT_EQ(ba.seat_bots[first], kBotB);
      EXPECT_EQ(ba.seat_bots[second], kBotA);
      EXPECT_NE(layout.team_of[first], layout.team_of[second]);
      for (int s = 0; s < seats; ++s) {
        if (s != first && s != second) {
          EXPECT_EQ(ab.seat_bots[s], kOpponent);
          EXPECT_EQ(ba.seat_bots[s], kOpponent);
        }
      }
    }
    EXPECT_NE(DealSetGames(layout, kKey, 9, 1)[0].deal_seed,
              DealSetGames(layout, kKey, 9, 2)[0].deal_seed);
  }
}

// Another game's ids name it, so that its records never pass for the
// default game's (or the reverse) under one --out; the default game's ids
// are those of matches from before there were other games.
TEST(AbMatchTest, IdsNameTheGameButTheDefaultOne) {
  const TeamLayout layout = Layout(4, /*partnerships=*/false);
  const std::string tag = RunTag(kKey, 9);
  for (std::string_view name :
       {std::string_view(), game::DefaultGame().Name()}) {
    const auto games = DealSetGames(layout, kKey, 9, 2, name);
    EXPECT_EQ(games[0].game_id, tag + "-p4-d2-ab");
    EXPECT_EQ(games[1].duplicate_group, tag + "-d2");
  }
  const auto games = DealSetGames(layout, kKey, 9, 2, "pontoon");
  EXPECT_EQ(games[0].game_id, tag + "-pontoon-p4-d2-ab");
  EXPECT_EQ(games[1].game_id, tag + "-pontoon-p4-d2-ba");
  EXPECT_EQ(games[1].duplicate_group, tag + "-pontoon-d2");
  // The same deal: only the name differs.
  EXPECT_EQ(games[0].deal_seed, DealSetGames(layout, kKey, 9, 2)[0].deal_seed);
}

// A and B sit side by side: every preset of every game at every seat count
// puts adjacent seats on different teams, and a layout that does not is
// refused with the seats named.
TEST(AbMatchTest, AdjacentSeatsAreNeverPartners) {
  for (const game::GameType* type : game::Games()) {
    for (std::string_view preset : type->Presets()) {
      auto loaded = type->Load(preset);
      ASSERT_TRUE(loaded) << type->Name() << " " << preset;
      for (int n = type->MinSeats(); n <= type->MaxSeats(); ++n) {
        const TeamLayout layout{(*loaded)->Teams(n)};
        EXPECT_TRUE(CheckPairSeats(layout))
            << type->Name() << " " << preset << " at " << n << " seats";
      }
    }
  }
  const auto bad = CheckPairSeats(TeamLayout{{0, 1, 1, 0}});
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("seats 1 and 2 are partners"), std::string::npos)
      << bad.error();
  // Seat 3 sits next to seat 0, round the table.
  EXPECT_FALSE(CheckPairSeats(TeamLayout{{0, 1, 2, 0}}));
}

TEST(AbMatchTest, ScoresAFromPlaces) {
  const TeamLayout layout = Layout(3, false);
  const ScheduledGame game = DealSetGames(layout, kKey, 1, 1)[0];  // A 0, B 1
  records::RecordSummary s{
      .game_id = game.game_id, .seed = game.deal_seed, .bots = {"a", "b", "o"}};
  s.places = {1, 2, 3};
  EXPECT_EQ(*ScoreOfA(game, s, "a", "b"), 1.0);
  s.places = {3, 1, 2};
  EXPECT_EQ(*ScoreOfA(game, s, "a", "b"), 0.0);
  s.places = {2, 2, 1};
  EXPECT_EQ(*ScoreOfA(game, s, "a", "b"), 0.5);
  s.seed ^= 1;  // a record this match did not make
  EXPECT_NE(ScoreOfA(game, s, "a", "b").error().find("deal seed"),
            std::string::npos);
  s.seed ^= 1;
  s.bots = {"x", "b", "o"};
  EXPECT_NE(ScoreOfA(game, s, "a", "b").error().find("\"x\""),
            std::string::npos);
  s.places = {1, 2};
  EXPECT_NE(ScoreOfA(game, s, "a", "b").error().find("places"),
            std::string::npos);
}

TEST(AbMatchTest, SprtAcceptsH1ForTheStrongerBotWhateverTheConcurrency) {
  // FakeRunner: a lower bot index is stronger, so A (0) beats B (1).
  const TournamentConfig config = MakeConfig(3, 3);
  const TeamLayout layout = Layout(3, false);
  MatchStatus first;
  for (int concurrency : {1, 3}) {
    FakeRunner runner(config);
    MatchOptions options{.key = kKey,
                         .seed = 5,
                         .max_deal_sets = 1000,
                         .sprt = *ParseSprt("elo0=0 elo1=10"),
                         .concurrency = concurrency};
    auto result = RunMatch(config, layout, runner, options);
    ASSERT_TRUE(result.has_value()) << result.error();
    EXPECT_EQ(result->status.verdict, Verdict::kH1);
    EXPECT_LT(result->status.games, 400);
    EXPECT_GT(result->status.elo.lower, 0);
    EXPECT_FALSE(result->stopped);
    if (concurrency == 1) {
      first = result->status;
    } else {
      EXPECT_EQ(result->status.pairs, first.pairs);
      EXPECT_EQ(result->status.llr, first.llr);
    }
  }
}

TEST(AbMatchTest, SprtAcceptsH0ForEqualBots) {
  const TournamentConfig config = MakeConfig(2, 2);
  const TeamLayout layout = Layout(2, false);
  CoinRunner runner(config);
  MatchOptions options{.key = kKey,
                       .seed = 3,
                       .max_deal_sets = 5000,
                       .sprt = *ParseSprt("elo0=0 elo1=50"),
                       .concurrency = 2};
  auto result = RunMatch(config, layout, runner, options);
  ASSERT_TRUE(result.has_value()) << result.error();
  EXPECT_EQ(result->status.verdict, Verdict::kH0);
  EXPECT_LT(result->status.elo.lower, 0);
  EXPECT_GT(result->status.elo.upper, 0);
  EXPECT_LE(*result->status.llr, options.sprt->LowerBound());
}

TEST(AbMatchTest, FixedLengthResumesFromRecords) {
  const TournamentConfig config = MakeConfig(3, 4);
  const TeamLayout layout = Layout(4, true);
  const auto path = std::filesystem::temp_directory_path() /
                    fmt::format("ab_match_test_{}.jsonl", getpid());
  std::filesystem::remove(path);
  MatchStatus full;
  {
    auto writer = records::RecordWriter::Open(path);
    ASSERT_TRUE(writer.has_value()) << writer.error();
    FakeRunner runner(config);
    MatchOptions options{
        .key = kKey, .seed = 2, .max_deal_sets = 6, .concurrency = 2};
    options.writer = &*writer;
    auto result = RunMatch(config, layout, runner, options);
    ASSERT_TRUE(result.has_value()) << result.error();
    EXPECT_EQ(result->status.games, 12);
    EXPECT_EQ(result->played, 12);
    EXPECT_FALSE(result->status.llr.has_value());
    EXPECT_EQ(result->status.verdict, Verdict::kContinue);
    EXPECT_FALSE(result->stopped);
    full = result->status;
  }
  auto kept = ReadKeptRecords(path);
  ASSERT_TRUE(kept) << kept.error();
  ASSERT_EQ(kept->ids.size(), 12u);
  FakeRunner runner(config);
  MatchOptions options{.key = kKey, .seed = 2, .max_deal_sets = 6};
  options.kept = &*kept;
  auto again = RunMatch(config, layout, runner, options);
  ASSERT_TRUE(again.has_value()) << again.error();
  EXPECT_EQ(again->played, 0);
  EXPECT_EQ(again->reused, 12);
  EXPECT_EQ(runner.calls(), 0);
  EXPECT_EQ(again->status.pairs, full.pairs);
  // Under another secret, the records are none of this match's games.
  FakeRunner fresh(config);
  options.key = {5, 6};
  auto other = RunMatch(config, layout, fresh, options);
  ASSERT_TRUE(other.has_value()) << other.error();
  EXPECT_EQ(other->reused, 0);
  std::filesystem::remove(path);
}

// The same two bots play both games of a deal set: never at once.
class OverlapRunner : public GameRunner {
 public:
  explicit OverlapRunner(const TournamentConfig& config) : fake_(config) {}
  std::expected<std::string, std::string> Run(
      const ScheduledGame& game) override {
    {
      std::lock_guard lock(mu_);
      if (!playing_.insert(game.duplicate_group).second) ++overlaps_;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    auto record = fake_.Run(game);
    std::lock_guard lock(mu_);
    playing_.erase(game.duplicate_group);
    return record;
  }
  int overlaps() const { return overlaps_; }

 private:
  FakeRunner fake_;
  std::mutex mu_;
  std::set<std::string> playing_;
  int overlaps_ = 0;
};

TEST(AbMatchTest, TheTwoGamesOfADealSetNeverRunAtOnce) {
  const TournamentConfig config = MakeConfig(2, 2);
  OverlapRunner runner(config);
  MatchOptions options{
      .key = kKey, .seed = 1, .max_deal_sets = 20, .concurrency = 4};
  auto result = RunMatch(config, Layout(2, false), runner, options);
  ASSERT_TRUE(result.has_value()) << result.error();
  EXPECT_EQ(result->played, 40);
  EXPECT_EQ(runner.overlaps(), 0);
}

TEST(AbMatchTest, AGameThatCannotBePlayedIsAnError) {
  const TournamentConfig config = MakeConfig(2, 2);
  FakeRunner runner(config);
  runner.FailFrom(3);
  MatchOptions options{.key = kKey, .seed = 1, .max_deal_sets = 10};
  auto result = RunMatch(config, Layout(2, false), runner, options);
  ASSERT_FALSE(result.has_value());
  EXPECT_NE(result.error().find("d2-ba"), std::string::npos) << result.error();
}

}  // namespace
}  // namespace arbiter::tournament
