/**
 * Scotch Whist (Catch the Ten): its action, observation and card order
 * (docs/rules/scotch_whist.md). The only action is `play CARD`. The pack
 * holds 6 to A; in the trump suit the jack is the highest card (J A K Q T 9
 * 8 7 6), in the other suits A K Q J T 9 8 7 6.
 */
import { ACE, Card, CardError, cardOrNull, JACK, KING, parseCard, parseCards, parseSuit, QUEEN, TEN } from "./cards";
import { DecodedFields, FieldDecoders, GameModule, SEAT_FIELDS, setTypedAnswer, TypedObservation } from "./game";
import type { scotchWhist as msg } from "./messages";

export const PLAY = "play";
export { TEN };

/** Points of the scoring items by rank: the trump ten and honours (the
 * trick score is one point per card captured beyond the cards dealt). */
export const ITEM_POINTS: Readonly<Record<number, number>> = { [TEN]: 10, [ACE]: 4, [KING]: 3, [QUEEN]: 2, [JACK]: 11 };

const PLAIN_ORDER = [5, 6, 7, 8, TEN, JACK, QUEEN, KING, ACE]; // 6 .. A, low first
const TRUMP_ORDER = [5, 6, 7, 8, TEN, QUEEN, KING, ACE, JACK];

/** The card's order within its suit, 0 (the 6) to 8 (the ace; in trumps the jack). */
export function strength(card: Card, trump: number): number {
  return (card.suit === trump ? TRUMP_ORDER : PLAIN_ORDER).indexOf(card.rank);
}

/** Whether `card`, played to a trick led with `led` whose winning card so
 * far is `best`, would take it over. */
export function beats(card: Card, best: Card, led: Card, trump: number): boolean {
  if (card.suit === trump) return best.suit !== trump || strength(card, trump) > strength(best, trump);
  return best.suit !== trump && card.suit === best.suit && best.suit === led.suit &&
    strength(card, trump) > strength(best, trump);
}

/** The card that wins (so far) a trick played in this order. */
export function winningCard(cards: readonly Card[], trump: number): Card {
  return cards.reduce((best, card) => (beats(card, best, cards[0], trump) ? card : best));
}

/** The position in `cards` (in the order played) of the winning card. */
export function winnerIndex(cards: readonly Card[], trump: number): number {
  return cards.indexOf(winningCard(cards, trump));
}

/** `play card`; `index`: its position in the decision's legal list (not part of identity). */
export class Action {
  readonly kind = PLAY;

  constructor(
    readonly card: Card,
    readonly index: number | null = null,
  ) {}

  equals(other: Action): boolean {
    return other instanceof Action && this.card === other.card;
  }

  /** The arbiter's text: "play 9H". */
  toString(): string {
    return formatAction(this);
  }
}

export function formatAction(action: Action): string {
  return `play ${action.card}`;
}

/** An Action from "play CARD" (any case, 10H for TH). */
export function parseAction(text: string): Action {
  const words = String(text).split(/\s+/).filter(Boolean);
  if (words.length !== 2 || words[0].toLowerCase() !== PLAY) {
    throw new CardError(`expected 'play CARD', e.g. 'play 9H', got "${text}"`);
  }
  return new Action(parseCard(words[1]));
}

/** An Action from a scotch_whist.v1.Action message. */
export function actionFromProto(proto: msg.ActionIn, index: number | null = null): Action {
  if (!proto.play) throw new CardError("the action message has no kind (play)");
  return new Action(parseCard(proto.play.card ?? ""), index);
}

/** The scotch_whist.v1.Action message of an Action. */
export function actionToProto(action: Action): msg.ActionIn {
  return { play: { card: `${action.card}` } };
}

// ------------------------------------------------------------ observation

export class Trick {
  /** The seat that led. */
  readonly leader: number;
  /** In the order played from the leader on. */
  readonly cards: Card[];
  /** The seat that won it, -1 while it is being played. */
  readonly winner: number;

  constructor(proto: msg.Trick | null) {
    this.leader = proto?.leader ?? 0;
    this.cards = parseCards(proto?.cards ?? []);
    this.winner = proto?.winner ?? -1;
  }

  /** The seat that played cards[i]. */
  seatOf(i: number, numPlayers: number): number {
    return (this.leader + i) % numPlayers;
  }
}

/** The observation's fields, each decoded from its message at its first read. */
const FIELDS = {
  ...SEAT_FIELDS,
  numPlayers: (m) => m.numPlayers,
  dealer: (m) => m.dealer,
  hand: (m) => parseCards(m.hand),
  /** The card the dealer turned up. */
  trumpCard: (m) => cardOrNull(m.trumpCard),
  /** Its suit, 0..3 for S H D C (-1 when unknown). */
  trump: (m) => (m.trumpSuit ? parseSuit(m.trumpSuit) : -1),
  /** The dealer still holds the turned card. */
  trumpHeld: (m) => m.trumpHeld,
  /** The trick being played. */
  trick: (m) => new Trick(m.trick),
  /** This hand's completed tricks. */
  tricks: (m) => m.tricks.map((t) => new Trick(t)),
  /** Per seat: the cards it captured this hand. */
  captured: (m) => m.captured.map((c) => parseCards(c.cards)),
  handSizes: (m) => [...m.handSizes],
  scores: (m) => [...m.scores],
  teamOf: (m) => [...m.teamOf],
  /** Per team: what the target is checked on. */
  teamScores: (m) => [...m.teamScores],
  target: (m) => m.target,
  /** Cards each seat was dealt this hand. */
  cardsDealt: (m) => m.cardsDealt,
} satisfies FieldDecoders<msg.Observation>;

export interface Observation extends DecodedFields<typeof FIELDS> {}

/** What this seat may see when it is asked to act in a Scotch Whist game; `proto`: the scotch_whist.v1.Observation as received. */
export class Observation extends TypedObservation<Action, msg.Ruleset, msg.Event, msg.Observation> {
  readonly kind = "scotch_whist" as const;
  protected readonly member = "scotchWhist";

  /** Every card played in this hand so far, the current trick's too. */
  get played(): Card[] {
    return [...this.tricks.flatMap((t) => t.cards), ...this.trick.cards];
  }

  /** The other seats of this seat's team (empty when playing alone). */
  get partners(): number[] {
    const team = this.teamOf.length > 0 ? this.teamOf[this.seat] : -1;
    return this.teamOf.flatMap((t, s) => (t === team && s !== this.seat ? [s] : []));
  }
}
TypedObservation.defineFields(Observation, FIELDS);

export const module: GameModule<Observation, Action> = {
  member: "scotchWhist",
  startInfo: (start) => ({
    ruleset: start.scotchWhist?.ruleset ?? null,
    firstDealer: start.scotchWhist?.firstDealer ?? 0,
  }),
  eventsOf: (gameEvent) => gameEvent.scotchWhist?.events ?? [],
  observation: (request, game, legal) => new Observation(request, game, legal),
  legalActions: (request) =>
    request.scotchWhist!.legalActions.map((la, i) => actionFromProto(la.action ?? {}, i)),
  setAnswer: (choice, legal, reply) => setTypedAnswer(choice, legal, reply, Action, "scotchWhist", actionToProto),
};
