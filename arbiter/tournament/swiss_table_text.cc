#include "arbiter/tournament/swiss_table_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <unordered_map>

#include "arbiter/common/printable.h"
#include "arbiter/tournament/standings.h"

namespace arbiter::tournament {

using json = nlohmann::json;

namespace {

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
                      const std::string& name, const std::string& rule) {
  std::unordered_map<std::string, int> rated;  // bot -> position
  for (size_t i = 0; i < ratings_order.size(); ++i) {
    rated.emplace(ratings_order[i], int(i));
  }
  // The position of placed[i] in the ratings; -1: not rated.
  std::vector<int> position(placed.size(), -1);
  for (size_t i = 0; i < placed.size(); ++i) {
    const auto it = rated.find(placed[i].first);
    if (it != rated.end()) position[i] = it->second;
  }
  for (size_t a = 0; a < placed.size(); ++a) {
    const int ra = position[a];
    if (ra < 0) continue;
    for (size_t b = a + 1; b < placed.size(); ++b) {
      const int rb = position[b];
      if (rb < 0 || rb > ra || placed[b].second == placed[a].second) continue;
      return fmt::format(
          "The {} and the ratings order bots differently: {} is placed {} "
          "and {} {}, but the ratings put {} {} and {} {}. The {} rank by "
          "{}, each round counting once; the ratings weigh every game by the "
          "strength of its opponents.",
          name, placed[a].first, Ordinal(placed[a].second), placed[b].first,
          Ordinal(placed[b].second), placed[a].first, Ordinal(ra + 1),
          placed[b].first, Ordinal(rb + 1), name, rule);
    }
  }
  return {};
}

}  // namespace arbiter::tournament
