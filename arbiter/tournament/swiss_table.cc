#include "arbiter/tournament/swiss_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>
#include <optional>

#include "arbiter/common/printable.h"
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

// "1st", "2nd", "3rd", "4th", ..., "11th", "21st".
std::string Ordinal(int n) {
  const char* suffix = "th";
  if (n % 100 < 11 || n % 100 > 13) {
    suffix = n % 10 == 1   ? "st"
             : n % 10 == 2 ? "nd"
             : n % 10 == 3 ? "rd"
                           : "th";
  }
  return fmt::format("{}{}", n, suffix);
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

std::vector<SwissTable::Row> SwissTable::Rows() const {
  const int n = NumBots();
  const std::vector<double> score = Scores();
  std::vector<Row> rows(n);
  // Per bot, each round's Buchholz (a bye's: 0).
  std::vector<std::vector<double>> per_round(n);
  for (int b = 0; b < n; ++b) rows[b].bot = b;
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
    row.score = score[b];
    const auto& r = per_round[b];
    row.buchholz = std::accumulate(r.begin(), r.end(), 0.0);
    row.cut1 =
        r.empty() ? 0 : row.buchholz - *std::min_element(r.begin(), r.end());
  }
  auto key = [](const Row& r) {
    return std::make_tuple(Grid(r.score), Grid(r.buchholz), Grid(r.cut1),
                           Grid(r.sb));
  };
  std::sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) {
    if (key(a) != key(b)) return key(a) > key(b);
    return names_[a.bot] < names_[b.bot];
  });
  std::optional<HeadToHead> h2h;  // made when a tie needs it
  std::vector<Row> out;
  for (size_t i = 0; i < rows.size();) {
    size_t j = i + 1;
    while (j < rows.size() && key(rows[j]) == key(rows[i])) ++j;
    std::vector<Row> group(rows.begin() + i, rows.begin() + j);
    if (group.size() > 1) {
      if (!h2h) h2h = AllHeadToHead();
      BreakByDirectEncounter(*h2h, group);
    }
    for (Row& row : group) {
      const Row* above = out.empty() ? nullptr : &out.back();
      const bool shared = above != nullptr && key(*above) == key(row) &&
                          Grid(above->de) == Grid(row.de);
      row.place = shared ? above->place : int(out.size()) + 1;
      row.shared = shared;
      if (shared) out.back().shared = true;
      if (above != nullptr && Grid(above->score) == Grid(row.score)) {
        row.decided_by =
            shared                                        ? "shared"
            : Grid(above->buchholz) != Grid(row.buchholz) ? "Buchholz"
            : Grid(above->cut1) != Grid(row.cut1)         ? "Buchholz cut-1"
            : Grid(above->sb) != Grid(row.sb)             ? "Sonneborn-Berger"
                                                          : "direct encounter";
      }
      out.push_back(row);
    }
    i = j;
  }
  return out;
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

std::vector<std::string> SwissTable::Notes(const std::vector<Row>& rows) const {
  std::vector<int> games(NumBots(), 0), byes(NumBots(), 0),
      unreadable(NumBots(), 0);
  int per_round = 0;  // games of a bot at a table
  for (const RoundResult& round : rounds_) {
    for (int bot : round.byes) ++byes[bot];
    for (const TableResult& t : round.tables) {
      for (size_t i = 0; i < t.bots.size(); ++i) {
        games[t.bots[i]] += t.games[i];
        unreadable[t.bots[i]] += t.unreadable[i];
        per_round = std::max(per_round, t.games[i] + t.unreadable[i]);
      }
    }
  }
  const auto [least, most] = std::minmax_element(games.begin(), games.end());
  if (games.empty() || *least == *most) return {};
  std::string why;
  auto list = [&](const std::vector<int>& count) {
    std::string out;
    for (const Row& row : rows) {
      if (count[row.bot] == 0) continue;
      out += fmt::format("{}{} {}", out.empty() ? "" : ", ", names_[row.bot],
                         count[row.bot]);
    }
    return out;
  };
  if (const std::string bye_list = list(byes); !bye_list.empty()) {
    why = fmt::format("a bye is a round not played ({} game{} fewer; byes: {})",
                      per_round, per_round == 1 ? "" : "s", bye_list);
  }
  if (const std::string lost = list(unreadable); !lost.empty()) {
    why += fmt::format("{}unreadable records score nothing ({})",
                       why.empty() ? "" : "; ", lost);
  }
  return {fmt::format("Games differ ({} to {}): {}", *most, *least,
                      why.empty() ? "rounds of different sizes" : why)};
}

