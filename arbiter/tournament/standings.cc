#include "arbiter/tournament/standings.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

namespace arbiter::tournament {
namespace {

int IndexOf(const std::vector<std::string>& names, const std::string& name) {
  const auto it = std::find(names.begin(), names.end(), name);
  return it == names.end() ? -1 : int(it - names.begin());
}

}  // namespace

std::vector<double> SeatPoints(const std::vector<int>& places,
                               const std::vector<int>& teams) {
  const size_t n = places.size();
  std::vector<double> out(n, 0.0);
  for (size_t s = 0; s < n; ++s) {
    double won = 0;
    int opponents = 0;
    for (size_t o = 0; o < n; ++o) {
      if (teams[o] == teams[s]) continue;
      ++opponents;
      if (places[s] < places[o]) won += 1;
      if (places[s] == places[o]) won += 0.5;
    }
    out[s] = opponents == 0 ? 0.5 : won / opponents;
  }
  return out;
}

std::expected<std::vector<std::pair<int, double>>, std::string> BotPoints(
    const RecordSummary& record, const std::vector<std::string>& names) {
  const std::vector<double> seat = SeatPoints(record.places, record.teams);
  std::vector<std::pair<int, double>> out;
  std::vector<int> seats_held;
  for (size_t s = 0; s < record.bots.size() && s < seat.size(); ++s) {
    const int bot = IndexOf(names, record.bots[s]);
    if (bot < 0) {
      return std::unexpected(fmt::format(
          "game {}: seats[{}].bot_name \"{}\" is not a bot of this tournament",
          record.game_id, s, record.bots[s]));
    }
    auto it = std::find_if(out.begin(), out.end(),
                           [&](const auto& p) { return p.first == bot; });
    if (it == out.end()) {
      out.emplace_back(bot, seat[s]);
      seats_held.push_back(1);
    } else {
      it->second += seat[s];
      ++seats_held[it - out.begin()];
    }
  }
  for (size_t i = 0; i < out.size(); ++i) out[i].second /= seats_held[i];
  return out;
}

Standings::Standings(std::vector<std::string> names)
    : names_(std::move(names)),
      points_(names_.size(), 0.0),
      games_(names_.size(), 0),
      faults_(names_.size(), 0),
      fault_reasons_(names_.size()),
      h2h_(names_.size() * names_.size(), 0.0),
      h2h_games_(names_.size() * names_.size(), 0) {}

std::expected<void, std::string> Standings::Add(const RecordSummary& record) {
  auto points = BotPoints(record, names_);
  if (!points) return std::unexpected(points.error());
  ++total_games_;
  total_faults_ += record.faults;
  for (auto [bot, p] : *points) {
    points_[bot] += p;
    ++games_[bot];
  }
  // Head to head between opponents (first seat of each bot stands for it).
  const int n = NumBots();
  for (size_t s = 0; s < record.bots.size() && s < record.places.size(); ++s) {
    for (size_t o = 0; o < record.bots.size() && o < record.places.size();
         ++o) {
      if (record.teams[s] == record.teams[o]) continue;
      const int a = IndexOf(names_, record.bots[s]);
      const int b = IndexOf(names_, record.bots[o]);
      if (IndexOf(record.bots, record.bots[s]) != int(s) ||
          IndexOf(record.bots, record.bots[o]) != int(o)) {
        continue;  // a bot's later seats repeat its first
      }
      h2h_[a * n + b] += record.places[s] < record.places[o]    ? 1.0
                         : record.places[s] == record.places[o] ? 0.5
                                                                : 0.0;
      ++h2h_games_[a * n + b];
    }
  }
  for (size_t f = 0; f < record.fault_seats.size(); ++f) {
    const int seat = record.fault_seats[f];
    if (seat >= 0 && seat < int(record.bots.size())) {
      const int bot = IndexOf(names_, record.bots[seat]);
      ++faults_[bot];
      if (f < record.fault_reasons.size()) {
        ++fault_reasons_[bot][record.fault_reasons[f]];
      }
    }
  }
  return {};
}

std::vector<int> Standings::Order() const {
  std::vector<int> order(NumBots());
  std::iota(order.begin(), order.end(), 0);
  auto rate = [&](int b) { return games_[b] ? points_[b] / games_[b] : 0.0; };
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    if (rate(a) != rate(b)) return rate(a) > rate(b);
    return names_[a] < names_[b];
  });
  return order;
}

std::string Standings::Table(int max_rows) const {
  size_t width = 3;
  for (const auto& name : names_) width = std::max(width, name.size());
  std::string out =
      fmt::format("{:>4}  {:<{}}  {:>6}  {:>8}  {:>6}  {:>6}\n", "#", "bot",
                  width, "games", "points", "score", "faults");
  int rank = 0;
  for (int b : Order()) {
    if (++rank > max_rows) break;
    out += fmt::format("{:>4}  {:<{}}  {:>6}  {:>8.1f}  {:>5.1f}%  {:>6}\n",
                       rank, names_[b], width, games_[b], points_[b],
                       games_[b] ? 100.0 * points_[b] / games_[b] : 0.0,
                       faults_[b]);
  }
  return out;
}

std::string Standings::FaultsByReason() const {
  size_t width = 3;
  for (const auto& name : names_) width = std::max(width, name.size());
  std::string out;
  for (int b : Order()) {
    if (fault_reasons_[b].empty()) continue;
    std::string line;
    for (const auto& [reason, count] : fault_reasons_[b]) {
      line += fmt::format("{}{} {}", line.empty() ? "" : ", ", count, reason);
    }
    out += fmt::format("   {:<{}}  {}\n", names_[b], width, line);
  }
  return out;
}

std::string Standings::Crosstable(int max_bots) const {
  std::vector<int> order = Order();
  if (int(order.size()) > max_bots) order.resize(max_bots);
  size_t width = 3;
  for (int b : order) width = std::max(width, names_[b].size());
  std::string out = fmt::format("{:<{}}", "", width + 6);
  for (size_t i = 0; i < order.size(); ++i) out += fmt::format(" {:>9}", i + 1);
  out += '\n';
  for (size_t i = 0; i < order.size(); ++i) {
    out += fmt::format("{:>4}  {:<{}}", i + 1, names_[order[i]], width);
    for (int b : order) {
      const int a = order[i];
      out += a == b || GamesAgainst(a, b) == 0
                 ? fmt::format(" {:>9}", a == b ? "x" : "-")
                 : fmt::format(" {:>9}",
                               fmt::format("{:g}/{}", PointsAgainst(a, b),
                                           GamesAgainst(a, b)));
    }
    out += '\n';
  }
  return out;
}

}  // namespace arbiter::tournament
