#include "arbiter/tournament/background_writer.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace arbiter::tournament {
namespace {

using ::testing::HasSubstr;

class BackgroundWriterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/background_writer_test.XXXXXX";
    dir_ = ::mkdtemp(tmpl);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  records::RecordWriter Open(const std::string& name) {
    auto writer =
        records::RecordWriter::Open(dir_ / name, {.sync_each = false});
    EXPECT_TRUE(writer) << writer.error();
    return std::move(*writer);
  }
  std::vector<std::string> Lines(const std::string& name) {
    std::ifstream in(dir_ / name);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
  }

  std::filesystem::path dir_;
};

std::string Record(int i) {
  // Large enough that the queue fills and batches form.
  return "{\"game_id\":\"g" + std::to_string(i) + "\",\"pad\":\"" +
         std::string(4000, 'x') + "\"}";
}

TEST_F(BackgroundWriterTest,
       FlushReturnsOnceEveryRecordOfEveryThreadIsWritten) {
  BackgroundWriter writer(Open("a.jsonl"), /*max_queued=*/4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 3; ++t) {
    threads.emplace_back([&writer, t] {
      for (int i = 0; i < 100; ++i) writer.Append(Record(t * 100 + i));
    });
  }
  for (auto& t : threads) t.join();
  ASSERT_TRUE(writer.Flush());
  const std::vector<std::string> lines = Lines("a.jsonl");
  ASSERT_EQ(lines.size(), 300u);
  std::set<std::string> seen(lines.begin(), lines.end());
  for (int i = 0; i < 300; ++i) {
    EXPECT_TRUE(seen.contains(Record(i))) << "record " << i;
  }
  EXPECT_EQ(writer.error(), "");
}

TEST_F(BackgroundWriterTest, DestructorWritesWhatIsQueued) {
  {
    BackgroundWriter writer(Open("b.jsonl"));
    for (int i = 0; i < 10; ++i) writer.Append(Record(i));
  }
  EXPECT_EQ(Lines("b.jsonl").size(), 10u);
}

TEST_F(BackgroundWriterTest, AWriteErrorIsReportedAndLaterRecordsDropped) {
  // A file size limit makes write() fail with EFBIG (SIGXFSZ ignored).
  auto* old_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit old_limit{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old_limit), 0);
  rlimit limit = old_limit;
  limit.rlim_cur = 10000;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &limit), 0);
  std::expected<void, std::string> flushed;
  std::string error;
  {
    BackgroundWriter writer(Open("c.jsonl"));
    for (int i = 0; i < 5; ++i) writer.Append(Record(i));
    flushed = writer.Flush();
    writer.Append(Record(99));  // dropped, and does not block
    error = writer.error();
  }
  ::setrlimit(RLIMIT_FSIZE, &old_limit);
  std::signal(SIGXFSZ, old_handler);
  ASSERT_FALSE(flushed);
  EXPECT_THAT(flushed.error(), HasSubstr("c.jsonl: cannot write"));
  EXPECT_EQ(error, flushed.error());
  EXPECT_LT(Lines("c.jsonl").size(), 5u);  // the last one cut short
}

}  // namespace
}  // namespace arbiter::tournament
