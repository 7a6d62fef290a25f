"""Zetema's module of the game loop (the interface is described in
games.py) and Zetema's view of a decision (Observation). Its actions and
their text notation are in zetema_bot.actions, its cards in
zetema_bot.cards."""

import functools
from typing import Dict, List

from zetema_bot.actions import Action, action_from_proto, action_to_proto
from zetema_bot.cards import RANKS, Card, parse_cards
from zetema_bot._answer import set_typed_answer
from zetema_bot._request import take_request
from zetema_bot.proto import zetema_pb2

NAME = "zetema"


def start_info(start):
    return start.zetema.ruleset, start.zetema.first_dealer


def events_of(game_event) -> list:
    return list(game_event.zetema.events)


def observation(request, game):
    return Observation(request, game)


def legal_actions(request) -> list:
    return legal_actions_of(request)


def set_answer(choice, legal, reply) -> bool:
    return set_typed_answer(choice, legal, reply, Action, zetema_pb2.Action,
                            "action", action_to_proto)


def _cards(items) -> List[Card]:
    return parse_cards(items)


class Observation:
    """What this bot's seat may see when it is asked to act.

    Cards are zetema_bot.Card values. Attributes: seat, current_player,
    dealer, hand_number (1 for the first hand), stock_size, num_players,
    hand, piles (rank letter -> cards on that rank pile, all 13 ranks),
    pile_cards (every pile card in one list), waste, hand_sizes, scores
    (points earned per seat), team_of (team per seat), team_scores (per team),
    known (per seat: cards shown in a declaration and still held), history
    (the zetema.v1.Event list of this game so far), game (GameInfo), ruleset,
    request_id, time_left_ms (the time this decision may take), move_limit_ms,
    bank_ms, and proto (the zetema.v1.Observation, with history filled in)."""

    def __init__(self, request, game):
        obs = request.zetema.observation
        self._proto = obs
        self._proto_ready = game is None or bool(obs.history)
        take_request(self, request, game)
        self.seat: int = obs.seat
        self.current_player: int = obs.current_player
        self.dealer: int = obs.dealer
        self.hand_number: int = obs.hand_number
        self.stock_size: int = obs.stock_size
        self.num_players: int = obs.num_players or len(obs.hand_sizes)
        self.history = list(obs.history) if obs.history or game is None \
            else list(game.history)

    # The lists are made on first use, each once: a bot reads some of them,
    # and making all for every decision took half of a decision's time.
    @functools.cached_property
    def hand(self) -> List[Card]:
        return _cards(self._proto.hand)

    @functools.cached_property
    def pile_cards(self) -> List[Card]:
        return _cards(self._proto.piles)

    @functools.cached_property
    def piles(self) -> Dict[str, List[Card]]:
        piles: Dict[str, List[Card]] = {r: [] for r in RANKS}
        for c in self.pile_cards:
            piles[c.rank_char].append(c)
        return piles

    @functools.cached_property
    def waste(self) -> List[Card]:
        return _cards(self._proto.waste)

    @functools.cached_property
    def hand_sizes(self) -> List[int]:
        return list(self._proto.hand_sizes)

    @functools.cached_property
    def scores(self) -> List[int]:
        return list(self._proto.scores)

    @functools.cached_property
    def team_of(self) -> List[int]:
        return list(self._proto.team_of)

    @functools.cached_property
    def team_scores(self) -> List[int]:
        return list(self._proto.team_scores)

    @functools.cached_property
    def known(self) -> List[List[Card]]:
        return [_cards(k.cards) for k in self._proto.known]

    @property
    def proto(self):
        """The zetema.v1.Observation, its history filled in (on first use:
        copying every event for every decision would cost time)."""
        if not self._proto_ready:
            self._proto.history.extend(self.history)
            self._proto_ready = True
        return self._proto

    def pile(self, rank) -> List[Card]:
        """The cards on one rank pile; rank is a letter ('K') or 0..12."""
        key = RANKS[rank] if isinstance(rank, int) else str(rank).upper()
        if key == "10":
            key = "T"
        return self.piles[key]

    @property
    def team(self) -> int:
        return self.team_of[self.seat] if self.team_of else self.seat

    def __repr__(self) -> str:
        return "Observation(seat=%d, hand=%s)" % (
            self.seat, " ".join(map(str, self.hand)))


def legal_actions_of(request) -> list:
    """The decision's legal actions as Action values, each with its index
    and the points it scores."""
    return [action_from_proto(la, index=i)
            for i, la in enumerate(request.zetema.legal_actions)]
