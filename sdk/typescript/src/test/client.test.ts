/** The game loop against a scripted arbiter: the Hello, every game through
 * one callback, the answers' forms, refusals, the end of a stream. */
import * as grpc from "@grpc/grpc-js";
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  BadToken, ConfigurationError, ConnectionFailed, GameInfo, GameNotDeclared, play, pontoon, ProtocolError,
  scotchWhist, VersionMismatch, zetema,
} from "../index";
import type { Callback, Options } from "../index";
import { decide, FakeArbiter, Script, shutdown, welcome } from "./fakeArbiter";

const BIG_ID = "18446744073709551615"; // the largest uint64: no double holds it

async function withArbiter<T>(script: Script, body: (address: string) => Promise<T>, tcp = false): Promise<T> {
  const arbiter = await FakeArbiter.start(script, tcp);
  try {
    return await body(arbiter.address);
  } finally {
    await arbiter.stop();
  }
}

const opts = (address: string, more: Partial<Options> = {}): Options => ({
  name: "tester", version: "2.5", address, token: "t0k3n", argv: [], env: {}, ...more,
});

const zetemaStart = (gameId: string, seat = 0) => ({
  gameStart: {
    gameId, seat, numPlayers: 2, teams: [0, 1], game: "zetema",
    players: [{ seat: 0, botName: "a", team: 0 }, { seat: 1, botName: "b", team: 1 }],
    timeControl: { moveLimitMs: 1000 },
    zetema: { ruleset: { base: "parlett", imperialSuit: "S" }, firstDealer: 1 },
  },
});

const zetemaRequest = (gameId: string, requestId: string, events: string[] = []) => ({
  requestId, timeLeftMs: 900, moveLimitMs: 1000, bankMs: 0, gameId, numLegalActions: 3,
  legalActionPoints: [0, 0, 20],
  events: events.length ? { gameId, zetema: { events: events.map((text) => ({ type: "EVENT_TYPE_DRAW" as const, seat: 0, text })) } } : null,
  zetema: {
    observation: {
      seat: 0, numPlayers: 2, hand: ["4S", "5H", "6D", "7C", "8S", "9H", "KD"], piles: ["KS", "9C"], waste: ["2H"],
      handSizes: [7, 7], scores: [0, 10], teamOf: [0, 1], teamScores: [0, 10], stockSize: 40, handNumber: 1,
      known: [{ cards: [] }, { cards: ["QD"] }],
    },
    legalActions: [
      { action: { discard: { card: "4S" } }, text: "discard 4S", points: 0 },
      { action: { discard: { card: "KD" } }, text: "discard KD", points: 0 },
      {
        action: { meld: { cards: ["4S", "5H", "6D", "7C", "8S", "9H"], discard: "9H", meldType: "MELD_TYPE_SEQUENCE" as const } },
        text: "meld 4S 5H 6D 7C 8S 9H discard 9H", points: 20,
      },
    ],
  },
});

const end = (gameId: string) => ({
  gameEnd: { gameId, outcome: { endReason: "END_REASON_TARGET" as const, winner: 0, scores: [305, 140], places: [1, 2], forfeitSeat: -1 } },
});

