#include "arbiter/tournament/formats/knockout.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "arbiter/common/deal_secret.h"
#include "arbiter/tournament/driver.h"
#include "arbiter/tournament/fake_runner.h"
#include "arbiter/tournament/test_util.h"

namespace arbiter::tournament {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

std::filesystem::path TempDir(const std::string& name) {
  const auto dir = std::filesystem::path(::testing::TempDir()) / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// A knockout of `bots` bots b0.. (b0 the strongest for the fake runner).
TournamentConfig Knockout(int bots, const std::string& keys,
                          const std::filesystem::path& base = {}) {
  std::string text = "format = \"knockout\"\nseed = 7\n" + keys + "\n";
  for (int b = 0; b < bots; ++b) {
    text += "[[bots]]\nname = \"b" + std::to_string(b) +
            "\"\ncommand = \"builtin:random\"\n";
  }
  auto config = ParseTournamentConfig(text, base);
  EXPECT_TRUE(config) << config.error();
  return config.value_or(TournamentConfig());
}

// One secret for every run: runs in different directories make the same
// games.
std::expected<RunResult, RunError> RunKnockout(
    const TournamentConfig& config, const std::filesystem::path& dir,
    const std::atomic<bool>* stop = nullptr, FakeRunner* runner = nullptr) {
  const auto secret =
      dir.parent_path() / ("knockout_test.key." + std::to_string(::getpid()));
  if (!std::filesystem::exists(secret)) {
    EXPECT_TRUE(WriteDealSecret(secret, {.key = {5, 6}}));
  }
  FakeRunner own(config);
  RunOptions options{
      .out_dir = dir, .concurrency = 3, .stop = stop, .secret_file = secret};
  return RunTournament(config, Layout(config.seats, true),
                       runner ? *runner : own, options);
}

// Every bot once in the placings; the first place one bot.
void ExpectPlacings(const json& results, int bots) {
  std::multiset<std::string> placed;
  for (const json& group : results["placings"]) {
    for (const json& bot : group["bots"]) placed.insert(bot.get<std::string>());
  }
  EXPECT_EQ(int(placed.size()), bots);
  EXPECT_EQ(int(std::set<std::string>(placed.begin(), placed.end()).size()),
            bots);
  EXPECT_EQ(results["placings"][0]["bots"].size(), 1u);
  EXPECT_EQ(results["placings"][0]["place"], 1);
}

TEST(KnockoutTest, SingleEliminationPlaysEveryTieToAChampion) {
  const TournamentConfig config = Knockout(5, "deal_sets_per_tie = 2");
  auto result = RunKnockout(config, TempDir("ko_single"));
  ASSERT_TRUE(result) << result.error();
  EXPECT_TRUE(result->complete);
  const json results = json::parse(result->format_json);
  EXPECT_EQ(results["elimination"], "single");
  ASSERT_EQ(results["ties"].size(), 4u);  // N - 1
  int sets = 0;
  for (const json& tie : results["ties"]) {
    EXPECT_GE(tie["high_points"].size(), 2u);
    sets += int(tie["high_points"].size());
    EXPECT_FALSE(tie["rule"].get<std::string>().empty());
    EXPECT_TRUE(tie["winner"] == tie["high"] || tie["winner"] == tie["low"]);
  }
  EXPECT_EQ(result->played, 2 * sets);  // two seatings a deal set
  EXPECT_EQ(result->total, result->played);
  ExpectPlacings(results, 5);
  EXPECT_THAT(result->format_text, HasSubstr("Placings\n  1. "));
  EXPECT_THAT(result->format_text, HasSubstr("tie 4 (W round 3)"));
}

TEST(KnockoutTest, DoubleEliminationOutOnlyAfterTwoLosses) {
  const TournamentConfig config =
      Knockout(6, "elimination = \"double\"\nmax_extra_sets = 1");
  auto result = RunKnockout(config, TempDir("ko_double"));
  ASSERT_TRUE(result) << result.error();
  EXPECT_TRUE(result->complete);
  const json results = json::parse(result->format_json);
  const int ties = int(results["ties"].size());
  EXPECT_TRUE(ties == 2 * 6 - 2 || ties == 2 * 6 - 1) << ties;
  std::map<std::string, int> losses;
  for (const json& tie : results["ties"]) {
    const bool high_won = tie["winner"] == tie["high"];
    ++losses[(high_won ? tie["low"] : tie["high"]).get<std::string>()];
  }
  const std::string champion = results["placings"][0]["bots"][0];
  EXPECT_LE(losses[champion], 1);
  for (int b = 0; b < 6; ++b) {
    const std::string bot = "b" + std::to_string(b);
    if (bot != champion) EXPECT_EQ(losses[bot], 2) << bot;
  }
  ExpectPlacings(results, 6);
}

TEST(KnockoutTest, ResumedAfterAStopRebuildsTheSameBracket) {
  const TournamentConfig config =
      Knockout(7, "elimination = \"double\"\ndeal_sets_per_tie = 1");
  auto whole = RunKnockout(config, TempDir("ko_whole"));
  ASSERT_TRUE(whole) << whole.error();
  const auto dir = TempDir("ko_resumed");
  std::atomic<bool> stop{false};
  FakeRunner runner(config);
  runner.OnCall([&](int call) {
    if (call == 9) stop = true;
  });
  auto first = RunKnockout(config, dir, &stop, &runner);
  ASSERT_TRUE(first) << first.error();
  EXPECT_FALSE(first->complete);
  EXPECT_TRUE(first->format_json.empty());
  auto second = RunKnockout(config, dir);
  ASSERT_TRUE(second) << second.error();
  EXPECT_TRUE(second->complete);
  EXPECT_GT(second->already_done, 0);
  EXPECT_EQ(second->already_done + second->played, whole->played);
  EXPECT_EQ(second->format_json, whole->format_json);
}

TEST(KnockoutTest, PlansAnUpperBound) {
  const TournamentConfig config = Knockout(8, "deal_sets_per_tie = 3");
  auto plan = PlanTournament(config, Layout(2, true));
  ASSERT_TRUE(plan) << plan.error();
  EXPECT_EQ(plan->games, 7 * 3 * 2);  // ties x deal sets x seatings
  EXPECT_EQ(plan->rounds, 3);
  for (int games : plan->games_per_bot) EXPECT_EQ(games, 3 * 3 * 2);
  EXPECT_THAT(plan->detail, HasSubstr("7 ties of 3 deal sets"));
}

TEST(KnockoutTest, SeedsFromARatingsFileUnratedLast) {
  const auto dir = TempDir("ko_ratings");
  std::ofstream(dir / "r.json")
      << R"({"players": [{"name": "b2", "rating": 1600},
                         {"name": "zz", "rating": 1700},
                         {"name": "b0", "rating": 1400}]})";
  const TournamentConfig config =
      Knockout(4, "seeding = \"ratings\"\nratings_file = \"r.json\"", dir);
  auto seeds = KnockoutSeeds(config);
  ASSERT_TRUE(seeds) << seeds.error();
  EXPECT_EQ(*seeds, (std::vector<int>{2, 0, 1, 3}));
}

