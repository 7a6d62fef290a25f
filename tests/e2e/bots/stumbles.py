"""Talks like chatty.py at every decision, and stumbles once in three
processes (its starts counted in STATE_DIR, the second argument): the first
stops answering at its third decision (a timeout: the arbiter restarts it
after that game), the second prints a traceback as it starts and exits 1
(the next game's startup fault), every later one plays on.

    stumbles.py NAME STATE_DIR
"""
import os
import sys
import time

NAME = sys.argv[1]
COUNT = os.path.join(sys.argv[2], NAME + ".starts")
START = (int(open(COUNT).read()) if os.path.exists(COUNT) else 0) + 1
with open(COUNT, "w") as f:
    f.write(str(START))
if START == 2:
    print("loading the model of %s" % NAME, file=sys.stderr)
    print("RuntimeError: <model> file missing", file=sys.stderr, flush=True)
    sys.exit(1)

import chatty  # noqa: E402  (reads NAME from argv[1] too)

decisions = 0


def choose(observation, legal_actions):
    global decisions
    decisions += 1
    action = chatty.choose(observation, legal_actions)
    if START == 1 and decisions == 3:
        print("%s: thinking too long" % NAME, file=sys.stderr, flush=True)
        time.sleep(30)
    return action


if __name__ == "__main__":
    chatty.zetema_bot.run(choose, name=NAME, version="e2e", argv=[])
