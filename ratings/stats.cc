#include "ratings/stats.h"

#include <algorithm>
#include <unordered_set>

namespace ratings {

GameStats ComputeStats(std::span<const Game> games,
                       const std::unordered_map<std::string, uint32_t>& ids) {
  GameStats stats;
  stats.bots.resize(ids.size());
  std::unordered_map<uint64_t, CrossCell> cells;
  std::vector<uint32_t> seat_ids;
  for (const Game& game : games) {
    seat_ids.clear();
    for (const SeatResult& seat : game.seats) {
      const uint32_t id = ids.at(seat.player);
      seat_ids.push_back(id);
      BotStats& bot = stats.bots[id];
      if (seat.points) bot.points += *seat.points;
      for (const std::string& reason : seat.faults) ++bot.faults[reason];
      bot.decisions += seat.decisions;
      bot.decision_us_total += seat.decision_us_total;
      bot.decision_us_max = std::max(bot.decision_us_max, seat.decision_us_max);
    }
    std::unordered_set<uint32_t> present(seat_ids.begin(), seat_ids.end());
    for (uint32_t id : present) ++stats.bots[id].games;
    // Each pair of bots on different sides of a game is one encounter; when
    // a bot holds several seats (copies), its seats' results are averaged.
    std::unordered_map<uint64_t, std::pair<double, int>> in_game;
    const size_t n = game.seats.size();
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = 0; j < n; ++j) {
        const SeatResult& a = game.seats[i];
        const SeatResult& b = game.seats[j];
        if (i == j || seat_ids[i] == seat_ids[j]) continue;
        if (a.team >= 0 && a.team == b.team) continue;
        const double score =
            a.place < b.place ? 1.0 : (a.place == b.place ? 0.5 : 0.0);
        auto& [sum, count] = in_game[uint64_t{seat_ids[i]} << 32 | seat_ids[j]];
        sum += score;
        ++count;
      }
    }
    for (const auto& [key, sum_count] : in_game) {
      const double score = sum_count.first / sum_count.second;
      CrossCell& cell = cells[key];
      cell.a = static_cast<uint32_t>(key >> 32);
      cell.b = static_cast<uint32_t>(key);
      cell.score += score;
      cell.encounters += 1;
      stats.bots[cell.a].score += score;
      stats.bots[cell.a].encounters += 1;
    }
  }
  stats.crosstable.reserve(cells.size());
  for (const auto& [key, cell] : cells) stats.crosstable.push_back(cell);
  std::sort(stats.crosstable.begin(), stats.crosstable.end(),
            [](const CrossCell& x, const CrossCell& y) {
              return std::pair(x.a, x.b) < std::pair(y.a, y.b);
            });
  return stats;
}

}  // namespace ratings
