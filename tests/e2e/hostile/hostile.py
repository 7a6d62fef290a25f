"""Shared by the hostile bots: reporting what they managed, and safety
guards. Every hostile action is bounded, and the ones that could hurt the
machine run only when the bot is plainly inside a sandbox (its own pid
namespace, not root)."""

import json
import os
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "bots"))

import botlib  # noqa: E402


def report(**findings):
    """One line the test reads from the bot's log."""
    print("HOSTILE " + json.dumps(findings, sort_keys=True), file=sys.stderr,
          flush=True)


def visible_pids():
    return sorted(int(p) for p in os.listdir("/proc") if p.isdigit())


def sandboxed():
    """True only in a pid namespace of a few processes, as a user other than
    root: where signalling 'everything visible' cannot reach the host."""
    return os.getuid() != 0 and len(visible_pids()) < 16 and 1 in visible_pids()


def read(path, limit=4096):
    try:
        with open(path, "rb") as f:
            return f.read(limit)
    except OSError as e:
        return e


__all__ = ["botlib", "report", "visible_pids", "sandboxed", "read"]
