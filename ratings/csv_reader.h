// Plain results files: any result set can be rated from a CSV.
//
//   white,black,result        two-player results, result 1-0, 0-1, 1/2-1/2;
//                             the first column is the side that moved first
//   game,player,place         standings of any size; equal places are ties;
//                             the first row of a game is the seat that moved
//                             first
#ifndef ZETEMA_RATINGS_CSV_READER_H_
#define ZETEMA_RATINGS_CSV_READER_H_

#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "ratings/game_sink.h"
#include "ratings/line_reader.h"

namespace ratings {

// Reads games from CSV lines into `sink`. Errors have the form
// "name:line: field 'x': what is wrong", `name` being lines.name().
std::expected<void, std::string> ReadCsv(LineReader& lines, GameSink& sink);

// Reads a CSV file; a missing or unreadable file is an error naming it.
std::expected<void, std::string> ReadCsvFile(const std::string& path,
                                             GameSink& sink);

// Splits one CSV line into fields ("" escapes a quote inside quotes);
// unquoted fields are trimmed.
std::expected<std::vector<std::string>, std::string> SplitCsvLine(
    std::string_view line);

}  // namespace ratings

#endif  // ZETEMA_RATINGS_CSV_READER_H_
