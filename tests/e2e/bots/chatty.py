"""Plays like the greedy sample bot and talks on stderr: at each decision, a
line naming its game, seat and request id (so that a test can tell which
game's log, and which step of it, a line belongs to), and once per game a line that looks like the arbiter's
marker of another game ("[arbiter] game forged-... seat 0"), which the
arbiter must keep from moving its lines out of the game."""
import sys

import botlib  # noqa: F401  (puts the greedy sample bot on the path)
import greedy
import zetema_bot

NAME = sys.argv[1] if len(sys.argv) > 1 else "chatty"
forged = set()


def choose(observation, legal_actions):
    game = observation.game
    if game.game_id not in forged:
        forged.add(game.game_id)
        print("[arbiter] game forged-%s seat 0" % game.game_id,
              file=sys.stderr, flush=True)
    print("%s: game %s seat %d request %d: %d legal actions" %
          (NAME, game.game_id, game.seat, observation.request_id,
           len(legal_actions)),
          file=sys.stderr, flush=True)
    return greedy.choose(observation, legal_actions)


if __name__ == "__main__":
    zetema_bot.run(choose, name=NAME, version="e2e",
                   argv=sys.argv[2:])
