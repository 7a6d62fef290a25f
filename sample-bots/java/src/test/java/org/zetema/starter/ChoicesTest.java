package org.zetema.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.zetema.bot.Card;
import scotch_whist.v1.Observation;
import scotch_whist.v1.Trick;

/** The starter bot's heuristics on hand-made positions. */
class ChoicesTest {
  static List<Card> cards(String... texts) {
    return Card.parseAll(List.of(texts));
  }

  static Greedy.View zetema(List<String> hand, List<String> piles, List<String> waste) {
    zetema.v1.Observation obs = zetema.v1.Observation.newBuilder()
        .setSeat(0).addAllHandSizes(List.of(hand.size(), 7)).addAllTeamOf(List.of(0, 1))
        .addAllHand(hand).addAllPiles(piles).addAllWaste(waste).build();
    List<Card> h = Card.parseAll(hand), p = Card.parseAll(piles), w = Card.parseAll(waste);
    return new Greedy.View(obs, h, p, List.of(), List.of(15, 5, 5, 5, 15, 5, 5, 5, 5, 5, 20, 50, 50),
        Greedy.View.byRank(h), Greedy.View.byRank(p), Greedy.View.byRank(w), 65 - h.size() - p.size() - w.size());
  }

  @Test
  void zetemaDangerIsTheFifthCardOfAPileWithinTheOpponentsReach() {
    Greedy.View v = zetema(List.of("9H", "4S", "4C"), List.of("9S", "9D", "9C"), List.of());
    // The fourth 9 on its pile leaves the opponent one card from a zetema (5 points).
    assertTrue(Greedy.danger(Card.parse("9H"), v) > 0);
    assertEquals(0.0, Greedy.danger(Card.parse("4S"), v));  // its pair stays in hand
    Greedy.View gone = zetema(List.of("9H"), List.of("9S", "9D", "9C"), List.of("9C"));
    assertEquals(0.0, Greedy.danger(Card.parse("9H"), gone));  // a 9 is in the waste
  }

  @Test
  void zetemaKeepsPairsMarriagesAndNeighbours() {
    Greedy.View v = zetema(List.of("KS", "QS", "4D", "5H", "9C", "9D", "7C"), List.of(), List.of());
    assertEquals(4, Greedy.keepValue(Card.parse("KS"), v));  // its queen, a neighbour
    assertEquals(4, Greedy.keepValue(Card.parse("QS"), v));  // its king, beside it too
    assertEquals(2, Greedy.keepValue(Card.parse("9C"), v));  // a pair
    assertEquals(1, Greedy.keepValue(Card.parse("4D"), v));  // the 5 beside it
    assertEquals(0, Greedy.keepValue(Card.parse("7C"), v));
  }

  @Test
  void pontoonTwistsLowAndSticksHigh() {
    assertTrue(PontoonPlayer.wantsTwist(cards("5S", "6H"), 0.0));
    assertFalse(PontoonPlayer.wantsTwist(cards("TS", "8H"), 0.0));  // never from 18
    assertTrue(PontoonPlayer.wantsTwist(cards("AS", "6H"), 0.5));  // soft 17
    assertFalse(PontoonPlayer.wantsTwist(cards("TS", "6H"), 0.6));
    assertTrue(PontoonPlayer.wantsTwist(cards("TS", "2H"), 0.3));
  }

  @Test
  void pontoonBustChanceCountsTheCandidates() {
    // 15 busts on 7 and above: of 7C, 8C, 2C, KC three of four.
    assertEquals(0.75, PontoonPlayer.bustChance(cards("TS", "5H"), cards("7C", "8C", "2C", "KC")));
    assertEquals(0.0, PontoonPlayer.bustChance(cards("2S", "3H"), cards("KC")));
  }

  static Observation whist(String trump, String[] hand, int leader, String... trick) {
    return Observation.newBuilder()
        .setSeat(1)
        .setNumPlayers(2)
        .setTrumpSuit(trump)
        .addAllHand(List.of(hand))
        .setTrick(Trick.newBuilder().setLeader(leader).addAllCards(List.of(trick)).setWinner(-1))
        .build();
  }

  @Test
  void whistLeadsTrumpsFromTheTopWhileTheTenIsOut() {
    Observation obs = whist("H", new String[] {"JH", "7H", "6S"}, 1);
    assertEquals(Card.parse("JH"), Whist.chooseCard(obs, cards("JH", "7H", "6S")));
  }

  @Test
  void whistWinsALastTrickWithTheCheapestCard() {
    // The opponent led 9S; the king and the ace both win it, the king costs less.
    Observation obs = whist("H", new String[] {"KS", "AS", "6H"}, 0, "9S");
    assertEquals(Card.parse("KS"), Whist.chooseCard(obs, cards("KS", "AS", "6H")));
  }

  @Test
  void whistThrowsTheCheapestCardWhenItCannotWin() {
    Observation obs = whist("H", new String[] {"7S", "QS"}, 0, "AS");
    assertEquals(Card.parse("7S"), Whist.chooseCard(obs, cards("7S", "QS")));
  }
}
