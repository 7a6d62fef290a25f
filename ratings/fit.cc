#include "ratings/fit.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>

namespace ratings {
namespace {

double LogSigmoid(double x) {
  return x >= 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x));
}

double Sigmoid(double x) {
  return x >= 0 ? 1 / (1 + std::exp(-x)) : std::exp(x) / (1 + std::exp(x));
}

double Dot(std::span<const double> a, std::span<const double> b) {
  return std::inner_product(a.begin(), a.end(), b.begin(), 0.0);
}

double MaxAbs(std::span<const double> a) {
  double m = 0;
  for (double v : a) m = std::max(m, std::abs(v));
  return m;
}

bool AllFinite(std::span<const double> a) {
  return std::all_of(a.begin(), a.end(),
                     [](double v) { return std::isfinite(v); });
}

}  // namespace

bool FitResult::Clean() const {
  return converged && max_gap <= kRunawayGap && AllFinite(x);
}

Fitter::Fitter(const Dataset& data, double step_tolerance, int max_iterations)
    : data_(data),
      step_tolerance_(step_tolerance),
      max_iterations_(max_iterations),
      num_params_(data.num_players + (data.first_seat_advantage ? 1 : 0)) {}

// Log-likelihood at x (when asked); fills the gradient and the scratch that
// HessianTimes() uses.
double Fitter::Evaluate(std::span<const double> x,
                        std::vector<double>* gradient, bool log_likelihood,
                        bool cached) {
  ++evaluations_;
  const Dataset& d = data_;
  const size_t players = d.num_players;
  const double advantage = d.first_seat_advantage ? x[players] : 0.0;
  const size_t units = d.NumUnits();
  strength_.resize(units);
  for (size_t u = 0; u < units; ++u) {
    double s = d.unit_first[u] ? advantage : 0.0;
    for (uint32_t i = d.unit_begin[u]; i < d.unit_begin[u + 1]; ++i) {
      s += x[d.unit_players[i]];
    }
    strength_[u] = s;
  }
  unit_acc_.assign(units, 0.0);
  unit_diag_.assign(units, 0.0);
  const uint8_t* active =
      spec_.active_unit.empty() ? nullptr : spec_.active_unit.data();
  const double* y = spec_.y.data();
  const double* s = strength_.data();
  double* acc = unit_acc_.data();
  double* diag = unit_diag_.data();
  double ll = 0, max_gap = 0;
  // Pairs: Bradley-Terry, the bulk of the data, kept cheap.
  const size_t pairs = d.NumPairs();
  pair_c_.resize(pairs);
  const uint32_t* pu = d.pair_unit.data();
  for (size_t k = 0; k < pairs; ++k) {
    const double y0 = y[2 * k], y1 = y[2 * k + 1], n = y0 + y1;
    const uint32_t u0 = pu[2 * k], u1 = pu[2 * k + 1];
    if (n == 0 || (active != nullptr && !(active[u0] && active[u1]))) {
      pair_c_[k] = 0;
      continue;
    }
    const double diff = s[u0] - s[u1];
    // One exp and one log1p: log sigmoid(-diff) = log sigmoid(diff) - diff.
    double p0, e = 0;
    if (cached) {
      p0 = cache_pair_[k];
    } else {
      e = std::exp(-std::abs(diff));
      p0 = diff >= 0 ? 1 / (1 + e) : e / (1 + e);
    }
    if (log_likelihood) {
      const double log_p0 = std::min(diff, 0.0) - std::log1p(e);
      ll += y0 * log_p0 + y1 * (log_p0 - diff);
    }
    max_gap = std::max(max_gap, std::abs(diff));
    const double g = y0 - n * p0;
    acc[u0] += g;
    acc[u1] -= g;
    const double c = n * p0 * (1 - p0);
    pair_c_[k] = c;
    diag[u0] += c;
    diag[u1] += c;
  }
  // Larger choice sets, restricted to their active units.
  const size_t sets = d.NumSets();
  const size_t base = d.pair_unit.size();
  set_n_.resize(sets);
  slot_p_.resize(d.set_unit.size());
  for (size_t e = 0; e < sets; ++e) {
    const uint32_t begin = d.set_begin[e], end = d.set_begin[e + 1];
    double n = 0, m = -INFINITY, lo = INFINITY;
    int live = 0;
    for (uint32_t j = begin; j < end; ++j) {
      const uint32_t u = d.set_unit[j - base];
      if (active != nullptr && !active[u]) continue;
      n += y[j];
      m = std::max(m, s[u]);
      lo = std::min(lo, s[u]);
      ++live;
    }
    if (n == 0 || live < 2) {
      set_n_[e] = 0;
      continue;
    }
    set_n_[e] = n;
    max_gap = std::max(max_gap, m - lo);
    double z = 0;
    for (uint32_t j = begin; j < end; ++j) {
      const uint32_t u = d.set_unit[j - base];
      const bool on = active == nullptr || active[u];
      slot_p_[j - base] = !on      ? 0.0
                          : cached ? cache_slot_[j - base]
                                   : std::exp(s[u] - m);
      z += slot_p_[j - base];
    }
    const double log_z = log_likelihood ? m + std::log(z) : 0.0;
    for (uint32_t j = begin; j < end; ++j) {
      const uint32_t u = d.set_unit[j - base];
      if (active != nullptr && !active[u]) continue;
      const double p = slot_p_[j - base] /= z;
      if (log_likelihood) ll += y[j] * (s[u] - log_z);
      acc[u] += y[j] - n * p;
      diag[u] += n * p * (1 - p);
    }
  }
  max_gap_ = max_gap;
  gradient->assign(num_params_, 0.0);
  diagonal_.assign(num_params_, 0.0);
  for (size_t u = 0; u < units; ++u) {
    if (acc[u] == 0 && diag[u] == 0) continue;
    for (uint32_t i = d.unit_begin[u]; i < d.unit_begin[u + 1]; ++i) {
      (*gradient)[d.unit_players[i]] += acc[u];
      diagonal_[d.unit_players[i]] += diag[u];
    }
    if (d.unit_first[u] && d.first_seat_advantage) {
      (*gradient)[players] += acc[u];
      diagonal_[players] += diag[u];
    }
  }
  data_diagonal_ = diagonal_;
  // The prior: w half wins and half losses against theta = 0.
  prior_curvature_.assign(num_params_, 0.0);
  if (!spec_.prior.empty()) {
    for (size_t p = 0; p < num_params_; ++p) {
      const double w = spec_.prior[p];
      if (w == 0) continue;
      if (log_likelihood) {
        ll += w * 0.5 * (LogSigmoid(x[p]) + LogSigmoid(-x[p]));
      }
      const double sg = Sigmoid(x[p]);
      (*gradient)[p] += w * (0.5 - sg);
      prior_curvature_[p] = w * sg * (1 - sg);
      diagonal_[p] += prior_curvature_[p];
    }
  }
  return ll;
}

