/**
 * The connection to the arbiter and the game loop behind one callback.
 *
 *     import { run } from "zetema-bot";
 *     run((observation, legalActions) => 0, { name: "first", version: "1.0" });
 *
 * The address and the one-time token come from --address/--token or, failing
 * those, from ZETEMA_ARBITER_ADDRESS and ZETEMA_TOKEN (which a spawning
 * arbiter sets). One stream carries any number of games; `play` resolves
 * when the arbiter says SHUTDOWN or closes the stream between games.
 */
import { BadToken, ConfigurationError, ConnectionFailed, GameNotDeclared, ProtocolError, VersionMismatch, ZetemaError } from "./errors";
import { GameInfo } from "./game";
import { ALL_GAMES, moduleFor, TEXT, TextObservation } from "./games";
import type { ActionReply, ErrorMessage, GameEvent, Result, Welcome } from "./messages";
import type * as pontoon from "./pontoon";
import { PROTOCOL_VERSION } from "./proto";
import type * as scotchWhist from "./scotchWhist";
import { Stream, StreamError } from "./transport";
import type * as zetema from "./zetema";

export const ADDRESS_ENV = "ZETEMA_ARBITER_ADDRESS";
export const TOKEN_ENV = "ZETEMA_TOKEN";

/** The callback's first argument: a game's observation.
 * `observation.kind` ("zetema", "pontoon", "scotch_whist", "text") tells
 * which game and narrows the type, `observation.legalActions` (the same list
 * as the second argument) with it. */
export type Observation = zetema.Observation | pontoon.Observation | scotchWhist.Observation | TextObservation;

/** One legal action of any game (a text-only game's are strings). */
export type LegalAction = Observation["legalActions"][number];

/** An index into the legal actions, one of them (or another action of the
 * game, sent structured), text in the game's notation, or the game's Action
 * message as a plain object. */
export type Answer = number | string | zetema.Action | pontoon.Action | scotchWhist.Action | object;

export type Callback = (observation: Observation, legalActions: LegalAction[]) => Answer | Promise<Answer>;

export interface Options {
  /** The bot's name and version for itself: every record keeps both. */
  name: string;
  version?: string;
  /** The games this bot plays ("zetema", "pontoon", "scotch_whist", or a
   * text-only game's name); none means zetema only. */
  games?: readonly string[];
  /** Override the flags and the environment. */
  address?: string;
  token?: string;
  /** Default: process.argv.slice(2) and process.env. */
  argv?: readonly string[];
  env?: Readonly<Record<string, string | undefined>>;
  /** How long to wait for the arbiter (default 10 s). */
  connectTimeoutMs?: number;
  onConnect?: (welcome: Welcome) => unknown;
  onGameStart?: (game: GameInfo) => unknown;
  onEvent?: (event: unknown, game: GameInfo | undefined) => unknown;
  onGameEnd?: (result: Result | null, game: GameInfo | undefined) => unknown;
}

/** The address and token from --address/--token (or --address=...), else
 * the environment, and the other arguments, for the bot's own use. */
export function connectionArgs(
  argv: readonly string[] = process.argv.slice(2),
  env: Readonly<Record<string, string | undefined>> = process.env,
): { address: string; token: string; rest: string[] } {
  const flags: Record<string, string | undefined> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(address|token)(?:=(.*))?$/s.exec(argv[i]);
    if (m === null) {
      rest.push(argv[i]);
    } else if (m[2] !== undefined) {
      flags[m[1]] = m[2];
    } else if (i + 1 < argv.length) {
      flags[m[1]] = argv[++i];
    } else {
      throw new ConfigurationError(`--${m[1]} needs a value`);
    }
  }
  return { address: flags.address || env[ADDRESS_ENV] || "", token: flags.token ?? env[TOKEN_ENV] ?? "", rest };
}

function check(address: string, token: string): void {
  if (!address) {
    throw new ConfigurationError(`no arbiter address: pass --address HOST:PORT (or unix:///path) or set ${ADDRESS_ENV}`);
  }
  if (!token) {
    throw new ConfigurationError(`no token: pass --token TOKEN or set ${TOKEN_ENV} (the arbiter prints or passes one token per bot)`);
  }
}

