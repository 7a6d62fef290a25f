#include "arbiter/tournament/runner.h"

#include "arbiter/records/game_record.h"

namespace arbiter::tournament {

std::expected<PlayedGame, std::string> PlayedGameOf(
    arbiter::v1::GameRecord record) {
  auto summary = records::SummarizeRecord(record);
  if (!summary) {
    return std::unexpected("the record is unusable: " + summary.error());
  }
  std::string line = records::RecordToJson(record);
  return PlayedGame{.record = std::move(record),
                    .summary = std::move(*summary),
                    .line = std::move(line)};
}

}  // namespace arbiter::tournament
