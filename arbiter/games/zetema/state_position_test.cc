#include <fmt/format.h>
#include <gtest/gtest.h>

#include "arbiter/common/splitmix.h"
#include "arbiter/games/zetema/state.h"

namespace zetema {
namespace {

using arbiter::SplitMix64;

GameConfig Config(std::string_view preset, int players, uint64_t seed) {
  GameConfig config;
  config.rules = std::make_shared<const Ruleset>(*Preset(preset));
  config.num_players = players;
  config.seed = seed;
  return config;
}

// Plays both states on with the same choices and checks that they stay the
// same game: the same legal actions at every step, the same end.
void ExpectSameGame(State a, State b, SplitMix64& rng) {
  std::vector<Action> la, lb;
  for (int step = 0; !a.IsTerminal(); ++step) {
    ASSERT_FALSE(b.IsTerminal()) << "step " << step;
    ASSERT_EQ(a.CurrentPlayer(), b.CurrentPlayer()) << "step " << step;
    a.LegalActions(&la);
    b.LegalActions(&lb);
    ASSERT_EQ(la, lb) << "step " << step;
    const Action& action = la[rng.Below(la.size())];
    a.ApplyLegal(action);
    b.ApplyLegal(action);
  }
  ASSERT_TRUE(b.IsTerminal());
  EXPECT_EQ(a.Winner(), b.Winner());
  EXPECT_EQ(a.Standings(), b.Standings());
  EXPECT_EQ(a.HandNumber(), b.HandNumber());
  for (int seat = 0; seat < a.num_players(); ++seat) {
    EXPECT_EQ(a.Score(seat), b.Score(seat)) << "seat " << seat;
  }
}

TEST(StatePositionTest, PlaysOnExactlyAsTheOriginal) {
  for (const char* preset : {"parlett", "sackson", "hunt", "casual"}) {
    for (int players = 2; players <= 6; ++players) {
      for (uint64_t seed = 1; seed <= 6; ++seed) {
        SCOPED_TRACE(
            fmt::format("{} {} players seed {}", preset, players, seed));
        auto state = State::New(Config(preset, players, seed));
        ASSERT_TRUE(state.has_value()) << state.error();
        SplitMix64 rng(seed * 977);
        // Stop at a random decision of a random hand.
        const int steps = int(rng.Below(400));
        std::vector<Action> legal;
        for (int i = 0; i < steps && !state->IsTerminal(); ++i) {
          state->LegalActions(&legal);
          state->ApplyLegal(legal[rng.Below(legal.size())]);
        }
        if (state->IsTerminal()) continue;
        auto copy = State::FromPosition(state->config(), state->GetPosition());
        ASSERT_TRUE(copy.has_value()) << copy.error();
        EXPECT_EQ(copy->GetPosition().stock, state->GetPosition().stock);
        EXPECT_EQ(copy->Piles(), state->Piles());
        EXPECT_EQ(copy->TeamScore(0), state->TeamScore(0));
        ExpectSameGame(*state, *copy, rng);
      }
    }
  }
}

TEST(StatePositionTest, KeepsDealStateTheRulesDependOn) {
  // Hunt: a K zetema scores only after a K assembly; sackson: the second
  // imperial marriage earns the bonus; casual: marriages refill next turn.
  Position p;
  p.hand_number = 2;
  p.dealer = 1;
  p.current = 0;
  p.hands = {*ParseCardSet("KC 2H"), *ParseCardSet("3H 4H")};
  p.known = {{}, {}};
  p.piles = *ParseCardSet("KS KS KH KD");
  p.scores = {10, 20};
  p.refill_pending = {false, false};
  CardSet rest;
  for (Card c : FullDeck(0)) rest.Add(c);
  for (const CardSet& c : {p.hands[0], p.hands[1], p.piles}) {
    rest = rest.Minus(c);
  }
  p.waste = rest;  // an empty stock: the hand ends after four cards
  for (const bool declared : {false, true}) {
    p.assemblies_declared = declared ? uint16_t(1 << kKing) : 0;
    auto s = State::FromPosition(Config("hunt", 2, 3), p);
    ASSERT_TRUE(s.has_value()) << s.error();
    ASSERT_TRUE(s->Apply(*ParseAction("discard KC")).has_value());
    EXPECT_EQ(s->Score(0), declared ? 10 + 50 : 10);
  }
}

TEST(StatePositionTest, RefusesPositionsThatDoNotAddUp) {
  auto state = State::New(Config("parlett", 3, 5));
  ASSERT_TRUE(state.has_value());
  const Position good = state->GetPosition();
  ASSERT_TRUE(State::FromPosition(state->config(), good).has_value());
  auto refused = [&](auto change) {
    Position p = good;
    change(p);
    auto s = State::FromPosition(state->config(), p);
    return s.has_value() ? std::string() : s.error();
  };
  EXPECT_NE(refused([](Position& p) { p.stock.pop_back(); }).find("missing"),
            std::string::npos);
  EXPECT_NE(refused([](Position& p) {
              p.scores.pop_back();
            }).find("one entry per seat"),
            std::string::npos);
  EXPECT_NE(refused([](Position& p) { p.scores[1] = 300; }).find("target"),
            std::string::npos);
  EXPECT_NE(refused([](Position& p) {
              const std::vector<Card> held = p.hands[p.current].Cards();
              p.stock.insert(p.stock.end(), held.begin(), held.end());
              p.hands[p.current].Clear();
            }).find("no cards"),
            std::string::npos);
  EXPECT_NE(refused([](Position& p) {
              p.known[0] = *ParseCardSet("AS AS");
            }).find("does not hold"),
            std::string::npos);
  EXPECT_NE(refused([](Position& p) { p.current = 3; }).find("seats"),
            std::string::npos);
  EXPECT_NE(refused([](Position& p) { p.hand_number = 0; }).find("hand_number"),
            std::string::npos);
  EXPECT_NE(refused([](Position& p) {
              p.imperial_marriages = 3;
            }).find("imperial_marriages"),
            std::string::npos);
}

}  // namespace
}  // namespace zetema
