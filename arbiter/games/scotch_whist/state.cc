#include "arbiter/games/scotch_whist/state.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

#include "arbiter/common/splitmix.h"

namespace scotch_whist {
namespace {

using arbiter::SplitMix64;

// The card items after the ten and the trick scores, in scoring order.
struct CardItem {
  ScoreItem item;
  int rank;
  int points;
};
constexpr CardItem kHonours[] = {{ScoreItem::kAce, kAce, 4},
                                 {ScoreItem::kKing, kKing, 3},
                                 {ScoreItem::kQueen, kQueen, 2},
                                 {ScoreItem::kJack, kJack, 11}};
constexpr int kTenPoints = 10;

}  // namespace

std::vector<Card> ShuffledDeck(uint64_t seed, int hand_number,
                               int num_players) {
  std::vector<Card> deck = CardSet::Pack(num_players).Cards();
  SplitMix64 rng(seed ^ (uint64_t(hand_number) * 0xD1B54A32D192ED03ULL));
  for (size_t i = deck.size() - 1; i > 0; --i) {
    std::swap(deck[i], deck[rng.Below(i + 1)]);
  }
  return deck;
}

int DealerFromSeed(uint64_t seed, int num_players) {
  SplitMix64 rng(seed ^ 0xA0761D6478BD642FULL);
  return int(rng.Below(uint64_t(num_players)));
}

std::string CheckDeck(const std::vector<Card>& deck, int num_players) {
  const CardSet pack = CardSet::Pack(num_players);
  CardSet seen;
  for (Card c : deck) {
    if (c < 0 || c >= kNumCards) return "a card out of range";
    if (!pack.Has(c)) {
      return fmt::format("{} is not in play at {} seats", CardToString(c),
                         num_players);
    }
    if (seen.Has(c)) return fmt::format("{} appears twice", CardToString(c));
    seen.Add(c);
  }
  if (seen != pack) {
    return fmt::format("{} cards, expected {}: missing {}", deck.size(),
                       pack.Size(),
                       CardSet(pack.bits() & ~seen.bits()).ToString());
  }
  return "";
}

int TrickWinner(const Trick& trick, int trump, int num_players) {
  int best = 0;
  Card top = trick.cards[0];
  for (int i = 1; i < trick.size; ++i) {
    const Card c = trick.cards[size_t(i)];
    const bool beats =
        SuitOf(c) == trump
            ? SuitOf(top) != trump ||
                  TrumpStrength(RankOf(c)) > TrumpStrength(RankOf(top))
            : SuitOf(c) == SuitOf(top) && RankOf(c) > RankOf(top);
    if (beats) {
      best = i;
      top = c;
    }
  }
  return trick.SeatOf(best, num_players);
}

std::expected<State, std::string> State::New(GameConfig config) {
  if (!config.rules) return std::unexpected(std::string("no ruleset"));
  if (auto err = ValidateRuleset(*config.rules); !err.empty()) {
    return std::unexpected(err);
  }
  const int n = config.num_players;
  if (n < kMinPlayers || n > kMaxPlayers) {
    return std::unexpected(fmt::format("players: must be 2 to 7, got {}", n));
  }
  if (config.first_dealer < -1 || config.first_dealer >= n) {
    return std::unexpected(
        fmt::format("dealer: {} is no seat of {}", config.first_dealer, n));
  }
  for (size_t i = 0; i < config.decks.size(); ++i) {
    if (auto err = CheckDeck(config.decks[i], n); !err.empty()) {
      return std::unexpected(fmt::format("deck of hand {}: {}", i + 1, err));
    }
  }
  State s;
  s.config_ = std::move(config);
  s.num_players_ = n;
  s.dealt_per_seat_ = CardSet::Pack(n).Size() / n;
  s.target_ = s.rules().target;
  const std::vector<int> teams = s.rules().Teams(n);
  for (int p = 0; p < n; ++p) {
    s.team_of_[size_t(p)] = int8_t(teams[size_t(p)]);
    ++s.team_size_[size_t(teams[size_t(p)])];
    s.num_teams_ = std::max(s.num_teams_, teams[size_t(p)] + 1);
  }
  s.dealer_ = s.config_.first_dealer >= 0 ? s.config_.first_dealer
                                          : DealerFromSeed(s.config_.seed, n);
  s.first_dealer_ = s.dealer_;
  s.tricks_.reserve(size_t(s.dealt_per_seat_));
  s.Deal();
  return s;
}

void State::Deal() {
  ++hand_number_;
  const size_t h = size_t(hand_number_);
  decks_.push_back(
      h <= config_.decks.size()
          ? config_.decks[h - 1]
          : ShuffledDeck(config_.seed, hand_number_, num_players_));
  const std::vector<Card>& deck = decks_.back();
  for (int p = 0; p < num_players_; ++p) {
    hands_[size_t(p)] = CardSet();
    captured_[size_t(p)] = CardSet();
  }
  int seat = dealer_;
  for (Card c : deck) {
    seat = seat + 1 == num_players_ ? 0 : seat + 1;
    hands_[size_t(seat)].Add(c);
  }
  assert(seat == dealer_ && "the last card dealt goes to the dealer");
  trump_card_ = deck.back();
  trump_held_ = true;
  tricks_.clear();
  current_ = (dealer_ + 1) % num_players_;
  trick_ = Trick{.leader = int8_t(current_)};
  Emit({.type = EventType::kDeal,
        .seat = int8_t(dealer_),
        .card = trump_card_,
        .value = hand_number_});
}

CardSet State::DealtHand(int hand_number, int seat) const {
  const std::vector<Card>& deck = Deck(hand_number);
  const int dealer = (first_dealer_ + hand_number - 1) % num_players_;
  CardSet out;
  const size_t first =
      size_t((seat - dealer - 1 + 2 * num_players_) % num_players_);
  for (size_t i = first; i < deck.size(); i += size_t(num_players_)) {
    out.Add(deck[i]);
  }
  return out;
}

CardSet State::LegalCards() const {
  if (current_ == kGameOver) return {};
  const CardSet hand = hands_[size_t(current_)];
  if (trick_.size == 0) return hand;
  const CardSet follow = hand & CardSet::Suit(SuitOf(trick_.Led()));
  return follow.Empty() ? hand : follow;
}

void State::LegalActions(std::vector<Card>* out) const {
  out->clear();
  for (uint64_t b = LegalCards().bits(); b != 0; b &= b - 1) {
    out->push_back(Card(std::countr_zero(b)));
  }
}

std::string State::WhyIllegal(Card card) const {
  if (current_ == kGameOver) return "the game is over";
  if (card < 0 || card >= kNumCards) return "no such card";
  if (!hands_[size_t(current_)].Has(card)) {
    return fmt::format("{} is not in seat {}'s hand", CardToString(card),
                       current_);
  }
  if (!LegalCards().Has(card)) {
    const int led = SuitOf(trick_.Led());
    return fmt::format(
        "seat {} must follow suit {} ({})", current_, SuitChar(led),
        (hands_[size_t(current_)] & CardSet::Suit(led)).ToString());
  }
  return "";
}

std::expected<void, std::string> State::Apply(Card card) {
  if (auto why = WhyIllegal(card); !why.empty()) return std::unexpected(why);
  ApplyLegal(card);
  return {};
}

void State::ApplyLegal(Card card) {
  assert(LegalCards().Has(card) && "ApplyLegal takes a legal card");
  hands_[size_t(current_)].Remove(card);
  if (card == trump_card_) trump_held_ = false;
  trick_.cards[size_t(trick_.size++)] = card;
  Emit({.type = EventType::kPlay, .seat = int8_t(current_), .card = card});
  if (trick_.size < num_players_) {
    current_ = current_ + 1 == num_players_ ? 0 : current_ + 1;
    return;
  }
  FinishTrick();
}

void State::FinishTrick() {
  const int winner = TrickWinner(trick_, TrumpSuit(), num_players_);
  trick_.winner = int8_t(winner);
  CardSet cards;
  for (int i = 0; i < trick_.size; ++i) cards.Add(trick_.cards[size_t(i)]);
  captured_[size_t(winner)] = captured_[size_t(winner)] | cards;
  tricks_.push_back(trick_);
  Emit({.type = EventType::kTrick,
        .seat = int8_t(winner),
        .value = int32_t(tricks_.size()),
        .cards = cards});
  trick_ = Trick{.leader = int8_t(winner)};
  current_ = winner;
  if (hands_[size_t(winner)].Empty()) ScoreHand();
}

bool State::Credit(int seat, ScoreItem item, Card card, int points) {
  scores_[size_t(seat)] += points;
  const int team = team_of_[size_t(seat)];
  team_scores_[size_t(team)] += points;
  Emit({.type = EventType::kScore,
        .seat = int8_t(seat),
        .card = card,
        .item = item,
        .points = int16_t(points),
        .value = team_scores_[size_t(team)]});
  return team_scores_[size_t(team)] >= target_;
}

void State::ScoreHand() {
  const int n = num_players_;
  const int trump = TrumpSuit();
  auto captor = [&](Card c) {
    for (int p = 0; p < n; ++p) {
      if (captured_[size_t(p)].Has(c)) return p;
    }
    assert(false && "every card in play is captured at the end of a hand");
    return 0;
  };
  auto end_hand = [&](int winner) {
    Emit({.type = EventType::kHandEnd, .value = hand_number_});
    FinishGame(winner);
  };
  const Card ten = MakeCard(trump, kTen);
  if (const int p = captor(ten); Credit(p, ScoreItem::kTen, ten, kTenPoints)) {
    return end_hand(p);
  }
  // Trick scores, seats (or teams, by their first seat) from the dealer's
  // left; a team's score goes to its lowest seat.
  uint32_t teams_done = 0;
  for (int k = 1; k <= n; ++k) {
    const int seat = (dealer_ + k) % n;
    const int team = team_of_[size_t(seat)];
    if ((teams_done >> team) & 1) continue;
    teams_done |= 1u << team;
    int captured = 0, lowest = n;
    for (int p = 0; p < n; ++p) {
      if (team_of_[size_t(p)] != team) continue;
      captured += captured_[size_t(p)].Size();
      lowest = std::min(lowest, p);
    }
    const int excess = captured - dealt_per_seat_ * team_size_[size_t(team)];
    if (excess > 0 && Credit(lowest, ScoreItem::kTricks, kNoCard, excess)) {
      return end_hand(lowest);
    }
  }
  for (const CardItem& honour : kHonours) {
    const Card c = MakeCard(trump, honour.rank);
    if (const int p = captor(c); Credit(p, honour.item, c, honour.points)) {
      return end_hand(p);
    }
  }
  Emit({.type = EventType::kHandEnd, .value = hand_number_});
  if (hand_number_ >= rules().max_hands) return FinishGame(-1);
  dealer_ = (dealer_ + 1) % n;
  Deal();
}

void State::FinishGame(int winner) {
  winner_ = winner;
  current_ = kGameOver;
  Emit({.type = EventType::kGameEnd, .seat = int8_t(winner)});
}

std::vector<int> State::Standings() const {
  const int winning_team = winner_ >= 0 ? team_of_[size_t(winner_)] : -1;
  auto better = [&](int a, int b) {  // team a ranks above team b
    if (a == winning_team) return b != winning_team;
    if (b == winning_team) return false;
    return team_scores_[size_t(a)] > team_scores_[size_t(b)];
  };
  std::vector<int> places(static_cast<size_t>(num_players_));
  for (int p = 0; p < num_players_; ++p) {
    int place = 1;
    for (int t = 0; t < num_teams_; ++t) {
      if (better(t, team_of_[size_t(p)])) ++place;
    }
    places[size_t(p)] = place;
  }
  return places;
}

}  // namespace scotch_whist
