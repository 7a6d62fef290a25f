package org.zetema.bot;

import java.util.List;

/**
 * Pontoon's card arithmetic. Hands are lists of cards where a face-down card
 * another seat holds is null (see {@link Card#parseAll}): it counts nothing.
 */
public final class Pontoon {
  private Pontoon() {}

  /** Ace 1, two to nine their pips, tens and faces 10. */
  public static int cardValue(Card card) {
    return Math.min(card.rank() + 1, 10);
  }

  private static int low(List<Card> cards) {
    int sum = 0;
    for (Card c : cards) sum += c == null ? 0 : cardValue(c);
    return sum;
  }

  /** True when an ace counts 11 in handTotal. */
  public static boolean isSoft(List<Card> cards) {
    return cards.stream().anyMatch(c -> c != null && c.rank() == Card.ACE) && low(cards) + 10 <= 21;
  }

  /** The highest count not over 21 (an ace 11 where that stays under 22), else the lowest. */
  public static int handTotal(List<Card> cards) {
    return isSoft(cards) ? low(cards) + 10 : low(cards);
  }

  public static boolean isBust(List<Card> cards) {
    return low(cards) > 21;
  }

  /** The action of this type and amount (0 unless bet or buy). */
  public static pontoon.v1.Action action(pontoon.v1.ActionType type, int amount) {
    return pontoon.v1.Action.newBuilder().setType(type).setAmount(amount).build();
  }
}
