#!/usr/bin/env bash
# `arbiter league` end to end with the sample bots, sandbox on: init, three
# bots added (each checked and stored), a run in the background; a fourth
# bot added from another process while it runs (checked, stored, picked up
# and rated), a bot retired (no new games for it), status while running, a
# second run refused, kill -9 and a run again (every record kept, no id
# twice, each naming its build's hash), Ctrl-C (exit 130, no record cut).
#   league_cli_test.sh ARBITER SOURCE_DIR BUILD_DIR
set -euo pipefail
arbiter="$(realpath "$1")"
src="$(realpath "$2")"
build="$(realpath "$3")"
python="$src/.venv/bin/python"
random_bot="$build/sample-bots/random/random_bot"
for f in "$python" "$random_bot"; do
  [[ -x "$f" ]] || { echo "skipped: $f is not built"; exit 77; }
done
work="${KEEP_WORK:-$(mktemp -d)}"; mkdir -p "$work"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  [[ -n "${KEEP_WORK:-}" ]] || rm -rf "$work"
}
trap cleanup EXIT
cd "$work"
L="$work/league"

fail() { echo "FAIL: $*" >&2; [[ -f run.err ]] && tail -20 run.err >&2; exit 1; }
# Sorted game ids of the records; fails on an id twice.
ids() {
  [[ -f "$L/games.jsonl.zst" ]] || return 0
  zstdcat "$L/games.jsonl.zst" 2>/dev/null | python3 -c '
import json, sys
seen = set()
for line in sys.stdin:
    try: r = json.loads(line)
    except ValueError: continue
    if r["game_id"] in seen: sys.exit("duplicate " + r["game_id"])
    seen.add(r["game_id"])
print("\n".join(sorted(seen)))'
}
count() { ids | grep -c . || true; }
# Games with a seat of bot $1 (an id, "name@N").
games_of() {
  zstdcat "$L/games.jsonl.zst" 2>/dev/null | python3 -c '
import json, sys
n = 0
for line in sys.stdin:
    try: r = json.loads(line)
    except ValueError: continue
    n += any(s["bot_name"] == sys.argv[1] for s in r["seats"])
print(n)' "$1"
}
batch() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["batch"])' "$L/state.json" 2>/dev/null || echo 0; }
wait_for() {  # wait_for SECONDS 'CONDITION' (evaluated each time)
  local limit=$(( SECONDS + $1 )); shift
  until eval "$*"; do
    (( SECONDS < limit )) || fail "timed out waiting for: $*"
    sleep 0.5
  done
}

"$arbiter" league init "$L" --name sample --ruleset parlett --duplicate \
    --concurrency 2 --move-ms 2000 >/dev/null
grep -q 'duplicate = true' "$L/league.toml" || fail "init wrote no config"
if "$arbiter" league init "$L" 2>err; then fail "init twice"; fi
grep -q "a league already" err || fail "init twice: $(cat err)"

"$arbiter" league add "$L" greedy -- "$python" "$src/sample-bots/greedy/bot.py" >add.out \
  || fail "add greedy: $(cat add.out)"
"$arbiter" league add "$L" random -- "$random_bot" --seed 1 >/dev/null
"$arbiter" league add "$L" random-b -- "$random_bot --seed 2" >/dev/null  # one word
# The same build again: nothing added.
"$arbiter" league add "$L" random -- "$random_bot" --seed 1 >again.out
grep -q "random@1 is this build already" again.out || fail "re-add: $(cat again.out)"
# A bot that fails its check is refused, with the report, and not added.
mkdir bad && printf '#!/bin/sh\nexit 3\n' >bad/bot.sh && chmod +x bad/bot.sh
set +e; "$arbiter" league add "$L" bad -- bad/bot.sh >bad.out 2>bad.err; st=$?; set -e
[[ $st == 1 ]] || fail "a failing bot: exit $st"
grep -q "failed its check" bad.err || fail "no refusal: $(cat bad.err)"
grep -q '"bad' "$L/roster.json" && fail "a failing bot was added"
# Bad input is named.
set +e; "$arbiter" league add "$L" 'x<y' -- "$random_bot" 2>name.err; st=$?; set -e
[[ $st == 2 ]] && grep -q "NAME" name.err || fail "bad name: $st $(cat name.err)"
set +e; "$arbiter" league status "$work/nowhere" 2>nl.err; st=$?; set -e
[[ $st == 2 ]] && grep -q "not a league folder" nl.err || fail "not a league: $(cat nl.err)"
# The copy runs, not the original.
hash=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["bots"][0]["hash"])' "$L/roster.json")
[[ -f "$L/bots/$hash/bot.py" ]] || fail "greedy not stored under its hash"

