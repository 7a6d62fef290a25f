// Setting up a game, dealing, the automatic steps between decisions, the end
// of hands and of the game, and what each seat sees. The turn itself (legal
// actions and applying them) is in state_turns.cc.
#include "arbiter/games/zetema/state.h"

#include <fmt/format.h>

#include <algorithm>

#include "arbiter/common/splitmix.h"

namespace zetema {
namespace {

using arbiter::SplitMix64;

// Multiply-high rather than SplitMix64::Below's modulo: the deals were
// defined this way first, and a seed must keep naming the same deal.
uint64_t Below(SplitMix64& rng, uint64_t n) {
  return uint64_t((unsigned __int128)rng.Next() * n >> 64);
}

}  // namespace

std::vector<Card> ShuffledDeck(uint64_t seed, int hand_number,
                               int imperial_suit) {
  std::vector<Card> deck = FullDeck(imperial_suit);
  SplitMix64 rng(seed ^ (uint64_t(hand_number) * 0xD1B54A32D192ED03ULL));
  for (size_t i = deck.size() - 1; i > 0; --i) {
    std::swap(deck[i], deck[Below(rng, i + 1)]);
  }
  return deck;
}

int DealerFromSeed(uint64_t seed, int num_players) {
  SplitMix64 rng(seed ^ 0xA0761D6478BD642FULL);
  return int(Below(rng, uint64_t(num_players)));
}

std::expected<void, std::string> State::CheckConfig(const GameConfig& config) {
  if (!config.rules) return std::unexpected(std::string("no ruleset"));
  if (auto err = ValidateRuleset(*config.rules); !err.empty()) {
    return std::unexpected(err);
  }
  const int n = config.num_players;
  if (n < kMinPlayers || n > kMaxPlayers) {
    return std::unexpected(fmt::format("players: must be 2 to 6, got {}", n));
  }
  for (size_t i = 0; i < config.decks.size(); ++i) {
    const auto err =
        CheckFullDeck(config.decks[i], config.rules->imperial_suit);
    if (!err.empty()) {
      return std::unexpected(fmt::format("deck of hand {}: {}", i + 1, err));
    }
  }
  return {};
}

void State::Configure(GameConfig config) {
  config_ = std::move(config);
  const Ruleset& r = *config_.rules;
  const int n = config_.num_players;
  num_players_ = n;
  hand_size_ = r.HandSize(n);
  meld_length_ = r.MeldLength(n);
  target_ = r.Target(n);
  const std::vector<int> teams = r.Teams(n);
  std::copy(teams.begin(), teams.end(), team_of_.begin());
  num_teams_ = *std::max_element(teams.begin(), teams.end()) + 1;
  if (config_.record_events) events_.reserve(256);
}

std::expected<State, std::string> State::New(GameConfig config) {
  if (auto ok = CheckConfig(config); !ok) return std::unexpected(ok.error());
  const int n = config.num_players;
  if (config.first_dealer < -1 || config.first_dealer >= n) {
    return std::unexpected(
        fmt::format("dealer: must be a seat from 0 to {}, got {}", n - 1,
                    config.first_dealer));
  }
  State s;
  s.Configure(std::move(config));
  s.dealer_ = s.config_.first_dealer >= 0 ? s.config_.first_dealer
                                          : DealerFromSeed(s.config_.seed, n);
  s.Deal();
  s.current_ = (s.dealer_ + 1) % n;
  s.AdvanceToDecision();
  return s;
}

void State::Deal() {
  ++hand_number_;
  const size_t h = size_t(hand_number_);
  decks_.push_back(
      h <= config_.decks.size()
          ? config_.decks[h - 1]
          : ShuffledDeck(config_.seed, hand_number_, rules().imperial_suit));
  stock_pos_ = 0;
  for (int p = 0; p < num_players_; ++p) {
    hands_[p].Clear();
    known_[p].Clear();
    refill_pending_[p] = false;
  }
  piles_.Clear();
  waste_.Clear();
  assembly_declared_.fill(false);
  imperial_marriages_this_deal_ = 0;
  Emit({.type = EventType::kDeal,
        .seat = int8_t(dealer_),
        .value = hand_number_});
  const std::vector<Card>& deck = decks_.back();
  for (int i = 0; i < hand_size_ * num_players_; ++i) {
    hands_[(dealer_ + 1 + i) % num_players_].Add(deck[stock_pos_++]);
  }
}

void State::DrawOne(int seat) {
  if (StockSize() == 0) return;
  const Card c = decks_.back()[stock_pos_++];
  hands_[seat].Add(c);
  Emit({.type = EventType::kDraw, .seat = int8_t(seat), .card = c});
}

void State::RefillTo(int seat, int size) {
  while (hands_[seat].Size() < size && StockSize() > 0) DrawOne(seat);
}

bool State::AddPoints(int seat, int points) {
  scores_[seat] += points;
  const int team = team_of_[seat];
  team_scores_[team] += points;
  if (team_scores_[team] < target_) return false;
  FinishGame(seat);
  return true;
}

void State::FinishGame(int winner) {
  winner_ = winner;
  current_ = kGameOver;
  Emit({.type = EventType::kGameEnd, .seat = int8_t(winner)});
}

void State::EndHand() {
  Emit({.type = EventType::kHandEnd, .value = hand_number_});
  if (hand_number_ >= rules().max_hands) {
    FinishGame(-1);
    return;
  }
  dealer_ = (dealer_ + 1) % num_players_;
  Deal();
  current_ = (dealer_ + 1) % num_players_;
}

// Runs the automatic steps from the start of `current_`'s turn until a seat
// must decide: the end of the hand and the next deal, refills, the draw of a
// draw-first turn, and skipping seats with nothing to play.
void State::AdvanceToDecision() {
  const bool draw_first = rules().turn_order == TurnOrder::kDrawFirst;
  while (current_ != kGameOver) {
    bool hands_empty = StockSize() == 0;
    for (int p = 0; hands_empty && p < num_players_; ++p) {
      hands_empty = hands_[p].Empty();
    }
    if (hands_empty) {
      EndHand();
      continue;
    }
    const int p = current_;
    if (refill_pending_[p]) {
      refill_pending_[p] = false;
      RefillTo(p, hand_size_);
    }
    if (draw_first) DrawOne(p);
    if (!hands_[p].Empty()) return;
    Emit({.type = EventType::kSkip, .seat = int8_t(p)});
    current_ = (p + 1) % num_players_;
  }
}

std::vector<int> State::Standings() const {
  // Rank teams: the winner's team first, then by team score.
  auto key = [&](int team) {
    const bool won = winner_ >= 0 && team_of_[winner_] == team;
    return std::pair{won ? 1 : 0, team_scores_[team]};
  };
  std::vector<int> places(num_players_);
  for (int p = 0; p < num_players_; ++p) {
    int place = 1;
    for (int t = 0; t < num_teams_; ++t) {
      if (key(t) > key(team_of_[p])) ++place;
    }
    places[p] = place;
  }
  return places;
}

Observation State::ObservationFor(int seat, bool with_history) const {
  Observation o;
  o.seat = seat;
  o.current_player = current_;
  o.dealer = dealer_;
  o.hand_number = hand_number_;
  o.stock_size = StockSize();
  o.hand = hands_[seat];
  o.piles = piles_;
  o.waste = waste_;
  for (int p = 0; p < num_players_; ++p) {
    o.hand_sizes.push_back(hands_[p].Size());
    o.scores.push_back(scores_[p]);
    o.team_of.push_back(team_of_[p]);
    o.known.push_back(known_[p]);
  }
  o.team_scores.assign(team_scores_.begin(), team_scores_.begin() + num_teams_);
  if (with_history) {
    o.history.reserve(events_.size());
    for (Event e : events_) {
      if (e.type == EventType::kDraw && e.seat != seat) e.card = kNoCard;
      o.history.push_back(e);
    }
  }
  return o;
}

}  // namespace zetema
