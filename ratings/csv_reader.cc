#include "ratings/csv_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <unordered_map>

namespace ratings {
namespace {

std::string_view Trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(c));
  return out;
}

// The three fields of a data line. Lines without quotes (all of them, in
// files this program writes) are split in place; others go through
// SplitCsvLine.
struct Fields {
  std::array<std::string_view, 3> f;
  std::vector<std::string> storage;
};

std::expected<void, std::string> SplitThree(std::string_view line,
                                            Fields* out) {
  if (line.find('"') == std::string_view::npos) {
    size_t count = 0, begin = 0;
    for (;;) {
      const size_t comma = line.find(',', begin);
      const std::string_view field = Trim(line.substr(
          begin, comma == std::string_view::npos ? std::string_view::npos
                                                 : comma - begin));
      if (count < 3) out->f[count] = field;
      ++count;
      if (comma == std::string_view::npos) break;
      begin = comma + 1;
    }
    if (count != 3) {
      return std::unexpected(fmt::format("expected 3 fields, got {}", count));
    }
    return {};
  }
  auto fields = SplitCsvLine(line);
  if (!fields) return std::unexpected(fields.error());
  if (fields->size() != 3) {
    return std::unexpected(
        fmt::format("expected 3 fields, got {}", fields->size()));
  }
  out->storage = std::move(*fields);
  for (size_t i = 0; i < 3; ++i) out->f[i] = out->storage[i];
  return {};
}

// A CSV field in a message: quoted, control characters escaped.
std::string Shown(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    out +=
        u < 0x20 || u == 0x7f ? fmt::format("\\x{:02x}", u) : std::string(1, c);
  }
  return out + "'";
}

struct StandingRow {
  std::string player;
  int place = 0;
  int64_t line = 0;
};

struct Standing {
  std::string id;
  std::vector<StandingRow> rows;
};

}  // namespace

std::expected<std::vector<std::string>, std::string> SplitCsvLine(
    std::string_view line) {
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
      fields.push_back(was_quoted ? field : std::string(Trim(field)));
      field.clear();
      was_quoted = false;
    } else {
      field += c;
    }
  }
  if (quoted) return std::unexpected("unterminated quoted field");
  fields.push_back(was_quoted ? field : std::string(Trim(field)));
  return fields;
}

std::expected<void, std::string> ReadCsv(LineReader& lines, GameSink& sink) {
  const std::string& name = lines.name();
  auto where = [&](int64_t line) { return fmt::format("{}:{}", name, line); };
  enum class Format { kNone, kPairs, kStandings } format = Format::kNone;
  std::vector<Standing> standings;
  std::unordered_map<std::string, size_t> standing_index;
  Fields fields;
  std::array<SeatView, 2> pair;
  std::string_view line;
  for (;;) {
    auto more = lines.Next(&line);
    if (!more) return std::unexpected(more.error());
    if (!*more) break;
    const int64_t number = lines.line_number();
    // Spreadsheets often start a UTF-8 file with a byte-order mark.
    if (number == 1 && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
    if (Trim(line).empty()) continue;
    if (format == Format::kNone) {
      auto header = SplitCsvLine(line);
      std::vector<std::string> lower;
      if (header) {
        for (const std::string& h : *header) lower.push_back(Lower(h));
      }
      if (lower == std::vector<std::string>{"white", "black", "result"}) {
        format = Format::kPairs;
      } else if (lower == std::vector<std::string>{"game", "player", "place"}) {
        format = Format::kStandings;
      } else {
        return std::unexpected(
            fmt::format("{}: header: expected 'white,black,result' or "
                        "'game,player,place', got {}",
                        where(number), Shown(Trim(line))));
      }
      continue;
    }
    if (auto ok = SplitThree(line, &fields); !ok) {
      return std::unexpected(where(number) + ": " + ok.error());
    }
    const auto& f = fields.f;
    if (format == Format::kPairs) {
      if (f[0].empty()) {
        return std::unexpected(where(number) + ": field 'white' is empty");
      }
      if (f[1].empty()) {
        return std::unexpected(where(number) + ": field 'black' is empty");
      }
      int white = 0, black = 0;
      if (f[2] == "1-0") {
        white = 1, black = 2;
      } else if (f[2] == "0-1") {
        white = 2, black = 1;
      } else if (f[2] == "1/2-1/2") {
        white = 1, black = 1;
      } else {
        return std::unexpected(fmt::format(
            "{}: field 'result': expected 1-0, 0-1 or 1/2-1/2, got {}",
            where(number), Shown(f[2])));
      }
      pair[0] = {.player = f[0], .place = white, .moved_first = true};
      pair[1] = {.player = f[1], .place = black};
      if (auto added = sink.Add(GameView{.seats = pair}); !added) {
        const GameError& e = added.error();
        const char* field = e.field == GameField::kPlace ? "result"
                            : e.seat == 0                ? "white"
                                                         : "black";
        return std::unexpected(
            fmt::format("{}: field '{}': {}", where(number), field, e.message));
      }
      continue;
    }
    if (f[0].empty()) {
      return std::unexpected(where(number) + ": field 'game' is empty");
    }
    if (f[1].empty()) {
      return std::unexpected(where(number) + ": field 'player' is empty");
    }
    int place = 0;
    const auto [end, ec] =
        std::from_chars(f[2].data(), f[2].data() + f[2].size(), place);
    if (ec != std::errc() || end != f[2].data() + f[2].size() || place < 1) {
      return std::unexpected(
          fmt::format("{}: field 'place': expected a positive integer, got {}",
                      where(number), Shown(f[2])));
    }
    const auto [it, inserted] =
        standing_index.try_emplace(std::string(f[0]), standings.size());
    if (inserted) standings.push_back({.id = std::string(f[0])});
    standings[it->second].rows.push_back(
        {.player = std::string(f[1]), .place = place, .line = number});
  }
  if (format == Format::kNone) {
    return std::unexpected(name +
                           ": empty file: expected a header "
                           "'white,black,result' or 'game,player,place'");
  }
  // Standings: a game's rows may be anywhere in the file.
  std::vector<SeatView> seats;
  for (const Standing& game : standings) {
    if (game.rows.size() < 2) {
      return std::unexpected(
          fmt::format("{}: field 'game': game {} has only one player",
                      where(game.rows[0].line), Shown(game.id)));
    }
    seats.clear();
    for (const StandingRow& row : game.rows) {
      seats.push_back({.player = row.player,
                       .place = row.place,
                       .moved_first = seats.empty()});
    }
    if (auto added = sink.Add(GameView{.seats = seats}); !added) {
      const GameError& e = added.error();
      const int64_t line = game.rows[std::max(e.seat, 0)].line;
      const char* field = e.field == GameField::kPlace    ? "place"
                          : e.field == GameField::kPlayer ? "player"
                                                          : "game";
      return std::unexpected(
          fmt::format("{}: field '{}': {}", where(line), field, e.message));
    }
  }
  return {};
}

std::expected<void, std::string> ReadCsvFile(const std::string& path,
                                             GameSink& sink) {
  auto lines = LineReader::Open(path);
  if (!lines) return std::unexpected(lines.error());
  return ReadCsv(*lines, sink);
}

}  // namespace ratings
