#include "arbiter/sandbox/bwrap_args.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace arbiter::sandbox {
namespace {

// The position of the word sequence `words` in `argv`, or -1.
int Find(const std::vector<std::string>& argv,
         const std::vector<std::string>& words) {
  auto it = std::search(argv.begin(), argv.end(), words.begin(), words.end());
  return it == argv.end() ? -1 : int(it - argv.begin());
}

std::string Join(const std::vector<std::string>& argv) {
  std::string s;
  for (const auto& a : argv) s += a + " ";
  return s;
}

class BwrapArgsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/bwrap_args_test.XXXXXX";
    dir_ = ::mkdtemp(tmpl);
    std::filesystem::create_directories(dir_ + "/bot/out/logs");
    std::ofstream(dir_ + "/bot/games.jsonl") << "{}\n";
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string dir_;
};

TEST_F(BwrapArgsTest, NamespacesNoNetworkAndDeathWithTheArbiter) {
  BwrapPlan plan{.command = {"/usr/bin/true"}};
  const auto a = BwrapArgv(plan);
  const std::string all = Join(a);
  for (const char* flag :
       {"--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts",
        "--unshare-user", "--disable-userns", "--die-with-parent",
        "--new-session"}) {
    EXPECT_NE(Find(a, {flag}), -1) << flag << " missing: " << all;
  }
  // Never the host's network or a writable root.
  EXPECT_EQ(Find(a, {"--share-net"}), -1);
  EXPECT_EQ(Find(a, {"--bind", "/", "/"}), -1);
  EXPECT_NE(Find(a, {"--ro-bind", "/usr", "/usr"}), -1);
  EXPECT_NE(Find(a, {"--tmpfs", "/tmp"}), -1);
  EXPECT_EQ(a.back(), "/usr/bin/true");
}

TEST_F(BwrapArgsTest, PrivilegedRunSwitchesToTheSeatsUserWithSetpriv) {
  BwrapPlan plan{.privileged = true,
                 .uid = 1234567,
                 .gid = 1234567,
                 .groups = {42},
                 .command = {"/usr/bin/true"}};
  const auto a = BwrapArgv(plan);
  // No user namespace: as root, its --uid would still be root outside.
  EXPECT_EQ(Find(a, {"--unshare-user"}), -1) << Join(a);
  const int dashes = Find(a, {"--"});
  ASSERT_NE(dashes, -1);
  const std::vector<std::string> tail(a.begin() + dashes + 1, a.end());
  EXPECT_EQ(Find(tail, {"/usr/bin/setpriv", "--reuid", "1234567", "--regid",
                        "1234567", "--groups", "42", "--no-new-privs"}),
            0)
      << Join(tail);
  EXPECT_NE(Find(tail, {"--bounding-set=-all"}), -1);
  EXPECT_EQ(tail.back(), "/usr/bin/true");
}

TEST_F(BwrapArgsTest, ParentsAreMadeReadableAndNestedPathsCollapse) {
  const std::string bot = dir_ + "/bot";
  BwrapPlan plan{.read_only = {bot + "/out", bot, "/root/.pyenv/versions/x"},
                 .writable = {bot + "/out/logs"},
                 .cwd = bot,
                 .command = {"/usr/bin/true"}};
  const auto a = BwrapArgv(plan);
  const std::string all = Join(a);
  EXPECT_NE(Find(a, {"--ro-bind", bot, bot}), -1) << all;
  // Inside a read-only bind already.
  EXPECT_EQ(Find(a, {"--ro-bind", bot + "/out", bot + "/out"}), -1) << all;
  // A writable directory inside a read-only one is bound after it.
  const int rw = Find(a, {"--bind", bot + "/out/logs", bot + "/out/logs"});
  ASSERT_NE(rw, -1) << all;
  EXPECT_GT(rw, Find(a, {"--ro-bind", bot, bot}));
  for (const char* parent :
       {"/root", "/root/.pyenv", "/root/.pyenv/versions"}) {
    EXPECT_NE(Find(a, {"--perms", "0755", "--dir", parent}), -1)
        << parent << ": " << all;
  }
  EXPECT_NE(Find(a, {"--chdir", bot}), -1);
}

TEST_F(BwrapArgsTest, HiddenPathsAreCoveredWhereABindShowsThem) {
  const std::string bot = dir_ + "/bot";
  BwrapPlan plan{.read_only = {bot},
                 .hidden = {bot + "/out", bot + "/games.jsonl", "/elsewhere"},
                 .command = {"/usr/bin/true"}};
  const auto a = BwrapArgv(plan);
  const std::string all = Join(a);
  const int bind = Find(a, {"--ro-bind", bot, bot});
  const int dir = Find(a, {"--tmpfs", bot + "/out", "--remount-ro"});
  const int file = Find(a, {"--ro-bind", "/dev/null", bot + "/games.jsonl"});
  ASSERT_NE(dir, -1) << all;
  ASSERT_NE(file, -1) << all;
  EXPECT_GT(dir, bind);
  EXPECT_GT(file, bind);
  EXPECT_EQ(all.find("/elsewhere"), std::string::npos) << all;
}

TEST_F(BwrapArgsTest, SocketDirectoryFdsAndSizes) {
  BwrapPlan plan{.socket_dir = dir_,
                 .tmp_bytes = 1 << 20,
                 .seccomp_fd = 3,
                 .status_fd = 4,
                 .command = {"/usr/bin/true"}};
  const auto a = BwrapArgv(plan);
  EXPECT_NE(Find(a, {"--ro-bind", dir_, kSandboxSocketDir}), -1) << Join(a);
  EXPECT_NE(Find(a, {"--seccomp", "3"}), -1);
  EXPECT_NE(Find(a, {"--json-status-fd", "4"}), -1);
  EXPECT_NE(Find(a, {"--size", "1048576", "--tmpfs", "/tmp"}), -1);
}

TEST_F(BwrapArgsTest, AWorkingDirectoryThatIsNotBoundIsMadeEmpty) {
  // The bot runs in the config's folder but sees only its own program.
  const std::string cwd = dir_ + "/bot";
  const std::string program = cwd + "/games.jsonl";
  BwrapPlan plan{
      .read_only = {program}, .cwd = cwd, .command = {"/usr/bin/true"}};
  auto a = BwrapArgv(plan);
  EXPECT_NE(Find(a, {"--ro-bind", program, program}), -1) << Join(a);
  EXPECT_EQ(Find(a, {"--ro-bind", cwd, cwd}), -1) << Join(a);
  EXPECT_NE(Find(a, {"--dir", cwd}), -1) << Join(a);
  EXPECT_NE(Find(a, {"--chdir", cwd}), -1) << Join(a);
  // Nothing of it bound at all: still a directory to run in.
  plan.read_only.clear();
  a = BwrapArgv(plan);
  EXPECT_NE(Find(a, {"--dir", cwd}), -1) << Join(a);
  EXPECT_LT(Find(a, {"--dir", cwd}), Find(a, {"--chdir", cwd}));
}

}  // namespace
}  // namespace arbiter::sandbox
