/**
 * Zetema: the legal action worth the most points now (the arbiter says what
 * each scores); otherwise the discard least likely to hand an opponent a
 * zetema (the fifth card of a rank pile), keeping pairs, neighbours and
 * marriage halves. The heuristics of the Python greedy bot (sample-bots/greedy).
 */
import { Card, QUEEN, KING, zetema } from "zetema-bot";

const CARDS_PER_RANK = 5; // every rank has exactly five cards
const DECK_SIZE = 65;
// Parlett's zetema points by rank, for an observation without a ruleset.
const DEFAULT_ZETEMA = [15, 5, 5, 5, 15, 5, 5, 5, 5, 5, 20, 50, 50];

function zetemaPoints(obs: zetema.Observation): number[] {
  const table = obs.ruleset?.points?.zetema ?? [];
  return table.length === 13 ? table : DEFAULT_ZETEMA;
}

/** Expected zetema points that discarding `card` hands to opponents, minus
 * what it hands to partners. */
export function danger(card: Card, obs: zetema.Observation): number {
  const rank = card.rank;
  if (obs.waste.some((c) => c.rank === rank)) return 0; // no zetema of this rank this deal
  const onPile = obs.pile(rank).length + 1;
  const mine = obs.hand.filter((c) => c.rank === rank).length - 1;
  const missing = CARDS_PER_RANK - onPile - mine;
  if (mine > 0 || missing <= 0) return 0; // nobody completes it without a card of ours
  const seats = obs.handSizes.map((_, s) => s);
  const teamOf = obs.teamOf.length > 0 ? obs.teamOf : seats;
  const me = obs.seat;
  const opponents = seats.filter((s) => teamOf[s] !== teamOf[me]);
  const partners = seats.filter((s) => s !== me && teamOf[s] === teamOf[me]);
  const known = obs.known.length > 0 ? obs.known : seats.map(() => []);
  const knownOfRank = (s: number) => (known[s] ?? []).filter((c) => c.rank === rank).length;
  const knownCards = known.reduce((n, k) => n + k.length, 0);
  const unseen = DECK_SIZE - obs.hand.length - obs.pileCards.length - obs.waste.length - knownCards;
  const unknownIn = (group: number[]) => group.reduce((n, s) => n + Math.max(obs.handSizes[s] - (known[s]?.length ?? 0), 0), 0);
  const share = (group: number[]) => (unseen > 0 ? unknownIn(group) / unseen : 0);
  const byOpponents = opponents.reduce((n, s) => n + knownOfRank(s), 0);
  const byPartners = partners.reduce((n, s) => n + knownOfRank(s), 0);
  const free = Math.max(missing - byOpponents - byPartners, 0);
  // Every missing card must be on one side for that side to complete it.
  const pOpponents = byPartners === 0 ? share(opponents) ** free : 0;
  const pPartners = byOpponents === 0 && partners.length > 0 ? share(partners) ** free : 0;
  return zetemaPoints(obs)[rank] * (pOpponents - pPartners);
}

/** How much the card may be worth keeping (ties between safe discards). */
export function keepValue(card: Card, obs: zetema.Observation): number {
  let value = 2 * (obs.hand.filter((c) => c.rank === card.rank).length - 1);
  if (card.rank === QUEEN || card.rank === KING) {
    const other = QUEEN + KING - card.rank; // its partner is reachable
    if ([...obs.hand, ...obs.pile(other)].some((c) => c.rank === other && c.suit === card.suit)) value += 3;
  }
  return value + obs.hand.filter((c) => Math.abs(c.rank - card.rank) === 1).length;
}

/** The smallest by `key` (tuples compared in order), the earliest on ties. */
function minBy<T>(items: T[], key: (item: T) => number[]): T {
  const keys = items.map(key);
  let best = 0;
  for (let i = 1; i < items.length; i++) {
    const [a, b] = [keys[i], keys[best]];
    const j = a.findIndex((x, k) => x !== b[k]);
    if (j >= 0 && a[j] < b[j]) best = i;
  }
  return items[best];
}

export function choose(obs: zetema.Observation): zetema.Action {
  const legal = obs.legalActions;
  const risk = (a: zetema.Action) => (a.discard === null ? 0 : danger(a.discard, obs));
  const best = Math.max(...legal.map((a) => a.points ?? 0));
  if (best > 0) return minBy(legal.filter((a) => a.points === best), (a) => [risk(a)]);
  const discards = legal.filter((a) => a.kind === zetema.DISCARD);
  if (discards.length === 0) return legal[0];
  return minBy(discards, (a) => [risk(a), keepValue(a.discard!, obs)]);
}
