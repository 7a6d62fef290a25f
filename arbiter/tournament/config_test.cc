#include "arbiter/tournament/config.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <ostream>

namespace arbiter::tournament {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr char kBots[] = R"(
[[bots]]
name = "alpha"
command = "./alpha --fast"
[[bots]]
name = "beta"
command = "python3 beta.py"
)";

TEST(ConfigTest, ReadsEveryKey) {
  auto config = ParseTournamentConfig(R"(
name = "league-7"
seed = 99
format = "swiss"
rounds = 5
seats = 4
deals_per_pairing = 3
duplicate = true
partnership_fill = "individual"
ruleset = "rules/house.toml"
concurrency = 3
fault_policy = "default_action"
compress_records = false
affinity = false
[time_control]
move_ms = 500
bank_ms = 2000
increment_ms = 10
grace_ms = 25
[[bots]]
name = "alpha"
command = "./alpha"
cwd = "bots/alpha"
env = { LEVEL = "3", MODE = "x" }
[[bots]]
name = "beta"
command = "beta"
)",
                                      "/base");
  ASSERT_TRUE(config) << config.error();
  EXPECT_EQ(config->name, "league-7");
  EXPECT_EQ(config->seed, 99u);
  EXPECT_EQ(config->format, "swiss");
  EXPECT_EQ(config->rounds, 5);
  EXPECT_EQ(config->seats, 4);
  EXPECT_EQ(config->deals_per_pairing, 3);
  EXPECT_TRUE(config->duplicate);
  EXPECT_EQ(config->partnership_fill, PartnershipFill::kIndividual);
  // Tried against the config's folder when the game loads it.
  EXPECT_EQ(config->ruleset, "rules/house.toml");
  EXPECT_EQ(config->base_dir, "/base");
  EXPECT_EQ(config->concurrency, 3);
  EXPECT_EQ(config->fault_policy, FaultPolicy::kDefaultAction);
  EXPECT_FALSE(config->compress_records);
  EXPECT_FALSE(config->affinity);
  EXPECT_EQ(config->time_control, (TimeControl{500, 2000, 10, 25}));
  ASSERT_EQ(config->bots.size(), 2u);
  EXPECT_EQ(config->bots[0].cwd, "/base/bots/alpha");
  EXPECT_EQ(config->bots[0].env,
            (std::vector<std::pair<std::string, std::string>>{{"LEVEL", "3"},
                                                              {"MODE", "x"}}));
  EXPECT_EQ(config->bots[1].cwd, "/base");  // no cwd: the config's folder
  EXPECT_EQ(config->BotIndex("beta"), 1);
  EXPECT_EQ(config->BotIndex("gamma"), -1);
}

TEST(ConfigTest, DefaultsAndPresets) {
  auto config = ParseTournamentConfig(kBots, "/base");
  ASSERT_TRUE(config) << config.error();
  EXPECT_EQ(config->format, "round-robin");
  EXPECT_EQ(config->seats, 2);
  EXPECT_EQ(config->rounds, 1);
  EXPECT_EQ(config->game, "");     // the default game
  EXPECT_EQ(config->ruleset, "");  // its default preset
  EXPECT_EQ(config->partnership_fill, PartnershipFill::kTeam);
  EXPECT_EQ(config->fault_policy, FaultPolicy::kForfeit);
  EXPECT_EQ(config->concurrency, 0);
  EXPECT_FALSE(config->duplicate);
  EXPECT_TRUE(config->compress_records);  // games.jsonl.zst
  EXPECT_TRUE(config->affinity);
  // No seed: the tournament draws one (never a fixed default).
  EXPECT_FALSE(config->seed.has_value());
}

// A config takes the names the command line takes (--fault-policy,
// --sandbox), from the one table of each.
TEST(ConfigTest, TakesTheNamesTheCommandLineTakes) {
  for (const auto& [name, policy] : kFaultPolicyNames) {
    auto config = ParseTournamentConfig("fault_policy = \"" +
                                        std::string(name) + "\"\n" + kBots);
    ASSERT_TRUE(config) << config.error();
    EXPECT_EQ(config->fault_policy, policy) << name;
  }
  auto short_name = ParseTournamentConfig("fault_policy = \"default\"\n" +
                                          std::string(kBots));
  ASSERT_TRUE(short_name) << short_name.error();
  EXPECT_EQ(short_name->fault_policy, FaultPolicy::kDefaultAction);
  for (const std::string& name : sandbox::ModeNames()) {
    auto config =
        ParseTournamentConfig("[sandbox]\nmode = \"" + name + "\"\n" + kBots);
    ASSERT_TRUE(config) << config.error();
    EXPECT_EQ(sandbox::ToString(config->sandbox_mode), name);
  }
}

TEST(ConfigTest, SwissDefaultsToLog2Rounds) {
  std::string text = "format = \"swiss\"\n";
  for (int i = 0; i < 9; ++i) {
    text +=
        "[[bots]]\nname = \"b" + std::to_string(i) + "\"\ncommand = \"x\"\n";
  }
  auto config = ParseTournamentConfig(text);
  ASSERT_TRUE(config) << config.error();
  EXPECT_EQ(config->rounds, 4);  // ceil(log2(9))
}

