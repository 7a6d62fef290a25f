#include "arbiter/records/json_parser.h"

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "arbiter/records/game_record.h"
#include "arbiter/records/json_parser_testing.h"
#include "arbiter/records/record_file.h"

namespace arbiter::records {
namespace {

namespace fs = std::filesystem;

// Every record file in a testdata folder of the source tree.
std::vector<fs::path> TestdataRecordFiles() {
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(SOURCE_DIR);
       it != fs::recursive_directory_iterator(); ++it) {
    const std::string name = it->path().filename().string();
    if (it->is_directory() &&
        (name.starts_with(".") || name.starts_with("build") ||
         name == "node_modules")) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file() &&
        it->path().parent_path().filename() == "testdata" &&
        (name.ends_with(".jsonl") || name.ends_with(".jsonl.zst"))) {
      files.push_back(it->path());
    }
  }
  return files;
}

// The lines of every testdata record file.
std::vector<std::string> TestdataLines() {
  std::vector<std::string> lines;
  for (const fs::path& file : TestdataRecordFiles()) {
    auto reader = RecordReader::Open(file);
    EXPECT_TRUE(reader) << reader.error();
    if (!reader) continue;
    std::string_view line;
    while (*reader->Next(&line)) lines.emplace_back(line);
  }
  return lines;
}

TEST(JsonParser, EveryTestdataRecordIsReadAsProtobufReadsIt) {
  const auto files = TestdataRecordFiles();
  EXPECT_GE(files.size(), 2u);  // arbiter/records and arbiter/report's
  const auto lines = TestdataLines();
  ASSERT_GE(lines.size(), 6u);
  for (size_t i = 0; i < lines.size(); ++i) {
    const bool good = RecordFromJsonByProtobuf(lines[i]).has_value();
    const FastParse fast = ExpectAsProtobuf(lines[i], fmt::format("{}", i));
    // Every record protobuf reads, the fast parser reads.
    if (good) EXPECT_EQ(fast, FastParse::kTaken) << lines[i].substr(0, 300);
  }
}

void ExpectTaken(const std::string& line) {
  EXPECT_EQ(ExpectAsProtobuf(line, line), FastParse::kTaken) << line;
}
void ExpectDeclined(const std::string& line) {
  EXPECT_EQ(ExpectAsProtobuf(line, line), FastParse::kDeclined) << line;
}

TEST(JsonParser, BothSpellingsOfAFieldsName) {
  ExpectTaken(
      R"({"gameId":"x","numPlayers":3,"firstMover":1,"first_dealer":2,)"
      R"("seats":[{"botName":"a","helloBotName":"b","bot_hash":"h"}],)"
      R"("result":{"endReason":"END_REASON_TARGET","teamScores":[1,2]}})");
  // Any other spelling is an unknown field.
  ExpectTaken(R"({"GameId":"x","game_ID":"y","num players":3,"x":{"":1}})");
  // But none: protobuf refuses it.
  ExpectDeclined(R"({"":1})");
  ExpectDeclined(R"({"seats":[{"":{}}]})");
}

TEST(JsonParser, IntegersAsNumbersOrStrings) {
  ExpectTaken(
      R"({"seed":"18446744073709551615","num_players":"-3","round":0,)"
      R"("steps":[{"request_id":"5","decision_us":"4294967295","seat":-1},)"
      R"({"request_id":18446744073709551615,"cpu_us":7}],)"
      R"("result":{"scores":["1",-2,"2147483647",-2147483648,"1\u0030",-0]}})");
  // Out of range, or spelled otherwise: protobuf decides (and mostly
  // refuses).
  for (const char* value :
       {"2147483648", "-2147483649", "\"2147483648\"", "1.0", "1e2", "\"1e2\"",
        "\"007\"", "\"-0\"", "\" 1\"", "\"\"", "\"0x10\"", "true", "{}", "[1]",
        "[]"}) {
    ExpectDeclined(fmt::format(R"({{"num_players":{}}})", value));
  }
  for (const char* value : {"-1", "\"-1\"", "18446744073709551616"}) {
    ExpectDeclined(fmt::format(R"({{"seed":{}}})", value));
  }
  ExpectDeclined(R"({"steps":[{"decision_us":4294967296}]})");
}

