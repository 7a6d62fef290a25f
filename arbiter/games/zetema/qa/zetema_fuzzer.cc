// libFuzzer target for the engine (CMake option ZETEMA_FUZZ, clang only; run
// it with scripts/fuzz). The first byte chooses what the input drives:
//   0      ParseAction on the rest of the input
//   1      ParseCard and ParseCards
//   2      ParseRuleset (TOML text); an accepted ruleset must validate and
//          survive RulesetToToml
//   3..    a game: preset, knobs, player count, seed, first dealer and maybe
//          an explicit deck, then one action choice per byte, with near-miss
//          actions mixed in; the checks of playout_checks.h and the oracle of
//          legal_oracle.h run at every step. A quarter of the games go on
//          with random choices to the end when the input runs out.
// A broken invariant prints the state and aborts, which libFuzzer reports as
// a crash with the input that caused it.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "arbiter/games/zetema/action.h"
#include "arbiter/games/zetema/cards.h"
#include "arbiter/games/zetema/qa/legal_oracle.h"
#include "arbiter/games/zetema/qa/playout_checks.h"
#include "arbiter/games/zetema/ruleset.h"
#include "arbiter/games/zetema/state.h"

namespace zetema::playout {
namespace {

// Games are cut short: long games add little coverage per second.
constexpr int kMaxSteps = 3000;

[[noreturn]] void Die(const std::string& what, const State* state) {
  std::fprintf(stderr, "INVARIANT BROKEN: %s\n%s\n", what.c_str(),
               state ? DescribeState(*state).c_str() : "");
  std::abort();
}

void FuzzParsers(int mode, FuzzedDataProvider& data) {
  const std::string text = data.ConsumeRemainingBytesAsString();
  if (mode == 0) {
    auto action = ParseAction(text);
    if (!action && action.error().empty())
      Die("ParseAction: empty error", nullptr);
    if (action) (void)ActionToString(*action);
  } else if (mode == 1) {
    auto card = ParseCard(text);
    if (card && !IsValidCard(*card)) {
      Die("ParseCard accepted a card that does not exist: " + text, nullptr);
    }
    if (card && ParseCard(CardToString(*card)) != card) {
      Die("card text does not round-trip: " + text, nullptr);
    }
    (void)ParseCards(text);
  } else {
    // Any bytes: ParseRuleset refuses non-ASCII itself, before toml++ 3.3
    // (Debian 12) could crash on it (a known toml++ bug).
    auto rules = ParseRuleset(text);
    if (!rules) {
      if (rules.error().empty()) Die("ParseRuleset: empty error", nullptr);
      return;
    }
    if (auto e = ValidateRuleset(*rules); !e.empty()) {
      Die("ParseRuleset accepted an invalid ruleset: " + e, nullptr);
    }
    auto again = ParseRuleset(RulesetToToml(*rules));
    if (!again || !(*again == *rules)) {
      Die("RulesetToToml does not round-trip:\n" + RulesetToToml(*rules),
          nullptr);
    }
  }
}

// Sets *broken when it deliberately makes the configuration invalid.
GameConfig MakeConfig(FuzzedDataProvider& data, Ruleset* rules, bool* broken) {
  *rules = *Preset(kPresetNames[data.ConsumeIntegralInRange(0, 3)]);
  const uint64_t seed = data.ConsumeIntegral<uint64_t>();
  if (data.ConsumeBool()) {
    Rng knob_rng(data.ConsumeIntegral<uint64_t>());
    *rules = RandomKnobs(*rules, knob_rng);
  }
  if (data.ConsumeIntegralInRange(0, 15) == 0) {
    // Occasionally an impossible value: State::New must refuse it.
    rules->hand_size[data.ConsumeIntegralInRange(0, 4)] =
        data.ConsumeIntegralInRange(-2, 9);
    rules->meld_length[data.ConsumeIntegralInRange(0, 4)] =
        data.ConsumeIntegralInRange(-2, 9);
  }
  GameConfig config;
  config.rules = std::make_shared<const Ruleset>(*rules);
  config.num_players = data.ConsumeIntegralInRange(kMinPlayers, kMaxPlayers);
  if (data.ConsumeIntegralInRange(0, 31) == 0) {
    config.num_players = data.ConsumeIntegralInRange(-1, 9);
  }
  config.seed = seed;
  config.first_dealer = data.ConsumeIntegralInRange(-1, config.num_players);
  if (data.ConsumeBool()) {
    // An explicit first deck: the pack shuffled by the input.
    std::vector<Card> deck = FullDeck(rules->imperial_suit);
    for (size_t i = deck.size() - 1; i > 0; --i) {
      std::swap(deck[i], deck[data.ConsumeIntegralInRange<size_t>(0, i)]);
    }
    if (data.ConsumeIntegralInRange(0, 15) == 0) {
      deck.pop_back();
      *broken = true;
    }
    config.decks.push_back(std::move(deck));
  }
  return config;
}

void FuzzGame(FuzzedDataProvider& data) {
  Ruleset rules;
  bool broken = false;
  GameConfig config = MakeConfig(data, &rules, &broken);
  const bool valid = !broken && ValidateRuleset(rules).empty() &&
                     config.num_players >= kMinPlayers &&
                     config.num_players <= kMaxPlayers &&
                     config.first_dealer < config.num_players;
  auto created = State::New(config);
  if (!created) {
    if (created.error().empty()) Die("State::New: empty error", nullptr);
    return;
  }
  if (!valid) Die("State::New accepted an invalid configuration", &*created);
  State state = std::move(*created);
  // Most inputs stop when their choices run out, which keeps runs short; the
  // others finish the game with random choices.
  const bool finish = data.ConsumeIntegralInRange(0, 3) == 0;
  Rng rng(config.seed);
  std::vector<Action> legal;
  std::vector<int> scores;
  EventAuditor auditor;
  for (int step = 0; step < kMaxSteps; ++step) {
    if (auto e = CheckState(state); !e.empty()) Die(e, &state);
    state.LegalActions(&legal);
    if (auto e = CheckLegalList(state, legal); !e.empty()) Die(e, &state);
    if (auto e = CheckAgainstOracle(state, legal); !e.empty()) Die(e, &state);
    if (auto e = auditor.Check(state); !e.empty()) Die(e, &state);
    if (state.IsTerminal()) {
      if (auto e = CheckStandings(state); !e.empty()) Die(e, &state);
      if (auto e = CheckObservations(state); !e.empty()) Die(e, &state);
      return;
    }
    if (data.remaining_bytes() == 0 && !finish) return;
    const uint8_t byte = data.remaining_bytes() > 0
                             ? data.ConsumeIntegral<uint8_t>()
                             : uint8_t(rng.Next());
    if (byte >= 224) {  // a near miss, then the step goes on
      for (const Action& miss : NearMisses(state, legal, rng, 1)) {
        if (auto e = CheckApplyMatchesList(state, legal, miss); !e.empty()) {
          Die(e, &state);
        }
      }
    }
    const Action& chosen = legal[byte % legal.size()];
    if (auto r = state.Apply(chosen); !r) {
      Die("listed '" + ActionToString(chosen) + "' refused: " + r.error(),
          &state);
    }
    if (auto e = CheckScoresRise(state, &scores); !e.empty()) Die(e, &state);
  }
}

}  // namespace
}  // namespace zetema::playout

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  FuzzedDataProvider data(bytes, size);
  const int mode = data.ConsumeIntegral<uint8_t>() % 8;
  if (mode < 3) {
    zetema::playout::FuzzParsers(mode, data);
  } else {
    zetema::playout::FuzzGame(data);
  }
  return 0;
}
