/**
 * zetema-bot: write a bot for the Zetema arbiter in TypeScript.
 *
 *     import { run, zetema } from "zetema-bot";
 *
 *     run((observation) => {
 *       if (observation.kind === "zetema") {
 *         const declaration = observation.legalActions.find((a) => a.kind !== zetema.DISCARD);
 *         if (declaration) return declaration;    // melds and marriages score
 *       }
 *       return 0;                                 // else the first legal action
 *     }, { name: "example", version: "1.0", games: ["zetema", "pontoon", "scotch_whist"] });
 *
 * docs/sdk-typescript.md describes the callback's arguments, the helpers and
 * the errors.
 */
export * from "./cards";
export * from "./errors";
export { ADDRESS_ENV, connectionArgs, play, replyFor, run, TOKEN_ENV } from "./client";
export type { Answer, Callback, LegalAction, Observation, Options } from "./client";
export { GameInfo } from "./game";
export { ALL_GAMES, TextObservation } from "./games";
export { protocol, protoDir, PROTOCOL_VERSION } from "./proto";
export type * as messages from "./messages";
export * as zetema from "./zetema";
export * as pontoon from "./pontoon";
export * as scotchWhist from "./scotchWhist";
