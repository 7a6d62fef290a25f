"""Hostile bot: sends SIGSTOP to every process it can see but its own (the
other bots, the arbiter), so that they time out; then plays well. Acts only
when plainly sandboxed (see hostile.sandboxed)."""
import os
import signal

import hostile
from hostile import botlib

botlib.record_pid()
hit, refused = [], []
if hostile.sandboxed():
    for pid in hostile.visible_pids():
        if pid == os.getpid():
            continue
        try:
            os.kill(pid, signal.SIGSTOP)
            hit.append(pid)
            os.kill(pid, signal.SIGCONT)
        except OSError as e:
            refused.append((pid, e.errno))
hostile.report(attack="signal", sandboxed=hostile.sandboxed(),
               visible=hostile.visible_pids(), stopped=hit,
               refused=len(refused))
botlib.play_well("signal_sender")
