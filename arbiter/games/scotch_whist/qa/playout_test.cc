// Seeded random playouts at every seat count (2 to 7) and every knob
// combination (partnerships on and off; the default target and hand limit,
// and small random ones): 10,200 games. After every step the engine's events
// are replayed against the oracle (oracle.h), which deals, checks each card
// played against the follow-suit rule, names each trick's winner and scores
// each hand item by item; the engine's state is checked against that replay
// (hands, legal cards, captured cards, scores, the turned trump, the
// dealer), an illegal card is refused without a change, and the same seed
// and choices give the same game. A failure names the seed and the step.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <tuple>
#include <vector>

#include "arbiter/common/splitmix.h"
#include "arbiter/games/scotch_whist/qa/oracle.h"
#include "arbiter/games/scotch_whist/state.h"

namespace scotch_whist {
namespace {

constexpr int kGamesPerCase = 425;  // x 6 sizes x 2 x 2 knob sets = 10,200
constexpr int kStepCap = 200000;

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Sorted as text, to compare with the oracle's lists.
std::vector<std::string> Strings(CardSet set) {
  std::vector<std::string> out;
  for (Card c : set.Cards()) out.push_back(CardToString(c));
  return Sorted(out);
}

// The oracle's view of the game, built from the events alone.
class Replay {
 public:
  explicit Replay(const State& s)
      : n_(s.num_players()),
        target_(s.rules().target),
        team_of_(s.rules().Teams(s.num_players())),
        team_totals_(
            size_t(*std::max_element(team_of_.begin(), team_of_.end()) + 1)),
        scores_(size_t(s.num_players())) {}

  // Follows events [from, end); "" or what disagrees.
  std::string Follow(const State& s, size_t from) {
    const auto& events = s.Events();
    for (size_t i = from; i < events.size(); ++i) {
      if (auto e = On(s, events[i]); !e.empty()) {
        return fmt::format("event {} '{}': {}", i, EventToString(events[i]), e);
      }
    }
    return "";
  }

  // The engine's state against the replay, at a decision or the end.
  std::string Compare(const State& s) const {
    for (int p = 0; p < n_; ++p) {
      if (Strings(s.Hand(p)) != Sorted(hands_[size_t(p)]) && !over_) {
        return fmt::format("seat {} holds {}, the replay {}", p,
                           s.Hand(p).ToString(),
                           fmt::join(hands_[size_t(p)], " "));
      }
      if (Strings(s.Captured(p)) != Sorted(captured_[size_t(p)])) {
        return fmt::format("seat {} captured {}, the replay {}", p,
                           s.Captured(p).ToString(),
                           fmt::join(captured_[size_t(p)], " "));
      }
      if (s.Score(p) != scores_[size_t(p)]) {
        return fmt::format("seat {} has {} points, the replay {}", p,
                           s.Score(p), scores_[size_t(p)]);
      }
    }
    for (size_t t = 0; t < team_totals_.size(); ++t) {
      if (s.TeamScore(int(t)) != team_totals_[t]) {
        return fmt::format("team {} has {}, the replay {}", t,
                           s.TeamScore(int(t)), team_totals_[t]);
      }
    }
    if (s.IsTerminal() != over_) return "the game's end differs";
    if (over_) return "";
    if (s.Dealer() != dealer_ || CardToString(s.TrumpCard()) != trump_card_ ||
        s.TrumpHeld() != trump_held_) {
      return "the dealer or the turned card differs";
    }
    const int seat = (leader_ + int(trick_.size())) % n_;
    if (s.CurrentPlayer() != seat) {
      return fmt::format("seat {} to act, the replay says {}",
                         s.CurrentPlayer(), seat);
    }
    const auto legal = oracle::LegalCards(hands_[size_t(seat)],
                                          trick_.empty() ? "" : trick_[0]);
    if (Strings(s.LegalCards()) != Sorted(legal)) {
      return fmt::format("legal {} but the oracle says {}",
                         s.LegalCards().ToString(), fmt::join(legal, " "));
    }
    // Cards are conserved: hands, the trick and captured piles are the pack.
    size_t total = trick_.size();
    for (int p = 0; p < n_; ++p) {
      total += hands_[size_t(p)].size() + captured_[size_t(p)].size();
    }
    if (int(total) != CardSet::Pack(n_).Size()) {
      return fmt::format("{} cards on the table", total);
    }
    return "";
  }

