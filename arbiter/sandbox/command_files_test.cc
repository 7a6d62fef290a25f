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

TEST_F(CommandFilesTest, InterpreterBotLivesInItsScriptsFolder) {
  // A config's folder (shared) beside two bots' folders; the command is
  // written for the config's folder.
  const std::string shared = dir_ + "/league";
  Script(shared + "/greedy/bot.py", "print(1)\n");
  Script(shared + "/greedy/weights.bin", "");
  Script(dir_ + "/tools/python3.11", "#!/bin/sh\n");
  auto layout = LocateBot({"python3.11", "greedy/bot.py", "--seed", "1"},
                          shared, shared, dir_ + "/tools");
  ASSERT_TRUE(layout.has_value()) << layout.error();
  EXPECT_EQ(layout->folder, shared + "/greedy");
  EXPECT_FALSE(layout->shared);
  // The program and the script as absolute paths; words that name nothing
  // stay as they are.
  EXPECT_EQ(layout->argv, (std::vector<std::string>{dir_ + "/tools/python3.11",
                                                    shared + "/greedy/bot.py",
                                                    "--seed", "1"}));
}

TEST_F(CommandFilesTest, JavaBotLivesInItsJarsFolderAndNodeInItsPackage) {
  const std::string shared = dir_ + "/cfg";
  Script(shared + "/jbot/target/bot.jar", "");
  Script(dir_ + "/bin/java", "#!/bin/sh\n");
  auto java =
      LocateBot({dir_ + "/bin/java", "-Xmx64m", "-jar", "jbot/target/bot.jar"},
                shared, shared, "");
  ASSERT_TRUE(java.has_value()) << java.error();
  EXPECT_EQ(java->folder, shared + "/jbot/target");
  EXPECT_EQ(java->argv[3], shared + "/jbot/target/bot.jar");
  // node dist/bot.js: the package (package.json, node_modules) above it.
  Script(shared + "/ts/dist/bot.js", "");
  Script(shared + "/ts/package.json", "{}");
  Script(dir_ + "/bin/node", "#!/bin/sh\n");
  auto node =
      LocateBot({dir_ + "/bin/node", "ts/dist/bot.js"}, shared, shared, "");
  ASSERT_TRUE(node.has_value()) << node.error();
  EXPECT_EQ(node->folder, shared + "/ts");
}

TEST_F(CommandFilesTest, ProgramBesideTheConfigSeesOnlyItsOwnFiles) {
  const std::string shared = dir_ + "/cfg";
  Script(shared + "/mybot",
         "\x7f"
         "ELF");
  Script(shared + "/other/secret", "");
  auto layout = LocateBot({"./mybot", "--seed", "3"}, shared, shared, "");
  ASSERT_TRUE(layout.has_value()) << layout.error();
  EXPECT_EQ(layout->folder, shared);
  EXPECT_TRUE(layout->shared);
  auto paths = BotPaths(layout->argv, layout->folder, shared, "");
  ASSERT_TRUE(paths.has_value()) << paths.error();
  EXPECT_EQ(*paths, std::vector<std::string>{shared + "/mybot"});
  // An argument naming the shared folder (or above) shows nothing of it.
  auto dot = BotPaths({shared + "/mybot", ".", ".."}, shared, shared, "");
  ASSERT_TRUE(dot.has_value());
  EXPECT_EQ(*dot, std::vector<std::string>{shared + "/mybot"});
}

TEST_F(CommandFilesTest, AGivenWorkingDirectoryIsTheBotsFolder) {
  const std::string shared = dir_ + "/cfg";
  Script(shared + "/bots/a/run", "#!/bin/sh\n");
  fs::create_directories(shared + "/bots/a/data");
  auto layout = LocateBot({"./run", "data"}, shared + "/bots/a", shared, "");
  ASSERT_TRUE(layout.has_value()) << layout.error();
  EXPECT_EQ(layout->folder, shared + "/bots/a");
  // Run from there: nothing to rewrite.
  EXPECT_EQ(layout->argv[1], "data");
}

