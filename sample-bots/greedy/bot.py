#!/usr/bin/env python3
"""Greedy: takes the legal action worth the most points now, otherwise
discards the card least likely to give an opponent a zetema.

    .venv/bin/python sample-bots/greedy/bot.py     # spawned by the arbiter
    .venv/bin/python sample-bots/greedy/bot.py --address HOST:PORT --token T
"""

import zetema_bot

import greedy

if __name__ == "__main__":
    zetema_bot.run(greedy.choose, name="greedy", version="1.0")
