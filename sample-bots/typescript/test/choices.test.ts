/** The starter bot's choices on hand-made decisions of each game. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { messages, pontoon, scotchWhist, zetema } from "zetema-bot";
import * as greedy from "../src/greedy";
import * as counter from "../src/pontoon";
import * as whist from "../src/whist";

type Request = messages.DecisionRequest;
const clock = { requestId: "1", timeLeftMs: 1000, moveLimitMs: 1000, bankMs: 0, gameId: "g", numLegalActions: 0, legalActionPoints: [], events: null };

function zetemaDecision(observation: Partial<messages.zetema.Observation>, legal: [string, number][]) {
  const full = { seat: 0, numPlayers: 2, hand: [], piles: [], waste: [], handSizes: [7, 7], scores: [0, 0], teamOf: [0, 1], teamScores: [0, 0], known: [], history: [], ...observation };
  const request = { ...clock, zetema: { observation: full, legalActions: [] } } as unknown as Request;
  const actions = legal.map(([text, points], i) => {
    const a = zetema.parseAction(text);
    return new zetema.Action(a.kind, a.cards, a.pile, a.discard, null, i, points);
  });
  return new zetema.Observation(request, undefined, actions);
}

test("greedy takes the action that scores most, else the discard least likely to give a zetema away", () => {
  const scoring = zetemaDecision({ hand: ["4S", "5H", "6D", "7C", "8S", "9H", "KD"] },
    [["discard 4S", 0], ["meld 4S 5H 6D 7C 8S 9H discard 9H", 20], ["discard KD", 0]]);
  assert.equal(`${greedy.choose(scoring)}`, "meld 4S 5H 6D 7C 8S 9H discard 9H");
  // Three nines on their pile: a fourth lets the opponent complete it.
  const safe = zetemaDecision({ hand: ["9H", "4S"], piles: ["9C", "9D", "9S"] }, [["discard 9H", 0], ["discard 4S", 0]]);
  assert.ok(greedy.danger(safe.hand[0], safe) > greedy.danger(safe.hand[1], safe));
  assert.equal(`${greedy.choose(safe)}`, "discard 4S");
});

function pontoonDecision(mine: string[], banker: string[], legal: string[], seat = 1) {
  const hand = (cards: string[]) => ({ cards, faceUp: cards.map(() => true), stake: 1, firstStake: 1, status: "HAND_STATUS_OPEN", twisted: false, fromSplit: false });
  const observation = {
    seat, numPlayers: 2, banker: 0, handNumber: 1, hands: 5, currentPlayer: seat, currentHand: 0, phase: "PHASE_PLAY",
    seats: [{ chips: 0, stake: 0, hands: [hand(banker)] }, { chips: 0, stake: 1, hands: mine.length ? [hand(mine)] : [] }],
    packSize: 40, underPack: [], history: [],
  };
  const request = { ...clock, pontoon: { observation, legalActions: [] } } as unknown as Request;
  return new pontoon.Observation(request, undefined, legal.map((t, i) => {
    const a = pontoon.parseAction(t);
    return new pontoon.Action(a.kind, a.amount, i);
  }));
}

test("the pontoon counter bets high on an ace, twists on 11, sticks on a hard 20, splits aces", () => {
  assert.equal(`${counter.choose(pontoonDecision(["AS"], [""], ["bet 1", "bet 3", "bet 5"]))}`, "bet 5");
  assert.equal(`${counter.choose(pontoonDecision(["4S"], [""], ["bet 1", "bet 3", "bet 5"]))}`, "bet 1");
  assert.equal(`${counter.choose(pontoonDecision(["5S", "6D"], ["", "KC"], ["twist", "stick"]))}`, "twist");
  assert.equal(`${counter.choose(pontoonDecision(["KS", "QD"], ["", "KC"], ["twist", "stick"]))}`, "stick");
  assert.equal(`${counter.choose(pontoonDecision(["AS", "AD"], ["", "KC"], ["twist", "split", "stick"]))}`, "split");
  assert.equal(counter.bustChance(["KS", "QD"].map((c) => zetema.parseAction(`discard ${c}`).discard), [zetema.parseAction("discard 2C").discard!]), 1);
});

function whistDecision(hand: string[], trick: string[], leader: number, teamOf = [0, 1]) {
  const observation = {
    seat: 0, numPlayers: teamOf.length, currentPlayer: 0, dealer: 1, handNumber: 1, hand, trumpCard: "6H", trumpSuit: "H", trumpHeld: false,
    trick: { leader, cards: trick, winner: -1 }, tricks: [], captured: [], handSizes: teamOf.map(() => hand.length), scores: [], teamOf, teamScores: [], target: 41, cardsDealt: 9,
  };
  const request = { ...clock, scotchWhist: { observation, legalActions: [] } } as unknown as Request;
  return new scotchWhist.Observation(request, undefined, hand.map((c, i) => new scotchWhist.Action(scotchWhist.parseAction(`play ${c}`).card, i)));
}

test("the whist bot leads trumps from the jack while the ten is out, and feeds points to a partner sure to win", () => {
  assert.equal(`${whist.choose(whistDecision(["JH", "7H", "8S"], [], 0))}`, "play JH");
  // Seat 2 (the partner) led the jack of trumps: nothing beats it, so the ace of trumps goes to it.
  assert.equal(`${whist.choose(whistDecision(["6H", "AH", "7S"], ["JH", "8H"], 2, [0, 1, 0, 1]))}`, "play AH");
  // An opponent's ten of trumps can be caught with the ace: the cheapest sure winner.
  assert.equal(`${whist.choose(whistDecision(["AH", "JH", "7S"], ["TH"], 1))}`, "play AH");
});