TEST(JsonParser, EnumsByNameOrNumber) {
  ExpectTaken(R"({"result":{"end_reason":"END_REASON_FORFEIT","faults":[)"
              R"({"reason":1},{"reason":99},{"reason":-5},)"
              R"({"reason":"FAULT_REASON_CRASH"},{"reason":0}]}})");
  // A name protobuf must make sense of (case, a number in a string, an
  // unknown name), or a number out of range.
  for (const char* value :
       {"\"end_reason_forfeit\"", "\"3\"", "\"NO_SUCH_REASON\"", "\"\"",
        "2147483648", "1.5"}) {
    ExpectDeclined(fmt::format(R"({{"result":{{"end_reason":{}}}}})", value));
  }
}

TEST(JsonParser, NullLeavesAFieldUnset) {
  ExpectTaken(R"({"game_id":null,"num_players":null,"seed":null,"result":null,)"
              R"("seats":null,"steps":[{"strike":null,"action":null}],)"
              R"("event_texts":null})");
  // For a oneof member (a proto3 optional field is one), and in a list,
  // protobuf decides.
  ExpectDeclined(R"({"first_mover":null})");
  ExpectDeclined(R"({"ruleset_toml":null})");
  ExpectDeclined(R"({"event_texts":["a",null]})");
  ExpectDeclined(R"({"seats":[null]})");
  ExpectDeclined(R"({"result":{"places":[1,null]}})");
}

TEST(JsonParser, PresenceAsProtobufSetsIt) {
  ExpectTaken(R"({"result":{},"first_mover":0,"seats":[{"hello_note":""}]})");
  ExpectTaken(R"({"ruleset":{},"steps":[{},{}],"deals":[]})");
  ExpectTaken(R"({"pontoon_ruleset":{"base":"x"}})");
}

TEST(JsonParser, UnknownFieldsOfAnyValueAreSkipped) {
  ExpectTaken(
      R"({"x":{"a":[1,2.5e3,-0.0,{"b":null}],"c":"\u00e9\ud83d\ude00"},)"
      R"("game_id":"g","y":-0,"z":true,"w":false,"v":"","u":[],"t":{},)"
      R"("seats":[{"future":[[[]]],"seat":1,"n":123456789012345678901234}]})");
  // What protobuf refuses even in an unknown field: a number beyond a
  // double, an unpaired surrogate; and what it reads but this leaves to
  // it: values nested deeper than 64.
  ExpectDeclined(R"({"x":1e999})");
  ExpectDeclined(R"({"x":-1e999})");
  ExpectDeclined(R"({"x":)" + std::string(400, '9') + "}");
  ExpectDeclined(R"({"x":"\ud800"})");
  ExpectDeclined(R"({"x":"\udc00x"})");
  ExpectDeclined(R"({"x":"\ud800\u0041"})");
  for (const int depth : {70, 99, 100, 101, 150}) {
    ExpectDeclined(R"({"x":)" + std::string(size_t(depth), '[') +
                   std::string(size_t(depth), ']') + "}");
    std::string objects;
    for (int d = 0; d < depth; ++d) objects += R"({"a":)";
    objects += "1" + std::string(size_t(depth), '}');
    ExpectDeclined(R"({"x":)" + objects + "}");
  }
}

TEST(JsonParser, StringEscapes) {
  ExpectTaken(
      R"({"game_id":"a\"b\\c\/d\b\f\n\r\t\u0041\u00e9\u4e2d\ud83d\ude00\u0000",)"
      R"("seats":[{"bot_name":"caf)"
      "\xC3\xA9 \xF0\x9F\x82\xA1"
      R"("}],"game\u005fid2":1,"game\u005fid":"k"})");
  // Protobuf's extra escapes (\v, \x), raw control characters and bad
  // surrogates: protobuf decides.
  for (const char* value :
       {R"("\v")", R"("\x")", "\"a\tb\"", R"("\ud800")", R"("\udc00")",
        R"("\ud800\ud800")", R"("\u12")", R"("\u12G4")"}) {
    ExpectDeclined(fmt::format(R"({{"game_id":{}}})", value));
  }
}

