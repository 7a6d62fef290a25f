// The interface every game of the arbiter implements. Everything outside a
// game's own folder (match play, the server, replay and verify, tournaments,
// the scenario runner, selfplay, records, ratings, viewers) reaches a game
// only through this header and the registry (registry.h): a new game is a
// folder under arbiter/games/ and one line in registry.cc.
//
// The contract, in the manner of OpenSpiel's spiel.h:
//
// - A GameType names a game, gives its seat range and presets, and loads a
//   ruleset (a preset, or a TOML ruleset file with every key but `base`
//   overriding the preset) into a Game. Errors name the key.
// - A Game is an immutable ruleset. It gives the teams of a table of N seats
//   (team numbers in order of each team's lowest seat) and makes States from
//   a Setup: seats, a seed, the first dealer, and optionally explicit decks.
// - A State is a game in progress, a copyable value (Clone). It is
//   deterministic: the same Setup and the same actions give the same game on
//   every platform. Dealing and drawing are not decisions: after every
//   action the state runs every automatic step until a seat must decide or
//   the game is over, so CurrentSeat() is always the seat to ask.
// - Actions. The seat to act has a list of distinct legal actions in a fixed
//   order; an index into it denotes an action. Index 0 is the default
//   action, which the arbiter plays for a seat under the default-action
//   fault policy. An answer in the game's text notation or in its typed
//   protobuf form is parsed into an index, or refused with a Refusal that
//   says whether it was unreadable (malformed) or readable but illegal.
// - Events. The state keeps every event since the start, in order. A seat
//   sees each as FillEvents and EventText show it to that viewer: never a
//   card hidden from it at the moment of the event.
// - Information. What a seat is sent (FillDecision for the seat to act,
//   FillEvents, ObservationText) never holds a card that is hidden from it
//   at that moment. The shared playout test checks this for every game
//   against the table view, which lists every card in exactly one zone with
//   the seats that may see it.
// - Records. FillRecord writes the game-specific part of a GameRecord (the
//   ruleset, the first dealer and mover, the decks dealt, the public
//   events); the rest of a record is game-independent. GameType::FromRecord
//   gives back the Game a record was played under, and a Setup built from
//   the record (SetupFromRecord) replays it.
//
// A State is used by one thread at a time; a Game may be shared.
#ifndef ARBITER_GAME_GAME_H_
#define ARBITER_GAME_GAME_H_

#include <toml++/toml.h>

#include <cstdint>
#include <expected>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/v1/arbiter.pb.h"
#include "arbiter/v1/record.pb.h"

