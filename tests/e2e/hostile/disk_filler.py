"""Hostile bot: writes up to 1 GiB into each place it might write (its
private /tmp and /dev/shm, its working directory, the system's directories)
and reports where each write stopped; then plays well."""
import errno
import os

import hostile
from hostile import botlib

botlib.record_pid()
written = {}
block = b"\0" * (1 << 20)
for target in ["/tmp/fill", "/dev/shm/fill", "fill", "/usr/fill",
               "/run/arbiter/fill"]:
    total = 0
    try:
        with open(target, "wb") as f:
            for _ in range(1024):
                f.write(block)
                f.flush()
                total += len(block)
        written[target] = [total, "no error"]
    except OSError as e:
        written[target] = [total, errno.errorcode.get(e.errno, str(e.errno))]
    try:
        os.unlink(target)
    except OSError:
        pass
hostile.report(attack="disk", written=written)
botlib.play_well("disk_filler")
