// Statistics of an A/B match played in pairs of games on the same deal:
// the pentanomial counts of pair scores, the Elo estimate with its 95%
// interval, and the generalized sequential probability ratio test (GSPRT)
// that fishtest and fastchess run on such pairs.
//
// A pair is two games of one deal with A and B in swapped seats; A scores 1
// per game it places ahead of B, 1/2 for the same place, 0 behind. The pair
// score (0, 1/2, 1, 3/2 or 2) is one draw from a five-valued distribution
// whose mean per game is A's expected score s. H0 says s = L(elo0), H1 that
// s = L(elo1); the log-likelihood ratio maximizes the likelihood of the
// pentanomial counts over all distributions with each mean (the GSPRT of
// Michel Van den Bergh's notes for fishtest). Zero counts get 1e-3 so that
// the logarithms stay finite, as fishtest does.
#ifndef ARBITER_TOURNAMENT_SPRT_H_
#define ARBITER_TOURNAMENT_SPRT_H_

#include <array>
#include <cstdint>
#include <expected>
#include <string>
#include <string_view>

namespace arbiter::tournament {

// Pairs by A's pair score: [0] = 0 (lost both), ..., [4] = 2 (won both).
using Pentanomial = std::array<double, 5>;

// How an Elo difference maps to a distribution of pair scores.
enum class EloModel {
  // Logistic Elo: the expected score per game is 1 / (1 + 10^(-elo/400)).
  kLogistic,
  // Normalized Elo: the t-value (s - 1/2) / sigma per game, scaled by
  // 800 / ln 10, so that the same bounds take the same number of games
  // whatever the draw rate and the pairing's correlation.
  kNormalized,
};

// The bounds accepted, in either model: beyond a logistic score of 99% a
// game, no A/B test asks a question.
inline constexpr double kMostElo = 800;

struct SprtParams {
  double elo0 = 0;
  double elo1 = 10;
  double alpha = 0.05;
  double beta = 0.05;
  EloModel model = EloModel::kLogistic;
  double LowerBound() const;  // ln(beta / (1 - alpha)): accept H0 below
  double UpperBound() const;  // ln((1 - beta) / alpha): accept H1 above
};

// "elo0=0 elo1=10 alpha=0.05 beta=0.05 [model=normalized|logistic]", keys in
// any order, missing ones left at their defaults. Errors name the key.
std::expected<SprtParams, std::string> ParseSprt(std::string_view text);

// The log-likelihood ratio of H1 against H0 for these counts.
double Llr(const Pentanomial& pairs, const SprtParams& params);

enum class Verdict { kContinue, kH0, kH1 };
Verdict Decide(double llr, const SprtParams& params);

// An Elo estimate is infinite when A won (or lost) every game, and a bound
// is infinite when the interval reaches a score of 1 (or 0).
struct EloEstimate {
  double games = 0;
  double score = 0.5;  // A's mean score per game
  double elo = 0;      // logistic Elo of `score`
  // 95% interval: normal, over pair scores; when every pair scored the
  // same, from the chance (at most 2.5%) of a pair scoring otherwise.
  double lower = 0;
  double upper = 0;
  double normalized_elo = 0;  // for the normalized model's bounds
  double los = 0.5;           // likelihood that A is the stronger
};
EloEstimate EstimateElo(const Pentanomial& pairs);

// "Elo +56.6 [+20.1, +93.2]"; a score of 1 (or 0) as the bound it gives:
// "Elo above +365.1 [+365.1, +inf] (every game won: no finite estimate)".
std::string EloText(const EloEstimate& e);

// Logistic Elo of a score per game: infinite at 0 and 1.
double EloOfScore(double score);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_SPRT_H_
