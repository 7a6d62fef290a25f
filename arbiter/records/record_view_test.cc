#include "arbiter/records/record_view.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

namespace arbiter::records {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr char kRecord[] =
    R"({"game_id":"g1","arbiter_version":"0.2.0","game":"zetema",)"
    R"("ruleset":{"base":"hunt","target":[40,40]},"num_players":2,)"
    R"("seed":"18446744073709551615","first_dealer":1,)"
    R"("deals":[{"hand_number":1,"dealer":1,"deck":"4S 2C"}],)"
    R"("seats":[{"seat":0,"bot_name":"a\"b","bot_version":"1","team":0},)"
    R"({"seat":1,"bot_name":"caf\u00e9 \ud83c\udca1","team":1}],)"
    R"("steps":[{"seat":0,"action":"discard 3H","decision_us":120,)"
    R"("request_id":"1","strike":false,"cpu_us":95},)"
    R"({"seat":1,"action":"x [}]","decision_us":"7","request_id":"2",)"
    R"("strike":true,"cpuUs":"4"}],)"
    R"("events":[{"type":"EVENT_TYPE_DEAL","text":"a \"quoted\" {"}],)"
    R"("result":{"scores":[40,"0"],"places":[1,2],"team_scores":[40,0],)"
    R"("faults":[{"seat":1,"reason":"FAULT_REASON_TIMEOUT","step":3}],)"
    R"("end_reason":"END_REASON_TARGET","hands_played":"2"},)"
    R"("tournament_id":"t","round":3,"started_at":"2026-01-01T00:00:00Z",)"
    R"("duplicate_group":"r3-t1-d1","first_mover":0,"future":{"x":[1]}})";

TEST(RecordScanner, ReadsTheGameIndependentFields) {
  RecordScanner scanner({.steps = true});
  RecordView v;
  auto ok = scanner.Scan(kRecord, &v);
  ASSERT_TRUE(ok) << ok.error().message;
  EXPECT_EQ(v.game_id, "g1");
  EXPECT_EQ(v.game, "zetema");
  EXPECT_EQ(v.tournament_id, "t");
  EXPECT_EQ(v.duplicate_group, "r3-t1-d1");
  EXPECT_EQ(v.round, 3);
  EXPECT_EQ(v.num_players, 2);
  EXPECT_EQ(v.seed, 18446744073709551615ULL);
  EXPECT_EQ(v.first_dealer, 1);
  EXPECT_EQ(v.first_mover, 0);
  ASSERT_EQ(v.seats.size(), 2u);
  EXPECT_EQ(v.seats[0].bot_name, "a\"b");
  EXPECT_EQ(v.seats[0].bot_version, "1");
  EXPECT_EQ(v.seats[1].bot_name, "caf\xC3\xA9 \xF0\x9F\x82\xA1");
  EXPECT_EQ(v.seats[1].seat, 1);
  EXPECT_THAT(v.Teams(), ElementsAre(0, 1));
  EXPECT_THAT(v.places, ElementsAre(1, 2));
  EXPECT_THAT(v.scores, ElementsAre(40, 0));
  ASSERT_EQ(v.faults.size(), 1u);
  EXPECT_EQ(v.faults[0].seat, 1);
  EXPECT_EQ(v.faults[0].reason, "FAULT_REASON_TIMEOUT");
  EXPECT_EQ(v.faults[0].step, 3);
  EXPECT_EQ(v.end_reason, "END_REASON_TARGET");
  EXPECT_THAT(v.team_scores, ElementsAre(40, 0));
  EXPECT_EQ(v.hands_played, 2);
  EXPECT_EQ(v.started_at, "2026-01-01T00:00:00Z");
  EXPECT_EQ(v.finished_at, "");
  ASSERT_EQ(v.steps.size(), 2u);
  EXPECT_FALSE(v.steps[0].strike);
  EXPECT_TRUE(v.steps[1].strike);
  EXPECT_EQ(v.steps[1].seat, 1);
  EXPECT_EQ(v.steps[1].decision_us, 7);
  EXPECT_EQ(v.steps[0].cpu_us, 95);
  EXPECT_EQ(v.steps[1].cpu_us, 4);
  // Steps are skipped unless asked for.
  RecordScanner plain;
  ASSERT_TRUE(plain.Scan(kRecord, &v));
  EXPECT_TRUE(v.steps.empty());
  EXPECT_EQ(v.seats[1].bot_name, "caf\xC3\xA9 \xF0\x9F\x82\xA1");
}