struct BadCase {
  std::string text;
  std::string error;  // the error must start with this
};

// The test's name in CTest (gtest_discover_tests): the expected error, never
// the struct's bytes (pointers: a new name every build, and text that can
// break the generated CTest file).
void PrintTo(const BadCase& c, std::ostream* os) {
  std::string name = c.error;
  for (char& ch : name) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  *os << name;
}

class ConfigErrorTest : public ::testing::TestWithParam<BadCase> {};

TEST_P(ConfigErrorTest, NamesTheKey) {
  auto config = ParseTournamentConfig(GetParam().text);
  ASSERT_FALSE(config) << "accepted:\n" << GetParam().text;
  EXPECT_THAT(config.error(), StartsWith(GetParam().error));
}

const std::string kB = kBots;

INSTANTIATE_TEST_SUITE_P(
    Keys, ConfigErrorTest,
    ::testing::Values(
        BadCase{"seats = 70\n" + kB, "seats: must be 2..64, got 70"},
        BadCase{"seats = 1\n" + kB, "seats: must be 2..64, got 1"},
        BadCase{"seats = \"4\"\n" + kB,
                "seats: must be an integer, got a string"},
        BadCase{"colour = 1\n" + kB, "colour: unknown key"},
        BadCase{
            "format = \"ladder\"\n" + kB,
            "format: must be one of \"round-robin\", \"swiss\", \"gauntlet\""},
        BadCase{"partnership_fill = \"pairs\"\n" + kB,
                "partnership_fill: must be one of"},
        BadCase{"fault_policy = 3\n" + kB, "fault_policy: must be a string"},
        BadCase{"fault_policy = \"strike\"\n" + kB,
                "fault_policy: must be one of \"forfeit\", \"default_action\", "
                "\"default\", got \"strike\""},
        BadCase{"[sandbox]\nmode = \"partial\"\n" + kB,
                "sandbox.mode: sandbox mode must be full, reduced or none, "
                "got 'partial'"},
        BadCase{"seed = -1\n" + kB, "seed: must be at least 0, got -1"},
        BadCase{"rounds = 0\n" + kB, "rounds: must be 1..100000, got 0"},
        BadCase{"deals_per_pairing = 0\n" + kB, "deals_per_pairing: must be"},
        BadCase{"duplicate = \"yes\"\n" + kB,
                "duplicate: must be true or false"},
        BadCase{"concurrency = -2\n" + kB, "concurrency: must be 0..4096"},
        BadCase{"affinity = 1\n" + kB, "affinity: must be true or false"},
        BadCase{"ruleset = \"\"\n" + kB, "ruleset: must not be empty"},
        BadCase{"name = \"\"\n" + kB, "name: must not be empty"},
        BadCase{"time_control = 5\n" + kB, "time_control: must be a table"},
        BadCase{"[time_control]\nmove = 5\n" + kB,
                "time_control.move: unknown key"},
        BadCase{"[time_control]\nmove_ms = -5\n" + kB,
                "time_control.move_ms: must be 0..86400000, got -5"},
        // Would wrap to a negative int in match play.
        BadCase{"[time_control]\nmove_ms = 2147483648\n" + kB,
                "time_control.move_ms: must be 0..86400000, got 2147483648"},
        BadCase{"[time_control]\ngrace_ms = 99999999999\n" + kB,
                "time_control.grace_ms: must be 0..86400000"},
        BadCase{"concurrency = 4097\n" + kB, "concurrency: must be 0..4096"},
        BadCase{"seed = 99999999999999999999\n" + kB, "line 1, column"},
        // toml++ 3.3 can crash on some UTF-8: refused before parsing.
        BadCase{"name = \"caf\xc3\xa9\"\n" + kB,
                "line 1, column 12: not an ASCII character"},
        BadCase{"[time_control]\nmove_ms = 0\n" + kB,
                "time_control.move_ms: must be positive"},
        BadCase{"name = \"x\"\n", "bots: missing"},
        BadCase{"bots = 3\n", "bots: must be an array of tables"},
        BadCase{"[[bots]]\nname = \"a\"\ncommand = \"x\"\n",
                "bots: need at least 2 bots, got 1"},
        BadCase{kB + "[[bots]]\nname = \"c\"\n", "bots[2].command: missing"},
        BadCase{kB + "[[bots]]\ncommand = \"c\"\n", "bots[2].name: missing"},
        BadCase{kB + "[[bots]]\nname = \" \"\ncommand = \"c\"\n",
                "bots[2].name: must not be empty"},
        BadCase{kB + "[[bots]]\nname = \"c\"\ncommand = \"\"\n",
                "bots[2].command: must not be empty"},
        BadCase{kB + "[[bots]]\nname = \"alpha\"\ncommand = \"c\"\n",
                "bots[2].name: duplicate name \"alpha\" (also bots[0])"},
        BadCase{kB + "[[bots]]\nname = \"c\"\ncommand = \"c\"\nargs = []\n",
                "bots[2].args: unknown key"},
        BadCase{
            kB + "[[bots]]\nname = \"c\"\ncommand = \"c\"\nenv = { A = 1 }\n",
            "bots[2].env.A: must be a string, got an integer"},
        BadCase{kB + "[[bots]]\nname = \"c\"\ncommand = \"c\"\nenv = \"A=1\"\n",
                "bots[2].env: must be a table"},
        BadCase{"format = \"gauntlet\"\n" + kB, "gauntlet_bot: missing"},
        BadCase{"format = \"gauntlet\"\ngauntlet_bot = \"zed\"\n" + kB,
                "gauntlet_bot: no bot named \"zed\""},
        BadCase{"gauntlet_bot = \"alpha\"\n" + kB,
                "gauntlet_bot: only used with format = \"gauntlet\""},
        BadCase{"seats = = 2\n" + kB, "line 1, column"},
        // A writable directory would carry one seating of a duplicate deal
        // into another; the key that gave it is named.
        BadCase{"duplicate = true\n[sandbox]\nwritable = [\"/srv/x\"]\n" + kB,
                "sandbox.writable: not allowed with duplicate = true"},
        BadCase{
            "duplicate = true\n" + kB +
                "[[bots]]\nname = \"c\"\ncommand = \"c\"\n"
                "sandbox = { writable = [\"/srv/c\"] }\n",
            "bots[2].sandbox.writable: not allowed with duplicate = true"}));

