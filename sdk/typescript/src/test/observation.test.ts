/** Each game's observation fields (its table of decoders, game.ts): every
 * field decoded from the message as the arbiter sends it, at its first read
 * and once, and none of them an own property. */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { DecisionRequest } from "../messages";
import { decodeArbiterMessage } from "../wire";
import { playMethod } from "../proto";
import * as pontoon from "../pontoon";
import * as scotchWhist from "../scotchWhist";
import * as zetema from "../zetema";

/** The request as the SDK reads it off the wire (its observation decoded
 * at the first read). */
function received(request: object): DecisionRequest {
  const wire = playMethod().responseSerialize({ decisionRequest: request } as never);
  return decodeArbiterMessage(wire).decisionRequest!;
}

/** The observation's fields, each turned into plain values by `plain`. */
function fields(obs: object, names: string[], plain: (value: unknown) => unknown = (v) => v): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, plain((obs as Record<string, unknown>)[name])]));
}

/** Cards (and lists of them, and records of those) as their text. */
const text = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(text) : value !== null && typeof value === "object" && value.constructor === Object
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, text(v)]))
    : value === null || typeof value !== "object" ? value : String(value);

/** A Zetema observation's fields (but its piles by rank). */
const expectedZetema = {
  seat: 1, currentPlayer: 1, dealer: 0, handNumber: 2, stockSize: 40, hand: ["4S", "KD"], pileCards: ["KS", "9C", "KH"], piles: {},
  waste: ["2H"], handSizes: [7, 6], scores: [0, 10], teamOf: [0, 1], teamScores: [0, 10], known: [[], ["QD"]],
};

test("a Zetema observation's fields, as sent", () => {
  const obs = zetema.module.observation(received({
    requestId: "1",
    zetema: {
      observation: {
        seat: 1, currentPlayer: 1, dealer: 0, handNumber: 2, stockSize: 40, hand: ["4S", "KD"], piles: ["KS", "9C", "KH"],
        waste: ["2H"], handSizes: [7, 6], scores: [0, 10], teamOf: [0, 1], teamScores: [0, 10], known: [{ cards: [] }, { cards: ["QD"] }],
      },
      legalActions: [],
    },
  }), undefined, []);
  const piles = Object.fromEntries([..."A23456789TJQK"].map((r) => [r, r === "K" ? ["KS", "KH"] : r === "9" ? ["9C"] : []]));
  assert.deepEqual(fields(obs, Object.keys(expectedZetema), text), { ...expectedZetema, piles });
  assert.equal(obs.numPlayers, 2, "numPlayers unset: the hand sizes'");
  assert.equal(obs.team, 1);
});

test("a Pontoon observation's fields, as sent", () => {
  const obs = pontoon.module.observation(received({
    requestId: "2",
    pontoon: {
      observation: {
        seat: 1, numPlayers: 2, banker: 0, handNumber: 3, hands: 10, currentPlayer: 1, currentHand: 0, phase: "PHASE_BANKER",
        packSize: 30, underPack: ["5C", ""],
        seats: [{ chips: -3, stake: 2, hands: [{ cards: ["AH", ""], faceUp: [true, false], status: "HAND_STATUS_STUCK", stake: 2 }] }, { chips: 3 }],
      },
      legalActions: [],
    },
  }), undefined, []);
  assert.deepEqual(fields(obs, ["seat", "numPlayers", "banker", "handNumber", "hands", "currentPlayer", "currentHand", "phase", "packSize", "underPack"], text), {
    seat: 1, numPlayers: 2, banker: 0, handNumber: 3, hands: 10, currentPlayer: 1, currentHand: 0, phase: "banker", packSize: 30,
    underPack: ["5C", null],
  });
  assert.deepEqual(obs.seats.map((s) => [s.chips, s.stake, s.hands.map((h) => [text(h.cards), h.status])]), [
    [-3, 2, [[["AH", null], "stuck"]]],
    [3, 0, []],
  ]);
});

test("a Scotch Whist observation's fields, as sent", () => {
  const obs = scotchWhist.module.observation(received({
    requestId: "3",
    scotchWhist: {
      observation: {
        seat: 0, numPlayers: 2, currentPlayer: 0, dealer: 1, handNumber: 1, hand: ["JH", "6S"], trumpCard: "7H", trumpSuit: "H",
        trumpHeld: true, trick: { leader: 1, cards: ["AH"], winner: -1 }, tricks: [{ leader: 0, cards: ["6D", "9D"], winner: 1 }],
        captured: [{ cards: [] }, { cards: ["6D", "9D"] }], handSizes: [2, 1], scores: [0, 4], teamOf: [0, 1], teamScores: [0, 4],
        target: 41, cardsDealt: 3,
      },
      legalActions: [],
    },
  }), undefined, []);
  const trick = (t: scotchWhist.Trick) => [t.leader, text(t.cards), t.winner];
  assert.deepEqual(
    { ...fields(obs, ["seat", "numPlayers", "currentPlayer", "dealer", "handNumber", "hand", "trumpCard", "trump", "trumpHeld", "captured",
      "handSizes", "scores", "teamOf", "teamScores", "target", "cardsDealt"], text), trick: trick(obs.trick), tricks: obs.tricks.map(trick) },
    {
      seat: 0, numPlayers: 2, currentPlayer: 0, dealer: 1, handNumber: 1, hand: ["JH", "6S"], trumpCard: "7H", trump: 1, trumpHeld: true,
      captured: [[], ["6D", "9D"]], handSizes: [2, 1], scores: [0, 4], teamOf: [0, 1], teamScores: [0, 4], target: 41, cardsDealt: 3,
      trick: [1, ["AH"], -1], tricks: [[0, ["6D", "9D"], 1]],
    },
  );
  assert.deepEqual(text(obs.played), ["6D", "9D", "AH"]);
});

test("a field is decoded at its first read, once, and is no own property", () => {
  let reads = 0;
  const message = { seat: 1, hand: ["4S"], piles: [], waste: [], handSizes: [1, 1], scores: [], teamOf: [], teamScores: [], known: [] };
  const request = {
    requestId: "4",
    zetema: {
      legalActions: [],
      get observation() {
        reads++;
        return message;
      },
    },
  } as unknown as DecisionRequest;
  const obs = zetema.module.observation(request, undefined, []);
  assert.equal(reads, 0, "nothing read before a field is");
  const hand = obs.hand;
  assert.equal(obs.hand, hand, "the same list at every read");
  assert.equal(reads, 1);
  assert.equal(obs.seat, 1);
  assert.equal(reads, 2, "each field decoded once");
  assert.equal(obs.seat, 1);
  assert.equal(reads, 2);
  assert.deepEqual(Object.keys({ ...obs }).filter((k) => k in expectedZetema), [], "on the prototype: JSON and spreads leave them out");
});
