"""Hostile bot: at its first decision, allocates up to 3 GiB (16 MiB at a
time, every page touched); then keeps answering, if it still can."""
import hostile
from hostile import botlib

botlib.record_pid()
hogged = []


def choose(observation, legal):
    if not hogged and botlib.first_time("memory_hog"):
        botlib.log("allocating up to 3 GiB")
        for _ in range(3 * 64):
            hogged.append(b"x" * (16 << 20))
        hostile.report(attack="memory", allocated_mib=16 * len(hogged))
    hogged.append(None)
    return botlib.greedy.choose(observation, legal)


botlib.zetema_bot.run(choose, name="memory_hog", version="e2e")
