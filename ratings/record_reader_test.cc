#include "ratings/record_reader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "arbiter/records/record_writer.h"
#include "ratings/collector.h"

namespace ratings {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A record as the arbiter prints it: proto JSON, 64-bit numbers as strings,
// every primitive field present.
constexpr const char* kTwoPlayer =
    R"({"game_id":"t1-r1-g3","arbiter_version":"0.1.0","game":"zetema","num_players":2,"seed":"42","first_dealer":1,"deals":[{"hand_number":1,"dealer":1,"deck":"QS 4D"}],"seats":[{"seat":0,"bot_name":"alpha","bot_version":"1","team":0},{"seat":1,"bot_name":"beta","bot_version":"2","team":0}],"steps":[{"seat":0,"action":"discard 2C","decision_us":1500,"request_id":"1","strike":false},{"seat":1,"action":"discard 3C","decision_us":"2500","request_id":"2","strike":false},{"seat":0,"action":"discard 4C","decision_us":500,"request_id":"3","strike":true}],"events":[{"meld":{"seat":0,"cards":["2C","3C"]}},{"note":"a \"quoted\" \\ text \u00e9"}],"result":{"end_reason":"END_REASON_FORFEIT","winner":-1,"scores":[12,"40"],"team_scores":[12,40],"places":[2,1],"hands_played":1,"faults":[{"seat":0,"reason":"FAULT_REASON_TIMEOUT","step":2,"detail":"late"}],"forfeit_seat":0},"tournament_id":"t1","round":3,"duplicate_group":"t1-d7","started_at":"","finished_at":""})";

std::expected<std::vector<Game>, std::string> Parse(
    const std::string& text, std::vector<std::string>* notes = nullptr) {
  auto lines = arbiter::records::RecordReader::FromString(text, "f.jsonl");
  GameList list;
  RecordReading reading;
  if (auto ok = ReadRecords(lines, list, reading); !ok) {
    return std::unexpected(ok.error());
  }
  if (notes) *notes = reading.notes;
  return std::move(list.games);
}

Game One(const std::string& line) {
  auto games = Parse(line);
  EXPECT_TRUE(games) << games.error();
  if (!games || games->size() != 1) return {};
  return (*games)[0];
}

TEST(RecordReaderTest, ReadsWhatRatingsNeed) {
  const Game game = One(kTwoPlayer);
  EXPECT_EQ(game.duplicate_group, "t1-d7");
  EXPECT_EQ(game.round, 3);
  ASSERT_EQ(game.seats.size(), 2u);
  const SeatResult& a = game.seats[0];
  const SeatResult& b = game.seats[1];
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
  // No first_mover: first_dealer 1, so seat (1 + 1) % 2 = 0 moves first.
  EXPECT_TRUE(a.moved_first);
  EXPECT_FALSE(b.moved_first);
}

TEST(RecordReaderTest, FirstMoverWinsOverTheDealer) {
  const Game game =
      One(R"({"first_dealer":1,"first_mover":1,"seats":[{"bot_name":"x"},)"
          R"({"bot_name":"y"},{"bot_name":"z"}],"result":{"places":[1,2,3]}})");
  EXPECT_FALSE(game.seats[2].moved_first);  // the dealer's rule would say 2
  EXPECT_TRUE(game.seats[1].moved_first);
  arbiter::records::RecordView fields;
  fields.first_dealer = 2;
  EXPECT_EQ(*FirstMover(fields, 3), 0);
  fields.first_mover = 2;
  EXPECT_EQ(*FirstMover(fields, 3), 2);
  fields.first_mover = 3;
  EXPECT_THAT(FirstMover(fields, 3).error(),
              HasSubstr("field 'first_mover': 3 is not a seat"));
}

