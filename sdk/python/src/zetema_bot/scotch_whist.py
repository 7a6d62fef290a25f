"""Scotch Whist (Catch the Ten): its action, observation and card order
(docs/rules/scotch_whist.md).

    import zetema_bot
    from zetema_bot import scotch_whist

    def choose(observation, legal_actions):
        # observation: scotch_whist.Observation; legal_actions: a list of
        # scotch_whist.Action, one per playable card
        trick = observation.trick
        if trick.cards:
            best = scotch_whist.winning_card(trick.cards, observation.trump)
            for action in legal_actions:
                if scotch_whist.beats(action.card, best, trick.cards[0],
                                      observation.trump):
                    return action
        return 0                      # the first legal action

    zetema_bot.run(choose, name="whist-bot", games=["scotch_whist"])

The only action is `play CARD`. Cards are zetema_bot.Card values (rank 0..12
for A 2 .. K; this pack holds 6 to A). In the trump suit the jack is the
highest card: J A K Q T 9 8 7 6; in the other suits A K Q J T 9 8 7 6.

This module has the interface of the SDK's game modules (NAME, start_info,
events_of, observation, legal_actions, set_answer) that the game loop calls
for a decision of this game.
"""

import dataclasses
from typing import List, Optional, Sequence

from zetema_bot.cards import (ACE, JACK, KING, QUEEN, Card, CardError,
                              parse_card, parse_suit)
from zetema_bot._answer import set_typed_answer
from zetema_bot._request import take_request
from zetema_bot.proto import scotch_whist_pb2

NAME = "scotch_whist"
PLAY = "play"

# Points of the scoring items (the trick score is one point per card
# captured beyond the cards dealt).
TEN = 9  # the rank of a ten
ITEM_POINTS = {TEN: 10, ACE: 4, KING: 3, QUEEN: 2, JACK: 11}

_PLAIN_ORDER = (5, 6, 7, 8, TEN, JACK, QUEEN, KING, ACE)  # 6 .. A, low first
_TRUMP_ORDER = (5, 6, 7, 8, TEN, QUEEN, KING, ACE, JACK)


def strength(card: Card, trump: int) -> int:
    """The card's order within its suit, low 0 to high 8 (trump order in
    the trump suit)."""
    order = _TRUMP_ORDER if card.suit == trump else _PLAIN_ORDER
    return order.index(card.rank)


def beats(card: Card, best: Card, led: Card, trump: int) -> bool:
    """Whether `card` played to a trick led with `led`, whose winning card so
    far is `best`, would take it over."""
    if card.suit == trump:
        return best.suit != trump or strength(card, trump) > strength(
            best, trump)
    return (best.suit != trump and card.suit == best.suit == led.suit and
            strength(card, trump) > strength(best, trump))


def winning_card(cards: Sequence[Card], trump: int) -> Card:
    """The card that wins (so far) a trick played in this order."""
    best = cards[0]
    for card in cards[1:]:
        if beats(card, best, cards[0], trump):
            best = card
    return best


def winner_index(cards: Sequence[Card], trump: int) -> int:
    """The position in `cards` (in the order played) of the winning card."""
    return list(cards).index(winning_card(cards, trump))


@dataclasses.dataclass(frozen=True, eq=False)
class Action:
    """`play card`. `index`: its position in the decision's legal list (not
    part of identity)."""

    card: Card
    index: Optional[int] = None
    kind: str = PLAY

    def __eq__(self, other):
        if not isinstance(other, Action):
            return NotImplemented
        return self.card == other.card

    def __hash__(self):
        return hash(self.card)

    def __str__(self) -> str:
        return format_action(self)

    def __repr__(self) -> str:
        return "scotch_whist.Action(%r)" % str(self)


def format_action(action: Action) -> str:
    """The arbiter's text of an action: "play 9H"."""
    return "play %s" % action.card


def parse_action(text: str) -> Action:
    """An Action from "play CARD" (any case, 10H for TH); raises CardError
    (a ValueError) naming what is wrong."""
    words = str(text).split()
    if len(words) != 2 or words[0].lower() != PLAY:
        raise CardError("expected 'play CARD', e.g. 'play 9H', got %r" % text)
    return Action(parse_card(words[1]))


def action_from_proto(proto, index=None) -> Action:
    """An Action from a scotch_whist.v1.Action (or LegalAction)."""
    if proto.DESCRIPTOR.name == "LegalAction":
        proto = proto.action
    if proto.WhichOneof("kind") != "play":
        raise CardError("the action message has no kind (play)")
    return Action(parse_card(proto.play.card), index)


