#include "arbiter/tournament/swiss_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <map>
#include <numeric>
#include <optional>

#include "arbiter/tournament/standings.h"

namespace arbiter::tournament {
namespace {

using json = nlohmann::json;

// Scores are sums of fractions such as 1/3, added in different orders:
// compared on a grid of 1e-9.
int64_t Grid(double x) { return std::llround(x * 1e9); }

int IndexOf(const std::vector<std::string>& names, const std::string& name) {
  const auto it = std::find(names.begin(), names.end(), name);
  return it == names.end() ? -1 : int(it - names.begin());
}

// "1", "2=": places of `values` (best first), equal values sharing one.
std::vector<std::string> Places(const std::vector<double>& values) {
  std::vector<std::string> out;
  for (double v : values) {
    int place = 1, equal = 0;
    for (double o : values) {
      place += Grid(o) > Grid(v) ? 1 : 0;
      equal += Grid(o) == Grid(v) ? 1 : 0;
    }
    out.push_back(fmt::format("{}{}", place, equal > 1 ? "=" : ""));
  }
  return out;
}

// The points of seat s against seat o: 1 ahead, 0.5 level, 0 behind.
double Against(const records::RecordSummary& game, size_t s, size_t o) {
  return game.places[s] < game.places[o]    ? 1.0
         : game.places[s] == game.places[o] ? 0.5
                                            : 0.0;
}

}  // namespace

double SwissTable::TableResult::RoundScore(int i) const {
  return games[i] > 0 ? points[i] / games[i] : 0.0;
}

SwissTable::SwissTable(std::vector<std::string> names)
    : names_(std::move(names)) {}

void SwissTable::AddRound(const Round& round) {
  RoundResult result{.number = round.number, .byes = round.byes};
  for (size_t t = 0; t < round.tables.size(); ++t) {
    const Table& bots = round.tables[t];
    const size_t k = bots.size();
    result.tables.push_back({.number = int(t) + 1,
                             .bots = bots,
                             .games = std::vector<int>(k, 0),
                             .unreadable = std::vector<int>(k, 0),
                             .points = std::vector<double>(k, 0.0),
                             .met = std::vector<int>(k * k, 0),
                             .against = std::vector<double>(k * k, 0.0)});
  }
  rounds_.push_back(std::move(result));
}

std::expected<void, std::string> SwissTable::AddGame(
    int table, const records::RecordSummary* game) {
  assert(!rounds_.empty() && table >= 1 &&
         table <= int(rounds_.back().tables.size()));
  TableResult& t = rounds_.back().tables[table - 1];
  const int k = int(t.bots.size());
  if (game == nullptr) {
    for (int& n : t.unreadable) ++n;
    return {};
  }
  // Member of the table per seat.
  std::vector<int> member(game->bots.size(), -1);
  for (size_t s = 0; s < game->bots.size(); ++s) {
    const int bot = IndexOf(names_, game->bots[s]);
    const auto it = std::find(t.bots.begin(), t.bots.end(), bot);
    if (it == t.bots.end()) {
      return std::unexpected(fmt::format(
          "game {}: seats[{}].bot_name \"{}\" is not at table {} of round {}",
          game->game_id, s, game->bots[s], table, rounds_.back().number));
    }
    member[s] = int(it - t.bots.begin());
  }
  auto points = BotPoints(*game, names_);
  if (!points) return std::unexpected(points.error());
  for (auto [bot, p] : *points) {
    const int i =
        int(std::find(t.bots.begin(), t.bots.end(), bot) - t.bots.begin());
    t.points[i] += p;
    ++t.games[i];
  }
  if (game->places.size() != game->bots.size() ||
      game->teams.size() != game->bots.size()) {
    return {};  // no result to compare seats by
  }
  // Each pair of members that were opponents: the mean over their seats.
  std::vector<double> sum(size_t(k) * k, 0.0);
  std::vector<int> pairs(size_t(k) * k, 0);
  for (size_t s = 0; s < member.size(); ++s) {
    for (size_t o = 0; o < member.size(); ++o) {
      if (member[s] == member[o] || game->teams[s] == game->teams[o]) continue;
      sum[member[s] * k + member[o]] += Against(*game, s, o);
      ++pairs[member[s] * k + member[o]];
    }
  }
  for (int p = 0; p < k * k; ++p) {
    if (pairs[p] == 0) continue;
    ++t.met[p];
    t.against[p] += sum[p] / pairs[p];
  }
  return {};
}

std::vector<double> SwissTable::LastRoundScores() const {
  std::vector<double> scores(NumBots(), 0.0);
  if (rounds_.empty()) return scores;
  for (const TableResult& t : rounds_.back().tables) {
    for (size_t i = 0; i < t.bots.size(); ++i) {
      scores[t.bots[i]] += t.RoundScore(int(i));
    }
  }
  return scores;
}

std::vector<double> SwissTable::Scores() const {
  std::vector<double> scores(NumBots(), 0.0);
  for (const RoundResult& round : rounds_) {
    for (const TableResult& t : round.tables) {
      for (size_t i = 0; i < t.bots.size(); ++i) {
        scores[t.bots[i]] += t.RoundScore(int(i));
      }
    }
    for (int bot : round.byes) scores[bot] += kByePoints;
  }
  return scores;
}

std::vector<SwissTable::Row> SwissTable::TieBreaks() const {
  const int n = NumBots();
  const std::vector<double> score = Scores();
  std::vector<Row> rows(n);
  // Per bot, each round's Buchholz (a bye's: 0).
  std::vector<std::vector<double>> per_round(n);
  for (const RoundResult& round : rounds_) {
    for (int bot : round.byes) per_round[bot].push_back(0.0);
    for (const TableResult& t : round.tables) {
      const int k = int(t.bots.size());
      for (int i = 0; i < k; ++i) {
        double buchholz = 0, sb = 0;
        for (int j = 0; j < k && t.games[i] > 0; ++j) {
          const double s = score[t.bots[j]];
          buchholz += double(t.met[i * k + j]) / t.games[i] * s;
          sb += t.against[i * k + j] / t.games[i] * s;
        }
        per_round[t.bots[i]].push_back(buchholz);
        rows[t.bots[i]].sb += sb;
      }
    }
  }
  for (int b = 0; b < n; ++b) {
    Row& row = rows[b];
    row.bot = b;
    row.score = score[b];
    const auto& r = per_round[b];
    row.buchholz = std::accumulate(r.begin(), r.end(), 0.0);
    row.cut1 =
        r.empty() ? 0 : row.buchholz - *std::min_element(r.begin(), r.end());
  }
  return rows;
}

std::tuple<int64_t, int64_t, int64_t, int64_t> SwissTable::Key(const Row& r) {
  return {Grid(r.score), Grid(r.buchholz), Grid(r.cut1), Grid(r.sb)};
}

std::vector<SwissTable::Row> SwissTable::Rows() const {
  std::vector<Row> rows = TieBreaks();
  std::sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) {
    if (Key(a) != Key(b)) return Key(a) > Key(b);
    return names_[a.bot] < names_[b.bot];
  });
  std::optional<HeadToHead> h2h;  // made when a tie needs it
  std::vector<Row> out;
  for (size_t i = 0; i < rows.size();) {
    size_t j = i + 1;
    while (j < rows.size() && Key(rows[j]) == Key(rows[i])) ++j;
    std::vector<Row> group(rows.begin() + i, rows.begin() + j);
    if (group.size() > 1) {
      if (!h2h) h2h = AllHeadToHead();
      BreakByDirectEncounter(*h2h, group);
    }
    for (Row& row : group) {
      row.place = int(out.size()) + 1;
      if (!out.empty()) Place(out.back(), row);
      out.push_back(row);
    }
    i = j;
  }
  return out;
}

