// Game records (`*.jsonl`, or `*.jsonl.zst`) turned into games: the record
// module's scan (arbiter/records/record_view.h) finds the fields, this
// checks them and forms the game. Blank lines are skipped; a record cut
// short by a kill (torn) and an exact copy of a record already read are
// skipped with a note; two different records under one game id, and every
// other bad record, are errors naming the file, the line and the field.
#ifndef ZETEMA_RATINGS_RECORD_READER_H_
#define ZETEMA_RATINGS_RECORD_READER_H_

#include <expected>
#include <string>
#include <vector>

#include "arbiter/records/record_file.h"
#include "arbiter/records/record_view.h"
#include "ratings/game_sink.h"

namespace ratings {

// The seat that holds the first-move advantage, checked against the seats
// (RecordView::FirstMover: `first_mover`, or version 0.1's rule).
std::expected<int64_t, std::string> FirstMover(
    const arbiter::records::RecordView& record, int64_t num_seats);

// What the files read so far hold: a hash of every record's game id,
// checked once every file is read (records::RepeatedHashes, which costs far
// less than a set looked up for every record; a repeat is looked up again
// in the files), and notes on what was skipped.
struct RecordReading {
  std::vector<uint64_t> ids;
  std::vector<std::string> files;  // names of the files read, in order
  std::vector<std::string> notes;  // the first ones
  int64_t skipped = 0;             // records skipped in all
};

// Reads every record of `records` into `sink`.
std::expected<void, std::string> ReadRecords(
    arbiter::records::RecordReader& records, GameSink& sink,
    RecordReading& reading);

// Every game id of the records read at most once, or an error naming a
// repeated one (two records of one game, the same or not).
std::expected<void, std::string> CheckRepeatedIds(RecordReading& reading);

// Reads a record file (JSON lines or zstd); a missing or unreadable file is
// an error naming it.
std::expected<void, std::string> ReadRecordFile(const std::string& path,
                                                GameSink& sink,
                                                RecordReading& reading);

// Reads every file: names ending in ".csv" are CSV, all others records.
// `notes` (when given) gets what was skipped. A game id that appears twice
// in the records (the same record twice, or two different ones) is an
// error naming both: ratings count each game once, and only `arbiter merge`
// knows which copies to drop.
std::expected<void, std::string> ReadGameFiles(
    const std::vector<std::string>& paths, GameSink& sink,
    std::vector<std::string>* notes = nullptr);

}  // namespace ratings

#endif  // ZETEMA_RATINGS_RECORD_READER_H_
