#include "arbiter/records/record_writer.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <thread>

namespace arbiter::records {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

class RecordWriterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/record_writer_test.XXXXXX";
    dir_ = ::mkdtemp(tmpl);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::vector<std::string> Records(const std::filesystem::path& path,
                                   std::vector<Problem>* problems = nullptr) {
    auto reader = RecordReader::Open(path);
    EXPECT_TRUE(reader) << reader.error();
    std::vector<std::string> out;
    std::string_view text;
    while (reader && *reader->Next(&text)) out.emplace_back(text);
    if (problems) *problems = reader->problems();
    return out;
  }
  std::string Bytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }

  std::filesystem::path dir_;
};

TEST_F(RecordWriterTest, AppendsJsonLines) {
  const auto path = dir_ / "g.jsonl";
  {
    auto w = RecordWriter::Open(path);
    ASSERT_TRUE(w) << w.error();
    EXPECT_EQ(w->encoding(), Encoding::kJsonLines);
    ASSERT_TRUE(w->Append("{\"a\":1}"));
  }
  auto w = RecordWriter::Open(path);
  ASSERT_TRUE(w->Append("{\"b\":2}"));
  EXPECT_EQ(Bytes(path), "{\"a\":1}\n{\"b\":2}\n");
  EXPECT_THAT(w->Append("{\"c\":\n3}").error(), HasSubstr("one line"));
}

TEST_F(RecordWriterTest, ATornLineGetsItsNewline) {
  const auto path = dir_ / "g.jsonl";
  std::ofstream(path) << "{\"a\":1}\n{\"b\":";
  auto w = RecordWriter::Open(path);
  ASSERT_TRUE(w->Append("{\"c\":3}"));
  EXPECT_EQ(Bytes(path), "{\"a\":1}\n{\"b\":\n{\"c\":3}\n");
}

TEST_F(RecordWriterTest, ZstdByNameThenByContent) {
  const auto path = dir_ / "g.jsonl.zst";
  {
    auto w = RecordWriter::Open(path);
    ASSERT_TRUE(w) << w.error();
    EXPECT_EQ(w->encoding(), Encoding::kZstd);
    ASSERT_TRUE(w->Append("{\"a\":1}"));
  }
  // A file keeps its encoding, whatever its name says.
  std::filesystem::rename(path, dir_ / "g.jsonl");
  auto w = RecordWriter::Open(dir_ / "g.jsonl");
  EXPECT_EQ(w->encoding(), Encoding::kZstd);
  ASSERT_TRUE(w->Append("{\"b\":2}"));
  EXPECT_THAT(Records(dir_ / "g.jsonl"), ElementsAre("{\"a\":1}", "{\"b\":2}"));
  // A kill mid-write, then a resumed run: the torn frame is reported, every
  // whole record is read.
  const std::string torn = CompressRecord("{\"torn\":1}");
  std::ofstream(dir_ / "g.jsonl", std::ios::app | std::ios::binary)
      << torn.substr(0, torn.size() / 2);
  auto again = RecordWriter::Open(dir_ / "g.jsonl");
  ASSERT_TRUE(again->Append("{\"c\":3}"));
  std::vector<Problem> problems;
  EXPECT_THAT(Records(dir_ / "g.jsonl", &problems),
              ElementsAre("{\"a\":1}", "{\"b\":2}", "{\"c\":3}"));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].kind, Problem::Kind::kTorn);
}

TEST_F(RecordWriterTest, CreateNewRefusesAFile) {
  std::ofstream(dir_ / "x.jsonl") << "";
  auto w = RecordWriter::Open(dir_ / "x.jsonl", {.create_new = true});
  ASSERT_FALSE(w);
  EXPECT_THAT(w.error(), HasSubstr("x.jsonl"));
  EXPECT_FALSE(RecordWriter::Open(dir_ / "no" / "dir.jsonl"));
  EXPECT_FALSE(RecordWriter::Open(dir_));
}

TEST_F(RecordWriterTest, ThreadsAppendWholeRecords) {
  for (const char* name : {"t.jsonl", "t.jsonl.zst"}) {
    auto w = RecordWriter::Open(dir_ / name, {.sync_each = false});
    ASSERT_TRUE(w);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([&, t] {
        for (int i = 0; i < 50; ++i) {
          const std::string pad(size_t(i * 37 % 500), 'p');
          ASSERT_TRUE(w->Append("{\"t\":" + std::to_string(t) + ",\"pad\":\"" +
                                pad + "\"}"));
        }
      });
    }
    for (auto& t : threads) t.join();
    ASSERT_TRUE(w->Sync());
    std::vector<Problem> problems;
    const auto records = Records(dir_ / name, &problems);
    EXPECT_EQ(records.size(), 200u) << name;
    EXPECT_TRUE(problems.empty()) << name;
    for (const auto& r : records) EXPECT_EQ(r.back(), '}') << name;
  }
}

}  // namespace
}  // namespace arbiter::records
