#include "ratings/graph.h"

#include <algorithm>
#include <numeric>

namespace ratings {
namespace {

std::span<const uint32_t> Players(const Dataset& d, uint32_t unit) {
  return std::span<const uint32_t>(d.unit_players)
      .subspan(d.unit_begin[unit], d.unit_begin[unit + 1] - d.unit_begin[unit]);
}

// Calls edge(a, b) for every "a scored against b" of the weights.
template <typename Edge>
void ForEachScoringEdge(const Dataset& d, std::span<const double> y,
                        Edge&& edge) {
  auto all = [&](uint32_t from, uint32_t to) {
    for (uint32_t a : Players(d, from)) {
      for (uint32_t b : Players(d, to)) edge(a, b);
    }
  };
  for (size_t k = 0; k < d.NumPairs(); ++k) {
    if (y[2 * k] > 0) all(d.pair_unit[2 * k], d.pair_unit[2 * k + 1]);
    if (y[2 * k + 1] > 0) all(d.pair_unit[2 * k + 1], d.pair_unit[2 * k]);
  }
  for (size_t e = 0; e < d.NumSets(); ++e) {
    for (uint32_t j = d.set_begin[e]; j < d.set_begin[e + 1]; ++j) {
      if (y[j] <= 0) continue;
      for (uint32_t k = d.set_begin[e]; k < d.set_begin[e + 1]; ++k) {
        if (k != j) all(d.SlotUnit(j), d.SlotUnit(k));
      }
    }
  }
}

uint32_t Find(std::vector<uint32_t>& parent, uint32_t x) {
  while (parent[x] != x) x = parent[x] = parent[parent[x]];
  return x;
}

}  // namespace

Pools FindPools(const Dataset& d, std::span<const double> y) {
  const size_t n = d.num_players;
  std::vector<uint32_t> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  std::vector<uint8_t> present(n, 0);
  auto join = [&](uint32_t unit, uint32_t root) {
    for (uint32_t p : Players(d, unit)) {
      present[p] = 1;
      parent[Find(parent, p)] = Find(parent, root);
    }
  };
  for (size_t k = 0; k < d.NumPairs(); ++k) {
    if (y[2 * k] + y[2 * k + 1] <= 0) continue;
    const uint32_t root = d.unit_players[d.unit_begin[d.pair_unit[2 * k]]];
    join(d.pair_unit[2 * k], root);
    join(d.pair_unit[2 * k + 1], root);
  }
  for (size_t e = 0; e < d.NumSets(); ++e) {
    double w = 0;
    for (uint32_t j = d.set_begin[e]; j < d.set_begin[e + 1]; ++j) w += y[j];
    if (w <= 0) continue;
    const uint32_t root =
        d.unit_players[d.unit_begin[d.SlotUnit(d.set_begin[e])]];
    for (uint32_t j = d.set_begin[e]; j < d.set_begin[e + 1]; ++j) {
      join(d.SlotUnit(j), root);
    }
  }
  Pools pools;
  pools.of.assign(n, -1);
  std::vector<int32_t> label(n, -1);
  for (uint32_t p = 0; p < n; ++p) {
    if (!present[p]) continue;
    const uint32_t root = Find(parent, p);
    if (label[root] < 0) label[root] = pools.count++;
    pools.of[p] = label[root];
  }
  return pools;
}

Standings StandingsByGraph(const Dataset& d, std::span<const double> y,
                           const Pools& pools) {
  const size_t n = d.num_players;
  // Forward and backward graphs in CSR form, built in two passes.
  std::vector<uint32_t> out_begin(n + 1, 0), in_begin(n + 1, 0);
  ForEachScoringEdge(d, y, [&](uint32_t a, uint32_t b) {
    ++out_begin[a + 1];
    ++in_begin[b + 1];
  });
  std::partial_sum(out_begin.begin(), out_begin.end(), out_begin.begin());
  std::partial_sum(in_begin.begin(), in_begin.end(), in_begin.begin());
  std::vector<uint32_t> out_target(out_begin[n]), in_target(in_begin[n]);
  {
    std::vector<uint32_t> out_fill(out_begin.begin(), out_begin.end() - 1);
    std::vector<uint32_t> in_fill(in_begin.begin(), in_begin.end() - 1);
    ForEachScoringEdge(d, y, [&](uint32_t a, uint32_t b) {
      out_target[out_fill[a]++] = b;
      in_target[in_fill[b]++] = a;
    });
  }
  // Strongly connected parts (Tarjan, without recursion).
  constexpr int32_t kUnseen = -1;
  std::vector<int32_t> index(n, kUnseen), low(n, 0), part(n, -1);
  std::vector<uint8_t> on_stack(n, 0);
  std::vector<uint32_t> stack;
  std::vector<std::pair<uint32_t, uint32_t>> calls;  // (vertex, next edge)
  std::vector<uint32_t> part_size;
  int32_t counter = 0;
  for (uint32_t root = 0; root < n; ++root) {
    if (pools.of[root] < 0 || index[root] != kUnseen) continue;
    auto open = [&](uint32_t v) {
      index[v] = low[v] = counter++;
      stack.push_back(v);
      on_stack[v] = 1;
      calls.emplace_back(v, out_begin[v]);
    };
    open(root);
    while (!calls.empty()) {
      auto& [v, next] = calls.back();
      if (next < out_begin[v + 1]) {
        const uint32_t w = out_target[next++];
        if (index[w] == kUnseen) {
          open(w);
        } else if (on_stack[w]) {
          low[v] = std::min(low[v], index[w]);
        }
        continue;
      }
      const uint32_t done = v;
      calls.pop_back();
      if (!calls.empty()) {
        low[calls.back().first] = std::min(low[calls.back().first], low[done]);
      }
      if (low[done] == index[done]) {
        const auto id = static_cast<int32_t>(part_size.size());
        part_size.push_back(0);
        uint32_t w;
        do {
          w = stack.back();
          stack.pop_back();
          on_stack[w] = 0;
          part[w] = id;
          ++part_size[id];
        } while (w != done);
      }
    }
  }
  // The core of each pool: its largest part of two or more players (the
  // first found among equals).
  std::vector<int32_t> core(pools.count, -1);
  for (uint32_t p = 0; p < n; ++p) {
    const int32_t c = pools.of[p];
    if (c < 0 || part_size[part[p]] < 2) continue;
    if (core[c] < 0 || part_size[part[p]] > part_size[core[c]]) {
      core[c] = part[p];
    }
  }
  // Who the core reaches (below it) and who reaches it (above it).
  auto reach = [&](const std::vector<uint32_t>& begin,
                   const std::vector<uint32_t>& target) {
    std::vector<uint8_t> seen(n, 0);
    std::vector<uint32_t> todo;
    for (uint32_t p = 0; p < n; ++p) {
      if (pools.of[p] >= 0 && part[p] == core[pools.of[p]]) {
        seen[p] = 1;
        todo.push_back(p);
      }
    }
    while (!todo.empty()) {
      const uint32_t v = todo.back();
      todo.pop_back();
      for (uint32_t i = begin[v]; i < begin[v + 1]; ++i) {
        if (!seen[target[i]]) {
          seen[target[i]] = 1;
          todo.push_back(target[i]);
        }
      }
    }
    return seen;
  };
  const std::vector<uint8_t> below = reach(out_begin, out_target);
  const std::vector<uint8_t> above = reach(in_begin, in_target);
  Standings out;
  out.of.assign(n, Standing::kAbsent);
  out.pool_has_core.assign(pools.count, 0);
  for (int c = 0; c < pools.count; ++c) out.pool_has_core[c] = core[c] >= 0;
  for (uint32_t p = 0; p < n; ++p) {
    const int32_t c = pools.of[p];
    if (c < 0) continue;
    if (core[c] >= 0) {
      out.of[p] = part[p] == core[c] ? Standing::kCore
                  : above[p]         ? Standing::kAbove
                  : below[p]         ? Standing::kBelow
                                     : Standing::kApart;
      continue;
    }
    // No core: only who never lost, or never scored, has one bound.
    const bool wins = out_begin[p + 1] > out_begin[p];
    const bool losses = in_begin[p + 1] > in_begin[p];
    out.of[p] = wins && !losses   ? Standing::kAbove
                : losses && !wins ? Standing::kBelow
                                  : Standing::kApart;
  }
  return out;
}

ScoringGraph::ScoringGraph(const Dataset& d) : data_(d) {
  const size_t n = d.num_players, units = d.NumUnits();
  player_unit_begin_.assign(n + 1, 0);
  for (uint32_t p : d.unit_players) ++player_unit_begin_[p + 1];
  std::partial_sum(player_unit_begin_.begin(), player_unit_begin_.end(),
                   player_unit_begin_.begin());
  player_unit_.resize(d.unit_players.size());
  std::vector<uint32_t> fill(player_unit_begin_.begin(),
                             player_unit_begin_.end() - 1);
  for (uint32_t u = 0; u < units; ++u) {
    for (uint32_t p : Players(d, u)) player_unit_[fill[p]++] = u;
  }
  unit_slot_begin_.assign(units + 1, 0);
  for (size_t j = 0; j < d.NumSlots(); ++j)
    ++unit_slot_begin_[d.SlotUnit(j) + 1];
  std::partial_sum(unit_slot_begin_.begin(), unit_slot_begin_.end(),
                   unit_slot_begin_.begin());
  unit_slot_.resize(d.NumSlots());
  fill.assign(unit_slot_begin_.begin(), unit_slot_begin_.end() - 1);
  for (size_t j = 0; j < d.NumSlots(); ++j) {
    unit_slot_[fill[d.SlotUnit(j)]++] = static_cast<uint32_t>(j);
  }
  slot_set_.resize(d.set_unit.size());
  for (size_t e = 0; e < d.NumSets(); ++e) {
    for (uint32_t j = d.set_begin[e]; j < d.set_begin[e + 1]; ++j) {
      slot_set_[j - d.pair_unit.size()] = static_cast<uint32_t>(e);
    }
  }
}

bool ScoringGraph::Reaches(std::span<const double> y, uint32_t root,
                           size_t target, bool forward,
                           std::vector<uint8_t>* seen,
                           std::vector<uint32_t>* stack) const {
  const Dataset& d = data_;
  const size_t base = d.pair_unit.size();
  std::fill(seen->begin(), seen->end(), 0);
  stack->assign(1, root);
  (*seen)[root] = 1;
  size_t reached = 1;
  auto visit = [&](uint32_t unit) {
    for (uint32_t p : Players(d, unit)) {
      if (!(*seen)[p]) {
        (*seen)[p] = 1;
        stack->push_back(p);
        ++reached;
      }
    }
  };
  while (!stack->empty() && reached < target) {
    const uint32_t v = stack->back();
    stack->pop_back();
    for (uint32_t i = player_unit_begin_[v]; i < player_unit_begin_[v + 1];
         ++i) {
      const uint32_t u = player_unit_[i];
      for (uint32_t s = unit_slot_begin_[u]; s < unit_slot_begin_[u + 1]; ++s) {
        const uint32_t j = unit_slot_[s];
        if (j < base) {
          const uint32_t other = j ^ 1;
          if (y[forward ? j : other] > 0) visit(d.pair_unit[other]);
          continue;
        }
        const uint32_t e = slot_set_[j - base];
        for (uint32_t k = d.set_begin[e]; k < d.set_begin[e + 1]; ++k) {
          if (k != j && y[forward ? j : k] > 0) visit(d.SlotUnit(k));
        }
      }
      if (reached >= target) break;
    }
  }
  return reached >= target;
}

bool ScoringGraph::AllStronglyConnected(std::span<const double> y,
                                        const Pools& pools) const {
  std::vector<uint32_t> size(pools.count, 0), root(pools.count, 0);
  for (uint32_t p = data_.num_players; p-- > 0;) {
    if (pools.of[p] < 0) return false;
    ++size[pools.of[p]];
    root[pools.of[p]] = p;
  }
  std::vector<uint8_t> seen(data_.num_players);
  std::vector<uint32_t> stack;
  for (int c = 0; c < pools.count; ++c) {
    if (size[c] < 2) return false;
    if (!Reaches(y, root[c], size[c], true, &seen, &stack) ||
        !Reaches(y, root[c], size[c], false, &seen, &stack)) {
      return false;
    }
  }
  return true;
}

}  // namespace ratings