 private:
  std::string On(const State& s, const Event& e) {
    switch (e.type) {
      case EventType::kDeal:
        return Deal(s, e);
      case EventType::kPlay:
        return Play(e);
      case EventType::kTrick:
        return TrickWon(e);
      case EventType::kScore:
        items_.push_back({e.seat, std::string(ToString(e.item)), e.points});
        scores_[size_t(e.seat)] += e.points;
        team_totals_[size_t(team_of_[size_t(e.seat)])] += e.points;
        if (e.value != team_totals_[size_t(team_of_[size_t(e.seat)])]) {
          return "the total in the event is wrong";
        }
        return "";
      case EventType::kHandEnd:
        return HandEnd(s);
      case EventType::kGameEnd:
        return GameEnd(s, e);
    }
    return "unknown event";
  }

  std::string Deal(const State& s, const Event& e) {
    ++hand_number_;
    if (e.value != hand_number_) return "hand number out of order";
    const int want = hand_number_ == 1 ? s.FirstDealer() : (dealer_ + 1) % n_;
    if (e.seat != want)
      return fmt::format("dealer {}, expected {}", e.seat, want);
    dealer_ = e.seat;
    const std::vector<Card>& deck = s.Deck(hand_number_);
    hands_.assign(size_t(n_), {});
    captured_.assign(size_t(n_), {});
    for (size_t i = 0; i < deck.size(); ++i) {
      hands_[(size_t(dealer_) + 1 + i) % size_t(n_)].push_back(
          CardToString(deck[i]));
    }
    for (const auto& h : hands_) {
      if (h.size() != hands_[0].size()) return "unequal hands";
    }
    trump_card_ = CardToString(deck.back());
    if (CardToString(e.card) != trump_card_) return "wrong card turned";
    trump_held_ = true;
    leader_ = (dealer_ + 1) % n_;
    dealt_ = int(hands_[0].size());
    trick_.clear();
    items_.clear();
    return "";
  }

  std::string Play(const Event& e) {
    const int seat = (leader_ + int(trick_.size())) % n_;
    if (e.seat != seat)
      return fmt::format("seat {} played out of turn", e.seat);
    const std::string card = CardToString(e.card);
    auto& hand = hands_[size_t(seat)];
    const auto legal =
        oracle::LegalCards(hand, trick_.empty() ? "" : trick_[0]);
    if (std::find(legal.begin(), legal.end(), card) == legal.end()) {
      return "the card was not legal";
    }
    hand.erase(std::find(hand.begin(), hand.end(), card));
    if (card == trump_card_) trump_held_ = false;
    trick_.push_back(card);
    return "";
  }

  std::string TrickWon(const Event& e) {
    if (int(trick_.size()) != n_) return "a trick of the wrong size";
    const int winner =
        (leader_ + oracle::TrickWinner(trick_, trump_card_[1])) % n_;
    if (e.seat != winner) return fmt::format("the oracle says seat {}", winner);
    if (Strings(e.cards) != Sorted(trick_)) return "the trick's cards differ";
    for (auto& c : trick_) captured_[size_t(winner)].push_back(c);
    trick_.clear();
    leader_ = winner;
    return "";
  }

  std::string HandEnd(const State& s) {
    for (const auto& h : hands_) {
      if (!h.empty()) return "a hand ended with cards in hand";
    }
    std::vector<int> before = team_totals_;
    for (const auto& item : items_) {
      before[size_t(team_of_[size_t(item.seat)])] -= item.points;
    }
    const auto want = oracle::ScoreHand(captured_, dealer_, team_of_, dealt_,
                                        trump_card_[1], before, target_);
    if (want != items_) {
      std::string w, g;
      for (const auto& i : want)
        w += fmt::format(" {}:{}:{}", i.seat, i.item, i.points);
      for (const auto& i : items_)
        g += fmt::format(" {}:{}:{}", i.seat, i.item, i.points);
      return "scored" + g + ", the oracle says" + w;
    }
    (void)s;
    return "";
  }

