"""Misbehaving bot: answers its first decision after the limit plus grace
(timeout), then plays well; the late answer must never be credited."""
import time

import botlib

botlib.record_pid()
misbehave = botlib.first_time("answers_late")


def choose(observation, legal):
    global misbehave
    if misbehave:
        misbehave = False
        grace = observation.game.time_control.grace_ms
        delay = (observation.time_left_ms + grace + 300) / 1000.0
        botlib.log("answering after %.2f s" % delay)
        time.sleep(delay)
        return 0
    choice = botlib.greedy.choose(observation, legal)
    botlib.log_move("answers_late", str(choice))
    return choice


botlib.zetema_bot.run(choose, name="answers_late", version="e2e")
