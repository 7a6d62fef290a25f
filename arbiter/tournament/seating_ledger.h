// Which bot processes have played which duplicate deals: the rule that keeps
// a bot from remembering one seating of a deal in another. A process that
// played a seating of a deal never gets another seating of it (it would
// know the other seats' cards); it keeps playing other deals. So a bot needs
// about as many processes as it has seats in the seatings of one deal, each
// reused from deal to deal, whatever the order, the concurrency or the
// placement of the games. Processes do not share what they remember: each
// runs in a sandbox of its own (docs/security.md, "Duplicate deals").
#ifndef ARBITER_TOURNAMENT_SEATING_LEDGER_H_
#define ARBITER_TOURNAMENT_SEATING_LEDGER_H_

#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "arbiter/tournament/schedule.h"

namespace arbiter::tournament {

// The seats each bot takes in the other seatings of the deals of `games`
// (null: none), the most over the games: the processes it needs besides
// the games' own, which may not play those seatings. Indexed by bot.
std::vector<int> OtherSeatingSeats(
    const std::vector<const ScheduledGame*>& games, int bots);

class SeatingLedger {
 public:
  // What plays a seat: a pool's runner (its process and every restart of
  // it).
  using Holder = const void*;

  // Whether `holder` may play a seating of the duplicate deal `group`: it
  // has played none ("": a game of no duplicate deal, any may).
  bool MayPlay(Holder holder, std::string_view group) const;
  // `holders` play one seating of `group`, a deal of `seatings` seatings.
  // Each seating is handed out once: once the last one is, the deal is
  // forgotten, so the ledger holds only the deals being played (and those
  // of fewer than 2 seatings, which it never forgets).
  void Play(std::string_view group, int seatings,
            std::span<const Holder> holders);
  // Deals remembered (for tests).
  size_t size() const { return deals_.size(); }

 private:
  struct Deal {
    int seatings_played = 0;
    std::vector<Holder> holders;
  };
  std::unordered_map<std::string, Deal> deals_;
};

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_SEATING_LEDGER_H_