json SwissTable::Json() const {
  const std::vector<Row> rows = Rows();
  std::vector<int> byes(NumBots(), 0), games(NumBots(), 0),
      unreadable(NumBots(), 0);
  json rounds = json::array();
  for (const RoundResult& round : rounds_) {
    json tables = json::array();
    for (const TableResult& t : round.tables) {
      std::vector<double> scores;
      for (size_t i = 0; i < t.bots.size(); ++i) {
        scores.push_back(t.RoundScore(int(i)));
        games[t.bots[i]] += t.games[i];
        unreadable[t.bots[i]] += t.unreadable[i];
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
    json bye_names = json::array();
    for (int bot : round.byes) {
      ++byes[bot];
      bye_names.push_back(names_[bot]);
    }
    rounds.push_back(
        {{"round", round.number}, {"tables", tables}, {"byes", bye_names}});
  }
  json standings = json::array();
  for (const Row& r : rows) {
    standings.push_back(
        {{"place", r.place},
         {"shared", r.shared},
         {"bot", names_[r.bot]},
         {"score", r.score},
         {"byes", byes[r.bot]},
         {"games", games[r.bot]},
         {"unreadable", unreadable[r.bot]},
         {"buchholz", r.buchholz},
         {"buchholz_cut1", r.cut1},
         {"sonneborn_berger", r.sb},
         {"direct_encounter", r.de < 0 ? json(nullptr) : json(r.de)},
         {"decided_by", r.decided_by}});
  }
  return {{"format", "swiss"},    {"bye_points", kByePoints},
          {"order", kSwissOrder}, {"standings", standings},
          {"rounds", rounds},     {"notes", Notes(rows)}};
}

namespace {

// `line` without the spaces before its line break.
std::string TrimEnd(std::string line) {
  const size_t end = line.find_last_not_of(" \n");
  line.erase(end == std::string::npos ? 0 : end + 1);
  return line + "\n";
}

std::string Number(const json& value) {
  return value.is_number() ? fmt::format("{:.3f}", value.get<double>()) : "";
}

// Names as a terminal shows them.
std::string Shown(const json& name) {
  return TerminalSafe(name.get<std::string>());
}

std::string StandingsText(const json& table) {
  size_t width = 3;
  for (const json& row : table.at("standings")) {
    width = std::max(width, Shown(row.at("bot")).size());
  }
  std::string out = fmt::format(
      "\nSwiss standings ({})\n{:>4}  {:<{}}  {:>6}  {:>4}  {:>5}  {:>8}  "
      "{:>6}  {:>8}  {:>6}  {}\n",
      table.at("order").get<std::string>(), "#", "bot", width, "score", "byes",
      "games", "Buchholz", "cut-1", "S-B", "DE", "tie broken by");
  for (const json& row : table.at("standings")) {
    out += TrimEnd(fmt::format(
        "{:>4}  {:<{}}  {:>6}  {:>4}  {:>5}  {:>8}  {:>6}  {:>8}  {:>6}  {}\n",
        fmt::format("{}{}", row.at("place").get<int>(),
                    row.at("shared").get<bool>() ? "=" : ""),
        Shown(row.at("bot")), width, Number(row.at("score")),
        row.at("byes").get<int>(), row.at("games").get<int>(),
        Number(row.at("buchholz")), Number(row.at("buchholz_cut1")),
        Number(row.at("sonneborn_berger")), Number(row.at("direct_encounter")),
        row.at("decided_by").get<std::string>()));
  }
  out += fmt::format(
      "Score: per round, the mean of a bot's game points at its table (0 to "
      "1); a bye scores {:g} and has no opponents (0 to Buchholz and S-B). "
      "Tie-breaks: docs/tournaments.md.\n",
      table.at("bye_points").get<double>());
  for (const json& note : table.at("notes")) {
    out += TerminalSafe(note.get<std::string>()) + "\n";
  }
  if (table.contains("ratings_note")) {
    out += TerminalSafe(table.at("ratings_note").get<std::string>()) + "\n";
  }
  return out;
}

// Per bot of a table: the other bots' names.
std::string Opponents(const json& bots, const json& bot) {
  std::string out;
  for (const json& other : bots) {
    if (other.at("bot") == bot.at("bot")) continue;
    out += (out.empty() ? "" : ", ") + Shown(other.at("bot"));
  }
  return out;
}

std::string RoundsText(const json& table) {
  size_t width = 3;
  for (const json& row : table.at("standings")) {
    width = std::max(width, Shown(row.at("bot")).size());
  }
  std::string out =
      "Rounds (each bot: its table, its seat in the table's first game, its "
      "points and place at the table, the others at the table)\n";
  for (const json& round : table.at("rounds")) {
    out += fmt::format("Round {}\n", round.at("round").get<int>());
    for (const json& t : round.at("tables")) {
      for (const json& bot : t.at("bots")) {
        out += fmt::format(
            "  {:<{}}  table {:>3}  seat {}  {:>6}  {:<3}  v {}\n",
            Shown(bot.at("bot")), width, t.at("table").get<int>(),
            bot.at("seat").get<int>(), Number(bot.at("points")),
            bot.at("place").get<std::string>(), Opponents(t.at("bots"), bot));
      }
    }
    for (const json& bot : round.at("byes")) {
      out += fmt::format("  {:<{}}  bye                {:>6}\n", Shown(bot),
                         width, Number(table.at("bye_points")));
    }
  }
  return out;
}

}  // namespace

std::string SwissText(const json& table) {
  return RoundsText(table) + StandingsText(table);
}

std::string SwissCsv(const json& table) {
  std::string out =
      "place,bot,score,byes,games,buchholz,buchholz_cut1,sonneborn_berger,"
      "direct_encounter\n";
  auto number = [](const json& v) {
    return v.is_number() ? fmt::format("{:.6f}", v.get<double>())
                         : std::string();
  };
  for (const json& row : table.at("standings")) {
    out += fmt::format(
        "{},{},{},{},{},{},{},{},{}\n", row.at("place").get<int>(),
        CsvField(row.at("bot").get<std::string>()), number(row.at("score")),
        row.at("byes").get<int>(), row.at("games").get<int>(),
        number(row.at("buchholz")), number(row.at("buchholz_cut1")),
        number(row.at("sonneborn_berger")), number(row.at("direct_encounter")));
  }
  return out;
}

std::string SwissRoundsCsv(const json& table) {
  std::string out = "round,bot,table,seat,games,points,place,opponents\n";
  for (const json& round : table.at("rounds")) {
    const int r = round.at("round").get<int>();
    for (const json& t : round.at("tables")) {
      for (const json& bot : t.at("bots")) {
        std::string others;
        for (const json& other : t.at("bots")) {
          if (other.at("bot") == bot.at("bot")) continue;
          others +=
              (others.empty() ? "" : ";") + other.at("bot").get<std::string>();
        }
        out += fmt::format(
            "{},{},{},{},{},{:.6f},{},{}\n", r,
            CsvField(bot.at("bot").get<std::string>()),
            t.at("table").get<int>(), bot.at("seat").get<int>(),
            bot.at("games").get<int>(), bot.at("points").get<double>(),
            bot.at("place").get<std::string>(), CsvField(others));
      }
    }
    for (const json& bot : round.at("byes")) {
      out += fmt::format("{},{},0,,0,{:.6f},,\n", r,
                         CsvField(bot.get<std::string>()),
                         table.at("bye_points").get<double>());
    }
  }
  return out;
}

json FindSwissTable(const std::vector<std::string>& inputs, std::string* path) {
  std::optional<std::filesystem::path> dir;
  for (const std::string& input : inputs) {
    std::error_code ec;
    std::filesystem::path d = std::filesystem::is_directory(input, ec)
                                  ? std::filesystem::path(input)
                                  : std::filesystem::path(input).parent_path();
    if (d.empty()) d = ".";
    if (dir && !std::filesystem::equivalent(d, *dir, ec)) return nullptr;
    dir = d;
  }
  if (!dir) return nullptr;
  const std::filesystem::path file = *dir / "swiss.json";
  std::ifstream in(file);
  const json table = json::parse(in, nullptr, /*allow_exceptions=*/false);
  // Anyone can edit the file: one that does not render is not used.
  try {
    if (table.at("format") != "swiss") return nullptr;
    (void)SwissText(table);
    (void)SwissCsv(table);
  } catch (const json::exception&) {
    return nullptr;
  }
  if (path != nullptr) *path = file.string();
  return table;
}

std::string OrderNote(const std::vector<std::pair<std::string, int>>& placed,
                      const std::vector<std::string>& ratings_order,
                      const std::string& rule) {
  for (size_t a = 0; a < placed.size(); ++a) {
    const int ra = IndexOf(ratings_order, placed[a].first);
    if (ra < 0) continue;
    for (size_t b = a + 1; b < placed.size(); ++b) {
      const int rb = IndexOf(ratings_order, placed[b].first);
      if (rb < 0 || rb > ra || placed[b].second == placed[a].second) continue;
      return fmt::format(
          "Standings and ratings order bots differently: {} is placed {} "
          "and {} {}, but the ratings put {} {} and {} {}. The standings "
          "rank by {}, each round counting once; the ratings weigh every "
          "game by the strength of its opponents.",
          placed[a].first, Ordinal(placed[a].second), placed[b].first,
          Ordinal(placed[b].second), placed[a].first, Ordinal(ra + 1),
          placed[b].first, Ordinal(rb + 1), rule);
    }
  }
  return {};
}

}  // namespace arbiter::tournament
