// Statistical checks: games drawn from known ratings, rated, and the true
// ratings compared with the intervals. Seeds are fixed, so a failure is
// reproducible; the bounds leave room for chance (a 95% interval covers
// 88-99% of 240-320 checks except with tiny probability).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "ratings/ratings.h"
#include "ratings/synthetic.h"

namespace ratings {
namespace {

struct Scenario {
  std::string name;
  SyntheticOptions games;
  int trials = 40;
  bool pairwise = false;
};

void CheckCoverage(const Scenario& s) {
  int inside = 0, checks = 0, orders_kept = 0;
  const std::vector<double>& truth = s.games.ratings;
  double mean_truth = 0;
  for (double r : truth) mean_truth += r / truth.size();
  for (int t = 0; t < s.trials; ++t) {
    SyntheticOptions o = s.games;
    o.seed = 1000 * o.seed + t;
    const auto report = RateGames(DrawGames(o), {.average = 0,
                                                 .pairwise = s.pairwise,
                                                 .bootstrap = 200,
                                                 .seed = o.seed});
    ASSERT_TRUE(report) << report.error();
    ASSERT_TRUE(report->converged);
    std::map<std::string, const PlayerReport*> by_name;
    for (const PlayerReport& p : report->players) by_name[p.name] = &p;
    bool order = true;
    for (size_t i = 0; i < truth.size(); ++i) {
      const PlayerReport& p = *by_name.at(SyntheticName(static_cast<int>(i)));
      const double want = truth[i] - mean_truth;
      ++checks;
      if (p.interval->lower <= want && want <= p.interval->upper) ++inside;
      // Players are listed strongest first, so the rank must be i + 1.
      order = order && p.rank == static_cast<int>(i) + 1;
    }
    orders_kept += order;
  }
  const double coverage = static_cast<double>(inside) / checks;
  std::cout << fmt::format("{}: coverage {:.3f} of {}, order kept {}/{}\n",
                           s.name, coverage, checks, orders_kept, s.trials);
  EXPECT_GE(coverage, 0.88) << s.name;
  EXPECT_LE(coverage, 0.99) << s.name;
  EXPECT_EQ(orders_kept, s.trials) << s.name;
}

const std::vector<double> kSix = {250, 150, 50, -50, -150, -250};
const std::vector<double> kEight = {350, 250, 150, 50, -50, -150, -250, -350};

TEST(CoverageTest, TwoPlayers) {
  CheckCoverage(
      {"2 players",
       {.ratings = kEight, .games = 3000, .draw_rate = 0.5, .seed = 1}});
}

TEST(CoverageTest, FreeForAllThreeToSix) {
  for (int seats = 3; seats <= 6; ++seats) {
    CheckCoverage({fmt::format("{} free-for-all", seats),
                   {.ratings = kEight,
                    .games = 1500,
                    .seats = seats,
                    .seed = static_cast<uint64_t>(seats)}});
  }
}

TEST(CoverageTest, PairwiseDecompositionOfFourPlayers) {
  // The pairs of one game are not independent; resampling whole games
  // keeps the intervals honest anyway.
  CheckCoverage({"4 free-for-all, pairwise",
                 {.ratings = kEight, .games = 1500, .seats = 4, .seed = 14},
                 25,
                 /*pairwise=*/true});
}

TEST(CoverageTest, PartnershipsOfFourAndSix) {
  CheckCoverage(
      {"4 in two mixed teams",
       {.ratings = kSix, .games = 6000, .seats = 4, .team_size = 2, .seed = 41},
       /*trials=*/80});
  CheckCoverage({"6 in three teams of copies",
                 {.ratings = kSix,
                  .games = 2000,
                  .seats = 6,
                  .team_size = 2,
                  .copies = true,
                  .seed = 61}});
  CheckCoverage({"6 in two teams of three",
                 {.ratings = kSix,
                  .games = 6000,
                  .seats = 6,
                  .team_size = 3,
                  .seed = 62}});
}

TEST(CoverageTest, DuplicateSetsResampledWhole) {
  CheckCoverage({"2 players in duplicate pairs",
                 {.ratings = kSix,
                  .games = 3000,
                  .draw_rate = 0.3,
                  .duplicate_size = 2,
                  .seed = 21}});
}

}  // namespace
}  // namespace ratings
