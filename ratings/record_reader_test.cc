#include "ratings/record_reader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace ratings {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A record as the arbiter prints it: proto JSON, 64-bit numbers as strings,
// every primitive field present.
constexpr const char* kTwoPlayer =
    R"({"game_id":"t1-r1-g3","arbiter_version":"0.1.0","game":"zetema","num_players":2,"seed":"42","first_dealer":1,"deals":[],"seats":[{"seat":0,"bot_name":"alpha","bot_version":"1","team":0},{"seat":1,"bot_name":"beta","bot_version":"2","team":0}],"steps":[{"seat":0,"action":"discard 2C","decision_us":1500,"request_id":"1","strike":false},{"seat":1,"action":"discard 3C","decision_us":"2500","request_id":"2","strike":false},{"seat":0,"action":"discard 4C","decision_us":500,"request_id":"3","strike":true}],"events":[],"result":{"end_reason":"END_REASON_FORFEIT","winner":-1,"scores":[12,"40"],"team_scores":[12,40],"places":[2,1],"hands_played":1,"faults":[{"seat":0,"reason":"FAULT_REASON_TIMEOUT","step":2,"detail":"late"}],"forfeit_seat":0},"tournament_id":"t1","round":1,"duplicate_group":"t1-d7","started_at":"","finished_at":""})";

TEST(RecordReaderTest, ReadsWhatRatingsNeed) {
  const auto game = ParseRecordLine(kTwoPlayer, "f.jsonl:1");
  ASSERT_TRUE(game) << game.error();
  EXPECT_EQ(game->id, "t1-r1-g3");
  EXPECT_EQ(game->duplicate_group, "t1-d7");
  ASSERT_EQ(game->seats.size(), 2u);
  const SeatResult& a = game->seats[0];
  const SeatResult& b = game->seats[1];
  EXPECT_EQ(a.player, "alpha");
  EXPECT_EQ(b.player, "beta");
  EXPECT_EQ(a.team, -1);  // all seats in team 0: not a partnership game
  EXPECT_EQ(a.place, 2);
  EXPECT_EQ(b.place, 1);
  EXPECT_EQ(a.points, 12);
  EXPECT_EQ(b.points, 40);
  EXPECT_THAT(a.faults, ElementsAre("timeout"));
  EXPECT_TRUE(b.faults.empty());
  EXPECT_EQ(a.decisions, 2);
  EXPECT_EQ(a.decision_us_total, 2000);
  EXPECT_EQ(a.decision_us_max, 1500);
  EXPECT_EQ(b.decision_us_max, 2500);
  // first_dealer 1: seat (1 + 1) % 2 = 0 moves first.
  EXPECT_TRUE(a.moved_first);
  EXPECT_FALSE(b.moved_first);
}

TEST(RecordReaderTest, MissingFieldsTakeDefaults) {
  const auto game = ParseRecordLine(
      R"({"seats":[{"bot_name":"x"},{"bot_name":"y"},{"bot_name":"z"}],)"
      R"("result":{"places":["1",3,2]}})",
      "f:1");
  ASSERT_TRUE(game) << game.error();
  EXPECT_EQ(game->seats[2].place, 2);
  EXPECT_TRUE(game->seats[1].moved_first);  // first_dealer 0
  EXPECT_FALSE(game->seats[0].points.has_value());
  EXPECT_EQ(game->duplicate_group, "");
}

TEST(RecordReaderTest, PartnersShareTheirTeamsPlace) {
  const auto game = ParseRecordLine(
      R"({"num_players":4,"first_dealer":3,"seats":[)"
      R"({"seat":0,"bot_name":"a","team":0},{"seat":1,"bot_name":"b","team":1},)"
      R"({"seat":2,"bot_name":"c","team":0},{"seat":3,"bot_name":"d","team":1}],)"
      R"("result":{"places":[2,1,2,1]}})",
      "f:1");
  ASSERT_TRUE(game) << game.error();
  EXPECT_EQ(game->seats[0].team, 0);
  EXPECT_EQ(game->seats[1].team, 1);
  EXPECT_EQ(game->seats[2].team, 0);
  EXPECT_EQ(game->seats[3].place, 1);
  EXPECT_TRUE(game->seats[0].moved_first);
}

