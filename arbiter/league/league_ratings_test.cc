#include "arbiter/league/league_ratings.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <fstream>

#include "arbiter/league/league_report.h"

namespace arbiter::league {
namespace {

records::RecordSummary Game(std::string id, std::vector<std::string> bots,
                            std::vector<int> teams, std::vector<int> places,
                            int round = 1, std::string group = "") {
  return {.game_id = std::move(id),
          .duplicate_group = std::move(group),
          .round = round,
          .bots = std::move(bots),
          .teams = std::move(teams),
          .places = std::move(places)};
}

TEST(LeagueRatingsTest, PartnersOnlyWhereTeamsAreShared) {
  const auto alone = RatingGameOf(Game("g1", {"a@1", "b@1"}, {0, 1}, {2, 1}));
  EXPECT_EQ(alone.seats[0].team, -1);
  EXPECT_EQ(alone.seats[1].place, 1);
  const auto pairs = RatingGameOf(
      Game("g2", {"a@1", "b@1", "c@1", "d@1"}, {0, 1, 0, 1}, {1, 2, 1, 2}));
  EXPECT_EQ(pairs.seats[2].team, 0);
  EXPECT_EQ(pairs.seats[3].team, 1);
}

TEST(LeagueRatingsTest, CountsGamesEncountersAndBatches) {
  LeagueRatings ratings;
  EXPECT_TRUE(std::isinf(ratings.EstimateOf("a@1").sd));  // unrated
  for (int i = 0; i < 6; ++i) {
    const std::string group = "r1-t" + std::to_string(i);
    ASSERT_TRUE(ratings.Add(
        Game(group + "-s0", {"a@1", "b@1"}, {0, 1}, {1, 2}, 1 + i / 3, group)));
    ASSERT_TRUE(
        ratings.Add(Game(group + "-s1", {"b@1", "a@1"}, {0, 1},
                         {i % 2 ? 1 : 2, i % 2 ? 2 : 1}, 1 + i / 3, group)));
  }
  EXPECT_EQ(ratings.games(), 12);
  EXPECT_EQ(ratings.max_batch(), 2);
  // A duplicate deal set is one encounter.
  EXPECT_EQ(ratings.encounters().Met(ratings.IdOf("a@1"), ratings.IdOf("b@1")),
            6);
  EXPECT_FALSE(ratings.Add(Game("bad", {"a@1"}, {0}, {1})));  // one side
}

TEST(LeagueRatingsTest, HistorySkipsALineCutShort) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() /
      ("league_history_test." + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  HistoryPoint point{.batch = 3, .time = "2026-01-01T00:00:00Z", .games = 9};
  point.bots = {{.name = "a@1", .elo = 1510.04, .sd = 40, .games = 9},
                {.name = "b@2", .elo = 1490, .sd = INFINITY, .games = 0}};
  ASSERT_TRUE(AppendHistory(dir, point));
  std::ofstream(dir / kHistoryFile, std::ios::app) << "{\"batch\": 4, \"ti";
  point.batch = 5;  // the next run's line is whole
  ASSERT_TRUE(AppendHistory(dir, point));
  std::ofstream(dir / kHistoryFile, std::ios::app) << "{\"batch\": \"x\"}\n";
  int skipped = -1;
  const auto history = ReadHistory(dir, &skipped);
  EXPECT_EQ(skipped, 2);  // the line cut short, and one of the wrong shape
  ASSERT_EQ(history.size(), 2u);
  EXPECT_EQ(history[1].batch, 5);
  EXPECT_EQ(history[0].batch, 3);
  EXPECT_DOUBLE_EQ(history[0].bots[0].elo, 1510.0);
  EXPECT_TRUE(std::isinf(history[0].bots[1].sd));
  std::filesystem::remove_all(dir);
}

TEST(LeagueReportTest, PageEscapesWhatItShows) {
  EXPECT_EQ(HtmlEscape("<a href='x'>&\"</a>"),
            "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;");
  Roster roster;
  roster.bots.push_back({.name = "a", .hash = std::string(64, 'a')});
  HistoryPoint point{.batch = 1, .time = "<t>", .games = 2};
  point.bots = {{.name = "a@1", .elo = 1500, .sd = 50, .games = 2}};
  const std::string page =
      LeaguePage("<league>", roster, {point}, {Game("<g>", {"a@1"}, {0}, {1})});
  EXPECT_EQ(page.find("<league>"), std::string::npos);
  EXPECT_EQ(page.find("<g>"), std::string::npos);
  EXPECT_NE(page.find("&lt;league&gt;"), std::string::npos);
  EXPECT_NE(page.find("[1402, 1598]"), std::string::npos);  // 1.96 x 50
  EXPECT_NE(page.find("<polyline"), std::string::npos);
  // The newest games only, newest first.
  std::vector<records::RecordSummary> many;
  for (int i = 0; i < kNewestGames + 10; ++i) {
    many.push_back(Game("g" + std::to_string(i), {"a@1"}, {0}, {1}));
  }
  const std::string list = LeaguePage("l", roster, {point}, many);
  size_t rows = 0;
  for (size_t at = 0; (at = list.find("<tr><td><code>", at)) != list.npos;
       ++at) {
    ++rows;
  }
  EXPECT_EQ(rows, size_t(kNewestGames));
  EXPECT_LT(list.find("g59"), list.find("g10"));
  EXPECT_EQ(list.find(">g9<"), std::string::npos);
}

}  // namespace
}  // namespace arbiter::league
