#!/usr/bin/env bash
# Every exit status that docs/arbiter.md (and the pages it points to:
# tournaments.md, match.md, check-bot.md, ratings.md) documents, triggered
# for real, command by command: each case runs the command, checks its
# status and the words of its message. A refused run (exit 2) leaves no
# folder behind.
#   exit_codes_test.sh ARBITER RATINGS RANDOM_BOT TEST_BOT
set -uo pipefail
arbiter="$(realpath "$1")"
ratings="$(realpath "$2")"
random_bot="$(realpath "$3")"
test_bot="$(realpath "$4")"
work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null; done
  chattr -R -i "$work" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
cd "$work"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# expect STATUS NEEDLE CMD...: the command exits STATUS and NEEDLE is in
# what it printed (stdout or stderr).
expect() {
  local want="$1" needle="$2"
  shift 2
  local status=0
  timeout 120 "$@" >out.txt 2>err.txt || status=$?
  if [[ "$status" != "$want" ]]; then
    fail "'$*': exit $status, not $want: $(tail -5 err.txt)"
    return
  fi
  cat out.txt err.txt >both.txt
  grep -q -- "$needle" both.txt ||
    fail "'$*' (exit $want): no '$needle' in: $(tail -5 both.txt)"
}

# start_bg RECORDS CMD...: CMD in the background, once it has recorded a
# game in RECORDS (so that it holds its lock and plays).
start_bg() {
  local file="$1"
  shift
  "$@" >bg.out 2>bg.err &
  bg=$!
  pids+=("$bg")
  for _ in $(seq 600); do [[ -s "$file" ]] && return; sleep 0.1; done
  fail "'$*': nothing recorded in $file: $(cat bg.err)"
}

# stop_bg STATUS: SIGINT to the background run, which exits STATUS.
stop_bg() {
  kill -INT "$bg"
  local status=0
  wait "$bg" || status=$?
  [[ "$status" == "$1" ]] || fail "interrupted run: exit $status, not $1: $(tail -3 bg.err)"
}

slow_bot="$test_bot --mode=slow --delay-ms=5"
rb=(--bot a="$random_bot" --bot b="$random_bot")

# --- arbiter play: 0, 2, 3, 130 ---------------------------------------------
expect 0 "^a " "$arbiter" play "${rb[@]}" --games 2 --sandbox none --out p0.jsonl
expect 2 "--games" "$arbiter" play "${rb[@]}" --games 0 --out p2.jsonl
expect 2 "no executable 'no-such-bot'" "$arbiter" play --bot a=no-such-bot \
  --bot b="$random_bot" --out p2.jsonl
[[ ! -e p2.jsonl && ! -e p2.jsonl.logs && ! -e p2.jsonl.secret ]] ||
  fail "refused play runs left files: $(ls)"
# Refused once a bot ran: no record, but the bot's log (which says why) and
# the secret the message names are kept.
expect 2 "does not play zetema" "$arbiter" play --sandbox none \
  --bot a="$test_bot --mode=wrong-game" --bot b="$random_bot" --out p2b.jsonl
[[ ! -s p2b.jsonl && -d p2b.jsonl.logs && -e p2b.jsonl.secret ]] ||
  fail "a bot refused once it ran: records or its log: $(ls)"
mkdir frozen && chattr +i frozen 2>/dev/null && {
  expect 2 "immutable" "$arbiter" play "${rb[@]}" --out frozen/p.jsonl
  expect 2 "immutable" "$arbiter" play "${rb[@]}" --out frozen/sub/p.jsonl
}
expect 3 "NOT CLEAN: bot 'a' never started" "$arbiter" play --sandbox none \
  --bot a="$test_bot --mode=exit" --bot b="$random_bot" --games 2 --out p3.jsonl
start_bg p130.jsonl "$arbiter" play --sandbox none --bot a="$slow_bot" \
  --bot b="$slow_bot" --games 1000 --out p130.jsonl
expect 2 "in use by another run" "$arbiter" play "${rb[@]}" --out p130.jsonl
stop_bg 130
grep -q "another run (pid [0-9]*) was refused: arbiter play: --out p130.jsonl: in use" \
  p130.jsonl.arbiter.log || fail "the holder's log has no refusal"

# --- arbiter tournament: 0, 1, 2, 3, 130 -------------------------------------
# Plain records: the repair below edits them as text.
cat >t.toml <<'TOML'
name = "t"
deals_per_pairing = 2
compress_records = false
[[bots]]
name = "a"
command = "builtin:random"
[[bots]]
name = "b"
command = "builtin:random"
TOML
expect 0 "2 of 2 games recorded" "$arbiter" tournament t.toml --out t0 --no-report
expect 0 "the tables of 2 games recorded in t0/games.jsonl (no game played)" \
  "$arbiter" tournament t.toml --tables-only --out t0 --no-report
expect 2 "--tables-only: game .* is not recorded" "$arbiter" tournament t.toml \
  --tables-only --secret t0/secret --out t2
[[ ! -e t2 ]] || fail "a refused --tables-only left t2: $(ls -R t2)"
sed 's/name = "b"/name = "c"/' t.toml >changed.toml
expect 2 "was the config changed" "$arbiter" tournament changed.toml --out t0 \
  --no-report
sed 's|"builtin:random"|"no-such-bot"|' t.toml >missing.toml
expect 2 "bots\[0\].command" "$arbiter" tournament missing.toml --out t2
[[ ! -e t2 ]] || fail "a refused tournament left t2: $(ls -R t2)"
mkdir -p t1/standings.csv
expect 1 "standings.csv" "$arbiter" tournament t.toml --out t1 --no-report
cat >bots.toml <<TOML
name = "bots"
[[bots]]
name = "gone"
command = "$test_bot --mode=exit"
[[bots]]
name = "r"
command = "$random_bot"
[sandbox]
mode = "none"
TOML
expect 3 "NOT CLEAN: bot 'gone' never started" "$arbiter" tournament bots.toml \
  --out t3 --no-report
