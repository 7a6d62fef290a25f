/** One game from its GameStart to its GameEnd, and the interface each
 * game's module offers the game loop (client.ts). */
import type { ActionReply, DecisionRequest, GameEvent, GameStart, Player, Result, TimeControl } from "./messages";

/** What the game loop needs of a game: one module per game (zetema.ts,
 * pontoon.ts, scotchWhist.ts, and TEXT for text-only games), listed in
 * games.ts. */
export interface GameModule<Obs = unknown, Act = unknown> {
  /** The game's member in the envelope's oneofs, as loaded ("scotchWhist"). */
  readonly member: string;
  /** (ruleset, first dealer) from the GameStart. */
  startInfo(start: GameStart): { ruleset: unknown; firstDealer: number };
  /** The game's events in a GameEvent, in engine order. */
  eventsOf(gameEvent: GameEvent): unknown[];
  /** The callback's first argument (holding the second). */
  observation(request: DecisionRequest, game: GameInfo | undefined, legal: Act[]): Obs;
  /** The callback's second argument: the legal actions, each with its index. */
  legalActions(request: DecisionRequest): Act[];
  /** Fills the reply for an answer that is one of this game's actions or
   * action messages; false when it is not. */
  setAnswer(choice: unknown, legal: Act[], reply: ActionReply): boolean;
}

export class GameInfo {
  readonly gameId: string;
  /** This bot's seat. */
  readonly seat: number;
  readonly numPlayers: number;
  /** The team of every seat. */
  readonly teams: number[];
  readonly players: Player[];
  readonly timeControl: TimeControl | null;
  /** The game's name: "zetema", "pontoon", "scotch_whist", "high_card", ... */
  readonly game: string;
  /** The game's Ruleset message (every knob); null for a text-only game. */
  readonly ruleset: unknown;
  /** Pontoon: the first banker; -1 for a text-only game. */
  readonly firstDealer: number;
  /** Every event received so far, in engine order: the game's own Event
   * messages, or lines of text for a text-only game. */
  readonly history: unknown[] = [];
  /** The Result once the game has ended. */
  result: Result | null = null;

  constructor(
    readonly proto: GameStart,
    readonly module: GameModule,
  ) {
    this.gameId = proto.gameId;
    this.seat = proto.seat;
    this.numPlayers = proto.numPlayers;
    this.teams = [...proto.teams];
    this.players = [...proto.players];
    this.timeControl = proto.timeControl;
    this.game = proto.game || "zetema";
    const info = module.startInfo(proto);
    this.ruleset = info.ruleset;
    this.firstDealer = info.firstDealer;
  }

  /** The other seats of this bot's team. */
  get partners(): number[] {
    if (this.teams.length === 0) return [];
    const mine = this.teams[this.seat];
    return this.teams.flatMap((t, s) => (t === mine && s !== this.seat ? [s] : []));
  }
}

/** What every game's observation has: the decision's clock, its legal
 * actions, the game, its ruleset and the events so far. A game's own fields
 * are getters that read its observation message at the first use: a
 * decision's answer often needs few of them (wire.ts decodes the message
 * then). */
export abstract class ObservationBase<Act, Rules = unknown, Event = unknown> {
  /** The request's id: a uint64, as a decimal string. */
  readonly requestId: string;
  /** What this decision may take (the move limit plus what is left of the bank). */
  readonly timeLeftMs: number;
  readonly moveLimitMs: number;
  readonly bankMs: number;
  /** The game's Ruleset message (every knob); null outside a game or for a text-only game. */
  readonly ruleset: Rules | null;
  /** How many of the game's events had come when the decision was asked. */
  readonly #seen: number;
  #history: Event[] | undefined;

  constructor(
    protected readonly request: DecisionRequest,
    readonly game: GameInfo | undefined,
    /** The decision's legal actions (the callback's second argument), typed
     * by the observation's kind. */
    readonly legalActions: Act[] = [],
  ) {
    this.requestId = request.requestId;
    this.timeLeftMs = request.timeLeftMs;
    this.moveLimitMs = request.moveLimitMs;
    this.bankMs = request.bankMs;
    this.ruleset = (game?.ruleset as Rules | undefined) ?? null;
    this.#seen = game?.history.length ?? 0;
  }

