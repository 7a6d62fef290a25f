#include "ratings/stats.h"

#include <algorithm>

namespace ratings {

void StatsAccumulator::AddSides(std::span<const UnitView> units) {
  for (const UnitView& u : units) {
    for (uint32_t p : u.players) ++Bot(p).games;
  }
  for (size_t i = 0; i < units.size(); ++i) {
    for (size_t j = 0; j < units.size(); ++j) {
      if (i == j) continue;
      const double score = units[i].place < units[j].place    ? 1.0
                           : units[i].place == units[j].place ? 0.5
                                                              : 0.0;
      const double met = static_cast<double>(units[j].players.size());
      for (uint32_t a : units[i].players) {
        bots_[a].score += score * met;
        bots_[a].encounters += met;
        if (!crosstable_) continue;
        for (uint32_t b : units[j].players) {
          CrossCell& cell = cells_[uint64_t{a} << 32 | b];
          cell.a = a;
          cell.b = b;
          cell.score += score;
          cell.encounters += 1;
        }
      }
    }
  }
}

std::vector<CrossCell> StatsAccumulator::Crosstable() const {
  std::vector<CrossCell> out;
  out.reserve(cells_.size());
  for (const auto& [key, cell] : cells_) out.push_back(cell);
  std::sort(out.begin(), out.end(), [](const CrossCell& x, const CrossCell& y) {
    return std::pair(x.a, x.b) < std::pair(y.a, y.b);
  });
  return out;
}

}  // namespace ratings
