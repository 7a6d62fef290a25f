#include "ratings/csv_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <unordered_map>

namespace ratings {
namespace {

std::string Trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(c));
  return s;
}

enum class Format { kPairs, kStandings };

struct Reader {
  const std::string& name;
  std::vector<Game> games;
  // For standings: game id -> index into games.
  std::unordered_map<std::string, size_t> game_index;

  std::string Where(int line) const { return fmt::format("{}:{}", name, line); }

  std::expected<void, std::string> AddPair(const std::vector<std::string>& f,
                                           int line) {
    const std::string where = Where(line);
    if (f[0].empty())
      return std::unexpected(where + ": field 'white' is empty");
    if (f[1].empty())
      return std::unexpected(where + ": field 'black' is empty");
    int white_place = 0, black_place = 0;
    if (f[2] == "1-0") {
      white_place = 1, black_place = 2;
    } else if (f[2] == "0-1") {
      white_place = 2, black_place = 1;
    } else if (f[2] == "1/2-1/2") {
      white_place = 1, black_place = 1;
    } else {
      return std::unexpected(fmt::format(
          "{}: field 'result': expected 1-0, 0-1 or 1/2-1/2, got '{}'", where,
          f[2]));
    }
    Game game;
    game.id = fmt::format("{}", line);
    game.source = where;
    game.seats.push_back(
        {.player = f[0], .place = white_place, .moved_first = true});
    game.seats.push_back({.player = f[1], .place = black_place});
    games.push_back(std::move(game));
    return {};
  }

  std::expected<void, std::string> AddStanding(
      const std::vector<std::string>& f, int line) {
    const std::string where = Where(line);
    if (f[0].empty()) return std::unexpected(where + ": field 'game' is empty");
    if (f[1].empty()) {
      return std::unexpected(where + ": field 'player' is empty");
    }
    int place = 0;
    const auto [end, ec] =
        std::from_chars(f[2].data(), f[2].data() + f[2].size(), place);
    if (ec != std::errc() || end != f[2].data() + f[2].size() || place < 1) {
      return std::unexpected(fmt::format(
          "{}: field 'place': expected a positive integer, got '{}'", where,
          f[2]));
    }
    auto [it, inserted] = game_index.try_emplace(f[0], games.size());
    if (inserted) {
      Game game;
      game.id = f[0];
      game.source = where;
      games.push_back(std::move(game));
    }
    Game& game = games[it->second];
    game.seats.push_back(
        {.player = f[1], .place = place, .moved_first = game.seats.empty()});
    return {};
  }
};

}  // namespace

std::expected<std::vector<std::string>, std::string> SplitCsvLine(
    const std::string& line) {
  std::vector<std::string> fields;
  std::string field;
  bool quoted = false;
  bool was_quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"' && Trim(field).empty()) {
      quoted = true;
      was_quoted = true;
      field.clear();
    } else if (c == ',') {
      fields.push_back(was_quoted ? field : Trim(field));
      field.clear();
      was_quoted = false;
    } else {
      field += c;
    }
  }
  if (quoted) return std::unexpected("unterminated quoted field");
  fields.push_back(was_quoted ? field : Trim(field));
  return fields;
}

std::expected<std::vector<Game>, std::string> ParseCsv(
    std::istream& in, const std::string& name) {
  Reader reader{.name = name};
  std::optional<Format> format;
  std::string line;
  int line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    // Spreadsheets often start a UTF-8 file with a byte-order mark.
    if (line_number == 1 && line.starts_with("\xEF\xBB\xBF")) {
      line.erase(0, 3);
    }
    if (Trim(line).empty()) continue;
    auto fields = SplitCsvLine(line);
    if (!fields) {
      return std::unexpected(
          fmt::format("{}: {}", reader.Where(line_number), fields.error()));
    }
    if (!format) {
      std::vector<std::string> header;
      for (const auto& f : *fields) header.push_back(Lower(f));
      if (header == std::vector<std::string>{"white", "black", "result"}) {
        format = Format::kPairs;
      } else if (header ==
                 std::vector<std::string>{"game", "player", "place"}) {
        format = Format::kStandings;
      } else {
        return std::unexpected(
            fmt::format("{}: header: expected 'white,black,result' or "
                        "'game,player,place', got '{}'",
                        reader.Where(line_number), Trim(line)));
      }
      continue;
    }
    if (fields->size() != 3) {
      return std::unexpected(fmt::format("{}: expected 3 fields, got {}",
                                         reader.Where(line_number),
                                         fields->size()));
    }
    auto added = *format == Format::kPairs
                     ? reader.AddPair(*fields, line_number)
                     : reader.AddStanding(*fields, line_number);
    if (!added) return std::unexpected(added.error());
  }
  if (in.bad()) return std::unexpected(name + ": read error");
  if (!format) {
    return std::unexpected(name +
                           ": empty file: expected a header "
                           "'white,black,result' or 'game,player,place'");
  }
  for (const Game& game : reader.games) {
    if (game.seats.size() < 2) {
      return std::unexpected(
          fmt::format("{}: field 'game': game '{}' has only one player",
                      game.source, game.id));
    }
  }
  return std::move(reader.games);
}

std::expected<std::vector<Game>, std::string> ReadCsvFile(
    const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::unexpected(path + ": cannot open file");
  return ParseCsv(in, path);
}

}  // namespace ratings