void SwissTable::Place(Row& above, Row& row) {
  const bool shared = Key(above) == Key(row) && Grid(above.de) == Grid(row.de);
  if (shared) row.place = above.place;
  row.shared = shared;
  above.shared |= shared;
  if (Grid(above.score) != Grid(row.score)) return;
  row.decided_by = shared                                       ? "shared"
                   : Grid(above.buchholz) != Grid(row.buchholz) ? "Buchholz"
                   : Grid(above.cut1) != Grid(row.cut1) ? "Buchholz cut-1"
                   : Grid(above.sb) != Grid(row.sb)     ? "Sonneborn-Berger"
                                                        : "direct encounter";
}

SwissTable::HeadToHead SwissTable::AllHeadToHead() const {
  HeadToHead h2h;
  for (const RoundResult& round : rounds_) {
    for (const TableResult& t : round.tables) {
      const int k = int(t.bots.size());
      for (int i = 0; i < k; ++i) {
        for (int j = 0; j < k; ++j) {
          if (t.met[i * k + j] == 0) continue;
          auto& [points, games] = h2h[{t.bots[i], t.bots[j]}];
          points += t.against[i * k + j];
          games += t.met[i * k + j];
        }
      }
    }
  }
  return h2h;
}

void SwissTable::BreakByDirectEncounter(const HeadToHead& h2h,
                                        std::vector<Row>& group) {
  for (Row& row : group) {
    double points = 0;
    int games = 0;
    for (const Row& other : group) {
      if (other.bot == row.bot) continue;
      const auto it = h2h.find({row.bot, other.bot});
      if (it == h2h.end()) {
        for (Row& r : group) r.de = -1;  // not every two met: no use
        return;
      }
      points += it->second.first;
      games += it->second.second;
    }
    row.de = points / games;
  }
  std::stable_sort(group.begin(), group.end(), [](const Row& a, const Row& b) {
    return Grid(a.de) > Grid(b.de);
  });
}