TEST(KnockoutTest, RefusesWhatItCannotPlayNamingTheKey) {
  struct Case {
    std::string keys, error;
  };
  for (const Case& c : std::vector<Case>{
           {"elimination = \"triple\"", "elimination: must be one of"},
           {"deal_sets_per_tie = 0", "deal_sets_per_tie: must be 1..1000"},
           {"rounds = 2", "rounds: not used with format = \"knockout\""},
           {"duplicate = false", "duplicate: must be true"},
           {"seeding = \"ratings\"", "ratings_file: missing"},
           {"ratings_file = \"r.json\"", "ratings_file: only used with"},
           {"seeding = \"ratings\"\nratings_file = \"/nonexistent.json\"",
            "ratings_file: /nonexistent.json: cannot read"}}) {
    std::string text = "format = \"knockout\"\n" + c.keys +
                       "\n[[bots]]\nname = \"a\"\ncommand = \"x\"\n"
                       "[[bots]]\nname = \"b\"\ncommand = \"x\"\n";
    auto config = ParseTournamentConfig(text);
    ASSERT_FALSE(config) << c.keys;
    EXPECT_THAT(config.error(), HasSubstr(c.error)) << c.keys;
  }
  auto gauntlet_key = ParseTournamentConfig(
      "elimination = \"double\"\n[[bots]]\nname = \"a\"\ncommand = \"x\"\n"
      "[[bots]]\nname = \"b\"\ncommand = \"x\"\n");
  ASSERT_FALSE(gauntlet_key);
  EXPECT_THAT(gauntlet_key.error(),
              HasSubstr("elimination: only used with format = \"knockout\""));
  TournamentConfig three = Knockout(4, "");
  three.seats = 3;
  auto plan = PlanTournament(three, Layout(3, false));
  ASSERT_FALSE(plan);
  EXPECT_THAT(plan.error(), HasSubstr("seats: a knockout tie is two bots"));
  const TournamentConfig four = Knockout(4, "");
  FakeRunner runner(four);
  auto sharded =
      RunTournament(four, Layout(2, true), runner,
                    {.out_dir = TempDir("ko_shard"), .shard_count = 2});
  ASSERT_FALSE(sharded);
  EXPECT_THAT(sharded.error().message, HasSubstr("--shard: a knockout"));
}

}  // namespace
}  // namespace arbiter::tournament
