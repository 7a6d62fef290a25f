// For tests: whether the fast parser (json_parser.h) and protobuf's agree
// on a line.
#ifndef ARBITER_RECORDS_JSON_PARSER_TESTING_H_
#define ARBITER_RECORDS_JSON_PARSER_TESTING_H_

#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/records/game_record.h"
#include "arbiter/records/json_parser.h"

namespace arbiter::records {

enum class FastParse { kTaken, kDeclined };

using RecordOrError = std::expected<arbiter::v1::GameRecord, ParseError>;

// Adds a failure when the outcomes differ: the message, or the error's
// kind and text.
inline void ExpectSameOutcome(const RecordOrError& got,
                              const RecordOrError& want,
                              const std::string& what) {
  EXPECT_EQ(got.has_value(), want.has_value()) << what;
  if (got && want) {
    EXPECT_EQ(got->SerializeAsString(), want->SerializeAsString()) << what;
  } else if (!got && !want) {
    EXPECT_EQ(got.error().kind, want.error().kind) << what;
    EXPECT_EQ(got.error().message, want.error().message) << what;
  }
}

// The fields of kEventFields.
inline std::vector<const google::protobuf::FieldDescriptor*> EventFields() {
  std::vector<const google::protobuf::FieldDescriptor*> fields;
  for (std::string_view name : kEventFields) {
    fields.push_back(arbiter::v1::GameRecord::descriptor()->FindFieldByName(
        std::string(name)));
    EXPECT_NE(fields.back(), nullptr) << name;
  }
  return fields;
}

// Adds a failure when the fast parser reads `line` otherwise than
// protobuf's parser does (accepting what it refuses, or another message),
// or when RecordFromJson gives another outcome (result, error kind or
// message) than protobuf's parser alone. The same, skipping the events
// (kEventFields), against protobuf's message with them cleared; skipping
// takes just the lines taken whole. Returns whether the fast parser took
// the line.
inline FastParse ExpectAsProtobuf(std::string_view line,
                                  const std::string& what) {
  const RecordOrError protobuf = RecordFromJsonByProtobuf(line);
  RecordOrError cleared = protobuf;
  const auto events = EventFields();
  if (cleared) {
    for (const auto* field : events) {
      cleared->GetReflection()->ClearField(&*cleared, field);
    }
  }
  arbiter::v1::GameRecord fast, fast_skipping;
  const bool taken = ParseJsonFast(line, &fast);
  const bool taken_skipping = ParseJsonFast(line, &fast_skipping, events);
  EXPECT_EQ(taken_skipping, taken)
      << what << ": taken only " << (taken ? "whole" : "skipping events");
  if (taken) {
    EXPECT_TRUE(protobuf.has_value())
        << what << ": taken, but protobuf's parser refuses it: "
        << protobuf.error().message << "\n"
        << line.substr(0, 2000);
    if (protobuf) {
      EXPECT_TRUE(
          google::protobuf::util::MessageDifferencer::Equals(fast, *protobuf))
          << what << ": another message than protobuf's\n"
          << line.substr(0, 2000);
      ExpectSameOutcome(fast, protobuf, what);
    }
  }
  if (taken_skipping) {
    ExpectSameOutcome(fast_skipping, cleared, what + ", events skipped");
  }
  ExpectSameOutcome(RecordFromJson(line), protobuf, what);
  ExpectSameOutcome(RecordFromJson(line, {.skip = kEventFields}), cleared,
                    what + ", events skipped");
  return taken ? FastParse::kTaken : FastParse::kDeclined;
}

}  // namespace arbiter::records

#endif  // ARBITER_RECORDS_JSON_PARSER_TESTING_H_