TEST(JsonParser, InvalidUtf8IsLeftToProtobuf) {
  for (const char* bytes : {"\xFF", "\xC0\xAF", "\xE0\x80\xAF", "\xED\xA0\x80",
                            "\xF4\x90\x80\x80", "\xC3", "\xE2\x82", "\x80"}) {
    ExpectDeclined(fmt::format(R"({{"game_id":"a{}b"}})", bytes));
    ExpectDeclined(fmt::format(R"({{"x":"{}"}})", bytes));
  }
}

TEST(JsonParser, DuplicateKeysAsProtobufReadsThem) {
  // The last scalar wins, repeated fields add up, messages merge.
  ExpectTaken(R"({"game_id":"a","game_id":"b","num_players":1,"numPlayers":2,)"
              R"("seats":[{"seat":1}],"seats":[{"seat":2,"seat":3}],)"
              R"("result":{"winner":1,"places":[1]},)"
              R"("result":{"hands_played":3,"places":[2]}})");
  // A oneof set twice: protobuf refuses; the same member twice too.
  ExpectDeclined(R"({"ruleset_toml":"a","pontoon_ruleset":{}})");
  ExpectDeclined(R"({"ruleset_toml":"a","ruleset_toml":"b"})");
  ExpectDeclined(R"({"first_mover":1,"firstMover":1})");
}

TEST(JsonParser, SpacesAnywhereJsonAllowsThem) {
  ExpectTaken(
      " \t{ \"game_id\" :\n\"g\" , \"seats\" : [ { \"seat\" : 1 } "
      ", {} ] , \"seed\" : \"5\" }\r\n ");
}

TEST(JsonParser, WhatIsNotPlainJsonIsLeftToProtobuf) {
  for (const char* line : {"",
                           " ",
                           "null",
                           "[]",
                           "\"x\"",
                           "{",
                           "{\"game_id\":\"x\",}",
                           "{'game_id':'x'}",
                           "{game_id:\"x\"}",
                           "{\"game_id\":\"x\"} x",
                           "{\"game_id\":\"x\"}{}",
                           "{\"seats\":[{},]}",
                           "{\"seats\":{}}",
                           "{\"result\":[]}",
                           "{\"game_id\":[\"x\"]}",
                           "{\"steps\":[1]}",
                           "{\"event_texts\":\"x\"}",
                           "{\"game_id\" \"x\"}",
                           "\xEF\xBB\xBF{}",
                           "{\"game_id\":\"x\"\f}",
                           "{\"game_id\":01}",
                           "{\"x\":01.5}",
                           "{\"x\":.5}",
                           "{\"x\":nul}",
                           "{\"x\":True}"}) {
    ExpectDeclined(line);
  }
}

TEST(JsonParser, TornAndMalformedLinesAsBefore) {
  const std::string line = TestdataLines().at(0);
  for (size_t cut : {size_t(1), size_t(10), line.size() / 2, line.size() - 1}) {
    ExpectDeclined(line.substr(0, cut));
    auto torn = RecordFromJson(line.substr(0, cut));
    ASSERT_FALSE(torn);
    EXPECT_EQ(torn.error().kind, Problem::Kind::kTorn);
  }
  auto bad = RecordFromJson(R"({"game_id": 3})");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, Problem::Kind::kMalformed);
  EXPECT_EQ(bad.error().message,
            RecordFromJsonByProtobuf(R"({"game_id": 3})").error().message);
}

