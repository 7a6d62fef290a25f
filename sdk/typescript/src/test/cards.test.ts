/** Cards, each game's actions in text and as messages, and the games' helpers. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Card, CardError, formatCards, fullDeck, parseCard, parseCards, pontoon, scotchWhist, sortedByRank, zetema } from "../index";

test("cards: every input form, one object per card, letter form out", () => {
  for (const [text, rank, suit] of [["TH", 9, 1], ["10h", 9, 1], ["q\u2660", 11, 0], [" ac ", 0, 3], ["KD", 12, 2]] as const) {
    assert.equal(parseCard(text), Card.of(rank, suit));
  }
  assert.equal(formatCards(parseCards("4S 2C 10H")), "4S 2C TH");
  assert.equal(`discard ${parseCard("qs")}`, "discard QS");
  assert.deepEqual(sortedByRank("KS 4H AS 4S").map(String), ["AS", "4S", "4H", "KS"]);
  assert.ok(new Set(parseCards("9H 9h 9\u2665")).size === 1);
  assert.equal(JSON.stringify(parseCards("AS TD")), '["AS","TD"]');
  for (const bad of ["9X", "1S", "", "S", "10", "KSS"]) {
    assert.throws(() => parseCard(bad), (e: Error) => e instanceof CardError && e.message.includes(`bad card "${bad}"`));
  }
  assert.throws(() => parseCards("AS 9X"), /bad card "9X" .* at card 2/);
  assert.throws(() => Card.of(13, 0), /rank 0..12 and a suit 0..3, got 13, 0/);
});

test("the Zetema deck has five of every rank and a doubled imperial suit", () => {
  const deck = fullDeck();
  assert.equal(deck.length, 65);
  for (let rank = 0; rank < 13; rank++) assert.equal(deck.filter((c) => c.rank === rank).length, 5);
  assert.equal(deck.filter((c) => c.suitChar === "S").length, 26);
  assert.equal(fullDeck("H").filter((c) => c.suitChar === "H").length, 26);
});

test("Zetema actions print as the arbiter does and read back to the same action", () => {
  for (const [text, canonical] of [
    ["discard 9H", "discard 9H"],
    ["DISCARD 10h", "discard TH"],
    ["meld 4S 5H 6D 7C 8S 9H discard 9H", "meld 4S 5H 6D 7C 8S 9H discard 9H"],
    ["meld 9H 4S 8S 5H 7C 6D", "meld 4S 5H 6D 7C 8S 9H"],
    ["meld AH KH 9H QH TH JH discard AH", "meld 9H TH JH QH KH AH discard AH"],
    ["meld AH 2H 3H 4H 5H 6H discard 2H", "meld AH 2H 3H 4H 5H 6H discard 2H"],
    ["meld KS KH KS KD KC", "meld KS KS KH KD KC"],
    ["marry KS QS, KS* QS", "marry KS QS, KS* QS"],
    ["marry QS* KS, qs ks", "marry KS QS, KS QS*"],
    ["marry KH QH*", "marry KH QH*"],
    ["marry KD QD, KH QH", "marry KH QH, KD QD"],
    ["marry K\u2660 Q\u2660", "marry KS QS"],
  ]) {
    const action = zetema.parseAction(text);
    assert.equal(`${action}`, canonical, text);
    assert.ok(zetema.parseAction(canonical).equals(action), text);
    const back = zetema.actionFromProto(zetema.actionToProto(action));
    assert.equal(back.text, canonical, `${text} as a message`);
  }
});

test("Zetema actions: parts, identity, and errors that name the token", () => {
  const marry = zetema.parseAction("marry KS QS, KS* QS");
  assert.deepEqual(marry.cards.map(String).sort(), ["KS", "QS", "QS"]);
  assert.deepEqual(marry.pile.map(String), ["KS"]);
  assert.deepEqual(marry.marriages().map(String), ["KS QS", "KS* QS"]);
  const p = zetema.parseAction;
  assert.ok(p("meld 4S 5H 6D 7C 8S 9H").equals(p("meld 9H 8S 7C 6D 5H 4S")));
  assert.ok(p("marry KS QS, KS* QS").equals(p("marry KS* QS, QS KS")));
  assert.ok(!p("marry KH QH*").equals(p("marry KH* QH")));
  assert.ok(!p("meld 4S 5H 6D 7C 8S 9H discard 9H").equals(p("meld 4S 5H 6D 7C 8S 9H discard 4S")));
  assert.ok(!p("discard 9H").equals(p("meld 9H")));
  assert.ok(zetema.Action.meld("4S 5H 6D 7C 8S 9H", "9H").equals(p("meld 4S 5H 6D 7C 8S 9H discard 9H")));
  assert.ok(zetema.Action.discardCard("TH").equals(p("discard 10H")));
  assert.deepEqual(zetema.actionToProto(p("meld 4S 5H 6D 7C 8S 9H")), { meld: { cards: ["4S", "5H", "6D", "7C", "8S", "9H"], discard: "" } });
  for (const [bad, message] of [
    ["", "empty action"], ["pass", 'unknown action "pass"'], ["discard", 'missing card after "discard"'],
    ["discard 9H 9S", 'unexpected "9S" at token 3'], ["discard 9X", 'bad card "9X" at token 2'],
    ["meld", "meld needs the declared cards"], ["meld 4S 5H discard", 'missing card after "discard"'],
    ["meld 4S 5H discard 4S 5H", 'unexpected "5H" at token 6'], ["marry KS", "missing a card"],
    ["marry KS QH", "is not a king and queen of one suit"], ["marry KS QS KH QH", 'expected "," not "KH" at token 4'],
    ["marry KS QS,", "missing a card"],
  ]) {
    assert.throws(() => p(bad), (e: Error) => e instanceof CardError && e.message.includes(message), bad);
  }
  assert.throws(() => zetema.actionToProto(new zetema.Action(zetema.MARRY, parseCards("KS KH"))), /cannot pair KS KH into marriages/);
});

test("Pontoon: actions in text and as messages; hand arithmetic with the ace 1 or 11", () => {
  for (const text of ["bet 5", "buy 2", "twist", "stick", "split"]) {
    const action = pontoon.parseAction(text.toUpperCase());
    assert.equal(`${action}`, text);
    assert.ok(pontoon.actionFromProto(pontoon.actionToProto(action)).equals(action));
  }
  assert.throws(() => pontoon.parseAction("bet"), /bet wants a number of chips/);
  assert.throws(() => pontoon.parseAction("twist 3"), /twist takes nothing after it/);
  assert.throws(() => pontoon.parseAction("hit"), /unknown action "hit"/);
  const hand = (text: string) => parseCards(text);
  assert.equal(pontoon.handTotal(hand("AS 6D")), 17);
  assert.ok(pontoon.isSoft(hand("AS 6D")));
  assert.equal(pontoon.handTotal(hand("AS 6D KH")), 17);
  assert.ok(!pontoon.isSoft(hand("AS 6D KH")));
  assert.ok(pontoon.isPontoon(hand("AS KH")) && !pontoon.isPontoon(hand("AS KH 2C")));
  assert.ok(pontoon.isBust(hand("KS QS 2C")));
  assert.ok(pontoon.isFiveCardTrick(hand("AS 2S 3S 4S 5S")));
  assert.equal(pontoon.handTotal([null, parseCard("9C")]), 9);
});

test("Scotch Whist: the jack tops trumps, the suit led wins among plain cards", () => {
  const H = 1;
  const c = parseCard;
  assert.equal(scotchWhist.strength(c("JH"), H), 8);
  assert.equal(scotchWhist.strength(c("JS"), H), 5);
  assert.equal(scotchWhist.strength(c("AS"), H), 8);
  assert.equal(`${scotchWhist.winningCard(parseCards("AS KS 6H"), H)}`, "6H");
  assert.equal(`${scotchWhist.winningCard(parseCards("9S AD KS"), H)}`, "KS");
  assert.equal(scotchWhist.winnerIndex(parseCards("AH JH"), H), 1);
  assert.ok(!scotchWhist.beats(c("AD"), c("9S"), c("9S"), H));
  const action = scotchWhist.parseAction("PLAY 10h");
  assert.equal(`${action}`, "play TH");
  assert.ok(scotchWhist.actionFromProto(scotchWhist.actionToProto(action)).equals(action));
  assert.throws(() => scotchWhist.parseAction("play"), /expected 'play CARD'/);
});
