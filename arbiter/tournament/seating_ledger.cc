#include "arbiter/tournament/seating_ledger.h"

#include <algorithm>

namespace arbiter::tournament {

std::vector<int> OtherSeatingSeats(
    const std::vector<const ScheduledGame*>& games, int bots) {
  std::vector<int> most(size_t(bots), 0);
  for (const ScheduledGame* game : games) {
    if (game == nullptr || game->duplicate_group.empty()) continue;
    for (int bot : game->seat_bots) {
      const int seats =
          int(std::count(game->seat_bots.begin(), game->seat_bots.end(), bot));
      most[bot] = std::max(most[bot], (game->seatings - 1) * seats);
    }
  }
  return most;
}

bool SeatingLedger::MayPlay(Holder holder, std::string_view group) const {
  if (group.empty()) return true;
  const auto it = deals_.find(std::string(group));
  return it == deals_.end() ||
         std::find(it->second.holders.begin(), it->second.holders.end(),
                   holder) == it->second.holders.end();
}

void SeatingLedger::Play(std::string_view group, int seatings,
                         std::span<const Holder> holders) {
  if (group.empty()) return;
  Deal& deal = deals_[std::string(group)];
  // A deal said to have one seating (or none) is never forgotten: wrong
  // counts may cost memory, never a second seating to one process.
  if (++deal.seatings_played >= seatings && seatings > 1) {
    deals_.erase(std::string(group));
    return;
  }
  deal.holders.insert(deal.holders.end(), holders.begin(), holders.end());
}

}  // namespace arbiter::tournament
