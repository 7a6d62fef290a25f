#!/usr/bin/env bash
# End to end through the `arbiter` command. With builtin:random bots: kill -9
# and resume (no game lost or duplicated), Ctrl-C and resume, three shards
# merged equal an unsharded run. With bot processes (the arbiter's test bot):
# cwd and env, a crashing bot recorded as such and restarted, Ctrl-C once and
# twice leaving no bot process behind.
#   tournament_cli_test.sh ARBITER TEST_BOT
set -euo pipefail
arbiter="$(realpath "$1")"
test_bot="$(realpath "$2")"
work="${KEEP_WORK:-$(mktemp -d)}"; mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
cd "$work"

{
  printf 'name = "cli"\nseed = 3\ndeals_per_pairing = 6\nconcurrency = 2\n'
  for i in $(seq 1 12); do
    printf '[[bots]]\nname = "r%d"\ncommand = "builtin:random"\n' "$i"
  done
} >t.toml
total=396  # 66 pairs x 6 deals
# One secret for every run below, as the shards of one league share theirs:
# then runs in different directories make the same games.
"$arbiter" secret new league.secret --seed 3 >/dev/null

# Sorted "game_id places" of a record file; fails on a duplicate id.
summary() {
  python3 - "$1" <<'PY'
import json, os, sys
seen = {}
lines = open(sys.argv[1]) if os.path.exists(sys.argv[1]) else []
for line in lines:
    try:
        r = json.loads(line)
    except ValueError:
        continue  # a line cut by kill -9
    gid = r["game_id"]
    if gid in seen:
        sys.exit(f"duplicate game_id {gid}")
    seen[gid] = r["result"]["places"]
for gid in sorted(seen):
    print(gid, seen[gid])
PY
}

fail() { echo "FAIL: $*" >&2; exit 1; }

# Waits until a run has recorded a game (a whole run takes about a second).
first_record() {
  for _ in $(seq 500); do
    [[ -s "$1" ]] && return 0
    sleep 0.01
  done
  fail "no game recorded in $1"
}

# kill -9 mid-run, then resume.
"$arbiter" tournament t.toml --secret league.secret --out killed >/dev/null 2>&1 &
pid=$!
first_record killed/games.jsonl
kill -9 "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
before="$(summary killed/games.jsonl | wc -l)"
echo "killed after $before of $total games"
[[ "$before" -lt "$total" ]] || fail "kill -9 came after the last game"
"$arbiter" tournament t.toml --out killed >/dev/null 2>killed.err ||
  fail "resume after kill -9: $(cat killed.err)"
[[ "$(summary killed/games.jsonl | wc -l)" == "$total" ]] ||
  fail "after kill -9 and resume: $(summary killed/games.jsonl | wc -l) games"
# Every run writes the report of every game; the runs below skip it, for
# speed (it replays every game).
grep -q "\"games_count\":$total," killed/report/index.html ||
  fail "no report of $total games in killed/report/index.html"

# Ctrl-C: exit 130, then resume.
"$arbiter" tournament t.toml --secret league.secret --out stopped >/dev/null 2>&1 &
pid=$!
first_record stopped/games.jsonl
kill -INT "$pid"
status=0
wait "$pid" || status=$?
[[ "$status" == 130 ]] || fail "Ctrl-C exit status $status"
[[ "$(summary stopped/games.jsonl | wc -l)" -lt "$total" ]] ||
  fail "Ctrl-C did not stop the run"
# Resumed with the kernel placing the games: placement changes no result.
"$arbiter" tournament t.toml --out stopped --no-report --no-affinity \
  >/dev/null 2>&1 || fail "resume with --no-affinity"

# The same games, whatever the interruptions: same ids, same results.
"$arbiter" tournament t.toml --secret league.secret --out whole --no-report \
  >/dev/null 2>&1 || fail "whole"
[[ ! -e whole/report ]] || fail "--no-report wrote whole/report"
summary whole/games.jsonl >whole.txt
[[ "$(wc -l <whole.txt)" == "$total" ]] || fail "whole: $(wc -l <whole.txt)"
summary killed/games.jsonl | cmp -s - whole.txt || fail "killed != whole"
summary stopped/games.jsonl | cmp -s - whole.txt || fail "stopped != whole"

# Shards merged (one of them twice) equal the unsharded run.
for i in 0 1 2; do
  "$arbiter" tournament t.toml --shard "$i/3" --secret league.secret \
    --out "s$i" --no-report >/dev/null 2>&1 || fail "shard $i"
done
"$arbiter" merge s0/games.jsonl s1/games.jsonl s2/games.jsonl s1/games.jsonl \
  -o merged.jsonl 2>merge.err || fail "merge: $(cat merge.err)"
grep -q "s1/games.jsonl:1: skipped, a copy of s1/games.jsonl:1" merge.err ||
  fail "merge did not report the copies: $(cat merge.err)"
summary merged.jsonl | cmp -s - whole.txt || fail "merged shards != whole"

# A config error names the key.
sed 's/seats = .*//; s/^seed = 3/seed = 3\nseats = 7/' t.toml >bad.toml
if "$arbiter" tournament bad.toml 2>bad.err; then fail "bad config accepted"; fi
grep -q "seats: must be 2..6 for .*, got 7" bad.err || fail "error: $(cat bad.err)"