TEST(RecordReaderTest, SeatsMayBeListedOutOfOrder) {
  const auto game = ParseRecordLine(
      R"({"seats":[{"seat":1,"bot_name":"b"},{"seat":0,"bot_name":"a"}],)"
      R"("result":{"places":[1,2]}})",
      "f:1");
  ASSERT_TRUE(game) << game.error();
  EXPECT_EQ(game->seats[0].player, "a");
  EXPECT_EQ(game->seats[0].place, 1);
}

TEST(RecordReaderTest, ErrorsNameLineAndField) {
  struct Case {
    std::string line;
    std::string message;
  };
  const std::vector<Case> cases = {
      {R"({"seats":[)", "f.jsonl:3: invalid JSON"},
      {R"([1,2])", "f.jsonl:3: expected a JSON object"},
      {R"({"seats":[{"bot_name":"a"}],"result":{"places":[1]}})",
       "f.jsonl:3: field 'seats': expected at least 2 seats, got 1"},
      {R"({"seats":[{"bot_name":"a"},{"bot_name":""}],"result":{"places":[1,2]}})",
       "field 'seats[1].bot_name' is missing or empty"},
      {R"({"seats":[{"bot_name":"a"},{"bot_name":"b"}],"result":{"places":[1]}})",
       "field 'result.places': expected 2 places, got 1"},
      {R"({"seats":[{"bot_name":"a"},{"bot_name":"b"}],"result":{"places":[1,"x"]}})",
       "field 'result.places[1]': expected an integer, got \"x\""},
      {R"({"seats":[{"bot_name":"a"},{"bot_name":"b"}],"result":{"places":[1,7]}})",
       "field 'result.places[1]': 7 is not in 1..2"},
      {R"({"seats":[{"bot_name":"a"},{"bot_name":"b"}],"result":{"places":[1,2],"faults":[{"seat":5}]}})",
       "field 'result.faults[0].seat': 5 is not a seat"},
      {R"({"seats":[{"bot_name":"a"},{"bot_name":"b"}],"steps":[{"seat":0,"decision_us":true}],"result":{"places":[1,2]}})",
       "field 'steps[0].decision_us': expected an integer"},
      {R"({"num_players":3,"seats":[{"bot_name":"a"},{"bot_name":"b"}],"result":{"places":[1,2]}})",
       "field 'num_players': 3 but 2 seats"},
      {R"({"first_dealer":2,"seats":[{"bot_name":"a"},{"bot_name":"b"}],"result":{"places":[1,2]}})",
       "field 'first_dealer': 2 is not a seat"},
  };
  for (const Case& c : cases) {
    std::istringstream in("\n\n" + c.line + "\n");
    const auto games = ParseRecords(in, "f.jsonl");
    ASSERT_FALSE(games) << c.line;
    EXPECT_THAT(games.error(), HasSubstr(c.message)) << c.line;
    EXPECT_THAT(games.error(), HasSubstr("f.jsonl:3")) << c.line;
  }
}

TEST(RecordReaderTest, ReadsFilesByExtension) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("ratings_reader_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  {
    std::ofstream(dir / "a.jsonl") << kTwoPlayer << "\n" << kTwoPlayer << "\n";
    std::ofstream(dir / "b.csv") << "white,black,result\nalpha,gamma,1-0\n";
  }
  const auto games =
      ReadGameFiles({(dir / "a.jsonl").string(), (dir / "b.csv").string()});
  ASSERT_TRUE(games) << games.error();
  EXPECT_EQ(games->size(), 3u);
  EXPECT_EQ((*games)[2].seats[1].player, "gamma");
  const auto missing = ReadGameFiles({(dir / "none.jsonl").string()});
  ASSERT_FALSE(missing);
  EXPECT_THAT(missing.error(), HasSubstr("none.jsonl: cannot open file"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ratings
