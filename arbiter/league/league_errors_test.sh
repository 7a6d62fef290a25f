#!/usr/bin/env bash
# `arbiter league` given bad input of every kind: each refused with exit
# status 2 and a message naming what was wrong, nothing recorded lost, no
# abort; a refused `init` or `run` leaves nothing behind. Then what a person
# reads: `league status` on a terminal (tmux) with a state file full of
# escape sequences, the run log of a short run, and a Slurm task's own.
#   league_errors_test.sh ARBITER SOURCE_DIR BUILD_DIR
set -euo pipefail
arbiter="$(realpath "$1")"
build="$(realpath "$3")"
random_bot="$build/sample-bots/random/random_bot"
[[ -x "$random_bot" ]] || { echo "skipped: $random_bot is not built"; exit 77; }
work="${KEEP_WORK:-$(mktemp -d)}"; mkdir -p "$work"
session="league_errors_$$"
cleanup() {
  tmux kill-session -t "$session" 2>/dev/null || true
  [[ -n "${KEEP_WORK:-}" ]] || rm -rf "$work"
}
trap cleanup EXIT
cd "$work"
L="$work/league"

fail() { echo "FAIL: $*" >&2; exit 1; }
# refused STATUS PATTERN ARGS...: the command exits STATUS (not a signal: no
# abort) and its stderr matches PATTERN (grep -E).
refused() {
  local want=$1 pattern=$2; shift 2
  set +e; timeout 120 "$arbiter" "$@" >out 2>err; local st=$?; set -e
  [[ $st == "$want" ]] || fail "$*: exit $st, not $want: $(cat err)"
  grep -Eq -- "$pattern" err || fail "$*: no '$pattern' in: $(cat err)"
  grep -q "Abort\|terminate called\|core dumped" err && fail "$*: $(cat err)"
  true
}
# What the league holds, but its run log (which says what was refused).
held() { (cd "$L" && find . -path ./arbiter.log -prune -o -type f -print0 |
          sort -z | xargs -0 sha256sum); }

# init: each refusal leaves no folder behind.
refused 2 "seats" league init "$work/a" --game zetema --seats 7
refused 2 "move-ms" league init "$work/a" --move-ms 0
refused 2 "--nope" league init "$work/a" --nope 1
refused 2 "cannot create the folder" league init /proc/no/such/league
[[ ! -e "$work/a" ]] || fail "a refused init left $work/a"
"$arbiter" league init "$L" --name errors --concurrency 1 --move-ms 2000 \
    >/dev/null
refused 2 "a league already" league init "$L"

# A league with games, to lose nothing of.
"$arbiter" league add "$L" one -- "$random_bot" --seed 1 >/dev/null
"$arbiter" league add "$L" two -- "$random_bot" --seed 2 >/dev/null
"$arbiter" league run "$L" --games 2 --batch 1 --log-level debug \
    >/dev/null 2>run.err || fail "run: $(cat run.err)"
held >before

# add: the name, the command, the folder.
refused 2 "NAME 'a@b'" league add "$L" a@b -- "$random_bot"
refused 2 "NAME 'a/b'" league add "$L" a/b -- "$random_bot"
refused 2 "NAME 'a\\\\x1b" league add "$L" $'a\e[2Jb' -- "$random_bot"
refused 2 "must be 1 to [0-9]+ characters, got 5000" \
    league add "$L" "$(printf 'x%.0s' {1..5000})" -- "$random_bot"
refused 2 "command" league add "$L" nocommand
refused 2 "/no/such/bot" league add "$L" ghost -- /no/such/bot
mkdir loopbot && cp "$random_bot" loopbot/bot && ln -s loop loopbot/loop
refused 2 "loop" league add "$L" looped --dir loopbot -- loopbot/bot
ln -s loopdir loopdir
refused 2 "loopdir" league add "$L" looped --dir loopdir -- "$random_bot"
# A link out of the bot's folder: its target is never copied into the store.
mkdir linkbot && cp "$random_bot" linkbot/bot && echo key >secret.key
ln -s "$work/secret.key" linkbot/key
refused 2 "outside the bot's folder" league add "$L" linked -- linkbot/bot
grep -rq "^key$" "$L/bots" && fail "a file outside the bot's folder was stored"

