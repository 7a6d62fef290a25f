#!/usr/bin/env python3
"""Scotch Whist sample bot: catches the ten and keeps the jack of trumps
(whist.py says how).

    .venv/bin/python sample-bots/scotch_whist/bot.py     # spawned by the arbiter
    .venv/bin/python sample-bots/scotch_whist/bot.py --address HOST:PORT --token T
"""

import zetema_bot

import whist

if __name__ == "__main__":
    zetema_bot.run(whist.choose, name="whist", version="1.0",
                   games=["scotch_whist"])
