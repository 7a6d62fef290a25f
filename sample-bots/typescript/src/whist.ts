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
import { ACE, Card, JACK, scotchWhist } from "zetema-bot";

const { ITEM_POINTS, TEN, beats, strength, winnerIndex, winningCard } = scotchWhist;
type Obs = scotchWhist.Observation;

const RANKS_IN_PACK = [ACE, 5, 6, 7, 8, TEN, JACK, 11, 12]; // A 6 7 8 9 T J Q K

function pack(numPlayers: number): Card[] {
  const cards = [0, 1, 2, 3].flatMap((s) => RANKS_IN_PACK.map((r) => Card.of(r, s)));
  return numPlayers === 5 || numPlayers === 7 ? cards.filter((c) => c !== Card.of(5, 3)) : cards; // no 6C
}

/** Cards in other seats' hands: neither in this hand nor played. */
export function unseen(obs: Obs): Card[] {
  const gone = new Set([...obs.played, ...obs.hand]);
  return pack(obs.numPlayers).filter((c) => !gone.has(c));
}

/** What capturing this card scores on its own (trump ten and honours). */
export const points = (card: Card, trump: number) => (card.suit === trump ? ITEM_POINTS[card.rank] ?? 0 : 0);

/** How much giving the card away or spending it hurts: points, then trumps
 * over plain cards, then strength. */
const cost = (card: Card, trump: number) => [points(card, trump), card.suit === trump ? 1 : 0, strength(card, trump)];

function lexLess(a: number[], b: number[]): boolean {
  const i = a.findIndex((x, k) => x !== b[k]);
  return i >= 0 && a[i] < b[i];
}
const minBy = (cards: Card[], key: (c: Card) => number[]) => cards.reduce((m, c) => (lexLess(key(c), key(m)) ? c : m));
const maxBy = (cards: Card[], key: (c: Card) => number[]) => cards.reduce((m, c) => (lexLess(key(m), key(c)) ? c : m));

/** Whether `card`, played now, wins the trick whatever the others hold. */
export function sureWinner(card: Card, trick: Card[], others: Card[], trump: number, last: boolean): boolean {
  const cards = [...trick, card];
  if (winningCard(cards, trump) !== card) return false;
  return last || !others.some((o) => beats(o, card, cards[0], trump));
}

export function choose(obs: Obs): scotchWhist.Action {
  const legal = obs.legalActions;
  const trump = obs.trump;
  const cards = legal.map((a) => a.card);
  const others = unseen(obs);
  const trick = obs.trick.cards;
  const last = trick.length === obs.numPlayers - 1;
  const [ten, jack, ace] = [TEN, JACK, ACE].map((r) => Card.of(r, trump));
  const pick = (card: Card) => legal[cards.indexOf(card)];
  const byStrength = (c: Card) => [strength(c, trump)];

  if (trick.length === 0) {
    const trumps = cards.filter((c) => c.suit === trump);
    if (others.includes(ten) && (cards.includes(jack) || (cards.includes(ace) && !others.includes(jack)))) {
      return pick(maxBy(trumps, byStrength));
    }
    if (cards.includes(ten) && sureWinner(ten, [], others, trump, false)) return pick(ten);
    // A plain card no unseen card of its suit beats (a void seat may trump it).
    const sure = cards.filter((c) => c.suit !== trump && !others.some((o) => o.suit === c.suit && strength(o, trump) > strength(c, trump)));
    if (sure.length > 0) return pick(maxBy(sure, byStrength));
    const plain = cards.filter((c) => c.suit !== trump);
    return pick(minBy(plain.length > 0 ? plain : cards, (c) => cost(c, trump)));
  }
  const best = winningCard(trick, trump);
  const winner = obs.trick.seatOf(winnerIndex(trick, trump), obs.numPlayers);
  if (obs.partners.includes(winner) && (last || !others.some((o) => beats(o, best, trick[0], trump)))) {
    return pick(maxBy(cards, (c) => [points(c, trump), -strength(c, trump)]));
  }
  const sure = cards.filter((c) => sureWinner(c, trick, others, trump, last));
  if (sure.length > 0) return pick(minBy(sure, (c) => cost(c, trump)));
  const value = trick.reduce((sum, c) => sum + points(c, trump), 0);
  const winners = cards.filter((c) => c !== ten && beats(c, best, trick[0], trump));
  if (winners.length > 0 && value > 0) return pick(maxBy(winners, byStrength)); // worth a try
  return pick(minBy(cards, (c) => cost(c, trump)));
}
