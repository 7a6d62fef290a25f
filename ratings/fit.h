// The joint maximum-likelihood fit of every game at once.
//
// Model: unit strength s = sum of its players' theta (+ the first-seat
// advantage a when it moved first); a unit is picked from a choice set with
// probability exp(s) / sum exp(s') (Plackett-Luce; with two units this is
// Bradley-Terry). theta is in natural-log units; Elo = theta * 400 / ln 10.
//
// Newton's method on the log-likelihood, which is concave: each step solves
// the Newton system by conjugate gradients with a Jacobi preconditioner, so
// a step costs a few passes over the entries and never a dense matrix. The
// ratings of a pool are only defined up to a common shift, so the fit keeps
// each component's mean theta at zero.
#ifndef ZETEMA_RATINGS_FIT_H_
#define ZETEMA_RATINGS_FIT_H_

#include <cstdint>
#include <span>
#include <vector>

#include "ratings/dataset.h"
#include "ratings/prior.h"

namespace ratings {

struct FitOptions {
  bool first_seat_advantage = false;
  double step_tolerance = 1e-10;  // stop when no theta moves more than this
  int max_iterations = 200;
};

struct FitResult {
  std::vector<double> theta;  // per player, natural-log units
  double advantage = 0;       // first-seat advantage, natural-log units
  int iterations = 0;         // Newton steps
  int hessian_products = 0;   // conjugate-gradient steps, over all of them
  int evaluations = 0;        // log-likelihood evaluations
  bool converged = false;
};

class Fitter {
 public:
  Fitter(const Dataset& data, const FitOptions& options);

  // Fits weights `slot_y` with `prior`; `start` (may be null) is a warm
  // start.
  FitResult Fit(std::span<const double> slot_y, const Prior& prior,
                const FitResult* start = nullptr);

  // Fits with the prior the weights need, joined with `*prior`; should that
  // not converge (a direction the checks miss, such as an advantage and a
  // rating running off together), refits with the prior everywhere.
  // `*prior` returns the prior used.
  FitResult FitWithNeededPrior(std::span<const double> slot_y, Prior* prior,
                               const FitResult* start = nullptr);

 private:
  double Evaluate(std::span<const double> x, std::vector<double>* gradient,
                  bool log_likelihood);
  void HessianTimes(std::span<const double> v, std::vector<double>* out);
  void Project(std::vector<double>* v) const;
  void SolveNewton(const std::vector<double>& gradient, double tolerance,
                   std::vector<double>* step);

  const Dataset& data_;
  FitOptions options_;
  size_t num_params_;
  std::span<const double> y_;
  std::vector<double> prior_weight_;     // per player
  std::vector<double> prior_curvature_;  // per player, at the last point
  double advantage_prior_ = 0;
  double advantage_curvature_ = 0;
  std::vector<double> component_size_;
  // Scratch, valid for the last Evaluate().
  std::vector<double> strength_;  // per unit
  std::vector<double> slot_p_;    // per slot: probability of being picked
  std::vector<double> entry_n_;   // per entry: total weight
  std::vector<double> unit_acc_;  // per unit
  std::vector<double> diagonal_;  // per parameter, for the preconditioner
  std::vector<double> cg_r_, cg_z_, cg_p_, cg_q_;
  int hessian_products_ = 0;
  int evaluations_ = 0;
};

}  // namespace ratings

#endif  // ZETEMA_RATINGS_FIT_H_