TEST(RecordReaderTest, MissingFieldsTakeDefaults) {
  const Game game =
      One(R"({"seats":[{"bot_name":"x"},{"bot_name":"y"},{"bot_name":"z"}],)"
          R"("result":{"places":["1",3,2.0]}})");
  EXPECT_EQ(game.seats[2].place, 2);
  EXPECT_TRUE(game.seats[1].moved_first);  // first_dealer 0
  EXPECT_FALSE(game.seats[0].points.has_value());
  EXPECT_EQ(game.duplicate_group, "");
  EXPECT_EQ(game.round, 0);
}

TEST(RecordReaderTest, ReadsCamelCaseAndEscapes) {
  const Game game = One(
      R"( {"seats":[{"botName":"caf\u00e9 \"x\""},{"botName":"\ud83c\udccf"}],)"
      R"("numPlayers":"2","firstDealer":0,"duplicateGroup":"d",)"
      R"("steps":[{"seat":1,"decisionUs":"7"}],"result":{"places":[2,1]}} )");
  EXPECT_EQ(game.seats[0].player, "caf\xc3\xa9 \"x\"");
  EXPECT_EQ(game.seats[1].player, "\xf0\x9f\x83\x8f");
  EXPECT_EQ(game.seats[1].decision_us_max, 7);
  EXPECT_EQ(game.duplicate_group, "d");
}

TEST(RecordReaderTest, PartnersKeepTheirTeams) {
  const Game game = One(
      R"({"num_players":4,"first_dealer":3,"seats":[)"
      R"({"seat":0,"bot_name":"a","team":0},{"seat":1,"bot_name":"b","team":1},)"
      R"({"seat":2,"bot_name":"c","team":0},{"seat":3,"bot_name":"d","team":1}],)"
      R"("result":{"places":[2,1,2,1]}})");
  EXPECT_EQ(game.seats[0].team, 0);
  EXPECT_EQ(game.seats[1].team, 1);
  EXPECT_EQ(game.seats[2].team, 0);
  EXPECT_EQ(game.seats[3].place, 1);
  EXPECT_TRUE(game.seats[0].moved_first);
}

TEST(RecordReaderTest, SeatsMayBeListedOutOfOrder) {
  const Game game =
      One(R"({"seats":[{"seat":1,"bot_name":"b"},{"seat":0,"bot_name":"a"}],)"
          R"("result":{"places":[1,2]}})");
  EXPECT_EQ(game.seats[0].player, "a");
  EXPECT_EQ(game.seats[0].place, 1);
}