// out = -Hessian * v at the last Evaluate() (positive semi-definite).
void Fitter::HessianTimes(std::span<const double> v, std::vector<double>* out) {
  const Dataset& d = data_;
  const size_t players = d.num_players;
  const double v_adv = d.first_seat_advantage ? v[players] : 0.0;
  const size_t units = d.NumUnits();
  std::vector<double>& t = strength_;  // reused: strengths are not needed now
  for (size_t u = 0; u < units; ++u) {
    double s = d.unit_first[u] ? v_adv : 0.0;
    for (uint32_t i = d.unit_begin[u]; i < d.unit_begin[u + 1]; ++i) {
      s += v[d.unit_players[i]];
    }
    t[u] = s;
  }
  std::fill(unit_acc_.begin(), unit_acc_.end(), 0.0);
  double* acc = unit_acc_.data();
  const uint32_t* pu = d.pair_unit.data();
  const double* pc = pair_c_.data();
  const size_t pairs = d.NumPairs();
  for (size_t k = 0; k < pairs; ++k) {
    const double c = pc[k];
    if (c == 0) continue;
    const uint32_t u0 = pu[2 * k], u1 = pu[2 * k + 1];
    const double q = c * (t[u0] - t[u1]);
    acc[u0] += q;
    acc[u1] -= q;
  }
  const size_t base = d.pair_unit.size();
  for (size_t e = 0; e < d.NumSets(); ++e) {
    const double n = set_n_[e];
    if (n == 0) continue;
    const uint32_t begin = d.set_begin[e] - base,
                   end = d.set_begin[e + 1] - base;
    double pt = 0;
    for (uint32_t j = begin; j < end; ++j) pt += slot_p_[j] * t[d.set_unit[j]];
    for (uint32_t j = begin; j < end; ++j) {
      if (slot_p_[j] == 0) continue;
      const uint32_t u = d.set_unit[j];
      acc[u] += n * slot_p_[j] * (t[u] - pt);
    }
  }
  out->assign(num_params_, 0.0);
  for (size_t u = 0; u < units; ++u) {
    if (acc[u] == 0) continue;
    for (uint32_t i = d.unit_begin[u]; i < d.unit_begin[u + 1]; ++i) {
      (*out)[d.unit_players[i]] += acc[u];
    }
    if (d.unit_first[u] && d.first_seat_advantage) (*out)[players] += acc[u];
  }
  for (size_t p = 0; p < num_params_; ++p) {
    if (prior_curvature_[p] != 0) (*out)[p] += prior_curvature_[p] * v[p];
  }
}

