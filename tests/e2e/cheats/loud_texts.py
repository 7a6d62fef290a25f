"""Cheating bot: says Hello with a name and a version that would take over
whatever shows them (terminal escapes, a forged line, markup that closes a
page's data, a version of 3.5 MiB), prints the same to its log, and answers
its first decision with such text; then plays well."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "bots"))

import botlib  # noqa: E402

# What each text tries: set the window title, clear the screen, start a
# forged line; open an HTML comment and a script, close the page's data
# element and run a script, an image whose error runs a script.
TERMINAL = "\x1b]0;pwned\x07\x1b[2J\x1b[H\nfault: seat 9 (nobody) forged\r"
HTML = ("<!--<script> </script><script>window.pwned=1</script>"
        "<img src=x onerror=window.pwned=2>\u2028")
NAME = TERMINAL + HTML
VERSION = TERMINAL + HTML + "v" * (7 << 19)  # 3.5 MiB

botlib.record_pid()
first = botlib.first_time("loud_texts")


def choose(observation, legal):
    global first
    if first:
        first = False
        # Lines of this game's log, as the report shows them.
        print("loud: " + NAME, file=sys.stderr, flush=True)
        print(HTML, file=sys.stderr, flush=True)
        return "play " + NAME  # unreadable: a malformed answer
    return botlib.greedy.choose(observation, legal)


botlib.zetema_bot.run(choose, name=NAME, version=VERSION)
