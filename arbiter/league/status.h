// `arbiter league status`: what a league holds and does, read from its
// files only (the roster, the ratings history, the running run's
// DIR/state.json), so that it answers at once while `run` runs.
#ifndef ARBITER_LEAGUE_STATUS_H_
#define ARBITER_LEAGUE_STATUS_H_

#include <expected>
#include <filesystem>
#include <string>

namespace arbiter::league {

// The text for a terminal (bot names are the roster's, checked when
// added); the error names a file that is not a league's.
std::expected<std::string, std::string> StatusText(
    const std::filesystem::path& dir);

}  // namespace arbiter::league

#endif  // ARBITER_LEAGUE_STATUS_H_
