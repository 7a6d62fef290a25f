#include "sample-bots/strong/search.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "arbiter/common/splitmix.h"
#include "arbiter/games/zetema/state.h"
#include "sample-bots/strong/belief.h"
#include "sample-bots/strong/policy.h"

namespace strong {
namespace {

using zetema::Action;
using zetema::State;

zetema::GameConfig Config(std::string_view preset, int players, uint64_t seed) {
  zetema::GameConfig config;
  config.rules =
      std::make_shared<const zetema::Ruleset>(*zetema::Preset(preset));
  config.num_players = players;
  config.seed = seed;
  return config;
}

// Random play for a random number of steps; nullopt when the game ended.
std::optional<State> MidGame(std::string_view preset, int players,
                             uint64_t seed) {
  auto state = State::New(Config(preset, players, seed));
  EXPECT_TRUE(state.has_value());
  arbiter::SplitMix64 rng(seed * 31 + 7);
  const int steps = int(rng.Below(300));
  std::vector<Action> legal;
  for (int i = 0; i < steps && !state->IsTerminal(); ++i) {
    state->LegalActions(&legal);
    state->ApplyLegal(legal[rng.Below(legal.size())]);
  }
  if (state->IsTerminal()) return std::nullopt;
  return *state;
}

TEST(BeliefTest, AgreesWithTheTruthOnEverythingTheSeatMayKnow) {
  int checked = 0;
  for (const char* preset : {"parlett", "sackson", "hunt", "casual"}) {
    for (int players = 2; players <= 6; ++players) {
      for (uint64_t seed = 1; seed <= 8; ++seed) {
        SCOPED_TRACE(
            fmt::format("{} {} players seed {}", preset, players, seed));
        auto state = MidGame(preset, players, seed);
        if (!state) continue;
        const int seat = state->CurrentPlayer();
        auto belief = BeliefFrom(state->ObservationFor(seat), state->rules());
        ASSERT_TRUE(belief.has_value()) << belief.error();
        const zetema::Position truth = state->GetPosition();
        EXPECT_EQ(belief->position.refill_pending, truth.refill_pending);
        EXPECT_EQ(belief->position.assemblies_declared,
                  truth.assemblies_declared);
        EXPECT_EQ(belief->position.imperial_marriages,
                  truth.imperial_marriages);
        arbiter::SplitMix64 rng(seed);
        const zetema::Position sample = Sample(*belief, rng);
        EXPECT_EQ(sample.hands[seat], truth.hands[seat]);
        EXPECT_EQ(sample.stock.size(), truth.stock.size());
        for (int p = 0; p < players; ++p) {
          EXPECT_EQ(sample.hands[p].Size(), truth.hands[p].Size());
          EXPECT_TRUE(sample.hands[p].Contains(truth.known[p]));
        }
        auto sampled = State::FromPosition(state->config(), sample);
        ASSERT_TRUE(sampled.has_value()) << sampled.error();
        EXPECT_EQ(sampled->LegalActions(), state->LegalActions());
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 100);
}

TEST(BeliefTest, SamplesOnlyUnseenCards) {
  auto state = MidGame("parlett", 3, 11);
  ASSERT_TRUE(state.has_value());
  const int seat = state->CurrentPlayer();
  auto belief = BeliefFrom(state->ObservationFor(seat), state->rules());
  ASSERT_TRUE(belief.has_value());
  zetema::CardSet unseen;
  for (zetema::Card c : belief->unseen) unseen.Add(c);
  // Unseen and seen make the pack: nothing seen is sampled again.
  zetema::CardSet seen =
      state->Hand(seat).Plus(state->Piles()).Plus(state->Waste());
  for (int s = 0; s < 3; ++s) {
    if (s != seat) seen = seen.Plus(state->Known(s));
  }
  zetema::CardSet pack;
  for (zetema::Card c : zetema::FullDeck(0)) pack.Add(c);
  EXPECT_EQ(unseen.Plus(seen), pack);
  for (int i = 0; i < 20; ++i) {
    arbiter::SplitMix64 rng{uint64_t(i)};
    const zetema::Position p = Sample(*belief, rng);
    zetema::CardSet dealt;
    for (zetema::Card c : p.stock) dealt.Add(c);
    for (int s = 0; s < 3; ++s) {
      if (s != seat) dealt = dealt.Plus(p.hands[s].Minus(p.known[s]));
    }
    EXPECT_EQ(dealt, unseen);
  }
}

TEST(SearchTest, ChoosesALegalActionDeterministicallyForARoundBudget) {
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    auto state =
        MidGame(seed % 2 ? "parlett" : "sackson", 2 + int(seed % 3), seed);
    if (!state) continue;
    const int seat = state->CurrentPlayer();
    auto belief = BeliefFrom(state->ObservationFor(seat), state->rules());
    ASSERT_TRUE(belief.has_value());
    const std::vector<Action> legal = state->LegalActions();
    auto a = Search(state->config(), *belief, legal, seed, {.max_rounds = 40});
    auto b = Search(state->config(), *belief, legal, seed, {.max_rounds = 40});
    ASSERT_TRUE(a.has_value()) << a.error();
    ASSERT_TRUE(b.has_value());
    ASSERT_GE(a->choice, 0);
    ASSERT_LT(a->choice, int(legal.size()));
    EXPECT_EQ(a->choice, b->choice);
    EXPECT_EQ(a->means, b->means);
    EXPECT_EQ(a->rounds, b->rounds);
    if (legal.size() > 1) EXPECT_GT(a->rounds, 0);
  }
}

TEST(SearchTest, TakesAZetemaWorthFiftyOverAPlainDiscard) {
  // Parlett, two players, draw first: seat 0 holds a king whose pile holds
  // the other four; discarding it scores 50 at once.
  zetema::Position p;
  p.hand_number = 1;
  p.dealer = 1;
  p.current = 0;
  p.hands = {*zetema::ParseCardSet("KC 2H 7D 9C 4S 3D JH"),
             *zetema::ParseCardSet("5H 6H 8D TC QD 2C")};
  p.known = {{}, {}};
  p.piles = *zetema::ParseCardSet("KS KS KH KD");
  p.scores = {0, 0};
  p.refill_pending = {false, false};
  zetema::CardSet rest;
  for (zetema::Card c : zetema::FullDeck(0)) rest.Add(c);
  for (const auto& c : {p.hands[0], p.hands[1], p.piles}) rest = rest.Minus(c);
  p.stock = rest.Cards();
  auto state = State::FromPosition(Config("parlett", 2, 1), p);
  ASSERT_TRUE(state.has_value()) << state.error();
  auto belief = BeliefFrom(state->ObservationFor(0), state->rules());
  ASSERT_TRUE(belief.has_value()) << belief.error();
  const std::vector<Action> legal = state->LegalActions();
  auto result = Search(state->config(), *belief, legal, 5, {.max_rounds = 64});
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(zetema::ActionToString(legal[result->choice]), "discard KC");
}

}  // namespace
}  // namespace strong
