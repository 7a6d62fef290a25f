"""The game a bot plays (GameInfo): what every game shares, from its
GameStart to its GameEnd, whatever the game. Each game's own types live in
its module (zetema_bot.zetema, zetema_bot.pontoon, ...; zetema_bot.games
lists them)."""

from typing import List

from zetema_bot import games
# Zetema's observation was defined here before each game had a module: kept
# importable from here for the bots that import it so.
from zetema_bot.zetema import Observation, legal_actions_of  # noqa: F401


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
        self.game: str = start.game or games.UNNAMED_GAME
        # The game's module (zetema_bot.games), by the GameStart's member.
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
