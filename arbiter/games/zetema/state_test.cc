#include "arbiter/games/zetema/state.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace zetema {
namespace {

// A full deck that deals `hands` (seat by seat) with `dealer` dealing, then
// puts `stock_top` on top of the stock; the other cards follow in pack order.
std::vector<Card> DeckFor(int dealer, const std::vector<std::string>& hands,
                          std::string_view stock_top, int imperial = 0) {
  const int n = int(hands.size());
  std::vector<std::vector<Card>> dealt;
  CardSet used;
  for (const auto& h : hands) {
    dealt.push_back(*ParseCards(h));
    for (Card c : dealt.back()) used.Add(c);
  }
  std::vector<Card> deck;
  for (size_t i = 0; i < dealt[0].size(); ++i) {
    for (int k = 0; k < n; ++k) deck.push_back(dealt[(dealer + 1 + k) % n][i]);
  }
  const std::vector<Card> top = *ParseCards(stock_top);
  for (Card c : top) {
    deck.push_back(c);
    used.Add(c);
  }
  CardSet rest;
  for (Card c : FullDeck(imperial)) rest.Add(c);
  rest = rest.Minus(used);
  for (Card c : rest.Cards()) deck.push_back(c);
  return deck;
}

State NewGame(std::string_view preset, int dealer,
              const std::vector<std::string>& hands, std::string_view stock,
              void (*tweak)(Ruleset*) = nullptr) {
  auto rules = std::make_shared<Ruleset>(*Preset(preset));
  if (tweak) tweak(rules.get());
  GameConfig config{.rules = rules,
                    .num_players = int(hands.size()),
                    .seed = 7,
                    .first_dealer = dealer,
                    .decks = {DeckFor(dealer, hands, stock)}};
  auto state = State::New(config);
  EXPECT_TRUE(state.has_value()) << state.error();
  return *state;
}

void Play(State& s, std::string_view text) {
  const auto action = ParseAction(text);
  ASSERT_TRUE(action.has_value()) << action.error();
  const auto ok = s.Apply(*action);
  ASSERT_TRUE(ok.has_value()) << ok.error();
}

TEST(StateTest, DesignExample) {
  State s = NewGame("parlett", 1, {"4S 5H 6D 7C 8S KD", "2C 2D 3C JC JD TC"},
                    "9H 4C 8D");
  EXPECT_EQ(s.CurrentPlayer(), 0);
  EXPECT_EQ(s.Hand(0).Size(), 7);  // drew 9H
  Play(s, "meld 4S 5H 6D 7C 8S 9H discard 9H");
  Play(s, "discard 2C");
  EXPECT_EQ(s.Score(0), 20);
  EXPECT_EQ(s.Score(1), 0);
  EXPECT_EQ(s.CurrentPlayer(), 0);
  EXPECT_EQ(s.Hand(0), *ParseCardSet("4S 5H 6D 7C 8S KD 8D"));
  EXPECT_EQ(s.Hand(1), *ParseCardSet("2D 3C JC JD TC 4C"));
  EXPECT_EQ(s.Piles(), *ParseCardSet("9H 2C"));
  EXPECT_EQ(s.StockSize(), 50);
  EXPECT_EQ(s.LegalActions().size(), 7u);
  EXPECT_EQ(s.Known(0), *ParseCardSet("4S 5H 6D 7C 8S"));
}

TEST(StateTest, IllegalActionsLeaveTheStateUnchanged) {
  State s = NewGame("parlett", 1, {"4S 5H 6D 7C 8S KD", "2C 2D 3C JC JD TC"},
                    "9H 4C 8D");
  const std::vector<Action> before = s.LegalActions();
  for (const char* text : {"discard 2C", "meld 4S 5H 6D 7C 8S 9H discard KD",
                           "meld 4S 5H 6D 7C 8S 9H",
                           "meld 4S 5H 6D 7C 8S discard 4S", "marry KD QD*"}) {
    const auto r = s.Apply(*ParseAction(text));
    EXPECT_FALSE(r.has_value()) << text;
  }
  Action no_card = Action::Discard(kNoCard);
  EXPECT_FALSE(s.Apply(no_card).has_value());
  no_card.discard = MakeCard(0, 14);  // between two suits' lanes
  EXPECT_FALSE(s.Apply(no_card).has_value());
  EXPECT_EQ(s.LegalActions(), before);
  EXPECT_EQ(s.Score(0), 0);
  EXPECT_EQ(s.Hand(0).Size(), 7);
}

TEST(StateTest, ZetemaOfFives) {
  // Seat 0 discards 5S 5S, seat 1 5H then 5D; seat 0 discards 5C: zetema.
  State s = NewGame("parlett", 1, {"5S 5S 5C 2H 3H 4H", "5H 5D 8C 9C TC JC"},
                    "KC KD KH QC QD");
  Play(s, "discard 5S");
  Play(s, "discard 5H");
  Play(s, "discard 5S");
  Play(s, "discard 5D");
  EXPECT_EQ(s.PileSize(4), 4);
  Play(s, "discard 5C");
  EXPECT_EQ(s.Score(0), 15);
  EXPECT_EQ(s.PileSize(4), 0);
  EXPECT_EQ(s.WasteSize(), 5);
}

TEST(StateTest, ParlettImperialMarriages) {
  // Seat 1 discards KS to the K pile; seat 0 marries both spade marriages.
  State s = NewGame("parlett", 1, {"KS QS QS 2H 3H 4H", "KS 8C 9C TC JC 2D"},
                    "7D 7C 6D");
  Play(s, "discard 2H");
  Play(s, "discard KS");
  Play(s, "marry KS QS, KS* QS");
  EXPECT_EQ(s.Score(0), 50);
  EXPECT_EQ(s.WasteSize(), 4);
  EXPECT_EQ(s.PileSize(kKing), 0);
  EXPECT_EQ(s.Hand(0).Size(), 6);  // refilled at the end of the turn
}

TEST(StateTest, SacksonSecondImperialMarriage) {
  // Play first. Seat 0 marries KS QS (10); seat 1 later marries the other
  // imperial pair: the imperial marriage, 20.
  State s = NewGame("sackson", 1, {"KS QS 2H 3H 4H 5H", "KS QS 8C 9C TC JC"},
                    "7D 7C 6D 6C 2C 3C");
  Play(s, "marry KS QS");
  EXPECT_EQ(s.Score(0), 10);
  Play(s, "marry KS QS");
  EXPECT_EQ(s.Score(1), 20);
}

TEST(StateTest, GameEndsTheMomentTheTargetIsReached) {
  State s = NewGame("parlett", 1, {"4S 5H 6D 7C 8S KD", "2C 2D 3C JC JD TC"},
                    "9H 4C 8D", [](Ruleset* r) {
                      r->target = {20, 20, 20, 20, 20};
                    });
  Play(s, "meld 4S 5H 6D 7C 8S 9H discard 9H");
  EXPECT_TRUE(s.IsTerminal());
  EXPECT_EQ(s.Winner(), 0);
  EXPECT_EQ(s.Hand(0).Size(), 7);  // the discard was not made
  EXPECT_TRUE(s.Piles().Empty());
  EXPECT_TRUE(s.LegalActions().empty());
  EXPECT_EQ(s.Standings(), (std::vector<int>{1, 2}));
}

int PointsOf(const State& s, std::string_view text) {
  auto legal = s.Legalize(*ParseAction(text));
  EXPECT_TRUE(legal.has_value()) << text << ": " << legal.error();
  return legal ? s.ActionPoints(*legal) : -1;
}

TEST(StateTest, ActionPointsNameWhatAnActionScores) {
  State s = NewGame("parlett", 1, {"4S 5H 6D 7C 8S KD", "2C 2D 3C JC JD TC"},
                    "9H 4C 8D");
  EXPECT_EQ(PointsOf(s, "meld 4S 5H 6D 7C 8S 9H discard 9H"), 20);
  EXPECT_EQ(PointsOf(s, "discard KD"), 0);
  // A discard that completes a zetema scores it.
  State z = NewGame("parlett", 1, {"5S 5S 5C 2H 3H 4H", "5H 5D 8C 9C TC JC"},
                    "KC KD KH QC QD");
  for (const char* a :
       {"discard 5S", "discard 5H", "discard 5S", "discard 5D"}) {
    Play(z, a);
  }
  EXPECT_EQ(PointsOf(z, "discard 5C"), 15);
  EXPECT_EQ(PointsOf(z, "discard 2H"), 0);
  State m = NewGame("parlett", 1, {"KS QS QS 2H 3H 4H", "KS 8C 9C TC JC 2D"},
                    "7D 7C 6D");
  Play(m, "discard 2H");
  Play(m, "discard KS");
  EXPECT_EQ(PointsOf(m, "marry KS QS, KS* QS"), 50);
}

// Over whole games, every legal action: ActionPoints is what playing it adds
// to the seat's score.
TEST(StateTest, ActionPointsMatchTheScoreOfPlayingIt) {
  int scoring = 0;
  for (const char* preset : {"parlett", "sackson", "hunt", "casual"}) {
    for (int players : {2, 3, 4}) {
      auto rules = std::make_shared<Ruleset>(*Preset(preset));
      GameConfig config{.rules = rules,
                        .num_players = players,
                        .seed = uint64_t(players * 31 + 7)};
      State s = *State::New(config);
      uint64_t pick = 12345;
      while (!s.IsTerminal()) {
        const int p = s.CurrentPlayer();
        const std::vector<Action> legal = s.LegalActions();
        for (const Action& a : legal) {
          State next = s;
          next.ApplyLegal(a);
          const int points = s.ActionPoints(a);
          ASSERT_EQ(points, next.Score(p) - s.Score(p)) << ActionToString(a);
          scoring += points > 0;
        }
        pick = pick * 6364136223846793005u + 1442695040888963407u;
        // Prefer scoring actions now and then, so that games end.
        size_t i = (pick >> 33) % legal.size();
        if ((pick >> 20) % 3 == 0) {
          for (size_t j = 0; j < legal.size(); ++j) {
            if (s.ActionPoints(legal[j]) > 0) i = j;
          }
        }
        s.ApplyLegal(legal[i]);
      }
    }
  }
  EXPECT_GT(scoring, 100);  // the check saw scoring actions
}

TEST(StateTest, SeedsAreDeterministic) {
  auto rules = std::make_shared<Ruleset>(*Preset("parlett"));
  GameConfig config{.rules = rules, .num_players = 4, .seed = 99};
  State a = *State::New(config);
  State b = *State::New(config);
  EXPECT_EQ(a.Dealer(), b.Dealer());
  EXPECT_EQ(a.Deck(1), b.Deck(1));
  config.seed = 100;
  EXPECT_NE(State::New(config)->Deck(1), a.Deck(1));
  EXPECT_EQ(ShuffledDeck(5, 1, 0), ShuffledDeck(5, 1, 0));
  EXPECT_NE(ShuffledDeck(5, 1, 0), ShuffledDeck(5, 2, 0));
}

TEST(StateTest, RefusesBadConfigs) {
  auto rules = std::make_shared<Ruleset>(*Preset("parlett"));
  EXPECT_FALSE(State::New({.rules = rules, .num_players = 7}).has_value());
  EXPECT_FALSE(State::New({.rules = rules, .num_players = 2, .first_dealer = 2})
                   .has_value());
  std::vector<Card> short_deck = FullDeck(0);
  short_deck.pop_back();
  const auto s =
      State::New({.rules = rules, .num_players = 2, .decks = {short_deck}});
  ASSERT_FALSE(s.has_value());
  EXPECT_NE(s.error().find("deck of hand 1"), std::string::npos) << s.error();
}

}  // namespace
}  // namespace zetema
