// Games as the readers hand them over, turned into what the ratings need:
// names interned and checked, sides formed from partners, the dataset of
// the fit and the per-bot statistics. Nothing is kept per game beyond the
// sufficient statistics, the players of each game (the level of a pool is
// an average weighted by games) and, for a rating history, a key per game;
// with CollectorOptions::stream, not even those.
#ifndef ZETEMA_RATINGS_COLLECTOR_H_
#define ZETEMA_RATINGS_COLLECTOR_H_

#include <cstdint>
#include <expected>
#include <string>
#include <unordered_map>
#include <vector>

#include "ratings/dataset.h"
#include "ratings/game.h"
#include "ratings/game_sink.h"
#include "ratings/names.h"
#include "ratings/stats.h"

namespace ratings {

// What orders the games of a rating history.
enum class HistoryKey { kNone, kRound, kGameIndex };

struct CollectorOptions {
  bool first_seat_advantage = false;
  bool pairwise = false;
  bool crosstable = true;
  HistoryKey history = HistoryKey::kNone;
  // Keep nothing per game (no history keys, players or resampling units):
  // the caller sums each game's contributions itself (LastGame(); the
  // streaming GameRater, stream.cc).
  bool stream = false;
};

// Sides tied for one place are expanded into all their orders (2^k choice
// sets), so a tie is limited; games have a handful of sides.
inline constexpr int kMaxTiedSides = 12;
// Checks that compare every pair of seats stay cheap.
inline constexpr int kMaxSeats = 1000;

struct Collected {
  std::vector<std::string> names;  // player id -> name, first-seen order
  Dataset data;
  std::vector<BotStats> bots;  // per player id
  std::vector<CrossCell> crosstable;
  int64_t games = 0;
  int max_sides = 0;                // most sides in one game
  std::vector<uint32_t> game_keys;  // per game, with a history key
  // Game g's distinct players are
  // game_players[game_player_begin[g] .. game_player_begin[g + 1]).
  std::vector<uint32_t> game_player_begin, game_players;
};

class Collector : public GameSink {
 public:
  explicit Collector(const CollectorOptions& options);

  // Adds one game, or says what is wrong with it (and adds nothing).
  std::expected<void, GameError> Add(const GameView& game) override;
  int64_t games() const { return games_; }
  int max_sides() const { return max_sides_; }
  Collected Finish();

  // CollectorOptions::stream, after a successful Add: what the game added
  // to which slot, and its distinct players (sorted within each side).
  std::span<const SlotWeight> LastGame() const { return builder_.LastGame(); }
  std::span<const uint32_t> LastPlayers() const { return members_; }
  // The dataset of the games so far without their weights (stream), and
  // the players' names.
  Dataset Structure() const {
    return builder_.Snapshot(names_.size(), uint32_t(games_));
  }
  const std::vector<std::string>& names() const { return names_.names(); }

 private:
  CollectorOptions options_;
  NameTable names_;
  DatasetBuilder builder_;
  StatsAccumulator stats_;
  int64_t games_ = 0;
  int max_sides_ = 0;
  uint32_t num_samples_ = 0;
  std::unordered_map<std::string, uint32_t> groups_;
  std::vector<uint32_t> game_keys_;
  std::vector<uint32_t> game_player_begin_ = {0}, game_players_;
  // Scratch for one game.
  std::vector<uint32_t> ids_, unit_of_seat_, members_;
  std::vector<int> unit_team_;
  std::vector<UnitView> units_;
  std::vector<std::pair<size_t, size_t>> ranges_;
};

}  // namespace ratings

#endif  // ZETEMA_RATINGS_COLLECTOR_H_
