#!/usr/bin/env python3
"""Makes league.jsonl.zst and its bot log, the browser test's records.

A round robin of three builtin:random bots (Zetema, two deals per pairing,
a fixed secret) played by ARBITER, then dressed so that every part of the
report has something to draw: decision times drawn per bot from a seeded
log-normal (builtin bots answer in no measurable time), one timeout that
the arbiter answered with the default action (a strike), and a few log
lines of carol's in that game. The page's screenshots are compared against
references, so the records are checked in rather than played per run.

    make_league.py ARBITER OUT_DIR
"""
import json
import os
import random
import subprocess
import sys
import tempfile

arbiter, out_dir = sys.argv[1], sys.argv[2]
work = tempfile.mkdtemp()
with open(os.path.join(work, "league.toml"), "w") as f:
    f.write('name = "demo league"\nseed = 3\ndeals_per_pairing = 2\n'
            'concurrency = 1\n')
    for bot in ("alice", "bob", "carol"):
        f.write(f'[[bots]]\nname = "{bot}"\ncommand = "builtin:random"\n')
secret = os.path.join(work, "league.secret")
subprocess.run([arbiter, "secret", "new", secret, "--seed", "3"], check=True,
               stdout=subprocess.DEVNULL)
subprocess.run([arbiter, "tournament", os.path.join(work, "league.toml"),
                "--secret", secret, "--out", os.path.join(work, "out")],
               check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

rng = random.Random(3)
median_us = {"alice": 300, "bob": 2500, "carol": 20000}
records = []
records_file = os.path.join(work, "out", "games.jsonl.zst")
lines = subprocess.run(["zstd", "-dcq", records_file], check=True,
                       capture_output=True, text=True).stdout
for line in lines.splitlines():
    r = json.loads(line)
    for step in r["steps"]:
        bot = r["seats"][step["seat"]]["bot_name"]
        us = int(median_us[bot] * rng.lognormvariate(0, 0.6))
        step["decision_us"] = us
        step["cpu_us"] = int(us * 0.9)
    records.append(r)

# carol times out once in her first game; the arbiter plays the default.
game = next(r for r in records if r["seats"][1]["bot_name"] == "carol")
step_index = next(i for i, s in enumerate(game["steps"])
                  if i > 40 and s["seat"] == 1)
step = game["steps"][step_index]
step["decision_us"] = 1000000
step["strike"] = True
game["result"].setdefault("faults", []).append({
    "seat": 1, "reason": "FAULT_REASON_TIMEOUT", "step": step_index,
    "detail": "no answer in 1000 ms: the default action was played"})

os.makedirs(out_dir, exist_ok=True)
plain = os.path.join(work, "league.jsonl")
with open(plain, "w") as f:
    for r in records:
        f.write(json.dumps(r, separators=(",", ":")) + "\n")
subprocess.run(["zstd", "-q", "-19", "-f", plain, "-o",
                os.path.join(out_dir, "league.jsonl.zst")], check=True)
logs = os.path.join(out_dir, "league.jsonl.zst.logs")
os.makedirs(logs, exist_ok=True)
with open(os.path.join(logs, "carol.log"), "w") as f:
    f.write(f"[arbiter] game {game['game_id']} seat 1\n")
    f.write("carol 0.3 starting\nthinking about the stock...\n")
    f.write(f"step {step_index}: search did not finish in time\n")
print(game["game_id"], step_index)