TEST(JsonParser, SkippedFieldsAreLeftUnset) {
  // Both spellings of a name; null; a field given twice.
  const std::string line =
      R"({"game_id":"g","events":[{"type":"EVENT_TYPE_DEAL","seat":1}],)"
      R"("eventTexts":["a"],"pontoon_events":[{}],"seed":"7",)"
      R"("scotch_whist_events":null,"events":[{"text":"t"}],"round":2})";
  ExpectTaken(line);
  auto whole = RecordFromJson(line);
  ASSERT_TRUE(whole) << whole.error().message;
  EXPECT_EQ(whole->events_size(), 2);
  EXPECT_EQ(whole->event_texts_size(), 1);
  EXPECT_EQ(whole->pontoon_events_size(), 1);
  auto skipped = RecordFromJson(line, {.skip = kEventFields});
  ASSERT_TRUE(skipped) << skipped.error().message;
  EXPECT_EQ(skipped->events_size(), 0);
  EXPECT_EQ(skipped->event_texts_size(), 0);
  EXPECT_EQ(skipped->pontoon_events_size(), 0);
  EXPECT_EQ(skipped->game_id(), "g");
  EXPECT_EQ(skipped->seed(), 7u);
  EXPECT_EQ(skipped->round(), 2);
  // Only the fields named.
  auto some = RecordFromJson(line, {.skip = {"event_texts"}});
  ASSERT_TRUE(some) << some.error().message;
  EXPECT_EQ(some->event_texts_size(), 0);
  EXPECT_EQ(some->events_size(), 2);
  EXPECT_EQ(some->pontoon_events_size(), 1);
  auto others = RecordFromJson(line, {.skip = {"game_id", "seed"}});
  ASSERT_TRUE(others) << others.error().message;
  EXPECT_EQ(others->game_id(), "");
  EXPECT_EQ(others->seed(), 0u);
  EXPECT_EQ(others->round(), 2);
  EXPECT_EQ(others->events_size(), 2);
  // A line left to protobuf's parser (a trailing comma): the fields are
  // cleared after it.
  const std::string trailing = R"({"events":[{"seat":1}],"game_id":"g",})";
  ExpectDeclined(trailing);
  ASSERT_EQ(RecordFromJson(trailing).value().events_size(), 1);
  auto left = RecordFromJson(trailing, {.skip = kEventFields});
  ASSERT_TRUE(left) << left.error().message;
  EXPECT_EQ(left->events_size(), 0);
  EXPECT_EQ(left->game_id(), "g");
}

TEST(JsonParser, SkippedFieldsAreStillChecked) {
  // Values protobuf refuses in these fields, though well-formed JSON.
  for (const char* member :
       {R"("events":"x")", R"("events":[1])", R"("events":[{"seat":"x"}])",
        R"("events":[{"seat":2147483648}])", R"("events":[{"text":"\ud800"}])",
        R"("event_texts":[1])", R"("eventTexts":[{}])",
        R"("pontoon_events":[true])", R"("scotch_whist_events":[{"seat":[]}])",
        R"("events":[{"seat":1])"}) {
    const std::string line = fmt::format(R"({{"game_id":"g",{}}})", member);
    ASSERT_FALSE(RecordFromJsonByProtobuf(line)) << line;
    ExpectDeclined(line);
    auto skipped = RecordFromJson(line, {.skip = kEventFields});
    ASSERT_FALSE(skipped) << line;
    EXPECT_EQ(skipped.error().kind, Problem::Kind::kMalformed) << line;
  }
  // Cut inside a skipped field: torn.
  auto torn = RecordFromJson(R"({"game_id":"g","events":[{"seat":1)",
                             {.skip = kEventFields});
  ASSERT_FALSE(torn);
  EXPECT_EQ(torn.error().kind, Problem::Kind::kTorn);
}

// ------------------------------------------------------------ randomized

// A record's line changed at random, as a careless tool, a newer arbiter
// or a torn write would: protobuf's parser is the judge of the outcome.
class Mutator {
 public:
  explicit Mutator(uint32_t seed) : rng_(seed) {}

  std::string Mutate(std::string s) {
    const int n = 1 + int(Below(3));
    for (int k = 0; k < n && !s.empty(); ++k) Once(s);
    return s;
  }

 private:
  size_t Below(size_t n) { return n == 0 ? 0 : size_t(rng_() % n); }
  // The position of a random occurrence of `what`, or npos.
  size_t Find(const std::string& s, std::string_view what) {
    const size_t from = Below(s.size());
    size_t at = s.find(what, from);
    return at != std::string::npos ? at : s.find(what);
  }

