package org.zetema.bot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.v1.ActionReply;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The callback's answers, cards and the games' helpers. */
class DecisionTest {
  static Decision zetema() throws ZetemaException {
    return new Decision(Messages.zetemaRequest("g", 5), null);
  }

  @Test
  void answersBecomeReplies() throws Exception {
    Decision d = zetema();
    assertEquals(1, d.reply(1).getIndex());
    assertEquals("discard 9H", d.reply("discard 9H").getText());
    assertEquals(0, d.reply(d.zetemaActions().get(0)).getIndex());
    assertEquals(1, d.reply(Messages.discard("KS")).getIndex());  // legal: by its index
    ActionReply structured = d.reply(Messages.discard("2C"));  // not legal: the arbiter judges it
    assertEquals(ActionReply.AnswerCase.ACTION, structured.getAnswerCase());
    assertEquals("2C", structured.getAction().getDiscard().getCard());
    assertEquals(5, structured.getRequestId());
  }

  @Test
  void badAnswersAreRefusedBeforeAnythingIsSent() throws Exception {
    Decision d = zetema();
    var e = assertThrows(IllegalArgumentException.class, () -> d.reply(2));
    assertEquals("the callback returned index 2, but there are 2 legal actions", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> d.reply(-1));
    assertThrows(IllegalArgumentException.class, () -> d.reply(null));
    e = assertThrows(IllegalArgumentException.class, () -> d.reply(ScotchWhist.play(Card.parse("9H"))));
    assertTrue(e.getMessage().contains("no answer to a ZETEMA decision"), e.getMessage());
    assertThrows(IllegalStateException.class, d::pontoon);
  }

  @Test
  void aDecisionWithoutLegalActionsIsAProtocolError() {
    var request = Messages.textRequest("g", 1).toBuilder().clearDecision().build();
    assertEquals(4, assertThrows(ZetemaException.class, () -> new Decision(request, null)).exitCode());
  }

  @Test
  void cards() {
    assertSame(Card.of(Card.TEN, 1), Card.parse("TH"));
    assertSame(Card.parse("10h"), Card.parse("TH"));
    assertSame(Card.of(Card.KING, 0), Card.parse("ks"));  // two letters: the protocol's form
    assertSame(Card.of(Card.ACE, 2), Card.parse(" AD "));
    assertEquals("QC", Card.of(Card.QUEEN, 3).toString());
    assertEquals(java.util.Arrays.asList(Card.parse("AS"), null), Card.parseAll(List.of("AS", "")));
    var e = assertThrows(IllegalArgumentException.class, () -> Card.parse("1X"));
    assertTrue(e.getMessage().startsWith("not a card: \"1X\""), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Card.parse("SK"));
    assertTrue(e.getMessage().startsWith("not a card: \"SK\""), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Card.of(13, 0));
  }

  @Test
  void pontoonCounts() {
    List<Card> softSeventeen = Card.parseAll(List.of("AS", "6H"));
    assertTrue(Pontoon.isSoft(softSeventeen));
    assertEquals(17, Pontoon.handTotal(softSeventeen));
    assertEquals(13, Pontoon.handTotal(Card.parseAll(List.of("AS", "6H", "6D"))));
    assertEquals(10, Pontoon.handTotal(Card.parseAll(List.of("KS", ""))));  // a hidden card counts nothing
    assertTrue(Pontoon.isBust(Card.parseAll(List.of("KS", "QS", "2H"))));
  }

  @Test
  void scotchWhistOrder() {
    int hearts = ScotchWhist.suit("H");
    Card jack = Card.parse("JH"), ace = Card.parse("AH"), six = Card.parse("6S"), ten = Card.parse("TS");
    assertTrue(ScotchWhist.strength(jack, hearts) > ScotchWhist.strength(ace, hearts));  // the jack of trumps is highest
    assertTrue(ScotchWhist.beats(Card.parse("6H"), ten, ten, hearts));  // any trump beats a plain card
    assertTrue(!ScotchWhist.beats(Card.parse("AD"), six, six, hearts));  // another plain suit never wins
    assertEquals(2, ScotchWhist.winnerIndex(List.of(six, ten, Card.parse("7H")), hearts));
    assertEquals(11, ScotchWhist.itemPoints(Card.JACK));
  }
}
