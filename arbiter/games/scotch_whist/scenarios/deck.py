#!/usr/bin/env python3
"""Builds the deck string of a Scotch Whist scenario from the hands to deal.

    python3 deck.py --players 4 --dealer 3 --hand "AS KS ..." --hand ... \
        [--trump 6H]

--hand is given once per seat, seat 0 first. A hand lists the cards the
seat is dealt (it may list fewer: the rest is filled from the cards nobody
was given, lowest seat first, in card order S H D C and 6 up to A). --trump
names the dealer's card that is dealt last and turned up (by default the
last card listed for the dealer). The cards are dealt one at a time from
the top, starting with the seat after the dealer, so the deck printed (top
first) gives every seat exactly its hand. 5 and 7 seats play without the 6C.
Bad input is refused with a message and exit status 2.
"""
import argparse
import sys

RANKS = "6789TJQKA"
SUITS = "SHDC"


def parse_card(text):
    t = text.upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError("'%s' is not a card of the Scotch Whist pack" % text)
    return t


def pack(players):
    cards = [r + s for s in SUITS for r in RANKS]
    if players in (5, 7):
        cards.remove("6C")
    return cards


def build_deck(players, dealer, hands, trump=None):
    """The deck, top first, that deals `hands` (seat 0 first)."""
    if not 2 <= players <= 7:
        raise ValueError("players must be 2 to 7, got %d" % players)
    if not 0 <= dealer < players:
        raise ValueError("dealer %d is no seat of %d" % (dealer, players))
    if len(hands) != players:
        raise ValueError("%d hands given for %d players" % (len(hands), players))
    in_play = pack(players)
    size = len(in_play) // players
    hands = [[parse_card(c) for c in h.split()] for h in hands]
    seen = set()
    for seat, hand in enumerate(hands):
        if len(hand) > size:
            raise ValueError("seat %d: %d cards, a hand holds %d"
                             % (seat, len(hand), size))
        for c in hand:
            if c not in in_play:
                raise ValueError("%s is not in play at %d seats" % (c, players))
            if c in seen:
                raise ValueError("%s is given twice" % c)
            seen.add(c)
    if trump is not None:
        trump = parse_card(trump)
        if trump in seen and trump not in hands[dealer]:
            raise ValueError("the trump %s is given to another seat" % trump)
        if trump not in hands[dealer]:
            if len(hands[dealer]) == size:
                raise ValueError("the dealer's hand is full without %s" % trump)
            if trump not in in_play:
                raise ValueError("%s is not in play at %d seats"
                                 % (trump, players))
            hands[dealer].append(trump)
            seen.add(trump)
        hands[dealer].remove(trump)
    rest = [c for c in in_play if c not in seen]
    for hand in hands:
        while len(hand) < size - (1 if hand is hands[dealer] and trump else 0):
            hand.append(rest.pop(0))
    if trump is not None:
        hands[dealer].append(trump)
    deck = []
    for i in range(size):
        for k in range(1, players + 1):
            deck.append(hands[(dealer + k) % players][i])
    return deck


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--dealer", type=int, required=True)
    p.add_argument("--hand", action="append", default=[])
    p.add_argument("--trump")
    a = p.parse_args()
    try:
        print(" ".join(build_deck(a.players, a.dealer, a.hand, a.trump)))
    except ValueError as e:
        print("deck.py: %s" % e, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
