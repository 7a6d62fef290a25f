// A game of Zetema in progress: pure, deterministic, cheap to copy.
//
// Dealing is fixed by the game's decks (explicit, or shuffled from the seed),
// so the state has no chance nodes: after every action it runs the automatic
// steps (refills, the draw of a draw-first turn, skips, the end of a hand and
// the next deal) until a seat must decide or the game is over.
#ifndef ZETEMA_STATE_H_
#define ZETEMA_STATE_H_

#include <array>
#include <cstdint>
#include <expected>
#include <memory>
#include <string>
#include <vector>

#include "arbiter/games/zetema/action.h"
#include "arbiter/games/zetema/cards.h"
#include "arbiter/games/zetema/events.h"
#include "arbiter/games/zetema/ruleset.h"

namespace zetema {

struct GameConfig {
  std::shared_ptr<const Ruleset> rules;
  int num_players = 2;
  uint64_t seed = 0;
  int first_dealer = -1;  // -1: drawn from the seed
  // Deck order (top first) of hands 1, 2, ...; later hands are shuffled from
  // the seed.
  std::vector<std::vector<Card>> decks;
  // Off for playouts that need no event stream (benchmarks, searches).
  bool record_events = true;
};

// The deck of hand `hand_number` (1-based) when none is given: a shuffle that
// depends only on (seed, hand_number), identical on every platform.
std::vector<Card> ShuffledDeck(uint64_t seed, int hand_number,
                               int imperial_suit);
int DealerFromSeed(uint64_t seed, int num_players);

// A position in the middle of a hand, at a decision: everything the engine
// needs to go on from there. A search that fills in the cards its seat cannot
// see (other hands, the stock order) builds one per sample.
struct Position {
  int hand_number = 1;  // the hand in progress, 1-based
  int dealer = 0;
  int current = 0;  // the seat to decide; in a draw-first turn it has drawn
  std::vector<CardSet> hands;  // per seat
  std::vector<CardSet> known;  // per seat: shown and still held
  CardSet piles;
  CardSet waste;
  std::vector<Card> stock;           // top first
  std::vector<int> scores;           // per seat
  std::vector<bool> refill_pending;  // per seat (marriage_refill next_turn)
  uint16_t assemblies_declared = 0;  // bit r: an assembly of rank r
  int imperial_marriages = 0;        // imperial-suit marriages this deal
};

class State {
 public:
  static constexpr int kGameOver = -1;

  // Checks the configuration (player count, ruleset, decks) and deals.
  static std::expected<State, std::string> New(GameConfig config);
  // Starts from `position` instead of a deal: the seat to act decides first
  // (no automatic step runs). Later hands come from `config` as in New
  // (config.decks[h - 1] for hand h, else the seed); config.first_dealer is
  // not used. Errors name what does not fit (a card missing or extra, a
  // score at the target, a seat to act with no cards).
  static std::expected<State, std::string> FromPosition(
      GameConfig config, const Position& position);
  // The position now; FromPosition(config(), GetPosition()) plays on exactly
  // as this state does. Needs a game in progress.
  Position GetPosition() const;

  const GameConfig& config() const { return config_; }
  const Ruleset& rules() const { return *config_.rules; }
  int num_players() const { return num_players_; }
  int CurrentPlayer() const { return current_; }
  bool IsTerminal() const { return current_ == kGameOver; }

  // Every distinct legal action of the seat to act (empty once over).
  void LegalActions(std::vector<Action>* out) const;
  std::vector<Action> LegalActions() const;
  // Returns the legal action equal to `action` (with its meld type filled
  // in), or an error saying why it is refused.
  std::expected<Action, std::string> Legalize(const Action& action) const;
  // Refuses an illegal action and leaves the state unchanged.
  std::expected<void, std::string> Apply(const Action& action);
  // For actions taken from LegalActions() of this very state.
  void ApplyLegal(const Action& action);
  // The points a legal action of this state scores for the seat to act as
  // it is played: a declaration's, plus a zetema its discard completes
  // (unless the declaration alone wins the game, which ends it before the
  // discard). 0 for a discard that completes nothing.
  int ActionPoints(const Action& action) const;

  const CardSet& Hand(int seat) const { return hands_[seat]; }
  // Cards a seat showed in a declaration and has not given up since.
  const CardSet& Known(int seat) const { return known_[seat]; }
  // All rank piles together; pile r holds the cards of rank r.
  const CardSet& Piles() const { return piles_; }
  int PileSize(int rank) const { return piles_.RankCount(rank); }
  const CardSet& Waste() const { return waste_; }
  int WasteSize() const { return waste_.Size(); }
  int StockSize() const { return kDeckSize - stock_pos_; }
  // The deck of a hand, top first. A state made by FromPosition has no deck
  // for the hands before its position (empty), and the current one holds the
  // cards out of the stock in no particular order, then the stock.
  const std::vector<Card>& Deck(int hand_number) const {
    return decks_[hand_number - 1];
  }
  int HandNumber() const { return hand_number_; }
  int Dealer() const { return dealer_; }
  int Score(int seat) const { return scores_[seat]; }
  int TeamOf(int seat) const { return team_of_[seat]; }
  int NumTeams() const { return num_teams_; }
  int TeamScore(int team) const { return team_scores_[team]; }
  // The seat whose points reached the target, or -1.
  int Winner() const { return winner_; }
  const std::vector<Event>& Events() const { return events_; }

  // Final standing of every seat, 1 = first; equal scores share a place.
  // The winner's team is first; the rest go by team score.
  std::vector<int> Standings() const;

  Observation ObservationFor(int seat, bool with_history = true) const;

 private:
  State() = default;
  static std::expected<void, std::string> CheckConfig(const GameConfig& config);
  void Configure(GameConfig config);  // the fields that follow from config

  void Deal();
  void AdvanceToDecision();
  void DrawOne(int seat);
  void RefillTo(int seat, int size);
  bool AddPoints(int seat, int points);  // true when the game is now won
  void Discard(int seat, Card card, bool* extra_turn);
  void EndHand();
  void FinishGame(int winner);
  void PlayMeld(const Action& a, bool* extra_turn);
  void PlayMarriages(const Action& a);
  int MarriagePoints(const Action& a) const;
  int ImperialMarriages(const Action& a) const;
  int MeldPoints(const Action& a) const;
  // What a zetema of `rank` scores now, `assembly_now`: an assembly of that
  // rank is declared in the same turn.
  int ZetemaPoints(int rank, bool assembly_now) const;
  void Emit(const Event& e) {
    if (config_.record_events) events_.push_back(e);
  }

  GameConfig config_;
  int num_players_ = 0;
  int hand_size_ = 0;
  int meld_length_ = 0;
  int target_ = 0;
  int num_teams_ = 0;
  std::array<int, kMaxPlayers> team_of_{};

  std::vector<std::vector<Card>> decks_;  // one per hand dealt so far
  int stock_pos_ = 0;  // the stock is decks_.back() from here on
  std::array<CardSet, kMaxPlayers> hands_{};
  std::array<CardSet, kMaxPlayers> known_{};
  CardSet piles_;
  CardSet waste_;

  std::array<int, kMaxPlayers> scores_{};
  std::array<int, kMaxPlayers> team_scores_{};
  std::array<bool, kMaxPlayers> refill_pending_{};
  std::array<bool, kNumRanks> assembly_declared_{};
  int imperial_marriages_this_deal_ = 0;
  int hand_number_ = 0;
  int dealer_ = 0;
  int current_ = kGameOver;
  int winner_ = -1;
  std::vector<Event> events_;
};

}  // namespace zetema

#endif  // ZETEMA_STATE_H_
