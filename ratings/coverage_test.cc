// Statistical checks: games drawn from known ratings, rated, and the true
// ratings compared with the intervals. Seeds are fixed, so a failure is
// reproducible; the bounds leave room for chance (a 95% interval covers
// 88-99% of 240-640 checks except with tiny probability).
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
  double min_coverage = 0.88;  // of the players with many games
  double max_coverage = 0.99;
};

void CheckCoverage(const Scenario& s) {
  int inside = 0, checks = 0, orders_kept = 0, widened = 0;
  int sparse_inside = 0, sparse_checks = 0, sparse_bounded = 0;
  const std::vector<double>& truth = s.games.ratings;
  const int regular = static_cast<int>(truth.size()) - s.games.sparse;
  for (int t = 0; t < s.trials; ++t) {
    SyntheticOptions o = s.games;
    o.seed = 1000 * o.seed + t;
    const std::vector<Game> games = DrawGames(o);
    const auto report = RateGames(games, {.average = 0,
                                          .pairwise = s.pairwise,
                                          .bootstrap = 200,
                                          .seed = o.seed,
                                          .crosstable = false});
    ASSERT_TRUE(report) << report.error();
    ASSERT_TRUE(report->converged);
    ASSERT_EQ(report->num_components, 1);
    widened += report->widened_intervals;
    std::map<std::string, const PlayerReport*> by_name;
    for (const PlayerReport& p : report->players) by_name[p.name] = &p;
    // Ratings are centred on the players with a maximum-likelihood
    // estimate (no prior-bounded bound), weighted by their games among
    // them; so is the truth.
    std::vector<uint8_t> core(truth.size(), 0);
    for (size_t i = 0; i < truth.size(); ++i) {
      const PlayerReport& p = *by_name.at(SyntheticName(static_cast<int>(i)));
      core[i] = !p.interval->lower_prior && !p.interval->upper_prior;
    }
    double mean = 0, weight = 0;
    for (const Game& g : games) {
      bool inside_core = true;
      for (const SeatResult& seat : g.seats) {
        inside_core = inside_core && core[std::stoi(seat.player.substr(1))];
      }
      if (!inside_core) continue;
      std::vector<int> seen;
      for (const SeatResult& seat : g.seats) {
        const int i = std::stoi(seat.player.substr(1));
        if (std::find(seen.begin(), seen.end(), i) != seen.end()) continue;
        seen.push_back(i);
        mean += truth[i];
        weight += 1;
      }
    }
    mean /= weight;
    bool order = true;
    for (size_t i = 0; i < truth.size(); ++i) {
      const PlayerReport& p = *by_name.at(SyntheticName(static_cast<int>(i)));
      const double want = truth[i] - mean;
      const bool covered =
          p.interval->lower <= want && want <= p.interval->upper;
      EXPECT_TRUE(p.interval->lower <= p.rating &&
                  p.rating <= p.interval->upper)
          << s.name << " " << p.name;
      if (static_cast<int>(i) < regular) {
        ++checks;
        inside += covered;
        // Players are listed strongest first, so the rank must be i + 1.
        order = order && p.rank == static_cast<int>(i) + 1;
      } else {
        ++sparse_checks;
        sparse_inside += covered;
        sparse_bounded +=
            std::isfinite(p.interval->lower) + std::isfinite(p.interval->upper);
      }
    }
    orders_kept += order;
  }
  const double coverage = static_cast<double>(inside) / checks;
  const double all =
      static_cast<double>(inside + sparse_inside) / (checks + sparse_checks);
  std::cout << fmt::format(
      "{}: coverage {:.3f} of {}, order kept {}/{}, widened {}", s.name,
      coverage, checks, orders_kept, s.trials, widened);
  if (sparse_checks > 0) {
    std::cout << fmt::format(
        "; sparse players {:.3f} of {} ({} finite bounds); all {:.3f}",
        static_cast<double>(sparse_inside) / sparse_checks, sparse_checks,
        sparse_bounded, all);
  }
  std::cout << "\n";
  EXPECT_GE(coverage, s.min_coverage) << s.name;
  EXPECT_LE(coverage, s.max_coverage) << s.name;
  EXPECT_GE(all, 0.90) << s.name;
  // The bootstrap itself straddles every estimate: no interval had to be
  // widened to hold it.
  EXPECT_EQ(widened, 0) << s.name;
  if (s.games.sparse == 0 && s.games.games >= 1000) {
    EXPECT_EQ(orders_kept, s.trials) << s.name;
  }
}

const std::vector<double> kSix = {250, 150, 50, -50, -150, -250};
const std::vector<double> kEight = {350, 250, 150, 50, -50, -150, -250, -350};

std::vector<double> WithSparse(std::vector<double> ratings) {
  for (double r : {300, -280, 120, -60, 10, -200, 220, -120}) {
    ratings.push_back(r);
  }
  return ratings;
}

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

// Eight players with 1 to 3 games each beside the others: their own
// intervals must be honest (they are open: a handful of games bounds
// nothing), and they must not disturb the others'.
TEST(CoverageTest, SparsePlayersTwoSides) {
  CheckCoverage({"2 players, 8 sparse",
                 {.ratings = WithSparse(kEight),
                  .games = 3000,
                  .draw_rate = 0.3,
                  .sparse = 8,
                  .seed = 71}});
}

TEST(CoverageTest, SparsePlayersFreeForAll) {
  CheckCoverage({"4 free-for-all, 8 sparse",
                 {.ratings = WithSparse(kEight),
                  .games = 1500,
                  .seats = 4,
                  .sparse = 8,
                  .seed = 72}});
}

TEST(CoverageTest, SparsePlayersInTeams) {
  CheckCoverage({"4 in two mixed teams, 8 sparse",
                 {.ratings = WithSparse(kEight),
                  .games = 6000,
                  .seats = 4,
                  .team_size = 2,
                  .sparse = 8,
                  .seed = 73}});
}

// Individual-fill partnerships as a small tournament plays them: 12 bots,
// a few games each, where the old fit ran off to NaN.
TEST(CoverageTest, SmallIndividualFillPartnerships) {
  CheckCoverage(
      {"12 bots, 4 seats individual fill, 150 games",
       {.ratings = {200, 160, 120, 80, 40, 0, 0, -40, -80, -120, -160, -200},
        .games = 150,
        .seats = 4,
        .team_size = 2,
        .seed = 81}});
}

}  // namespace
}  // namespace ratings
