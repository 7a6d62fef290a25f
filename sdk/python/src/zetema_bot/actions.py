"""Actions and their docs/rules/zetema.md text notation.

    discard C
    meld C C C C C [C] [discard C]
    marry C C [, C C]...        a card from a rank pile carries a trailing *

    >>> a = parse_action("marry QS KS*, ks qs")
    >>> str(a)
    'marry KS QS, KS* QS'
    >>> a == parse_action("marry KS* QS, KS QS")
    True

Two actions are equal when they have the same kind, the same declared cards,
each from the same place (hand or pile), and the same discard; order and which
imperial copy do not matter (docs/rules/zetema.md, "Actions"). The printed form
is the arbiter's canonical one: meld cards sorted by rank (an ace that tops a
sequence last), marriages paired so that every pair holds a card from the hand,
suits in the order S H D C.
"""

import dataclasses
import re
from typing import List, Optional, Tuple

from zetema_bot.cards import (ACE, KING, QUEEN, Card, CardError, parse_card,
                              parse_cards, sorted_by_rank)
from zetema_bot.proto import zetema_pb2

DISCARD, MELD, MARRY = "discard", "meld", "marry"


@dataclasses.dataclass(frozen=True)
class Marriage:
    """One king-queen pair of a marry; *_from_pile: taken from a rank pile."""

    king: Card
    king_from_pile: bool
    queen: Card
    queen_from_pile: bool

    def __str__(self) -> str:
        return "%s%s %s%s" % (self.king, "*" if self.king_from_pile else "",
                              self.queen, "*" if self.queen_from_pile else "")


@dataclasses.dataclass(frozen=True, eq=False)
class Action:
    """One action. `cards`: a meld's declared cards, or the hand cards of a
    marry; `pile`: a marry's cards taken from the K and Q piles; `discard`:
    the discarded card (for a meld, None when it has none).

    `meld_type` ("sequence", "flush", "flush_sequence", "assembly"),
    `index` (position in the decision's legal list) and `points` (what
    playing it scores now: a declaration's points plus a zetema its discard
    completes, 0 for a plain discard) are filled in for legal actions
    received from the arbiter; they are not part of identity."""

    kind: str
    cards: Tuple[Card, ...] = ()
    pile: Tuple[Card, ...] = ()
    discard: Optional[Card] = None
    meld_type: Optional[str] = None
    index: Optional[int] = None
    points: Optional[int] = None

    @staticmethod
    def discard_card(card) -> "Action":
        return Action(DISCARD, discard=parse_card(card))

    @staticmethod
    def meld(cards, discard=None) -> "Action":
        return Action(MELD, cards=tuple(parse_cards(cards)),
                      discard=None if discard is None else parse_card(discard))

    def _key(self):
        return (self.kind, tuple(sorted(self.cards)), tuple(sorted(self.pile)),
                self.discard)

    def __eq__(self, other):
        if not isinstance(other, Action):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __str__(self) -> str:
        return format_action(self)

    def __repr__(self) -> str:
        return "Action(%r)" % format_action(self)

    @property
    def text(self) -> str:
        return format_action(self)

    @property
    def all_cards(self) -> List[Card]:
        """Every card the action names: declared (hand and pile) and discard."""
        out = list(self.cards) + list(self.pile)
        if self.discard is not None and self.kind != MELD:
            out.append(self.discard)
        return out

    def marriages(self) -> List[Marriage]:
        """A marry's canonical pairing (each pair holds a hand card)."""
        pairs, _ = _pair_marriages(self)
        return pairs


def _count(cards, card):
    return sum(1 for c in cards if c == card)


def _pair_marriages(action: Action):
    """The arbiter's pairing (arbiter/games/zetema/action.cc, MarryText)."""
    pairs, loose = [], []
    for s in range(4):
        k, q = Card(KING, s), Card(QUEEN, s)
        hk, hq = _count(action.cards, k), _count(action.cards, q)
        pk, pq = _count(action.pile, k), _count(action.pile, q)
        hand_hand, pile_king, pile_queen = [], [], []
        while pk > 0 and hq > 0:
            pile_king.append(Marriage(k, True, q, False))
            pk, hq = pk - 1, hq - 1
        while pq > 0 and hk > 0:
            pile_queen.append(Marriage(k, False, q, True))
            pq, hk = pq - 1, hk - 1
        while hk > 0 and hq > 0:
            hand_hand.append(Marriage(k, False, q, False))
            hk, hq = hk - 1, hq - 1
        while pk > 0 and pq > 0:
            pile_queen.append(Marriage(k, True, q, True))
            pk, pq = pk - 1, pq - 1
        pairs += hand_hand + pile_king + pile_queen
        loose += [str(k)] * hk + [str(q)] * hq
        loose += [str(k) + "*"] * pk + [str(q) + "*"] * pq
    return pairs, loose


def _is_ace_high_run(cards: List[Card]) -> bool:
    ranks = {c.rank for c in cards}
    if ACE not in ranks or KING not in ranks or 1 in ranks:
        return False
    if len(ranks) != len(cards):
        return False
    high = sorted(13 if r == ACE else r for r in ranks)
    return high == list(range(high[0], 14))


def format_action(action: Action) -> str:
    """The canonical docs/rules/zetema.md text of an action."""
    if action.kind == DISCARD:
        return "discard " + str(action.discard)
    if action.kind == MELD:
        cards = sorted_by_rank(action.cards)
        if _is_ace_high_run(cards):
            cards = cards[1:] + cards[:1]
        out = "meld " + " ".join(str(c) for c in cards)
        if action.discard is not None:
            out += " discard " + str(action.discard)
        return out
    if action.kind == MARRY:
        pairs, loose = _pair_marriages(action)
        out = "marry" + ",".join(" " + str(p) for p in pairs)
        return out + "".join(" " + c for c in loose)
    raise CardError("unknown action kind %r" % (action.kind,))


