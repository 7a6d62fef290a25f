"""The games this SDK plays: one module per game, each beside the others in
this package (zetema_bot/zetema.py, zetema_bot/pontoon.py,
zetema_bot/scotch_whist.py, ...), all with
the same small interface, which the game loop (client.py) calls:

    NAME                        the game's name, which is also the name of
                                its member in the envelope's oneofs
                                (GameStart.game_start, GameEvent.events,
                                DecisionRequest.decision, ActionReply.answer)
    start_info(start)           (ruleset, first dealer) from arbiter.v1.GameStart
    events_of(game_event)       the game's events in an arbiter.v1.GameEvent
    observation(request, game)  the callback's first argument
    legal_actions(request)      the callback's second argument: the game's
                                action values, each with its `.index`
    set_answer(choice, legal, reply)
                                fills the arbiter.v1.ActionReply for a
                                callback's answer that is one of this game's
                                action values or messages; False when the
                                answer is not (the loop then handles an
                                index or text, which every game takes)

A new game adds its module and one line to MODULES (docs/sdk-python.md,
"Adding a game"). Games without typed messages (TextDecision) use TEXT.
"""

from typing import List

from zetema_bot import pontoon, scotch_whist, zetema


class _Text:
    """A game the arbiter describes in text only: the observation is the
    decision's text (TextObservation) and the legal actions are strings."""

    NAME = "text"

    @staticmethod
    def start_info(start):
        return None, -1

    @staticmethod
    def events_of(game_event) -> list:
        return list(game_event.text.lines)

    @staticmethod
    def observation(request, game):
        return TextObservation(request, game)

    @staticmethod
    def legal_actions(request) -> List[str]:
        return list(request.text.legal_actions)

    @staticmethod
    def set_answer(choice, legal, reply) -> bool:
        return False


class TextObservation:
    """The decision of a game without typed messages: `text` is what the
    seat sees; `history` the event lines so far; `game` the GameInfo."""

    def __init__(self, request, game):
        self.text: str = request.text.observation
        self.game = game
        self.history = list(game.history) if game is not None else []
        self.request_id: int = request.request_id
        self.time_left_ms: int = request.time_left_ms
        self.move_limit_ms: int = request.move_limit_ms
        self.bank_ms: int = request.bank_ms

    def __repr__(self) -> str:
        return "TextObservation(%r)" % self.text


TEXT = _Text

# The game a GameStart that names none is (the protocol's first game).
UNNAMED_GAME = zetema.NAME

# By the name of the game's member of the envelope's oneofs.
MODULES = {
    zetema.NAME: zetema,
    pontoon.NAME: pontoon,
    scotch_whist.NAME: scotch_whist,
    TEXT.NAME: TEXT,
}

# Every game this SDK has a module for (a bot that plays any game through
# the legal list may declare them all).
ALL_GAMES = [name for name in MODULES if name != TEXT.NAME]


def module_for(member: str):
    """The module of a oneof member name ("zetema", "pontoon", "text"), or
    None for a game this SDK does not know."""
    return MODULES.get(member)
