package org.zetema.bot;

import java.util.List;

/** Scotch Whist's card order: the jack of trumps is the highest trump. */
public final class ScotchWhist {
  private static final List<Integer> PLAIN_ORDER = List.of(5, 6, 7, 8, Card.TEN, Card.JACK, Card.QUEEN, Card.KING, Card.ACE);
  private static final List<Integer> TRUMP_ORDER = List.of(5, 6, 7, 8, Card.TEN, Card.QUEEN, Card.KING, Card.ACE, Card.JACK);

  private ScotchWhist() {}

  /** What capturing a trump of this rank scores (ten 10, jack 11, ace 4, king 3, queen 2), else 0. */
  public static int itemPoints(int rank) {
    return switch (rank) {
      case Card.TEN -> 10;
      case Card.JACK -> 11;
      case Card.ACE -> 4;
      case Card.KING -> 3;
      case Card.QUEEN -> 2;
      default -> 0;
    };
  }

  /** The suit index (0..3 for S H D C) of an observation's trump_suit. */
  public static int suit(String trumpSuit) {
    return Card.SUITS.indexOf(trumpSuit.isEmpty() ? '?' : trumpSuit.charAt(0));
  }

  /** The card's order within its suit, 0 (the 6) to 8 (the ace; in trumps the jack). */
  public static int strength(Card card, int trump) {
    return (card.suit() == trump ? TRUMP_ORDER : PLAIN_ORDER).indexOf(card.rank());
  }

  /** Whether card, played to a trick led with led whose winning card so far is best, takes it over. */
  public static boolean beats(Card card, Card best, Card led, int trump) {
    if (card.suit() == trump) return best.suit() != trump || strength(card, trump) > strength(best, trump);
    return best.suit() != trump && card.suit() == best.suit() && best.suit() == led.suit()
        && strength(card, trump) > strength(best, trump);
  }

  /** The position in cards (in the order played) of the card that wins so far. */
  public static int winnerIndex(List<Card> cards, int trump) {
    int best = 0;
    for (int i = 1; i < cards.size(); i++) {
      if (beats(cards.get(i), cards.get(best), cards.get(0), trump)) best = i;
    }
    return best;
  }

  /** The action that plays this card. */
  public static scotch_whist.v1.Action play(Card card) {
    return scotch_whist.v1.Action.newBuilder()
        .setPlay(scotch_whist.v1.Play.newBuilder().setCard(card.toString()))
        .build();
  }
}
