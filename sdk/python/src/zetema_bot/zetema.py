"""Zetema's module of the game loop (the interface is described in
games.py). Zetema's types live where they always have: zetema_bot.game
(Observation), zetema_bot.actions (Action and its text notation) and
zetema_bot.cards."""

from zetema_bot.actions import Action, action_to_proto
from zetema_bot.game import Observation, legal_actions_of
from zetema_bot._answer import set_typed_answer
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