namespace game {

namespace v1 = ::arbiter::v1;

// The viewer that sees everything (replays of a whole game).
inline constexpr int kOmniscient = -1;
// The viewer of events that is no seat: sees public information only (what a
// spectator, or a record, may hold).
inline constexpr int kPublic = -2;

struct Setup {
  int num_seats = 2;
  uint64_t seed = 0;
  // The dealer (Pontoon: the banker) of the first hand; -1 draws it from the
  // seed.
  int first_dealer = -1;
  // Explicit deck orders, top first, in the game's card notation: the first
  // deals (or shuffles) use them in turn, later ones are shuffled from the
  // seed.
  std::vector<std::string> decks;
};

// An answer that denotes no legal action.
struct Refusal {
  enum Kind { kMalformed, kIllegal };
  Kind kind = kIllegal;
  std::string detail;  // says what was wrong, naming the text or field
};

// How a game stands (final once the game is over).
struct Outcome {
  std::vector<int> scores;       // per seat
  std::vector<int> team_scores;  // per team
  std::vector<int> places;       // per seat, 1 = first; equal = tied
  int winner = -1;               // the seat that reached a target, or -1
  v1::EndReason end_reason = v1::END_REASON_UNSPECIFIED;  // once over
  int hands_played = 0;
};

// Where the cards are, for viewers and for the shared invariant checks.
struct Zone {
  std::string name;  // "hand", "stock", "pile 9", "waste", "trick", ...
  int owner = -1;    // the seat the zone belongs to, -1 for the table
  std::vector<std::string> cards;  // in the zone's order (top first)
  // Per card: the seats that may see it, bit s for seat s.
  std::vector<uint32_t> seen_by;
};
inline constexpr uint32_t kSeenByAll = 0xffffffffu;

struct Counter {
  std::string name;  // "score", "stake", "stock", "hand", ...
  int owner = -1;    // seat, or -1 for the table
  int64_t value = 0;
};

struct TableView {
  std::vector<Zone> zones;
  std::vector<Counter> counters;
};

// Writes a view into the memory of the one it replaces (State::FillView):
// the zones' and counters' vectors and strings are reused, so that a view
// taken at every position of a replay allocates next to nothing. The view
// holds what was added once the writer is gone.
class ViewWriter {
 public:
  explicit ViewWriter(TableView* view) : view_(*view) {}
  ViewWriter(const ViewWriter&) = delete;
  ViewWriter& operator=(const ViewWriter&) = delete;
  ~ViewWriter() {
    view_.zones.resize(zones_);
    view_.counters.resize(counters_);
  }
  // The next zone, empty (the reference holds until the next AddZone).
  Zone& AddZone(std::string_view name, int owner) {
    if (zones_ == view_.zones.size()) view_.zones.emplace_back();
    Zone& z = view_.zones[zones_++];
    z.name.assign(name);
    z.owner = owner;
    z.cards.clear();
    z.seen_by.clear();
    return z;
  }
  void AddCounter(std::string_view name, int owner, int64_t value) {
    if (counters_ == view_.counters.size()) view_.counters.emplace_back();
    Counter& c = view_.counters[counters_++];
    c.name.assign(name);
    c.owner = owner;
    c.value = value;
  }

 private:
  TableView& view_;
  size_t zones_ = 0, counters_ = 0;
};

// The check of one [expect] entry of a scenario file.
struct ExpectCheck {
  bool known = true;    // false: the game has no such key
  std::string error;    // the expectation itself is malformed
  std::string failure;  // "expected X, got Y" when it does not hold
};

class GameType;

class State {
 public:
  virtual ~State() = default;
  virtual std::unique_ptr<State> Clone() const = 0;

  virtual int NumSeats() const = 0;
  // The seat that must decide, or -1 once the game is over.
  virtual int CurrentSeat() const = 0;
  bool IsTerminal() const { return CurrentSeat() < 0; }
  virtual std::vector<int> Teams() const = 0;  // team of every seat

  // ---- actions of the seat to act (none once the game is over)
  virtual int NumLegalActions() const = 0;
  virtual std::string LegalActionText(int index) const = 0;
  // The points legal action `index` scores for the seat to act as it is
  // played (sent with every decision request, so that bots need not
  // reimplement scoring); 0 for an action that scores nothing by itself.
  virtual int LegalActionPoints(int /*index*/) const { return 0; }
  // The legal action the text denotes (the game's notation; any spelling
  // the game accepts), or why none.
  virtual std::expected<int, Refusal> ParseText(
      std::string_view text) const = 0;
  // The legal action denoted by the game's typed member of the reply's
  // `answer` oneof; a reply holding another game's typed action is
  // malformed.
  virtual std::expected<int, Refusal> ParseTyped(
      const v1::ActionReply& reply) const = 0;
  // Plays legal action `index` (0 <= index < NumLegalActions()).
  virtual void Apply(int index) = 0;

  // ---- events
  virtual int NumEvents() const = 0;
  virtual std::string EventText(int index, int viewer) const = 0;
  // Which viewers see event `index` alike: two viewers of the same class get
  // the same EventText, so a replay makes the text once per class. Most events
  // look the same to everyone; a draw differs for the seat that drew. The
  // default, every viewer a class of its own, is always right.
  virtual int EventViewerClass(int /*index*/, int viewer) const {
    return viewer;
  }
  // The game's member of `out->events`: events [from, NumEvents()) as
  // `viewer` sees them.
  virtual void FillEvents(int from, int viewer, v1::GameEvent* out) const = 0;