SwissTable::Counts SwissTable::CountGames() const {
  Counts c{.games = std::vector<int>(NumBots(), 0),
           .byes = std::vector<int>(NumBots(), 0),
           .unreadable = std::vector<int>(NumBots(), 0)};
  for (const RoundResult& round : rounds_) {
    for (int bot : round.byes) ++c.byes[bot];
    for (const TableResult& t : round.tables) {
      for (size_t i = 0; i < t.bots.size(); ++i) {
        c.games[t.bots[i]] += t.games[i];
        c.unreadable[t.bots[i]] += t.unreadable[i];
        c.per_round = std::max(c.per_round, t.games[i] + t.unreadable[i]);
      }
    }
  }
  return c;
}

std::vector<std::string> SwissTable::Notes(const std::vector<Row>& rows,
                                           const Counts& c) const {
  const auto [least, most] =
      std::minmax_element(c.games.begin(), c.games.end());
  if (c.games.empty() || *least == *most) return {};
  // "a 1, b 2": the bots with any, in standings order.
  auto list = [&](const std::vector<int>& count) {
    std::string out;
    for (const Row& row : rows) {
      if (count[row.bot] == 0) continue;
      out += fmt::format("{}{} {}", out.empty() ? "" : ", ", names_[row.bot],
                         count[row.bot]);
    }
    return out;
  };
  std::string why;
  if (const std::string byes = list(c.byes); !byes.empty()) {
    why = fmt::format("a bye is a round not played ({} game{} fewer; byes: {})",
                      c.per_round, c.per_round == 1 ? "" : "s", byes);
  }
  if (const std::string lost = list(c.unreadable); !lost.empty()) {
    why += fmt::format("{}unreadable records score nothing ({})",
                       why.empty() ? "" : "; ", lost);
  }
  return {fmt::format("Games differ ({} to {}): {}", *most, *least,
                      why.empty() ? "rounds of different sizes" : why)};
}

json SwissTable::RoundJson(const RoundResult& round) const {
  json tables = json::array();
  for (const TableResult& t : round.tables) {
    std::vector<double> scores;
    for (size_t i = 0; i < t.bots.size(); ++i) {
      scores.push_back(t.RoundScore(int(i)));
    }
    const std::vector<std::string> places = Places(scores);
    json bots = json::array();
    for (size_t i = 0; i < t.bots.size(); ++i) {
      bots.push_back({{"bot", names_[t.bots[i]]},
                      {"seat", i},
                      {"games", t.games[i]},
                      {"points", scores[i]},
                      {"place", places[i]}});
    }
    tables.push_back({{"table", t.number}, {"bots", bots}});
  }
  json byes = json::array();
  for (int bot : round.byes) byes.push_back(names_[bot]);
  return {{"round", round.number}, {"tables", tables}, {"byes", byes}};
}

json SwissTable::Json() const {
  const std::vector<Row> rows = Rows();
  const Counts c = CountGames();
  json standings = json::array();
  for (const Row& r : rows) {
    standings.push_back(
        {{"place", r.place},
         {"shared", r.shared},
         {"bot", names_[r.bot]},
         {"score", r.score},
         {"byes", c.byes[r.bot]},
         {"games", c.games[r.bot]},
         {"unreadable", c.unreadable[r.bot]},
         {"buchholz", r.buchholz},
         {"buchholz_cut1", r.cut1},
         {"sonneborn_berger", r.sb},
         {"direct_encounter", r.de < 0 ? json(nullptr) : json(r.de)},
         {"decided_by", r.decided_by}});
  }
  json rounds = json::array();
  for (const RoundResult& round : rounds_) rounds.push_back(RoundJson(round));
  return {{"format", "swiss"},    {"bye_points", kByePoints},
          {"order", kSwissOrder}, {"standings", standings},
          {"rounds", rounds},     {"notes", Notes(rows, c)}};
}

}  // namespace arbiter::tournament
