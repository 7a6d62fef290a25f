"""Hostile bot: starts a daemon that leaves its session and double-forks
(to survive the bot and the arbiter), then plays well."""
import os
import time

import hostile
from hostile import botlib

botlib.record_pid()
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        botlib.record_pid()
        time.sleep(600)
    os._exit(0)
hostile.report(attack="daemon")
botlib.play_well("daemon")
