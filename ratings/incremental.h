// Ratings of a growing set of games (a league that never closes): the
// joint maximum-likelihood fit of fit.h, the same model and options as
// RateGames, refitted from the last solution after each batch of games.
//
//   ratings::IncrementalRatings fit(options);
//   for (const Game& g : batch) if (auto ok = fit.Add(g); !ok) ...;
//   if (auto ok = fit.Refit(); ok) for (auto& e : fit.estimates()) ...;
//
// Games are kept as distinct comparisons (the same units in the same
// places/teams pattern are one weighted entry), so memory and the cost of
// a refit grow with the number of distinct comparisons, not with games.
// Standard errors come from the observed information (the curvature of the
// log-likelihood at the estimate), not from a bootstrap.
#ifndef ZETEMA_RATINGS_INCREMENTAL_H_
#define ZETEMA_RATINGS_INCREMENTAL_H_

#include <cstdint>
#include <expected>
#include <memory>
#include <string>
#include <vector>

#include "ratings/game.h"
#include "ratings/ratings.h"

namespace ratings {

// The joint maximum-likelihood fit (fit.h, the same model and options as
// RateGames) over a growing set of games, refitted from the last solution.
// Options::bootstrap, seed, threads and crosstable are not used.
class IncrementalRatings {
 public:
  explicit IncrementalRatings(Options options);
  ~IncrementalRatings();
  IncrementalRatings(IncrementalRatings&&) noexcept;
  IncrementalRatings& operator=(IncrementalRatings&&) noexcept;

  // One finished game; the error names the game (its id, or its number
  // among the games added when it has none), the seat and what is wrong
  // (fewer than two sides, a name that is empty or holds control
  // characters or bad UTF-8, a player at two sides, a place below 1, more
  // than 12 sides tied). A refused game leaves the fit as it was.
  std::expected<void, std::string> Add(const Game& game);
  int64_t games() const;
  // Distinct comparisons among them: what a refit costs.
  int64_t comparisons() const;

  // Refits over every game added so far, warm-started; its cost grows with
  // the number of distinct comparisons, not with games (and as the cube of
  // the players, for the standard errors). An error (options RateGames
  // refuses, no games, an anchor that has not played) leaves the last
  // estimates as they were.
  std::expected<void, std::string> Refit();

  struct Estimate {
    std::string name;
    double elo = 0;
    // Standard error in Elo, from the observed information; 0 for the
    // anchor; +inf when not bounded by data (all wins, all losses).
    double sd = 0;
    int64_t games = 0;
  };
  // After Refit: every player added so far, in order of first appearance.
  const std::vector<Estimate>& estimates() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace ratings

#endif  // ZETEMA_RATINGS_INCREMENTAL_H_
