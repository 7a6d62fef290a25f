#include "ratings/record_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "arbiter/records/duplicates.h"
#include "arbiter/records/record_lines.h"
#include "proto/arbiter/v1/fault_reasons.h"
#include "ratings/csv_reader.h"

namespace ratings {

namespace records = arbiter::records;

std::expected<int64_t, std::string> FirstMover(
    const records::RecordView& record, int64_t num_seats) {
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
  return record.FirstMover();
}

namespace {

constexpr size_t kMaxNotes = 20;  // skipped records named one by one

// One record at a time; the buffers keep their capacity from line to line.
class RecordConverter {
 public:
  std::expected<void, std::string> Add(const records::RecordView& r,
                                       GameSink& sink);

 private:
  std::vector<SeatView> seats_;
  std::vector<FaultView> faults_;
  std::vector<std::string> reasons_;
  std::vector<int> index_of_seat_;  // seat number -> index in r.seats
};

std::expected<void, std::string> RecordConverter::Add(
    const records::RecordView& r, GameSink& sink) {
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
    const records::SeatView& s = r.seats[k];
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
  for (const records::SeatView& s : r.seats) {
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
  reasons_.resize(r.faults.size());
  for (size_t k = 0; k < r.faults.size(); ++k) {
    const records::FaultView& f = r.faults[k];
    if (f.seat < 0 || f.seat >= n) {
      return std::unexpected(fmt::format(
          "field 'result.faults[{}].seat': {} is not a seat", k, f.seat));
    }
    reasons_[k] = arbiter::FaultReasonName(f.reason);
  }
  for (size_t k = 0; k < r.faults.size(); ++k) {
    faults_.push_back(
        {.seat = static_cast<int>(r.faults[k].seat), .reason = reasons_[k]});
  }
  for (size_t k = 0; k < r.steps.size(); ++k) {
    const records::StepView& step = r.steps[k];
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

  const GameView game{.id = r.game_id,
                      .seats = seats_,
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

// The game id, hash and place of every record whose id hash is `id_hash`,
// found by reading the files again; empty when they cannot be (text held
// in memory).
struct Found {
  std::string id;
  uint64_t text = 0;
  std::string where;
};
std::vector<Found> RecordsWithIdHash(const RecordReading& reading,
                                     uint64_t id_hash) {
  std::vector<Found> found;
  records::RecordScanner scanner;
  auto read = records::ForEachLine(
      reading.files,
      [&](uint32_t, const records::RecordReader& reader,
          std::string_view text) -> std::expected<void, std::string> {
        auto id = scanner.GameId(text);
        if (id && records::Hash64(*id) == id_hash) {
          found.push_back(
              {std::string(*id), records::Hash64(text), reader.Where()});
        }
        return {};
      },
      [](const records::Problem&) {});
  (void)read;  // what could be read: a file gone since names nothing
  return found;
}

}  // namespace

std::expected<void, std::string> CheckRepeatedIds(RecordReading& reading) {
  for (const uint64_t id_hash : records::RepeatedHashes(reading.ids)) {
    const std::vector<Found> found = RecordsWithIdHash(reading, id_hash);
    if (found.empty()) {  // records held in memory: no names to give
      return std::unexpected(
          "a game id appears twice: ratings count each game once; merge the "
          "files first (`arbiter merge` drops copies and refuses different "
          "records under one id)");
    }
    for (size_t x = 0; x < found.size(); ++x) {
      for (size_t y = x + 1; y < found.size(); ++y) {
        if (found[x].id != found[y].id) continue;  // a hash collision
        return std::unexpected(fmt::format(
            "{}: game {} appears again (first at {}), {}: ratings count each "
            "game once; merge the files first (`arbiter merge` drops copies "
            "and refuses different records under one id)",
            found[y].where, found[y].id, found[x].where,
            found[x].text == found[y].text ? "the same record"
                                           : "a different record"));
      }
    }
  }
  return {};
}

namespace {

void Note(RecordReading& reading, std::string note) {
  ++reading.skipped;
  if (reading.notes.size() < kMaxNotes)
    reading.notes.push_back(std::move(note));
}

}  // namespace

std::expected<void, std::string> ReadRecords(records::RecordReader& lines,
                                             GameSink& sink,
                                             RecordReading& reading) {
  reading.files.push_back(lines.name());
  records::RecordScanner scanner({.steps = true});
  records::RecordView view;
  RecordConverter converter;
  std::string_view line;
  size_t problems = 0;
  for (;;) {
    auto more = lines.Next(&line);
    if (!more) return std::unexpected(more.error());
    for (; problems < lines.problems().size(); ++problems) {
      const records::Problem& p = lines.problems()[problems];
      if (p.kind != records::Problem::Kind::kTorn) {
        return std::unexpected(fmt::format("{}: {}", p.where, p.message));
      }
      Note(reading, p.ToString());
    }
    if (!*more) return {};
    // "FILE:LINE", made only for a message.
    const auto where = [&lines] { return lines.Where(); };
    auto scanned = scanner.Scan(line, &view);
    if (!scanned) {
      if (scanned.error().kind == records::Problem::Kind::kTorn) {
        Note(reading,
             fmt::format("{}: skipped, {}", where(), scanned.error().message));
        continue;
      }
      return std::unexpected(
          fmt::format("{}: {}", where(), scanned.error().message));
    }
    if (!view.game_id.empty()) {
      reading.ids.push_back(records::Hash64(view.game_id));
    }
    if (auto ok = converter.Add(view, sink); !ok) {
      return std::unexpected(fmt::format("{}: {}", where(), ok.error()));
    }
  }
}

std::expected<void, std::string> ReadRecordFile(const std::string& path,
                                                GameSink& sink,
                                                RecordReading& reading) {
  auto lines = records::RecordReader::Open(path);
  if (!lines) return std::unexpected(lines.error());
  return ReadRecords(*lines, sink, reading);
}

std::expected<void, std::string> ReadGameFiles(
    const std::vector<std::string>& paths, GameSink& sink,
    std::vector<std::string>* notes) {
  RecordReading reading;
  for (const std::string& path : paths) {
    auto ok = path.ends_with(".csv") ? ReadCsvFile(path, sink)
                                     : ReadRecordFile(path, sink, reading);
    if (!ok) return ok;
  }
  if (auto ok = CheckRepeatedIds(reading); !ok) return ok;
  if (notes != nullptr) {
    notes->insert(notes->end(), reading.notes.begin(), reading.notes.end());
    if (reading.skipped > static_cast<int64_t>(reading.notes.size())) {
      notes->push_back(fmt::format(
          "... and {} more records skipped",
          reading.skipped - static_cast<int64_t>(reading.notes.size())));
    }
  }
  return {};
}

}  // namespace ratings
