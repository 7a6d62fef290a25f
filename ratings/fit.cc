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

}  // namespace

FitResult Fitter::FitWithNeededPrior(std::span<const double> slot_y,
                                     Prior* prior, const FitResult* start) {
  Prior needed = NeededPrior(data_, slot_y, options_.first_seat_advantage);
  for (size_t c = 0; c < needed.components.size(); ++c) {
    needed.components[c] =
        needed.components[c] ||
        (c < prior->components.size() && prior->components[c]);
  }
  needed.advantage = needed.advantage || prior->advantage;
  FitResult fit = Fit(slot_y, needed, start);
  // Ratings 25 natural units (4343 Elo) from their pool's mean are not
  // estimates but a direction the checks above missed running off.
  const bool diverged = std::abs(fit.advantage) > 25 ||
                        std::any_of(fit.theta.begin(), fit.theta.end(),
                                    [](double t) { return std::abs(t) > 25; });
  if (!fit.converged || diverged) {
    needed.components.assign(data_.num_components, 1);
    needed.advantage = options_.first_seat_advantage;
    fit = Fit(slot_y, needed, start);
  }
  *prior = needed;
  return fit;
}

Fitter::Fitter(const Dataset& data, const FitOptions& options)
    : data_(data),
      options_(options),
      num_params_(data.NumPlayers() + (options.first_seat_advantage ? 1 : 0)) {
  component_size_.assign(data.num_components, 0);
  for (uint32_t c : data.component) component_size_[c] += 1;
}

// Log-likelihood at x; fills the gradient and the scratch that
// HessianTimes() uses.
double Fitter::Evaluate(std::span<const double> x,
                        std::vector<double>* gradient, bool log_likelihood) {
  ++evaluations_;
  const Dataset& d = data_;
  const size_t players = d.NumPlayers();
  const double advantage = options_.first_seat_advantage ? x[players] : 0.0;
  strength_.assign(d.NumUnits(), 0.0);
  for (size_t u = 0; u < d.NumUnits(); ++u) {
    double s = d.unit_first[u] ? advantage : 0.0;
    for (uint32_t i = d.unit_begin[u]; i < d.unit_begin[u + 1]; ++i) {
      s += x[d.unit_players[i]];
    }
    strength_[u] = s;
  }
  slot_p_.resize(d.slot_unit.size());
  entry_n_.resize(d.NumEntries());
  unit_acc_.assign(d.NumUnits(), 0.0);
  std::vector<double> unit_diag(d.NumUnits(), 0.0);
  double ll = 0;
  for (size_t e = 0; e < d.NumEntries(); ++e) {
    const uint32_t begin = d.entry_begin[e], end = d.entry_begin[e + 1];
    double n = 0;
    for (uint32_t j = begin; j < end; ++j) n += y_[j];
    entry_n_[e] = n;
    if (n == 0) continue;
    if (end - begin == 2) {  // Bradley-Terry: the common case, kept cheap
      const uint32_t u0 = d.slot_unit[begin], u1 = d.slot_unit[begin + 1];
      const double diff = strength_[u0] - strength_[u1];
      // One exp and one log1p: log sigmoid(-diff) = log sigmoid(diff) - diff.
      const double e = std::exp(-std::abs(diff));
      const double p0 = diff >= 0 ? 1 / (1 + e) : e / (1 + e);
      if (log_likelihood) {
        const double log_p0 = std::min(diff, 0.0) - std::log1p(e);
        ll += y_[begin] * log_p0 + y_[begin + 1] * (log_p0 - diff);
      }
      slot_p_[begin] = p0;
      slot_p_[begin + 1] = 1 - p0;
      const double g = y_[begin] - n * p0;
      unit_acc_[u0] += g;
      unit_acc_[u1] -= g;
      const double c = n * p0 * (1 - p0);
      unit_diag[u0] += c;
      unit_diag[u1] += c;
      continue;
    }
    double m = -INFINITY;
    for (uint32_t j = begin; j < end; ++j) {
      m = std::max(m, strength_[d.slot_unit[j]]);
    }
    double z = 0;
    for (uint32_t j = begin; j < end; ++j) {
      slot_p_[j] = std::exp(strength_[d.slot_unit[j]] - m);
      z += slot_p_[j];
    }
    const double log_z = log_likelihood ? m + std::log(z) : 0.0;
    for (uint32_t j = begin; j < end; ++j) {
      const uint32_t u = d.slot_unit[j];
      const double p = slot_p_[j] /= z;
      if (log_likelihood) ll += y_[j] * (strength_[u] - log_z);
      unit_acc_[u] += y_[j] - n * p;
      unit_diag[u] += n * p * (1 - p);
    }
  }
  gradient->assign(num_params_, 0.0);
  diagonal_.assign(num_params_, 0.0);
  for (size_t u = 0; u < d.NumUnits(); ++u) {
    for (uint32_t i = d.unit_begin[u]; i < d.unit_begin[u + 1]; ++i) {
      (*gradient)[d.unit_players[i]] += unit_acc_[u];
      diagonal_[d.unit_players[i]] += unit_diag[u];
    }
    if (d.unit_first[u] && options_.first_seat_advantage) {
      (*gradient)[players] += unit_acc_[u];
      diagonal_[players] += unit_diag[u];
    }
  }
  // The prior: kPriorDraws half wins and half losses against theta = 0.
  prior_curvature_.assign(players, 0.0);
  for (size_t p = 0; p < players; ++p) {
    const double w = prior_weight_[p];
    if (w == 0) continue;
    if (log_likelihood) ll += w * 0.5 * (LogSigmoid(x[p]) + LogSigmoid(-x[p]));
    const double s = Sigmoid(x[p]);
    (*gradient)[p] += w * (0.5 - s);
    diagonal_[p] += w * s * (1 - s);
    prior_curvature_[p] = w * s * (1 - s);
  }
  if (advantage_prior_ > 0) {
    const double a = x[players], w = advantage_prior_, s = Sigmoid(a);
    if (log_likelihood) ll += w * 0.5 * (LogSigmoid(a) + LogSigmoid(-a));
    (*gradient)[players] += w * (0.5 - s);
    diagonal_[players] += w * s * (1 - s);
    advantage_curvature_ = w * s * (1 - s);
  }
  return ll;
}

