// An independent reading of the rules for the playout test: written from
// docs/rules/scotch_whist.md with strings and lists, not the engine's
// bitmasks, so that the two agree only when both follow the rules.
#ifndef SCOTCH_WHIST_QA_ORACLE_H_
#define SCOTCH_WHIST_QA_ORACLE_H_

#include <string>
#include <vector>

namespace scotch_whist::oracle {

// Cards are strings: "9H", "TS".

// The cards of `hand` that may be played to a trick led with `led` ("" when
// the seat leads).
std::vector<std::string> LegalCards(const std::vector<std::string>& hand,
                                    const std::string& led);

// The index into `played` (in the order played) of the card that wins.
int TrickWinner(const std::vector<std::string>& played, char trump);

struct Item {
  int seat;
  std::string item;  // ten, tricks, ace, king, queen, jack
  int points;
  bool operator==(const Item&) const = default;
};

// The items of a hand's scoring in order, up to the one that brings a
// team's total (starting from `team_totals`) to `target`.
std::vector<Item> ScoreHand(
    const std::vector<std::vector<std::string>>& captured, int dealer,
    const std::vector<int>& team_of, int dealt_per_seat, char trump,
    std::vector<int> team_totals, int target);

}  // namespace scotch_whist::oracle

#endif  // SCOTCH_WHIST_QA_ORACLE_H_
