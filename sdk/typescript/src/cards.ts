/**
 * Cards in the rules' notation: rank letter then suit letter ("AS", "TH",
 * "7C"). Ranks are 0..12 for A 2 3 4 5 6 7 8 9 T J Q K (ace low), suits
 * 0..3 for S H D C.
 *
 * There is one Card object per rank and suit (`Card.of`), so cards compare
 * with `===` and work in a Set, `includes` and `indexOf`; both copies of an
 * imperial card are the same Card.
 */

export const RANKS = "A23456789TJQK";
export const SUITS = "SHDC";
export const SUIT_SYMBOLS = "\u2660\u2665\u2666\u2663"; // S H D C
export const ACE = 0;
export const TEN = 9;
export const JACK = 10;
export const QUEEN = 11;
export const KING = 12;

/** A card or action text that does not parse; the message names it. */
export class CardError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CardError";
  }
}

export class Card {
  private static readonly all: Card[] = [];

  private constructor(
    readonly rank: number,
    readonly suit: number,
  ) {
    Object.freeze(this);
  }

  /** The card of this rank (0..12) and suit (0..3). */
  static of(rank: number, suit: number): Card {
    if (!Number.isInteger(rank) || rank < 0 || rank > 12 ||
        !Number.isInteger(suit) || suit < 0 || suit > 3) {
      throw new CardError(`a card has a rank 0..12 and a suit 0..3, got ${rank}, ${suit}`);
    }
    const key = suit * 13 + rank;
    return (Card.all[key] ??= new Card(rank, suit));
  }

  get rankChar(): string {
    return RANKS[this.rank];
  }

  get suitChar(): string {
    return SUITS[this.suit];
  }

  toString(): string {
    return this.rankChar + this.suitChar;
  }

  toJSON(): string {
    return this.toString();
  }
}

/** Rank first (ace low), then suit in the order S H D C. */
export function compareCards(a: Card, b: Card): number {
  return a.rank - b.rank || a.suit - b.suit;
}

/** "A".."K" (any case) or "10" -> 0..12. */
export function parseRank(text: string): number {
  if (text === "10") return TEN;
  const i = text.length === 1 ? RANKS.indexOf(text.toUpperCase()) : -1;
  if (i < 0) throw new CardError(`bad rank "${text}"`);
  return i;
}

/** "S" "H" "D" "C" (any case) or a suit symbol -> 0..3. */
export function parseSuit(text: string): number {
  if (text.length === 1) {
    const letter = SUITS.indexOf(text.toUpperCase());
    if (letter >= 0) return letter;
    const symbol = SUIT_SYMBOLS.indexOf(text);
    if (symbol >= 0) return symbol;
  }
  throw new CardError(`bad suit "${text}"`);
}

/** Every card by its letter form ("TH"): the protocol's, read without copies. */
const BY_TEXT = new Map<string, Card>();
for (const rank of RANKS) for (const suit of SUITS) BY_TEXT.set(rank + suit, Card.of(RANKS.indexOf(rank), SUITS.indexOf(suit)));

/** A Card from "TH", "10h", "Q\u2660"; a Card is returned as is. */
export function parseCard(text: string | Card): Card {
  if (text instanceof Card) return text;
  const known = typeof text === "string" ? BY_TEXT.get(text) : undefined;
  if (known !== undefined) return known;
  if (typeof text !== "string") {
    throw new CardError(`a card must be text such as 'TH', got ${String(text)}`);
  }
  const s = text.trim();
  // Symbols are one UTF-16 unit each: the suit is the last character.
  if (s.length >= 2) {
    try {
      return Card.of(parseRank(s.slice(0, -1)), parseSuit(s.slice(-1)));
    } catch {
      // reported below with the whole text
    }
  }
  throw new CardError(`bad card "${text}" (want rank then suit, e.g. "TH")`);
}

/** Cards from a space-separated string ("4S 2C 10H") or a list. */
export function parseCards(text: string | Iterable<string | Card>): Card[] {
  const items = typeof text === "string" ? text.split(/\s+/).filter(Boolean) : [...text];
  return items.map((item, i) => {
    try {
      return parseCard(item);
    } catch (e) {
      throw new CardError(`${(e as Error).message} at card ${i + 1}`);
    }
  });
}

/** "4S 5H 6D": each card in its letter form, space-separated. */
export function formatCards(cards: string | Iterable<string | Card>): string {
  return parseCards(cards).join(" ");
}

/** Rank first (A low), then suit in the order S H D C. */
export function sortedByRank(cards: string | Iterable<string | Card>): Card[] {
  return parseCards(cards).sort(compareCards);
}

/** The 65 cards of Zetema: a full pack plus a second copy of the imperial suit. */
export function fullDeck(imperialSuit: string | number = "S"): Card[] {
  const imperial = typeof imperialSuit === "string" ? parseSuit(imperialSuit) : imperialSuit;
  const deck: Card[] = [];
  for (let s = 0; s < 4; s++) for (let r = 0; r < 13; r++) deck.push(Card.of(r, s));
  for (let r = 0; r < 13; r++) deck.push(Card.of(r, imperial));
  return deck;
}

/** A card, or null for the empty text the arbiter sends for a hidden card. */
export function cardOrNull(text: string): Card | null {
  return text ? parseCard(text) : null;
}
