/** The SDK's own coding (wire.ts) against proto-loader's, which grpc-js
 * uses: the same objects from the same bytes, the same bytes from the same
 * answer, for every message kind and every field of a decision request. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ProtocolError } from "../errors";
import type { ArbiterMessage as ArbiterMessageIn } from "../gen/arbiter/v1/ArbiterMessage";
import type { DecisionRequest } from "../messages";
import { playMethod } from "../proto";
import { PLAY_PATH } from "../transport";
import { decodeArbiterMessage, encodeBotMessage } from "../wire";

const method = playMethod();
const bytes = (message: ArbiterMessageIn) => method.responseSerialize(message as never);

/** Decodes with both, reading every lazy field, and compares; `lazy`: the
 * request's decision whose observation is read at first use. */
function same(message: ArbiterMessageIn, lazy?: "zetema" | "pontoon" | "scotchWhist"): ReturnType<typeof decodeArbiterMessage> {
  const wire = bytes(message);
  const mine = decodeArbiterMessage(wire);
  if (lazy !== undefined) {
    assert.notEqual(Object.getOwnPropertyDescriptor(mine.decisionRequest![lazy], "observation")?.get, undefined);
  }
  assert.deepStrictEqual(JSON.parse(JSON.stringify(mine)), JSON.parse(JSON.stringify(method.responseDeserialize(wire))));
  assert.deepEqual(mine, method.responseDeserialize(wire));
  return mine;
}

const zetemaEvents = { gameId: "g", zetema: { events: [{ type: "EVENT_TYPE_DRAW" as const, seat: 1, card: "9H", text: "x" }] } };

/** A request with every field of DecisionRequest set. */
const zetemaRequest = {
  requestId: "18446744073709551615", timeLeftMs: 900, moveLimitMs: 1000, bankMs: 7, gameId: "g", numLegalActions: 3,
  legalActionPoints: [0, -5, 20], events: zetemaEvents,
  zetema: {
    observation: {
      seat: 1, currentPlayer: 1, dealer: 0, handNumber: 2, numPlayers: 2, stockSize: 40, hand: ["4S", "KD"],
      piles: ["KS"], waste: ["2H"], handSizes: [7, 7], scores: [0, 10], teamOf: [0, 1], teamScores: [0, 10],
      known: [{ cards: [] }, { cards: ["QD"] }], history: [{ type: "EVENT_TYPE_DEAL" as const, seat: 0, text: "d" }],
    },
    legalActions: [
      { action: { discard: { card: "4S" } }, text: "discard 4S", points: 0 },
      { action: { meld: { cards: ["4S", "5H"], discard: "9H", meldType: "MELD_TYPE_SEQUENCE" as const } }, text: "m", points: 20 },
      { action: { marry: { marriages: [{ king: "KS", kingFromPile: true, queen: "QS" }] } }, text: "marry", points: 10 },
    ],
  },
};

test("a decision request of each game decodes as proto-loader decodes it", () => {
  const zetema = same({ decisionRequest: zetemaRequest }, "zetema").decisionRequest!;
  assert.equal(zetema.requestId, "18446744073709551615");
  same({ decisionRequest: { ...zetemaRequest, events: null, legalActionPoints: [] } }, "zetema");
  same({ decisionRequest: { requestId: "0", zetema: { legalActions: [] } } }, "zetema"); // no observation: null
  same({
    decisionRequest: {
      requestId: "5", gameId: "p",
      pontoon: {
        observation: {
          seat: 1, numPlayers: 2, phase: "PHASE_PLAY", underPack: ["5C", ""],
          seats: [{ chips: 3, hands: [{ cards: ["AH", ""], faceUp: [true, false], status: "HAND_STATUS_OPEN", stake: 2 }] }],
        },
        legalActions: [{ action: { type: "ACTION_TYPE_BET", amount: 3 }, text: "bet 3" }],
      },
    },
  }, "pontoon");
  same({
    decisionRequest: {
      requestId: "6",
      scotchWhist: {
        observation: { hand: ["JH"], trumpCard: "7H", trumpSuit: "H", trick: { leader: 1, cards: ["AH"], winner: -1 } },
        legalActions: [{ action: { play: { card: "JH" } }, text: "play JH" }],
      },
    },
  }, "scotchWhist");
  same({ decisionRequest: { requestId: "7", text: { observation: "you hold 7", legalActions: ["keep", "swap"] } } });
  same({ decisionRequest: { requestId: "8" } }); // no decision: its member unset
});

