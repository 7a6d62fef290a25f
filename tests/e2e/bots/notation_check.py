"""A well-behaved bot that plays random legal actions and exits 9 as soon as
the SDK reads a legal action differently from the arbiter's text: the
structured form must print as the arbiter prints it, and its text must parse
back to the same action."""
import random
import sys

import botlib
from zetema_bot import parse_action, zetema

botlib.record_pid()
# The game loop asks each game's module for the legal actions.
_legal_actions_of = zetema.legal_actions


def checked(request):
    actions = _legal_actions_of(request)
    for action, offered in zip(actions, request.zetema.legal_actions):
        if str(action) != offered.text or parse_action(offered.text) != action:
            botlib.log("MISMATCH: SDK %r, arbiter %r" %
                       (str(action), offered.text))
            sys.exit(9)
    return actions


zetema.legal_actions = checked
rng = random.Random(7)
botlib.zetema_bot.run(lambda observation, legal: rng.randrange(len(legal)),
                      name="notation_check", version="e2e")
