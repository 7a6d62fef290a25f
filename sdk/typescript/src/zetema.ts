/**
 * Zetema: actions in the rules' text notation, the observation, and the
 * game loop's module (docs/rules/zetema.md).
 *
 *     discard C
 *     meld C C C C C [C] [discard C]
 *     marry C C [, C C]...        a card from a rank pile carries a trailing *
 *
 * Two actions are equal (`a.equals(b)`) when they have the same kind, the
 * same declared cards, each from the same place (hand or pile), and the same
 * discard; order and which imperial copy do not matter. The printed form is
 * the arbiter's canonical one: meld cards by rank (an ace that tops a
 * sequence last), marriages paired so that every pair holds a hand card,
 * suits in the order S H D C.
 */
import { ACE, Card, CardError, compareCards, KING, parseCard, parseCards, QUEEN, RANKS, sortedByRank } from "./cards";
import { DecodedFields, FieldDecoders, GameModule, SEAT_FIELDS, setTypedAnswer, TypedObservation } from "./game";
import type { zetema as msg } from "./messages";

export const DISCARD = "discard";
export const MELD = "meld";
export const MARRY = "marry";
export type Kind = typeof DISCARD | typeof MELD | typeof MARRY;
export type MeldType = "sequence" | "flush" | "flush_sequence" | "assembly";

/** One king-queen pair of a marry; *FromPile: taken from a rank pile. */
export class Marriage {
  constructor(
    readonly king: Card,
    readonly kingFromPile: boolean,
    readonly queen: Card,
    readonly queenFromPile: boolean,
  ) {}

  toString(): string {
    return `${this.king}${this.kingFromPile ? "*" : ""} ${this.queen}${this.queenFromPile ? "*" : ""}`;
  }
}

export class Action {
  /**
   * `cards`: a meld's declared cards, or the hand cards of a marry; `pile`:
   * a marry's cards taken from the K and Q piles; `discard`: the discarded
   * card (null for a meld without one, and for a marry). `meldType`,
   * `index` (position in the decision's legal list) and `points` (what
   * playing it scores now) are filled in for legal actions from the
   * arbiter, and are not part of identity.
   */
  constructor(
    readonly kind: Kind,
    readonly cards: readonly Card[] = [],
    readonly pile: readonly Card[] = [],
    readonly discard: Card | null = null,
    readonly meldType: MeldType | null = null,
    readonly index: number | null = null,
    readonly points: number | null = null,
  ) {}

  static discardCard(card: string | Card): Action {
    return new Action(DISCARD, [], [], parseCard(card));
  }

  static meld(cards: string | Iterable<string | Card>, discard?: string | Card): Action {
    return new Action(MELD, parseCards(cards), [], discard === undefined ? null : parseCard(discard));
  }

  private key(): string {
    const sorted = (cards: readonly Card[]) => [...cards].sort(compareCards).join(" ");
    return `${this.kind}|${sorted(this.cards)}|${sorted(this.pile)}|${this.discard ?? ""}`;
  }

  equals(other: Action): boolean {
    return other instanceof Action && this.key() === other.key();
  }

  /** The canonical text, e.g. "meld 4S 5H 6D 7C 8S 9H discard 9H". */
  toString(): string {
    return formatAction(this);
  }

  get text(): string {
    return formatAction(this);
  }

  /** Every card the action names: declared (hand and pile) and discard. */
  get allCards(): Card[] {
    const out = [...this.cards, ...this.pile];
    if (this.discard !== null && this.kind !== MELD) out.push(this.discard);
    return out;
  }

  /** A marry's canonical pairing (each pair holds a hand card). */
  marriages(): Marriage[] {
    return pairMarriages(this).pairs;
  }
}

function count(cards: readonly Card[], card: Card): number {
  return cards.filter((c) => c === card).length;
}

/** The arbiter's pairing of a marry's cards (its MarryText). */
function pairMarriages(action: Action): { pairs: Marriage[]; loose: string[] } {
  const pairs: Marriage[] = [];
  const loose: string[] = [];
  for (let s = 0; s < 4; s++) {
    const k = Card.of(KING, s);
    const q = Card.of(QUEEN, s);
    let hk = count(action.cards, k), hq = count(action.cards, q);
    let pk = count(action.pile, k), pq = count(action.pile, q);
    const handHand: Marriage[] = [], pileKing: Marriage[] = [], pileQueen: Marriage[] = [];
    for (; pk > 0 && hq > 0; pk--, hq--) pileKing.push(new Marriage(k, true, q, false));
    for (; pq > 0 && hk > 0; pq--, hk--) pileQueen.push(new Marriage(k, false, q, true));
    for (; hk > 0 && hq > 0; hk--, hq--) handHand.push(new Marriage(k, false, q, false));
    for (; pk > 0 && pq > 0; pk--, pq--) pileQueen.push(new Marriage(k, true, q, true));
    pairs.push(...handHand, ...pileKing, ...pileQueen);
    const repeat = (text: string, n: number) => Array<string>(n).fill(text);
    loose.push(...repeat(`${k}`, hk), ...repeat(`${q}`, hq), ...repeat(`${k}*`, pk), ...repeat(`${q}*`, pq));
  }
  return { pairs, loose };
}