test("every other message decodes as proto-loader decodes it", () => {
  same({ welcome: { protocolVersion: 1, arbiterVersion: "0.2", playerName: "me" } });
  same({ gameStart: { gameId: "g", seat: 1, numPlayers: 2, game: "zetema", zetema: { ruleset: { base: "parlett" }, firstDealer: 1 } } });
  same({ gameEvent: zetemaEvents });
  same({ gameEnd: { gameId: "g", outcome: { endReason: "END_REASON_COMPLETE", winner: 1, scores: [1, 2] } } });
  same({ error: { code: "ERROR_CODE_SHUTDOWN", message: "bye" } });
  same({});
});

/** A DecisionRequest's own bytes, from an ArbiterMessage's (tag, length, body). */
function requestOf(wire: Buffer): Buffer {
  let i = 1;
  while (wire[i] & 0x80) i++;
  return wire.subarray(i + 1);
}

function envelope(request: Buffer): Buffer {
  const length: number[] = [];
  let n = request.length;
  for (; n >= 0x80; n >>>= 7) length.push((n & 0x7f) | 0x80);
  length.push(n);
  return Buffer.concat([Buffer.from([0x22, ...length]), request]);
}

test("a request in other forms decodes as protobuf reads it", () => {
  const request = requestOf(bytes({ decisionRequest: zetemaRequest }));
  const forms = [
    Buffer.concat([request, Buffer.from([0x38, 0x05, 0x38, 0x06])]), // legal_action_points unpacked
    Buffer.concat([request, Buffer.from([0x98, 0x06, 0x01])]), // an unknown field (99): decoded whole
    Buffer.concat([request, request]), // every field twice, messages merge: decoded whole
  ];
  for (const form of forms) {
    const wire = envelope(form);
    assert.deepEqual(decodeArbiterMessage(wire), method.responseDeserialize(wire));
  }
  // Two requests in one message: the second merges into the first.
  const twice = Buffer.concat([bytes({ decisionRequest: zetemaRequest }), bytes({ decisionRequest: { requestId: "4" } })]);
  assert.deepEqual(decodeArbiterMessage(twice), method.responseDeserialize(twice));
  assert.equal(decodeArbiterMessage(twice).decisionRequest!.requestId, "4");
});

test("an unreadable observation is a ProtocolError when first read, the rest of the request still read", () => {
  // zetema.v1.Decision { observation: 3 bytes that claim 9 }
  const decision = Buffer.from([0x0a, 0x03, 0x0a, 0x09, 0x41]);
  const request = Buffer.concat([Buffer.from([0x08, 0x2a, 0x52, decision.length]), decision]);
  const message = decodeArbiterMessage(Buffer.concat([Buffer.from([0x22, request.length]), request]));
  const read: DecisionRequest = message.decisionRequest!;
  assert.equal(read.requestId, "42");
  assert.deepEqual(read.zetema!.legalActions, []);
  assert.throws(() => read.zetema!.observation, (e) => e instanceof ProtocolError && /unreadable zetema\.v1\.Observation/.test(e.message));
  assert.throws(() => decodeArbiterMessage(Buffer.from([0x22, 0x05, 0x08])), RangeError);
});

test("answers encode to proto-loader's bytes, by index and otherwise", () => {
  for (const requestId of ["0", "1", "300", "9007199254740993", "18446744073709551615"]) {
    for (const index of [0, 1, 127, 128, 4294967295]) {
      const reply = { actionReply: { requestId, index } };
      assert.deepEqual(Buffer.from(encodeBotMessage(reply)), method.requestSerialize(reply), `${requestId} ${index}`);
    }
  }
  for (const message of [
    { actionReply: { requestId: "7", text: "discard 9H" } },
    { actionReply: { requestId: "7", action: { discard: { card: "9H" } } } },
    { actionReply: { requestId: "7", pontoon: { type: "ACTION_TYPE_BET" as const, amount: 3 } } },
    { hello: { token: "t", botName: "b", botVersion: "1", protocolVersion: 1, games: ["zetema"], eventsInRequest: true } },
  ]) {
    assert.deepEqual(Buffer.from(encodeBotMessage(message)), method.requestSerialize(message));
  }
});

test("the call's path is the service's", () => {
  assert.equal(PLAY_PATH, method.path);
});
