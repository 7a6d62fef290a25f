#include "arbiter/game/game.h"

namespace game {

std::expected<void, std::string> State::ApplyText(std::string_view text) {
  auto index = ParseText(text);
  if (!index) return std::unexpected(index.error().detail);
  Apply(*index);
  return {};
}

Setup SetupFromRecord(const v1::GameRecord& record) {
  Setup setup{.num_seats = record.num_players(),
              .seed = record.seed(),
              .first_dealer = record.first_dealer()};
  for (const auto& deal : record.deals()) setup.decks.push_back(deal.deck());
  return setup;
}

}  // namespace game
