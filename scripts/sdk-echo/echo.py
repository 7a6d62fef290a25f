#!/usr/bin/env python3
"""The Python SDK's minimal bot for scripts/bench: answers index 0 at once."""
import zetema_bot

if __name__ == "__main__":
    zetema_bot.run(lambda observation, legal_actions: 0, name="echo", version="1")
