"""Misbehaving bot: connects with another seat's token (the one
token_victim.py leaks) instead of its own (startup fault: BAD_TOKEN)."""
import os
import time

import botlib

botlib.record_pid()
token = None
if botlib.first_time("stolen_token"):
    path = os.path.join(os.environ["ZETEMA_E2E_STATE"], "token")
    deadline = time.monotonic() + 8
    while not os.path.exists(path) and time.monotonic() < deadline:
        time.sleep(0.02)
    with open(path) as f:
        token = f.read()
    botlib.log("connecting with the other seat's token")
botlib.zetema_bot.run(botlib.greedy.choose, name="stolen_token",
                      version="e2e", token=token)