_TOKEN = re.compile(r",|[^\s,]+")


def parse_action(text: str) -> Action:
    """An Action from its text (docs/rules/zetema.md); CardError names the
    offending token."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise CardError("an action must be text, got %r" % (text,))
    tokens = _TOKEN.findall(text)
    if not tokens:
        raise CardError("empty action")

    def card_at(i, allow_star=False):
        token = tokens[i]
        star = allow_star and token.endswith("*")
        try:
            return parse_card(token[:-1] if star else token), star
        except CardError:
            raise CardError('bad card "%s" at token %d' % (token, i + 1)) \
                from None

    verb = tokens[0].lower()
    if verb == DISCARD:
        if len(tokens) < 2:
            raise CardError('missing card after "discard"')
        if len(tokens) > 2:
            raise CardError('unexpected "%s" at token 3' % tokens[2])
        return Action(DISCARD, discard=card_at(1)[0])
    if verb == MELD:
        i, cards = 1, []
        while i < len(tokens) and tokens[i].lower() != DISCARD:
            cards.append(card_at(i)[0])
            i += 1
        if not cards:
            raise CardError("meld needs the declared cards")
        discard = None
        if i < len(tokens):
            if i + 1 == len(tokens):
                raise CardError('missing card after "discard"')
            if i + 2 != len(tokens):
                raise CardError('unexpected "%s" at token %d' %
                                (tokens[i + 2], i + 3))
            discard = card_at(i + 1)[0]
        return Action(MELD, cards=tuple(cards), discard=discard)
    if verb == MARRY:
        i, hand, pile = 1, [], []
        while True:
            if i + 1 >= len(tokens) or "," in tokens[i:i + 2]:
                raise CardError("marry needs pairs of a king and a queen: "
                                "missing a card after token %d" % i)
            (a, a_pile), (b, b_pile) = card_at(i, True), card_at(i + 1, True)
            if {a.rank, b.rank} != {KING, QUEEN} or a.suit != b.suit:
                raise CardError('"%s %s" at tokens %d-%d is not a king and '
                                'queen of one suit' %
                                (tokens[i], tokens[i + 1], i + 1, i + 2))
            (pile if a_pile else hand).append(a)
            (pile if b_pile else hand).append(b)
            i += 2
            if i == len(tokens):
                return Action(MARRY, cards=tuple(hand), pile=tuple(pile))
            if tokens[i] != ",":
                raise CardError('expected "," not "%s" at token %d' %
                                (tokens[i], i + 1))
            i += 1
    raise CardError('unknown action "%s" (want discard, meld or marry)' %
                    tokens[0])


_MELD_TYPES = {
    zetema_pb2.MELD_TYPE_SEQUENCE: "sequence",
    zetema_pb2.MELD_TYPE_FLUSH: "flush",
    zetema_pb2.MELD_TYPE_FLUSH_SEQUENCE: "flush_sequence",
    zetema_pb2.MELD_TYPE_ASSEMBLY: "assembly",
}


def _received(kind, cards=(), pile=(), discard=None, meld_type=None,
              index=None, points=None) -> Action:
    """Action(...) of parsed values, without the frozen dataclass's
    __setattr__ for each field: a decision builds one for every legal
    action, and that took half of its time."""
    action = object.__new__(Action)
    action.__dict__.update(kind=kind, cards=cards, pile=pile, discard=discard,
                           meld_type=meld_type, index=index, points=points)
    return action


def action_from_proto(proto, index=None) -> Action:
    """An Action from a zetema.v1.Action (or zetema.v1.LegalAction, whose
    points it keeps)."""
    points = None
    if proto.DESCRIPTOR.name == "LegalAction":
        points, proto = proto.points, proto.action
    kind = proto.WhichOneof("kind")
    if kind == "discard":
        return _received(DISCARD, discard=parse_card(proto.discard.card),
                         index=index, points=points)
    if kind == "meld":
        m = proto.meld
        return _received(MELD, cards=tuple(parse_cards(m.cards)),
                         discard=parse_card(m.discard) if m.discard else None,
                         meld_type=_MELD_TYPES.get(m.meld_type), index=index,
                         points=points)
    if kind == "marry":
        hand, pile = [], []
        for m in proto.marry.marriages:
            (pile if m.king_from_pile else hand).append(parse_card(m.king))
            (pile if m.queen_from_pile else hand).append(parse_card(m.queen))
        return _received(MARRY, cards=tuple(hand), pile=tuple(pile),
                         index=index, points=points)
    raise CardError("the action message holds no discard, meld or marry")


def action_to_proto(action: Action):
    """The zetema.v1.Action of an Action."""
    out = zetema_pb2.Action()
    if action.kind == DISCARD:
        out.discard.card = str(action.discard)
    elif action.kind == MELD:
        out.meld.cards.extend(str(c) for c in action.cards)
        if action.discard is not None:
            out.meld.discard = str(action.discard)
    elif action.kind == MARRY:
        pairs, loose = _pair_marriages(action)
        if loose:
            raise CardError("cannot pair %s into marriages" % " ".join(loose))
        for p in pairs:
            out.marry.marriages.add(king=str(p.king),
                                    king_from_pile=p.king_from_pile,
                                    queen=str(p.queen),
                                    queen_from_pile=p.queen_from_pile)
    else:
        raise CardError("unknown action kind %r" % (action.kind,))
    return out