  std::string GameEnd(const State& s, const Event& e) {
    over_ = true;
    const int best =
        *std::max_element(team_totals_.begin(), team_totals_.end());
    if (e.seat >= 0) {
      const int team = team_of_[size_t(e.seat)];
      if (team_totals_[size_t(team)] < target_) return "a winner below target";
      if (items_.empty() || items_.back().seat != e.seat) {
        return "the winner is not the seat of the last item";
      }
      for (size_t t = 0; t < team_totals_.size(); ++t) {
        if (int(t) != team && team_totals_[t] >= target_) {
          return "two teams at the target";
        }
      }
    } else {
      if (hand_number_ != s.rules().max_hands) return "ended early";
      if (best >= target_) return "a target reached without a winner";
    }
    // Standings: the winner's team first, then by team total, partners
    // sharing a place.
    const std::vector<int> places = s.Standings();
    for (int p = 0; p < n_; ++p) {
      const int tp = team_of_[size_t(p)];
      int place = 1;
      for (size_t t = 0; t < team_totals_.size(); ++t) {
        const bool winner_team =
            e.seat >= 0 && team_of_[size_t(e.seat)] == int(t);
        const bool own_wins = e.seat >= 0 && team_of_[size_t(e.seat)] == tp;
        if (winner_team
                ? !own_wins
                : !own_wins && team_totals_[t] > team_totals_[size_t(tp)]) {
          ++place;
        }
      }
      if (places[size_t(p)] != place) {
        return fmt::format("seat {} placed {}, expected {}", p,
                           places[size_t(p)], place);
      }
    }
    return "";
  }

