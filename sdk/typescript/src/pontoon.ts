/**
 * Pontoon: its actions, observation and hand values (docs/rules/pontoon.md).
 * Actions: `bet N`, `buy N`, `twist`, `stick`, `split`. A card this seat may
 * not see (another seat's face-down card) is null.
 */
import { ACE, Card, CardError, cardOrNull } from "./cards";
import { DecodedFields, FieldDecoders, GameModule, SEAT_FIELDS, setTypedAnswer, TypedObservation } from "./game";
import type { pontoon as msg } from "./messages";

export const BET = "bet";
export const BUY = "buy";
export const TWIST = "twist";
export const STICK = "stick";
export const SPLIT = "split";
export type Kind = typeof BET | typeof BUY | typeof TWIST | typeof STICK | typeof SPLIT;
const TYPES: Record<Kind, string> = {
  bet: "ACTION_TYPE_BET",
  buy: "ACTION_TYPE_BUY",
  twist: "ACTION_TYPE_TWIST",
  stick: "ACTION_TYPE_STICK",
  split: "ACTION_TYPE_SPLIT",
};
const withAmount = (kind: Kind) => kind === BET || kind === BUY;

export type HandStatus = "open" | "stuck" | "bust" | "pontoon";
export type Phase = "bet" | "play" | "banker" | "over";

/** One action: `kind` and `amount` (the chips of a bet or a buy, else 0);
 * `index`: its position in the decision's legal list (not part of identity). */
export class Action {
  constructor(
    readonly kind: Kind,
    readonly amount = 0,
    readonly index: number | null = null,
  ) {}

  equals(other: Action): boolean {
    return other instanceof Action && this.kind === other.kind && this.amount === other.amount;
  }

  /** The arbiter's text: "bet 5", "twist". */
  toString(): string {
    return formatAction(this);
  }
}

export function formatAction(action: Action): string {
  return withAmount(action.kind) ? `${action.kind} ${action.amount}` : action.kind;
}

/** An Action from its text (keywords in any case); CardError says what is wrong. */
export function parseAction(text: string): Action {
  const words = String(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) throw new CardError("empty action");
  const kind = words[0].toLowerCase() as Kind;
  if (!(kind in TYPES)) {
    throw new CardError(`unknown action "${words[0]}": expected bet N, buy N, twist, stick or split`);
  }
  if (withAmount(kind)) {
    if (words.length !== 2 || !/^\d+$/.test(words[1])) throw new CardError(`${kind} wants a number of chips: '${kind} N'`);
    return new Action(kind, Number(words[1]));
  }
  if (words.length !== 1) throw new CardError(`${kind} takes nothing after it, got "${text}"`);
  return new Action(kind);
}

/** An Action from a pontoon.v1.Action message. */
export function actionFromProto(proto: msg.ActionIn, index: number | null = null): Action {
  const kind = (Object.keys(TYPES) as Kind[]).find((k) => TYPES[k] === proto.type);
  if (kind === undefined) throw new CardError(`the action message has no known type (${proto.type})`);
  return new Action(kind, withAmount(kind) ? proto.amount : 0, index);
}

/** The pontoon.v1.Action message of an Action. */
export function actionToProto(action: Action): msg.ActionIn {
  if (!(action.kind in TYPES)) throw new CardError(`unknown action kind ${String(action.kind)}`);
  return { type: TYPES[action.kind] as msg.ActionIn["type"], amount: action.amount };
}

// ------------------------------------------------------------------ hands

/** An ace counts 1 here (see handTotal), court cards and tens 10. */
export function cardValue(card: Card): number {
  return Math.min(card.rank + 1, 10);
}

function known(cards: readonly (Card | null)[]): Card[] {
  return cards.filter((c): c is Card => c !== null);
}

/** True when an ace counts 11 in handTotal. */
export function isSoft(cards: readonly (Card | null)[]): boolean {
  const k = known(cards);
  const low = k.reduce((sum, c) => sum + cardValue(c), 0);
  return k.some((c) => c.rank === ACE) && low + 10 <= 21;
}

/** The highest count not over 21 (an ace 11 where that stays under 22),
 * else the lowest; unknown cards (null) count nothing. */
export function handTotal(cards: readonly (Card | null)[]): number {
  const low = known(cards).reduce((sum, c) => sum + cardValue(c), 0);
  return isSoft(cards) ? low + 10 : low;
}

export function isBust(cards: readonly (Card | null)[]): boolean {
  return known(cards).reduce((sum, c) => sum + cardValue(c), 0) > 21;
}

/** Two cards: an ace and a ten-valued card. */
export function isPontoon(cards: readonly (Card | null)[]): boolean {
  const k = known(cards);
  return cards.length === 2 && k.length === 2 && k.map(cardValue).sort((a, b) => a - b).join() === "1,10";
}

