"""zetema_bot: write a Zetema bot in Python.

    import zetema_bot

    def choose(observation, legal_actions):
        for action in legal_actions:          # take any declaration
            if action.kind != "discard":
                return action
        return 0                              # else the first legal action

    zetema_bot.run(choose, name="example", version="1.0")

Other games: declare them (`zetema_bot.run(choose, name="b",
games=["pontoon"])`); the callback then gets that game's observation and
actions, from its module (zetema_bot.pontoon, ...; zetema_bot.games lists
them). See docs/sdk-python.md for the callback's arguments, the helpers and
errors.
"""

from zetema_bot.actions import (DISCARD, MARRY, MELD, Action, Marriage,
                                action_from_proto, action_to_proto,
                                format_action, parse_action)
from zetema_bot.cards import (RANKS, SUITS, Card, CardError, format_cards,
                              full_deck, parse_card, parse_cards, parse_rank,
                              parse_suit, sorted_by_rank)
from zetema_bot.client import (ADDRESS_ENV, TOKEN_ENV, connection_args, play,
                               reply_for, run)
from zetema_bot.errors import (BadToken, ConfigurationError, ConnectionFailed,
                               GameNotDeclared, ProtocolError, VersionMismatch,
                               ZetemaError)
from zetema_bot import games, pontoon, scotch_whist
from zetema_bot.games import ALL_GAMES, TextObservation
from zetema_bot.game import GameInfo
from zetema_bot.zetema import Observation
from zetema_bot.proto import PROTOCOL_VERSION

__version__ = "0.1.0"

__all__ = [
    "ADDRESS_ENV", "ALL_GAMES", "Action", "BadToken", "Card", "CardError",
    "ConfigurationError", "ConnectionFailed", "DISCARD", "GameInfo",
    "GameNotDeclared", "MARRY", "TextObservation", "games", "pontoon",
    "scotch_whist",
    "MELD", "Marriage", "Observation", "PROTOCOL_VERSION", "ProtocolError",
    "RANKS", "SUITS", "TOKEN_ENV", "VersionMismatch", "ZetemaError",
    "action_from_proto", "action_to_proto", "connection_args", "format_action",
    "format_cards", "full_deck", "parse_action", "parse_card", "parse_cards",
    "parse_rank", "parse_suit", "play", "reply_for", "run", "sorted_by_rank",
]