TEST_F(CommandFilesTest, ABotsFilesLeadNowhereNearAnotherBots) {
  // A hostile bot's script names another bot's program, its data file
  // (not a program) and a virtualenv "home" that is no installation.
  const std::string shared = dir_ + "/league";
  Script(shared + "/other/bot",
         "\x7f"
         "ELF");
  Script(dir_ + "/elsewhere/weights.bin", "secret");
  ::chmod((dir_ + "/elsewhere/weights.bin").c_str(), 0644);
  Script(shared + "/evil/a", "#!" + shared + "/other/bot\n");
  Script(shared + "/evil/b", "#!" + dir_ + "/elsewhere/weights.bin\n");
  Script(shared + "/evil/venv/bin/python",
         "\x7f"
         "ELF");
  std::ofstream(shared + "/evil/venv/pyvenv.cfg")
      << "home = " << dir_ << "/elsewhere\n";
  for (const char* program : {"a", "b", "venv/bin/python"}) {
    auto paths = BotPaths({shared + "/evil/" + program}, shared + "/evil",
                          shared, "/usr/bin");
    ASSERT_TRUE(paths.has_value()) << paths.error();
    for (const auto& p : *paths) {
      EXPECT_TRUE(IsUnder(p, shared + "/evil")) << program << ": " << p;
    }
  }
}

TEST_F(CommandFilesTest, PyenvShimIsReplacedByTheInterpreterItRuns) {
  Script(dir_ + "/pyenv/shims/python3", "#!/usr/bin/env bash\n");
  Script(dir_ + "/pyenv/versions/3.11.7/bin/python3",
         "\x7f"
         "ELF");
  fs::create_directories(dir_ + "/pyenv/versions/3.11.7/lib");
  std::ofstream(dir_ + "/pyenv/version") << "3.11.7\n";
  Script(dir_ + "/bot/bot.py", "");
  ::unsetenv("PYENV_VERSION");
  auto layout = LocateBot({"python3", "bot.py"}, dir_ + "/bot", dir_,
                          dir_ + "/pyenv/shims");
  ASSERT_TRUE(layout.has_value()) << layout.error();
  EXPECT_EQ(layout->argv[0], dir_ + "/pyenv/versions/3.11.7/bin/python3");
  auto paths = BotPaths(layout->argv, layout->folder, dir_, "");
  ASSERT_TRUE(paths.has_value());
  EXPECT_TRUE(Has(*paths, dir_ + "/pyenv/versions/3.11.7"));
}

TEST_F(CommandFilesTest, AlternativesLinksAreLeftToTheCopyOfEtc) {
  if (!fs::is_symlink("/etc/alternatives/java")) {
    GTEST_SKIP() << "no /etc/alternatives/java on this machine";
  }
  auto paths = CommandPaths({"java", "-version"}, "/", "/usr/bin");
  ASSERT_TRUE(paths.has_value()) << paths.error();
  for (const auto& p : *paths) EXPECT_FALSE(p.starts_with("/etc")) << p;
}

TEST(HiddenPathsNamedTest, AreThoseThatExistAndAreNotShown) {
  std::string tmpl = "/tmp/hidden_paths_test.XXXXXX";
  const std::string dir = ::mkdtemp(tmpl.data());
  for (const char* file :
       {"/node_modules/@grpc/grpc-js/index.js", "/srv/w.bin", "/bot/x.py"}) {
    fs::create_directories(fs::path(dir + file).parent_path());
    std::ofstream(dir + file) << "";
  }
  const std::string output =
      "Error: Cannot find module '@grpc/grpc-js'\n"
      "open '" +
      dir + "/srv/w.bin': denied; also " + dir +
      "/bot/x.py and /nonexistent/file and /usr/lib/libc.so.6.\n";
  const auto hidden =
      HiddenPathsNamed(output, {dir + "/bot"}, dir + "/bot/dist");
  EXPECT_EQ(hidden,
            (std::vector<std::string>{dir + "/srv/w.bin",
                                      dir + "/node_modules/@grpc/grpc-js"}));
  fs::remove_all(dir);
}

TEST(IsUnderTest, ComparesWholeComponents) {
  EXPECT_TRUE(IsUnder("/a/b", "/a"));
  EXPECT_TRUE(IsUnder("/a", "/a"));
  EXPECT_FALSE(IsUnder("/ab", "/a"));
  EXPECT_TRUE(IsUnder("/x", "/"));
  EXPECT_TRUE(Exposes("/a", "/a/b"));
  EXPECT_TRUE(Exposes("/a/b", "/a/b"));
  EXPECT_FALSE(Exposes("/a/b/c", "/a/b"));
  EXPECT_FALSE(Exposes("/a", ""));
}

}  // namespace
}  // namespace arbiter::sandbox
