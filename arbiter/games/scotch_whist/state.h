// A game of Scotch Whist in progress: pure, deterministic, cheap to copy.
//
// The deck of every hand is fixed (explicit, or shuffled from the seed), so
// the state has no chance nodes: after every card it runs the automatic
// steps (collecting a trick, scoring a hand, the next deal) until a seat must
// play or the game is over.
#ifndef SCOTCH_WHIST_STATE_H_
#define SCOTCH_WHIST_STATE_H_

#include <array>
#include <cstdint>
#include <expected>
#include <memory>
#include <string>
#include <vector>

#include "arbiter/games/scotch_whist/cards.h"
#include "arbiter/games/scotch_whist/events.h"
#include "arbiter/games/scotch_whist/ruleset.h"

namespace scotch_whist {

struct GameConfig {
  std::shared_ptr<const Ruleset> rules;
  int num_players = 4;
  uint64_t seed = 0;
  int first_dealer = -1;  // -1: drawn from the seed
  // Deck order (top first) of hands 1, 2, ...: exactly the cards in play
  // (35, without the 6C, at 5 and 7 seats). Later hands are shuffled from
  // the seed.
  std::vector<std::vector<Card>> decks;
  // Off for playouts that need no event stream (benchmarks, searches).
  bool record_events = true;
};

// The deck of hand `hand_number` (1-based) when none is given: a shuffle that
// depends only on (seed, hand_number, seats), identical on every platform.
std::vector<Card> ShuffledDeck(uint64_t seed, int hand_number, int num_players);
int DealerFromSeed(uint64_t seed, int num_players);
// "" when `deck` holds every card in play at `num_players` seats once.
std::string CheckDeck(const std::vector<Card>& deck, int num_players);

// A trick: the cards in the order played, from the leader on.
struct Trick {
  int8_t leader = -1;
  int8_t winner = -1;  // -1 while it is being played
  int8_t size = 0;
  std::array<Card, kMaxPlayers> cards{};

  Card Led() const { return size > 0 ? cards[0] : kNoCard; }
  int SeatOf(int i, int num_players) const {
    return (leader + i) % num_players;
  }
};

// The seat whose card wins `trick` (complete or not) with `trump` as trump.
int TrickWinner(const Trick& trick, int trump, int num_players);

class State {
 public:
  static constexpr int kGameOver = -1;

  // Checks the configuration (seats, ruleset, decks, dealer) and deals.
  static std::expected<State, std::string> New(GameConfig config);

  const GameConfig& config() const { return config_; }
  const Ruleset& rules() const { return *config_.rules; }
  int num_players() const { return num_players_; }
  int CurrentPlayer() const { return current_; }
  bool IsTerminal() const { return current_ == kGameOver; }

  // The cards the seat to act may play (empty once over): the whole hand,
  // or the cards of the suit led when it holds any.
  CardSet LegalCards() const;
  // The same in card order (suit S H D C, then 6 up to A).
  void LegalActions(std::vector<Card>* out) const;
  // "" when `card` is legal, else why not (for a refusal).
  std::string WhyIllegal(Card card) const;
  // Refuses an illegal card and leaves the state unchanged.
  std::expected<void, std::string> Apply(Card card);
  // For a card of LegalCards() of this very state.
  void ApplyLegal(Card card);

  const CardSet& Hand(int seat) const { return hands_[size_t(seat)]; }
  // Cards the seat has captured in the hand in progress (the last hand once
  // the game is over).
  const CardSet& Captured(int seat) const { return captured_[size_t(seat)]; }
  const Trick& CurrentTrick() const { return trick_; }
  // The tricks of the hand in progress that are complete, in order.
  const std::vector<Trick>& Tricks() const { return tricks_; }
  int TrumpSuit() const { return SuitOf(trump_card_); }
  Card TrumpCard() const { return trump_card_; }
  // Whether the dealer still holds the turned trump card (public while so).
  bool TrumpHeld() const { return trump_held_; }
  int CardsDealtPerSeat() const { return dealt_per_seat_; }
  int HandNumber() const { return hand_number_; }
  int Dealer() const { return dealer_; }
  int FirstDealer() const { return first_dealer_; }
  int Score(int seat) const { return scores_[size_t(seat)]; }
  int TeamOf(int seat) const { return team_of_[size_t(seat)]; }
  int NumTeams() const { return num_teams_; }
  int TeamScore(int team) const { return team_scores_[size_t(team)]; }
  // The seat credited with the item that reached the target, or -1.
  int Winner() const { return winner_; }
  const std::vector<Event>& Events() const { return events_; }
  // The deck of a hand, top first.
  const std::vector<Card>& Deck(int hand_number) const {
    return decks_[size_t(hand_number - 1)];
  }
  // The cards `seat` was dealt in hand `hand_number`.
  CardSet DealtHand(int hand_number, int seat) const;

  // Final standing of every seat, 1 = first; equal team scores share a
  // place, partners share their team's, and the winner's team is first.
  std::vector<int> Standings() const;

 private:
  State() = default;
  void Deal();
  void FinishTrick();
  void ScoreHand();
  // Credits `points` to `seat`; true when its team has reached the target
  // (the game is then over).
  bool Credit(int seat, ScoreItem item, Card card, int points);
  void FinishGame(int winner);
  void Emit(const Event& e) {
    if (config_.record_events) events_.push_back(e);
  }

  GameConfig config_;
  int num_players_ = 0;
  int dealt_per_seat_ = 0;
  int num_teams_ = 0;
  int target_ = 0;
  std::array<int8_t, kMaxPlayers> team_of_{};
  std::array<int8_t, kMaxPlayers> team_size_{};

  std::vector<std::vector<Card>> decks_;  // one per hand dealt so far
  std::array<CardSet, kMaxPlayers> hands_{};
  std::array<CardSet, kMaxPlayers> captured_{};
  Trick trick_;
  std::vector<Trick> tricks_;
  Card trump_card_ = kNoCard;
  bool trump_held_ = false;

  std::array<int, kMaxPlayers> scores_{};
  std::array<int, kMaxPlayers> team_scores_{};
  int hand_number_ = 0;
  int first_dealer_ = 0;
  int dealer_ = 0;
  int current_ = kGameOver;
  int winner_ = -1;
  std::vector<Event> events_;
};

}  // namespace scotch_whist

#endif  // SCOTCH_WHIST_STATE_H_
