"""Misbehaving bot: never answers, ignores SIGTERM and leaves a child in its
process group (timeout; the arbiter must still clean up the whole group)."""
import signal
import subprocess
import sys

import botlib

botlib.record_pid()
signal.signal(signal.SIGTERM, signal.SIG_IGN)
# A grandchild of the arbiter, in the bot's process group; it records itself.
subprocess.Popen([sys.executable, "-c",
                  "import signal, time, botlib; botlib.record_pid(); "
                  "signal.signal(signal.SIGTERM, signal.SIG_IGN); "
                  "time.sleep(3600)"], cwd=botlib.HERE)


def choose(observation, legal):
    botlib.log("asked; never answering")
    botlib.sleep_forever()


botlib.zetema_bot.run(choose, name="never_answers", version="e2e")
