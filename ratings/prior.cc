#include "ratings/prior.h"

#include <algorithm>
#include <numeric>

namespace ratings {
namespace {

// Calls edge(a, b) for every "a scored against b" of the weights: a player of
// a picked unit against every player of the other units of its choice set,
// except players on both sides, whose strength cancels out.
template <typename Edge>
void ForEachScoringEdge(const Dataset& data, std::span<const double> y,
                        Edge&& edge) {
  auto in_unit = [&](uint32_t player, uint32_t unit) {
    for (uint32_t i = data.unit_begin[unit]; i < data.unit_begin[unit + 1];
         ++i) {
      if (data.unit_players[i] == player) return true;
    }
    return false;
  };
  for (size_t e = 0; e < data.NumEntries(); ++e) {
    const uint32_t begin = data.entry_begin[e], end = data.entry_begin[e + 1];
    for (uint32_t j = begin; j < end; ++j) {
      if (y[j] <= 0) continue;
      const uint32_t uj = data.slot_unit[j];
      for (uint32_t k = begin; k < end; ++k) {
        const uint32_t uk = data.slot_unit[k];
        if (k == j) continue;
        for (uint32_t a = data.unit_begin[uj]; a < data.unit_begin[uj + 1];
             ++a) {
          const uint32_t pa = data.unit_players[a];
          if (in_unit(pa, uk)) continue;
          for (uint32_t b = data.unit_begin[uk]; b < data.unit_begin[uk + 1];
               ++b) {
            const uint32_t pb = data.unit_players[b];
            if (!in_unit(pb, uj)) edge(pa, pb);
          }
        }
      }
    }
  }
}

// Marks every player reachable from `root` along the CSR graph.
void Reach(uint32_t root, const std::vector<uint32_t>& begin,
           const std::vector<uint32_t>& target, std::vector<uint8_t>* seen) {
  std::vector<uint32_t> stack = {root};
  (*seen)[root] = 1;
  while (!stack.empty()) {
    const uint32_t v = stack.back();
    stack.pop_back();
    for (uint32_t i = begin[v]; i < begin[v + 1]; ++i) {
      if (!(*seen)[target[i]]) {
        (*seen)[target[i]] = 1;
        stack.push_back(target[i]);
      }
    }
  }
}

}  // namespace

std::vector<uint8_t> ComponentsWithoutMle(const Dataset& data,
                                          std::span<const double> y) {
  const size_t n = data.NumPlayers();
  // Forward and backward graphs in CSR form, built in two passes.
  std::vector<uint32_t> out_begin(n + 1, 0), in_begin(n + 1, 0);
  ForEachScoringEdge(data, y, [&](uint32_t a, uint32_t b) {
    ++out_begin[a + 1];
    ++in_begin[b + 1];
  });
  std::partial_sum(out_begin.begin(), out_begin.end(), out_begin.begin());
  std::partial_sum(in_begin.begin(), in_begin.end(), in_begin.begin());
  std::vector<uint32_t> out_target(out_begin[n]), in_target(in_begin[n]);
  std::vector<uint32_t> out_fill(out_begin.begin(), out_begin.end() - 1);
  std::vector<uint32_t> in_fill(in_begin.begin(), in_begin.end() - 1);
  ForEachScoringEdge(data, y, [&](uint32_t a, uint32_t b) {
    out_target[out_fill[a]++] = b;
    in_target[in_fill[b]++] = a;
  });
  // A component has an estimate iff its graph is strongly connected: its
  // first player reaches everyone and everyone reaches it.
  std::vector<uint8_t> forward(n, 0), backward(n, 0);
  std::vector<int> root(data.num_components, -1);
  for (uint32_t p = 0; p < n; ++p) {
    if (root[data.component[p]] < 0) {
      root[data.component[p]] = static_cast<int>(p);
      Reach(p, out_begin, out_target, &forward);
      Reach(p, in_begin, in_target, &backward);
    }
  }
  std::vector<uint8_t> missing(data.num_components, 0);
  for (uint32_t p = 0; p < n; ++p) {
    if (!forward[p] || !backward[p]) missing[data.component[p]] = 1;
  }
  return missing;
}

bool Prior::Any() const {
  return advantage || std::any_of(components.begin(), components.end(),
                                  [](uint8_t c) { return c != 0; });
}

Prior NeededPrior(const Dataset& data, std::span<const double> y,
                  bool first_seat_advantage) {
  Prior prior{.components = ComponentsWithoutMle(data, y)};
  if (!first_seat_advantage) return prior;
  // The advantage is bounded when the seat that moved first was picked over
  // another unit at least once, and another unit over it at least once.
  bool won = false, lost = false;
  for (size_t e = 0; e < data.NumEntries(); ++e) {
    const uint32_t begin = data.entry_begin[e], end = data.entry_begin[e + 1];
    bool first = false, other = false;
    for (uint32_t j = begin; j < end; ++j) {
      (data.unit_first[data.slot_unit[j]] ? first : other) = true;
    }
    if (!first || !other) continue;
    for (uint32_t j = begin; j < end; ++j) {
      if (y[j] > 0) (data.unit_first[data.slot_unit[j]] ? won : lost) = true;
    }
  }
  prior.advantage = !won || !lost;
  return prior;
}

}  // namespace ratings