function isAceHighRun(cards: Card[]): boolean {
  const ranks = new Set(cards.map((c) => c.rank));
  if (!ranks.has(ACE) || !ranks.has(KING) || ranks.has(1) || ranks.size !== cards.length) return false;
  const high = [...ranks].map((r) => (r === ACE ? 13 : r)).sort((a, b) => a - b);
  return high.every((r, i) => r === high[0] + i) && high[high.length - 1] === 13;
}

/** The canonical text of an action (docs/rules/zetema.md). */
export function formatAction(action: Action): string {
  switch (action.kind) {
    case DISCARD:
      return `discard ${action.discard}`;
    case MELD: {
      let cards = sortedByRank(action.cards);
      if (isAceHighRun(cards)) cards = [...cards.slice(1), cards[0]];
      const out = `meld ${cards.join(" ")}`;
      return action.discard === null ? out : `${out} discard ${action.discard}`;
    }
    case MARRY: {
      const { pairs, loose } = pairMarriages(action);
      return "marry" + pairs.map((p) => ` ${p}`).join(",") + loose.map((c) => ` ${c}`).join("");
    }
  }
  throw new CardError(`unknown action kind ${String(action.kind)}`);
}

/** An Action from its text; CardError names the offending token. */
export function parseAction(text: string | Action): Action {
  if (text instanceof Action) return text;
  if (typeof text !== "string") throw new CardError(`an action must be text, got ${String(text)}`);
  const tokens: string[] = text.match(/,|[^\s,]+/g) ?? [];
  if (tokens.length === 0) throw new CardError("empty action");
  const cardAt = (i: number, allowStar = false): [Card, boolean] => {
    const token = tokens[i];
    const star = allowStar && token.endsWith("*");
    try {
      return [parseCard(star ? token.slice(0, -1) : token), star];
    } catch {
      throw new CardError(`bad card "${token}" at token ${i + 1}`);
    }
  };
  const verb = tokens[0].toLowerCase();
  if (verb === DISCARD) {
    if (tokens.length < 2) throw new CardError('missing card after "discard"');
    if (tokens.length > 2) throw new CardError(`unexpected "${tokens[2]}" at token 3`);
    return new Action(DISCARD, [], [], cardAt(1)[0]);
  }
  if (verb === MELD) {
    let i = 1;
    const cards: Card[] = [];
    for (; i < tokens.length && tokens[i].toLowerCase() !== DISCARD; i++) cards.push(cardAt(i)[0]);
    if (cards.length === 0) throw new CardError("meld needs the declared cards");
    let discard: Card | null = null;
    if (i < tokens.length) {
      if (i + 1 === tokens.length) throw new CardError('missing card after "discard"');
      if (i + 2 !== tokens.length) throw new CardError(`unexpected "${tokens[i + 2]}" at token ${i + 3}`);
      discard = cardAt(i + 1)[0];
    }
    return new Action(MELD, cards, [], discard);
  }
  if (verb === MARRY) {
    const hand: Card[] = [], pile: Card[] = [];
    for (let i = 1; ; ) {
      if (i + 1 >= tokens.length || tokens[i] === "," || tokens[i + 1] === ",") {
        throw new CardError(`marry needs pairs of a king and a queen: missing a card after token ${i}`);
      }
      const [a, aPile] = cardAt(i, true);
      const [b, bPile] = cardAt(i + 1, true);
      const ranks = new Set([a.rank, b.rank]);
      if (!(ranks.has(KING) && ranks.has(QUEEN)) || a.suit !== b.suit) {
        throw new CardError(`"${tokens[i]} ${tokens[i + 1]}" at tokens ${i + 1}-${i + 2} is not a king and queen of one suit`);
      }
      (aPile ? pile : hand).push(a);
      (bPile ? pile : hand).push(b);
      i += 2;
      if (i === tokens.length) return new Action(MARRY, hand, pile);
      if (tokens[i] !== ",") throw new CardError(`expected "," not "${tokens[i]}" at token ${i + 1}`);
      i++;
    }
  }
  throw new CardError(`unknown action "${tokens[0]}" (want discard, meld or marry)`);
}

const MELD_TYPES: Record<string, MeldType> = {
  MELD_TYPE_SEQUENCE: "sequence",
  MELD_TYPE_FLUSH: "flush",
  MELD_TYPE_FLUSH_SEQUENCE: "flush_sequence",
  MELD_TYPE_ASSEMBLY: "assembly",
};

