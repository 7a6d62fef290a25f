#include "ratings/record_reader.h"

#include <fmt/format.h>

#include <algorithm>

#include "ratings/csv_reader.h"

namespace ratings {

std::expected<int64_t, std::string> FirstMover(const RecordFields& record,
                                               int64_t num_seats) {
  if (record.first_mover) {
    if (*record.first_mover < 0 || *record.first_mover >= num_seats) {
      return std::unexpected(fmt::format(
          "field 'first_mover': {} is not a seat", *record.first_mover));
    }
    return *record.first_mover;
  }
  if (record.first_dealer < 0 || record.first_dealer >= num_seats) {
    return std::unexpected(fmt::format("field 'first_dealer': {} is not a seat",
                                       record.first_dealer));
  }
  return (record.first_dealer + 1) % num_seats;
}

namespace {

// One record at a time; the buffers keep their capacity from line to line.
class RecordConverter {
 public:
  std::expected<void, std::string> Add(const RecordFields& r, GameSink& sink);

 private:
  std::vector<SeatView> seats_;
  std::vector<FaultView> faults_;
  std::vector<int> index_of_seat_;  // seat number -> index in r.seats
};

std::expected<void, std::string> RecordConverter::Add(const RecordFields& r,
                                                      GameSink& sink) {
  const auto n = static_cast<int64_t>(r.seats.size());
  if (n < 2) {
    return std::unexpected(
        fmt::format("field 'seats': expected at least 2 seats, got {}", n));
  }
  if (r.num_players != 0 && r.num_players != n) {
    return std::unexpected(
        fmt::format("field 'num_players': {} but {} seats", r.num_players, n));
  }
  if (r.round < 0) {
    return std::unexpected(
        fmt::format("field 'round': {} is negative", r.round));
  }
  seats_.assign(n, SeatView{});
  index_of_seat_.assign(n, -1);
  // Seat numbers index places and scores; seats[] may list them in any order.
  for (int64_t k = 0; k < n; ++k) {
    const RecordFields::Seat& s = r.seats[k];
    const int64_t number = s.seat.value_or(k);
    if (number < 0 || number >= n || index_of_seat_[number] != -1) {
      return std::unexpected(fmt::format(
          "field 'seats[{}].seat': {} is out of range or repeated", k, number));
    }
    index_of_seat_[number] = static_cast<int>(k);
    if (s.bot_name.empty()) {
      return std::unexpected(
          fmt::format("field 'seats[{}].bot_name' is missing or empty", k));
    }
    seats_[number].player = s.bot_name;
  }
  // Proto3 defaults every team to 0: a game where all seats share one team
  // is not a partnership game, so then every seat plays alone.
  bool partnerships = false;
  for (const RecordFields::Seat& s : r.seats) {
    partnerships = partnerships || s.team != r.seats[0].team;
  }
  for (int64_t k = 0; k < n; ++k) {
    const int64_t team = r.seats[k].team;
    if (partnerships && (team < 0 || team > 1'000'000)) {
      return std::unexpected(
          fmt::format("field 'seats[{}].team': {} is not a team", k, team));
    }
    seats_[r.seats[k].seat.value_or(k)].team =
        partnerships ? static_cast<int>(team) : -1;
  }
  if (static_cast<int64_t>(r.places.size()) != n) {
    return std::unexpected(
        fmt::format("field 'result.places': expected {} places, got {}", n,
                    r.places.size()));
  }
  for (int64_t s = 0; s < n; ++s) {
    if (r.places[s] < 1 || r.places[s] > n) {
      return std::unexpected(fmt::format(
          "field 'result.places[{}]': {} is not in 1..{}", s, r.places[s], n));
    }
    seats_[s].place = static_cast<int>(r.places[s]);
  }
  for (int64_t s = 0; s < n && s < static_cast<int64_t>(r.scores.size()); ++s) {
    seats_[s].points = r.scores[s];
  }
  faults_.clear();
  for (size_t k = 0; k < r.faults.size(); ++k) {
    const RecordFields::Fault& f = r.faults[k];
    if (f.seat < 0 || f.seat >= n) {
      return std::unexpected(fmt::format(
          "field 'result.faults[{}].seat': {} is not a seat", k, f.seat));
    }
    faults_.push_back({.seat = static_cast<int>(f.seat), .reason = f.reason});
  }
  for (size_t k = 0; k < r.steps.size(); ++k) {
    const RecordFields::Step& step = r.steps[k];
    if (step.seat < 0 || step.seat >= n) {
      return std::unexpected(fmt::format(
          "field 'steps[{}].seat': {} is not a seat", k, step.seat));
    }
    if (step.decision_us < 0) {
      return std::unexpected(
          fmt::format("field 'steps[{}].decision_us': {} is negative", k,
                      step.decision_us));
    }
    SeatView& seat = seats_[step.seat];
    ++seat.decisions;
    seat.decision_us_total += step.decision_us;
    seat.decision_us_max = std::max(seat.decision_us_max, step.decision_us);
  }
  const auto first = FirstMover(r, n);
  if (!first) return std::unexpected(first.error());
  seats_[*first].moved_first = true;

  const GameView game{.seats = seats_,
                      .faults = faults_,
                      .duplicate_group = r.duplicate_group,
                      .round = r.round};
  if (auto added = sink.Add(game); !added) {
    const GameError& e = added.error();
    if (e.field == GameField::kPlayer) {
      return std::unexpected(fmt::format("field 'seats[{}].bot_name': {}",
                                         index_of_seat_[e.seat], e.message));
    }
    if (e.field == GameField::kPlace) {
      return std::unexpected(
          fmt::format("field 'result.places[{}]': {}", e.seat, e.message));
    }
    return std::unexpected(e.message);
  }
  return {};
}

}  // namespace

std::expected<void, std::string> ReadRecords(LineReader& lines,
                                             GameSink& sink) {
  RecordScanner scanner;
  RecordFields fields;
  RecordConverter converter;
  std::string_view line;
  for (;;) {
    auto more = lines.Next(&line);
    if (!more) return std::unexpected(more.error());
    if (!*more) return {};
    if (line.find_first_not_of(" \t\r\f\v") == std::string_view::npos) {
      continue;
    }
    auto ok = scanner.Scan(line, &fields);
    if (ok) ok = converter.Add(fields, sink);
    if (!ok) {
      return std::unexpected(fmt::format("{}:{}: {}", lines.name(),
                                         lines.line_number(), ok.error()));
    }
  }
}

std::expected<void, std::string> ReadRecordFile(const std::string& path,
                                                GameSink& sink) {
  auto lines = LineReader::Open(path);
  if (!lines) return std::unexpected(lines.error());
  return ReadRecords(*lines, sink);
}

std::expected<void, std::string> ReadGameFiles(
    const std::vector<std::string>& paths, GameSink& sink) {
  for (const std::string& path : paths) {
    auto ok = path.ends_with(".csv") ? ReadCsvFile(path, sink)
                                     : ReadRecordFile(path, sink);
    if (!ok) return ok;
  }
  return {};
}

}  // namespace ratings
