/** The games this SDK plays, by their member of the envelope's oneofs. A new
 * game adds its module (the GameModule interface of game.ts) and one line here. */
import { GameInfo, GameModule, ObservationBase } from "./game";
import type { DecisionRequest } from "./messages";
import * as pontoon from "./pontoon";
import * as scotchWhist from "./scotchWhist";
import * as zetema from "./zetema";

/** The decision of a game without typed messages: `text` is what the seat
 * sees, `history` the event lines so far; the legal actions are strings. */
export class TextObservation extends ObservationBase<string, null, string> {
  readonly kind = "text" as const;
  readonly text: string;

  constructor(request: DecisionRequest, game: GameInfo | undefined, legalActions: string[] = []) {
    super(request, game, legalActions);
    this.text = request.text?.observation ?? "";
  }
}

export const TEXT: GameModule<TextObservation, string> = {
  member: "text",
  startInfo: () => ({ ruleset: null, firstDealer: -1 }),
  eventsOf: (gameEvent) => gameEvent.text?.lines ?? [],
  observation: (request, game, legal) => new TextObservation(request, game, legal),
  legalActions: (request) => [...(request.text?.legalActions ?? [])],
  setAnswer: () => false,
};

const MODULES: Record<string, GameModule> = {
  zetema: zetema.module as GameModule,
  pontoon: pontoon.module as GameModule,
  scotchWhist: scotchWhist.module as GameModule,
  text: TEXT as GameModule,
};

/** Every game this SDK has typed messages for, by the names of Hello.games. */
export const ALL_GAMES = ["zetema", "pontoon", "scotch_whist"] as const;

/** The module of a oneof member ("zetema", "scotchWhist", "text"), or
 * undefined for a game this SDK does not know. */
export function moduleFor(member: string | undefined): GameModule | undefined {
  return member === undefined ? undefined : MODULES[member];
}