TEST(RecordScanner, CamelCaseNullsAndDefaults) {
  RecordScanner scanner;
  RecordView v;
  ASSERT_TRUE(scanner.Scan(
      R"({"gameId":"x","numPlayers":3,"firstDealer":"2","duplicateGroup":null,)"
      R"("seats":[{"botName":"a"},{"botName":"b"},{"botName":"c"}],)"
      R"("result":{"places":[1.0,2,3],"faults":[{"reason":3}]}})",
      &v));
  EXPECT_EQ(v.game_id, "x");
  EXPECT_EQ(v.duplicate_group, "");
  EXPECT_EQ(v.first_dealer, 2);
  EXPECT_FALSE(v.first_mover);
  EXPECT_FALSE(v.seats[0].seat);
  EXPECT_THAT(v.places, ElementsAre(1, 2, 3));
  EXPECT_EQ(v.faults[0].reason, "3");
  EXPECT_EQ(v.faults[0].seat, 0);
  // All teams 0 (proto3's default): every seat is its own team.
  EXPECT_THAT(v.Teams(), ElementsAre(0, 1, 2));
}

TEST(RecordScanner, FirstMoverOfVersion01Records) {
  RecordScanner scanner;
  RecordView v;
  ASSERT_TRUE(scanner.Scan(R"({"num_players":4,"first_dealer":3})", &v));
  EXPECT_EQ(v.FirstMover(), 0);
  ASSERT_TRUE(scanner.Scan(R"({"num_players":4,"first_dealer":1})", &v));
  EXPECT_EQ(v.FirstMover(), 2);
  ASSERT_TRUE(scanner.Scan(R"({"seats":[{},{},{}],"first_dealer":1})",
                           &v));  // n from the seats
  EXPECT_EQ(v.FirstMover(), 2);
  ASSERT_TRUE(scanner.Scan(R"({"num_players":4,"first_dealer":1,)"
                           R"("first_mover":1})",
                           &v));
  EXPECT_EQ(v.FirstMover(), 1);
}

TEST(RecordScanner, EveryCutIsTorn) {
  RecordScanner scanner({.steps = true});
  RecordView v;
  const std::string whole = kRecord;
  for (size_t cut = 0; cut < whole.size(); ++cut) {
    auto r = scanner.Scan(whole.substr(0, cut), &v);
    ASSERT_FALSE(r) << cut;
    EXPECT_EQ(r.error().kind, Problem::Kind::kTorn)
        << cut << ": " << r.error().message;
    auto id = scanner.GameId(whole.substr(0, cut));
    ASSERT_FALSE(id) << cut;
    EXPECT_EQ(id.error().kind, Problem::Kind::kTorn) << cut;
  }
}

TEST(RecordScanner, MalformedRecordsNameTheProblem) {
  RecordScanner scanner;
  RecordView v;
  auto error = [&](std::string_view text) {
    auto r = scanner.Scan(text, &v);
    EXPECT_FALSE(r) << text;
    if (r) return std::string();
    EXPECT_EQ(r.error().kind, Problem::Kind::kMalformed) << text;
    return r.error().message;
  };
  EXPECT_THAT(error("[1,2]"), HasSubstr("expected a JSON object"));
  EXPECT_THAT(error("{\"a\":1}}"),
              HasSubstr("invalid JSON at column 8: text after the record"));
  EXPECT_THAT(error("{\"a\" 1}"), HasSubstr("expected ':'"));
  EXPECT_THAT(error(R"({"round":"two"})"),
              HasSubstr("field 'round': expected an integer, got \"two\""));
  EXPECT_THAT(error(R"({"result":{"places":[1,"x"]}})"),
              HasSubstr("field 'result.places[1]': expected an integer"));
  EXPECT_THAT(error(R"({"result":{"places":[1,2.5]}})"),
              HasSubstr("field 'result.places[1]': expected an integer, got "
                        "2.5"));
  EXPECT_THAT(error(R"({"result":{"places":[99999999999999999999]}})"),
              HasSubstr("expected an integer"));
  EXPECT_THAT(error(R"({"seats":[{"team":[]}]})"),
              HasSubstr("field 'seats[0].team': expected an integer, got []"));
  EXPECT_THAT(error(R"({"seats":{}})"),
              HasSubstr("field 'seats': expected an array, got {}"));
  EXPECT_THAT(error(R"({"game_id":5})"),
              HasSubstr("field 'game_id': expected a string, got 5"));
  RecordScanner with_steps({.steps = true});
  EXPECT_THAT(
      with_steps.Scan(R"({"steps":[{"seat":true}]})", &v).error().message,
      HasSubstr("field 'steps[0].seat': expected an integer, got true"));
  // Fields the scan skips are checked all the same.
  EXPECT_THAT(error(R"({"seats":[{"seat":nul}]})"),
              HasSubstr("unexpected character"));
  EXPECT_THAT(error(R"({"events":[tru]})"), HasSubstr("unexpected character"));
  EXPECT_THAT(error(R"({"a":"\q"})"), HasSubstr("bad escape in a string"));
  EXPECT_THAT(error(R"({"a":"\u12G4"})"), HasSubstr("bad \\u escape"));
  EXPECT_THAT(error(R"({"game_id":"\ud800"})"),
              HasSubstr("unpaired surrogate"));
  EXPECT_THAT(error(R"({"game_id":"\udc00"})"),
              HasSubstr("unpaired surrogate"));
  EXPECT_THAT(error(R"({"a":01})"), HasSubstr("expected ',' or '}'"));
  EXPECT_THAT(error(R"({"a":-})"), HasSubstr("bad number"));
  EXPECT_THAT(error(R"({"a":1.})"), HasSubstr("bad number"));
  EXPECT_THAT(error("{\"a\":\"x\ty\"}"),
              HasSubstr("control character in a string"));
  EXPECT_THAT(
      error("{\"a\":" + std::string(300, '[') + std::string(300, ']') + "}"),
      HasSubstr("nested too deeply"));
  EXPECT_THAT(error(R"({"a":[1 2]})"), HasSubstr("expected ',' or ']'"));
  EXPECT_THAT(error(R"({"a":1,})"), HasSubstr("expected a member name"));
}

