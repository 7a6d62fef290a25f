#include "arbiter/sandbox/command_files.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace arbiter::sandbox {
namespace {

namespace fs = std::filesystem;

class CommandFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/command_files_test.XXXXXX";
    dir_ = ::mkdtemp(tmpl);
  }
  void TearDown() override { fs::remove_all(dir_); }

  void Script(const std::string& path, const std::string& text) {
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream(path) << text;
    ::chmod(path.c_str(), 0755);
  }
  bool Has(const std::vector<std::string>& v, const std::string& x) {
    return std::find(v.begin(), v.end(), x) != v.end();
  }

  std::string dir_;
};

TEST_F(CommandFilesTest, VirtualenvLeadsToItsBaseInterpreter) {
  // prefix/ is an installation (bin/ and lib/); venv/bin/python links to it
  // and venv/pyvenv.cfg names it.
  Script(dir_ + "/prefix/bin/python3", "#!/bin/sh\n");
  fs::create_directories(dir_ + "/prefix/lib/python3");
  fs::create_directories(dir_ + "/venv/bin");
  fs::create_symlink(dir_ + "/prefix/bin/python3", dir_ + "/venv/bin/python");
  std::ofstream(dir_ + "/venv/pyvenv.cfg")
      << "home = " << dir_ << "/prefix/bin\nversion = 3\n";
  Script(dir_ + "/bots/greedy/bot.py", "print(1)\n");
  auto paths =
      CommandPaths({"venv/bin/python", "bots/greedy/bot.py"}, dir_, "/usr/bin");
  ASSERT_TRUE(paths.has_value()) << paths.error();
  EXPECT_TRUE(Has(*paths, dir_ + "/venv"));
  EXPECT_TRUE(Has(*paths, dir_ + "/prefix"));
  // The script's directory: the modules beside it.
  EXPECT_TRUE(Has(*paths, dir_ + "/bots/greedy"));
  // /bin/sh is a system path, bound anyway.
  for (const auto& p : *paths) EXPECT_FALSE(p.starts_with("/bin")) << p;
}

TEST_F(CommandFilesTest, LinkedDirectoriesLeadToWhatTheyLinkTo) {
  // checkout/build and checkout/.venv link to a build tree and a virtualenv
  // elsewhere: those are bound, not only the paths through the links.
  Script(dir_ + "/tree/bots/random_bot",
         "\x7f"
         "ELF");
  Script(dir_ + "/prefix/bin/python3",
         "\x7f"
         "ELF");
  fs::create_directories(dir_ + "/prefix/lib/python3");
  fs::create_directories(dir_ + "/venv/bin");
  fs::create_symlink(dir_ + "/prefix/bin/python3", dir_ + "/venv/bin/python");
  std::ofstream(dir_ + "/venv/pyvenv.cfg")
      << "home = " << dir_ << "/prefix/bin\n";
  fs::create_directories(dir_ + "/checkout");
  fs::create_directory_symlink(dir_ + "/tree", dir_ + "/checkout/build");
  fs::create_directory_symlink(dir_ + "/venv", dir_ + "/checkout/.venv");
  const std::string checkout = dir_ + "/checkout";
  auto bot = CommandPaths({"build/bots/random_bot"}, checkout, "/usr/bin");
  ASSERT_TRUE(bot.has_value()) << bot.error();
  EXPECT_TRUE(Has(*bot, dir_ + "/tree/bots/random_bot"));
  auto python = CommandPaths({".venv/bin/python"}, checkout, "/usr/bin");
  ASSERT_TRUE(python.has_value()) << python.error();
  EXPECT_TRUE(Has(*python, dir_ + "/venv"));
  EXPECT_TRUE(Has(*python, dir_ + "/prefix"));
}

TEST_F(CommandFilesTest, ShebangThroughEnvIsResolvedOnPath) {
  Script(dir_ + "/tools/interp", "#!/bin/sh\n");
  Script(dir_ + "/work/mybot", "#!/usr/bin/env -S interp -u\n");
  auto paths =
      CommandPaths({dir_ + "/work/mybot", "--seed", "3"}, "/", dir_ + "/tools");
  ASSERT_TRUE(paths.has_value()) << paths.error();
  EXPECT_TRUE(Has(*paths, dir_ + "/work/mybot"));
  EXPECT_TRUE(Has(*paths, dir_ + "/tools/interp"));
  // Neither the directory of a plain executable nor its neighbours.
  EXPECT_FALSE(Has(*paths, dir_ + "/tools"));
  EXPECT_FALSE(Has(*paths, dir_ + "/work"));
}

TEST_F(CommandFilesTest, MissingExecutableIsNamed) {
  auto paths = CommandPaths({"no-such-bot-here"}, dir_, dir_);
  ASSERT_FALSE(paths.has_value());
  EXPECT_NE(paths.error().find("no-such-bot-here"), std::string::npos);
}

TEST(IsUnderTest, ComparesWholeComponents) {
  EXPECT_TRUE(IsUnder("/a/b", "/a"));
  EXPECT_TRUE(IsUnder("/a", "/a"));
  EXPECT_FALSE(IsUnder("/ab", "/a"));
  EXPECT_TRUE(IsUnder("/x", "/"));
}

}  // namespace
}  // namespace arbiter::sandbox
