"""What a bot sees: the game it plays (GameInfo) and each decision's view
(Observation), built from the protocol messages with plain Python types."""

import functools
from typing import Dict, List, Optional

from zetema_bot.actions import action_from_proto
from zetema_bot.cards import RANKS, Card, parse_cards


class GameInfo:
    """One game, from its GameStart to its GameEnd.

    Attributes: game_id, seat (this bot's seat), num_players, teams (team of
    every seat), players (arbiter.v1.Player per seat), time_control
    (arbiter.v1.TimeControl), game (its name: "zetema", "pontoon", ...),
    ruleset (the game's Ruleset message, e.g. zetema.v1.Ruleset: every
    knob), first_dealer (Pontoon: the first banker), history (every event
    received so far, in engine order: zetema.v1.Event for Zetema, each
    game's own Event type otherwise), result (arbiter.v1.Result once the game
    has ended, else None) and proto (the arbiter.v1.GameStart itself)."""

    def __init__(self, start):
        self.proto = start
        self.game_id: str = start.game_id
        self.seat: int = start.seat
        self.num_players: int = start.num_players
        self.teams: List[int] = list(start.teams)
        self.players = list(start.players)
        self.time_control = start.time_control
        self.game: str = start.game or "zetema"
        # The game's module (zetema_bot.games), by the GameStart's member.
        from zetema_bot import games
        self.module = games.module_for(
            start.WhichOneof("game_start") or games.TEXT.NAME) or games.TEXT
        self.ruleset, self.first_dealer = self.module.start_info(start)
        self.history: list = []
        self.result = None

    @property
    def partners(self) -> List[int]:
        """The other seats of this bot's team."""
        if not self.teams:
            return []
        mine = self.teams[self.seat]
        return [s for s, t in enumerate(self.teams) if t == mine and
                s != self.seat]

    def __repr__(self) -> str:
        return "GameInfo(%r, seat=%d, players=%d)" % (
            self.game_id, self.seat, self.num_players)


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

    def __init__(self, request, game: Optional[GameInfo]):
        obs = request.zetema.observation
        self._proto = obs
        self._proto_ready = game is None or bool(obs.history)
        self.game = game
        self.ruleset = game.ruleset if game is not None else None
        self.request_id: int = request.request_id
        self.time_left_ms: int = request.time_left_ms
        self.move_limit_ms: int = request.move_limit_ms
        self.bank_ms: int = request.bank_ms
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
