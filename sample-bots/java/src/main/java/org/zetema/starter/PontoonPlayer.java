package org.zetema.starter;

import static pontoon.v1.ActionType.ACTION_TYPE_BET;
import static pontoon.v1.ActionType.ACTION_TYPE_BUY;
import static pontoon.v1.ActionType.ACTION_TYPE_SPLIT;
import static pontoon.v1.ActionType.ACTION_TYPE_STICK;
import static pontoon.v1.ActionType.ACTION_TYPE_TWIST;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.zetema.bot.Card;
import org.zetema.bot.Decision;
import org.zetema.bot.Pontoon;
import pontoon.v1.ActionType;
import pontoon.v1.Hand;
import pontoon.v1.HandStatus;
import pontoon.v1.LegalAction;
import pontoon.v1.Observation;

/**
 * Pontoon: counts the cards that went under the pack to judge the next card
 * (the heuristics of the Python sample bot, sample-bots/pontoon):
 * - bet the most on an ace or a ten-valued first card, the least otherwise,
 *   in between when the cards left are rich in tens;
 * - split aces and eights; buy the most on 9 to 11 when no card can bust;
 * - twist while the chance of going bust is under a threshold that falls as
 *   the total rises (always under 12, never from 18, soft hands to 17, more
 *   boldly with four cards, for the five-card trick);
 * - the banker draws to 17, and beyond while most punters standing show more.
 */
final class PontoonPlayer {
  // The largest chance of going bust on the next card worth a twist, by hard
  // total (a soft hand cannot go bust on one card).
  private static final Map<Integer, Double> TWIST_THRESHOLD = Map.of(12, 0.6, 13, 0.5, 14, 0.45, 15, 0.35, 16, 0.25, 17, 0.1);
  // A fifth card that does not bust makes a five-card trick, paid double.
  private static final double FOUR_CARD_BONUS = 0.2;

  private PontoonPlayer() {}

  /** The cards the next draw may be: the unseen part of the pack while it lasts, then the known bottom. */
  static List<Card> nextCards(Observation obs) {
    List<Card> under = Card.parseAll(obs.getUnderPackList());
    if (obs.getPackSize() - under.size() <= 0 && !under.isEmpty() && under.get(0) != null) return List.of(under.get(0));
    Set<Card> seen = new HashSet<>(under);
    for (var seat : obs.getSeatsList()) for (Hand hand : seat.getHandsList()) seen.addAll(Card.parseAll(hand.getCardsList()));
    List<Card> unseen = new ArrayList<>();
    for (int i = 0; i < 52; i++) if (!seen.contains(Card.of(i % 13, i / 13))) unseen.add(Card.of(i % 13, i / 13));
    if (unseen.isEmpty()) for (int i = 0; i < 52; i++) unseen.add(Card.of(i % 13, i / 13));
    return unseen;
  }

  /** The chance that one more card from candidates busts the hand. */
  static double bustChance(List<Card> cards, List<Card> candidates) {
    int low = 0;
    for (Card c : cards) low += c == null ? 0 : Pontoon.cardValue(c);
    int lowTotal = low;
    return candidates.stream().filter(c -> lowTotal + Pontoon.cardValue(c) > 21).count() / (double) candidates.size();
  }

  static boolean wantsTwist(List<Card> cards, double chance) {
    int total = Pontoon.handTotal(cards);
    if (total <= 11) return true;
    if (Pontoon.isSoft(cards)) return total <= 17;
    double threshold = TWIST_THRESHOLD.getOrDefault(total, 0.0) + (cards.size() == 4 ? FOUR_CARD_BONUS : 0);
    return chance < threshold;
  }

  private static int first(List<LegalAction> legal, ActionType type) {
    for (int i = 0; i < legal.size(); i++) if (legal.get(i).getAction().getType() == type) return i;
    return -1;
  }

  private static int last(List<LegalAction> legal, ActionType type) {
    for (int i = legal.size() - 1; i >= 0; i--) if (legal.get(i).getAction().getType() == type) return i;
    return -1;
  }

  private static List<Card> myCards(Observation obs) {
    List<Hand> hands = obs.getSeats(obs.getSeat()).getHandsList();
    if (hands.isEmpty()) return List.of();
    return Card.parseAll(hands.get(obs.getCurrentHand() < hands.size() ? obs.getCurrentHand() : 0).getCardsList());
  }

  static int chooseBet(Observation obs, List<LegalAction> legal) {
    List<Integer> bets = new ArrayList<>();
    for (int i = 0; i < legal.size(); i++) if (legal.get(i).getAction().getType() == ACTION_TYPE_BET) bets.add(i);
    List<Card> cards = myCards(obs);
    if (!cards.isEmpty() && cards.get(0) != null) {
      int value = Pontoon.cardValue(cards.get(0));
      if (value == 1 || value == 10) return bets.get(bets.size() - 1);
    }
    List<Card> next = nextCards(obs);
    double tens = next.stream().filter(c -> Pontoon.cardValue(c) == 10).count() / (double) next.size();
    return tens > 0.36 ? bets.get(bets.size() / 2) : bets.get(0);
  }

  static int choosePunter(Observation obs, List<LegalAction> legal) {
    List<Card> cards = myCards(obs);
    int total = Pontoon.handTotal(cards);
    int split = first(legal, ACTION_TYPE_SPLIT);
    if (split >= 0 && !cards.isEmpty() && cards.get(0) != null && (cards.get(0).rank() == 0 || cards.get(0).rank() == 7)) {
      return split;  // aces, eights
    }
    double chance = bustChance(cards, nextCards(obs));
    int buy = last(legal, ACTION_TYPE_BUY);
    if (buy >= 0 && total >= 9 && total <= 11 && chance == 0) return buy;
    int twist = first(legal, ACTION_TYPE_TWIST);
    int stick = first(legal, ACTION_TYPE_STICK);
    if (twist >= 0 && (stick < 0 || wantsTwist(cards, chance))) return twist;
    return Math.max(stick, 0);
  }

  static int chooseBanker(Observation obs, List<LegalAction> legal) {
    int twist = first(legal, ACTION_TYPE_TWIST);
    int stick = first(legal, ACTION_TYPE_STICK);
    List<Hand> bankerHands = obs.getSeats(obs.getBanker()).getHandsList();
    if (twist < 0 || stick < 0 || bankerHands.isEmpty()) return 0;
    List<Card> banker = Card.parseAll(bankerHands.get(0).getCardsList());
    int total = Pontoon.handTotal(banker);
    if (total < 17) return twist;
    // Punters still standing, by what they show (face-down cards unknown).
    int beaten = 0, standing = 0;
    for (int seat = 0; seat < obs.getSeatsCount(); seat++) {
      if (seat == obs.getBanker()) continue;
      for (Hand hand : obs.getSeats(seat).getHandsList()) {
        if (hand.getStatus() == HandStatus.HAND_STATUS_BUST) continue;
        standing++;
        if (Pontoon.handTotal(Card.parseAll(hand.getCardsList())) > total || hand.getCardsCount() >= 5) beaten++;
      }
    }
    if (total < 21 && standing > 0 && beaten * 2 > standing && bustChance(banker, nextCards(obs)) < 0.5) return twist;
    return stick;
  }

  /** The index of the action to play. */
  static int choose(Decision d) {
    Observation obs = d.pontoon();
    List<LegalAction> legal = d.pontoonActions();
    if (legal.get(0).getAction().getType() == ACTION_TYPE_BET) return chooseBet(obs, legal);
    return obs.getSeat() == obs.getBanker() ? chooseBanker(obs, legal) : choosePunter(obs, legal);
  }
}