// out = -Hessian * v at the last Evaluate() (positive semi-definite).
void Fitter::HessianTimes(std::span<const double> v, std::vector<double>* out) {
  const Dataset& d = data_;
  const size_t players = d.NumPlayers();
  const double v_adv = options_.first_seat_advantage ? v[players] : 0.0;
  std::vector<double>& t = strength_;  // reused: strengths are not needed now
  for (size_t u = 0; u < d.NumUnits(); ++u) {
    double s = d.unit_first[u] ? v_adv : 0.0;
    for (uint32_t i = d.unit_begin[u]; i < d.unit_begin[u + 1]; ++i) {
      s += v[d.unit_players[i]];
    }
    t[u] = s;
  }
  std::fill(unit_acc_.begin(), unit_acc_.end(), 0.0);
  for (size_t e = 0; e < d.NumEntries(); ++e) {
    const double n = entry_n_[e];
    if (n == 0) continue;
    const uint32_t begin = d.entry_begin[e], end = d.entry_begin[e + 1];
    if (end - begin == 2) {
      const uint32_t u0 = d.slot_unit[begin], u1 = d.slot_unit[begin + 1];
      const double c =
          n * slot_p_[begin] * slot_p_[begin + 1] * (t[u0] - t[u1]);
      unit_acc_[u0] += c;
      unit_acc_[u1] -= c;
      continue;
    }
    double pt = 0;
    for (uint32_t j = begin; j < end; ++j) pt += slot_p_[j] * t[d.slot_unit[j]];
    for (uint32_t j = begin; j < end; ++j) {
      const uint32_t u = d.slot_unit[j];
      unit_acc_[u] += n * slot_p_[j] * (t[u] - pt);
    }
  }
  out->assign(num_params_, 0.0);
  for (size_t u = 0; u < d.NumUnits(); ++u) {
    for (uint32_t i = d.unit_begin[u]; i < d.unit_begin[u + 1]; ++i) {
      (*out)[d.unit_players[i]] += unit_acc_[u];
    }
    if (d.unit_first[u] && options_.first_seat_advantage) {
      (*out)[players] += unit_acc_[u];
    }
  }
  // The prior's curvature is diagonal.
  for (size_t p = 0; p < players; ++p) {
    if (prior_weight_[p] != 0) (*out)[p] += prior_curvature_[p] * v[p];
  }
  if (advantage_prior_ > 0)
    (*out)[players] += advantage_curvature_ * v[players];
}

void Fitter::Project(std::vector<double>* v) const {
  std::vector<double> mean(data_.num_components, 0.0);
  for (size_t p = 0; p < data_.NumPlayers(); ++p) {
    mean[data_.component[p]] += (*v)[p];
  }
  for (int c = 0; c < data_.num_components; ++c) mean[c] /= component_size_[c];
  for (size_t p = 0; p < data_.NumPlayers(); ++p) {
    (*v)[p] -= mean[data_.component[p]];
  }
}

