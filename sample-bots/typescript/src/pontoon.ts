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
import { Card, pontoon } from "zetema-bot";

const { BET, BUY, SPLIT, STICK, TWIST, cardValue, handTotal, isSoft } = pontoon;
type Obs = pontoon.Observation;
type Action = pontoon.Action;

const FULL_PACK = Array.from({ length: 52 }, (_, i) => Card.of(i % 13, Math.floor(i / 13)));

/** Every card this seat sees on the table (live and bust hands). */
function visibleCards(obs: Obs): Card[] {
  return obs.seats.flatMap((seat) => seat.hands.flatMap((hand) => hand.cards.filter((c): c is Card => c !== null)));
}

/** The cards the next draw may be: the unseen part of the pack while it
 * lasts, then the known bottom, in order. */
export function nextCards(obs: Obs): Card[] {
  if (obs.unknownPack <= 0 && obs.underPack[0]) return [obs.underPack[0]];
  const seen = new Set([...visibleCards(obs), ...obs.underPack.filter((c): c is Card => c !== null)]);
  const unseen = FULL_PACK.filter((c) => !seen.has(c));
  return unseen.length > 0 ? unseen : FULL_PACK;
}

/** The chance that one more card from `candidates` busts the hand. */
export function bustChance(cards: (Card | null)[], candidates: Card[]): number {
  const low = cards.reduce((sum, c) => sum + (c ? cardValue(c) : 0), 0);
  return candidates.filter((c) => low + cardValue(c) > 21).length / candidates.length;
}

const tenShare = (candidates: Card[]) => candidates.filter((c) => cardValue(c) === 10).length / candidates.length;
const firstOf = (legal: Action[], kind: pontoon.Kind) => legal.find((a) => a.kind === kind);

function chooseBet(obs: Obs, legal: Action[]): Action {
  const bets = legal.filter((a) => a.kind === BET);
  const first = obs.myHand?.cards[0];
  if (first && [1, 10].includes(cardValue(first))) return bets[bets.length - 1];
  if (tenShare(nextCards(obs)) > 0.36) return bets[Math.floor(bets.length / 2)];
  return bets[0];
}

// The largest chance of going bust on the next card worth a twist, by hard
// total (a soft hand cannot go bust on one card).
const TWIST_THRESHOLD: Record<number, number> = { 12: 0.6, 13: 0.5, 14: 0.45, 15: 0.35, 16: 0.25, 17: 0.1 };
// A fifth card that does not bust makes a five-card trick, paid double.
const FOUR_CARD_BONUS = 0.2;

export function wantsTwist(cards: (Card | null)[], chance: number): boolean {
  const total = handTotal(cards);
  if (total <= 11) return true;
  if (isSoft(cards)) return total <= 17;
  const threshold = (TWIST_THRESHOLD[total] ?? 0) + (cards.length === 4 ? FOUR_CARD_BONUS : 0);
  return chance < threshold;
}

function choosePunter(obs: Obs, legal: Action[]): Action {
  const cards = obs.myHand?.cards ?? [];
  const total = handTotal(cards);
  const candidates = nextCards(obs);
  const split = firstOf(legal, SPLIT);
  if (split && cards[0] && [0, 7].includes(cards[0].rank)) return split; // aces, eights
  const chance = bustChance(cards, candidates);
  const buys = legal.filter((a) => a.kind === BUY);
  if (buys.length > 0 && total >= 9 && total <= 11 && chance === 0) return buys[buys.length - 1];
  const twist = firstOf(legal, TWIST);
  const stick = firstOf(legal, STICK);
  if (twist && (!stick || wantsTwist(cards, chance))) return twist;
  return stick ?? legal[0];
}

function chooseBanker(obs: Obs, legal: Action[]): Action {
  const twist = firstOf(legal, TWIST);
  const stick = firstOf(legal, STICK);
  const banker = obs.bankerHand;
  if (!twist || !stick || !banker) return legal[0];
  const total = banker.total;
  if (total < 17) return twist;
  // Punters still standing, by what they show (face-down cards unknown).
  let beaten = 0, standing = 0;
  obs.seats.forEach((state, seat) => {
    if (seat === obs.banker) return;
    for (const hand of state.hands) {
      if (hand.status === "bust") continue;
      standing++;
      if (hand.total > total || hand.cards.length >= 5) beaten++;
    }
  });
  if (total < 21 && standing > 0 && beaten * 2 > standing && bustChance(banker.cards, nextCards(obs)) < 0.5) return twist;
  return stick;
}

export function choose(obs: Obs): Action {
  const legal = obs.legalActions;
  if (legal[0].kind === BET) return chooseBet(obs, legal);
  return obs.isBanker ? chooseBanker(obs, legal) : choosePunter(obs, legal);
}
