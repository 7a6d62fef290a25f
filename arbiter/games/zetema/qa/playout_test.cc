// Seeded random playouts of every preset at every table size, checking the
// invariants of playout_checks.h and the oracle of legal_oracle.h (legal list
// and points) after every step: 20 cases of 500 games, plus
// games under random knobs. A failure prints the seed, the step, the action
// and the state, which is enough to replay it.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "arbiter/games/zetema/qa/legal_oracle.h"
#include "arbiter/games/zetema/qa/playout_checks.h"
#include "arbiter/games/zetema/ruleset.h"
#include "arbiter/games/zetema/state.h"

namespace zetema::playout {
namespace {

constexpr int kGamesPerCase = 500;
constexpr int kRandomKnobGames = 100;
// Far above any real game (a few hundred decisions); reaching it means a game
// that does not end.
constexpr int kStepCap = 50000;
constexpr int kNearMissesPerStep = 3;

struct GameResult {
  std::string error;  // empty when every check held
  std::vector<uint32_t> choices;
  int steps = 0;
};

// Plays one game with random legal actions, applied through Apply(), and
// checks everything at every step.
GameResult PlayChecked(const GameConfig& config) {
  GameResult result;
  auto created = State::New(config);
  if (!created) {
    result.error = "State::New refused the configuration: " + created.error();
    return result;
  }
  State state = std::move(*created);
  Rng choice_rng(config.seed);
  Rng miss_rng(config.seed ^ 0x5EED5EED5EED5EEDULL);
  std::vector<Action> legal;
  std::vector<int> scores;
  EventAuditor auditor;
  std::string last_action = "(none)";
  auto fail = [&](const std::string& what) {
    result.error = "step " + std::to_string(result.steps) + " after '" +
                   last_action + "': " + what + "\n" + DescribeState(state);
    return result;
  };
  for (;; ++result.steps) {
    if (result.steps > kStepCap) return fail("game did not end");
    if (auto e = CheckState(state); !e.empty()) return fail(e);
    state.LegalActions(&legal);
    if (auto e = CheckLegalList(state, legal); !e.empty()) return fail(e);
    if (auto e = CheckAgainstOracle(state, legal); !e.empty()) return fail(e);
    if (auto e = auditor.Check(state); !e.empty()) return fail(e);
    // Observations copy the whole history: now and then, and at the end.
    if (result.steps % 16 == 0 || state.IsTerminal()) {
      if (auto e = CheckObservations(state); !e.empty()) return fail(e);
    }
    if (state.IsTerminal()) break;
    if (auto e = CheckAllApply(state, legal); !e.empty()) return fail(e);
    for (const Action& miss :
         NearMisses(state, legal, miss_rng, kNearMissesPerStep)) {
      if (auto e = CheckApplyMatchesList(state, legal, miss); !e.empty()) {
        return fail(e);
      }
    }
    const uint32_t choice = choice_rng.Below(uint32_t(legal.size()));
    result.choices.push_back(choice);
    last_action = ActionToString(legal[choice]);
    if (auto r = state.Apply(legal[choice]); !r) return fail(r.error());
    if (auto e = CheckScoresRise(state, &scores); !e.empty()) return fail(e);
  }
  if (auto e = CheckStandings(state); !e.empty()) return fail(e);
  // The same seed and the same choices give the same game, through ApplyLegal.
  State again = *State::New(config);
  for (uint32_t choice : result.choices) {
    again.LegalActions(&legal);
    if (choice >= legal.size()) return fail("replay: legal list shrank");
    again.ApplyLegal(legal[choice]);
  }
  const auto& a = state.Events();
  const auto& b = again.Events();
  if (a.size() != b.size() || !again.IsTerminal() ||
      !(TakeSnapshot(again) == TakeSnapshot(state))) {
    return fail("replay of the same seed ended differently");
  }
  for (size_t i = 0; i < a.size(); ++i) {
    if (!SameEvent(a[i], b[i])) {
      return fail("replay differs at event " + std::to_string(i) + ": " +
                  EventToString(a[i]) + " vs " + EventToString(b[i]));
    }
  }
  return result;
}

GameConfig Config(std::shared_ptr<const Ruleset> rules, int players,
                  uint64_t seed) {
  GameConfig config;
  config.rules = std::move(rules);
  config.num_players = players;
  config.seed = seed;
  return config;
}

uint64_t CaseSeed(int preset_index, int players, int game) {
  return (uint64_t(preset_index) << 40) ^ (uint64_t(players) << 32) ^
         uint64_t(game) * 0x9E3779B97F4A7C15ULL;
}

std::string Context(std::string_view preset, int players, uint64_t seed) {
  return "preset " + std::string(preset) + ", " + std::to_string(players) +
         " players, seed " + std::to_string(seed) + ":\n";
}

using PresetCase = std::tuple<int, int>;  // preset index, players

class PresetPlayoutTest : public ::testing::TestWithParam<PresetCase> {};

TEST_P(PresetPlayoutTest, InvariantsHoldAtEveryStep) {
  const auto [preset_index, players] = GetParam();
  const std::string_view name = kPresetNames[preset_index];
  auto preset = Preset(name);
  ASSERT_TRUE(preset.has_value()) << preset.error();
  auto rules = std::make_shared<const Ruleset>(*preset);
  int64_t total_steps = 0;
  for (int game = 0; game < kGamesPerCase; ++game) {
    GameConfig config =
        Config(rules, players, CaseSeed(preset_index, players, game));
    GameResult r = PlayChecked(config);
    ASSERT_TRUE(r.error.empty())
        << Context(name, players, config.seed) << r.error;
    total_steps += r.steps;
  }
  // Every game took decisions; a zero would mean nothing was tested.
  EXPECT_GE(total_steps, kGamesPerCase);
}

INSTANTIATE_TEST_SUITE_P(
    AllPresets, PresetPlayoutTest,
    ::testing::Combine(::testing::Range(0, int(kPresetNames.size())),
                       ::testing::Range(kMinPlayers, kMaxPlayers + 1)),
    [](const ::testing::TestParamInfo<PresetCase>& info) {
      return std::string(kPresetNames[std::get<0>(info.param)]) + "_p" +
             std::to_string(std::get<1>(info.param));
    });

class RandomKnobsPlayoutTest : public ::testing::TestWithParam<int> {};

// Knob combinations no preset has (draw first with waste and refill, seven-card
// melds, tiny targets, a hand limit of one) under the same checks.
TEST_P(RandomKnobsPlayoutTest, InvariantsHoldAtEveryStep) {
  const int players = GetParam();
  for (int game = 0; game < kRandomKnobGames; ++game) {
    const uint64_t seed = CaseSeed(7, players, game);
    Rng knob_rng(seed + 1);
    Ruleset knobs = RandomKnobs(*Preset(kPresetNames[game % 4]), knob_rng);
    ASSERT_EQ(ValidateRuleset(knobs), "") << RulesetToToml(knobs);
    GameConfig config =
        Config(std::make_shared<const Ruleset>(knobs), players, seed);
    GameResult r = PlayChecked(config);
    ASSERT_TRUE(r.error.empty()) << Context("random knobs", players, seed)
                                 << RulesetToToml(knobs) << r.error;
  }
}

INSTANTIATE_TEST_SUITE_P(AllSizes, RandomKnobsPlayoutTest,
                         ::testing::Range(kMinPlayers, kMaxPlayers + 1),
                         [](const ::testing::TestParamInfo<int>& info) {
                           return "p" + std::to_string(info.param);
                         });

// A refused action must not be silently accepted because of an earlier one:
// the near-miss generator has to produce actions that are not listed.
TEST(NearMissTest, MostNearMissesAreRefused) {
  auto rules = std::make_shared<const Ruleset>(*Preset("parlett"));
  State state = *State::New(Config(rules, 2, 1234));
  const std::vector<Action> legal = state.LegalActions();
  Rng rng(99);
  int refused = 0;
  const std::vector<Action> misses = NearMisses(state, legal, rng, 200);
  for (const Action& a : misses) {
    if (std::find(legal.begin(), legal.end(), a) == legal.end()) ++refused;
    ASSERT_EQ(CheckApplyMatchesList(state, legal, a), "");
  }
  EXPECT_GE(misses.size(), 150u);
  EXPECT_GE(refused, int(misses.size()) / 2);
}

}  // namespace
}  // namespace zetema::playout
