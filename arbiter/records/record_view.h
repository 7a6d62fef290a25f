// The game-independent fields of a game record, found by a hand-written scan
// that skips everything else (ruleset, deals, events, actions) without
// building it: what tournaments (resume, standings), merge and ratings need,
// fast enough for a million records a second. Replay and verify read the
// whole GameRecord instead (game_record.h).
//
// Read as protobuf's JSON parser would: missing fields and null take their
// defaults, numbers may be given as strings (proto JSON prints 64-bit
// integers so), both field spellings are accepted (`bot_name`, `botName`),
// unknown fields are skipped. What is skipped is not checked beyond
// finding its end: `arbiter replay --verify` parses whole records.
#ifndef ARBITER_RECORDS_RECORD_VIEW_H_
#define ARBITER_RECORDS_RECORD_VIEW_H_

#include <cstdint>
#include <deque>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/records/internal/string_store.h"
#include "arbiter/records/record_file.h"
#include "proto/arbiter/v1/fault_reasons.h"

namespace arbiter::records {

struct SeatView {
  std::optional<int64_t> seat;  // absent: the seat is its index in `seats`
  std::string_view bot_name;
  std::string_view bot_version;
  int64_t team = 0;
};

struct FaultView {
  int64_t seat = 0;
  // As written: "FAULT_REASON_TIMEOUT", or a number's text ("1").
  std::string_view reason;
  int64_t step = 0;  // the step it happened at
};

struct StepView {
  int64_t seat = 0;
  int64_t decision_us = 0;
  int64_t cpu_us = 0;   // the bot's, measured by its sandbox; 0: not measured
  bool strike = false;  // the arbiter played it for the seat
};

// Views into the scanned line, or into the scanner (unescaped strings):
// valid until the scanner's next Scan and while the line lives.
struct RecordView {
  std::string_view game_id;
  std::string_view game;  // "zetema", ...; empty in records of version 0.1
  std::string_view tournament_id;
  std::string_view duplicate_group;
  int64_t round = 0;
  int64_t num_players = 0;
  uint64_t seed = 0;  // the game's deal seed
  int64_t first_dealer = 0;
  std::optional<int64_t> first_mover;
  std::vector<SeatView> seats;    // as listed
  std::vector<int64_t> places;    // result.places, by seat
  std::vector<int64_t> scores;    // result.scores, by seat
  std::vector<FaultView> faults;  // result.faults
  // result.end_reason as written ("END_REASON_TARGET" or a number's text),
  // result.team_scores and result.hands_played.
  std::string_view end_reason;
  std::vector<int64_t> team_scores;
  int64_t hands_played = 0;
  std::string_view started_at, finished_at;  // RFC 3339 UTC
  std::vector<StepView> steps;  // only when the scanner reads steps

  // The seat that holds the game's seat advantage (the first player, the
  // first banker). Format-version rule: records written by version 0.1 have
  // no `first_mover`; their game (Zetema) always started with the seat after
  // the first dealer, so for them it is (first_dealer + 1) % num_players
  // (num_players, when absent, is the number of seats).
  int64_t FirstMover() const;

  // Team per seat, in seat order as `seats` lists them. Proto3 prints team 0
  // for every seat of a game without teams: when all seats share one team,
  // each seat is its own team (its index).
  std::vector<int> Teams() const;
};

struct ScanError {
  // kTorn: the text ends before the record does (a write cut short);
  // kMalformed: anything else.
  Problem::Kind kind = Problem::Kind::kMalformed;
  // Names the field ("result.places[1]: expected an integer, got \"x\"") or
  // where the JSON is broken ("invalid JSON at column 12: ...").
  std::string message;
};

class RecordScanner {
 public:
  struct Options {
    bool steps = false;  // read steps[] (seat and decision time) too
  };
  RecordScanner() = default;
  explicit RecordScanner(Options options) : options_(options) {}

  // Reads one record's text into `view`. A record needs an object; every
  // field may be absent.
  std::expected<void, ScanError> Scan(std::string_view line, RecordView* view);

  // Only the game id (merge, duplicate checks): "no game_id" when absent
  // or empty.
  std::expected<std::string_view, ScanError> GameId(std::string_view line);

 private:
  Options options_;
  internal::StringStore strings_;
};

// An owning copy of the fields tournaments keep per game.
struct RecordSummary {
  std::string game_id;
  std::string duplicate_group;
  int round = 0;
  uint64_t seed = 0;
  std::vector<std::string> bots;  // bot name per seat
  std::vector<int> teams;         // team per seat (RecordView::Teams)
  std::vector<int> places;        // per seat, 1 = first
  int faults = 0;
  std::vector<int> fault_seats;  // seat of every fault
  // Parallel to fault_seats: "timeout", "memory limit"... (FaultReasonName,
  // proto/arbiter/v1/fault_reasons.h)
  std::vector<std::string> fault_reasons;
  // Parallel to fault_seats: true for a bot that never started (never
  // connected, or exited at start: FAULT_REASON_STARTUP).
  std::vector<bool> fault_startup;

  // Checks what a summary promises: a game id, one place per seat (when
  // places are given), fault seats in range. Errors name the field.
  static std::expected<RecordSummary, std::string> Of(const RecordView& view);
  friend bool operator==(const RecordSummary&, const RecordSummary&) = default;
};

// Scans `line` and summarises it; the error says why it is not a record.
std::expected<RecordSummary, ScanError> SummarizeRecord(std::string_view line);

}  // namespace arbiter::records

#endif  // ARBITER_RECORDS_RECORD_VIEW_H_