TEST(ConfigTest, WritableDirectoriesWithoutDuplicateDeals) {
  // Without duplicate deals, or with a bot's own empty list over the
  // tournament's, a writable directory is fine.
  auto config = ParseTournamentConfig(
      "[sandbox]\nwritable = [\"/srv/x\"]\n" + kB, "/base");
  ASSERT_TRUE(config) << config.error();
  EXPECT_EQ(config->bots[0].sandbox.writable,
            std::vector<std::string>{"/srv/x"});
  config = ParseTournamentConfig(
      "duplicate = true\n[sandbox]\nwritable = [\"/srv/x\"]\n"
      "[[bots]]\nname = \"a\"\ncommand = \"a\"\nsandbox = { writable = [] "
      "}\n[[bots]]\nname = \"b\"\ncommand = \"b\"\nsandbox = { writable "
      "= [] }\n");
  ASSERT_TRUE(config) << config.error();
}

TEST(ConfigTest, LoadResolvesAgainstTheFilesDirectory) {
  const auto dir = std::filesystem::path(::testing::TempDir()) / "config_load";
  std::filesystem::create_directories(dir);
  { std::ofstream(dir / "t.toml") << "ruleset = \"house.toml\"\n" << kBots; }
  auto config = LoadTournamentConfig(dir / "t.toml");
  ASSERT_TRUE(config) << config.error();
  EXPECT_EQ(config->ruleset, "house.toml");
  EXPECT_EQ(config->base_dir, dir);
  // A bot's command runs in the config file's folder unless it has a cwd.
  EXPECT_EQ(config->bots[0].cwd, dir.string());
  EXPECT_EQ(config->bots[1].cwd, dir.string());
  auto missing = LoadTournamentConfig(dir / "nope.toml");
  ASSERT_FALSE(missing);
  EXPECT_THAT(missing.error(), HasSubstr("nope.toml: cannot read"));
  { std::ofstream(dir / "bad.toml") << "seats = 99\n" << kBots; }
  auto bad = LoadTournamentConfig(dir / "bad.toml");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(),
            (dir / "bad.toml").string() + ": seats: must be 2..64, got 99");
}

TEST(ConfigTest, RelativeSandboxPathsAreTheConfigFoldersWhereverItIsNamed) {
  const auto dir =
      std::filesystem::path(::testing::TempDir()) / "config_relative";
  std::filesystem::create_directories(dir);
  {
    std::ofstream(dir / "t.toml")
        << "[sandbox]\nread_only = [\"data/\", \"/srv/x\"]\n"
        << kBots << "[bots.sandbox]\nwritable = [\"cache\"]\n";
  }
  // Named relative to the arbiter's folder: still absolute, the folder's.
  const auto relative =
      std::filesystem::relative(dir, std::filesystem::current_path());
  ASSERT_TRUE(relative.is_relative()) << relative;
  auto config = LoadTournamentConfig(relative / "t.toml");
  ASSERT_TRUE(config) << config.error();
  EXPECT_EQ(config->base_dir, dir);
  EXPECT_EQ(config->bots[0].sandbox.read_only,
            (std::vector<std::string>{(dir / "data").string(), "/srv/x"}));
  EXPECT_EQ(config->bots[1].sandbox.writable,
            std::vector<std::string>{(dir / "cache").string()});
}

}  // namespace
}  // namespace arbiter::tournament