  int n_;
  int target_;
  std::vector<int> team_of_;
  std::vector<int> team_totals_;
  std::vector<int> scores_;
  int hand_number_ = 0;
  int dealer_ = -1;
  int leader_ = 0;
  int dealt_ = 0;
  bool over_ = false;
  std::string trump_card_;
  bool trump_held_ = false;
  std::vector<std::vector<std::string>> hands_;
  std::vector<std::vector<std::string>> captured_;
  std::vector<std::string> trick_;
  std::vector<oracle::Item> items_;
};

struct Result {
  std::string error;
  std::vector<Event> events;
  int steps = 0;
};

Result PlayChecked(const GameConfig& config) {
  Result r;
  auto created = State::New(config);
  if (!created) {
    r.error = "State::New refused: " + created.error();
    return r;
  }
  State s = std::move(*created);
  Replay replay(s);
  arbiter::SplitMix64 rng(config.seed ^ 0xC0FFEE);
  std::vector<Card> legal;
  std::vector<uint32_t> choices;
  size_t seen = 0;
  std::string last = "(none)";
  auto fail = [&](const std::string& what) {
    r.error = fmt::format("step {} after '{}': {}", r.steps, last, what);
    return r;
  };
  for (;; ++r.steps) {
    if (r.steps > kStepCap) return fail("the game did not end");
    if (auto e = replay.Follow(s, seen); !e.empty()) return fail(e);
    seen = s.Events().size();
    if (auto e = replay.Compare(s); !e.empty()) return fail(e);
    if (s.IsTerminal()) break;
    s.LegalActions(&legal);
    if (legal.empty()) return fail("no legal card");
    // A card that is not legal is refused and changes nothing.
    const Card miss = Card(rng.Below(kNumCards));
    if (!s.LegalCards().Has(miss)) {
      const size_t events = s.Events().size();
      const CardSet hand = s.Hand(s.CurrentPlayer());
      if (s.Apply(miss))
        return fail("illegal " + CardToString(miss) + " applied");
      if (s.Events().size() != events || s.Hand(s.CurrentPlayer()) != hand) {
        return fail("a refused card changed the state");
      }
    }
    const uint32_t choice = uint32_t(rng.Below(legal.size()));
    choices.push_back(choice);
    last = CardToString(legal[choice]);
    if (auto ok = s.Apply(legal[choice]); !ok) return fail(ok.error());
  }
  // The same seed and choices give the same game.
  State again = *State::New(config);
  for (uint32_t c : choices) {
    again.LegalActions(&legal);
    again.ApplyLegal(legal[c]);
  }
  if (again.Events() != s.Events() || !again.IsTerminal()) {
    return fail("replaying the same choices ended differently");
  }
  r.events = s.Events();
  return r;
}

using Case = std::tuple<int, bool, bool>;  // seats, partnerships, small knobs

class PlayoutTest : public ::testing::TestWithParam<Case> {};

TEST_P(PlayoutTest, EngineAgreesWithTheOracle) {
  const auto [seats, partnerships, small] = GetParam();
  int64_t steps = 0, won = 0;
  for (int g = 0; g < kGamesPerCase; ++g) {
    const uint64_t seed =
        (uint64_t(seats) << 40) ^ (uint64_t(partnerships) << 36) ^
        (uint64_t(small) << 35) ^ uint64_t(g) * 0x9E3779B97F4A7C15ULL;
    Ruleset rules;
    rules.partnerships = partnerships;
    if (small) {
      arbiter::SplitMix64 knobs(seed + 1);
      rules.target = 1 + int(knobs.Below(60));
      rules.max_hands = 1 + int(knobs.Below(4));
    }
    GameConfig config{.rules = std::make_shared<const Ruleset>(rules),
                      .num_players = seats,
                      .seed = seed};
    const Result r = PlayChecked(config);
    ASSERT_EQ(r.error, "") << fmt::format(
        "{} seats, partnerships {}, target {}, max_hands {}, seed {}", seats,
        partnerships, rules.target, rules.max_hands, seed);
    steps += r.steps;
    won += r.events.back().seat >= 0;
  }
  EXPECT_GE(steps, kGamesPerCase * 10);
  // Both endings occur with small knobs; with the defaults the target.
  EXPECT_GT(won, 0);
  if (small) EXPECT_LT(won, kGamesPerCase);
}

INSTANTIATE_TEST_SUITE_P(
    EverySizeAndKnob, PlayoutTest,
    ::testing::Combine(::testing::Range(kMinPlayers, kMaxPlayers + 1),
                       ::testing::Bool(), ::testing::Bool()),
    [](const ::testing::TestParamInfo<Case>& info) {
      return fmt::format("p{}_{}_{}", std::get<0>(info.param),
                         std::get<1>(info.param) ? "partners" : "solo",
                         std::get<2>(info.param) ? "small" : "default");
    });

// The oracle itself on hand-made cases, so that agreeing with it means
// something.
TEST(OracleTest, KnowsTheRules) {
  EXPECT_EQ(oracle::LegalCards({"9H", "AS", "TH"}, "KH"),
            (std::vector<std::string>{"9H", "TH"}));
  EXPECT_EQ(oracle::LegalCards({"9H", "AS"}, "KD"),
            (std::vector<std::string>{"9H", "AS"}));
  EXPECT_EQ(oracle::TrickWinner({"AS", "JH", "AH", "KS"}, 'H'), 1);
  EXPECT_EQ(oracle::TrickWinner({"9S", "AD", "KS"}, 'H'), 2);
  // Two seats: seat 0 took 20 cards with the ten and the ace, seat 1 16
  // with the rest. Seat 1 deals, so seat 0's trick score comes first.
  std::vector<std::vector<std::string>> captured(2);
  captured[0] = {"TS", "AS"};
  captured[0].resize(20, "x");
  captured[1] = {"KS", "QS", "JS"};
  captured[1].resize(16, "y");
  const auto items =
      oracle::ScoreHand(captured, 1, {0, 1}, 18, 'S', {0, 0}, 41);
  EXPECT_EQ(items, (std::vector<oracle::Item>{{0, "ten", 10},
                                              {0, "tricks", 2},
                                              {0, "ace", 4},
                                              {1, "king", 3},
                                              {1, "queen", 2},
                                              {1, "jack", 11}}));
  // With 30 points already, seat 0 wins by its trick score.
  EXPECT_EQ(oracle::ScoreHand(captured, 1, {0, 1}, 18, 'S', {30, 0}, 41).size(),
            2u);
}

}  // namespace
}  // namespace scotch_whist
