#include "arbiter/tournament/standings.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numeric>

#include "arbiter/common/printable.h"

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
      startup_faults_(names_.size(), 0),
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
  std::vector<int> never_started;  // counted once per game
  for (size_t f = 0; f < record.fault_seats.size(); ++f) {
    const int seat = record.fault_seats[f];
    if (seat >= 0 && seat < int(record.bots.size())) {
      const int bot = IndexOf(names_, record.bots[seat]);
      ++faults_[bot];
      if (f < record.fault_reasons.size()) {
        ++fault_reasons_[bot][record.fault_reasons[f]];
      }
      if (f < record.fault_startup.size() && record.fault_startup[f] &&
          std::find(never_started.begin(), never_started.end(), bot) ==
              never_started.end()) {
        never_started.push_back(bot);
        ++startup_faults_[bot];
      }
    }
  }
  return {};
}

double Standings::Score(int bot) const {
  return games_[bot] ? points_[bot] / games_[bot] : 0.0;
}

double Standings::ScoreWithin(int bot, const std::vector<int>& group) const {
  double points = 0;
  int games = 0;
  for (int other : group) {
    if (other == bot) continue;
    points += PointsAgainst(bot, other);
    games += GamesAgainst(bot, other);
  }
  return games ? points / games : -1.0;
}

bool Standings::AllMet(const std::vector<int>& group) const {
  for (int a : group) {
    for (int b : group) {
      if (a != b && GamesAgainst(a, b) == 0) return false;
    }
  }
  return true;
}

std::vector<Standings::Rank> Standings::Ranking() const {
  // Scores are sums of fractions such as 1/3: compare them with a tolerance.
  constexpr double kEps = 1e-9;
  std::vector<int> order(NumBots());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    if (std::abs(Score(a) - Score(b)) > kEps) return Score(a) > Score(b);
    return names_[a] < names_[b];
  });
  std::vector<Rank> ranking;
  for (size_t i = 0; i < order.size();) {
    size_t j = i + 1;
    while (j < order.size() &&
           std::abs(Score(order[j]) - Score(order[i])) <= kEps) {
      ++j;
    }
    std::vector<int> group(order.begin() + i, order.begin() + j);
    std::vector<double> within(group.size(), 0.0);
    if (group.size() > 1 && AllMet(group)) {
      for (size_t k = 0; k < group.size(); ++k) {
        within[k] = ScoreWithin(group[k], group);
      }
      std::vector<size_t> idx(group.size());
      std::iota(idx.begin(), idx.end(), 0);
      std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) {
        return within[a] > within[b] + kEps;
      });
      std::vector<int> sorted_group;
      std::vector<double> sorted_within;
      for (size_t k : idx) {
        sorted_group.push_back(group[k]);
        sorted_within.push_back(within[k]);
      }
      group = std::move(sorted_group);
      within = std::move(sorted_within);
    }
    for (size_t k = 0; k < group.size(); ++k) {
      const bool same_as_previous =
          k > 0 && std::abs(within[k] - within[k - 1]) <= kEps;
      const int place =
          same_as_previous ? ranking.back().place : int(ranking.size()) + 1;
      if (same_as_previous) ranking.back().shared = true;
      ranking.push_back({group[k], place, same_as_previous});
    }
    i = j;
  }
  return ranking;
}

std::vector<int> Standings::Order() const {
  std::vector<int> order;
  for (const Rank& r : Ranking()) order.push_back(r.bot);
  return order;
}

std::vector<std::string> Standings::TieNotes() const {
  std::vector<std::string> notes;
  const std::vector<int> order = Order();
  for (size_t i = 0; i < order.size();) {
    size_t j = i + 1;
    while (j < order.size() &&
           std::abs(Score(order[j]) - Score(order[i])) <= 1e-9) {
      ++j;
    }
    if (j - i > 1) {
      const std::vector<int> group(order.begin() + i, order.begin() + j);
      std::string names;
      for (int b : group) names += (names.empty() ? "" : ", ") + names_[b];
      std::string how;
      if (!AllMet(group)) {
        how = "not every two of them met: they share a place";
      } else {
        how = "against each other:";
        std::vector<double> within;
        for (int b : group) {
          within.push_back(ScoreWithin(b, group));
          how += fmt::format(" {} {:.3f}", names_[b], within.back());
        }
        how += " per game";
        int equal = 0;  // neighbours still level (the group is sorted)
        for (size_t k = 1; k < within.size(); ++k) {
          equal += std::abs(within[k] - within[k - 1]) <= 1e-9 ? 1 : 0;
        }
        if (equal == int(within.size()) - 1) {
          how += "; still equal: a shared place";
        } else if (equal > 0) {
          how += "; where still equal, a shared place";
        }
      }
      notes.push_back(fmt::format("tie at {:.1f}%: {} ({})",
                                  100.0 * Score(group[0]), names, how));
    }
    i = j;
  }
  return notes;
}

