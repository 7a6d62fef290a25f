package org.zetema.bot;

/**
 * A card in the rules' notation: rank letter then suit letter ("AS", "TH",
 * "7C"). Ranks are 0..12 for A 2 3 4 5 6 7 8 9 T J Q K (ace low), suits 0..3
 * for S H D C. There is one Card object per rank and suit, so cards compare
 * with {@code ==} as well as {@code equals}.
 */
public final class Card implements Comparable<Card> {
  public static final String RANKS = "A23456789TJQK";
  public static final String SUITS = "SHDC";
  public static final int ACE = 0;
  public static final int TEN = 9;
  public static final int JACK = 10;
  public static final int QUEEN = 11;
  public static final int KING = 12;

  private static final Card[] ALL = new Card[52];

  static {
    for (int i = 0; i < 52; i++) ALL[i] = new Card(i % 13, i / 13);
  }

  private final int rank;
  private final int suit;

  private Card(int rank, int suit) {
    this.rank = rank;
    this.suit = suit;
  }

  /** The card of this rank (0..12) and suit (0..3). */
  public static Card of(int rank, int suit) {
    if (rank < 0 || rank > 12 || suit < 0 || suit > 3) {
      throw new IllegalArgumentException(
          "a card has a rank 0..12 and a suit 0..3, got " + rank + ", " + suit);
    }
    return ALL[suit * 13 + rank];
  }

  /** The card of a text such as "TH" (case-insensitive; "10H" too). */
  public static Card parse(String text) {
    if (text.length() == 2) {  // the protocol's form, read without a copy
      int rank = RANKS.indexOf(Character.toUpperCase(text.charAt(0)));
      int suit = SUITS.indexOf(Character.toUpperCase(text.charAt(1)));
      if (rank >= 0 && suit >= 0) return ALL[suit * 13 + rank];
    }
    String t = text.trim().toUpperCase();
    if (t.startsWith("10")) t = "T" + t.substring(2);
    int rank = t.length() == 2 ? RANKS.indexOf(t.charAt(0)) : -1;
    int suit = t.length() == 2 ? SUITS.indexOf(t.charAt(1)) : -1;
    if (rank < 0 || suit < 0) {
      String shown = text.length() > 20 ? text.substring(0, 20) + "..." : text;
      throw new IllegalArgumentException(
          "not a card: \"" + shown + "\" (a rank of " + RANKS + " then a suit of " + SUITS + ")");
    }
    return ALL[suit * 13 + rank];
  }

  /** The cards of a list of texts, or null for a hidden card (""). */
  public static java.util.List<Card> parseAll(java.util.List<String> texts) {
    java.util.List<Card> cards = new java.util.ArrayList<>(texts.size());
    for (String text : texts) cards.add(text.isEmpty() ? null : parse(text));
    return cards;
  }

  public int rank() {
    return rank;
  }

  public int suit() {
    return suit;
  }

  @Override
  public String toString() {
    return "" + RANKS.charAt(rank) + SUITS.charAt(suit);
  }

  /** By suit, then rank. */
  @Override
  public int compareTo(Card other) {
    return Integer.compare(suit * 13 + rank, other.suit * 13 + other.rank);
  }
}
