#!/usr/bin/env python3
"""Builds the 52-card `deck = "..."` string of a Pontoon scenario file.

Give the cards to deal first, top first, in the order the engine deals them:
one card to each punter from the banker's left, one to the banker, then the
second round in the same order, then every card drawn. The rest of the pack
follows in a fixed order (suits S H D C, ranks A 2 .. K within a suit).

    python3 arbiter/games/pontoon/scenarios/deck.py "9S 7H KD 8C AS 5D"

Cards use the project's notation (AS, TH, 10H, 7C). An unknown card or a
card named twice is refused with a message that names it, and exit status 2.
Used as a module: build_deck("9S 7H ...") returns the 52 card strings.
"""

import sys

RANKS = "A23456789TJQK"
SUITS = "SHDC"


def normal(card):
    c = card.strip().upper()
    if len(c) == 3 and c.startswith("10"):
        c = "T" + c[2]
    if len(c) != 2 or c[0] not in RANKS or c[1] not in SUITS:
        raise ValueError(f"'{card}' is not a card (e.g. AS, TH, 10H, 7C)")
    return c


def build_deck(top):
    first = [normal(c) for c in top.replace(",", " ").split()]
    seen = set()
    for c in first:
        if c in seen:
            raise ValueError(f"{c} is named twice")
        seen.add(c)
    rest = [r + s for s in SUITS for r in RANKS if r + s not in seen]
    return first + rest


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        print(" ".join(build_deck(argv[1])))
    except ValueError as e:
        print(f"deck.py: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
