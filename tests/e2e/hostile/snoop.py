"""Hostile bot: looks for what it must not see -- other processes, the
arbiter's memory, the records, logs and deal secret of the run (in its
working directory), secrets of the machine --, appends a forged record to
the run's records and tries TCP to this machine; then plays well."""
import os
import socket

import hostile
from hostile import botlib

botlib.record_pid()
found = {}
found["pids"] = hostile.visible_pids()
found["mem_of_init"] = not isinstance(hostile.read("/proc/1/mem", 16),
                                      Exception)
found["environ_of_init"] = not isinstance(
    hostile.read("/proc/1/environ"), Exception)
# The run's folder (the arbiter's working directory, which holds the run's
# records and logs); the bot itself runs in its own folder.
run = os.environ.get("ZETEMA_E2E_RUN_DIR", ".")
records = hostile.read(os.path.join(run, "games.jsonl"), 1 << 20)
found["records_bytes"] = 0 if isinstance(records, Exception) else len(records)
secret = hostile.read(os.path.join(run, "games.jsonl.secret"))
found["secret_bytes"] = 0 if isinstance(secret, Exception) else len(secret)
# The record forger: a line appended under a game id not yet played.
try:
    with open(os.path.join(run, "games.jsonl"), "a") as f:
        f.write('{"game_id": "forged-g9", "result": {"winner": 0}}\n')
    found["forge"] = "appended"
except OSError as e:
    found["forge"] = "refused: %s" % e
try:
    found["logs"] = os.listdir(os.path.join(run, "games.jsonl.logs"))
except OSError as e:
    found["logs"] = str(e)
found["shadow"] = not isinstance(hostile.read("/etc/shadow"), Exception)
found["root_dir"] = sorted(os.listdir("/"))
try:
    s = socket.create_connection(
        ("127.0.0.1", int(os.environ["ZETEMA_E2E_PORT"])), timeout=2)
    s.sendall(b"hello from a bot\n")
    s.close()
    found["tcp"] = "CONNECTED"
except OSError as e:
    found["tcp"] = "refused: %s" % e
hostile.report(attack="snoop", **found)
botlib.play_well("snoop")
