"""Pontoon: its actions, observation and hand values (docs/rules/pontoon.md).

    import zetema_bot
    from zetema_bot import pontoon

    def choose(observation, legal_actions):
        # observation: pontoon.Observation; legal_actions: pontoon.Action list
        hand = observation.my_hand
        if hand is not None and pontoon.hand_total(hand.cards) < 16:
            for action in legal_actions:
                if action.kind == pontoon.TWIST:
                    return action
        return 0                      # the first legal action

    zetema_bot.run(choose, name="pontoon-bot", games=["pontoon"])

Actions: `bet N`, `buy N`, `twist`, `stick`, `split`. Cards are
zetema_bot.Card values (rank 0..12 for A 2 .. K); a card this seat may not
see (another seat's face-down card) is None.
"""

import dataclasses
from typing import List, Optional, Sequence

from zetema_bot.cards import ACE, Card, CardError, parse_card
from zetema_bot._answer import set_typed_answer
from zetema_bot._request import take_request
from zetema_bot.proto import pontoon_pb2

NAME = "pontoon"

BET, BUY, TWIST, STICK, SPLIT = "bet", "buy", "twist", "stick", "split"
_KINDS = {
    BET: pontoon_pb2.ACTION_TYPE_BET,
    BUY: pontoon_pb2.ACTION_TYPE_BUY,
    TWIST: pontoon_pb2.ACTION_TYPE_TWIST,
    STICK: pontoon_pb2.ACTION_TYPE_STICK,
    SPLIT: pontoon_pb2.ACTION_TYPE_SPLIT,
}
_KIND_OF = {v: k for k, v in _KINDS.items()}
_WITH_AMOUNT = (BET, BUY)

# Hand statuses (Hand.status) and phases (Observation.phase).
OPEN, STUCK, BUST, PONTOON = "open", "stuck", "bust", "pontoon"
_STATUS = {
    pontoon_pb2.HAND_STATUS_OPEN: OPEN,
    pontoon_pb2.HAND_STATUS_STUCK: STUCK,
    pontoon_pb2.HAND_STATUS_BUST: BUST,
    pontoon_pb2.HAND_STATUS_PONTOON: PONTOON,
}
PHASE_BET, PHASE_PLAY, PHASE_BANKER, PHASE_OVER = (
    "bet", "play", "banker", "over")
_PHASE = {
    pontoon_pb2.PHASE_BET: PHASE_BET,
    pontoon_pb2.PHASE_PLAY: PHASE_PLAY,
    pontoon_pb2.PHASE_BANKER: PHASE_BANKER,
    pontoon_pb2.PHASE_OVER: PHASE_OVER,
}


@dataclasses.dataclass(frozen=True, eq=False)
class Action:
    """One action: `kind` (bet, buy, twist, stick, split) and `amount` (the
    chips of a bet or a buy, else 0). `index`: its position in the
    decision's legal list (not part of identity)."""

    kind: str
    amount: int = 0
    index: Optional[int] = None

    def __eq__(self, other):
        if not isinstance(other, Action):
            return NotImplemented
        return (self.kind, self.amount) == (other.kind, other.amount)

    def __hash__(self):
        return hash((self.kind, self.amount))

    def __str__(self) -> str:
        return format_action(self)

    def __repr__(self) -> str:
        return "pontoon.Action(%r)" % str(self)


def format_action(action: Action) -> str:
    """The arbiter's text of an action: "bet 5", "twist"."""
    if action.kind in _WITH_AMOUNT:
        return "%s %d" % (action.kind, action.amount)
    return action.kind


def parse_action(text: str) -> Action:
    """An Action from its text (keywords in any case); raises CardError (a
    ValueError) naming what is wrong."""
    words = str(text).split()
    if not words:
        raise CardError("empty action")
    kind = words[0].lower()
    if kind not in _KINDS:
        raise CardError("unknown action %r: expected bet N, buy N, twist, "
                        "stick or split" % words[0])
    if kind in _WITH_AMOUNT:
        if len(words) != 2 or not words[1].isdigit():
            raise CardError("%s wants a number of chips: '%s N'" % (kind, kind))
        return Action(kind, int(words[1]))
    if len(words) != 1:
        raise CardError("%s takes nothing after it, got %r" % (kind, text))
    return Action(kind)


def action_from_proto(proto, index=None) -> Action:
    """An Action from a pontoon.v1.Action (or pontoon.v1.LegalAction)."""
    if proto.DESCRIPTOR.name == "LegalAction":
        proto = proto.action
    if proto.type not in _KIND_OF:
        raise CardError("the action message has no type")
    kind = _KIND_OF[proto.type]
    return Action(kind, proto.amount if kind in _WITH_AMOUNT else 0, index)


def action_to_proto(action: Action):
    """The pontoon.v1.Action of an Action."""
    if action.kind not in _KINDS:
        raise CardError("unknown action kind %r" % (action.kind,))
    return pontoon_pb2.Action(type=_KINDS[action.kind], amount=action.amount)


# ---------------------------------------------------------------- hands


def card_value(card: Card) -> int:
    """An ace counts 1 here (see hand_total), court cards and tens 10."""
    return min(card.rank + 1, 10)


def hand_total(cards: Sequence[Optional[Card]]) -> int:
    """The hand's total: the highest count not over 21, an ace counting 11
    where that stays under 22; if none, the lowest count. Unknown cards
    (None) count nothing."""
    known = [c for c in cards if c is not None]
    low = sum(card_value(c) for c in known)
    if any(c.rank == ACE for c in known) and low + 10 <= 21:
        return low + 10
    return low


