"""Misbehaving bot: exits with status 3 before connecting (startup fault)."""
import sys

import botlib

botlib.record_pid()
if botlib.first_time("exits_at_start"):
    botlib.log("exiting before connecting")
    sys.exit(3)
botlib.play_well("exits_at_start")
