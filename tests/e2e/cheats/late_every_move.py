"""Cheating bot: answers every decision LATE ms after its deadline, where
the deadline is the time it is told it has (`told`: time_left_ms) or the
move limit (`move`: move_limit_ms), as if the arbiter's grace were time of
its own. Usage: late_every_move.py told|move LATE_MS"""
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "bots"))

import botlib  # noqa: E402

botlib.record_pid()
deadline, late_ms = sys.argv[1], float(sys.argv[2])


def choose(observation, legal):
    start = time.monotonic()
    limit = (observation.time_left_ms if deadline == "told"
             else observation.move_limit_ms)
    choice = botlib.greedy.choose(observation, legal)
    time.sleep(max(0.0, start + (limit + late_ms) / 1000.0 - time.monotonic()))
    return choice


botlib.zetema_bot.run(choose, name="late_every_move", version="e2e")