test("a Zetema game: the Hello, the observation, answers by action, index and text, the uint64 id kept whole", async () => {
  const replies: unknown[] = [];
  const push = (r: unknown) => replies.push(r);
  let hello: unknown;
  const seen: string[] = [];
  const script: Script = async (s) => {
    hello = await welcome(s);
    s.send(zetemaStart("g1"));
    s.send({ gameEvent: { gameId: "g1", zetema: { events: [{ type: "EVENT_TYPE_DEAL", seat: 1, text: "seat 1 deals" }] } } });
    push(await decide(s, zetemaRequest("g1", BIG_ID, ["seat 0 draws 9H"])));
    push(await decide(s, zetemaRequest("g1", "7")));
    push(await decide(s, zetemaRequest("g1", "8")));
    push(await decide(s, zetemaRequest("g1", "9")));
    s.send({ gameEvent: { gameId: "g1", zetema: { events: [{ type: "EVENT_TYPE_GAME_END", text: "the end" }] } } });
    s.send(end("g1"));
    shutdown(s);
  };
  let turn = 0;
  const callback: Callback = (obs) => {
    assert.equal(obs.kind, "zetema");
    if (obs.kind !== "zetema") return 0;
    const legal = obs.legalActions;
    seen.push(obs.history.map((e) => e.text).join("|"));
    assert.equal(obs.requestId, turn === 0 ? BIG_ID : String(6 + turn));
    assert.equal(obs.hand.join(" "), "4S 5H 6D 7C 8S 9H KD");
    assert.deepEqual(obs.pile("K").map(String), ["KS"]);
    assert.deepEqual(obs.pile(8).map(String), ["9C"]);
    assert.equal(obs.known[1][0].toString(), "QD");
    assert.equal(obs.ruleset?.base, "parlett");
    assert.equal(obs.game?.firstDealer, 1);
    assert.deepEqual(legal.map((a) => a.index), [0, 1, 2]);
    assert.equal(legal[2].meldType, "sequence");
    assert.equal(legal[2].points, 20);
    switch (turn++) {
      case 0: return legal.find((a) => a.kind === zetema.MELD)!; // by index
      case 1: return 1;
      case 2: return "discard 4S"; // sent as text
      default: return zetema.Action.meld("4S 5H 6D 7C 8S", "9H"); // not offered: sent structured
    }
  };
  const ended: unknown[] = [];
  const games = await withArbiter(script, (address) =>
    play(callback, opts(address, { onGameEnd: (result, game) => ended.push([result?.winner, game?.gameId, game?.result === result]) })));
  assert.equal(games, 1);
  assert.deepEqual(hello, {
    token: "t0k3n", botName: "tester", botVersion: "2.5", protocolVersion: 1, games: [], eventsInRequest: true,
  });
  assert.deepEqual(seen, ["seat 1 deals|seat 0 draws 9H", "seat 1 deals|seat 0 draws 9H", "seat 1 deals|seat 0 draws 9H",
    "seat 1 deals|seat 0 draws 9H"]);
  const answers = replies.map((r) => {
    const { requestId, answer } = r as { requestId: string; answer: string };
    return [requestId, answer, (r as unknown as Record<string, unknown>)[answer]];
  });
  assert.deepEqual(answers.slice(0, 3), [[BIG_ID, "index", 2], ["7", "index", 1], ["8", "text", "discard 4S"]]);
  assert.equal(answers[3][1], "action");
  assert.deepEqual((answers[3][2] as { meld: { cards: string[]; discard: string } }).meld.cards, ["4S", "5H", "6D", "7C", "8S"]);
  assert.deepEqual(ended, [[0, "g1", true]]);
});