TEST(RecordReaderTest, ErrorsNameLineAndField) {
  struct Case {
    std::string line;
    std::string message;
  };
  const std::string two = R"("seats":[{"bot_name":"a"},{"bot_name":"b"}])";
  const std::vector<Case> cases = {
      {R"({"seats":[]} x)", "invalid JSON at column 14: text after the record"},
      {R"({"a":"\q"})", "bad escape"},
      {R"({"game_id":"\ud800"})", "unpaired surrogate"},
      {R"({"a":01})", "expected ',' or '}'"},
      {R"({"a":tru})", "unexpected character"},
      {std::string(300, '[') + std::string(300, ']'), "expected a JSON object"},
      {"{\"a\":" + std::string(300, '[') + std::string(300, ']') + "}",
       "nested too deeply"},
      {R"([1,2])",
       "f.jsonl:3: invalid JSON at column 1: expected a JSON "
       "object"},
      {R"({"seats":5})", "field 'seats': expected an array, got 5"},
      {R"({"seats":[{"bot_name":"a"}],"result":{"places":[1]}})",
       "f.jsonl:3: field 'seats': expected at least 2 seats, got 1"},
      {R"({"seats":[{"bot_name":"a"},{"bot_name":""}],"result":{"places":[1,2]}})",
       "field 'seats[1].bot_name' is missing or empty"},
      {R"({"seats":[{"bot_name":"a"},{"bot_name":7}]})",
       "field 'seats[1].bot_name': expected a string, got 7"},
      {"{" + two + R"(,"result":{"places":[1]}})",
       "field 'result.places': expected 2 places, got 1"},
      {"{" + two + R"(,"result":{"places":[1,"x"]}})",
       "field 'result.places[1]': expected an integer, got \"x\""},
      {"{" + two + R"(,"result":{"places":[1,2.5]}})",
       "field 'result.places[1]': expected an integer, got 2.5"},
      {"{" + two + R"(,"result":{"places":[1,99999999999999999999]}})",
       "field 'result.places[1]': expected an integer"},
      {"{" + two + R"(,"result":{"places":[1,7]}})",
       "field 'result.places[1]': 7 is not in 1..2"},
      {"{" + two + R"(,"result":{"places":[1,2],"faults":[{"seat":5}]}})",
       "field 'result.faults[0].seat': 5 is not a seat"},
      {"{" + two +
           R"(,"steps":[{"seat":0,"decision_us":true}],"result":{"places":[1,2]}})",
       "field 'steps[0].decision_us': expected an integer, got true"},
      {"{" + two +
           R"(,"steps":[{"seat":0,"decision_us":-4}],"result":{"places":[1,2]}})",
       "field 'steps[0].decision_us': -4 is negative"},
      {R"({"num_players":3,)" + two + R"(,"result":{"places":[1,2]}})",
       "field 'num_players': 3 but 2 seats"},
      {R"({"first_dealer":2,)" + two + R"(,"result":{"places":[1,2]}})",
       "field 'first_dealer': 2 is not a seat"},
      {R"({"round":-1,)" + two + R"(,"result":{"places":[1,2]}})",
       "field 'round': -1 is negative"},
      {R"({"seats":[{"seat":1,"bot_name":"a"},{"seat":1,"bot_name":"b"}]})",
       "field 'seats[1].seat': 1 is out of range or repeated"},
  };
  for (const Case& c : cases) {
    const auto games = Parse("\n\n" + c.line + "\n");
    ASSERT_FALSE(games) << c.line;
    EXPECT_THAT(games.error(), HasSubstr(c.message)) << c.line;
    EXPECT_THAT(games.error(), HasSubstr("f.jsonl:3: ")) << c.line;
  }
}

TEST(RecordReaderTest, CollectorErrorsNameTheSeatsField) {
  auto error = [](const std::string& line) {
    auto lines =
        arbiter::records::RecordReader::FromString(line + "\n", "g.jsonl");
    Collector collector({});
    RecordReading reading;
    const auto ok = ReadRecords(lines, collector, reading);
    return ok ? std::string() : ok.error();
  };
  EXPECT_THAT(
      error(
          R"({"seats":[{"seat":1,"bot_name":"a"},{"seat":0,"bot_name":"a\u0000"}],"result":{"places":[1,2]}})"),
      HasSubstr("g.jsonl:1: field 'seats[1].bot_name': the name holds a NUL "
                "byte"));
  EXPECT_THAT(
      error(
          R"({"seats":[{"seat":1,"bot_name":"a"},{"seat":0,"bot_name":"a"}],"result":{"places":[1,2]}})"),
      HasSubstr("g.jsonl:1: field 'seats[0].bot_name': 'a' plays seat 0 too"));
  // Copies of one bot on one team are that bot; on both teams, refused.
  const std::string four =
      R"({"seats":[{"bot_name":"a","team":0},{"bot_name":"b","team":1},)"
      R"({"bot_name":"a","team":0},{"bot_name":"%","team":1}],)"
      R"("result":{"places":[1,2,1,2]}})";
  auto with = [&](const std::string& last) {
    std::string line = four;
    line.replace(line.find('%'), 1, last);
    return line;
  };
  EXPECT_EQ(error(with("b")), "");
  EXPECT_THAT(error(with("a")),
              HasSubstr("field 'seats[3].bot_name': 'a' plays seat 0 too"));
}