sed "s|$test_bot --mode=exit|$slow_bot|; s|$random_bot|$slow_bot|" bots.toml |
  sed 's/^name = "bots"/name = "bots"\ndeals_per_pairing = 500/' >slow.toml
start_bg t130/games.jsonl.zst "$arbiter" tournament slow.toml --out t130 --no-report
expect 2 "in use by another run" "$arbiter" tournament slow.toml --out t130
stop_bg 130

# --- arbiter match: 0, 1, 2, 4, 130 ------------------------------------------
expect 0 "fixed length: 2 games" "$arbiter" match a="$random_bot" \
  b="$random_bot" --games 2 --sandbox none --out m0
expect 2 "holds the records of another match (move_ms" "$arbiter" match \
  a="$random_bot" b="$random_bot" --games 2 --sandbox none --move-ms 50 --out m0
expect 4 "no decision yet" "$arbiter" match a="$random_bot" b="$random_bot" \
  --sprt elo0=0 elo1=10 --games 2 --sandbox none --out m4
expect 2 "--seats: must be 2..8 for pontoon" "$arbiter" match a="$random_bot" \
  b="$random_bot" --game pontoon --seats 9 --games 2 --out m2
[[ ! -e m2 ]] || fail "a refused match left m2"
mkdir m1 && touch m1/games.jsonl m1/games.jsonl.zst
expect 2 "games.jsonl" "$arbiter" match a="$random_bot" b="$random_bot" \
  --games 2 --sandbox none --out m1
start_bg m130/games.jsonl.zst "$arbiter" match a="$slow_bot" b="$slow_bot" \
  --games 1000 --sandbox none --out m130
expect 2 "in use by another run" "$arbiter" match a="$random_bot" \
  b="$random_bot" --games 2 --out m130
stop_bg 130
# 1: a records file that cannot grow (a file size limit, its signal ignored).
expect 1 "File too large" bash -c "trap '' XFSZ; ulimit -f 4; exec '$arbiter' match \
  a='$random_bot' b='$random_bot' --games 4 --sandbox none --out m1f --log-level off"

# --- arbiter merge: 0, 1, 2 --------------------------------------------------
"$arbiter" play "${rb[@]}" --sandbox none --games 1 --seed 7 --secret p0.jsonl.secret \
  --out same1.jsonl >/dev/null 2>&1
sleep 1.1  # another start time: the same game id, a different record
"$arbiter" play "${rb[@]}" --sandbox none --games 1 --seed 7 --secret p0.jsonl.secret \
  --out same2.jsonl >/dev/null 2>&1
expect 0 "arbiter merge: 3 records from 2 files" "$arbiter" merge p0.jsonl same1.jsonl -o merged.jsonl
expect 1 "different records" "$arbiter" merge same1.jsonl same2.jsonl -o conflict.jsonl
expect 2 "no-such-file.jsonl" "$arbiter" merge -o x.jsonl no-such-file.jsonl

# --- arbiter repair: 0, 1, 2 -------------------------------------------------
expect 0 "nothing to repair" "$arbiter" repair t.toml --out t0
python3 - t0/games.jsonl <<'PY'
import json, sys
path = sys.argv[1]
lines = open(path).read().splitlines()
first = json.loads(lines[0])
copies = []
for seed in ("1", "2"):  # two records of one id, neither the schedule's
    first["seed"] = seed
    copies.append(json.dumps(first))
open(path, "w").write("\n".join(copies + lines[1:]) + "\n")
PY
expect 1 "cannot be decided" "$arbiter" repair t.toml --out t0
expect 2 "no-such.toml" "$arbiter" repair no-such.toml --out t0

# --- arbiter replay: 0, 1, 2 -------------------------------------------------
expect 0 "2 records, 2 ok" "$arbiter" replay p0.jsonl --verify
python3 - p0.jsonl tampered.jsonl <<'PY'
import json, sys
record = json.loads(open(sys.argv[1]).readline())
record["result"]["scores"][0] += 1
open(sys.argv[2], "w").write(json.dumps(record) + "\n")
PY
expect 1 "result differs" "$arbiter" replay tampered.jsonl --verify
expect 2 "no-such.jsonl" "$arbiter" replay no-such.jsonl

# --- arbiter check-bot: 0, 1, 2 ----------------------------------------------
expect 0 "passed" "$arbiter" check-bot --sandbox none -- "$random_bot"
expect 1 "FAILED" "$arbiter" check-bot --sandbox none -- "$test_bot" --mode=illegal
expect 2 "no-such-bot" "$arbiter" check-bot -- no-such-bot

# --- arbiter report, standings, ratings: 0, 1, 2 ----------------------------
expect 0 "2 games" "$arbiter" report p0.jsonl -o report
expect 2 "a report is a folder now" "$arbiter" report p0.jsonl -o report.html
expect 0 "2 games" "$arbiter" standings p0.jsonl --out st
: >empty.jsonl
expect 1 "no game record" "$arbiter" standings empty.jsonl --out st1
expect 2 "no-such.jsonl" "$arbiter" standings no-such.jsonl
expect 0 "ratings: 2 games" "$ratings" p0.jsonl
expect 1 "empty.jsonl" "$ratings" empty.jsonl
expect 2 "--average" "$ratings" p0.jsonl --average nan

if ((failures)); then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "every documented exit status holds"