TEST(RecordScanner, GameId) {
  RecordScanner scanner;
  EXPECT_EQ(*scanner.GameId(kRecord), "g1");
  EXPECT_EQ(*scanner.GameId(R"({"gameId":"c\u0041mel"})"), "cAmel");
  EXPECT_THAT(scanner.GameId("{}").error().message, HasSubstr("no game_id"));
  EXPECT_THAT(scanner.GameId(R"({"game_id":""})").error().message,
              HasSubstr("no game_id"));
}

TEST(RecordSummary, FaultReasonNames) {
  EXPECT_EQ(FaultReasonName("FAULT_REASON_MEMORY_LIMIT"), "memory limit");
  EXPECT_EQ(FaultReasonName("8"), "process limit");
  EXPECT_EQ(FaultReasonName("FAULT_REASON_TIMEOUT"), "timeout");
  EXPECT_EQ(FaultReasonName("42"), "reason 42");
  EXPECT_EQ(FaultReasonName(""), "unspecified");
}

TEST(RecordSummary, OfAView) {
  auto s = SummarizeRecord(kRecord);
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(s->game_id, "g1");
  EXPECT_EQ(s->round, 3);
  EXPECT_THAT(s->bots, ElementsAre("a\"b", "caf\xC3\xA9 \xF0\x9F\x82\xA1"));
  EXPECT_THAT(s->places, ElementsAre(1, 2));
  EXPECT_EQ(s->faults, 1);
  EXPECT_THAT(s->fault_seats, ElementsAre(1));
  EXPECT_THAT(s->fault_reasons, ElementsAre("timeout"));
  EXPECT_THAT(s->fault_startup, ElementsAre(false));
  // A bot that never started, as the enum's name or number.
  auto startup = SummarizeRecord(
      R"({"game_id":"x","seats":[{},{}],"result":{"faults":[)"
      R"({"seat":1,"reason":"FAULT_REASON_STARTUP"},{"seat":0,"reason":6},)"
      R"({"seat":0}]}})");
  ASSERT_TRUE(startup) << startup.error().message;
  EXPECT_THAT(startup->fault_startup, ElementsAre(true, true, false));
  EXPECT_THAT(SummarizeRecord(R"({"game_id":"x","seats":[{},{}],)"
                              R"("result":{"places":[1]}})")
                  .error()
                  .message,
              HasSubstr("1 places for 2 seats"));
  EXPECT_THAT(SummarizeRecord(R"({"game_id":"x","seats":[{},{}],)"
                              R"("result":{"faults":[{"seat":2}]}})")
                  .error()
                  .message,
              HasSubstr("result.faults[0].seat: 2 is not a seat"));
  EXPECT_THAT(SummarizeRecord(R"({"seats":[]})").error().message,
              HasSubstr("no game_id"));
}

}  // namespace
}  // namespace arbiter::records
