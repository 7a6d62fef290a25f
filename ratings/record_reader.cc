#include "ratings/record_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "ratings/csv_reader.h"

namespace ratings {
namespace {

using nlohmann::json;

// One value; null reads as 0. Proto JSON prints 64-bit integers as strings,
// and readers must accept strings for any number.
std::expected<int64_t, std::string> IntegerValue(const json& value,
                                                 const std::string& field) {
  if (value.is_null()) return 0;
  if (value.is_number_integer()) return value.get<int64_t>();
  if (value.is_number_float()) {
    const double v = value.get<double>();
    if (v == static_cast<double>(static_cast<int64_t>(v))) {
      return static_cast<int64_t>(v);
    }
  }
  if (value.is_string()) {
    const std::string& s = value.get_ref<const std::string&>();
    int64_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec == std::errc() && end == s.data() + s.size() && !s.empty()) return v;
  }
  return std::unexpected(fmt::format("field '{}': expected an integer, got {}",
                                     field, value.dump()));
}

// A member of `parent` (absent reads as 0).
std::expected<int64_t, std::string> Integer(const json& parent, const char* key,
                                            const std::string& field) {
  const auto it = parent.find(key);
  if (it == parent.end()) return 0;
  return IntegerValue(*it, field);
}

std::expected<std::string, std::string> String(const json& parent,
                                               const char* key,
                                               const std::string& field) {
  const auto it = parent.find(key);
  if (it == parent.end() || it->is_null()) return std::string();
  if (!it->is_string()) {
    return std::unexpected(fmt::format("field '{}': expected a string, got {}",
                                       field, it->dump()));
  }
  return it->get<std::string>();
}

const json& ArrayOrEmpty(const json& parent, const char* key) {
  static const json kEmpty = json::array();
  const auto it = parent.find(key);
  if (it == parent.end() || !it->is_array()) return kEmpty;
  return *it;
}

// "FAULT_REASON_TIMEOUT" (or its number) -> "timeout".
std::string FaultReason(const json& reason) {
  static constexpr std::array<const char*, 9> kNames = {
      "unspecified", "timeout", "illegal_action", "malformed_message", "crash",
      "disconnect",  "startup", "memory_limit",   "process_limit"};
  if (reason.is_number_integer()) {
    const int64_t v = reason.get<int64_t>();
    return v >= 0 && v < static_cast<int64_t>(kNames.size())
               ? kNames[v]
               : fmt::format("reason_{}", v);
  }
  if (!reason.is_string()) return "unspecified";
  std::string s = reason.get<std::string>();
  constexpr std::string_view kPrefix = "FAULT_REASON_";
  if (s.starts_with(kPrefix)) s = s.substr(kPrefix.size());
  for (char& c : s) c = static_cast<char>(std::tolower(c));
  return s.empty() ? "unspecified" : s;
}

#define ZR_TRY(var, expr)                                                 \
  auto var##_or = (expr);                                                 \
  if (!var##_or) return std::unexpected(where + ": " + var##_or.error()); \
  auto var = *var##_or

std::expected<Game, std::string> ParseRecord(const json& record,
                                             const std::string& where) {
  if (!record.is_object()) {
    return std::unexpected(where + ": expected a JSON object");
  }
  Game game;
  game.source = where;
  ZR_TRY(id, String(record, "game_id", "game_id"));
  ZR_TRY(group, String(record, "duplicate_group", "duplicate_group"));
  game.id = id;
  game.duplicate_group = group;

  const json& seats = ArrayOrEmpty(record, "seats");
  if (seats.size() < 2) {
    return std::unexpected(
        fmt::format("{}: field 'seats': expected at least 2 seats, got {}",
                    where, seats.size()));
  }
  ZR_TRY(num_players, Integer(record, "num_players", "num_players"));
  const int n = static_cast<int>(seats.size());
  if (num_players != 0 && num_players != n) {
    return std::unexpected(fmt::format(
        "{}: field 'num_players': {} but {} seats", where, num_players, n));
  }
  game.seats.resize(n);
  // Seat numbers index places and scores; seats[] may list them in any order.
  std::vector<int> slot_of_seat(n, -1);
  std::vector<int> teams(n);
  for (int k = 0; k < n; ++k) {
    const json& seat = seats[k];
    const std::string prefix = fmt::format("seats[{}].", k);
    if (!seat.is_object()) {
      return std::unexpected(
          fmt::format("{}: field 'seats[{}]': expected an object", where, k));
    }
    ZR_TRY(number, Integer(seat, "seat", prefix + "seat"));
    if (!seat.contains("seat")) number = k;
    if (number < 0 || number >= n || slot_of_seat[number] != -1) {
      return std::unexpected(
          fmt::format("{}: field '{}seat': {} is out of range or repeated",
                      where, prefix, number));
    }
    slot_of_seat[number] = k;
    ZR_TRY(name, String(seat, "bot_name", prefix + "bot_name"));
    if (name.empty()) {
      return std::unexpected(fmt::format(
          "{}: field '{}bot_name' is missing or empty", where, prefix));
    }
    ZR_TRY(team, Integer(seat, "team", prefix + "team"));
    game.seats[number].player = name;
    teams[number] = static_cast<int>(team);
  }
  // Proto3 defaults every team to 0: a game where all seats share one team
  // is not a partnership game, so then every seat plays alone.
  const bool partnerships = std::any_of(teams.begin(), teams.end(),
                                        [&](int t) { return t != teams[0]; });
  for (int s = 0; s < n; ++s) game.seats[s].team = partnerships ? teams[s] : -1;

  const json empty_object = json::object();
  const json& result = record.contains("result") && record["result"].is_object()
                           ? record["result"]
                           : empty_object;
  const json& places = ArrayOrEmpty(result, "places");
  if (static_cast<int>(places.size()) != n) {
    return std::unexpected(
        fmt::format("{}: field 'result.places': expected {} places, got {}",
                    where, n, places.size()));
  }
  for (int s = 0; s < n; ++s) {
    ZR_TRY(place, IntegerValue(places[s], fmt::format("result.places[{}]", s)));
    if (place < 1 || place > n) {
      return std::unexpected(
          fmt::format("{}: field 'result.places[{}]': {} is not in 1..{}",
                      where, s, place, n));
    }
    game.seats[s].place = static_cast<int>(place);
  }
  const json& scores = ArrayOrEmpty(result, "scores");
  for (int s = 0; s < n && s < static_cast<int>(scores.size()); ++s) {
    ZR_TRY(points,
           IntegerValue(scores[s], fmt::format("result.scores[{}]", s)));
    game.seats[s].points = points;
  }
  for (size_t k = 0; k < ArrayOrEmpty(result, "faults").size(); ++k) {
    const json& fault = result["faults"][k];
    ZR_TRY(seat,
           Integer(fault, "seat", fmt::format("result.faults[{}].seat", k)));
    if (seat < 0 || seat >= n) {
      return std::unexpected(
          fmt::format("{}: field 'result.faults[{}].seat': {} is not a seat",
                      where, k, seat));
    }
    game.seats[seat].faults.push_back(
        FaultReason(fault.value("reason", json("FAULT_REASON_UNSPECIFIED"))));
  }
  const json& steps = ArrayOrEmpty(record, "steps");
  for (size_t k = 0; k < steps.size(); ++k) {
    ZR_TRY(seat, Integer(steps[k], "seat", fmt::format("steps[{}].seat", k)));
    ZR_TRY(us, Integer(steps[k], "decision_us",
                       fmt::format("steps[{}].decision_us", k)));
    if (seat < 0 || seat >= n) {
      return std::unexpected(fmt::format(
          "{}: field 'steps[{}].seat': {} is not a seat", where, k, seat));
    }
    SeatResult& r = game.seats[seat];
    ++r.decisions;
    r.decision_us_total += us;
    r.decision_us_max = std::max(r.decision_us_max, us);
  }
  ZR_TRY(first_dealer, Integer(record, "first_dealer", "first_dealer"));
  if (first_dealer < 0 || first_dealer >= n) {
    return std::unexpected(fmt::format(
        "{}: field 'first_dealer': {} is not a seat", where, first_dealer));
  }
  game.seats[(first_dealer + 1) % n].moved_first = true;

  // Partners share their team's place (the best one, should they differ).
  std::map<int, int> team_place;
  for (const SeatResult& s : game.seats) {
    if (s.team < 0) continue;
    auto [it, inserted] = team_place.try_emplace(s.team, s.place);
    if (!inserted) it->second = std::min(it->second, s.place);
  }
  for (SeatResult& s : game.seats) {
    if (s.team >= 0) s.place = team_place[s.team];
  }
  return game;
}

#undef ZR_TRY

}  // namespace

std::expected<Game, std::string> ParseRecordLine(const std::string& line,
                                                 const std::string& where) {
  json record;
  try {
    record = json::parse(line);
  } catch (const json::parse_error& e) {
    // e.what() is "[json.exception.parse_error.101] parse error at ...".
    std::string what = e.what();
    if (const size_t bracket = what.find("] "); bracket != std::string::npos) {
      what = what.substr(bracket + 2);
    }
    return std::unexpected(fmt::format("{}: invalid JSON: {}", where, what));
  }
  return ParseRecord(record, where);
}

std::expected<std::vector<Game>, std::string> ParseRecords(
    std::istream& in, const std::string& name) {
  std::vector<Game> games;
  std::string line;
  int line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (std::all_of(line.begin(), line.end(),
                    [](unsigned char c) { return std::isspace(c); })) {
      continue;
    }
    auto game = ParseRecordLine(line, fmt::format("{}:{}", name, line_number));
    if (!game) return std::unexpected(game.error());
    games.push_back(std::move(*game));
  }
  if (in.bad()) return std::unexpected(name + ": read error");
  return games;
}

std::expected<std::vector<Game>, std::string> ReadRecordFile(
    const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::unexpected(path + ": cannot open file");
  return ParseRecords(in, path);
}

std::expected<std::vector<Game>, std::string> ReadGameFiles(
    const std::vector<std::string>& paths) {
  std::vector<Game> all;
  for (const std::string& path : paths) {
    auto games =
        path.ends_with(".csv") ? ReadCsvFile(path) : ReadRecordFile(path);
    if (!games) return std::unexpected(games.error());
    std::move(games->begin(), games->end(), std::back_inserter(all));
  }
  return all;
}

}  // namespace ratings