# retire, status and run of what is not there.
refused 2 "ghost" league retire "$L" ghost
refused 2 "one@9" league retire "$L" one@9
mkdir plain
refused 2 "not a league folder" league status plain
refused 2 "not a league folder" league run plain
[[ -z "$(ls -A plain)" ]] || fail "a refused run left files: $(ls -A plain)"
refused 2 "not a league folder" league add plain x -- "$random_bot"
held >after; cmp -s before after || fail "refusals changed the league"

# A hand-edited league.toml: an unknown key, a schedule key.
cp "$L/league.toml" toml.kept
echo 'colour = "red"' >>"$L/league.toml"
refused 2 "colour" league status "$L"
refused 2 "colour" league run "$L" --games 1
cp toml.kept "$L/league.toml"; echo 'format = "swiss"' >>"$L/league.toml"
refused 2 "format" league run "$L" --games 1
cp toml.kept "$L/league.toml"

# A corrupt roster: every command names it, the records stay.
cp "$L/roster.json" roster.kept
echo '{"bots": [{"name": 3' >"$L/roster.json"
refused 2 "roster.json" league status "$L"
refused 2 "roster.json" league run "$L" --games 1
refused 2 "roster.json" league add "$L" three -- "$random_bot" --seed 3
refused 2 "roster.json" league retire "$L" one
cp roster.kept "$L/roster.json"
held >after; cmp -s before after || fail "a corrupt roster cost the league"

# A corrupt state.json and history line: status still shows the standings.
echo 'garbage{' >"$L/state.json"
echo 'garbage{' >>"$L/ratings-history.jsonl"
"$arbiter" league status "$L" >status.out 2>status.err \
  || fail "status with a corrupt state: $(cat status.err)"
grep -q "run: state unreadable" status.out || fail "status: $(cat status.out)"
grep -Eq "one@1 +-?[0-9]+ " status.out || fail "status: $(cat status.out)"
grep -q "skipped" status.out || fail "the corrupt history line: $(cat status.out)"

# The run log of the run above: the lock, the start lines, the batch and
# its tables, the roster, the refit, and the refusals after.
log="$L/arbiter.log"
for pattern in "arbiter league run .*pid" "lock taken on" "sandbox" \
    "roster: active: one@1, two@1" "batch 1: 1 tables among 2 active bots" "1 game at a time" \
    "batch 1 table 1: " "ratings refitted over [0-9]+ games in" \
    "bot 'one@1' started" "games recorded by this run" \
    "arbiter league add .*pid" "error .*roster.json"; do
  grep -Eq -- "$pattern" "$log" || fail "arbiter.log has no '$pattern'"
done

# Two adds racing with a run: both land in the roster, the run goes on.
"$arbiter" league run "$L" --games 2 --batch 1 >/dev/null 2>race.err &
run=$!
"$arbiter" league add "$L" r1 --no-check -- "$random_bot" >/dev/null 2>r1.err &
a1=$!
"$arbiter" league add "$L" r2 --no-check -- "$random_bot" >/dev/null 2>r2.err &
a2=$!
wait $a1 || fail "racing add r1: $(cat r1.err)"
wait $a2 || fail "racing add r2: $(cat r2.err)"
wait $run || fail "the run beside two adds: $(cat race.err)"
grep -q '"r1"' "$L/roster.json" && grep -q '"r2"' "$L/roster.json" \
  || fail "a racing add was lost: $(cat "$L/roster.json")"

# What a person reads on a terminal: a state file (anyone can edit it) full
# of escape sequences shows as text; the screen is not cleared, the title
# not set.
if command -v tmux >/dev/null; then
  python3 - "$L/state.json" <<'PY'