"$arbiter" league run "$L" --batch 2 >run.out 2>run.err &
run=$!; pids+=("$run")
wait_for 120 '(( $(count) >= 2 ))'

# A second run on the league is refused.
set +e; "$arbiter" league run "$L" >/dev/null 2>second.err; st=$?; set -e
[[ $st == 2 ]] && grep -q "in use by another run" second.err \
  || fail "second run: $st $(cat second.err)"

# A fourth bot from another process while the run runs.
"$arbiter" league add "$L" late -- "$random_bot" --seed 3 >late.out \
  || fail "add late: $(cat late.out)"
wait_for 180 '(( $(games_of late@1) >= 1 ))'
# Rated: a rating of its own in the status once its batch is in.
wait_for 180 '"$arbiter" league status "$L" >status.out; grep -Eq "late@1 +[0-9]+ " status.out'
grep -q "run: running" status.out || fail "status: $(cat status.out)"

# Retired: out of the active table, no new games once the batch in play ends.
"$arbiter" league retire "$L" random-b >/dev/null
b=$(batch); wait_for 180 "(( \$(batch) >= $((b + 2)) ))"
before=$(games_of random-b@1)
b=$(batch); wait_for 180 "(( \$(batch) >= $((b + 2)) ))"
[[ $(games_of random-b@1) == "$before" ]] || fail "a retired bot played"
"$arbiter" league status "$L" >status.out
python3 - status.out <<'PY' || fail "retired bot in the active table: $(cat status.out)"
import sys
text = open(sys.argv[1]).read()
active = text.split("Retired")[0]
assert "random-b@1" not in active and "random-b@1" in text.split("Retired")[1]
PY

# kill -9, then run again: nothing recorded is lost.
kill -9 "$run"; wait "$run" 2>/dev/null || true
ids >before.ids
n=$(wc -l <before.ids)
"$arbiter" league run "$L" --games 4 --batch 2 >>run.out 2>>run.err \
  || fail "run after kill -9"
ids >after.ids
comm -23 before.ids after.ids | grep -q . && fail "records lost after kill -9"
(( $(wc -l <after.ids) >= n + 4 )) || fail "the run again recorded too little"
# Every record names its build.
zstdcat "$L/games.jsonl.zst" 2>/dev/null | python3 -c '
import json, sys
roster = {b["id"]: b["hash"] for b in json.load(open(sys.argv[1]))["bots"]}
for line in sys.stdin:
    try: r = json.loads(line)
    except ValueError: continue
    for s in r["seats"]:
        assert s.get("bot_hash") == roster[s["bot_name"]], (r["game_id"], s)
' "$L/roster.json" || fail "a record without its build hash"
[[ -s "$L/ratings-history.jsonl" && -s "$L/report/index.html" &&
   -s "$L/report/games/index.html" ]] \
  || fail "no history or report"
grep -q "late@1" "$L/report/index.html" || fail "report without late@1"

# Ctrl-C: the games in play finish, exit 130, no record cut short.
"$arbiter" league run "$L" --batch 2 >/dev/null 2>int.err &
run=$!; pids+=("$run")
n=$(count); wait_for 120 "(( \$(count) > $n ))"
kill -INT "$run"
set +e; wait "$run"; st=$?; set -e
[[ $st == 130 ]] || fail "Ctrl-C: exit $st $(cat int.err)"
ids >/dev/null || fail "records unreadable after Ctrl-C"
echo "league_cli: ok ($(count) games)"
