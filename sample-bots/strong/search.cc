#include "sample-bots/strong/search.h"

#include <cmath>

#include "sample-bots/strong/policy.h"

namespace strong {
namespace {

using Clock = std::chrono::steady_clock;

// Rounds between two prunings, and the paired-difference z below which a
// candidate is dropped.
constexpr int kPruneEvery = 8;
constexpr int kMinRoundsToPrune = 16;
constexpr double kPruneZ = 3.0;

struct Candidate {
  bool alive = true;
  double sum = 0;
  std::vector<float> values;  // per round
  double Mean() const { return values.empty() ? 0 : sum / values.size(); }
};

// Drops the candidates clearly behind the best on the rounds both played
// (every live candidate played every round).
void Prune(std::vector<Candidate>& cands) {
  int best = -1;
  for (int i = 0; i < int(cands.size()); ++i) {
    if (cands[i].alive && (best < 0 || cands[i].Mean() > cands[best].Mean())) {
      best = i;
    }
  }
  const std::vector<float>& b = cands[best].values;
  for (int i = 0; i < int(cands.size()); ++i) {
    Candidate& c = cands[i];
    if (!c.alive || i == best) continue;
    const size_t n = c.values.size();
    double sum = 0, sumsq = 0;
    for (size_t r = 0; r < n; ++r) {
      const double d = double(c.values[r]) - b[r];
      sum += d;
      sumsq += d * d;
    }
    const double mean = sum / n;
    const double var = std::max(sumsq / n - mean * mean, 1e-12);
    if (mean + kPruneZ * std::sqrt(var / n) < 0) c.alive = false;
  }
}

}  // namespace

std::expected<SearchResult, std::string> Search(
    const zetema::GameConfig& config, const Belief& belief,
    const std::vector<zetema::Action>& candidates, uint64_t seed,
    const SearchLimits& limits) {
  SearchResult result;
  const int k = int(candidates.size());
  if (k == 0) return std::unexpected(std::string("no candidate actions"));
  result.means.assign(size_t(k), 0.0);
  if (k == 1) return result;
  std::vector<Candidate> cands(static_cast<size_t>(k));
  arbiter::SplitMix64 rng(seed);
  zetema::GameConfig sample_config = config;
  sample_config.decks.clear();
  sample_config.record_events = false;
  int alive = k;
  std::vector<float> round_values(static_cast<size_t>(k));
  while (alive > 1 &&
         (limits.max_rounds == 0 || result.rounds < limits.max_rounds)) {
    sample_config.seed = rng.Next();  // the hands after this one
    const zetema::Position position = Sample(belief, rng);
    auto base = zetema::State::FromPosition(sample_config, position);
    if (!base) return std::unexpected(base.error());
    const uint64_t playout_seed = rng.Next();
    bool cut = false;
    for (int i = 0; i < k && !cut; ++i) {
      if (!cands[i].alive) continue;
      zetema::State s = *base;
      s.ApplyLegal(candidates[i]);
      arbiter::SplitMix64 playout_rng(playout_seed);
      Playout(s, playout_rng);
      round_values[i] = float(Evaluate(s, belief.seat));
      ++result.playouts;
      cut = Clock::now() >= limits.deadline;
    }
    if (cut) break;
    for (int i = 0; i < k; ++i) {
      if (!cands[i].alive) continue;
      cands[i].values.push_back(round_values[i]);
      cands[i].sum += round_values[i];
    }
    ++result.rounds;
    if (result.rounds >= kMinRoundsToPrune &&
        result.rounds % kPruneEvery == 0) {
      Prune(cands);
      alive = 0;
      for (const Candidate& c : cands) alive += c.alive ? 1 : 0;
    }
  }
  if (result.rounds == 0) {
    // No round in time: the playout policy's choice on one sample.
    sample_config.seed = rng.Next();
    auto base = zetema::State::FromPosition(sample_config, Sample(belief, rng));
    if (!base) return std::unexpected(base.error());
    const zetema::Action& pick = PlayoutChoice(*base, candidates, rng);
    result.choice = int(&pick - candidates.data());
    return result;
  }
  int best = -1;
  for (int i = 0; i < k; ++i) {
    result.means[i] = cands[i].Mean();
    if (cands[i].alive && (best < 0 || cands[i].Mean() > cands[best].Mean())) {
      best = i;
    }
  }
  result.choice = best;
  return result;
}

}  // namespace strong