// Preconditioned conjugate gradients for (-H) step = gradient on the
// subspace of zero component means.
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
    if (pq <= 0) break;
    const double alpha = rz / pq;
    for (size_t i = 0; i < n; ++i) {
      (*step)[i] += alpha * cg_p_[i];
      cg_r_[i] -= alpha * cg_q_[i];
    }
    if (std::sqrt(Dot(cg_r_, cg_r_)) <= tolerance * r0) break;
    precondition(cg_r_, &cg_z_);
    const double rz_next = Dot(cg_r_, cg_z_);
    const double beta = rz_next / rz;
    rz = rz_next;
    for (size_t i = 0; i < n; ++i) cg_p_[i] = cg_z_[i] + beta * cg_p_[i];
  }
}

FitResult Fitter::Fit(std::span<const double> slot_y, const Prior& prior,
                      const FitResult* start) {
  assert(slot_y.size() == data_.slot_unit.size());
  assert(prior.components.size() == static_cast<size_t>(data_.num_components));
  y_ = slot_y;
  const size_t players = data_.NumPlayers();
  prior_weight_.assign(players, 0.0);
  for (size_t p = 0; p < players; ++p) {
    if (prior.components[data_.component[p]]) prior_weight_[p] = kPriorDraws;
  }
  advantage_prior_ =
      options_.first_seat_advantage && prior.advantage ? kPriorDraws : 0.0;
  std::vector<double> x(num_params_, 0.0);
  if (start != nullptr) {
    std::copy(start->theta.begin(), start->theta.end(), x.begin());
    if (options_.first_seat_advantage) x[players] = start->advantage;
    Project(&x);
  }
  FitResult result;
  hessian_products_ = evaluations_ = 0;
  std::vector<double> gradient, step, trial(num_params_), trial_gradient;
  // The log-likelihood is only computed when a step needs checking by it.
  double ll = NAN;
  Evaluate(x, &gradient, /*log_likelihood=*/false);
  for (result.iterations = 0; result.iterations < options_.max_iterations;
       ++result.iterations) {
    std::vector<double> projected = gradient;
    Project(&projected);
    const double g = MaxAbs(projected);
    if (g < 1e-13) {
      result.converged = true;
      break;
    }
    // Inexact Newton: solve loosely far from the optimum, tightly near it.
    SolveNewton(gradient, std::clamp(g, 1e-10, 1e-2), &step);
    const double slope = Dot(projected, step);
    if (MaxAbs(step) < options_.step_tolerance) {
      // Close enough that the quadratic model is exact to the tolerance.
      for (size_t i = 0; i < num_params_; ++i) x[i] += step[i];
      result.converged = true;
      ++result.iterations;
      break;
    }
    for (size_t i = 0; i < num_params_; ++i) trial[i] = x[i] + step[i];
    Evaluate(trial, &trial_gradient, /*log_likelihood=*/false);
    // Two ways to accept the full step without the log-likelihood. Once the
    // Newton decrement (slope = g' H^-1 g) is small, the step is in the
    // region where Newton's method converges quadratically; checking there
    // would only compare two nearly equal large sums. Otherwise: the
    // log-likelihood is concave, so it rises by at least the slope at the
    // far end of the step, and when that is still a share of the slope at
    // the start, the step passes the Armijo test.
    if (slope < 1e-2 || Dot(trial_gradient, step) >= 1e-4 * slope) {
      x.swap(trial);
      gradient.swap(trial_gradient);
      ll = NAN;
      continue;
    }
    // Otherwise backtrack on the log-likelihood itself.
    if (std::isnan(ll)) ll = Evaluate(x, &gradient, /*log_likelihood=*/true);
    double alpha = 1;
    double next_ll = ll;
    bool accepted = false;
    for (int halving = 0; halving < 50; ++halving, alpha *= 0.5) {
      for (size_t i = 0; i < num_params_; ++i)
        trial[i] = x[i] + alpha * step[i];
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
    if (alpha * MaxAbs(step) < options_.step_tolerance) {
      result.converged = true;
      ++result.iterations;
      break;
    }
  }
  result.theta.assign(x.begin(), x.begin() + players);
  result.advantage = options_.first_seat_advantage ? x[players] : 0.0;
  result.hessian_products = hessian_products_;
  result.evaluations = evaluations_;
  return result;
}

}  // namespace ratings
