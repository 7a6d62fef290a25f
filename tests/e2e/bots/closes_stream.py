"""Misbehaving bot: closes its stream mid-game but keeps running
(disconnect); the arbiter must stop it and start a fresh one."""
import botlib


class Hangup(Exception):
    pass


botlib.record_pid()
misbehave = botlib.first_time("closes_stream")
moves = 0


def choose(observation, legal):
    global moves
    moves += 1
    if misbehave and moves == 2:
        raise Hangup()
    return botlib.greedy.choose(observation, legal)


try:
    botlib.zetema_bot.play(choose, name="closes_stream", version="e2e")
except Hangup:
    botlib.log("closed the stream; staying alive")
    botlib.sleep_forever()
