// For tests: whether the fast parser (json_parser.h) and protobuf's agree
// on a line.
#ifndef ARBITER_RECORDS_JSON_PARSER_TESTING_H_
#define ARBITER_RECORDS_JSON_PARSER_TESTING_H_

#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "arbiter/records/game_record.h"
#include "arbiter/records/json_parser.h"

namespace arbiter::records {

enum class FastParse { kTaken, kDeclined };

// Adds a failure when the fast parser reads `line` otherwise than
// protobuf's parser does (accepting what it refuses, or another message),
// or when RecordFromJson gives another outcome (result, error kind or
// message) than protobuf's parser alone. Returns whether the fast parser
// took the line.
inline FastParse ExpectAsProtobuf(std::string_view line,
                                  const std::string& what) {
  const auto protobuf = RecordFromJsonByProtobuf(line);
  arbiter::v1::GameRecord fast;
  const bool taken = ParseJsonFast(line, &fast);
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
      EXPECT_EQ(fast.SerializeAsString(), protobuf->SerializeAsString())
          << what;
    }
  }
  const auto combined = RecordFromJson(line);
  EXPECT_EQ(combined.has_value(), protobuf.has_value()) << what;
  if (combined && protobuf) {
    EXPECT_EQ(combined->SerializeAsString(), protobuf->SerializeAsString())
        << what;
  } else if (!combined && !protobuf) {
    EXPECT_EQ(combined.error().kind, protobuf.error().kind) << what;
    EXPECT_EQ(combined.error().message, protobuf.error().message) << what;
  }
  return taken ? FastParse::kTaken : FastParse::kDeclined;
}

}  // namespace arbiter::records

#endif  // ARBITER_RECORDS_JSON_PARSER_TESTING_H_
