// Printing a Report: an aligned table, JSON and CSV.
#ifndef ZETEMA_RATINGS_FORMAT_H_
#define ZETEMA_RATINGS_FORMAT_H_

#include <string>

#include "ratings/ratings.h"

namespace ratings {

// The ratings table (rank, name, rating, interval, games, score, LOS), the
// first-seat advantage, per-bot statistics when the games carry them, and
// the notes.
std::string FormatTable(const Report& report);

// The crosstable: row player's points against column player, out of their
// encounters.
std::string FormatCrosstable(const Report& report);

// Everything in the report as one JSON object (pretty-printed).
std::string FormatJson(const Report& report, bool with_crosstable);

// One CSV row per player, with a header.
std::string FormatCsv(const Report& report);

}  // namespace ratings

#endif  // ZETEMA_RATINGS_FORMAT_H_