void Fitter::Centre(std::vector<double>* x) const {
  if (spec_.num_groups == 0) return;
  std::vector<double> mean(spec_.num_groups, 0.0);
  const size_t players = data_.num_players;
  auto moves = [&](size_t p) { return spec_.free.empty() || spec_.free[p]; };
  for (size_t p = 0; p < players; ++p) {
    if (spec_.centre[p] >= 0 && moves(p)) mean[spec_.centre[p]] += (*x)[p];
  }
  for (int g = 0; g < spec_.num_groups; ++g) {
    if (group_size_[g] > 0) mean[g] /= group_size_[g];
  }
  for (size_t p = 0; p < players; ++p) {
    if (spec_.centre[p] >= 0 && moves(p)) (*x)[p] -= mean[spec_.centre[p]];
  }
}

void Fitter::Project(std::vector<double>* v) const {
  if (!spec_.free.empty()) {
    for (size_t p = 0; p < num_params_; ++p) {
      if (!spec_.free[p]) (*v)[p] = 0;
    }
  }
  Centre(v);
}

// Preconditioned conjugate gradients for (-H) step = gradient on the
// subspace the spec lets move.
void Fitter::SolveNewton(const std::vector<double>& gradient, double tolerance,
                         std::vector<double>* step) {
  const size_t n = num_params_;
  // A tiny ridge keeps directions the data cannot see (two bots that are
  // always partners) from stalling the solver.
  const double ridge =
      1e-12 * (1 + *std::max_element(diagonal_.begin(), diagonal_.end()));
  step->assign(n, 0.0);
  cg_r_ = gradient;
  Project(&cg_r_);
  const double r0 = std::sqrt(Dot(cg_r_, cg_r_));
  if (r0 == 0) return;
  auto precondition = [&](const std::vector<double>& r,
                          std::vector<double>* z) {
    z->resize(n);
    for (size_t i = 0; i < n; ++i) {
      (*z)[i] = r[i] / (diagonal_[i] > 0 ? diagonal_[i] + ridge : 1.0);
    }
    Project(z);
  };
  precondition(cg_r_, &cg_z_);
  cg_p_ = cg_z_;
  double rz = Dot(cg_r_, cg_z_);
  for (size_t k = 0; k < 4 * n + 20; ++k) {
    HessianTimes(cg_p_, &cg_q_);
    ++hessian_products_;
    for (size_t i = 0; i < n; ++i) cg_q_[i] += ridge * cg_p_[i];
    Project(&cg_q_);
    const double pq = Dot(cg_p_, cg_q_);
    if (!(pq > 0)) break;
    const double alpha = rz / pq;
    for (size_t i = 0; i < n; ++i) {
      (*step)[i] += alpha * cg_p_[i];
      cg_r_[i] -= alpha * cg_q_[i];
    }
    if (std::sqrt(Dot(cg_r_, cg_r_)) <= tolerance * r0) break;
    precondition(cg_r_, &cg_z_);
    const double rz_next = Dot(cg_r_, cg_z_);
    // Solved exactly, or the curvature has underflowed (a fit running off):
    // 0 / 0 here was where the NaN ratings came from.
    if (!(rz_next > 0) || !std::isfinite(rz_next)) break;
    const double beta = rz_next / rz;
    rz = rz_next;
    for (size_t i = 0; i < n; ++i) cg_p_[i] = cg_z_[i] + beta * cg_p_[i];
  }
}

void Fitter::CacheStart(std::span<const double> x) {
  // The probabilities of every candidate, at x, with all units active.
  spec_ = {};
  std::vector<double> y(data_.NumSlots(), 1.0), gradient;
  spec_.y = y;
  Evaluate(x, &gradient, /*log_likelihood=*/false);
  cache_pair_.resize(data_.NumPairs());
  const double* s = strength_.data();
  for (size_t k = 0; k < data_.NumPairs(); ++k) {
    const double diff =
        s[data_.pair_unit[2 * k]] - s[data_.pair_unit[2 * k + 1]];
    const double e = std::exp(-std::abs(diff));
    cache_pair_[k] = diff >= 0 ? 1 / (1 + e) : e / (1 + e);
  }
  cache_slot_ = slot_p_;
  cache_x_.assign(x.begin(), x.end());
  spec_ = {};
}