export function isFiveCardTrick(cards: readonly (Card | null)[]): boolean {
  return cards.length >= 5 && known(cards).length === cards.length && !isBust(cards);
}

// ------------------------------------------------------------ observation

const STATUS: Record<string, HandStatus> = {
  HAND_STATUS_OPEN: "open",
  HAND_STATUS_STUCK: "stuck",
  HAND_STATUS_BUST: "bust",
  HAND_STATUS_PONTOON: "pontoon",
};
const PHASE: Record<string, Phase> = {
  PHASE_BET: "bet",
  PHASE_PLAY: "play",
  PHASE_BANKER: "banker",
  PHASE_OVER: "over",
};

export class Hand {
  /** In the order dealt; null for another seat's face-down card. */
  readonly cards: (Card | null)[];
  readonly faceUp: boolean[];
  readonly stake: number;
  /** The bet (a split hand: the bet it split from). */
  readonly firstStake: number;
  readonly status: HandStatus;
  /** It may no longer buy. */
  readonly twisted: boolean;
  readonly fromSplit: boolean;

  constructor(readonly proto: msg.Hand) {
    this.cards = proto.cards.map(cardOrNull);
    this.faceUp = [...proto.faceUp];
    this.stake = proto.stake;
    this.firstStake = proto.firstStake;
    this.status = STATUS[proto.status] ?? "open";
    this.twisted = proto.twisted;
    this.fromSplit = proto.fromSplit;
  }

  /** handTotal of the cards this seat can see. */
  get total(): number {
    return handTotal(this.cards);
  }
}

export class SeatState {
  /** Won and lost so far (may be negative). */
  readonly chips: number;
  /** This hand's stakes together. */
  readonly stake: number;
  /** The banker's one hand, or a punter's (none before dealing). */
  readonly hands: Hand[];

  constructor(proto: msg.Observation["seats"][number]) {
    this.chips = proto.chips;
    this.stake = proto.stake;
    this.hands = proto.hands.map((h) => new Hand(h));
  }
}

/** The observation's fields, each decoded from its message at its first read. */
const FIELDS = {
  ...SEAT_FIELDS,
  numPlayers: (m) => m.numPlayers,
  banker: (m) => m.banker,
  /** Hands in the game. */
  hands: (m) => m.hands,
  /** The index of the hand to act on. */
  currentHand: (m) => m.currentHand,
  phase: (m): Phase => PHASE[m.phase] ?? "over",
  seats: (m) => m.seats.map((s) => new SeatState(s)),
  packSize: (m) => m.packSize,
  /** The known bottom of the pack, top first: cards put under since the
   * last shuffle, null for one hidden from this seat. */
  underPack: (m) => m.underPack.map(cardOrNull),
} satisfies FieldDecoders<msg.Observation>;

export interface Observation extends DecodedFields<typeof FIELDS> {}

/** What this seat may see when it is asked to act in a Pontoon game; `proto`: the pontoon.v1.Observation as received. */
export class Observation extends TypedObservation<Action, msg.Ruleset, msg.Event, msg.Observation> {
  readonly kind = "pontoon" as const;
  protected readonly member = "pontoon";

  get isBanker(): boolean {
    return this.seat === this.banker;
  }

  /** Chips per seat. */
  get chips(): number[] {
    return this.seats.map((s) => s.chips);
  }

  /** The hand this decision is about: the current hand when this seat acts
   * on one, else its first hand (null before the deal). */
  get myHand(): Hand | null {
    const hands = this.seats[this.seat]?.hands ?? [];
    return hands[this.currentHand] ?? hands[0] ?? null;
  }

  get bankerHand(): Hand | null {
    return this.seats[this.banker]?.hands[0] ?? null;
  }

  /** How many cards at the top of the pack nobody has seen since the last shuffle. */
  get unknownPack(): number {
    return this.packSize - this.underPack.length;
  }
}
TypedObservation.defineFields(Observation, FIELDS);

export const module: GameModule<Observation, Action> = {
  member: "pontoon",
  startInfo: (start) => ({ ruleset: start.pontoon?.ruleset ?? null, firstDealer: start.pontoon?.firstBanker ?? 0 }),
  eventsOf: (gameEvent) => gameEvent.pontoon?.events ?? [],
  observation: (request, game, legal) => new Observation(request, game, legal),
  legalActions: (request) =>
    request.pontoon!.legalActions.map((la, i) => actionFromProto(la.action ?? {}, i)),
  setAnswer: (choice, legal, reply) => setTypedAnswer(choice, legal, reply, Action, "pontoon", actionToProto),
};