test("every game through one callback on one stream, each with its own types, history and answers", async () => {
  const replies: Record<string, unknown>[] = [];
  const push = (r: object) => replies.push(r as Record<string, unknown>);
  const script: Script = async (s) => {
    await welcome(s);
    s.send({ gameStart: { gameId: "p", seat: 1, numPlayers: 2, teams: [0, 1], game: "pontoon", pontoon: { ruleset: { base: "standard" }, firstBanker: 0 } } });
    push(await decide(s, {
      requestId: "1", gameId: "p", numLegalActions: 2,
      events: { gameId: "p", pontoon: { events: [{ type: "EVENT_TYPE_DEAL", seat: 1, card: "AH", text: "seat 1 gets AH" }] } },
      pontoon: {
        observation: {
          seat: 1, numPlayers: 2, banker: 0, currentHand: 0, phase: "PHASE_PLAY", packSize: 30, underPack: ["5C", ""],
          seats: [{ chips: 0, hands: [{ cards: ["", "KS"], faceUp: [false, true] }] },
            { chips: 3, hands: [{ cards: ["AH", "5D"], status: "HAND_STATUS_OPEN", stake: 2 }] }],
        },
        legalActions: [{ action: { type: "ACTION_TYPE_TWIST" } }, { action: { type: "ACTION_TYPE_STICK" } }],
      },
    }));
    s.send({ gameEnd: { gameId: "p", outcome: { endReason: "END_REASON_COMPLETE", winner: -1 } } });
    s.send({ gameStart: { gameId: "w", seat: 0, numPlayers: 2, teams: [0, 1], game: "scotch_whist", scotchWhist: { ruleset: { target: 41 }, firstDealer: 1 } } });
    push(await decide(s, {
      requestId: "2", gameId: "w", numLegalActions: 2,
      scotchWhist: {
        observation: { seat: 0, numPlayers: 2, hand: ["JH", "6S"], trumpCard: "7H", trumpSuit: "H", trick: { leader: 1, cards: ["AH"], winner: -1 }, teamOf: [0, 1] },
        legalActions: [{ action: { play: { card: "JH" } } }, { action: { play: { card: "6S" } } }],
      },
    }));
    s.send({ gameEnd: { gameId: "w", outcome: { winner: 0 } } });
    s.send({ gameStart: { gameId: "h", seat: 0, numPlayers: 2, game: "high_card" } });
    s.send({ gameEvent: { gameId: "h", text: { lines: ["seat 1 shows 9"] } } });
    push(await decide(s, { requestId: "3", gameId: "h", numLegalActions: 2, text: { observation: "you hold 7", legalActions: ["keep", "swap"] } }));
    s.send({ gameEnd: { gameId: "h", outcome: { winner: 1 } } });
    shutdown(s);
  };
  const kinds: string[] = [];
  const starts: GameInfo[] = [];
  const games = await withArbiter(script, (address) =>
    play((obs, legal) => {
      kinds.push(`${obs.kind}:${obs.game?.game}`);
      if (obs.kind === "pontoon") {
        assert.equal(obs.myHand?.total, 16);
        assert.equal(pontoon.isSoft(obs.myHand!.cards), true);
        assert.deepEqual(obs.seats[0].hands[0].cards, [null, obs.seats[0].hands[0].cards[1]]);
        assert.equal(obs.bankerHand?.total, 10);
        assert.deepEqual(obs.underPack.map((c) => c && String(c)), ["5C", null]);
        assert.equal(obs.unknownPack, 28);
        assert.equal(obs.phase, "play");
        assert.equal(obs.history[0].text, "seat 1 gets AH");
        return new pontoon.Action(pontoon.BUY, 4); // not offered: sent structured
      }
      if (obs.kind === "scotch_whist") {
        assert.equal(obs.trump, 1);
        const best = scotchWhist.winningCard(obs.trick.cards, obs.trump);
        assert.equal(obs.trick.seatOf(0, obs.numPlayers), 1);
        return obs.legalActions.find((a) => scotchWhist.beats(a.card, best, obs.trick.cards[0], obs.trump))!;
      }
      if (obs.kind === "text") {
        assert.equal(obs.text, "you hold 7");
        assert.deepEqual(obs.history, ["seat 1 shows 9"]);
        assert.deepEqual(legal, ["keep", "swap"]);
        return "swap";
      }
      return 0;
    }, opts(address, { games: ["pontoon", "scotch_whist", "high_card"], onGameStart: (g) => void starts.push(g) })));
  assert.equal(games, 3);
  assert.deepEqual(kinds, ["pontoon:pontoon", "scotch_whist:scotch_whist", "text:high_card"]);
  assert.deepEqual(starts.map((g) => [g.game, g.firstDealer]), [["pontoon", 0], ["scotch_whist", 1], ["high_card", -1]]);
  assert.deepEqual(replies.map((r) => [r.answer, r[r.answer as string]]), [
    ["pontoon", { type: "ACTION_TYPE_BUY", amount: 4 }], ["index", 0], ["text", "swap"],
  ]);
});

