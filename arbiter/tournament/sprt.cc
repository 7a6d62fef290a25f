#include "arbiter/tournament/sprt.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cmath>
#include <numbers>

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

void Moments(const Values& a, const Dist& p, double* mean, double* var) {
  double m = 0;
  for (int i = 0; i < kValues; ++i) m += p[i] * a[i];
  double v = 0;
  for (int i = 0; i < kValues; ++i) v += p[i] * (a[i] - m) * (a[i] - m);
  *mean = m;
  *var = v;
}

// The root x of sum_i p_i a_i / (1 + x a_i) = 0 where every 1 + x a_i > 0:
// the function falls strictly on that interval, so bisection finds it.
double Secular(const Values& a, const Dist& p) {
  double lo_a = a[0], hi_a = a[0];
  for (double v : a) {
    lo_a = std::min(lo_a, v);
    hi_a = std::max(hi_a, v);
  }
  assert(lo_a < 0 && hi_a > 0);
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
  const double x = Secular(a, p);
  Dist q;
  for (int i = 0; i < kValues; ++i) q[i] = p[i] / (1 + x * a[i]);
  return q;
}

// The distribution closest to `p` with t-value (mean - ref) / sigma = t: a
// fixed point of the secular equation whose shifts depend on the moments of
// the solution itself.
Dist WithTValue(const Dist& p, double ref, double t) {
  Dist q;
  q.fill(1.0 / kValues);
  for (int iter = 0; iter < 100; ++iter) {
    double mu = 0, var = 0;
    Values v;
    for (int i = 0; i < kValues; ++i) v[i] = Value(i);
    Moments(v, q, &mu, &var);
    const double sigma = std::sqrt(var);
    Values a;
    for (int i = 0; i < kValues; ++i) {
      const double z = (mu - v[i]) / sigma;
      a[i] = v[i] - ref - t * sigma * (1 + z * z) / 2;
    }
    const double x = Secular(a, p);
    Dist next;
    double change = 0;
    for (int i = 0; i < kValues; ++i) {
      next[i] = p[i] / (1 + x * a[i]);
      change = std::max(change, std::abs(next[i] - q[i]));
    }
    q = next;
    if (change < 1e-12) break;
  }
  return q;
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
  if (params.model == EloModel::kLogistic &&
      (std::abs(params.elo0) >= 800 || std::abs(params.elo1) >= 800)) {
    return std::unexpected(
        "--sprt: logistic elo0 and elo1 must be within ±800");
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
  Dist q0, q1;
  if (params.model == EloModel::kLogistic) {
    q0 = WithMean(p, Logistic(params.elo0));
    q1 = WithMean(p, Logistic(params.elo1));
  } else {
    // t-value of a pair's mean score: the per-game one times sqrt(2).
    const double scale = std::numbers::sqrt2 / kNeloPerT;
    q0 = WithTValue(p, 0.5, params.elo0 * scale);
    q1 = WithTValue(p, 0.5, params.elo1 * scale);
  }
  double llr = 0;
  for (int i = 0; i < kValues; ++i) {
    llr += p[i] * (std::log(q1[i]) - std::log(q0[i]));
  }
  return n * llr;
}

Verdict Decide(double llr, const SprtParams& params) {
  if (llr <= params.LowerBound()) return Verdict::kH0;
  if (llr >= params.UpperBound()) return Verdict::kH1;
  return Verdict::kContinue;
}

double EloOfScore(double score) {
  const double s = std::clamp(score, 1e-3, 1 - 1e-3);
  return -400 * std::log10(1 / s - 1);
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
  e.score = mean;
  e.elo = EloOfScore(mean);
  e.lower = EloOfScore(mean - kZ95 * se);
  e.upper = EloOfScore(mean + kZ95 * se);
  e.normalized_elo =
      var > 0 ? (mean - 0.5) / std::sqrt(2 * var) * kNeloPerT : 0;
  e.los = se > 0 ? 0.5 * std::erfc(-(mean - 0.5) / se / std::numbers::sqrt2)
                 : (mean > 0.5   ? 1
                    : mean < 0.5 ? 0
                                 : 0.5);
  return e;
}

}  // namespace arbiter::tournament
