#include "arbiter/tournament/sprt.h"

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

namespace arbiter::tournament {
namespace {

struct Reference {
  Pentanomial pairs;
  double elo0, elo1;
  double logistic, normalized;  // fishtest's LLR_logistic, LLR_normalized
};

// Computed with fishtest's published formulas (server/fishtest/stats/
// LLRcalc.py: LLR_logistic and LLR_normalized, the GSPRT on pentanomial
// counts) on the same counts; the first two are the counts of its own
// examples in stat_util.py.
const Reference kReferences[] = {
    {{10789, 19328, 33806, 19402, 10543}, -3, 1, 2.1310678118, 0.3008697855},
    {{39, 2226, 31451, 2412, 40}, 0.764, 3.439, -27.8652373410, 2.1629408696},
    {{3, 10, 20, 12, 5}, 0, 10, 0.2445890771, 0.1941202165},
    {{0, 2, 5, 9, 14}, 0, 10, 0.8509623741, 0.9099489751},
    {{12, 20, 30, 18, 8}, 0, 10, -0.5377588164, -0.4245757955},
};

TEST(SprtTest, LlrMatchesFishtestOnTheSameCounts) {
  for (const Reference& r : kReferences) {
    SprtParams params{.elo0 = r.elo0, .elo1 = r.elo1};
    params.model = EloModel::kLogistic;
    EXPECT_NEAR(Llr(r.pairs, params), r.logistic,
                1e-6 * std::max(1.0, std::abs(r.logistic)))
        << r.pairs[0] << " " << r.pairs[4];
    params.model = EloModel::kNormalized;
    EXPECT_NEAR(Llr(r.pairs, params), r.normalized,
                1e-6 * std::max(1.0, std::abs(r.normalized)))
        << r.pairs[0] << " " << r.pairs[4];
  }
}

TEST(SprtTest, BoundsAndVerdicts) {
  auto params = ParseSprt("elo0=0 elo1=10 alpha=0.05 beta=0.05");
  ASSERT_TRUE(params.has_value()) << params.error();
  EXPECT_NEAR(params->LowerBound(), -2.944438979, 1e-9);
  EXPECT_NEAR(params->UpperBound(), 2.944438979, 1e-9);
  EXPECT_EQ(params->model, EloModel::kLogistic);
  EXPECT_EQ(Decide(-3.0, *params), Verdict::kH0);
  EXPECT_EQ(Decide(3.0, *params), Verdict::kH1);
  EXPECT_EQ(Decide(0.0, *params), Verdict::kContinue);
  // Even a far stronger bot needs ~100 pairs against bounds 10 Elo apart
  // (LLR 0.028 a pair at 85%); an even match drifts to H0.
  EXPECT_EQ(Decide(Llr({0, 4, 12, 32, 80}, *params), *params), Verdict::kH1);
  EXPECT_EQ(Decide(Llr({0, 2, 6, 16, 40}, *params), *params),
            Verdict::kContinue);
  EXPECT_EQ(Decide(Llr({400, 1600, 2400, 1600, 400}, *params), *params),
            Verdict::kH0);
}

TEST(SprtTest, ParseNamesWhatIsWrong) {
  auto normalized = ParseSprt("elo1=5,model=normalized elo0=-1");
  ASSERT_TRUE(normalized.has_value()) << normalized.error();
  EXPECT_EQ(normalized->model, EloModel::kNormalized);
  EXPECT_EQ(normalized->elo0, -1);
  EXPECT_EQ(normalized->elo1, 5);
  EXPECT_NE(ParseSprt("elo0=5 elo1=0").error().find("elo1"), std::string::npos);
  EXPECT_NE(ParseSprt("alpha=0.7").error().find("alpha"), std::string::npos);
  EXPECT_NE(ParseSprt("gamma=1").error().find("gamma"), std::string::npos);
  EXPECT_NE(ParseSprt("elo0=x").error().find("elo0"), std::string::npos);
  EXPECT_NE(ParseSprt("elo0").error().find("KEY=VALUE"), std::string::npos);
  EXPECT_NE(ParseSprt("model=bayes").error().find("model"), std::string::npos);
}

TEST(SprtTest, EloEstimateAndInterval) {
  const EloEstimate even = EstimateElo({10, 20, 40, 20, 10});
  EXPECT_EQ(even.games, 200);
  EXPECT_DOUBLE_EQ(even.score, 0.5);
  EXPECT_NEAR(even.elo, 0, 1e-9);
  EXPECT_NEAR(even.lower, -even.upper, 1e-9);
  EXPECT_NEAR(even.los, 0.5, 1e-12);
  // 3/4 of the points: +190.8 Elo; the interval holds it and excludes 0.
  const EloEstimate strong = EstimateElo({0, 0, 10, 0, 10});
  EXPECT_DOUBLE_EQ(strong.score, 0.75);
  EXPECT_NEAR(strong.elo, 190.848501887865, 1e-9);
  EXPECT_GT(strong.lower, 0);
  EXPECT_LT(strong.lower, strong.elo);
  EXPECT_GT(strong.upper, strong.elo);
  EXPECT_GT(strong.los, 0.999);
  EXPECT_EQ(EstimateElo({}).games, 0);
}

// Every bound the parser accepts gives a finite LLR, whatever the counts:
// one-sided and empty ones included (the normalized model's fixed-point
// solver gave NaN beyond about 230, and the match never stopped), and bounds
// close to 0 (a narrow range of feasible means).
TEST(SprtTest, EveryAcceptedBoundGivesAFiniteLlr) {
  std::mt19937 rng(7);
  const std::vector<Pentanomial> counts = {
      {0, 0, 0, 0, 0},  {0, 0, 0, 0, 40},     {25, 0, 0, 0, 0},
      {0, 0, 17, 0, 0}, {164, 0, 0, 142, 25}, {1, 2, 100, 0, 0},
      {3, 9, 30, 9, 3}, {0, 1, 0, 1, 0},      {0, 954, 2064, 2, 3}};
  for (EloModel model : {EloModel::kLogistic, EloModel::kNormalized}) {
    const double most = kMostElo;
    std::uniform_real_distribution<double> bound(-most, most);
    for (int trial = 0; trial < 60; ++trial) {
      SprtParams params{.model = model};
      params.elo0 = trial < 2 ? (trial == 0 ? -most : most - 1) : bound(rng);
      params.elo1 = trial < 2 ? params.elo0 + 1 : bound(rng);
      if (trial == 2) params.elo0 = -0.378, params.elo1 = 0.2;
      if (params.elo0 > params.elo1) std::swap(params.elo0, params.elo1);
      for (const Pentanomial& pairs : counts) {
        const double llr = Llr(pairs, params);
        EXPECT_TRUE(std::isfinite(llr))
            << "elo0 " << params.elo0 << " elo1 " << params.elo1 << " pairs "
            << pairs[0] << "-" << pairs[1] << "-" << pairs[2] << "-" << pairs[3]
            << "-" << pairs[4];
      }
    }
  }
  // Far bounds still order the evidence: every pair won favours the
  // higher bound.
  const SprtParams far{.elo0 = 0, .elo1 = 400, .model = EloModel::kNormalized};
  EXPECT_GT(Llr({0, 0, 0, 0, 40}, far), far.UpperBound());
  EXPECT_LT(Llr({10, 20, 40, 20, 10}, far), far.LowerBound());
}

TEST(SprtTest, BoundsBeyond800AreRefused) {
  auto normalized = ParseSprt("elo0=0 elo1=801 model=normalized");
  ASSERT_FALSE(normalized.has_value());
  EXPECT_NE(normalized.error().find(
                "elo0 and elo1 must be within ±800 (got 0 and 801)"),
            std::string::npos)
      << normalized.error();
  EXPECT_TRUE(ParseSprt("elo0=-800 elo1=800 model=normalized").has_value());
  EXPECT_TRUE(ParseSprt("elo0=-800 elo1=800").has_value());
  EXPECT_FALSE(ParseSprt("elo0=-801 elo1=0").has_value());
}

// Every pair won: no finite Elo; the interval is the bound the number of
// pairs gives (one-sided 97.5%: a pair not won has a chance of at most
// 1 - 0.025^(1/n)), and the text says so instead of a clamped +1199.8.
TEST(SprtTest, AScoreOfOneIsABound) {
  const EloEstimate all = EstimateElo({0, 0, 0, 0, 12});
  EXPECT_EQ(all.elo, std::numeric_limits<double>::infinity());
  EXPECT_EQ(all.upper, std::numeric_limits<double>::infinity());
  EXPECT_NEAR(all.lower, EloOfScore(std::pow(0.025, 1 / 12.0)), 1e-9);
  EXPECT_GT(all.lower, 100);
  EXPECT_EQ(all.normalized_elo, std::numeric_limits<double>::infinity());
  EXPECT_EQ(EloText(all),
            fmt::format("Elo above {:+.1f} [{:+.1f}, +inf] (every game won: "
                        "no finite estimate)",
                        all.lower, all.lower));
  // More pairs, a higher bound.
  EXPECT_GT(EstimateElo({0, 0, 0, 0, 50}).lower, all.lower);
  const EloEstimate none = EstimateElo({9, 0, 0, 0, 0});
  EXPECT_EQ(none.elo, -std::numeric_limits<double>::infinity());
  EXPECT_THAT(EloText(none), ::testing::StartsWith("Elo below -"));
  // Every pair drawn 1-1: Elo 0 with an interval, not [0, 0].
  const EloEstimate drawn = EstimateElo({0, 0, 20, 0, 0});
  EXPECT_NEAR(drawn.elo, 0, 1e-9);
  EXPECT_LT(drawn.lower, -10);
  EXPECT_GT(drawn.upper, 10);
  EXPECT_EQ(drawn.normalized_elo, 0);
  EXPECT_EQ(EloText(EstimateElo({0, 0, 10, 0, 10})).substr(0, 10),
            "Elo +190.8");
}

}  // namespace
}  // namespace arbiter::tournament