# Bot processes: a crash is a fault in the record, and the bot plays on.
bot_dir="$(dirname "$test_bot")"
cat >procs.toml <<TOML
name = "procs"
seed = 9
deals_per_pairing = 2
duplicate = true
concurrency = 2
[time_control]
move_ms = 2000
[[bots]]
name = "steady"
command = "$test_bot --seed=1"
[[bots]]
name = "local"
# Starts only in its directory and with its variable: else a startup fault.
command = "sh -c 'test \"\$BOT_LEVEL\" = \"x y\" && exec ./$(basename "$test_bot") --seed=2'"
cwd = "$bot_dir"
env = { BOT_LEVEL = "x y" }
[[bots]]
name = "crasher"
command = "$test_bot --mode=crash --after=2"
TOML
"$arbiter" tournament procs.toml --out procs >procs.out 2>procs.err ||
  fail "process tournament: $(cat procs.err)"
python3 - procs/games.jsonl <<'PY' || fail "process tournament records"
import json, sys
records = [json.loads(l) for l in open(sys.argv[1])]
assert len(records) == 12, len(records)  # 3 pairs x 2 deals x 2 rotations
crashes = 0
for r in records:
    names = [s["bot_name"] for s in r["seats"]]
    for f in r["result"].get("faults", []):
        assert names[f["seat"]] == "crasher", (names, f)
        crashes += f["reason"] == "FAULT_REASON_CRASH"
    assert len(r["steps"]) > 0
# The crasher is restarted for every game it plays.
assert crashes == 8, crashes
PY
grep -q "crasher" procs.out || fail "no standings"
[[ -n "$(ls procs/logs)" ]] || fail "no bot logs"

# Ctrl-C with bot processes. Once: the running games finish, every bot is
# stopped, exit 130. Twice: the bots are stopped at once, exit 130. Either
# way no process of a bot's process group is left (found by the pids the
# test bots write to their logs: a bot leads its own group). Each bot leaves
# a child behind in its group (a test bot alone would exit by itself when
# its stream closes), which only the arbiter's group kill can end.
slow_bot() {
  printf '%s' "sh -c 'sleep 300 & exec \"\$0\" \"\$@\"' $test_bot --mode=slow --delay-ms=20 --seed=$1"
}
cat >slow.toml <<TOML
name = "slow"
seed = 4
deals_per_pairing = 20
concurrency = 2
[[bots]]
name = "a"
command = '''$(slow_bot 1)'''
[[bots]]
name = "b"
command = '''$(slow_bot 2)'''
[[bots]]
name = "c"
command = '''$(slow_bot 3)'''
TOML
bot_groups() { sed -n 's/^test_bot pid \([0-9]*\).*/\1/p' "$1"/logs/*.log; }
games_marked() { cat "$1"/logs/*.log 2>/dev/null | grep -c '^\[arbiter\] game '; }
# The live (not zombie) processes of the bots' groups, after up to 2 s.
bots_left() {
  local groups left
  groups="$(bot_groups "$1" | tr '\n' ' ')"
  [[ -n "$groups" ]] || fail "$1: no bot pids in the logs"
  for _ in $(seq 20); do
    left="$(ps -e -o pid=,pgid=,stat= | awk -v g="$groups" '
      BEGIN { n = split(g, a, " "); for (i = 1; i <= n; i++) s[a[i]] = 1 }
      ($2 in s) && $3 !~ /^Z/')"
    [[ -z "$left" ]] && return 0
    sleep 0.1
  done
  echo "$left"
}
for presses in 1 2; do
  out="ctrlc$presses"
  "$arbiter" tournament slow.toml --out "$out" >/dev/null 2>"$out.err" &
  pid=$!
  # Until both games of the first wave are under way (each seat's game
  # marker in its bot's log: bots may start before their games, for the
  # other seatings of a duplicate deal), so that a Ctrl-C finds games to
  # finish and a second one arrives while they do.
  for _ in $(seq 100); do
    [[ "$(games_marked "$out")" -ge 4 ]] && break
    sleep 0.1
  done
  [[ "$(games_marked "$out")" -ge 4 ]] || fail "$out: games did not start"
  kill -INT "$pid"
  if [[ "$presses" == 2 ]]; then sleep 0.2; kill -INT "$pid"; fi
  status=0
  wait "$pid" || status=$?
  [[ "$status" == 130 ]] || fail "$out: exit status $status: $(cat "$out.err")"
  left="$(bots_left "$out")"
  [[ -z "$left" ]] || fail "$out: bot processes left (pid pgid stat): $left"
done
grep -q "interrupted by signal 2, bots stopped" ctrlc2.err ||
  fail "second Ctrl-C: $(cat ctrlc2.err)"
python3 - ctrlc1/games.jsonl <<'PY' || fail "records after one Ctrl-C"
import json, sys
records = [json.loads(l) for l in open(sys.argv[1])]  # every line whole
assert 0 < len(records) < 60, len(records)  # the running games finished
for r in records:
    assert not r["result"].get("faults"), r["result"]
PY
echo "ok"
