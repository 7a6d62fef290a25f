#!/usr/bin/env bash
# `arbiter replay` as a person reads it, on a checked-in record file: the
# list of games (players, scores, places, end, faults grouped by reason), its
# filters, --json for tools, and one game with the hands at every hand's
# start, running scores, bot names on every line and the team totals.
#   replay_cli_test.sh ARBITER RECORDS
set -euo pipefail
arbiter=$1 records=$2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
run() { timeout 60 "$arbiter" replay "$records" "$@" >"$out" 2>&1; }

run || fail "list: $(cat "$out")"
[[ $(wc -l <"$out") -eq 4 ]] || fail "4 games listed: $(cat "$out")"
grep -q "^s11-g1  zetema  a 275 #2 b 300 #1  target$" "$out" || fail "$(cat "$out")"
grep -q "\[b: 62 x malformed message, first at step 9\]" "$out" || fail "faults: $(cat "$out")"

run --bot b --lost || fail "--bot b --lost"
[[ $(cut -d' ' -f1 "$out" | tr '\n' ' ') == "s12-g1 s13-g1 " ]] || fail "lost: $(cat "$out")"
run --bot b --won || fail "--bot b --won"
[[ $(cut -d' ' -f1 "$out") == "s11-g1" ]] || fail "won: $(cat "$out")"
run --faults || fail "--faults"
[[ $(wc -l <"$out") -eq 2 ]] || fail "faults: $(cat "$out")"
run --json --bot r1 || fail "--json"
python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$out" ||
  fail "--json is not JSON lines"
grep -q '"game_id":"r1-t1-d1-s1"' "$out" || fail "json: $(cat "$out")"

run --game r1-t1-d1-s1 || fail "--game: $(cat "$out")"
grep -q "hand 2, the cards held as it starts:" "$out" || fail "no hand start"
grep -q "    seat 1 (r1) hand: 2S 2C 3S 6H JS KS KC" "$out" || fail "hands"
grep -q "scores after hand 1: 15 60 60 15; teams 75 75" "$out" || fail "scores"
grep -q "  seat 3 (r1) forms a zetema of 3s for 5" "$out" || fail "bot names"
grep -q "team totals 150 200" "$out" || fail "totals: $(tail -1 "$out")"
run --game r1-t1-d1-s1 --seat 1 || fail "--seat"
grep -q "    seat 0 (r2) hand: ## ## ## ## ## ##" "$out" || fail "others' hands shown"
run --game r1-t1-d1-s1 --json || fail "--game --json"
python3 -c '
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
assert lines[1]["bot"] == "r2" and lines[1]["action"] == "discard 7C", lines[1]
assert lines[-1]["places"] == [2, 1, 2, 1], lines[-1]' "$out" || fail "json steps"
echo "replay: list, filters, json and game views hold"