import json, os, socket, sys
json.dump({"pid": os.getppid(), "host": socket.gethostname(), "batch": 9,
           "doing": "playing\x1b[2J\x1b]2;pwned\x07",
           "since": "now\r\n  #  forged",
           "tables": ["one@1 v two@1\x1b[31m\u202e"]}, open(sys.argv[1], "w"))
PY
  tmux new-session -d -s "$session" -x 160 -y 50 \
      "'$arbiter' league status '$L'; sleep 30"
  for _ in $(seq 60); do
    tmux capture-pane -p -t "$session" >pane.txt
    grep -q "Retired" pane.txt && break
    sleep 0.5
  done
  grep -q "^league errors" pane.txt || fail "the screen was cleared: $(cat pane.txt)"
  grep -Fq 'playing\x1b[2J\x1b]2;pwned\x07' pane.txt \
    || fail "escape not shown as text: $(cat pane.txt)"
  grep -Fq 'one@1 v two@1\x1b[31m\u202e' pane.txt \
    || fail "table not escaped: $(cat pane.txt)"
  grep -q "^  #  forged" pane.txt && fail "a forged line: $(cat pane.txt)"
  [[ "$(tmux display -p -t "$session" '#{pane_title}')" != pwned ]] \
    || fail "the title was set"
fi
# play-batch (a --slurm task) logs into its shard's folder, each run of it
# with its header, and never into the league's log; a bad batch leaves
# nothing behind. Last: the run that follows would merge this batch.
batch="$L/slurm/batch-90"
mkdir -p "$batch"
echo '{"batch": 90, "tables": [["one@1", "two@1"]], "tasks": 1}' >"$batch/plan.json"
cp "$L/arbiter.log" league.log
for _ in 1 2; do
  "$arbiter" league play-batch "$L" 90 --tasks 1 --shard 0 --log-level debug \
      >pb.out 2>pb.err || fail "play-batch: $(cat pb.err)"
done
grep -q "run log $batch/shard-0/arbiter.log (level debug)" pb.err \
  || fail "play-batch says no run log: $(cat pb.err)"
log="$batch/shard-0/arbiter.log"
for pattern in "info arbiter league play-batch .*pid .*--shard 0" \
    "lock taken on .*shard-0/games.jsonl.zst" "sandbox" "bot 'one@1' started" \
    "debug game .*-r90-.* ended" "batch 90 shard 0/1: 1 games recorded \(1 this run\)" \
    "batch 90 shard 0/1: 1 games recorded \(0 this run\)"; do
  grep -Eq -- "$pattern" "$log" || fail "the task's arbiter.log has no '$pattern'"
done
(( $(grep -c "arbiter league play-batch .*pid" "$log") == 2 )) \
  || fail "a header per task run: $(cat "$log")"
cmp -s league.log "$L/arbiter.log" || fail "play-batch wrote to the league's log"
refused 2 "batch-91/plan.json" league play-batch "$L" 91 --tasks 1 --shard 0
[[ ! -e "$L/slurm/batch-91" ]] || fail "a refused play-batch left $L/slurm/batch-91"
rm -rf "$batch/shard-0"
"$arbiter" league play-batch "$L" 90 --tasks 1 --shard 0 --log-level off \
    >/dev/null 2>pb.err || fail "play-batch, log off: $(cat pb.err)"
[[ -f "$batch/shard-0/games.jsonl.zst" && ! -e "$batch/shard-0/arbiter.log" ]] \
  || fail "--log-level off: $(ls "$batch/shard-0")"
# A task whose bots cannot start says why in its log too.
mkdir -p "$L/slurm/batch-92"
sed 's/"batch": 90/"batch": 92/' "$batch/plan.json" >"$L/slurm/batch-92/plan.json"
mv "$L/bots" "$L/bots.kept"
refused 2 "is not a directory" league play-batch "$L" 92 --tasks 1 --shard 0
mv "$L/bots.kept" "$L/bots"
grep -q "error .*is not a directory" "$L/slurm/batch-92/shard-0/arbiter.log" \
  || fail "the task's error is not in its log"

echo "league_errors: ok"
