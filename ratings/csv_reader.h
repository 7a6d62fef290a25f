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
#include <istream>
#include <string>
#include <vector>

#include "ratings/game.h"

namespace ratings {

// Reads games from CSV text. `name` is used in error messages, which have
// the form "name:line: field 'x': what is wrong".
std::expected<std::vector<Game>, std::string> ParseCsv(std::istream& in,
                                                       const std::string& name);

// Reads a CSV file; a missing or unreadable file is an error naming it.
std::expected<std::vector<Game>, std::string> ReadCsvFile(
    const std::string& path);

// Splits one CSV line into fields ("" escapes a quote inside quotes).
std::expected<std::vector<std::string>, std::string> SplitCsvLine(
    const std::string& line);

}  // namespace ratings

#endif  // ZETEMA_RATINGS_CSV_READER_H_