test("refusals of the Hello become typed errors that name the refusal", async () => {
  const cases = [
    ["ERROR_CODE_VERSION_MISMATCH", VersionMismatch, /this SDK speaks version 1; the arbiter says: no/],
    ["ERROR_CODE_BAD_TOKEN", BadToken, /did not accept the token \(no\)/],
    ["ERROR_CODE_GAME_NOT_DECLARED", GameNotDeclared, /does not declare: no; .*\(now: none, which means zetema only\)/],
    ["ERROR_CODE_EXPECTED_HELLO", ProtocolError, /refused the connection: ERROR_CODE_EXPECTED_HELLO: no/],
  ] as const;
  for (const [code, type, message] of cases) {
    const script: Script = async (s) => {
      await s.next();
      s.send({ error: { code, message: "no" } });
      s.fail(grpc.status.PERMISSION_DENIED, "refused");
    };
    await withArbiter(script, (address) =>
      assert.rejects(play(() => 0, opts(address)), (e: Error) => e instanceof type && message.test(e.message)));
  }
});

test("a stream broken mid-game is a ConnectionFailed naming the game; closed between games it is the end", async () => {
  const midGame: Script = async (s) => {
    await welcome(s);
    s.send(zetemaStart("g7"));
    s.fail(grpc.status.UNAVAILABLE, "gone");
  };
  await withArbiter(midGame, (address) =>
    assert.rejects(play(() => 0, opts(address)), (e: Error) =>
      e instanceof ConnectionFailed && /broke in the middle of game g7: UNAVAILABLE gone/.test(e.message)));
  const betweenGames: Script = async (s) => {
    await welcome(s);
    s.send(zetemaStart("g8"));
    s.send(end("g8"));
    s.end();
  };
  assert.equal(await withArbiter(betweenGames, (address) => play(() => 0, opts(address)), true), 1);
});

test("no arbiter at the address: ConnectionFailed within the timeout", async () => {
  const started = Date.now();
  await assert.rejects(play(() => 0, opts("unix:///nonexistent/arbiter.sock", { connectTimeoutMs: 300 })),
    (e: Error) => e instanceof ConnectionFailed && /cannot reach the arbiter at unix:\/\/\/nonexistent/.test(e.message));
  assert.ok(Date.now() - started < 5000);
});

test("bad answers are refused in the bot, before anything is sent", async () => {
  for (const [answer, message] of [[3, /index 3, but there are 3 legal actions/], [null, /returned null/],
    [new scotchWhist.Action(zetema.parseAction("discard 9H").discard!), /returned Action "play 9H", no answer to a zetema decision/]] as const) {
    const script: Script = async (s) => {
      await welcome(s);
      s.send(zetemaStart("g"));
      s.send({ decisionRequest: zetemaRequest("g", "1") });
      assert.equal(await s.next(), null); // the bot closed its stream: no answer
    };
    await withArbiter(script, (address) => assert.rejects(play(() => answer as never, opts(address)), message));
  }
});

test("a decision of a game this SDK does not know is a ProtocolError", async () => {
  const script: Script = async (s) => {
    await welcome(s);
    s.send({ decisionRequest: { requestId: "5", gameId: "x", numLegalActions: 1 } });
    await s.next();
  };
  await withArbiter(script, (address) =>
    assert.rejects(play(() => 0, opts(address)), /decision request 5 is for a game this SDK does not know/));
});

test("configuration: flags win over the environment; missing address, token or bad games are named", async () => {
  const bare = { name: "b", argv: [], env: {} };
  await assert.rejects(play(() => 0, bare), (e: Error) => e instanceof ConfigurationError && /no arbiter address/.test(e.message));
  await assert.rejects(play(() => 0, { ...bare, env: { ZETEMA_ARBITER_ADDRESS: "x:1" } }), /no token: .*ZETEMA_TOKEN/);
  await assert.rejects(play(() => 0, { ...bare, address: "x:1", token: "t", games: ["pontoon "] }), /games wants a list of game names/);
  await assert.rejects(play(() => 0, { ...bare, argv: ["--address=x:1", "--token"] }), /--token needs a value/);
  let hello: { token?: string } = {};
  const script: Script = async (s) => {
    hello = await welcome(s);
    shutdown(s);
  };
  await withArbiter(script, (address) =>
    play(() => 0, { name: "b", argv: ["--token=flag", `--address`, address], env: { ZETEMA_ARBITER_ADDRESS: "nowhere:1", ZETEMA_TOKEN: "env" } }));
  assert.equal(hello.token, "flag");
});
