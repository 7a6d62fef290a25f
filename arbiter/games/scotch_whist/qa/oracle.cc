#include "arbiter/games/scotch_whist/qa/oracle.h"

#include <algorithm>
#include <string_view>

namespace scotch_whist::oracle {
namespace {

constexpr std::string_view kPlainOrder = "AKQJT9876";  // high first
constexpr std::string_view kTrumpOrder = "JAKQT9876";

bool Holds(const std::vector<std::string>& cards, const std::string& card) {
  return std::find(cards.begin(), cards.end(), card) != cards.end();
}

}  // namespace

std::vector<std::string> LegalCards(const std::vector<std::string>& hand,
                                    const std::string& led) {
  if (led.empty()) return hand;
  std::vector<std::string> follow;
  for (const auto& c : hand) {
    if (c[1] == led[1]) follow.push_back(c);
  }
  return follow.empty() ? hand : follow;
}

int TrickWinner(const std::vector<std::string>& played, char trump) {
  // Highest trump if any, else the highest card of the suit led.
  int best = -1;
  for (int i = 0; i < int(played.size()); ++i) {
    if (played[size_t(i)][1] != trump) continue;
    if (best < 0 || kTrumpOrder.find(played[size_t(i)][0]) <
                        kTrumpOrder.find(played[size_t(best)][0])) {
      best = i;
    }
  }
  if (best >= 0) return best;
  best = 0;
  for (int i = 1; i < int(played.size()); ++i) {
    if (played[size_t(i)][1] == played[0][1] &&
        kPlainOrder.find(played[size_t(i)][0]) <
            kPlainOrder.find(played[size_t(best)][0])) {
      best = i;
    }
  }
  return best;
}

std::vector<Item> ScoreHand(
    const std::vector<std::vector<std::string>>& captured, int dealer,
    const std::vector<int>& team_of, int dealt_per_seat, char trump,
    std::vector<int> team_totals, int target) {
  const int n = int(captured.size());
  std::vector<Item> items;
  bool over = false;
  auto credit = [&](int seat, std::string item, int points) {
    if (over) return;
    items.push_back({seat, std::move(item), points});
    team_totals[size_t(team_of[size_t(seat)])] += points;
    over = team_totals[size_t(team_of[size_t(seat)])] >= target;
  };
  auto captor = [&](char rank) {
    const std::string card{rank, trump};
    for (int p = 0; p < n; ++p) {
      if (Holds(captured[size_t(p)], card)) return p;
    }
    return -1;
  };
  credit(captor('T'), "ten", 10);
  std::vector<int> done;
  for (int k = 1; k <= n; ++k) {
    const int team = team_of[size_t((dealer + k) % n)];
    if (std::find(done.begin(), done.end(), team) != done.end()) continue;
    done.push_back(team);
    int cards = 0, members = 0, lowest = -1;
    for (int p = 0; p < n; ++p) {
      if (team_of[size_t(p)] != team) continue;
      if (lowest < 0) lowest = p;
      cards += int(captured[size_t(p)].size());
      ++members;
    }
    if (cards > members * dealt_per_seat) {
      credit(lowest, "tricks", cards - members * dealt_per_seat);
    }
  }
  credit(captor('A'), "ace", 4);
  credit(captor('K'), "king", 3);
  credit(captor('Q'), "queen", 2);
  credit(captor('J'), "jack", 11);
  return items;
}

}  // namespace scotch_whist::oracle
