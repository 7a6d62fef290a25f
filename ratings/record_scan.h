// The few fields of a game record (`*.jsonl`, one protobuf-JSON
// `GameRecord` per line) that ratings read, found by a hand-written scan
// that skips everything else (deals, events, actions...) without building
// it. This is the only place that knows the record's JSON: it depends on
// no engine and no generated code.
#ifndef ZETEMA_RATINGS_RECORD_SCAN_H_
#define ZETEMA_RATINGS_RECORD_SCAN_H_

#include <cstdint>
#include <deque>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ratings {

// Missing fields take their proto defaults; numbers may be strings (proto
// JSON prints 64-bit integers so); both field spellings (`bot_name`,
// `botName`) are read.
struct RecordFields {
  std::string_view game_id;
  std::string_view duplicate_group;
  int64_t round = 0;
  int64_t num_players = 0;
  int64_t first_dealer = 0;
  std::optional<int64_t> first_mover;  // absent in older records
  struct Seat {
    std::optional<int64_t> seat;  // absent: the seat is its index
    std::string_view bot_name;
    int64_t team = 0;
  };
  std::vector<Seat> seats;
  std::vector<int64_t> places;  // result.places, by seat
  std::vector<int64_t> scores;  // result.scores, by seat
  struct Fault {
    int64_t seat = 0;
    std::string reason;  // "FAULT_REASON_TIMEOUT" or 1 -> "timeout"
  };
  std::vector<Fault> faults;
  struct Step {
    int64_t seat = 0;
    int64_t decision_us = 0;
  };
  std::vector<Step> steps;
};

class RecordScanner {
 public:
  // Reads one record line into `fields` (views into `line` or into the
  // scanner, valid until the next call). Errors name the field
  // ("field 'result.places[1]': expected an integer, got \"x\"") or say
  // where the JSON is broken ("invalid JSON at column 12: ...").
  std::expected<void, std::string> Scan(std::string_view line,
                                        RecordFields* fields);

 private:
  std::deque<std::string> strings_;  // unescaped strings of the line
  size_t used_ = 0;
  friend class RecordParser;
};

}  // namespace ratings

#endif  // ZETEMA_RATINGS_RECORD_SCAN_H_
