// Seeded random playouts of the Pontoon engine over every seat count and
// every combination of the knobs that change play (min_stick,
// banker_min_stick, split_pontoon, a wide or narrow bet range): 10,000 games
// with the engine's own invariants checked after every step. The shared
// playout test (arbiter/games/qa) checks the interface and information
// hiding on fewer games.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <vector>

#include "arbiter/common/splitmix.h"
#include "arbiter/games/pontoon/state.h"

namespace pontoon {
namespace {

// Every card once: in the pack or in a live hand (a bust punter hand's
// cards are in the pack; the banker's stay on the table).
std::string CardsConserved(const State& s) {
  std::array<int, kPackSize> count{};
  for (int i = 0; i < s.PackSize(); ++i) ++count[size_t(s.PackCard(i))];
  for (int p = 0; p < s.num_seats(); ++p) {
    for (const Hand& h : s.SeatAt(p).Hands()) {
      if (h.status == HandStatus::kBust && p != s.Banker()) continue;
      for (Card c : h.Cards()) ++count[size_t(c)];
    }
  }
  for (int c = 0; c < kPackSize; ++c) {
    if (count[size_t(c)] != 1) {
      return CardText(Card(c)) + " is there " +
             std::to_string(count[size_t(c)]) + " times";
    }
  }
  return "";
}

std::string Check(const State& s, const std::vector<Action>& legal) {
  if (auto e = CardsConserved(s); !e.empty()) return e;
  int64_t sum = 0;
  for (int p = 0; p < s.num_seats(); ++p) sum += s.Chips(p);
  if (sum != 0) return "chips do not sum to 0: " + std::to_string(sum);
  if (s.IsOver() != legal.empty()) return "legal list and game end disagree";
  if (s.IsOver()) return "";
  const int seat = s.CurrentSeat();
  if (seat < 0 || seat >= s.num_seats()) return "no seat to act";
  if ((s.phase() == Phase::kBanker) != (seat == s.Banker())) {
    return "the banker acts outside its turn (or not in it)";
  }
  std::vector<Action> sorted = legal;
  for (size_t i = 0; i < legal.size(); ++i) {
    if (!s.WhyIllegal(legal[i]).empty()) {
      return "listed but illegal: " + ActionText(legal[i]) + ": " +
             s.WhyIllegal(legal[i]);
    }
    for (size_t j = 0; j < i; ++j) {
      if (legal[i] == legal[j]) return "listed twice: " + ActionText(legal[i]);
    }
  }
  // Unlisted actions nearby are refused.
  for (const Action a :
       {Action{ActionType::kStick}, Action{ActionType::kTwist},
        Action{ActionType::kSplit}, Action{ActionType::kBet, 0},
        Action{ActionType::kBuy, 1}, Action{ActionType::kBuy, 41}}) {
    const bool listed = std::find(legal.begin(), legal.end(), a) != legal.end();
    if (!listed && s.WhyIllegal(a).empty()) {
      return "not listed but legal: " + ActionText(a);
    }
  }
  const Hand& h = s.SeatAt(seat).hands[size_t(s.CurrentHand())];
  if (s.phase() != Phase::kBet && h.status != HandStatus::kOpen) {
    return "a decision on a hand that is done";
  }
  return "";
}

struct Knobs {
  int min_stick, banker_min_stick, min_bet, max_bet;
  bool split_pontoon;
};

TEST(PontoonPlayoutTest, TenThousandSeededGames) {
  std::vector<Knobs> knobs;
  for (int stick : {0, 16, 21}) {
    for (int banker : {0, 17}) {
      for (bool split : {true, false}) {
        for (auto [lo, hi] : {std::pair{1, 10}, std::pair{5, 5}}) {
          knobs.push_back({stick, banker, lo, hi, split});
        }
      }
    }
  }
  int games = 0;
  int64_t decisions = 0;
  std::array<int64_t, 4> seen{};  // splits, pontoons, busts, shuffles
  for (int seats = kMinSeats; seats <= kMaxSeats; ++seats) {
    for (size_t k = 0; k < knobs.size(); ++k) {
      auto rules = std::make_shared<Ruleset>();
      rules->min_stick = knobs[k].min_stick;
      rules->banker_min_stick = knobs[k].banker_min_stick;
      rules->min_bet = knobs[k].min_bet;
      rules->max_bet = knobs[k].max_bet;
      rules->split_pontoon = knobs[k].split_pontoon;
      rules->hands = 10;
      const int per = 10000 / (7 * int(knobs.size())) + 1;
      for (int g = 0; g < per; ++g, ++games) {
        const uint64_t seed =
            uint64_t(seats) * 1000003 + k * 1009 + uint64_t(g);
        auto made =
            State::New({.rules = rules, .num_seats = seats, .seed = seed});
        ASSERT_TRUE(made.has_value()) << made.error();
        State s = std::move(*made);
        State again = s;  // the same choices give the same game
        arbiter::SplitMix64 rng(seed ^ 0x5EED);
        std::vector<Action> legal;
        for (int step = 0;; ++step) {
          ASSERT_LT(step, 100000) << "seed " << seed << ": the game never ends";
          s.LegalActions(&legal);
          const std::string error = Check(s, legal);
          ASSERT_EQ(error, "") << "seats " << seats << " knobs " << k
                               << " seed " << seed << " step " << step;
          if (s.IsOver()) break;
          // Twist and split often, so that packs run low and hands split.
          const Action a = legal[rng.Below(legal.size())];
          s.Apply(a);
          again.Apply(a);
          ++decisions;
        }
        ASSERT_EQ(s.HandsPlayed(), rules->hands);
        ASSERT_EQ(again.Events().size(), s.Events().size());
        for (int p = 0; p < seats; ++p) ASSERT_EQ(again.Chips(p), s.Chips(p));
        for (const Event& e : s.Events()) {
          seen[0] += e.type == EventType::kSplit;
          seen[1] += e.type == EventType::kPontoon ||
                     e.type == EventType::kBankerPontoon;
          seen[2] += e.type == EventType::kBust;
          seen[3] += e.type == EventType::kShuffle;
        }
      }
    }
  }
  EXPECT_GE(games, 10000);
  // The playouts reach every kind of event that needs luck.
  for (int64_t n : seen) EXPECT_GT(n, 100);
  RecordProperty("decisions", std::to_string(decisions));
}

TEST(PontoonPlayoutTest, RefusesBadConfigs) {
  auto rules = std::make_shared<Ruleset>();
  EXPECT_FALSE(State::New({.rules = rules, .num_seats = 1}));
  EXPECT_FALSE(State::New({.rules = rules, .num_seats = 9}));
  EXPECT_FALSE(State::New({.rules = rules, .num_seats = 3, .first_banker = 3}));
  EXPECT_FALSE(
      State::New({.rules = rules, .num_seats = 3, .decks = {{0, 1, 2}}}));
  auto narrow = std::make_shared<Ruleset>();
  narrow->max_players = 4;
  const auto five = State::New({.rules = narrow, .num_seats = 5});
  ASSERT_FALSE(five);
  EXPECT_NE(five.error().find("max_players"), std::string::npos)
      << five.error();
}

}  // namespace
}  // namespace pontoon
