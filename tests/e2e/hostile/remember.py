"""Hostile bot: remembers every hand it held and every game id it was told,
in its memory and in files (/tmp, /dev/shm, its home), and in each hand of
each game tries to name the cards of the other seats: the same deal played
from another seat earlier (a duplicate deal) gives them away, if it can find
that game by its id ("...-d1-s0" then "...-d1-s1") or by its cards.

One report per hand, at its first decision: HOSTILE {"id", "seat", "hand",
"hand_number", "guess", "ids", "remembered", "from_files"}, `guess` being
the hand it names for another seat (or null) and `remembered` every hand it
held before this game, for the test to check against the other seats'
real hands."""

import json
import os
import re
import sys

from hostile import botlib, report  # noqa: F401  (botlib: the SDK's path)

import greedy
import zetema_bot

NAME = sys.argv[1] if len(sys.argv) > 1 else "remember"
FILES = ["/tmp/remember.json", "/dev/shm/remember.json",
         os.path.expanduser("~/.remember.json")]

# What it knows: every game id told, and per game the hands held in it.
ids = []
hands = {}  # game id -> {hand number: sorted cards}
reported = set()


def load_files():
    """What earlier processes of this bot left in files, if any survived."""
    found = 0
    for path in FILES:
        try:
            with open(path) as f:
                saved = json.load(f)
        except (OSError, ValueError):
            continue
        for game_id, by_hand in saved.get("hands", {}).items():
            if game_id not in hands:
                hands[game_id] = {int(h): c for h, c in by_hand.items()}
                found += 1
        ids.extend(i for i in saved.get("ids", []) if i not in ids)
    return found


def save_files():
    for path in FILES:
        try:
            with open(path, "w") as f:
                json.dump({"ids": ids, "hands": hands}, f)
        except OSError:
            pass


def family(game_id):
    """The deal an id names, without its seating: "x-r1-t2-d3" of
    "x-r1-t2-d3-s1", "x-p2-d4" of "x-p2-d4-ba"; None for an opaque id."""
    m = re.match(r"^(.*-d\d+)-(s\d+|ab|ba)$", game_id)
    return m.group(1) if m else None


def guess(game_id, hand_number, mine):
    """The hand this bot held in the same deal from another seat: found by
    the id's family, else as a remembered hand of the same size that shares
    no card with its own (a duplicate's other seat, when the deal was seen
    before)."""
    mine = set(mine)
    for other, by_hand in hands.items():
        if other == game_id or hand_number not in by_hand:
            continue
        if family(other) is not None and family(other) == family(game_id):
            return by_hand[hand_number]
    for other, by_hand in hands.items():
        held = by_hand.get(hand_number)
        if other != game_id and held and len(held) == len(mine) and \
                not mine & set(held):
            return held
    return None


def choose(observation, legal_actions):
    game = observation.game
    game_id = game.game_id if game is not None else ""
    key = (game_id, observation.hand_number)
    if key not in reported:
        reported.add(key)
        from_files = load_files()
        if game_id not in ids:
            ids.append(game_id)
        mine = sorted(str(c) for c in observation.hand)
        remembered = [h for g, by in hands.items() if g != game_id
                      for h in by.values()]
        report(id=game_id, seat=observation.seat,
               hand_number=observation.hand_number, hand=mine,
               guess=guess(game_id, observation.hand_number, mine),
               ids=len(ids), remembered=remembered, from_files=from_files)
        hands.setdefault(game_id, {})[observation.hand_number] = mine
        save_files()
    return greedy.choose(observation, legal_actions)


if __name__ == "__main__":
    # Directories among the arguments are only there for the sandbox to
    # bind them (`arbiter match` has no --read-only).
    zetema_bot.run(choose, name=NAME, version="e2e",
                   argv=[a for a in sys.argv[2:] if not os.path.isdir(a)])