def is_soft(cards: Sequence[Optional[Card]]) -> bool:
    """True when an ace counts 11 in hand_total."""
    known = [c for c in cards if c is not None]
    low = sum(card_value(c) for c in known)
    return any(c.rank == ACE for c in known) and low + 10 <= 21


def is_bust(cards: Sequence[Optional[Card]]) -> bool:
    return sum(card_value(c) for c in cards if c is not None) > 21


def is_pontoon(cards: Sequence[Optional[Card]]) -> bool:
    """Two cards: an ace and a ten-valued card."""
    return (len(cards) == 2 and None not in cards and
            sorted(card_value(c) for c in cards) == [1, 10])


def is_five_card_trick(cards: Sequence[Optional[Card]]) -> bool:
    return len(cards) >= 5 and None not in cards and not is_bust(cards)


# ---------------------------------------------------------- observation


def _card_or_none(text: str) -> Optional[Card]:
    return parse_card(text) if text else None


class Hand:
    """One hand. cards: in the order dealt, None for a face-down card of
    another seat; face_up: per card; stake, first_stake (the bet); status
    (open, stuck, bust, pontoon); twisted (may no longer buy); from_split."""

    def __init__(self, proto):
        self.proto = proto
        self.cards: List[Optional[Card]] = [_card_or_none(c)
                                            for c in proto.cards]
        self.face_up: List[bool] = list(proto.face_up)
        self.stake: int = proto.stake
        self.first_stake: int = proto.first_stake
        self.status: str = _STATUS.get(proto.status, OPEN)
        self.twisted: bool = proto.twisted
        self.from_split: bool = proto.from_split

    @property
    def total(self) -> int:
        """hand_total of the cards this seat can see."""
        return hand_total(self.cards)

    def __repr__(self) -> str:
        return "pontoon.Hand(%s, %s)" % (
            " ".join(str(c) if c else "??" for c in self.cards), self.status)


class SeatState:
    """One seat: chips (won and lost so far), stake (this hand's stakes
    together) and hands (the banker's one hand, or a punter's)."""

    def __init__(self, proto):
        self.chips: int = proto.chips
        self.stake: int = proto.stake
        self.hands: List[Hand] = [Hand(h) for h in proto.hands]

    def __repr__(self) -> str:
        return "pontoon.SeatState(chips=%d, hands=%r)" % (self.chips,
                                                          self.hands)


class Observation:
    """What this seat may see when it is asked to act.

    seat, num_players, banker, hand_number (1 for the first hand), hands
    (hands in the game), current_player, current_hand (the index of the hand
    to act on), phase (bet, play, banker), seats (a SeatState per seat),
    pack_size, under_pack (the known bottom of the pack, top first: cards
    put under since the last shuffle, None for one hidden from this seat),
    history (every pontoon.v1.Event of this game so far), game (GameInfo),
    ruleset (pontoon.v1.Ruleset), request_id, time_left_ms, move_limit_ms,
    bank_ms, and proto (the pontoon.v1.Observation, history filled in)."""

    def __init__(self, request, game):
        obs = request.pontoon.observation
        self._proto = obs
        self._proto_ready = game is None or bool(obs.history)
        take_request(self, request, game)
        self.seat: int = obs.seat
        self.num_players: int = obs.num_players
        self.banker: int = obs.banker
        self.hand_number: int = obs.hand_number
        self.hands: int = obs.hands
        self.current_player: int = obs.current_player
        self.current_hand: int = obs.current_hand
        self.phase: str = _PHASE.get(obs.phase, PHASE_OVER)
        self.seats: List[SeatState] = [SeatState(s) for s in obs.seats]
        self.pack_size: int = obs.pack_size
        self.under_pack: List[Optional[Card]] = [_card_or_none(c)
                                                 for c in obs.under_pack]
        self.history = list(obs.history) if obs.history or game is None \
            else list(game.history)

    @property
    def proto(self):
        if not self._proto_ready:
            self._proto.history.extend(self.history)
            self._proto_ready = True
        return self._proto

    @property
    def is_banker(self) -> bool:
        return self.seat == self.banker

    @property
    def chips(self) -> List[int]:
        return [s.chips for s in self.seats]

    @property
    def my_hand(self) -> Optional[Hand]:
        """The hand this decision is about: the current hand when this seat
        acts on one, else its first hand (None before the deal)."""
        hands = self.seats[self.seat].hands if self.seats else []
        if 0 <= self.current_hand < len(hands):
            return hands[self.current_hand]
        return hands[0] if hands else None

    @property
    def banker_hand(self) -> Optional[Hand]:
        hands = self.seats[self.banker].hands if self.seats else []
        return hands[0] if hands else None

    @property
    def unknown_pack(self) -> int:
        """How many cards at the top of the pack nobody has seen since the
        last shuffle."""
        return self.pack_size - len(self.under_pack)

    def __repr__(self) -> str:
        return "pontoon.Observation(seat=%d, banker=%d, phase=%s, hand=%r)" % (
            self.seat, self.banker, self.phase, self.my_hand)


# ---------------------------------------------- the game loop's interface


def start_info(start):
    return start.pontoon.ruleset, start.pontoon.first_banker


def events_of(game_event) -> list:
    return list(game_event.pontoon.events)


def observation(request, game):
    return Observation(request, game)


def legal_actions(request) -> List[Action]:
    return [action_from_proto(la.action, index=i)
            for i, la in enumerate(request.pontoon.legal_actions)]


def set_answer(choice, legal, reply) -> bool:
    return set_typed_answer(choice, legal, reply, Action, pontoon_pb2.Action,
                            "pontoon", action_to_proto)
