package org.zetema.starter;

import static org.zetema.bot.ScotchWhist.beats;
import static org.zetema.bot.ScotchWhist.itemPoints;
import static org.zetema.bot.ScotchWhist.strength;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.zetema.bot.Card;
import org.zetema.bot.Decision;
import org.zetema.bot.ScotchWhist;
import scotch_whist.v1.Observation;
import scotch_whist.v1.Trick;

/**
 * Scotch Whist: the usual heuristics of Catch the Ten, around the ten of
 * trumps (10 points to whoever captures it) and the jack of trumps (11, and
 * the highest card). The Python sample bot's (sample-bots/scotch_whist):
 * - leading: with the jack or ace of trumps while the ten is out, lead
 *   trumps from the top; lead the ten only when no higher trump is out;
 *   else a card sure to win, else the lowest plain card;
 * - following: give a point card to a partner sure to win; win the trick
 *   with the cheapest sure winner; else throw the card worth least.
 */
final class Whist {
  private static final int[] RANKS_IN_PACK = {Card.ACE, 5, 6, 7, 8, Card.TEN, Card.JACK, Card.QUEEN, Card.KING};

  private Whist() {}

  /** Cards in other seats' hands: neither in this hand nor played. */
  static List<Card> unseen(Observation obs) {
    Set<Card> gone = new HashSet<>(Card.parseAll(obs.getHandList()));
    for (Trick t : obs.getTricksList()) gone.addAll(Card.parseAll(t.getCardsList()));
    gone.addAll(Card.parseAll(obs.getTrick().getCardsList()));
    boolean noSixOfClubs = obs.getNumPlayers() == 5 || obs.getNumPlayers() == 7;
    List<Card> others = new ArrayList<>();
    for (int s = 0; s < 4; s++) {
      for (int r : RANKS_IN_PACK) {
        Card c = Card.of(r, s);
        if (!gone.contains(c) && !(noSixOfClubs && c == Card.of(5, 3))) others.add(c);
      }
    }
    return others;
  }

  static int points(Card card, int trump) {
    return card.suit() == trump ? itemPoints(card.rank()) : 0;
  }

  /** How much giving the card away or spending it hurts: points, then trumps over plain cards, then strength. */
  static Comparator<Card> byCost(int trump) {
    return Comparator.<Card>comparingInt(c -> points(c, trump))
        .thenComparingInt(c -> c.suit() == trump ? 1 : 0)
        .thenComparingInt(c -> strength(c, trump));
  }

  /** Whether card, played now, wins the trick whatever the others hold. */
  static boolean sureWinner(Card card, List<Card> trick, List<Card> others, int trump, boolean last) {
    List<Card> cards = new ArrayList<>(trick);
    cards.add(card);
    if (ScotchWhist.winnerIndex(cards, trump) != cards.size() - 1) return false;
    return last || others.stream().noneMatch(o -> beats(o, card, cards.get(0), trump));
  }

  /** The earliest card of the most (max) or least (min) by order. */
  private static Card max(List<Card> cards, Comparator<Card> order) {
    return cards.stream().reduce((m, c) -> order.compare(c, m) > 0 ? c : m).orElseThrow();
  }

  private static Card min(List<Card> cards, Comparator<Card> order) {
    return cards.stream().reduce((m, c) -> order.compare(c, m) < 0 ? c : m).orElseThrow();
  }

  /** The card to play. */
  static Card chooseCard(Observation obs, List<Card> cards) {
    int trump = ScotchWhist.suit(obs.getTrumpSuit());
    List<Card> others = unseen(obs);
    List<Card> trick = Card.parseAll(obs.getTrick().getCardsList());
    boolean last = trick.size() == obs.getNumPlayers() - 1;
    Card ten = Card.of(Card.TEN, Math.max(trump, 0));
    Card jack = Card.of(Card.JACK, Math.max(trump, 0));
    Card ace = Card.of(Card.ACE, Math.max(trump, 0));
    Comparator<Card> byStrength = Comparator.comparingInt(c -> strength(c, trump));
    if (trick.isEmpty()) {
      List<Card> trumps = cards.stream().filter(c -> c.suit() == trump).toList();
      if (others.contains(ten) && (cards.contains(jack) || (cards.contains(ace) && !others.contains(jack)))) {
        return max(trumps, byStrength);
      }
      if (cards.contains(ten) && sureWinner(ten, List.of(), others, trump, false)) return ten;
      // A plain card no unseen card of its suit beats (a void seat may trump it).
      List<Card> sure = cards.stream().filter(c -> c.suit() != trump
          && others.stream().noneMatch(o -> o.suit() == c.suit() && strength(o, trump) > strength(c, trump))).toList();
      if (!sure.isEmpty()) return max(sure, byStrength);
      List<Card> plain = cards.stream().filter(c -> c.suit() != trump).toList();
      return min(plain.isEmpty() ? cards : plain, byCost(trump));
    }
    int winnerAt = ScotchWhist.winnerIndex(trick, trump);
    Card best = trick.get(winnerAt);
    int winner = (obs.getTrick().getLeader() + winnerAt) % obs.getNumPlayers();
    boolean partnerWins = obs.getTeamOfCount() > winner && winner != obs.getSeat()
        && obs.getTeamOf(winner) == obs.getTeamOf(obs.getSeat());
    if (partnerWins && (last || others.stream().noneMatch(o -> beats(o, best, trick.get(0), trump)))) {
      return max(cards, Comparator.<Card>comparingInt(c -> points(c, trump)).thenComparingInt(c -> -strength(c, trump)));
    }
    List<Card> sure = cards.stream().filter(c -> sureWinner(c, trick, others, trump, last)).toList();
    if (!sure.isEmpty()) return min(sure, byCost(trump));
    int value = trick.stream().mapToInt(c -> points(c, trump)).sum();
    List<Card> winners = cards.stream().filter(c -> c != ten && beats(c, best, trick.get(0), trump)).toList();
    if (!winners.isEmpty() && value > 0) return max(winners, byStrength);  // worth a try
    return min(cards, byCost(trump));
  }

  /** The index of the action to play. */
  static int choose(Decision d) {
    List<Card> cards = new ArrayList<>();
    for (var a : d.scotchWhistActions()) cards.add(Card.parse(a.getAction().getPlay().getCard()));
    return cards.indexOf(chooseCard(d.scotchWhist(), cards));
  }
}