std::vector<std::string> Standings::ShownNames() const {
  std::vector<std::string> shown;
  for (const auto& name : names_) shown.push_back(TerminalSafe(name));
  return shown;
}

std::string Standings::Table(int max_rows, bool tie_notes) const {
  const std::vector<std::string> shown = ShownNames();
  size_t width = 3;
  for (const auto& name : shown) width = std::max(width, name.size());
  std::string out =
      fmt::format("{:>4}  {:<{}}  {:>6}  {:>8}  {:>6}  {:>6}\n", "#", "bot",
                  width, "games", "points", "score", "faults");
  int row = 0;
  for (const Rank& r : Ranking()) {
    if (++row > max_rows) break;
    const int b = r.bot;
    out +=
        fmt::format("{:>4}  {:<{}}  {:>6}  {:>8.1f}  {:>5.1f}%  {:>6}\n",
                    fmt::format("{}{}", r.place, r.shared ? "=" : ""), shown[b],
                    width, games_[b], points_[b], 100.0 * Score(b), faults_[b]);
  }
  const std::vector<std::string> notes = TieNotes();
  if (tie_notes && !notes.empty()) {
    out += fmt::format("Ties ({}):\n", kTieRule);
    for (const std::string& note : notes) {
      out += "  " + TerminalSafe(note) + "\n";
    }
  }
  return out;
}

std::string Standings::FaultsByReason() const {
  const std::vector<std::string> shown = ShownNames();
  size_t width = 3;
  for (const auto& name : shown) width = std::max(width, name.size());
  std::string out;
  for (int b : Order()) {
    if (fault_reasons_[b].empty()) continue;
    std::string line;
    for (const auto& [reason, count] : fault_reasons_[b]) {
      line += fmt::format("{}{} {}", line.empty() ? "" : ", ", count, reason);
    }
    out += fmt::format("   {:<{}}  {}\n", shown[b], width, line);
  }
  return out;
}

std::string Standings::Crosstable(int max_bots) const {
  std::vector<int> order = Order();
  if (int(order.size()) > max_bots) order.resize(max_bots);
  const std::vector<std::string> shown = ShownNames();
  size_t width = 3;
  for (int b : order) width = std::max(width, shown[b].size());
  std::string out = fmt::format("{:<{}}", "", width + 6);
  for (size_t i = 0; i < order.size(); ++i) out += fmt::format(" {:>9}", i + 1);
  out += '\n';
  for (size_t i = 0; i < order.size(); ++i) {
    out += fmt::format("{:>4}  {:<{}}", i + 1, shown[order[i]], width);
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

std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string Standings::Csv() const {
  std::string out = "place,bot,games,points,score,faults\n";
  for (const Rank& r : Ranking()) {
    out += fmt::format("{},{},{},{:g},{:.6f},{}\n", r.place,
                       CsvField(names_[r.bot]), games_[r.bot], points_[r.bot],
                       Score(r.bot), faults_[r.bot]);
  }
  return out;
}

std::string Standings::Json() const {
  nlohmann::json rows = nlohmann::json::array();
  for (const Rank& r : Ranking()) {
    rows.push_back({{"place", r.place},
                    {"shared_place", r.shared},
                    {"bot", names_[r.bot]},
                    {"games", games_[r.bot]},
                    {"points", points_[r.bot]},
                    {"score", Score(r.bot)},
                    {"faults", faults_[r.bot]}});
  }
  const nlohmann::json out = {{"games", total_games_},
                              {"faults", total_faults_},
                              {"tie_rule", kTieRule},
                              {"ties", TieNotes()},
                              {"standings", rows}};
  return out.dump(2) + "\n";
}

std::string Standings::CrosstableCsv() const {
  const std::vector<int> order = Order();
  std::string out = "bot";
  for (int b : order) out += "," + CsvField(names_[b]);
  out += "\n";
  for (int a : order) {
    out += CsvField(names_[a]);
    for (int b : order) {
      out += a == b || GamesAgainst(a, b) == 0
                 ? std::string(",")
                 : fmt::format(",{:g}/{}", PointsAgainst(a, b),
                               GamesAgainst(a, b));
    }
    out += "\n";
  }
  return out;
}

}  // namespace arbiter::tournament
