package org.zetema.starter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.zetema.bot.Card;
import org.zetema.bot.Decision;
import zetema.v1.LegalAction;
import zetema.v1.Observation;

/**
 * Zetema: the legal action worth the most points now (the arbiter says what
 * each scores); otherwise the discard least likely to hand an opponent a
 * zetema (the fifth card of a rank pile), keeping pairs, neighbours and
 * marriage halves. The heuristics of the Python greedy bot (sample-bots/greedy).
 */
final class Greedy {
  private static final int CARDS_PER_RANK = 5;  // every rank has exactly five cards
  private static final int DECK_SIZE = 65;
  // Parlett's zetema points by rank, for a game without a ruleset.
  private static final List<Integer> DEFAULT_ZETEMA = List.of(15, 5, 5, 5, 15, 5, 5, 5, 5, 5, 20, 50, 50);

  private Greedy() {}

  /** The cards and counts of one observation, parsed once. */
  record View(Observation obs, List<Card> hand, List<Card> piles, List<Card> waste, List<List<Card>> known, List<Integer> zetemaPoints) {
    static View of(Decision d) {
      Observation o = d.zetema();
      List<List<Card>> known = new ArrayList<>();
      for (var k : o.getKnownList()) known.add(Card.parseAll(k.getCardsList()));
      List<Integer> points = DEFAULT_ZETEMA;
      if (d.game() != null && d.game().ruleset() instanceof zetema.v1.Ruleset r && r.getPoints().getZetemaCount() == 13) {
        points = r.getPoints().getZetemaList();
      }
      return new View(o, Card.parseAll(o.getHandList()), Card.parseAll(o.getPilesList()), Card.parseAll(o.getWasteList()), known, points);
    }

    long count(List<Card> cards, int rank) {
      return cards.stream().filter(c -> c != null && c.rank() == rank).count();
    }
  }

  /** Expected zetema points that discarding card hands to opponents, minus what it hands to partners. */
  static double danger(Card card, View v) {
    int rank = card.rank();
    if (v.count(v.waste(), rank) > 0) return 0;  // no zetema of this rank this deal
    long onPile = v.count(v.piles(), rank) + 1;
    long mine = v.count(v.hand(), rank) - 1;
    long missing = CARDS_PER_RANK - onPile - mine;
    if (mine > 0 || missing <= 0) return 0;  // nobody completes it without a card of ours
    Observation o = v.obs();
    int seats = o.getHandSizesCount();
    int me = o.getSeat();
    int knownCards = 0;
    for (List<Card> k : v.known()) knownCards += k.size();
    double unseen = DECK_SIZE - v.hand().size() - v.piles().size() - v.waste().size() - knownCards;
    double opponentsUnknown = 0, partnersUnknown = 0;
    long byOpponents = 0, byPartners = 0;
    boolean hasPartners = false;
    for (int s = 0; s < seats; s++) {
      if (s == me) continue;
      int team = o.getTeamOfCount() > 0 ? o.getTeamOf(s) : s;
      int myTeam = o.getTeamOfCount() > 0 ? o.getTeamOf(me) : me;
      List<Card> known = s < v.known().size() ? v.known().get(s) : List.of();
      double unknown = Math.max(o.getHandSizes(s) - known.size(), 0);
      if (team == myTeam) {
        hasPartners = true;
        partnersUnknown += unknown;
        byPartners += v.count(known, rank);
      } else {
        opponentsUnknown += unknown;
        byOpponents += v.count(known, rank);
      }
    }
    long free = Math.max(missing - byOpponents - byPartners, 0);
    // Every missing card must be on one side for that side to complete it.
    double pOpponents = byPartners == 0 && unseen > 0 ? Math.pow(opponentsUnknown / unseen, free) : 0;
    double pPartners = byOpponents == 0 && hasPartners && unseen > 0 ? Math.pow(partnersUnknown / unseen, free) : 0;
    return v.zetemaPoints().get(rank) * (pOpponents - pPartners);
  }

  /** How much the card may be worth keeping (ties between safe discards). */
  static int keepValue(Card card, View v) {
    int value = (int) (2 * (v.count(v.hand(), card.rank()) - 1));
    if (card.rank() == Card.QUEEN || card.rank() == Card.KING) {
      int other = Card.QUEEN + Card.KING - card.rank();  // its partner is reachable
      boolean reachable = v.hand().contains(Card.of(other, card.suit())) || v.piles().contains(Card.of(other, card.suit()));
      if (reachable) value += 3;
    }
    for (Card c : v.hand()) if (Math.abs(c.rank() - card.rank()) == 1) value++;
    return value;
  }

  static double risk(LegalAction a, View v) {
    return a.getAction().hasDiscard() ? danger(Card.parse(a.getAction().getDiscard().getCard()), v) : 0;
  }

  /** The index of the action to play. */
  static int choose(Decision d) {
    View v = View.of(d);
    List<LegalAction> legal = d.zetemaActions();
    int best = legal.stream().mapToInt(LegalAction::getPoints).max().orElse(0);
    List<Integer> indices = new ArrayList<>();
    for (int i = 0; i < legal.size(); i++) indices.add(i);
    if (best > 0) {
      return indices.stream().filter(i -> legal.get(i).getPoints() == best)
          .min(Comparator.comparingDouble(i -> risk(legal.get(i), v))).orElseThrow();
    }
    List<Integer> discards = indices.stream().filter(i -> legal.get(i).getAction().hasDiscard()).toList();
    if (discards.isEmpty()) return 0;
    Comparator<Integer> order = Comparator.<Integer>comparingDouble(i -> risk(legal.get(i), v))
        .thenComparingInt(i -> keepValue(Card.parse(legal.get(i).getAction().getDiscard().getCard()), v));
    return discards.stream().min(order).orElseThrow();
  }
}