// A record cut short by a kill (the last line, or one a resumed run wrote
// after) is skipped with a note, never a failure of the whole file.
TEST(RecordReaderTest, TornRecordsAreSkippedWithANote) {
  const std::string whole = kTwoPlayer;
  for (const std::string& torn :
       {whole.substr(0, 30), whole.substr(0, whole.size() / 2),
        std::string(R"({"seats":[)"), std::string(R"({"a":"x)")}) {
    std::vector<std::string> notes;
    auto games = Parse(torn + "\n" + whole + "\n" + torn, &notes);
    ASSERT_TRUE(games) << torn << ": " << games.error();
    EXPECT_EQ(games->size(), 1u) << torn;
    ASSERT_EQ(notes.size(), 2u) << torn;
    EXPECT_THAT(notes[0], HasSubstr("f.jsonl:1: skipped, the record ends "
                                    "early"));
    EXPECT_THAT(notes[1], HasSubstr("f.jsonl:3: skipped"));
  }
}

TEST(RecordReaderTest, OneGameIdOneGame) {
  // Text held in memory: refused, without names to give.
  auto lines = arbiter::records::RecordReader::FromString(
      std::string(kTwoPlayer) + "\n" + kTwoPlayer + "\n", "f.jsonl");
  GameList list;
  RecordReading reading;
  ASSERT_TRUE(ReadRecords(lines, list, reading));
  EXPECT_THAT(CheckRepeatedIds(reading).error(),
              HasSubstr("a game id appears twice"));
}

TEST(RecordReaderTest, ReadsFilesByExtensionAndEncoding) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("ratings_reader_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::string second = kTwoPlayer;
  second.replace(second.find("t1-r1-g3"), 8, "t1-r1-g4");
  {
    std::ofstream(dir / "a.jsonl") << kTwoPlayer << "\n\n" << second;
    std::ofstream(dir / "b.csv") << "white,black,result\nalpha,gamma,1-0\n";
    auto z = arbiter::records::RecordWriter::Open(dir / "c.jsonl.zst");
    ASSERT_TRUE(z);
    std::string third = kTwoPlayer;
    third.replace(third.find("t1-r1-g3"), 8, "t1-r1-g5");
    ASSERT_TRUE(z->Append(third));
  }
  GameList list;
  std::vector<std::string> notes;
  const auto ok =
      ReadGameFiles({(dir / "a.jsonl").string(), (dir / "b.csv").string(),
                     (dir / "c.jsonl.zst").string()},
                    list, &notes);
  ASSERT_TRUE(ok) << ok.error();
  EXPECT_EQ(list.games.size(), 4u);
  EXPECT_EQ(list.games[2].seats[1].player, "gamma");
  EXPECT_EQ(list.games[3].seats[0].player, "alpha");
  EXPECT_TRUE(notes.empty());
  // A file given twice: every game twice, refused, naming both records.
  const auto twice = ReadGameFiles(
      {(dir / "a.jsonl").string(), (dir / "a.jsonl").string()}, list);
  ASSERT_FALSE(twice);
  EXPECT_THAT(twice.error(), HasSubstr(" appears again (first at " +
                                       (dir / "a.jsonl").string() + ":"));
  EXPECT_THAT(twice.error(), HasSubstr("the same record"));
  // A different record under an id of another file: refused, naming both.
  {
    std::string other = kTwoPlayer;
    const std::string places = "\"places\":[2,1]";
    other.replace(other.find(places), places.size(), "\"places\":[1,2]");
    std::ofstream(dir / "d.jsonl") << other << "\n";
  }
  const auto conflict = ReadGameFiles(
      {(dir / "a.jsonl").string(), (dir / "d.jsonl").string()}, list);
  ASSERT_FALSE(conflict);
  EXPECT_THAT(
      conflict.error(),
      HasSubstr((dir / "d.jsonl").string() +
                ":1: game t1-r1-g3 appears again (first at " +
                (dir / "a.jsonl").string() + ":1), a different record"));
  const auto missing = ReadGameFiles({(dir / "none.jsonl").string()}, list);
  ASSERT_FALSE(missing);
  EXPECT_THAT(missing.error(), HasSubstr("none.jsonl: cannot open"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ratings
