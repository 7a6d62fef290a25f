// A Swiss table (swiss_table.h) as people and spreadsheets read it: text
// for a terminal, CSV files; the table a run wrote, found again beside its
// records; and the one line that says why the ratings order bots
// differently.
#ifndef ARBITER_TOURNAMENT_SWISS_TABLE_TEXT_H_
#define ARBITER_TOURNAMENT_SWISS_TABLE_TEXT_H_

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace arbiter::tournament {

// The rounds and the standings of SwissTable::Json() as text for a terminal
// (names escaped), then its notes and, when there is one, its "ratings_note".
std::string SwissText(const nlohmann::json& table);
// Its standings as CSV: place,bot,score,byes,games,buchholz,buchholz_cut1,
// sonneborn_berger,direct_encounter.
std::string SwissCsv(const nlohmann::json& table);
// Its rounds as CSV, one row per bot and round: round,bot,table,seat,games,
// points,place,opponents (opponents separated by ";"; a bye has table 0).
std::string SwissRoundsCsv(const nlohmann::json& table);

// The Swiss table a finished run wrote beside its records (DIR/swiss.json),
// for `arbiter standings` and `arbiter report`: found when the inputs are
// that directory, or record files all in it; null when there is none, or
// it is not a Swiss table. `*path` gets its path when found.
nlohmann::json FindSwissTable(const std::vector<std::string>& inputs,
                              std::string* path = nullptr);

// When a format's standings (`name`, e.g. "Swiss standings"; `placed`:
// bot and place, best first) and the ratings (`ratings_order`, best first)
// order two bots differently: one line naming the first such two and why
// the orders differ (`rule`: what the standings rank by); "" when they
// agree. Bots sharing a place, and bots missing from either list, never
// disagree.
std::string OrderNote(const std::vector<std::pair<std::string, int>>& placed,
                      const std::vector<std::string>& ratings_order,
                      const std::string& name, const std::string& rule);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_SWISS_TABLE_TEXT_H_