FitResult Fitter::Fit(const FitSpec& spec, std::span<const double> start) {
  assert(spec.y.size() == data_.NumSlots());
  spec_ = spec;
  group_size_.assign(spec.num_groups, 0.0);
  for (size_t p = 0; p < spec.centre.size(); ++p) {
    if (spec.centre[p] >= 0 && (spec.free.empty() || spec.free[p])) {
      group_size_[spec.centre[p]] += 1;
    }
  }
  std::vector<double> x(num_params_, 0.0);
  if (!start.empty()) {
    assert(start.size() == num_params_);
    std::copy(start.begin(), start.end(), x.begin());
  }
  // A shift within a pool (the centring) leaves the cached probabilities
  // as they are.
  const bool cached =
      !cache_x_.empty() && spec.active_unit.empty() && spec.prior.empty() &&
      std::equal(x.begin(), x.end(), cache_x_.begin(), cache_x_.end());
  Centre(&x);
  FitResult result;
  hessian_products_ = evaluations_ = 0;
  std::vector<double> gradient, step, trial(num_params_), trial_gradient;
  // The log-likelihood is only computed when a step needs checking by it.
  double ll = NAN;
  Evaluate(x, &gradient, /*log_likelihood=*/false, cached);
  for (result.iterations = 0; result.iterations < max_iterations_;
       ++result.iterations) {
    std::vector<double> projected = gradient;
    Project(&projected);
    const double g = MaxAbs(projected);
    if (!std::isfinite(g)) break;
    if (g < 1e-13) {
      result.converged = true;
      break;
    }
    // Inexact Newton: solve loosely far from the optimum, tightly near it.
    SolveNewton(gradient, std::clamp(g, 1e-10, 1e-2), &step);
    const double slope = Dot(projected, step);
    const double size = MaxAbs(step);
    if (!std::isfinite(slope) || !AllFinite(step)) break;
    if (size < 1e-14) {  // nothing left to gain in floating point
      result.converged = true;
      break;
    }
    if (size < step_tolerance_) {
      // A step this short is in the quadratic region: take it without
      // checking it; what is left after it is about its square.
      for (size_t i = 0; i < num_params_; ++i) x[i] += step[i];
      result.converged = true;
      ++result.iterations;
      break;
    }
    for (size_t i = 0; i < num_params_; ++i) trial[i] = x[i] + step[i];
    Evaluate(trial, &trial_gradient, /*log_likelihood=*/false);
    // Three ways to accept the full step without the log-likelihood. Once
    // the Newton decrement (slope = g' H^-1 g) is small, the step is in the
    // region where Newton's method converges quadratically; checking there
    // would only compare two nearly equal large sums. The log-likelihood is
    // concave, so it rises by at least the slope at the far end of the step:
    // when that is still a share of the slope at the start, the step passes
    // the Armijo test. And a short step (no rating moves half a natural
    // unit) is where the quadratic model holds: the slope at its far end,
    // about 0 for an exact model, then says the rise is about (slope +
    // far) / 2.
    const double far = Dot(trial_gradient, step);
    if (slope < 1e-2 || far >= 1e-4 * slope ||
        (size <= 0.5 && far >= -0.5 * slope)) {
      x.swap(trial);
      gradient.swap(trial_gradient);
      ll = NAN;
      // Newton's convergence is quadratic: after a step below the
      // tolerance, what is left is about its square.
      if (size < step_tolerance_) {
        result.converged = true;
        ++result.iterations;
        break;
      }
      continue;
    }
    // Otherwise backtrack on the log-likelihood itself.
    if (std::isnan(ll)) ll = Evaluate(x, &gradient, /*log_likelihood=*/true);
    double alpha = 1;
    double next_ll = ll;
    bool accepted = false;
    for (int halving = 0; halving < 50; ++halving, alpha *= 0.5) {
      for (size_t i = 0; i < num_params_; ++i) {
        trial[i] = x[i] + alpha * step[i];
      }
      next_ll = Evaluate(trial, &trial_gradient, /*log_likelihood=*/true);
      if (next_ll >= ll + 1e-4 * alpha * slope) {
        accepted = true;
        break;
      }
    }
    if (!accepted) {  // no ascent left in floating point: at the optimum
      Evaluate(x, &gradient, /*log_likelihood=*/false);
      result.converged = true;
      break;
    }
    x.swap(trial);
    gradient.swap(trial_gradient);
    ll = next_ll;
    if (alpha * MaxAbs(step) < step_tolerance_) {
      result.converged = true;
      ++result.iterations;
      break;
    }
  }
  result.converged = result.converged && AllFinite(x);
  result.max_gap = max_gap_;
  result.data_curvature = data_diagonal_;
  result.x = std::move(x);
  result.hessian_products = hessian_products_;
  result.evaluations = evaluations_;
  return result;
}

}  // namespace ratings
