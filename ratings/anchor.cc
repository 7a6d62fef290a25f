#include "ratings/anchor.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ratings {

Anchor::Anchor(const Dataset& data, const Solution& full, int64_t anchor,
               double average, std::vector<double> games)
    : data_(data),
      full_(full),
      anchor_(anchor),
      average_(average),
      weight_(std::move(games)) {
  // A core player always has games within the core; the floor only
  // guards the arithmetic.
  for (double& w : weight_) w = std::max(w, 1e-9);
  const size_t n = data.num_players;
  const int pools = full.pools.count;
  level_set_.resize(pools);
  members_.resize(pools);
  for (uint32_t p = 0; p < n; ++p) {
    const int32_t c = full.pools.of[p];
    if (c < 0) continue;
    members_[c].push_back(p);
    if (!full.standings.pool_has_core[c] ||
        full.standings.of[p] == Standing::kCore) {
      level_set_[c].push_back(p);
    }
  }
  std::vector<double> offset(pools, average);
  for (int c = 0; c < pools; ++c) {
    double sum = 0, weight = 0;
    for (uint32_t p : level_set_[c]) {
      sum += weight_[p] * full.x[p];
      weight += weight_[p];
    }
    offset[c] -= kEloPerNat * sum / weight;
  }
  if (anchor >= 0 && full.pools.of[anchor] >= 0) {
    offset[full.pools.of[anchor]] = average - kEloPerNat * full.x[anchor];
  }
  ratings_.assign(n, std::numeric_limits<double>::quiet_NaN());
  for (uint32_t p = 0; p < n; ++p) {
    const int32_t c = full.pools.of[p];
    if (c >= 0) ratings_[p] = kEloPerNat * full.x[p] + offset[c];
  }
  if (data.first_seat_advantage) advantage_ = kEloPerNat * full.x[n];
}

void Anchor::Values(const Solution& rep, float* out) const {
  constexpr float kUndetermined = std::numeric_limits<float>::quiet_NaN();
  constexpr float kInf = std::numeric_limits<float>::infinity();
  const size_t n = data_.num_players;
  for (size_t p = 0; p < n; ++p) out[p] = kUndetermined;
  std::vector<int> count;
  for (size_t c = 0; c < members_.size(); ++c) {
    // The level set's players still in the replicate's core; when the
    // replicate has no core there (with partners, the fit may find that
    // every rating of the pool runs off), those present, at their
    // prior-bounded values.
    bool core_only = full_.standings.pool_has_core[c];
    auto levels = [&](uint32_t p) {
      return core_only ? rep.standings.of[p] == Standing::kCore
                       : rep.standings.of[p] != Standing::kAbsent;
    };
    // The replicate's part of the pool that holds most of the level set.
    int main = -1;
    for (int attempt = 0; attempt < 2 && main < 0; ++attempt) {
      if (attempt == 1) {
        if (!core_only) break;
        core_only = false;
      }
      count.assign(rep.pools.count, 0);
      for (uint32_t p : level_set_[c]) {
        if (levels(p)) ++count[rep.pools.of[p]];
      }
      for (int r = 0; r < rep.pools.count; ++r) {
        if (count[r] > 0 && (main < 0 || count[r] > count[main])) main = r;
      }
    }
    if (main < 0) continue;
    double offset = 0;
    if (anchor_ >= 0 && full_.pools.of[anchor_] == static_cast<int32_t>(c)) {
      const bool fixed = rep.pools.of[anchor_] == main &&
                         (full_.standings.of[anchor_] == Standing::kCore
                              ? rep.standings.of[anchor_] == Standing::kCore
                              : rep.standings.of[anchor_] != Standing::kAbsent);
      if (!fixed) continue;
      offset = average_ - kEloPerNat * rep.x[anchor_];
    } else {
      double full_sum = 0, rep_sum = 0, weight = 0;
      for (uint32_t p : level_set_[c]) {
        if (!levels(p) || rep.pools.of[p] != main) continue;
        full_sum += weight_[p] * ratings_[p];
        rep_sum += weight_[p] * kEloPerNat * rep.x[p];
        weight += weight_[p];
      }
      offset = (full_sum - rep_sum) / weight;
    }
    for (uint32_t p : members_[c]) {
      if (rep.pools.of[p] != main) continue;
      const Standing seen = rep.graph[p];
      if (full_.standings.of[p] == Standing::kCore &&
          rep.standings.of[p] != Standing::kCore && seen != Standing::kCore) {
        out[p] = seen == Standing::kAbove   ? kInf
                 : seen == Standing::kBelow ? -kInf
                                            : kUndetermined;
        continue;
      }
      out[p] = static_cast<float>(kEloPerNat * rep.x[p] + offset - ratings_[p]);
    }
  }
}

float Anchor::AdvantageValue(const Solution& rep) const {
  if (!data_.first_seat_advantage) return 0;
  if (rep.advantage_prior && !full_.advantage_prior) {
    return std::numeric_limits<float>::quiet_NaN();
  }
  return static_cast<float>(kEloPerNat * rep.x[data_.num_players]);
}

}  // namespace ratings
