#!/usr/bin/env bash
# The ladder of the sample bots: random < greedy < strong, each a round-robin
# with duplicate deals at 2, 3 and 4 seats (parlett, 100 ms per move), rated
# with 95% intervals. A long run (about an hour on 2 cores): run it niced,
# from the repository root, after scripts/setup:
#
#   nice sample-bots/strong/ladder.sh [DEALS] [OUT_DIR]
#
# DEALS is deals per pairing (default 20); OUT_DIR defaults to out/ladder.
# GRACE_MS (default 400) is the arbiter's tolerance beyond the 100 ms: a
# niced bot on a shared 2-core machine can wait that long for a core (the
# strong bot thinks 35 ms of its 100; see README.md).
# Each size writes OUT_DIR/pN/games.jsonl.zst; running again resumes. CI
# plays a small version of the same (ladder_test.sh: DEALS=1, 20 ms per
# move).
set -euo pipefail
deals=${1:-20}
out=${2:-out/ladder}
arbiter=${ARBITER:-build/arbiter/cli/arbiter}
strong=${STRONG_BOT:-build/sample-bots/strong/strong_bot}
random=${RANDOM_BOT:-build/sample-bots/random/random_bot}
python=${PYTHON:-.venv/bin/python}
move_ms=${MOVE_MS:-100}
concurrency=${CONCURRENCY:-2}
grace_ms=${GRACE_MS:-400}
for f in "$arbiter" "$strong" "$random" "$python"; do
  [[ -x $f ]] || { echo "ladder.sh: $f is missing: build first" >&2; exit 2; }
done
mkdir -p "$out"
# Absolute paths, without resolving symlinks (a virtualenv's python is one).
abs() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
for seats in 2 3 4; do
  config="$out/ladder-p$seats.toml"
  cat >"$config" <<TOML
name = "ladder-p$seats"
seed = $seats
format = "round-robin"
seats = $seats
deals_per_pairing = $deals
duplicate = true
ruleset = "parlett"
partnership_fill = "team"
fault_policy = "forfeit"
concurrency = $concurrency

[time_control]
move_ms = $move_ms
grace_ms = $grace_ms

[[bots]]
name = "random"
command = "$(abs "$random") --seed 1"

[[bots]]
name = "greedy"
command = "$(abs "$python") $(abs sample-bots/greedy/bot.py)"

[[bots]]
name = "strong"
command = "$(abs "$strong") --seed 1"
TOML
  echo "== $seats seats: $config" >&2
  "$arbiter" tournament "$config" --out "$out/p$seats" >"$out/p$seats.txt"
  sed -n '/^Ratings/,$p' "$out/p$seats.txt"
done
