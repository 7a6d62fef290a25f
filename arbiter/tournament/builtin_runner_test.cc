#include "arbiter/tournament/builtin_runner.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "arbiter/records/game_record.h"
#include "arbiter/records/json_printer.h"
#include "arbiter/records/record_writer.h"
#include "arbiter/replay/replay.h"
#include "arbiter/tournament/driver.h"
#include "arbiter/tournament/ruleset_link.h"
#include "arbiter/tournament/test_util.h"

namespace arbiter::tournament {
namespace {

using ::testing::HasSubstr;

TEST(BuiltinRunnerTest, PlaysFullRecordsThatResumeAndRate) {
  TournamentConfig config = MakeConfig(3, 4);  // team fill: pairs of copies
  config.duplicate = true;
  auto resolved = ResolveRuleset(config);
  ASSERT_TRUE(resolved) << resolved.error();
  EXPECT_EQ(resolved->layout.team_of, (std::vector<int>{0, 1, 0, 1}));
  BuiltinRandomRunner runner(config, resolved->game);
  RunOptions options;
  options.out_dir = std::filesystem::path(::testing::TempDir()) / "builtin";
  std::filesystem::remove_all(options.out_dir);
  options.concurrency = 2;
  auto result = RunTournament(config, resolved->layout, runner, options);
  ASSERT_TRUE(result) << result.error();
  EXPECT_TRUE(result->complete);
  EXPECT_EQ(result->total, 3 * 2);
  std::vector<records::Problem> problems;
  auto read = records::ReadGameRecords(result->records, &problems);
  ASSERT_TRUE(read) << read.error();
  EXPECT_TRUE(problems.empty());
  ASSERT_EQ(read->size(), 6u);
  for (const auto& [r, where] : *read) {
    EXPECT_EQ(r.num_players(), 4);
    EXPECT_FALSE(r.duplicate_group().empty());
    EXPECT_GT(r.steps_size(), 0);
    EXPECT_EQ(r.result().places_size(), 4);
    EXPECT_EQ(r.seats(0).bot_name(), r.seats(2).bot_name());
  }
  // The two rotations of a duplicate set deal the same cards.
  std::map<std::string, std::string> decks;
  for (const auto& [r, where] : *read) {
    auto [it, fresh] = decks.emplace(r.duplicate_group(), r.deals(0).deck());
    if (!fresh) EXPECT_EQ(it->second, r.deals(0).deck());
  }
}

// Any registered game: the test game High Card, named by the config.
TEST(BuiltinRunnerTest, PlaysTheGameTheConfigNames) {
  TournamentConfig config = MakeConfig(3);
  config.game = "high_card";
  config.ruleset = "standard";
  auto resolved = ResolveRuleset(config);
  ASSERT_TRUE(resolved) << resolved.error();
  BuiltinRandomRunner runner(config, resolved->game);
  RunOptions options;
  options.out_dir = std::filesystem::path(::testing::TempDir()) / "high_card";
  std::filesystem::remove_all(options.out_dir);
  auto result = RunTournament(config, resolved->layout, runner, options);
  ASSERT_TRUE(result) << result.error();
  auto read = records::ReadGameRecords(result->records, nullptr);
  ASSERT_TRUE(read) << read.error();
  ASSERT_EQ(read->size(), 3u);
  for (const auto& [r, where] : *read) {
    EXPECT_EQ(r.game(), "high_card");
    EXPECT_EQ(r.steps_size(), 6);
  }
  config.seats = 3;
  auto three = ResolveRuleset(config);
  ASSERT_FALSE(three);
  EXPECT_EQ(three.error(), "seats: must be 2..2 for high_card, got 3");
  config.game = "chess";
  EXPECT_THAT(ResolveRuleset(config).error(),
              testing::StartsWith("game: unknown game 'chess'"));
}

// Records of every game are printed by the fast printer, as protobuf
// prints them.
TEST(BuiltinRunnerTest, RecordsOfEveryGameArePrintedFastAsProtobufDoes) {
  for (const auto& [game, seats] :
       std::vector<std::pair<std::string, int>>{{"zetema", 2},
                                                {"zetema", 4},
                                                {"pontoon", 3},
                                                {"scotch_whist", 4},
                                                {"high_card", 2}}) {
    TournamentConfig config = MakeConfig(seats, seats);
    config.game = game;
    auto resolved = ResolveRuleset(config);
    ASSERT_TRUE(resolved) << game << ": " << resolved.error();
    BuiltinRandomRunner runner(config, resolved->game);
    ScheduledGame scheduled;
    scheduled.game_id = "g";
    scheduled.deal_seed = 3;
    for (int s = 0; s < seats; ++s) {
      scheduled.seat_bots.push_back(s);
      scheduled.teams.push_back(resolved->layout.team_of[s]);
    }
    auto played = runner.Run(scheduled);
    ASSERT_TRUE(played) << game << ": " << played.error();
    auto record = records::RecordFromJson(played->line);
    ASSERT_TRUE(record) << game << ": " << record.error().message;
    EXPECT_GT(record->steps_size(), 0) << game;
    std::string fast;
    EXPECT_TRUE(records::PrintJsonFast(*record, &fast)) << game;
    EXPECT_EQ(fast, records::RecordToJsonByProtobuf(*record)) << game;
    EXPECT_EQ(played->line, fast) << game;
  }
}

TEST(BuiltinRunnerTest, RefusesRealBotsAndBadRulesets) {
  TournamentConfig config = MakeConfig(2);
  config.bots[1].command = "./my_bot";
  auto resolved = ResolveRuleset(config);
  ASSERT_TRUE(resolved);
  BuiltinRandomRunner runner(config, resolved->game);
  ScheduledGame game;
  game.game_id = "g";
  game.seat_bots = {0, 1};
  game.teams = {0, 1};
  auto played = runner.Run(game);
  ASSERT_FALSE(played);
  EXPECT_THAT(played.error(), HasSubstr("bot \"b1\""));
  config.ruleset = "no-such-preset";
  auto bad = ResolveRuleset(config);
  ASSERT_FALSE(bad);
  EXPECT_THAT(bad.error(), testing::StartsWith("ruleset: "));
}

// Compact records: a two-player Zetema game, written compressed as the
// arbiter writes it (one zstd frame a record), takes at most 6 KB on disk,
// and loses nothing `replay --verify` needs: every record read back from
// the file replays to its own result.
TEST(BuiltinRunnerTest, ATwoPlayerGameTakesAtMostSixKilobytesCompressed) {
  TournamentConfig config = MakeConfig(2);
  auto resolved = ResolveRuleset(config);
  ASSERT_TRUE(resolved) << resolved.error();
  BuiltinRandomRunner runner(config, resolved->game);
  const std::filesystem::path path =
      std::filesystem::path(::testing::TempDir()) / "compact.jsonl.zst";
  std::filesystem::remove(path);
  constexpr int kGames = 20;
  size_t largest = 0, json = 0;
  {
    auto writer = records::RecordWriter::Open(path);
    ASSERT_TRUE(writer) << writer.error();
    for (int g = 0; g < kGames; ++g) {
      ScheduledGame game;
      game.game_id = "c" + std::to_string(g);
      game.seat_bots = {g % 2, 1 - g % 2};
      game.teams = {0, 1};
      game.deal_seed = uint64_t(g) * 7919 + 1;
      game.first_dealer = 1;
      auto played = runner.Run(game);
      ASSERT_TRUE(played) << played.error();
      const std::string& line = played->line;
      largest = std::max(largest, records::CompressRecord(line).size());
      json += line.size() + 1;
      ASSERT_TRUE(writer->Append(line));
    }
  }
  const size_t bytes = std::filesystem::file_size(path);
  EXPECT_LE(bytes, kGames * size_t{6144}) << "JSON: " << json << " bytes";
  EXPECT_LE(largest, size_t{6144});
  EXPECT_LT(bytes * 10, json);  // compressed indeed
  std::vector<records::Problem> problems;
  auto read = records::ReadGameRecords(path, &problems);
  ASSERT_TRUE(read) << read.error();
  EXPECT_TRUE(problems.empty());
  ASSERT_EQ(read->size(), size_t{kGames});
  for (const auto& [r, where] : *read) {
    EXPECT_EQ(r.game(), "zetema") << where;
    EXPECT_GT(r.steps_size(), 0) << where;
    EXPECT_THAT(VerifyRecord(r), ::testing::IsEmpty()) << where;
  }
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace arbiter::tournament
