package org.zetema.starter;

import java.util.ArrayList;
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

  /** The cards and counts of one observation, parsed once a decision. */
  record View(Observation obs, List<Card> hand, List<Card> piles, List<List<Card>> known, List<Integer> zetemaPoints,
      int[] inHand, int[] onPiles, int[] inWaste, int unseen) {
    static View of(Decision d) {
      Observation o = d.zetema();
      List<Integer> points = DEFAULT_ZETEMA;
      if (d.game() != null && d.game().ruleset() instanceof zetema.v1.Ruleset r && r.getPoints().getZetemaCount() == 13) {
        points = r.getPoints().getZetemaList();
      }
      List<Card> hand = Card.parseAll(o.getHandList());
      List<Card> piles = Card.parseAll(o.getPilesList());
      List<Card> waste = Card.parseAll(o.getWasteList());
      int unseen = DECK_SIZE - hand.size() - piles.size() - waste.size();
      List<List<Card>> known = new ArrayList<>();
      for (var k : o.getKnownList()) {
        known.add(Card.parseAll(k.getCardsList()));
        unseen -= k.getCardsCount();
      }
      return new View(o, hand, piles, known, points, byRank(hand), byRank(piles), byRank(waste), unseen);
    }

    static int[] byRank(List<Card> cards) {
      int[] counts = new int[13];
      for (Card c : cards) if (c != null) counts[c.rank()]++;
      return counts;
    }

    static int count(List<Card> cards, int rank) {
      int n = 0;
      for (Card c : cards) if (c != null && c.rank() == rank) n++;
      return n;
    }
  }

  /** Expected zetema points that discarding card hands to opponents, minus what it hands to partners. */
  static double danger(Card card, View v) {
    int rank = card.rank();
    if (v.inWaste()[rank] > 0) return 0;  // no zetema of this rank this deal
    int onPile = v.onPiles()[rank] + 1;
    int mine = v.inHand()[rank] - 1;
    int missing = CARDS_PER_RANK - onPile - mine;
    if (mine > 0 || missing <= 0) return 0;  // nobody completes it without a card of ours
    Observation o = v.obs();
    int seats = o.getHandSizesCount();
    int me = o.getSeat();
    double opponentsUnknown = 0, partnersUnknown = 0;
    int byOpponents = 0, byPartners = 0;
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
        byPartners += View.count(known, rank);
      } else {
        opponentsUnknown += unknown;
        byOpponents += View.count(known, rank);
      }
    }
    double unseen = v.unseen();
    int free = Math.max(missing - byOpponents - byPartners, 0);
    // Every missing card must be on one side for that side to complete it.
    double pOpponents = byPartners == 0 && unseen > 0 ? Math.pow(opponentsUnknown / unseen, free) : 0;
    double pPartners = byOpponents == 0 && hasPartners && unseen > 0 ? Math.pow(partnersUnknown / unseen, free) : 0;
    return v.zetemaPoints().get(rank) * (pOpponents - pPartners);
  }

  /** How much the card may be worth keeping (ties between safe discards). */
  static int keepValue(Card card, View v) {
    int rank = card.rank();
    int value = 2 * (v.inHand()[rank] - 1);
    if (rank == Card.QUEEN || rank == Card.KING) {
      Card partner = Card.of(Card.QUEEN + Card.KING - rank, card.suit());  // its partner is reachable
      if (v.hand().contains(partner) || v.piles().contains(partner)) value += 3;
    }
    if (rank > Card.ACE) value += v.inHand()[rank - 1];
    if (rank < Card.KING) value += v.inHand()[rank + 1];
    return value;
  }

  static double risk(LegalAction a, View v) {
    return a.getAction().hasDiscard() ? danger(Card.parse(a.getAction().getDiscard().getCard()), v) : 0;
  }

  /** The index of the action to play. */
  static int choose(Decision d) {
    View v = View.of(d);
    List<LegalAction> legal = d.zetemaActions();
    int bestPoints = 0;
    for (LegalAction a : legal) bestPoints = Math.max(bestPoints, a.getPoints());
    int best = -1;
    double bestRisk = Double.POSITIVE_INFINITY;
    if (bestPoints > 0) {  // the safest of the actions that score most
      for (int i = 0; i < legal.size(); i++) {
        if (legal.get(i).getPoints() != bestPoints) continue;
        double r = risk(legal.get(i), v);
        if (r < bestRisk) {
          best = i;
          bestRisk = r;
        }
      }
      return best;
    }
    int bestKeep = Integer.MAX_VALUE;
    for (int i = 0; i < legal.size(); i++) {  // the safest discard, then the least worth keeping
      if (!legal.get(i).getAction().hasDiscard()) continue;
      Card card = Card.parse(legal.get(i).getAction().getDiscard().getCard());
      double r = danger(card, v);
      int keep = keepValue(card, v);
      if (r < bestRisk || r == bestRisk && keep < bestKeep) {
        best = i;
        bestRisk = r;
        bestKeep = keep;
      }
    }
    return Math.max(best, 0);
  }
}
