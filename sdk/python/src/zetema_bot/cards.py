"""Cards in docs/rules/zetema.md notation: rank letter then suit letter ("AS",
"TH", "7C").

    >>> c = parse_card("10h")
    >>> str(c), c.rank_char, c.suit_char, c.rank
    ('TH', 'T', 'H', 9)
    >>> format_cards(parse_cards("4S 5H 6D"))
    '4S 5H 6D'

Ranks are numbered 0..12 for A 2 3 4 5 6 7 8 9 T J Q K (the order of
sequences, ace low; an ace may also top a sequence after the king) and suits
0..3 for S H D C. The two copies of an imperial card are the same Card.
"""

import functools
from typing import Iterable, List

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = "\u2660\u2665\u2666\u2663"  # the same order: S H D C
ACE, JACK, QUEEN, KING = 0, 10, 11, 12


class CardError(ValueError):
    """A card or action text that does not parse; the message names it."""


@functools.total_ordering
class Card:
    """One card: rank 0..12 (A 2 3 4 5 6 7 8 9 T J Q K), suit 0..3 (S H D C).

    Immutable and hashable; sorts by rank (ace low), then suit. Not a tuple,
    so that "discard %s" % card formats as expected."""

    __slots__ = ("rank", "suit")

    def __init__(self, rank: int, suit: int):
        if not (isinstance(rank, int) and 0 <= rank < 13 and
                isinstance(suit, int) and 0 <= suit < 4):
            raise CardError("a card has a rank 0..12 and a suit 0..3, got "
                            "%r, %r" % (rank, suit))
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)

    def __setattr__(self, name, value):
        raise AttributeError("a Card cannot be changed")

    def _key(self):
        return (self.rank, self.suit)

    def __eq__(self, other):
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() == other._key()

    def __lt__(self, other):
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() < other._key()

    def __hash__(self):
        return hash(self._key())

    def __reduce__(self):
        return (Card, self._key())

    @property
    def rank_char(self) -> str:
        return RANKS[self.rank]

    @property
    def suit_char(self) -> str:
        return SUITS[self.suit]

    def __str__(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]

    def __repr__(self) -> str:
        return "Card(%r)" % str(self)


def parse_rank(text: str) -> int:
    """'A'..'K' (any case) or '10' -> 0..12."""
    if text == "10":
        return 9
    if len(text) == 1 and text.upper() in RANKS:
        return RANKS.index(text.upper())
    raise CardError('bad rank "%s"' % text)


def parse_suit(text: str) -> int:
    """'S' 'H' 'D' 'C' (any case) or a suit symbol -> 0..3."""
    if len(text) == 1:
        if text.upper() in SUITS:
            return SUITS.index(text.upper())
        if text in SUIT_SYMBOLS:
            return SUIT_SYMBOLS.index(text)
    raise CardError('bad suit "%s"' % text)


# Every card by its letter form ("TH"): the arbiter sends cards so, and a
# decision names dozens of them; a Card is immutable, so one per card serves.
_BY_TEXT = {RANKS[r] + SUITS[s]: Card(r, s)
            for r in range(13) for s in range(4)}


def parse_card(text) -> Card:
    """A Card from "TH", "10h", "Q\u2660"; a Card is returned as is."""
    card = _BY_TEXT.get(text) if type(text) is str else None
    if card is not None:
        return card
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise CardError("a card must be text such as 'TH', got %r" % (text,))
    s = text.strip()
    if len(s) >= 2:
        try:
            return Card(parse_rank(s[:-1]), parse_suit(s[-1]))
        except CardError:
            pass
    raise CardError('bad card "%s" (want rank then suit, e.g. "TH")' % text)


def parse_cards(text) -> List[Card]:
    """Cards from a space-separated string ("4S 2C 10H") or an iterable."""
    if isinstance(text, str):
        items = text.split()
    else:
        items = list(text)
    try:
        return [_BY_TEXT[item] for item in items]  # all in letter form
    except (KeyError, TypeError):
        pass
    cards = []
    for i, item in enumerate(items, 1):
        try:
            cards.append(parse_card(item))
        except CardError as e:
            raise CardError("%s at card %d" % (e, i)) from None
    return cards


def format_cards(cards: Iterable) -> str:
    """'4S 5H 6D': each card in its letter form, space-separated."""
    return " ".join(str(parse_card(c)) for c in cards)


def sorted_by_rank(cards: Iterable) -> List[Card]:
    """Rank first (A low), then suit in the order S H D C."""
    return sorted(parse_card(c) for c in cards)


def full_deck(imperial_suit="S") -> List[Card]:
    """The 65 cards: a full pack plus a second copy of the imperial suit."""
    imperial = parse_suit(imperial_suit) if isinstance(imperial_suit, str) \
        else imperial_suit
    deck = [Card(r, s) for s in range(4) for r in range(13)]
    return deck + [Card(r, imperial) for r in range(13)]
