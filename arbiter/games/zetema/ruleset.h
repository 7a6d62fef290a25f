// Every rule variant of docs/rules/zetema.md as data, the four presets, and
// ruleset files.
//
// | knob                       | values                          |
// | -------------------------- | ------------------------------- |
// | turn_order                 | draw_first, play_first          |
// | imperial_suit              | S H D C                         |
// | hand_size / meld_length    | per player count 2..6           |
// | target                     | per player count 2..6           |
// | partnerships               | bool                            |
// | six_player_teams           | pairs {0,3}{1,4}{2,5}, trios    |
// | imperial_flush             | bool                            |
// | imperial_bonus             | each, second, none              |
// | assembly_after             | discard, waste_and_refill       |
// | marriage_refill            | end_of_turn, next_turn          |
// | two_player_extra_turn      | bool                            |
// | kq_zetema_needs_assembly   | bool                            |
// | max_hands                  | >= 1                            |
// | points.*                   | see Points                      |
//
// A ruleset is read once, validated, and recorded with every game.
#ifndef ZETEMA_RULESET_H_
#define ZETEMA_RULESET_H_

#include <array>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/games/zetema/cards.h"

namespace zetema {

inline constexpr int kMinPlayers = 2;
inline constexpr int kMaxPlayers = 6;

enum class TurnOrder { kDrawFirst, kPlayFirst };
enum class SixPlayerTeams { kPairs, kTrios };
enum class ImperialBonus { kEach, kSecond, kNone };
enum class AssemblyAfter { kDiscard, kWasteAndRefill };
enum class MarriageRefill { kEndOfTurn, kNextTurn };

// A value per player count, 2..6.
using PerCount = std::array<int, 5>;

struct Points {
  int sequence = 20;
  int flush = 30;
  int flush_sequence = 50;
  std::array<int, 5> marriages = {10, 30, 60, 100, 150};
  std::array<int, 13> assembly{};  // by rank index (A = 0 .. K = 12)
  std::array<int, 13> zetema{};
  friend bool operator==(const Points&, const Points&) = default;
};

struct Ruleset {
  std::string base = "parlett";
  TurnOrder turn_order = TurnOrder::kDrawFirst;
  int imperial_suit = 0;  // spades
  PerCount hand_size = {6, 6, 6, 6, 5};
  PerCount meld_length = {6, 6, 6, 6, 5};
  PerCount target = {300, 300, 200, 200, 200};
  bool partnerships = true;
  SixPlayerTeams six_player_teams = SixPlayerTeams::kPairs;
  bool imperial_flush = false;
  ImperialBonus imperial_bonus = ImperialBonus::kEach;
  AssemblyAfter assembly_after = AssemblyAfter::kDiscard;
  MarriageRefill marriage_refill = MarriageRefill::kEndOfTurn;
  bool two_player_extra_turn = false;
  bool kq_zetema_needs_assembly = false;
  int max_hands = 50;
  Points points;

  int HandSize(int players) const { return hand_size[players - 2]; }
  int MeldLength(int players) const { return meld_length[players - 2]; }
  int Target(int players) const { return target[players - 2]; }
  // Team index of every seat; teams are numbered in order of their lowest
  // seat. Everyone alone: team = seat.
  std::vector<int> Teams(int players) const;

  friend bool operator==(const Ruleset&, const Ruleset&) = default;
};

inline constexpr std::array<std::string_view, 4> kPresetNames = {
    "parlett", "sackson", "hunt", "casual"};

std::expected<Ruleset, std::string> Preset(std::string_view name);

// Reads a ruleset file's text (TOML): `base` names the preset, every other key
// overrides it. Errors name the key. (Reading the file itself is the game
// interface's job, arbiter/game/ruleset_game.h: the engine does no I/O.)
std::expected<Ruleset, std::string> ParseRuleset(std::string_view toml_text);

// Every knob, in the ruleset file format, each after a one-line comment
// saying what it means (and what a list is indexed by), with every rank's
// points spelled out: parsing it gives back an equal Ruleset.
std::string RulesetToToml(const Ruleset& rules);

// Checks impossible values; the error names the key.
std::string ValidateRuleset(const Ruleset& rules);

std::string_view ToString(TurnOrder v);
std::string_view ToString(SixPlayerTeams v);
std::string_view ToString(ImperialBonus v);
std::string_view ToString(AssemblyAfter v);
std::string_view ToString(MarriageRefill v);

}  // namespace zetema

#endif  // ZETEMA_RULESET_H_
