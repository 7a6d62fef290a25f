#!/usr/bin/env python3
"""Builds the 65-card `deck = "..."` string of a Zetema scenario file.

Give the table (players, dealer), every seat's dealt hand and the cards to put
on top of the stock, in drawing order. The script deals like
docs/rules/zetema.md "The deal": one card at a time, starting with the seat
after the dealer, until every seat holds its hand; then the stock cards you
named, then every other card of the pack in a fixed order (ranks 2..A, suits C D
H S within a rank, the imperial suit's second copy right after its first).

Example (two players, dealer 1, so seat 0 receives the first card):

    python3 arbiter/games/zetema/scenarios/deck.py --players 2 --dealer 1 \\
        --hand "4S 5H 6D 7C 8S KD" --hand "2C 2D 3C JC JD TC" --stock "9H"

Hands are given in seat order (the first --hand is seat 0). Every hand must have
the same size, 5 or 6 cards. Cards use docs/rules/zetema.md notation (AS, TH,
7C; 10H and the suit symbols are accepted; the output is always letters).
Impossible inputs (unknown card, a card used more often than the pack holds,
wrong number of hands, unequal hand sizes, a seat out of range) are refused with
a message that names the problem, and exit status 2.

Used as a module: build_deck(players, dealer, hands, stock_top, imperial="S")
returns the list of 65 card strings, top first.
"""

import argparse
import sys

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
# Fixed order for the cards nobody named: by rank, then suit.
FILL_RANKS = "23456789TJQKA"
FILL_SUITS = "CDHS"


class DeckError(ValueError):
    """An input that no real deck can satisfy."""


def parse_card(text):
    """Returns the letter form of one card, e.g. '10♥' -> 'TH'."""
    t = text.strip().replace("\ufe0f", "")
    if len(t) < 2:
        raise DeckError(f"bad card {text!r}: expected rank then suit, e.g. TH")
    rank, suit = t[:-1].upper(), t[-1]
    suit = SYMBOLS.get(suit, suit.upper())
    if rank == "10":
        rank = "T"
    if rank not in RANKS or len(rank) != 1:
        raise DeckError(f"bad card {text!r}: unknown rank {rank!r}")
    if suit not in SUITS:
        raise DeckError(f"bad card {text!r}: unknown suit {t[-1]!r}")
    return rank + suit


def parse_cards(text):
    return [parse_card(c) for c in text.replace(",", " ").split()]


def full_pack(imperial="S"):
    """The 65 cards in the fixed fill order."""
    if imperial not in SUITS:
        raise DeckError(f"bad imperial suit {imperial!r}: one of S H D C")
    pack = []
    for rank in FILL_RANKS:
        for suit in FILL_SUITS:
            pack.append(rank + suit)
            if suit == imperial:
                pack.append(rank + suit)
    assert len(pack) == 65
    return pack


def build_deck(players, dealer, hands, stock_top=(), imperial="S"):
    if not 2 <= players <= 6:
        raise DeckError(f"players must be 2..6, got {players}")
    if not 0 <= dealer < players:
        raise DeckError(f"dealer must be a seat 0..{players - 1}, got {dealer}")
    if len(hands) != players:
        raise DeckError(f"need one hand per seat: {players} players, "
                        f"{len(hands)} hands given")
    hands = [[parse_card(c) for c in h] for h in hands]
    stock_top = [parse_card(c) for c in stock_top]
    size = len(hands[0])
    for seat, h in enumerate(hands):
        if len(h) != size:
            raise DeckError(f"hand of seat {seat} has {len(h)} cards, "
                            f"seat 0 has {size}: every hand has the same size")
    if size not in (5, 6):
        raise DeckError(f"hand size must be 5 or 6, got {size}")
    remaining = full_pack(imperial)
    for where, cards in [(f"hand of seat {s}", h) for s, h in enumerate(hands)
                         ] + [("stock", stock_top)]:
        for c in cards:
            if c not in remaining:
                copies = 2 if c[1] == imperial else 1
                raise DeckError(f"{c} in the {where} is one too many: the "
                                f"pack holds {copies} {c}")
            remaining.remove(c)
    deck = []
    first = (dealer + 1) % players
    for i in range(size):
        for k in range(players):
            deck.append(hands[(first + k) % players][i])
    deck += stock_top + remaining
    assert len(deck) == 65
    return deck


def main(argv):
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--dealer", type=int, required=True)
    ap.add_argument("--hand", action="append", default=[],
                    help="one seat's dealt hand, in seat order from seat 0")
    ap.add_argument("--stock", default="",
                    help="cards on top of the stock, first drawn first")
    ap.add_argument("--imperial", default="S",
                    help="imperial suit (doubled suit), default S")
    args = ap.parse_args(argv)
    try:
        deck = build_deck(args.players, args.dealer,
                          [parse_cards(h) for h in args.hand],
                          parse_cards(args.stock), args.imperial.upper())
    except DeckError as e:
        print(f"deck.py: {e}", file=sys.stderr)
        return 2
    print(" ".join(deck))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