/** An Action from a zetema.v1.Action message, or a LegalAction (whose points it keeps). */
export function actionFromProto(proto: msg.ActionIn | msg.LegalAction, index: number | null = null): Action {
  if ("text" in proto && "points" in proto) return fromAction(proto.action ?? {}, index, proto.points);
  return fromAction(proto as msg.ActionIn, index, null);
}

function fromAction(p: msg.ActionIn, index: number | null, points: number | null): Action {
  if (p.discard) return new Action(DISCARD, [], [], parseCard(p.discard.card ?? ""), null, index, points);
  if (p.meld) {
    const m = p.meld;
    return new Action(MELD, parseCards(m.cards ?? []), [], m.discard ? parseCard(m.discard) : null,
      MELD_TYPES[String(m.meldType)] ?? null, index, points);
  }
  if (p.marry) {
    const hand: Card[] = [], pile: Card[] = [];
    for (const m of p.marry.marriages ?? []) {
      (m.kingFromPile ? pile : hand).push(parseCard(m.king ?? ""));
      (m.queenFromPile ? pile : hand).push(parseCard(m.queen ?? ""));
    }
    return new Action(MARRY, hand, pile, null, null, index, points);
  }
  throw new CardError("the action message holds no discard, meld or marry");
}

/** The zetema.v1.Action message of an Action. */
export function actionToProto(action: Action): msg.ActionIn {
  switch (action.kind) {
    case DISCARD:
      return { discard: { card: `${action.discard}` } };
    case MELD:
      return { meld: { cards: action.cards.map(String), discard: action.discard ? `${action.discard}` : "" } };
    case MARRY: {
      const { pairs, loose } = pairMarriages(action);
      if (loose.length > 0) throw new CardError(`cannot pair ${loose.join(" ")} into marriages`);
      return {
        marry: {
          marriages: pairs.map((p) => ({
            king: `${p.king}`, kingFromPile: p.kingFromPile, queen: `${p.queen}`, queenFromPile: p.queenFromPile,
          })),
        },
      };
    }
  }
  throw new CardError(`unknown action kind ${String(action.kind)}`);
}

/** The rank piles' cards by rank letter (all 13 ranks). */
function byRank(cards: Card[]): Record<string, Card[]> {
  const piles: Record<string, Card[]> = Object.fromEntries([...RANKS].map((r) => [r, [] as Card[]]));
  for (const c of cards) piles[c.rankChar].push(c);
  return piles;
}

/** The observation's fields, each decoded from its message at its first read. */
const FIELDS = {
  ...SEAT_FIELDS,
  dealer: (m) => m.dealer,
  /** Cards left to draw. */
  stockSize: (m) => m.stockSize,
  numPlayers: (m) => m.numPlayers || m.handSizes.length,
  hand: (m) => parseCards(m.hand),
  /** Every rank pile's cards together. */
  pileCards: (m) => parseCards(m.piles),
  /** Rank letter -> the cards on that rank pile (all 13 ranks). */
  piles: (m) => byRank(parseCards(m.piles)),
  waste: (m) => parseCards(m.waste),
  handSizes: (m) => [...m.handSizes],
  /** Points earned, per seat. */
  scores: (m) => [...m.scores],
  teamOf: (m) => [...m.teamOf],
  teamScores: (m) => [...m.teamScores],
  /** Per seat: cards shown in a declaration and still held. */
  known: (m) => m.known.map((k) => parseCards(k.cards)),
} satisfies FieldDecoders<msg.Observation>;

export interface Observation extends DecodedFields<typeof FIELDS> {}

/** What this seat may see when it is asked to act in a Zetema game; `proto`: the zetema.v1.Observation as received (its history left empty by the arbiter). */
export class Observation extends TypedObservation<Action, msg.Ruleset, msg.Event, msg.Observation> {
  readonly kind = "zetema" as const;
  protected readonly member = "zetema";

  /** The cards on one rank pile; rank is a letter ("K", "10") or 0..12. */
  pile(rank: string | number): Card[] {
    const key = typeof rank === "number" ? RANKS[rank] : rank.toUpperCase() === "10" ? "T" : rank.toUpperCase();
    return this.piles[key] ?? [];
  }

  /** This seat's team. */
  get team(): number {
    return this.teamOf.length > 0 ? this.teamOf[this.seat] : this.seat;
  }
}
TypedObservation.defineFields(Observation, FIELDS);

export const module: GameModule<Observation, Action> = {
  member: "zetema",
  startInfo: (start) => ({ ruleset: start.zetema?.ruleset ?? null, firstDealer: start.zetema?.firstDealer ?? 0 }),
  eventsOf: (gameEvent) => gameEvent.zetema?.events ?? [],
  observation: (request, game, legal) => new Observation(request, game, legal),
  legalActions: (request) => request.zetema!.legalActions.map((la, i) => actionFromProto(la, i)),
  setAnswer: (choice, legal, reply) => setTypedAnswer(choice, legal, reply, Action, "action", actionToProto),
};
