#include "arbiter/games/scotch_whist/state.h"

#include <gtest/gtest.h>

#include <numeric>

namespace scotch_whist {
namespace {

// The deck that deals `hands` (per seat, each in the order dealt) when
// `dealer` deals: the dealer's last card is the turned trump.
std::vector<Card> DeckFor(int dealer, const std::vector<std::string>& hands) {
  const int n = int(hands.size());
  std::vector<std::vector<Card>> cards;
  for (const auto& h : hands) cards.push_back(*ParseCardList(h));
  std::vector<Card> deck;
  for (size_t round = 0; round < cards[0].size(); ++round) {
    for (int k = 1; k <= n; ++k) deck.push_back(cards[(dealer + k) % n][round]);
  }
  return deck;
}

GameConfig Config(int players, Ruleset rules = {}) {
  GameConfig c;
  c.rules = std::make_shared<const Ruleset>(rules);
  c.num_players = players;
  c.seed = 7;
  return c;
}

void Play(State& s, const std::string& card) {
  auto r = s.Apply(*ParseCard(card));
  ASSERT_TRUE(r.has_value()) << card << ": " << r.error();
}

TEST(StateTest, DealsOneAtATimeFromTheDealersLeft) {
  GameConfig c = Config(4);
  c.first_dealer = 2;
  std::vector<Card> deck = CardSet::Pack(4).Cards();  // 6S 7S 8S ...
  c.decks = {deck};
  State s = *State::New(c);
  // Seat 3 gets the 1st, 5th, ... card; the dealer (2) the 4th, 8th, last.
  EXPECT_EQ(s.Hand(3).ToString(), "6S TS AS 9H KH 8D QD 7C JC");
  EXPECT_EQ(s.Hand(2).Size(), 9);
  EXPECT_TRUE(s.Hand(2).Has(deck.back()));
  EXPECT_EQ(s.TrumpCard(), deck.back());
  EXPECT_TRUE(s.TrumpHeld());
  EXPECT_EQ(s.TrumpSuit(), 3);
  EXPECT_EQ(s.CurrentPlayer(), 3);
  EXPECT_EQ(s.DealtHand(1, 3), s.Hand(3));
  EXPECT_EQ(s.DealtHand(1, 2), s.Hand(2));
}

TEST(StateTest, RefusesBadDecksAndSeats) {
  GameConfig c = Config(5);
  c.decks = {CardSet::Pack(4).Cards()};
  EXPECT_NE(State::New(c).error().find("6C is not in play at 5 seats"),
            std::string::npos);
  c.decks = {CardSet::Pack(5).Cards()};
  c.decks[0].pop_back();
  EXPECT_NE(State::New(c).error().find("34 cards, expected 35"),
            std::string::npos);
  EXPECT_FALSE(State::New(Config(8)).has_value());
  EXPECT_FALSE(State::New(Config(1)).has_value());
  GameConfig d = Config(3);
  d.first_dealer = 3;
  EXPECT_NE(State::New(d).error().find("dealer"), std::string::npos);
}

TEST(StateTest, FollowSuitWhenAble) {
  GameConfig c = Config(2);
  c.first_dealer = 1;
  // Seat 0 holds spades and hearts, seat 1 one spade among diamonds.
  c.decks = {DeckFor(1, {"AS KS QS JS TS 9S 8S 7S AH KH QH JH TH 9H 8H 7H 6H "
                         "AD",
                         "6S KD QD JD TD 9D 8D 7D 6D AC KC QC JC TC 9C 8C 7C "
                         "6C"})};
  State s = *State::New(c);
  EXPECT_EQ(s.TrumpSuit(), 3);  // 6C turned
  Play(s, "AS");
  EXPECT_EQ(s.LegalCards().ToString(), "6S");
  EXPECT_NE(s.WhyIllegal(*ParseCard("KD")).find("must follow suit S"),
            std::string::npos);
  EXPECT_NE(s.WhyIllegal(*ParseCard("AH")).find("not in seat 1's hand"),
            std::string::npos);
  Play(s, "6S");
  EXPECT_EQ(s.CurrentPlayer(), 0);  // the ace wins
  Play(s, "KS");
  // No spade left: anything goes.
  EXPECT_EQ(s.LegalCards(), s.Hand(1));
}

TEST(StateTest, TrickGoesToTheHighestTrumpJackFirst) {
  Trick t{.leader = 0, .size = 4};
  // Trump hearts; led spades.
  t.cards = {*ParseCard("AS"), *ParseCard("AH"), *ParseCard("JH"),
             *ParseCard("KS")};
  EXPECT_EQ(TrickWinner(t, 1, 4), 2);  // JH over AH
  t.cards = {*ParseCard("9S"), *ParseCard("AD"), *ParseCard("KS"),
             *ParseCard("TS")};
  EXPECT_EQ(TrickWinner(t, 1, 4), 2);  // no trump: highest spade
  t.leader = 3;
  EXPECT_EQ(TrickWinner(t, 1, 4), 1);  // the third card is seat 1's
  // In a plain suit the jack is below the queen.
  t.cards = {*ParseCard("JS"), *ParseCard("QS"), *ParseCard("6H"),
             *ParseCard("AS")};
  EXPECT_EQ(TrickWinner(t, 1, 4), 1);  // 6H trumps
  t.cards = {*ParseCard("JS"), *ParseCard("QS"), *ParseCard("6D"),
             *ParseCard("7S")};
  EXPECT_EQ(TrickWinner(t, 0, 4), 3);  // trump led: JS over QS
}

// Seat 0 deals itself every spade and heart and turns up the 6S; seat 1
// holds no trump, so whoever leads, seat 0 takes every trick by playing its
// lowest card (a trump).
const std::vector<Card> kSweep =
    DeckFor(0, {"AS KS QS JS TS 9S 8S 7S AH KH QH JH TH 9H 8H 7H 6H 6S",
                "AD KD QD JD TD 9D 8D 7D 6D AC KC QC JC TC 9C 8C 7C 6C"});

TEST(StateTest, ScoresItemByItemInOrder) {
  GameConfig c = Config(2);
  c.first_dealer = 0;
  c.decks = {kSweep};
  State s = *State::New(c);
  ASSERT_EQ(s.TrumpSuit(), 0);
  std::vector<Card> legal;
  while (s.HandNumber() == 1 && !s.IsTerminal()) {
    s.LegalActions(&legal);
    s.ApplyLegal(legal[0]);
  }
  // Seat 0 took 36 cards: ten 10, tricks 18, ace 4 = 32, king 3 = 35, queen 2
  // = 37, jack 11 = 48: the game is won by the jack.
  EXPECT_TRUE(s.IsTerminal());
  EXPECT_EQ(s.Winner(), 0);
  EXPECT_EQ(s.Score(0), 48);
  EXPECT_EQ(s.Score(1), 0);
  EXPECT_EQ(s.Standings(), (std::vector<int>{1, 2}));
  std::vector<ScoreItem> items;
  for (const Event& e : s.Events()) {
    if (e.type == EventType::kScore) items.push_back(e.item);
  }
  EXPECT_EQ(items, (std::vector<ScoreItem>{
                       ScoreItem::kTen, ScoreItem::kTricks, ScoreItem::kAce,
                       ScoreItem::kKing, ScoreItem::kQueen, ScoreItem::kJack}));
}

TEST(StateTest, TheTargetEndsTheGameAtOnce) {
  Ruleset rules;
  rules.target = 20;
  GameConfig c = Config(2, rules);
  c.first_dealer = 0;
  c.decks = {kSweep};
  State s = *State::New(c);
  std::vector<Card> legal;
  while (!s.IsTerminal()) {
    s.LegalActions(&legal);
    s.ApplyLegal(legal[0]);
  }
  // 10 for the ten, then 18 for tricks reaches 20: the honours are not
  // scored.
  EXPECT_EQ(s.Score(0), 28);
  EXPECT_EQ(s.Winner(), 0);
  EXPECT_EQ(s.Events().back().type, EventType::kGameEnd);
}

TEST(StateTest, MaxHandsEndsTheGameAndTheDealPasses) {
  Ruleset rules;
  rules.max_hands = 3;
  rules.target = 10000;
  GameConfig c = Config(3, rules);
  c.first_dealer = 2;
  State s = *State::New(c);
  std::vector<Card> legal;
  std::vector<int> dealers;
  for (int steps = 0; !s.IsTerminal(); ++steps) {
    if (dealers.size() < size_t(s.HandNumber())) dealers.push_back(s.Dealer());
    s.LegalActions(&legal);
    ASSERT_FALSE(legal.empty());
    s.ApplyLegal(legal[size_t(steps) % legal.size()]);
  }
  EXPECT_EQ(dealers, (std::vector<int>{2, 0, 1}));
  EXPECT_EQ(s.HandNumber(), 3);
  EXPECT_EQ(s.Winner(), -1);
  // Every point of the last hand: 30 for the five trumps plus the trick
  // scores; three hands in all.
  const int total = s.Score(0) + s.Score(1) + s.Score(2);
  EXPECT_GE(total, 3 * 30);
}

TEST(StateTest, PartnersPoolTricksAndTheLowestSeatIsCredited) {
  GameConfig c = Config(4, *Preset("partnerships"));
  c.first_dealer = 0;
  State s = *State::New(c);
  std::vector<Card> legal;
  while (s.HandNumber() == 1 && !s.IsTerminal()) {
    s.LegalActions(&legal);
    s.ApplyLegal(legal[0]);
  }
  for (const Event& e : s.Events()) {
    if (e.type == EventType::kScore && e.item == ScoreItem::kTricks) {
      EXPECT_LT(e.seat, 2) << "a team's trick score goes to its lowest seat";
    }
  }
  EXPECT_EQ(s.TeamScore(0), s.Score(0) + s.Score(2));
  EXPECT_EQ(s.TeamScore(1), s.Score(1) + s.Score(3));
}

TEST(StateTest, SameSeedSameGame) {
  auto play = [](uint64_t seed) {
    GameConfig c = Config(5);
    c.seed = seed;
    State s = *State::New(c);
    std::vector<Card> legal;
    for (int i = 0; !s.IsTerminal(); ++i) {
      s.LegalActions(&legal);
      s.ApplyLegal(legal[size_t(i * 7) % legal.size()]);
    }
    return s.Events();
  };
  EXPECT_EQ(play(11), play(11));
  EXPECT_NE(play(11), play(12));
}

}  // namespace
}  // namespace scotch_whist
