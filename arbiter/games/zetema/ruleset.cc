#include "arbiter/games/zetema/ruleset.h"

#include <fmt/format.h>

namespace zetema {
namespace {

constexpr int kFive = 4;  // rank index of the 5
constexpr int kJack = 10;

std::array<int, 13> RankTable(int kq, int j, int a5, int other) {
  std::array<int, 13> t;
  t.fill(other);
  t[kKing] = t[kQueen] = kq;
  t[kJack] = j;
  t[kAce] = t[kFive] = a5;
  return t;
}

Ruleset Parlett() {
  Ruleset r;
  r.points.assembly = RankTable(130, 120, 110, 100);
  r.points.zetema = RankTable(50, 20, 15, 5);
  return r;
}

Ruleset Sackson() {
  Ruleset r = Parlett();
  r.base = "sackson";
  r.turn_order = TurnOrder::kPlayFirst;
  r.assembly_after = AssemblyAfter::kWasteAndRefill;
  r.imperial_bonus = ImperialBonus::kSecond;
  r.two_player_extra_turn = true;
  r.six_player_teams = SixPlayerTeams::kTrios;
  return r;
}

Ruleset Hunt() {
  Ruleset r = Parlett();
  r.base = "hunt";
  r.turn_order = TurnOrder::kPlayFirst;
  r.points.sequence = 30;
  r.points.flush_sequence = 60;
  r.points.assembly = RankTable(100, 90, 80, 60);
  r.imperial_bonus = ImperialBonus::kSecond;
  r.kq_zetema_needs_assembly = true;
  r.hand_size = {6, 6, 6, 5, 5};
  r.meld_length = {6, 6, 6, 5, 5};
  return r;
}

Ruleset Casual() {
  Ruleset r = Parlett();
  r.base = "casual";
  r.points.sequence = 10;
  r.imperial_bonus = ImperialBonus::kNone;
  r.imperial_flush = true;
  r.marriage_refill = MarriageRefill::kNextTurn;
  r.two_player_extra_turn = true;
  r.partnerships = false;
  r.meld_length = {6, 6, 6, 6, 6};
  return r;
}

// The key is formatted only for an error: State::New validates every game's
// rules, and building some 40 keys up front cost 5% of a random playout.
template <typename... Args>
std::string CheckPositive(int value, fmt::format_string<Args...> key,
                          Args&&... args) {
  if (value >= 1) return "";
  return fmt::format("{}: must be at least 1, got {}",
                     fmt::format(key, std::forward<Args>(args)...), value);
}

std::string CheckRankTable(std::string_view key, const std::array<int, 13>& t) {
  for (int r = 0; r < kNumRanks; ++r) {
    auto err = CheckPositive(t[r], "{}.{}", key, RankChar(r));
    if (!err.empty()) return err;
  }
  return "";
}

}  // namespace

std::expected<Ruleset, std::string> Preset(std::string_view name) {
  if (name == "parlett") return Parlett();
  if (name == "sackson") return Sackson();
  if (name == "hunt") return Hunt();
  if (name == "casual") return Casual();
  return std::unexpected(fmt::format(
      "unknown preset \"{}\" (want parlett, sackson, hunt or casual)", name));
}

std::vector<int> Ruleset::Teams(int players) const {
  std::vector<int> teams(players);
  for (int seat = 0; seat < players; ++seat) {
    int team = seat;
    if (partnerships && players == 4) team = seat % 2;
    if (partnerships && players == 6) {
      team = six_player_teams == SixPlayerTeams::kPairs ? seat % 3 : seat % 2;
    }
    teams[seat] = team;
  }
  return teams;
}

std::string ValidateRuleset(const Ruleset& r) {
  if (r.imperial_suit < 0 || r.imperial_suit >= kNumSuits) {
    return fmt::format("imperial_suit: bad suit {}", r.imperial_suit);
  }
  for (int i = 0; i < 5; ++i) {
    const int players = i + 2;
    if (r.hand_size[i] < 5 || r.hand_size[i] > 6) {
      return fmt::format("hand_size: must be 5 or 6, got {} for {} players",
                         r.hand_size[i], players);
    }
    if (r.meld_length[i] < 3 || r.meld_length[i] > r.hand_size[i] + 1) {
      return fmt::format(
          "meld_length: must be from 3 to the hand size plus one ({}), got {} "
          "for {} players",
          r.hand_size[i] + 1, r.meld_length[i], players);
    }
    auto err = CheckPositive(r.target[i], "target (for {} players)", players);
    if (!err.empty()) return err;
  }
  const Points& p = r.points;
  for (const auto& [key, value] :
       {std::pair{"max_hands", r.max_hands},
        {"points.sequence", p.sequence},
        {"points.flush", p.flush},
        {"points.flush_sequence", p.flush_sequence}}) {
    auto err = CheckPositive(value, "{}", key);
    if (!err.empty()) return err;
  }
  for (int i = 0; i < 5; ++i) {
    auto err = CheckPositive(p.marriages[i], "points.marriages[{}]", i);
    if (!err.empty()) return err;
  }
  auto err = CheckRankTable("points.assembly", p.assembly);
  if (err.empty()) err = CheckRankTable("points.zetema", p.zetema);
  return err;
}

std::string_view ToString(TurnOrder v) {
  return v == TurnOrder::kDrawFirst ? "draw_first" : "play_first";
}
std::string_view ToString(SixPlayerTeams v) {
  return v == SixPlayerTeams::kPairs ? "pairs" : "trios";
}
std::string_view ToString(ImperialBonus v) {
  switch (v) {
    case ImperialBonus::kEach:
      return "each";
    case ImperialBonus::kSecond:
      return "second";
    case ImperialBonus::kNone:
      return "none";
  }
  return "?";
}
std::string_view ToString(AssemblyAfter v) {
  return v == AssemblyAfter::kDiscard ? "discard" : "waste_and_refill";
}
std::string_view ToString(MarriageRefill v) {
  return v == MarriageRefill::kEndOfTurn ? "end_of_turn" : "next_turn";
}

}  // namespace zetema
