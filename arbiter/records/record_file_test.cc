#include "arbiter/records/record_file.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "arbiter/records/record_writer.h"

namespace arbiter::records {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

struct Read {
  std::vector<std::string> records;
  std::vector<int64_t> lines;
  std::vector<Problem> problems;
  bool last_unterminated = false;
};

Read ReadAll(RecordReader reader) {
  Read out;
  std::string_view text;
  for (;;) {
    auto more = reader.Next(&text);
    EXPECT_TRUE(more) << more.error();
    if (!more || !*more) break;
    out.records.emplace_back(text);
    out.lines.push_back(reader.line());
    out.last_unterminated = reader.AtUnterminatedEnd();
  }
  out.problems = reader.problems();
  return out;
}

Read ReadText(std::string text) {
  return ReadAll(RecordReader::FromString(std::move(text), "t"));
}

std::string Frames(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& line : lines) out += CompressRecord(line, 3);
  return out;
}

TEST(RecordReader, JsonLines) {
  auto r = ReadText("{\"a\":1}\n\n  \n{\"b\":2}\r\n{\"c\":3}");
  EXPECT_THAT(r.records, ElementsAre("{\"a\":1}", "{\"b\":2}", "{\"c\":3}"));
  EXPECT_THAT(r.lines, ElementsAre(1, 4, 5));
  EXPECT_TRUE(r.last_unterminated);
  EXPECT_TRUE(r.problems.empty());
  EXPECT_FALSE(ReadText("{}\n").last_unterminated);
  EXPECT_TRUE(ReadText("").records.empty());
}

TEST(RecordReader, LinesLongerThanTheBuffer) {
  const std::string big = "{\"x\":\"" + std::string(3 << 20, 'y') + "\"}";
  auto r = ReadText(big + "\n{}\n" + big);
  ASSERT_EQ(r.records.size(), 3u);
  EXPECT_EQ(r.records[0], big);
  EXPECT_EQ(r.records[2], big);
  auto z = ReadText(Frames({big, "{}", big}));
  ASSERT_EQ(z.records.size(), 3u);
  EXPECT_EQ(z.records[2], big);
}

TEST(RecordReader, ZstdFramesReadAsLines) {
  auto r = ReadText(Frames({"{\"a\":1}", "{\"b\":2}"}));
  EXPECT_THAT(r.records, ElementsAre("{\"a\":1}", "{\"b\":2}"));
  EXPECT_THAT(r.lines, ElementsAre(1, 2));
  EXPECT_TRUE(r.problems.empty());
}

TEST(RecordReader, OneZstdFrameOfManyLines) {
  // What `zstd games.jsonl` makes.
  const std::string text = "{\"a\":1}\n{\"b\":2}\n\n{\"c\":3}\n";
  std::string frame(ZSTD_compressBound(text.size()), '\0');
  frame.resize(
      ZSTD_compress(frame.data(), frame.size(), text.data(), text.size(), 3));
  auto r = ReadText(frame + Frames({"{\"d\":4}"}));
  EXPECT_THAT(r.records,
              ElementsAre("{\"a\":1}", "{\"b\":2}", "{\"c\":3}", "{\"d\":4}"));
  EXPECT_THAT(r.lines, ElementsAre(1, 2, 4, 5));
}

TEST(RecordReader, TornLastFrameIsSkippedAndReported) {
  const std::string whole = Frames({"{\"a\":1}", "{\"b\":2}"});
  const std::string last = CompressRecord("{\"c\":3}", 3);
  for (size_t cut = 1; cut < last.size(); ++cut) {
    auto r = ReadText(whole + last.substr(0, cut));
    EXPECT_THAT(r.records, ElementsAre("{\"a\":1}", "{\"b\":2}")) << cut;
    ASSERT_EQ(r.problems.size(), 1u) << cut;
    EXPECT_EQ(r.problems[0].kind, Problem::Kind::kTorn);
    EXPECT_THAT(r.problems[0].where, HasSubstr("(after line 2)"));
    EXPECT_THAT(r.problems[0].message, HasSubstr("cut short"));
  }
}

TEST(RecordReader, TornFrameFollowedByMoreRecords) {
  // A kill mid-write, then a resumed run appending after the torn bytes.
  const std::string torn =
      CompressRecord("{\"torn\":\"" + std::string(300, 'x') + "\"}", 3);
  for (size_t cut : {size_t(3), size_t(10), torn.size() / 2, torn.size() - 1}) {
    auto r = ReadText(Frames({"{\"a\":1}"}) + torn.substr(0, cut) +
                      Frames({"{\"b\":2}", "{\"c\":3}"}));
    EXPECT_THAT(r.records, ElementsAre("{\"a\":1}", "{\"b\":2}", "{\"c\":3}"))
        << cut;
    ASSERT_EQ(r.problems.size(), 1u) << cut;
    EXPECT_EQ(r.problems[0].kind, Problem::Kind::kTorn) << cut;
  }
}

TEST(RecordReader, DamagedFrameIsMalformedAndTheRestRead) {
  std::string data = Frames(
      {"{\"a\":1}", "{\"b\":\"" + std::string(200, 'q') + "\"}", "{\"c\":3}"});
  const size_t first = CompressRecord("{\"a\":1}", 3).size();
  data[first + 20] ^= 0x55;  // inside the second frame
  auto r = ReadText(data);
  EXPECT_THAT(r.records, ElementsAre("{\"a\":1}", "{\"c\":3}"));
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0].kind, Problem::Kind::kMalformed);
  EXPECT_THAT(r.problems[0].message, HasSubstr("zstd"));
}

TEST(RecordReader, OpenNamesTheFile) {
  auto missing = RecordReader::Open("/no/such/records.jsonl");
  ASSERT_FALSE(missing);
  EXPECT_THAT(missing.error(), HasSubstr("/no/such/records.jsonl"));
  auto dir = RecordReader::Open("/tmp");
  ASSERT_FALSE(dir);
  EXPECT_THAT(dir.error(), HasSubstr("directory"));
}

TEST(RecordReader, FilesOfBothEncodings) {
  char tmpl[] = "/tmp/record_file_test.XXXXXX";
  const std::filesystem::path dir = ::mkdtemp(tmpl);
  std::ofstream(dir / "a.jsonl") << "{\"a\":1}\n{\"b\":2}\n";
  // The content tells the encoding, not the name.
  std::ofstream(dir / "b.jsonl", std::ios::binary)
      << Frames({"{\"a\":1}", "{\"b\":2}"});
  for (const char* name : {"a.jsonl", "b.jsonl"}) {
    auto reader = RecordReader::Open(dir / name);
    ASSERT_TRUE(reader) << reader.error();
    EXPECT_EQ(reader->encoding(), std::string(name) == "a.jsonl"
                                      ? Encoding::kJsonLines
                                      : Encoding::kZstd);
    auto r = ReadAll(std::move(*reader));
    EXPECT_THAT(r.records, ElementsAre("{\"a\":1}", "{\"b\":2}")) << name;
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace arbiter::records
