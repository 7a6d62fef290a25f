#include "arbiter/records/game_record.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include "arbiter/records/json_printer.h"
#include "arbiter/records/record_view.h"

namespace arbiter::records {
namespace {

using ::testing::HasSubstr;

const std::string kV01 = std::string(RECORDS_TESTDATA) + "/v0_1.jsonl";

TEST(GameRecord, JsonRoundTrip) {
  arbiter::v1::GameRecord r;
  r.set_game_id("g");
  r.set_seed(18446744073709551615ULL);
  r.add_seats()->set_bot_name("a");
  r.set_first_mover(1);
  const std::string line = RecordToJson(r);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  EXPECT_THAT(line, HasSubstr("\"seed\":\"18446744073709551615\""));
  auto back = RecordFromJson(line);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(back->SerializeAsString(), r.SerializeAsString());
}

TEST(GameRecord, EveryPrimitiveFieldIsPrinted) {
  arbiter::v1::GameRecord r;
  r.set_game_id("g1");
  r.mutable_result()->set_winner(-1);
  const std::string line = RecordToJson(r);
  // Proto field names, primitives printed even when zero.
  EXPECT_THAT(line, HasSubstr("\"game_id\":\"g1\""));
  EXPECT_THAT(line, HasSubstr("\"num_players\":0"));
  EXPECT_THAT(line, HasSubstr("\"winner\":-1"));
}

TEST(GameRecord, MissingFieldsAndNumbersAsStrings) {
  auto r = RecordFromJson(
      R"({"game_id":"x","num_players":"3","seed":5,"future_field":1})");
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->num_players(), 3);
  EXPECT_EQ(r->seed(), 5u);
  EXPECT_EQ(r->round(), 0);
}

TEST(GameRecord, TornAndMalformedAreToldApart) {
  const std::string line = RecordToJson(arbiter::v1::GameRecord());
  auto torn = RecordFromJson(line.substr(0, line.size() / 2));
  ASSERT_FALSE(torn);
  EXPECT_EQ(torn.error().kind, Problem::Kind::kTorn);
  auto bad = RecordFromJson("{\"game_id\": 3}");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, Problem::Kind::kMalformed);
  // Unknown fields (a newer arbiter's) are ignored.
  EXPECT_TRUE(RecordFromJson("{\"game_id\":\"x\",\"from_the_future\":[1]}"));
}

// A new game's events are skipped where the others' are.
TEST(GameRecord, EventFieldsAreEveryFieldOfEvents) {
  std::set<std::string> named(kEventFields.begin(), kEventFields.end());
  const auto* record = arbiter::v1::GameRecord::descriptor();
  std::set<std::string> fields;
  for (int i = 0; i < record->field_count(); ++i) {
    if (record->field(i)->name().find("event") != std::string::npos) {
      fields.insert(record->field(i)->name());
    }
  }
  EXPECT_EQ(named, fields);
}

// A file written by version 0.1 (package zetema.v1): `arbiter play` games
// of two and four players, one with a crash, and a duplicate-deal
// tournament's pair.
TEST(GameRecord, Version01RecordsRead) {
  std::vector<Problem> problems;
  auto records = ReadGameRecords(kV01, &problems);
  ASSERT_TRUE(records) << records.error();
  EXPECT_TRUE(problems.empty());
  ASSERT_EQ(records->size(), 6u);
  const auto& crash = (*records)[2].record;
  EXPECT_EQ(crash.game_id(), "s4-g1");
  ASSERT_EQ(crash.result().faults_size(), 1);
  EXPECT_EQ(crash.result().faults(0).reason(), arbiter::v1::FAULT_REASON_CRASH);
  EXPECT_EQ((*records)[3].record.num_players(), 4);
  EXPECT_EQ((*records)[5].record.duplicate_group(), "r1-t1-d1");
  EXPECT_FALSE((*records)[0].record.has_first_mover());
  EXPECT_EQ((*records)[1].where, kV01 + ":2");
}

// The scan reads what the full parse reads, on every record of the file.
// The fast printer prints protobuf's text, byte for byte, or declines.
void ExpectProtobufText(const arbiter::v1::GameRecord& r,
                        const std::string& what) {
  EXPECT_EQ(RecordToJson(r), RecordToJsonByProtobuf(r)) << what;
}

TEST(GameRecord, FastJsonIsProtobufs) {
  arbiter::v1::GameRecord r;
  ExpectProtobufText(r, "an empty record");
  std::string out;
  EXPECT_TRUE(PrintJsonFast(r, &out));
  r.set_first_mover(0);  // proto3 optional, set to its default
  r.set_game_id("g1");
  r.set_seed(18446744073709551615ULL);
  r.set_num_players(-3);
  auto* step = r.add_steps();
  step->set_action("discard 9H");
  step->set_request_id(7);
  step->set_strike(true);
  r.add_steps();
  auto* fault = r.mutable_result()->add_faults();
  fault->set_reason(arbiter::v1::FAULT_REASON_TIMEOUT);
  fault->set_detail("the bot's process ended: exit status 3 (see log)");
  r.mutable_result()->add_places(1);
  ExpectProtobufText(r, "a record with steps and a fault");
  // Scalar members of a oneof (and proto3 optional fields) come last.
  r.set_ruleset_toml("base = \"x\"\n");
  ExpectProtobufText(r, "a ruleset in TOML");
  r.mutable_pontoon_ruleset()->set_base("x");
  ExpectProtobufText(r, "a typed ruleset");
  out.clear();
  EXPECT_TRUE(PrintJsonFast(r, &out)) << out;
  // An enum value without a name: protobuf prints its number.
  fault->set_reason(arbiter::v1::FaultReason(99));
  ExpectProtobufText(r, "an unnamed enum value");
  fault->set_reason(arbiter::v1::FAULT_REASON_CRASH);
  // Every printable character, and some that are escaped.
  for (int c = 1; c < 0x80; ++c) {
    r.mutable_seats()->Clear();
    r.add_seats()->set_bot_name("a" + std::string(1, char(c)) + "b");
    ExpectProtobufText(r, "character " + std::to_string(c));
  }
  for (const char* name :
       {"caf\xC3\xA9", "\xE2\x80\xA8", "\xF0\x9F\x82\xA1", "\xEF\xBB\xBF"}) {
    r.mutable_seats(0)->set_bot_name(name);
    ExpectProtobufText(r, name);
  }
}

