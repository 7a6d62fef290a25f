// Printing a Report: an aligned table, JSON and CSV; and a rating history
// as JSON.
#ifndef ZETEMA_RATINGS_FORMAT_H_
#define ZETEMA_RATINGS_FORMAT_H_

#include <string>

#include "ratings/ratings.h"

namespace ratings {

// The ratings table (rank, name, rating, interval, games, score, LOS; by
// pool), the first-seat advantage, per-bot statistics when the games carry
// them, and the notes.
std::string FormatTable(const Report& report);

// The crosstable: row player's points against column player, out of their
// encounters.
std::string FormatCrosstable(const Report& report);

// Everything in the report as one JSON object (pretty-printed). Infinite
// bounds are null.
std::string FormatJson(const Report& report, bool with_crosstable);

// One CSV row per player, with a header. Infinite bounds are -inf and inf.
std::string FormatCsv(const Report& report);

// "[1500.0, 1650.2]", "[1948.7, +inf)", "(-inf, +inf)".
std::string FormatInterval(const Interval& interval);

// The history as one JSON object.
std::string FormatHistoryJson(const History& history);

}  // namespace ratings

#endif  // ZETEMA_RATINGS_FORMAT_H_