def action_to_proto(action: Action):
    """The scotch_whist.v1.Action of an Action."""
    return scotch_whist_pb2.Action(
        play=scotch_whist_pb2.Play(card=str(action.card)))


# ---------------------------------------------------------- observation


def _cards(texts) -> List[Card]:
    return [parse_card(t) for t in texts]


class Trick:
    """A trick: leader (seat), cards in the order played from the leader on,
    winner (seat, -1 while it is being played)."""

    def __init__(self, proto):
        self.leader: int = proto.leader
        self.cards: List[Card] = _cards(proto.cards)
        self.winner: int = proto.winner

    def seat_of(self, i: int, num_players: int) -> int:
        """The seat that played cards[i]."""
        return (self.leader + i) % num_players

    def __repr__(self) -> str:
        return "scotch_whist.Trick(leader=%d, %s)" % (
            self.leader, " ".join(str(c) for c in self.cards))


class Observation:
    """What this seat may see when it is asked to act.

    seat, num_players, current_player, dealer, hand_number (1 for the first
    hand), hand (this seat's cards), trump_card (the card the dealer turned
    up), trump (its suit, 0..3 for S H D C), trump_held (the dealer still
    holds the turned card), trick (the Trick being played), tricks (this
    hand's completed Tricks), captured (per seat, the cards it captured this
    hand), hand_sizes, scores (per seat), team_of (per seat), team_scores
    (per team: what the target is checked on), target, cards_dealt (per
    seat, this hand), history (every scotch_whist.v1.Event of this game so
    far), game (GameInfo), ruleset (scotch_whist.v1.Ruleset), request_id,
    time_left_ms, move_limit_ms, bank_ms, and proto (the
    scotch_whist.v1.Observation)."""

    def __init__(self, request, game):
        obs = request.scotch_whist.observation
        self.proto = obs
        take_request(self, request, game)
        self.history = list(game.history) if game is not None else []
        self.seat: int = obs.seat
        self.num_players: int = obs.num_players
        self.current_player: int = obs.current_player
        self.dealer: int = obs.dealer
        self.hand_number: int = obs.hand_number
        self.hand: List[Card] = _cards(obs.hand)
        self.trump_card: Optional[Card] = (parse_card(obs.trump_card)
                                           if obs.trump_card else None)
        self.trump: int = parse_suit(obs.trump_suit) if obs.trump_suit else -1
        self.trump_held: bool = obs.trump_held
        self.trick = Trick(obs.trick)
        self.tricks: List[Trick] = [Trick(t) for t in obs.tricks]
        self.captured: List[List[Card]] = [_cards(c.cards)
                                           for c in obs.captured]
        self.hand_sizes: List[int] = list(obs.hand_sizes)
        self.scores: List[int] = list(obs.scores)
        self.team_of: List[int] = list(obs.team_of)
        self.team_scores: List[int] = list(obs.team_scores)
        self.target: int = obs.target
        self.cards_dealt: int = obs.cards_dealt

    @property
    def played(self) -> List[Card]:
        """Every card played in this hand so far, the current trick's too."""
        out = [c for t in self.tricks for c in t.cards]
        return out + self.trick.cards

    @property
    def partners(self) -> List[int]:
        """The other seats of this seat's team (empty when playing alone)."""
        team = self.team_of[self.seat] if self.team_of else -1
        return [s for s, t in enumerate(self.team_of)
                if t == team and s != self.seat]

    def __repr__(self) -> str:
        return "scotch_whist.Observation(seat=%d, trump=%s, hand=%s)" % (
            self.seat, self.trump_card, " ".join(str(c) for c in self.hand))


# ---------------------------------------------- the game loop's interface


def start_info(start):
    return start.scotch_whist.ruleset, start.scotch_whist.first_dealer


def events_of(game_event) -> list:
    return list(game_event.scotch_whist.events)


def observation(request, game):
    return Observation(request, game)


def legal_actions(request) -> List[Action]:
    return [action_from_proto(la, index=i)
            for i, la in enumerate(request.scotch_whist.legal_actions)]


def set_answer(choice, legal, reply) -> bool:
    return set_typed_answer(choice, legal, reply, Action, scotch_whist_pb2.Action,
                            "scotch_whist", action_to_proto)
