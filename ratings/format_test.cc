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
  EXPECT_EQ(fields->size(), 15u);
  EXPECT_EQ((*fields)[1], "E3");
  EXPECT_EQ((*fields)[5], "");  // no next player
}

}  // namespace
}  // namespace ratings
