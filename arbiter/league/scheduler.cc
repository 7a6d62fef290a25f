#include "arbiter/league/scheduler.h"

#include <algorithm>
#include <cassert>

namespace arbiter::league {
namespace {

std::pair<int, int> Key(int a, int b) {
  return {std::min(a, b), std::max(a, b)};
}

int Count(const std::map<std::pair<int, int>, int>& counts, int a, int b) {
  const auto it = counts.find(Key(a, b));
  return it == counts.end() ? 0 : it->second;
}

}  // namespace

void Encounters::Add(std::span<const int> table,
                     std::span<const int> team_of_seat) {
  assert(team_of_seat.empty() || team_of_seat.size() == table.size());
  for (size_t i = 0; i < table.size(); ++i) {
    for (size_t j = i + 1; j < table.size(); ++j) {
      if (table[i] == table[j]) continue;
      ++met_[Key(table[i], table[j])];
      if (!team_of_seat.empty() && team_of_seat[i] >= 0 &&
          team_of_seat[i] == team_of_seat[j]) {
        ++partnered_[Key(table[i], table[j])];
      }
    }
  }
}

int Encounters::Met(int a, int b) const { return Count(met_, a, b); }

int Encounters::Partnered(int a, int b) const {
  return Count(partnered_, a, b);
}

std::vector<std::vector<int>> ChooseTables(std::span<const Entrant> active,
                                           const Encounters& met,
                                           const TableShape& shape, int count,
                                           uint64_t seed) {
  (void)met;
  (void)seed;
  std::vector<std::vector<int>> tables;
  if (shape.seats < 2 || static_cast<int>(active.size()) < shape.seats) {
    return tables;
  }
  // Placeholder until the scheduler lands: consecutive bots in turn.
  for (int t = 0; t < count; ++t) {
    std::vector<int> table;
    for (int s = 0; s < shape.seats; ++s) {
      table.push_back(active[(t * shape.seats + s) % active.size()].id);
    }
    tables.push_back(std::move(table));
  }
  return tables;
}

}  // namespace arbiter::league