  // ---- what a seat is told
  // The game's member of `out->game_start` (ruleset, first dealer, ...).
  virtual void FillGameStart(v1::GameStart* out) const = 0;
  // The game's member of `out->decision` (the observation of the seat to
  // act and every legal action, typed and as text) and num_legal_actions.
  virtual void FillDecision(v1::DecisionRequest* out) const = 0;
  // The game's member of `out->result`, if it has one, from `out->outcome`
  // (which the arbiter fills for every game).
  virtual void FillGameEnd(v1::GameEnd* /*out*/) const {}
  // What `seat` sees now, for people: a few lines of text.
  virtual std::string ObservationText(int seat) const = 0;

  // ---- outcome and records
  virtual Outcome GetOutcome() const = 0;
  // The seat holding the seat advantage the ratings fit (the first player;
  // Pontoon: the first banker).
  virtual int FirstMover() const = 0;
  virtual void FillRecord(v1::GameRecord* record) const = 0;

  // ---- viewers, summaries and scenario files
  virtual TableView View() const = 0;
  // View() written into `out`, reusing its memory (ViewWriter): a replay
  // takes the view at every position.
  virtual void FillView(TableView* out) const { *out = View(); }
  // Totals of the game so far for summaries (`arbiter selfplay`), named
  // "TABLE/COLUMN" (e.g. "points/flush", "count/flush"): each table is
  // printed on its own. The same names in the same order at every seat count
  // and moment: selfplay prints every seat count in one table.
  virtual std::vector<Counter> Tallies() const { return {}; }
  // The state as the scenario runner prints it: every key [expect] may name.
  virtual nlohmann::json ToJson() const = 0;
  // One game-specific [expect] entry (the runner checks the common keys:
  // scores, team_scores, to_move, winner, legal_count, legal_includes,
  // legal_excludes, illegal).
  virtual ExpectCheck Expect(std::string_view key,
                             const toml::node& want) const = 0;

  // Convenience for tests and scripts: parses and plays a text action.
  std::expected<void, std::string> ApplyText(std::string_view text);
};

// A game with its ruleset fixed.
class Game {
 public:
  virtual ~Game() = default;
  virtual const GameType& Type() const = 0;
  // The preset the ruleset is based on ("parlett", ...).
  virtual std::string RulesetBase() const = 0;
  // Every knob, as a ruleset file with a comment per knob; loading it gives
  // back the same ruleset.
  virtual std::string RulesetToml() const = 0;
  // Team of every seat of a table of `num_seats` (in the seat range).
  virtual std::vector<int> Teams(int num_seats) const = 0;
  // Fails with a message on a bad setup (seat count, decks, dealer).
  virtual std::expected<std::unique_ptr<State>, std::string> NewState(
      const Setup& setup) const = 0;
};

class GameType {
 public:
  virtual ~GameType() = default;
  // The name records, configs and the command line use (lower case).
  virtual std::string_view Name() const = 0;
  virtual int MinSeats() const = 0;
  virtual int MaxSeats() const = 0;
  // Preset names; the first is the default.
  virtual std::span<const std::string_view> Presets() const = 0;
  // The scenario file key that fixes the first dealer ("dealer"; Pontoon:
  // "banker").
  virtual std::string_view DealerKey() const { return "dealer"; }

  // A preset name, or the path of a ruleset file (a relative path is tried
  // against `base_dir` first), then the keys of `overrides` (every key of a
  // ruleset file but `base`), if any. Errors name the file and the key, the
  // override keys prefixed with `prefix` (e.g. "rules.").
  virtual std::expected<std::shared_ptr<const Game>, std::string> Load(
      std::string_view name_or_path, std::string_view base_dir = "",
      const toml::table* overrides = nullptr,
      std::string_view prefix = "") const = 0;
  // The game a record was played under (its ruleset part).
  virtual std::expected<std::shared_ptr<const Game>, std::string> FromRecord(
      const v1::GameRecord& record) const = 0;
};

// The Setup that replays a record: its seats, seed, first dealer and decks.
Setup SetupFromRecord(const v1::GameRecord& record);

}  // namespace game

#endif  // ARBITER_GAME_GAME_H_
