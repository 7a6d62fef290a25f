#include "arbiter/tournament/sprt.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>

namespace arbiter::tournament {
namespace {

constexpr int kValues = 5;
using Dist = std::array<double, kValues>;  // probabilities of i/4, i = 0..4
using Values = std::array<double, kValues>;

// Normalized Elo per unit of t-value.
constexpr double kNeloPerT = 800 / std::numbers::ln10;

double Logistic(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

double Value(int i) { return i / 4.0; }

// Counts to probabilities, with 1e-3 in place of a zero count.
Dist Empirical(const Pentanomial& pairs, double* total) {
  Dist p;
  double n = 0;
  for (int i = 0; i < kValues; ++i) {
    p[i] = pairs[i] > 0 ? pairs[i] : 1e-3;
    n += p[i];
  }
  for (double& x : p) x /= n;
  *total = n;
  return p;
}

// The root x of sum_i p_i a_i / (1 + x a_i) = 0 where every 1 + x a_i > 0:
// the function falls strictly on that interval, so bisection finds it.
// nullopt when the a_i do not straddle 0 (no such root).
std::optional<double> Secular(const Values& a, const Dist& p) {
  const auto [lo_it, hi_it] = std::minmax_element(a.begin(), a.end());
  const double lo_a = *lo_it, hi_a = *hi_it;
  if (!(lo_a < 0 && hi_a > 0)) return std::nullopt;
  double lo = -1 / hi_a + 1e-9, hi = -1 / lo_a - 1e-9;
  auto f = [&](double x) {
    double sum = 0;
    for (int i = 0; i < kValues; ++i) sum += p[i] * a[i] / (1 + x * a[i]);
    return sum;
  };
  for (int iter = 0; iter < 200 && hi - lo > 1e-15; ++iter) {
    const double mid = (lo + hi) / 2;
    (f(mid) > 0 ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

// The distribution closest to `p` (maximum likelihood) with mean `s`.
Dist WithMean(const Dist& p, double s) {
  Values a;
  for (int i = 0; i < kValues; ++i) a[i] = Value(i) - s;
  // 0 < s < 1 (a logistic score) and the values span [0, 1]: a straddles 0.
  const std::optional<double> x = Secular(a, p);
  assert(x.has_value());
  Dist q;
  for (int i = 0; i < kValues; ++i) q[i] = p[i] / (1 + *x * a[i]);
  return q;
}

// The divergence sum_i p_i log(p_i / q_i) from `p` of the closest
// distribution q with sum_i q_i a_i = sum_i q_i b_i = 0, which the caller
// has made feasible: q_i = p_i / (1 + x a_i + y b_i), where (x, y)
// maximizes sum_i p_i log(1 + x a_i + y b_i), a concave function (empirical
// likelihood's dual). Newton's method with a backtracking line search that
// keeps every 1 + x a_i + y b_i positive.
double ClosestDivergence(const Dist& p, const Values& a, const Values& b) {
  double x = 0, y = 0, h = 0;
  auto value = [&](double nx, double ny) {
    double sum = 0;
    for (int i = 0; i < kValues; ++i) {
      const double d = 1 + nx * a[i] + ny * b[i];
      if (!(d > 0)) return -std::numeric_limits<double>::infinity();
      sum += p[i] * std::log(d);
    }
    return sum;
  };
  for (int iter = 0; iter < 100; ++iter) {
    double gx = 0, gy = 0, hxx = 0, hxy = 0, hyy = 0;
    for (int i = 0; i < kValues; ++i) {
      const double w = p[i] / (1 + x * a[i] + y * b[i]);
      gx += w * a[i];
      gy += w * b[i];
      const double w2 = w * w / p[i];
      hxx += w2 * a[i] * a[i];
      hxy += w2 * a[i] * b[i];
      hyy += w2 * b[i] * b[i];
    }
    const double det = hxx * hyy - hxy * hxy;
    if (!(det > 0)) break;
    const double dx = (hyy * gx - hxy * gy) / det;
    const double dy = (hxx * gy - hxy * gx) / det;
    const double decrement = gx * dx + gy * dy;
    if (!(decrement > 1e-26)) break;
    double step = 1;
    double next = value(x + dx, y + dy);
    while (!(next >= h + 0.25 * step * decrement) && step > 1e-12) {
      step /= 2;
      next = value(x + step * dx, y + step * dy);
    }
    if (!(next > h)) break;
    x += step * dx;
    y += step * dy;
    h = next;
  }
  return h;
}

// The divergence from `p` of the closest distribution with mean `s`.
double MeanDivergence(const Dist& p, double s) {
  const Dist q = WithMean(p, s);
  double sum = 0;
  for (int i = 0; i < kValues; ++i) sum += p[i] * std::log(p[i] / q[i]);
  return sum;
}

// The divergence from `p` of the closest distribution whose t-value
// (mean - ref) / sigma is t. For a mean m (beyond ref on t's side) the
// constraints are linear: mean m and variance ((m - ref) / t)^2; those
// are feasible for a distribution on the five values exactly when the
// variance lies strictly between the least and the most that mean allows.
// The best m is found on a grid, then by golden section around the best
// point: the divergence is infinite at the ends of the feasible means.
double TValueDivergence(const Dist& p, double ref, double t) {
  if (t == 0) return MeanDivergence(p, ref);
  auto divergence = [&](double m) {
    const double c = (m - ref) * (m - ref) / (t * t);
    const int j = std::clamp(static_cast<int>(m * 4), 0, kValues - 2);
    const double least = (m - Value(j)) * (Value(j + 1) - m);
    if (!(c > least && c < m * (1 - m))) {
      return std::numeric_limits<double>::infinity();
    }
    Values a, b;
    for (int i = 0; i < kValues; ++i) {
      a[i] = Value(i) - m;
      b[i] = a[i] * a[i] - c;
    }
    return ClosestDivergence(p, a, b);
  };
  // Means whose variance is below the most they allow: (m - ref)^2 <
  // t^2 m (1 - m), between ref and a root of that quadratic.
  const double qa = 1 + t * t, qb = 2 * ref + t * t;
  const double root = std::sqrt(std::max(0.0, qb * qb - 4 * qa * ref * ref));
  const double lo = t > 0 ? ref : (qb - root) / (2 * qa);
  const double hi = t > 0 ? (qb + root) / (2 * qa) : ref;
  constexpr int kGrid = 256;
  const double h = (hi - lo) / kGrid;
  int best = 1;
  double best_value = divergence(lo + h);
  for (int k = 2; k < kGrid; ++k) {
    const double value = divergence(lo + k * h);
    if (value < best_value) best = k, best_value = value;
  }
  // Golden section on [best - 1, best + 1] grid points.
  const double golden = (std::sqrt(5.0) - 1) / 2;
  double left = lo + (best - 1) * h, right = lo + (best + 1) * h;
  double m1 = right - golden * (right - left),
         m2 = left + golden * (right - left);
  double f1 = divergence(m1), f2 = divergence(m2);
  for (int iter = 0; iter < 80 && right - left > 1e-13; ++iter) {
    if (f1 < f2) {
      right = m2, m2 = m1, f2 = f1;
      m1 = right - golden * (right - left), f1 = divergence(m1);
    } else {
      left = m1, m1 = m2, f1 = f2;
      m2 = left + golden * (right - left), f2 = divergence(m2);
    }
  }
  return std::min({f1, f2, best_value});
}

std::expected<double, std::string> Number(std::string_view key,
                                          std::string_view text) {
  double value = 0;
  const auto [end, ec] =
      std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() ||
      !std::isfinite(value)) {
    return std::unexpected(
        fmt::format("--sprt: {} wants a number, got \"{}\"", key, text));
  }
  return value;
}

}  // namespace

double SprtParams::LowerBound() const { return std::log(beta / (1 - alpha)); }
double SprtParams::UpperBound() const { return std::log((1 - beta) / alpha); }

std::expected<SprtParams, std::string> ParseSprt(std::string_view text) {
  SprtParams params;
  size_t pos = 0;
  while (pos < text.size()) {
    const size_t end = std::min(text.find_first_of(" ,", pos), text.size());
    const std::string_view item = text.substr(pos, end - pos);
    pos = end + 1;
    if (item.empty()) continue;
    const size_t eq = item.find('=');
    if (eq == std::string_view::npos) {
      return std::unexpected(
          fmt::format("--sprt: expected KEY=VALUE, got \"{}\"", item));
    }
    const std::string_view key = item.substr(0, eq);
    const std::string_view value = item.substr(eq + 1);
    if (key == "model") {
      if (value == "normalized") {
        params.model = EloModel::kNormalized;
      } else if (value == "logistic") {
        params.model = EloModel::kLogistic;
      } else {
        return std::unexpected(fmt::format(
            "--sprt: model is normalized or logistic, got \"{}\"", value));
      }
      continue;
    }
    auto number = Number(key, value);
    if (!number) return std::unexpected(number.error());
    if (key == "elo0") {
      params.elo0 = *number;
    } else if (key == "elo1") {
      params.elo1 = *number;
    } else if (key == "alpha") {
      params.alpha = *number;
    } else if (key == "beta") {
      params.beta = *number;
    } else {
      return std::unexpected(fmt::format(
          "--sprt: unknown key \"{}\" (elo0, elo1, alpha, beta, model)", key));
    }
  }
  if (!(params.elo1 > params.elo0)) {
    return std::unexpected(fmt::format(
        "--sprt: elo1 ({}) must be above elo0 ({})", params.elo1, params.elo0));
  }
  if (std::abs(params.elo0) > kMostElo || std::abs(params.elo1) > kMostElo) {
    return std::unexpected(
        fmt::format("--sprt: elo0 and elo1 must be within ±{} (got {} and {})",
                    kMostElo, params.elo0, params.elo1));
  }
  for (const auto& [name, value] :
       {std::pair{"alpha", params.alpha}, std::pair{"beta", params.beta}}) {
    if (!(value > 0 && value < 0.5)) {
      return std::unexpected(fmt::format(
          "--sprt: {} must be between 0 and 0.5, got {}", name, value));
    }
  }
  return params;
}

double Llr(const Pentanomial& pairs, const SprtParams& params) {
  double n = 0;
  const Dist p = Empirical(pairs, &n);
  // The log-likelihood ratio of the closest distributions under H1 and H0:
  // the difference of their divergences from the counts'.
  if (params.model == EloModel::kLogistic) {
    return n * (MeanDivergence(p, Logistic(params.elo0)) -
                MeanDivergence(p, Logistic(params.elo1)));
  }
  // t-value of a pair's mean score: the per-game one times sqrt(2).
  const double scale = std::numbers::sqrt2 / kNeloPerT;
  return n * (TValueDivergence(p, 0.5, params.elo0 * scale) -
              TValueDivergence(p, 0.5, params.elo1 * scale));
}

Verdict Decide(double llr, const SprtParams& params) {
  if (llr <= params.LowerBound()) return Verdict::kH0;
  if (llr >= params.UpperBound()) return Verdict::kH1;
  return Verdict::kContinue;
}

double EloOfScore(double score) {
  if (score >= 1) return std::numeric_limits<double>::infinity();
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  return -400 * std::log10(1 / score - 1);
}

EloEstimate EstimateElo(const Pentanomial& pairs) {
  EloEstimate e;
  double n = 0;
  for (double c : pairs) n += c;
  if (n <= 0) return e;
  e.games = 2 * n;
  double mean = 0;
  for (int i = 0; i < kValues; ++i) mean += pairs[i] * Value(i);
  mean /= n;
  double var = 0;
  for (int i = 0; i < kValues; ++i) {
    var += pairs[i] * (Value(i) - mean) * (Value(i) - mean);
  }
  var /= n;
  const double se = std::sqrt(var / n);
  constexpr double kZ95 = 1.959963984540054;
  double low = mean - kZ95 * se, high = mean + kZ95 * se;
  if (var == 0) {
    // Every pair scored the same (every pair won, say): their spread gives
    // no interval. A pair scoring otherwise has a chance below d (one-sided
    // Clopper-Pearson, 97.5%, no such pair in n) and moves the mean at most
    // the whole way to 0 or to 1.
    const double d = 1 - std::pow(0.025, 1 / n);
    low = mean - d * mean;
    high = mean + d * (1 - mean);
  }
  e.score = mean;
  e.elo = EloOfScore(mean);
  e.lower = EloOfScore(low);
  e.upper = EloOfScore(high);
  const double t = var > 0 ? (mean - 0.5) / std::sqrt(2 * var)
                   : mean == 0.5
                       ? 0
                       : (mean - 0.5) * std::numeric_limits<double>::infinity();
  e.normalized_elo = t * kNeloPerT;
  e.los = se > 0 ? 0.5 * std::erfc(-(mean - 0.5) / se / std::numbers::sqrt2)
                 : (mean > 0.5   ? 1
                    : mean < 0.5 ? 0
                                 : 0.5);
  return e;
}

std::string EloText(const EloEstimate& e) {
  const std::string interval =
      fmt::format("[{:+.1f}, {:+.1f}]", e.lower, e.upper);
  if (e.games > 0 && (e.score >= 1 || e.score <= 0)) {
    return fmt::format("Elo {} {:+.1f} {} ({}: no finite estimate)",
                       e.score >= 1 ? "above" : "below",
                       e.score >= 1 ? e.lower : e.upper, interval,
                       e.score >= 1 ? "every game won" : "every game lost");
  }
  return fmt::format("Elo {:+.1f} {}", e.elo, interval);
}

}  // namespace arbiter::tournament
