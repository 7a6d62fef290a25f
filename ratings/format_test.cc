#include "ratings/format.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "ratings/csv_reader.h"
#include "ratings/test_games.h"

namespace ratings {
namespace {

using ::testing::HasSubstr;
using testing::OrdoClassic;

Report Classic(Options options = {.average = 0, .bootstrap = 200}) {
  auto report = RateGames(OrdoClassic(), options);
  EXPECT_TRUE(report);
  return *report;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(FormatTest, TableIsAlignedAndRanked) {
  const std::string table = FormatTable(Classic());
  const auto lines = Lines(table);
  ASSERT_GE(lines.size(), 6u);
  EXPECT_THAT(lines[0],
              HasSubstr("Bradley-Terry ratings: 90 games, 3 players"));
  EXPECT_THAT(lines[0], HasSubstr("200 bootstrap replicates"));
  EXPECT_THAT(
      lines[2],
      HasSubstr("#  name   rating      95% interval  games  score     LOS"));
  EXPECT_THAT(lines[3], HasSubstr("1  E1     190.85    ["));
  EXPECT_THAT(lines[4], HasSubstr("2  E2       0.00     ["));
  EXPECT_THAT(lines[5], HasSubstr("3  E3    -190.85  ["));
  EXPECT_THAT(lines[3], HasSubstr("60  82.5%"));
  // Columns line up: the rating column ends at the same place.
  EXPECT_EQ(lines[3].find("190.85") + 6, lines[5].find("-190.85") + 7);
}

TEST(FormatTest, TableShowsAdvantageStatsAndNotes) {
  std::vector<Game> games = OrdoClassic();
  games[0].seats[0].faults = {"crash"};
  games[0].seats[0].decisions = 2;
  games[0].seats[0].decision_us_total = 3000;
  testing::AddMatch(&games, "X", "Y", 1, 0, 1);
  const auto report =
      RateGames(games, {.first_seat_advantage = true, .bootstrap = 0});
  ASSERT_TRUE(report);
  const std::string table = FormatTable(*report);
  EXPECT_THAT(table, HasSubstr("first-seat advantage: "));
  EXPECT_THAT(table, HasSubstr("crash 1"));
  EXPECT_THAT(table, HasSubstr("1.50"));  // mean decision ms
  EXPECT_THAT(table, HasSubstr("note: the games form 2 disconnected pools"));
  EXPECT_THAT(table, HasSubstr("pool"));
}

TEST(FormatTest, CrosstableShowsScoresOutOfEncounters) {
  const std::string cross = FormatCrosstable(Classic());
  const auto lines = Lines(cross);
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_THAT(lines[2], HasSubstr("#  name       1        2        3"));
  EXPECT_THAT(lines[3], HasSubstr("1  E1         x  22.5/30    27/30"));
  EXPECT_THAT(lines[5], HasSubstr("3  E3      3/30   7.5/30        x"));
}

TEST(FormatTest, JsonCarriesEverything) {
  const auto json =
      nlohmann::json::parse(FormatJson(Classic(), /*with_crosstable=*/true));
  EXPECT_EQ(json["model"], "bradley-terry");
  EXPECT_EQ(json["games"], 90);
  EXPECT_EQ(json["bootstrap_replicates"], 200);
  ASSERT_EQ(json["players"].size(), 3u);
  const auto& e1 = json["players"][0];
  EXPECT_EQ(e1["name"], "E1");
  EXPECT_NEAR(e1["rating"].get<double>(), 190.85, 0.005);
  EXPECT_LT(e1["lower"].get<double>(), 190.85);
  EXPECT_GT(e1["upper"].get<double>(), 190.85);
  EXPECT_GT(e1["los_next"].get<double>(), 0.9);
  EXPECT_EQ(json["crosstable"].size(), 6u);
  EXPECT_FALSE(nlohmann::json::parse(FormatJson(Classic(), false))
                   .contains("crosstable"));
}

TEST(FormatTest, CsvHasOneRowPerPlayer) {
  const std::string csv = FormatCsv(Classic());
  const auto lines = Lines(csv);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0].substr(0, 25), "rank,name,rating,lower,up");
  EXPECT_THAT(lines[1], HasSubstr("1,E1,190.85,"));
  const auto fields = SplitCsvLine(lines[3]);
  ASSERT_TRUE(fields);
  EXPECT_EQ(fields->size(), 17u);
  EXPECT_EQ((*fields)[1], "E3");
  EXPECT_EQ((*fields)[5], "0");  // lower bound not prior-bounded
  EXPECT_EQ((*fields)[7], "");   // no next player
}

Report Sweep() {
  std::vector<Game> games;
  testing::AddMatch(&games, "A", "B", 5, 0, 0);
  auto report = RateGames(games, {.bootstrap = 100});
  EXPECT_TRUE(report);
  return *report;
}

TEST(FormatTest, OpenBoundsPrintAsInfinite) {
  // Rounded outwards: the printed interval still holds its estimate.
  EXPECT_EQ(FormatInterval({.lower = 1948.66, .upper = 2013.04}),
            "[1948.6, 2013.1]");
  EXPECT_EQ(FormatInterval({.lower = 1948.7, .upper = INFINITY}),
            "[1948.7, +inf)");
  EXPECT_EQ(FormatInterval({.lower = -INFINITY, .upper = INFINITY}),
            "(-inf, +inf)");
  const Report sweep = Sweep();
  EXPECT_THAT(FormatTable(sweep), HasSubstr(", +inf)"));
  EXPECT_THAT(FormatTable(sweep), HasSubstr("(-inf, "));
  const auto json = nlohmann::json::parse(FormatJson(sweep, false));
  const auto& a = json["players"][0];
  EXPECT_TRUE(a["upper"].is_null());
  EXPECT_TRUE(a["lower"].is_number());
  EXPECT_EQ(a["upper_prior_bounded"], true);
  EXPECT_EQ(a["lower_prior_bounded"], false);
  EXPECT_EQ(a["pool"], 1);
  const auto lines = Lines(FormatCsv(sweep));
  EXPECT_THAT(lines[1], HasSubstr(",inf,0,1,"));
  EXPECT_THAT(lines[2], HasSubstr(",-inf,"));
}

TEST(FormatTest, PoolsArePrintedApart) {
  std::vector<Game> games = OrdoClassic();
  testing::AddMatch(&games, "X", "Y", 2, 0, 1);
  const auto report = RateGames(games, {.bootstrap = 0});
  ASSERT_TRUE(report);
  const auto lines = Lines(FormatTable(*report));
  EXPECT_THAT(lines[2], HasSubstr("pool"));
  EXPECT_EQ(lines[6], "");  // between the pools
  EXPECT_THAT(lines[7], HasSubstr("1  X"));
}

TEST(FormatTest, HistoryJsonHasOnePointPerStep) {
  History h;
  h.model = "bradley-terry";
  h.step = {.by_round = true};
  h.bootstrap_replicates = 10;
  h.points.push_back(
      {.games = 4,
       .round = 1,
       .players = {
           {.name = "A",
            .rank = 1,
            .rating = 1510,
            .interval = Interval{
                .lower = 1400, .upper = INFINITY, .upper_prior = true}}}});
  const auto json = nlohmann::json::parse(FormatHistoryJson(h));
  EXPECT_EQ(json["step"], "round");
  ASSERT_EQ(json["points"].size(), 1u);
  EXPECT_EQ(json["points"][0]["round"], 1);
  EXPECT_EQ(json["points"][0]["players"][0]["lower"], 1400);
  EXPECT_TRUE(json["points"][0]["players"][0]["upper"].is_null());
}

}  // namespace
}  // namespace ratings
