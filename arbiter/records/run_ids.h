// Game ids that cannot collide (docs/records.md, "Game ids"): every id of a
// run starts with the run's tag, eight hex digits derived from its secret
// and seed (RunTag in arbiter/common/deal_secret.h), then says where the
// game sits in the run: "3fa9c2d1-g12" (`arbiter play`), "3fa9c2d1-r1-t3-d1-s0"
// (a tournament). Runs with another seed or secret get other tags, and
// appending a run to a file that already holds games of its tag is refused:
// so one id never names two different games, even across files.
#ifndef ARBITER_RECORDS_RUN_IDS_H_
#define ARBITER_RECORDS_RUN_IDS_H_

#include <expected>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace arbiter::records {

// "<tag>-<place>".
std::string RunGameId(std::string_view tag, std::string_view place);

// The id of the first record in `path` that belongs to the run `tag`, or
// nothing (also when the file does not exist). Torn and malformed records
// are passed over.
std::expected<std::optional<std::string>, std::string> FindRunInFile(
    const std::filesystem::path& path, std::string_view tag);

}  // namespace arbiter::records

#endif  // ARBITER_RECORDS_RUN_IDS_H_
