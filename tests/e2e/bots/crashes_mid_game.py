"""Misbehaving bot: plays two moves, then dies of SIGABRT mid-game (crash)."""
import os
import signal

import botlib

botlib.record_pid()
misbehave = botlib.first_time("crashes_mid_game")
moves = 0


def choose(observation, legal):
    global moves
    moves += 1
    if misbehave and moves == 3:
        botlib.log("crashing mid-game")
        os.kill(os.getpid(), signal.SIGABRT)
    return botlib.greedy.choose(observation, legal)


botlib.zetema_bot.run(choose, name="crashes_mid_game", version="e2e")
