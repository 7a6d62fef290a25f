// The joint maximum-likelihood fit of weighted games.
//
// Model: unit strength s = sum of its players' theta (+ the first-seat
// advantage a when it moved first); a unit is picked from a choice set with
// probability exp(s) / sum exp(s') (Plackett-Luce; with two units this is
// Bradley-Terry). theta is in natural-log units; Elo = theta * 400 / ln 10.
//
// Newton's method on the log-likelihood, which is concave: each step solves
// the Newton system by conjugate gradients with a Jacobi preconditioner, so
// a step costs a few passes over the entries and never a dense matrix.
//
// A FitSpec says what is fitted: which units take part (a choice set is
// restricted to its active units), which parameters move (the others keep
// their start values), where a prior of virtual draws against theta = 0
// applies, and which groups of players are kept at mean 0 (the likelihood
// does not see a common shift of a pool).
#ifndef ZETEMA_RATINGS_FIT_H_
#define ZETEMA_RATINGS_FIT_H_

#include <cstdint>
#include <span>
#include <vector>

#include "ratings/dataset.h"

namespace ratings {

struct FitSpec {
  std::span<const double> y;             // slot weights
  std::span<const uint8_t> active_unit;  // per unit; empty: all active
  std::span<const uint8_t> free;         // per parameter; empty: all move
  std::span<const double> prior;         // per parameter; empty: none
  std::span<const int32_t> centre;  // per player: group (-1: none); empty: none
  int num_groups = 0;
};

// Comparisons whose strengths differ by more than this (26 nats, about 4500
// Elo) are not estimates: the fit is running off to infinity.
inline constexpr double kRunawayGap = 26;

struct FitResult {
  std::vector<double> x;  // players, then the advantage when it is fitted
  int iterations = 0;     // Newton steps
  int hessian_products = 0;
  int evaluations = 0;
  bool converged = false;
  // Largest strength difference within a choice set that has data, and
  // the data's curvature per parameter, at the end.
  double max_gap = 0;
  std::vector<double> data_curvature;
  // Converged to finite values with no comparison running off.
  bool Clean() const;
};

class Fitter {
 public:
  // The fit stops after a full Newton step below `step_tolerance` (what
  // is left is then about its square) or when no step gains anything.
  explicit Fitter(const Dataset& data, double step_tolerance = 1e-10,
                  int max_iterations = 200);

  size_t NumParams() const { return num_params_; }
  // Fits from `start` (empty: all zero).
  FitResult Fit(const FitSpec& spec, std::span<const double> start);

  // Remembers the choice probabilities at `x`: a fit without a prior or
  // inactive units that starts there (every bootstrap replicate starts
  // from the full fit) then begins without an exponential per entry.
  void CacheStart(std::span<const double> x);

 private:
  double Evaluate(std::span<const double> x, std::vector<double>* gradient,
                  bool log_likelihood, bool cached = false);
  void HessianTimes(std::span<const double> v, std::vector<double>* out);
  void Project(std::vector<double>* v) const;  // a direction
  void Centre(std::vector<double>* x) const;   // a point
  void SolveNewton(const std::vector<double>& gradient, double tolerance,
                   std::vector<double>* step);

  const Dataset& data_;
  double step_tolerance_;
  int max_iterations_;
  size_t num_params_;
  FitSpec spec_;
  std::vector<double> group_size_;
  // Scratch, valid for the last Evaluate().
  std::vector<double> strength_;   // per unit
  std::vector<double> pair_c_;     // per pair: n p (1 - p)
  std::vector<double> set_n_;      // per set: total weight of active slots
  std::vector<double> slot_p_;     // per set slot: probability
  std::vector<double> unit_acc_;   // per unit
  std::vector<double> unit_diag_;  // per unit
  std::vector<double> diagonal_;   // per parameter, for the preconditioner
  std::vector<double> data_diagonal_;
  std::vector<double> prior_curvature_;  // per parameter
  double max_gap_ = 0;
  std::vector<double> cg_r_, cg_z_, cg_p_, cg_q_;
  std::vector<double> cache_x_;     // the start the cache is for
  std::vector<double> cache_pair_;  // per pair: p of its first unit
  std::vector<double> cache_slot_;  // per set slot: probability
  int hessian_products_ = 0;
  int evaluations_ = 0;
};

}  // namespace ratings

#endif  // ZETEMA_RATINGS_FIT_H_