function declaredGames(games: readonly string[] | undefined): string[] {
  if (games === undefined) return [];
  if (!Array.isArray(games) || !games.every((g) => typeof g === "string" && g !== "" && g.trim() === g)) {
    throw new ConfigurationError(
      `games wants a list of game names such as ["pontoon"] or ${JSON.stringify(ALL_GAMES)}, got ${JSON.stringify(games)}`,
    );
  }
  return [...games];
}

/** The ActionReply for what a callback returned (see Answer); throws a
 * RangeError or TypeError, before anything is sent, for an answer that is
 * none of those. */
export function replyFor(choice: unknown, legal: unknown[], requestId: string, member = "zetema"): ActionReply {
  const reply: ActionReply = { requestId };
  if (typeof choice === "number") {
    if (!Number.isInteger(choice) || choice < 0 || choice >= legal.length) {
      throw new RangeError(`the callback returned index ${choice}, but there are ${legal.length} legal actions`);
    }
    reply.index = choice;
  } else if (typeof choice === "string") {
    reply.text = choice;
  } else if (!(moduleFor(member) ?? TEXT).setAnswer(choice, legal, reply)) {
    const what = typeof choice === "object" && choice !== null ? `${choice.constructor?.name ?? "Object"} "${choice}"` : String(choice);
    throw new TypeError(
      `the callback returned ${what}, no answer to a ${member} decision: return an index, one of the legal actions ` +
        "or action text such as 'discard 9H'",
    );
  }
  return reply;
}

function codeName(code: string | number): string {
  return typeof code === "string" ? code : `error code ${code}`;
}

function refusal(error: ErrorMessage, declared: string[]): ZetemaError {
  switch (error.code) {
    case "ERROR_CODE_VERSION_MISMATCH":
      return new VersionMismatch(`protocol version mismatch: this SDK speaks version ${PROTOCOL_VERSION}; the arbiter says: ${error.message}`);
    case "ERROR_CODE_BAD_TOKEN":
      return new BadToken(`the arbiter did not accept the token (${error.message}); a token is good for one connection only`);
    case "ERROR_CODE_GAME_NOT_DECLARED":
      return new GameNotDeclared(
        `the arbiter refused this bot for a game it does not declare: ${error.message}; declare every game the bot ` +
          `plays in run(choose, { games: [...] }) (now: ${declared.join(", ") || "none, which means zetema only"})`,
      );
  }
  return new ProtocolError(`the arbiter refused the connection: ${codeName(error.code)}: ${error.message}`);
}

/**
 * Connects, says Hello and plays every game the arbiter sends, one
 * callback for all. Resolves with the number of games that ended; rejects
 * with a ZetemaError on a configuration, connection or protocol error, or
 * with what the callback or a hook threw (after closing the stream).
 */
export async function play(callback: Callback, options: Options): Promise<number> {
  const declared = declaredGames(options.games);
  const args = connectionArgs(options.argv, options.env);
  const address = options.address || args.address;
  const token = options.token ?? args.token;
  check(address, token);
  const stream = await Stream.open(address, options.connectTimeoutMs ?? 10_000);
  try {
    stream.send({
      hello: {
        token,
        botName: options.name,
        botVersion: String(options.version ?? "0"),
        protocolVersion: PROTOCOL_VERSION,
        games: declared,
        eventsInRequest: true,
      },
    });
    return await loop(stream, callback, options, declared, address);
  } finally {
    stream.close();
  }
}

async function takeEvents(gameEvent: GameEvent, game: GameInfo | undefined, options: Options): Promise<void> {
  const module = moduleFor(gameEvent.events) ?? TEXT;
  for (const event of module.eventsOf(gameEvent)) {
    game?.history.push(event);
    await options.onEvent?.(event, game);
  }
}