  /** Every event of this game so far, in engine order (the game's own Event
   * messages; lines of text for a text-only game): the observation
   * message's own history where it has one and the arbiter filled it, else
   * the events the SDK gathered until this decision. */
  get history(): Event[] {
    if (this.#history === undefined) {
      const own = this.ownHistory();
      this.#history = own.length > 0 || this.game === undefined ? [...own] : (this.game.history.slice(0, this.#seen) as Event[]);
    }
    return this.#history;
  }

  /** The observation message's history field, if the game's has one. */
  protected ownHistory(): readonly Event[] {
    return [];
  }
}

/** A typed game's observation fields, by name: each decoded from the
 * observation message by its function. */
export type FieldDecoders<Message> = Record<string, (message: Message) => unknown>;

/** The fields a table of decoders gives an observation (their types, their
 * comments). */
export type DecodedFields<Decoders> = {
  readonly [K in keyof Decoders]: Decoders[K] extends (message: never) => infer T ? T : never;
};

/** The decoders of the fields every game's observation message has. */
export const SEAT_FIELDS = {
  seat: (m: { seat: number }) => m.seat,
  currentPlayer: (m: { currentPlayer: number }) => m.currentPlayer,
  /** 1 for the first hand. */
  handNumber: (m: { handNumber: number }) => m.handNumber,
};

/** A typed game's observation: its message (`proto`, the observation of the
 * request's member `member`), read at its first use, and the fields of the
 * game's table of decoders (defineFields), each decoded at its first read
 * and kept. */
export abstract class TypedObservation<Act, Rules, Event, Message extends object> extends ObservationBase<Act, Rules, Event> {
  protected abstract readonly member: "zetema" | "pontoon" | "scotchWhist";
  #decoded: unknown[] | undefined; // by the field's place in its table

  /** The observation message as received. */
  get proto(): Message {
    return (this.request[this.member] as unknown as { observation: Message }).observation;
  }

  /** The message's own history, for the games whose observation has one. */
  protected override ownHistory(): readonly Event[] {
    return (this.proto as { history?: readonly Event[] }).history ?? [];
  }

  /** Puts a getter for each field of `decoders` on the prototype of `game`
   * (whose type declares them: `interface Observation extends
   * DecodedFields<typeof FIELDS> {}`), where JSON.stringify does not list
   * them. */
  static defineFields<Message extends object>(
    game: { prototype: TypedObservation<unknown, unknown, unknown, Message> },
    decoders: FieldDecoders<Message>,
  ): void {
    Object.entries(decoders).forEach(([name, decode], i) => {
      Object.defineProperty(game.prototype, name, {
        configurable: true,
        get(this: TypedObservation<unknown, unknown, unknown, Message>) {
          const decoded = (this.#decoded ??= []);
          return i in decoded ? decoded[i] : (decoded[i] = decode(this.proto));
        },
      });
    });
  }
}

/** Sets the reply for an answer of a typed game: one of its action values
 * (sent by index when it is legal, else as the game's message in `field`)
 * or a plain object, taken as the game's Action message (another game's
 * action value is neither: the loop refuses it). */
export function setTypedAnswer<A extends { index: number | null; equals(other: A): boolean }>(
  choice: unknown,
  legal: A[],
  reply: ActionReply,
  actionType: abstract new (...args: never[]) => A,
  field: "action" | "pontoon" | "scotchWhist",
  toProto: (action: A) => object,
): boolean {
  if (choice instanceof actionType) {
    const byIndex = choice.index !== null && legal[choice.index]?.equals(choice);
    const index = byIndex ? choice.index! : legal.findIndex((a) => a.equals(choice));
    if (index >= 0) reply.index = index;
    else (reply as Record<string, unknown>)[field] = toProto(choice);
    return true;
  }
  if (typeof choice === "object" && choice !== null && Object.getPrototypeOf(choice) === Object.prototype) {
    (reply as Record<string, unknown>)[field] = choice;
    return true;
  }
  return false;
}