  void Once(std::string& s) {
    switch (Below(11)) {
      case 0:  // drop a member
        if (size_t at = Find(s, ",\""); at != std::string::npos) {
          const size_t next = s.find_first_of(",}", s.find(':', at + 2));
          if (next != std::string::npos) s.erase(at, next - at);
        }
        break;
      case 1:  // a key in its JSON spelling
        if (size_t at = Find(s, "_");
            at != std::string::npos && at + 1 < s.size()) {
          s.erase(at, 1);
          s[at] = char(std::toupper(static_cast<unsigned char>(s[at])));
        }
        break;
      case 2:  // a number as a string
        if (size_t at = Find(s, ":"); at != std::string::npos) {
          size_t end = at + 1;
          while (end < s.size() && (std::isdigit(s[end]) || s[end] == '-')) {
            ++end;
          }
          if (end > at + 1) {
            s.insert(end, "\"");
            s.insert(at + 1, "\"");
          }
        }
        break;
      case 3:  // an escaped character
        if (size_t at = Below(s.size());
            std::isalnum(static_cast<unsigned char>(s[at]))) {
          s.replace(at, 1, fmt::format("\\u{:04x}", int(s[at])));
        }
        break;
      case 4:  // an unknown member with a nested value
        if (size_t at = Find(s, "{"); at != std::string::npos) {
          s.insert(at + 1, kUnknown[Below(std::size(kUnknown))]);
        }
        break;
      case 5:  // torn
        s.resize(Below(s.size()));
        break;
      case 6:  // null
        if (size_t at = Find(s, ":"); at != std::string::npos) {
          const size_t end = s.find_first_of(",}]", at);
          if (end != std::string::npos) s.replace(at + 1, end - at - 1, "null");
        }
        break;
      case 7:  // a duplicate member
        if (size_t at = Find(s, ",\""); at != std::string::npos) {
          const size_t end = s.find_first_of(",}", s.find(':', at + 2));
          if (end != std::string::npos) s.insert(at, s.substr(at, end - at));
        }
        break;
      case 8:  // spaces
        s.insert(Below(s.size()), kSpaces[Below(std::size(kSpaces))]);
        break;
      case 9:  // a byte changed
        s[Below(s.size())] = kBytes[Below(std::size(kBytes) - 1)];
        break;
      case 10:  // a value replaced by another kind of value
        if (size_t at = Find(s, ":"); at != std::string::npos) {
          const size_t end = s.find_first_of(",}", at);
          if (end != std::string::npos) {
            s.replace(at + 1, end - at - 1, kValues[Below(std::size(kValues))]);
          }
        }
        break;
    }
  }

  static constexpr const char* kUnknown[] = {
      R"("zz":{"a":[1,"x",null,{"b":[]}],"c":-1.5e3},)",
      R"("zz":[[[{"q":"\u00e9\ud83d\ude00"}]]],)",
      R"("zz":1e999,)",
      R"("zz":"\ud800",)",
      R"("zz":true,"zy":false,"zx":null,)",
  };
  static constexpr const char* kSpaces[] = {" ", "\n", "\t", "\r", "\f", "\v"};
  static constexpr char kBytes[] = "\"{}[],:\\0a-.e\x80\xff\x01 ";
  static constexpr const char* kValues[] = {
      "0",    "-1",          "\"\"",          "\"END_REASON_TARGET\"",
      "1.5",  "2147483648",  "\"99\"",        "{}",
      "[]",   "[1,2]",       "[\"a\",\"b\"]", "true",
      "null", "\"\\u0031\"", "[{}]",          "99"};

  std::mt19937 rng_;
};

// Records of every testdata file, each cut to a few steps and events (the
// test is about the fields, and protobuf's parser is slow).
std::vector<std::string> SmallRecords() {
  std::vector<std::string> small;
  for (const std::string& line : TestdataLines()) {
    auto r = RecordFromJsonByProtobuf(line);
    if (!r) continue;
    auto keep = [](auto* list, int n) {
      if (list->size() > n) list->DeleteSubrange(n, list->size() - n);
    };
    keep(r->mutable_steps(), 4);
    keep(r->mutable_events(), 4);
    keep(r->mutable_deals(), 1);
    small.push_back(RecordToJson(*r));
  }
  return small;
}

TEST(JsonParser, MutatedRecordsAreReadAsProtobufReadsThem) {
  const auto records = SmallRecords();
  ASSERT_FALSE(records.empty());
  Mutator mutator(2026);
  int taken = 0;
  constexpr int kRuns = 3000;
  for (int i = 0; i < kRuns; ++i) {
    const std::string line =
        mutator.Mutate(records[size_t(i) % records.size()]);
    taken += ExpectAsProtobuf(line, fmt::format("mutation {}", i)) ==
             FastParse::kTaken;
    if (HasFailure()) break;
  }
  // The fast parser takes much of it: the comparisons are not all of
  // protobuf with itself.
  EXPECT_GT(taken, kRuns / 4);
}

}  // namespace
}  // namespace arbiter::records