TEST(GameRecord, FastJsonOfRecordsOfVersion01) {
  auto records = ReadGameRecords(kV01, nullptr);
  ASSERT_TRUE(records);
  ASSERT_FALSE(records->empty());
  for (const auto& [r, where] : *records) {
    std::string out;
    EXPECT_TRUE(PrintJsonFast(r, &out)) << where;
    ExpectProtobufText(r, where);
  }
}

TEST(GameRecord, ScanAgreesWithTheFullParse) {
  auto records = ReadGameRecords(kV01, nullptr);
  ASSERT_TRUE(records);
  auto reader = RecordReader::Open(kV01);
  ASSERT_TRUE(reader);
  RecordScanner scanner({.steps = true});
  RecordView v;
  std::string_view text;
  for (const auto& [r, where] : *records) {
    ASSERT_TRUE(*reader->Next(&text));
    ASSERT_TRUE(scanner.Scan(text, &v)) << where;
    EXPECT_EQ(v.game_id, r.game_id());
    EXPECT_EQ(v.seed, r.seed());
    EXPECT_EQ(v.round, r.round());
    EXPECT_EQ(v.duplicate_group, r.duplicate_group());
    ASSERT_EQ(int(v.seats.size()), r.seats_size());
    for (int s = 0; s < r.seats_size(); ++s) {
      EXPECT_EQ(v.seats[s].bot_name, r.seats(s).bot_name());
      EXPECT_EQ(v.seats[s].team, r.seats(s).team());
      EXPECT_EQ(v.places[s], r.result().places(s));
      EXPECT_EQ(v.scores[s], r.result().scores(s));
    }
    ASSERT_EQ(int(v.faults.size()), r.result().faults_size());
    ASSERT_EQ(int(v.steps.size()), r.steps_size());
    for (int i = 0; i < r.steps_size(); ++i) {
      EXPECT_EQ(v.steps[i].seat, r.steps(i).seat());
      EXPECT_EQ(v.steps[i].decision_us, r.steps(i).decision_us());
    }
    // Version 0.1: the seat after the first dealer moved first.
    EXPECT_EQ(v.FirstMover(), (r.first_dealer() + 1) % r.num_players());
  }
}

// A game just played is summarised from its message: exactly as its line
// would be read back.
void ExpectSummaryOfItsLine(const arbiter::v1::GameRecord& r,
                            const std::string& what) {
  auto mine = SummarizeRecord(r);
  auto read = SummarizeRecord(std::string_view(RecordToJson(r)));
  ASSERT_EQ(mine.has_value(), read.has_value()) << what;
  if (mine) {
    EXPECT_EQ(*mine, *read) << what;
  } else {
    EXPECT_EQ(mine.error(), read.error().message) << what;
  }
}

TEST(GameRecord, SummaryOfTheMessageIsThatOfItsLine) {
  arbiter::v1::GameRecord r;
  r.set_game_id("t-g7");
  r.set_seed(18446744073709551615ULL);
  r.set_round(3);
  r.set_duplicate_group("d4");
  for (int s = 0; s < 4; ++s) {
    auto* seat = r.add_seats();
    seat->set_seat(s);
    seat->set_bot_name("bot \"" + std::to_string(s) + "\"\n");
    seat->set_team(s % 2);
    r.mutable_result()->add_places(s % 2 + 1);
  }
  auto* fault = r.mutable_result()->add_faults();
  fault->set_seat(2);
  fault->set_reason(arbiter::v1::FAULT_REASON_STARTUP);
  fault = r.mutable_result()->add_faults();
  fault->set_seat(1);
  fault->set_reason(arbiter::v1::FaultReason(99));  // unnamed: its number
  ExpectSummaryOfItsLine(r, "teams, faults");
  auto mine = SummarizeRecord(r);
  ASSERT_TRUE(mine);
  EXPECT_EQ(mine->teams, (std::vector<int>{0, 1, 0, 1}));
  EXPECT_EQ(mine->fault_reasons,
            (std::vector<std::string>{"startup", "reason 99"}));
  EXPECT_EQ(mine->fault_startup, (std::vector<bool>{true, false}));
  // Seats without teams: each its own.
  for (auto& seat : *r.mutable_seats()) seat.set_team(0);
  ExpectSummaryOfItsLine(r, "no teams");
  // What does not add up is an error, the same one.
  r.mutable_result()->mutable_faults(0)->set_seat(4);
  ExpectSummaryOfItsLine(r, "a fault's seat out of range");
  r.mutable_result()->add_places(1);
  ExpectSummaryOfItsLine(r, "one place too many");
  r.set_game_id("");
  ExpectSummaryOfItsLine(r, "no game id");
  // And every record of version 0.1.
  auto records = ReadGameRecords(kV01, nullptr);
  ASSERT_TRUE(records);
  for (const auto& [old, where] : *records) ExpectSummaryOfItsLine(old, where);
}

}  // namespace
}  // namespace arbiter::records
