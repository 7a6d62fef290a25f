#include "arbiter/league/roster.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>

namespace arbiter::league {
namespace {

namespace fs = std::filesystem;

class RosterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("league_roster_test." + std::to_string(::getpid()) + "." +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  static BotVersion Bot(const std::string& name, char hash) {
    return {.name = name,
            .hash = std::string(64, hash),
            .argv = {"./bot"},
            .source = "/src"};
  }
  fs::path dir_;
};

TEST_F(RosterTest, VersionsRetireAndRoundTrip) {
  auto first = AddVersion(dir_, Bot("mybot", 'a'), false);
  ASSERT_TRUE(first) << first.error();
  EXPECT_EQ(first->Id(), "mybot@1");
  auto same = AddVersion(dir_, Bot("mybot", 'a'), false);
  ASSERT_FALSE(same);
  EXPECT_NE(same.error().find("mybot@1 is this build already"),
            std::string::npos);
  auto second = AddVersion(dir_, Bot("mybot", 'b'), false);
  ASSERT_TRUE(second);
  EXPECT_EQ(second->Id(), "mybot@2");
  ASSERT_TRUE(AddVersion(dir_, Bot("other", 'c'), false));
  auto roster = LoadRoster(dir_);
  ASSERT_TRUE(roster) << roster.error();
  ASSERT_EQ(roster->bots.size(), 3u);
  EXPECT_FALSE(roster->Find("mybot@1")->active);  // replaced by @2
  EXPECT_TRUE(roster->Find("mybot@2")->active);
  EXPECT_EQ(roster->ActiveCount(), 2);
  auto kept = AddVersion(dir_, Bot("mybot", 'd'), /*keep_older=*/true);
  ASSERT_TRUE(kept);
  EXPECT_TRUE(LoadRoster(dir_)->Find("mybot@2")->active);

  auto retired = Retire(dir_, "mybot");
  ASSERT_TRUE(retired) << retired.error();
  EXPECT_EQ(*retired, (std::vector<std::string>{"mybot@2", "mybot@3"}));
  EXPECT_FALSE(Retire(dir_, "mybot"));   // none active
  EXPECT_FALSE(Retire(dir_, "nobody"));  // unknown
  ASSERT_TRUE(Retire(dir_, "other@1"));
  EXPECT_EQ(LoadRoster(dir_)->ActiveCount(), 0);
  EXPECT_EQ(*ParseRoster(RosterJson(*LoadRoster(dir_))), *LoadRoster(dir_))
      << "round trip";
}

TEST_F(RosterTest, ConcurrentAddsAllLand) {
  constexpr int kProcs = 8;
  std::vector<pid_t> pids;
  for (int i = 0; i < kProcs; ++i) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      // Each process adds its own bot and a version of a shared one.
      bool ok = bool(AddVersion(dir_, Bot("own" + std::to_string(i), 'a'), 0));
      ok &= bool(AddVersion(dir_, Bot("shared", "0123456789abcdef"[i]), true));
      ::_exit(ok ? 0 : 1);
    }
    pids.push_back(pid);
  }
  for (const pid_t pid : pids) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  auto roster = LoadRoster(dir_);
  ASSERT_TRUE(roster) << roster.error();
  EXPECT_EQ(roster->bots.size(), size_t(2 * kProcs));
  for (int v = 1; v <= kProcs; ++v) {
    EXPECT_NE(roster->Find("shared@" + std::to_string(v)), nullptr) << v;
  }
}

TEST_F(RosterTest, BadInputIsNamed) {
  EXPECT_FALSE(CheckBotName(""));
  EXPECT_FALSE(CheckBotName("a@2"));
  EXPECT_FALSE(CheckBotName("-x"));
  EXPECT_FALSE(CheckBotName("<script>"));
  EXPECT_FALSE(CheckBotName(std::string(41, 'a')));
  EXPECT_TRUE(CheckBotName("my_bot-2.1"));
  std::ofstream(dir_ / kRosterFile) << "{\"bots\": [{\"name\": \"x\"}]}";
  auto roster = LoadRoster(dir_);
  ASSERT_FALSE(roster);
  EXPECT_NE(roster.error().find("roster.json: bots[0].hash"), std::string::npos)
      << roster.error();
  std::ofstream(dir_ / kRosterFile) << "not json";
  EXPECT_FALSE(LoadRoster(dir_));
  // A bad roster is never overwritten by a change.
  EXPECT_FALSE(AddVersion(dir_, Bot("b", 'a'), false));
}

}  // namespace
}  // namespace arbiter::league
