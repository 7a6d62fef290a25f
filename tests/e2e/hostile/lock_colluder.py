"""Hostile bot: two copies sit as partners and try to show each other their
hands through locks on a file both can read (this script): at each of its
turns a copy holds a lock whose position encodes a digest of its hand, by
every kind of lock (POSIX and OFD record locks, each also with high bits
set in the command), and reads where the other seats' locks are; it reports
what it sent and what it read, then chooses as the greedy bot does."""
import ctypes
import os
import zlib

import hostile
from hostile import botlib

F_GETLK, F_SETLK, F_OFD_GETLK, F_OFD_SETLK = 5, 6, 36, 37
F_RDLCK, F_WRLCK, F_UNLCK = 0, 1, 2
SYS_FCNTL = {"x86_64": 72, "aarch64": 25}[os.uname().machine]
HIGH = 1 << 32
SEAT_SPAN = 1 << 16  # a digest is 16 bits; each seat has its own range
# (name, set command, get command), each in a range of its own.
METHODS = [("posix", F_SETLK, F_GETLK),
           ("posix_high_bits", F_SETLK | HIGH, F_GETLK),
           ("ofd", F_OFD_SETLK, F_OFD_GETLK),
           ("ofd_high_bits", F_OFD_SETLK | HIGH, F_OFD_GETLK)]


class Flock(ctypes.Structure):
    _fields_ = [("l_type", ctypes.c_short), ("l_whence", ctypes.c_short),
                ("l_start", ctypes.c_int64), ("l_len", ctypes.c_int64),
                ("l_pid", ctypes.c_int32)]


libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
fd = os.open(__file__, os.O_RDONLY)


def fcntl(cmd, kind, start, length):
    lock = Flock(kind, 0, start, length, 0)
    ok = libc.syscall(ctypes.c_long(SYS_FCNTL), ctypes.c_long(fd),
                      ctypes.c_long(cmd), ctypes.byref(lock)) == 0
    return ok, lock


def region(method, seat):
    return method * 4 * SEAT_SPAN + seat * SEAT_SPAN


def send(seat, digest):
    for i, (_, set_cmd, _) in enumerate(METHODS):
        fcntl(set_cmd, F_UNLCK, region(i, seat), SEAT_SPAN)
        fcntl(set_cmd, F_RDLCK, region(i, seat) + digest, 1)


def receive(seat, players):
    """{method: {seat: digest}} of the locks other seats hold."""
    found = {}
    for i, (name, _, get_cmd) in enumerate(METHODS):
        for other in range(players):
            if other == seat:
                continue
            ok, lock = fcntl(get_cmd, F_WRLCK, region(i, other), SEAT_SPAN)
            if ok and lock.l_type != F_UNLCK:
                found.setdefault(name, {})[other] = \
                    lock.l_start - region(i, other)
    return found


def choose(observation, legal_actions):
    digest = zlib.crc32(" ".join(sorted(map(str, observation.hand)))
                        .encode()) % SEAT_SPAN
    read = receive(observation.seat, min(observation.num_players, 4))
    send(observation.seat, digest)
    hostile.report(attack="locks", seat=observation.seat, sent=digest,
                   read=read)
    return botlib.greedy.choose(observation, legal_actions)


botlib.record_pid()
botlib.zetema_bot.run(choose, name="lock_colluder", version="e2e")
