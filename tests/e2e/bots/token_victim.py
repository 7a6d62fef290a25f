"""Helper for stolen_token.py: a good bot that, once connected, leaves its
(already used) token in $ZETEMA_E2E_STATE/token for the thief."""
import os

import botlib

botlib.record_pid()


def leak(welcome):
    path = os.path.join(os.environ["ZETEMA_E2E_STATE"], "token")
    with open(path + ".tmp", "w") as f:
        f.write(os.environ["ZETEMA_TOKEN"])
    os.rename(path + ".tmp", path)


botlib.zetema_bot.run(botlib.greedy.choose, name="token_victim",
                      version="e2e", on_connect=leak)
