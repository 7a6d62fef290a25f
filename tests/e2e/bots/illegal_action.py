"""Misbehaving bot: discards a card it does not hold (illegal action)."""
import botlib
from zetema_bot import full_deck

botlib.record_pid()
misbehave = botlib.first_time("illegal_action")


def choose(observation, legal):
    global misbehave
    if misbehave:
        misbehave = False
        absent = next(c for c in full_deck() if c not in observation.hand)
        botlib.log("discarding %s, which it does not hold" % absent)
        return "discard %s" % absent
    return botlib.greedy.choose(observation, legal)


botlib.zetema_bot.run(choose, name="illegal_action", version="e2e")
