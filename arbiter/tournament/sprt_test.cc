#include "arbiter/tournament/sprt.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace arbiter::tournament
