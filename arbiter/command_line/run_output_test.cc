#include "arbiter/command_line/run_output.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace arbiter {
namespace {

namespace fs = std::filesystem;

class RunOutputTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/run_output_test.XXXXXX";
    ASSERT_NE(::mkdtemp(tmpl), nullptr);
    root_ = tmpl;
  }
  void TearDown() override { fs::remove_all(root_); }

  static void Touch(const fs::path& path, const std::string& text = "") {
    std::ofstream(path) << text;
  }
  // The run's lock on `records` (which it creates).
  static records::RunLock Lock(const fs::path& records) {
    auto lock = records::RunLock::Acquire(records);
    EXPECT_TRUE(lock) << lock.error().message;
    return std::move(*lock);
  }

  fs::path root_;
};

TEST_F(RunOutputTest, ARefusedRunRemovesTheFoldersItMade) {
  const fs::path dir = root_ / "out" / "league";
  RunOutput output;
  output.Watch(dir);
  fs::create_directories(dir / "logs");
  Touch(dir / "secret");
  output.Hold(Lock(dir / "games.jsonl"), dir / "games.jsonl");
  output.Undo();
  EXPECT_FALSE(fs::exists(root_ / "out"));
  EXPECT_TRUE(fs::exists(root_));
}

TEST_F(RunOutputTest, InAnExistingFolderOnlyWhatAppearedGoes) {
  const fs::path dir = root_ / "league";
  fs::create_directories(dir);
  Touch(dir / "notes.txt");
  RunOutput output;
  output.Watch(dir);
  fs::create_directories(dir / "logs");
  Touch(dir / "arbiter.log");
  output.Hold(Lock(dir / "games.jsonl"), dir / "games.jsonl");
  output.Undo();
  EXPECT_TRUE(fs::exists(dir / "notes.txt"));
  EXPECT_FALSE(fs::exists(dir / "logs"));
  EXPECT_FALSE(fs::exists(dir / "arbiter.log"));
  EXPECT_FALSE(fs::exists(dir / "games.jsonl"));
}

TEST_F(RunOutputTest, APrefixLimitsWhatIsWatched) {
  // `play --out games.jsonl`: its files beside it, not the folder's others.
  RunOutput output;
  output.Watch(root_, "games.jsonl");
  fs::create_directories(root_ / "games.jsonl.logs");
  Touch(root_ / "other.txt");
  output.Hold(Lock(root_ / "games.jsonl"), root_ / "games.jsonl");
  output.Undo();
  EXPECT_FALSE(fs::exists(root_ / "games.jsonl.logs"));
  EXPECT_FALSE(fs::exists(root_ / "games.jsonl"));
  EXPECT_TRUE(fs::exists(root_ / "other.txt"));
}

TEST_F(RunOutputTest, WithoutTheLockNothingOfAnothersIsTouched) {
  const fs::path dir = root_ / "league";
  fs::create_directories(dir);
  RunOutput output;
  output.Watch(dir);
  Touch(dir / "games.jsonl");  // another run's, made meanwhile
  output.Undo();
  EXPECT_TRUE(fs::exists(dir / "games.jsonl"));
  // A folder it made is removed only while empty.
  const fs::path fresh = root_ / "fresh";
  RunOutput empty, full;
  empty.Watch(fresh / "a");
  full.Watch(fresh / "a");
  fs::create_directories(fresh / "a");
  Touch(fresh / "a" / "theirs");
  full.Undo();
  EXPECT_TRUE(fs::exists(fresh / "a" / "theirs"));
  fs::remove(fresh / "a" / "theirs");
  empty.Undo();
  EXPECT_FALSE(fs::exists(fresh));
}

TEST_F(RunOutputTest, NothingIsUndoneOnceARecordIsWritten) {
  const fs::path dir = root_ / "league";
  RunOutput output;
  output.Watch(dir);
  fs::create_directories(dir);
  output.Hold(Lock(dir / "games.jsonl"), dir / "games.jsonl");
  Touch(dir / "games.jsonl", "{}\n");
  output.Undo();
  EXPECT_TRUE(fs::exists(dir / "games.jsonl"));
}

}  // namespace
}  // namespace arbiter
