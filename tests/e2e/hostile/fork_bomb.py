"""Hostile bot: at its first decision, starts up to 300 processes that leave
their session (setsid) and double-fork, to escape and outlive it; then
keeps answering."""
import os
import time

import hostile
from hostile import botlib

botlib.record_pid()
bombed = False


def bomb():
    started = refused = 0
    for _ in range(300):
        try:
            pid = os.fork()
        except OSError:
            refused += 1
            continue
        if pid == 0:
            try:
                os.setsid()
                if os.fork() == 0:
                    botlib.record_pid()
                    time.sleep(600)
            finally:
                os._exit(0)
        started += 1
    hostile.report(attack="fork", started=started, refused=refused)


def choose(observation, legal):
    global bombed
    if not bombed and botlib.first_time("fork_bomb"):
        bomb()
    bombed = True
    return botlib.greedy.choose(observation, legal)


botlib.zetema_bot.run(choose, name="fork_bomb", version="e2e")
