#!/usr/bin/env bash
# A knockout end to end through `arbiter tournament` with real bot processes
# (the C++ sample random bot, sandboxed as by default): single elimination
# to a champion, the bracket on stdout and in knockout.json; double
# elimination killed with kill -9 and resumed (no game lost or twice, the
# bracket complete); the dry run's upper bound.
#   knockout_e2e_test.sh ARBITER RANDOM_BOT
set -euo pipefail
arbiter="$(realpath "$1")"
bot="$(realpath "$2")"
work="${KEEP_WORK:-$(mktemp -d)}"; mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
cd "$work"
mkdir bots && cp "$bot" bots/random_bot

fail() { echo "FAIL: $*" >&2; exit 1; }

# config NAME ELIMINATION BOTS
config() {
  printf 'name = "%s"\nformat = "knockout"\nelimination = "%s"\n' "$1" "$2"
  printf 'deal_sets_per_tie = 1\nmax_extra_sets = 1\nconcurrency = 2\n'
  printf '[time_control]\nmove_ms = 2000\n'
  for i in $(seq 1 "$3"); do
    printf '[[bots]]\nname = "r%d"\ncommand = "bots/random_bot"\n' "$i"
  done
}

# Checks DIR's records and knockout.json: no game twice, every bot placed
# once, every tie won by one of its sides, TIES ties (one of them). The
# game ids are listed by the arbiter (records are compressed by default).
check() {
  "$arbiter" replay "$1/games.jsonl.zst" 2>/dev/null | cut -d' ' -f1 >"$1.ids"
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys
out, bots, ties = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(",")
ids = open(f"{out}.ids").read().split()
assert len(ids) == len(set(ids)), "a game recorded twice"
k = json.load(open(f"{out}/knockout.json"))
assert str(len(k["ties"])) in ties, (len(k["ties"]), ties)
sets = 0
for t in k["ties"]:
    assert t["winner"] in (t["high"], t["low"]), t
    assert t["rule"], t
    sets += len(t["high_points"])
assert len(ids) == 2 * sets, (len(ids), sets)
placed = [b for p in k["placings"] for b in p["bots"]]
assert sorted(placed) == sorted(f"r{i}" for i in range(1, bots + 1)), placed
assert len(k["placings"][0]["bots"]) == 1
PY
}

config single single 5 >single.toml
"$arbiter" tournament single.toml --out single --no-report >single.out 2>single.err ||
  { cat single.err; fail "single elimination"; }
grep -q "^Bracket (single elimination, 1 deal set a tie)" single.out || fail "no bracket"
grep -q "^  1\. r" single.out || fail "no champion"
grep -q "knockout.json" single.out || fail "knockout.json not named"
check single 5 4

config double double 4 >double.toml
"$arbiter" tournament double.toml --dry-run >dry.out 2>&1 || { cat dry.out; fail "dry run"; }
grep -q "knockout, 2 seats, .* rounds: 14 games at most (7 ties" dry.out ||
  { cat dry.out; fail "dry run plan"; }

"$arbiter" tournament double.toml --out double --no-report >/dev/null 2>&1 &
pid=$!
for _ in $(seq 3000); do
  [[ -s double/games.jsonl.zst ]] && break
  sleep 0.01
done
[[ -s double/games.jsonl.zst ]] || fail "no game recorded"
kill -9 "$pid"; wait "$pid" 2>/dev/null || true
"$arbiter" tournament double.toml --out double --no-report >double.out 2>double.err ||
  { cat double.err; fail "resume"; }
grep -q "games recorded in" double.out || fail "resume output"
check double 4 6,7
echo "knockout e2e: ok"