async function loop(
  stream: Stream,
  callback: Callback,
  options: Options,
  declared: string[],
  address: string,
): Promise<number> {
  let welcomed = false;
  const games = new Map<string, GameInfo>();
  let finished = 0;
  try {
    for await (const message of stream) {
      const kind = message.message;
      if (kind === "error") {
        if (message.error!.code === "ERROR_CODE_SHUTDOWN") return finished;
        throw refusal(message.error!, declared);
      }
      if (!welcomed) {
        if (kind !== "welcome") throw new ProtocolError(`expected a Welcome from the arbiter, got a ${kind}`);
        const welcome = message.welcome!;
        if (welcome.protocolVersion !== PROTOCOL_VERSION) {
          throw new VersionMismatch(
            `protocol version mismatch: this SDK speaks version ${PROTOCOL_VERSION}, the arbiter version ${welcome.protocolVersion}`,
          );
        }
        welcomed = true;
        await options.onConnect?.(welcome);
      } else if (kind === "gameStart") {
        const start = message.gameStart!;
        const game = new GameInfo(start, moduleFor(start.gameStart) ?? TEXT);
        games.set(game.gameId, game);
        await options.onGameStart?.(game);
      } else if (kind === "gameEvent") {
        await takeEvents(message.gameEvent!, games.get(message.gameEvent!.gameId), options);
      } else if (kind === "decisionRequest") {
        const request = message.decisionRequest!;
        const game = games.get(request.gameId);
        // Events inside the request (the Hello asked for them) came before it.
        if (request.events) await takeEvents(request.events, game, options);
        const module = moduleFor(request.decision);
        if (module === undefined) {
          throw new ProtocolError(
            `decision request ${request.requestId} is for a game this SDK does not know (${request.decision ?? "no decision"}): update the SDK`,
          );
        }
        const legal = module.legalActions(request);
        let choice = callback(module.observation(request, game, legal) as Observation, legal as LegalAction[]);
        // Only a promise is awaited: awaiting a value costs a turn of the microtask queue.
        if (typeof (choice as PromiseLike<Answer> | undefined)?.then === "function") choice = await choice;
        stream.send({ actionReply: replyFor(choice, legal, request.requestId, module.member) });
      } else if (kind === "gameEnd") {
        const end = message.gameEnd!;
        // `outcome` is set by arbiters from 0.2 on; `zetema` by all.
        const result = end.outcome ?? end.zetema ?? null;
        const game = games.get(end.gameId);
        games.delete(end.gameId);
        finished++;
        if (game !== undefined) game.result = result;
        await options.onGameEnd?.(result, game);
      } else if (kind === "welcome") {
        throw new ProtocolError("a second Welcome on one stream");
      }
    }
  } catch (e) {
    if (e instanceof StreamError) {
      if (welcomed && games.size === 0) return finished;
      const where = welcomed ? `in the middle of game ${[...games.keys()].join(", ")}` : "before welcoming this bot";
      throw new ConnectionFailed(`the stream to ${address} broke ${where}: ${e.code} ${e.details}`);
    }
    throw e;
  }
  if (!welcomed) throw new ProtocolError("the arbiter closed the stream without a Welcome");
  if (games.size > 0) throw new ConnectionFailed(`the arbiter closed the stream in the middle of game ${[...games.keys()].join(", ")}`);
  return finished;
}

/**
 * play(), for a bot's main: on an SDK error prints one line (`NAME: error:
 * ...`) to stderr and exits with its status (2 configuration, 3
 * connection, 4 protocol, 5 version mismatch, 6 bad token, 7 a game the bot
 * did not declare); on an error of the callback prints its stack and exits
 * with 1. Resolves with the number of games played otherwise.
 */
export async function run(callback: Callback, options: Options): Promise<number> {
  try {
    return await play(callback, options);
  } catch (e) {
    if (e instanceof ZetemaError) {
      process.stderr.write(`${options.name}: error: ${e.message}\n`);
      process.exit(e.exitCode);
    }
    process.stderr.write(`${options.name}: error: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(1);
  }
}
