#!/usr/bin/env bash
# One run per output (docs/tournaments.md, "One run per output directory"),
# end to end through the `arbiter` command:
#  - two `arbiter tournament` runs started together on one directory: one
#    plays, the other exits 2 naming the directory and the first's pid; the
#    records verify; `--wait` waits for the first and resumes;
#  - a run killed with kill -9 leaves a lock that does not block the next;
#  - `arbiter play --out FILE` and `arbiter match --out DIR` twice at once:
#    the second exits 2;
#  - readers are not fooled by a last record cut short;
#  - `arbiter repair` of a directory holding two runs' records (concatenated)
#    restores verify, resume, report and standings; with no record it can
#    confirm, it exits 1 and writes nothing.
#   one_run_test.sh ARBITER TEST_BOT
set -euo pipefail
arbiter=$(realpath "$1")
test_bot=$(realpath "$2")
work=${KEEP_WORK:-$(mktemp -d)}
mkdir -p "$work"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null || true; done
  [[ -n ${KEEP_WORK:-} ]] || rm -rf "$work"
}
trap cleanup EXIT
cd "$work"

fail() { echo "FAIL: $*" >&2; exit 1; }

# Bots that think a little (sleeping, not computing): a run lasts seconds
# of wall clock and little CPU, so that two runs started together overlap.
# Plain records: the test cuts and concatenates them as text.
{
  printf 'name = "one"\nseed = 3\ndeals_per_pairing = 4\nconcurrency = 2\n'
  printf 'compress_records = false\n'
  printf '[time_control]\nmove_ms = 5000\n'
  for i in 1 2 3; do
    printf '[[bots]]\nname = "t%d"\ncommand = "%s --mode=slow --delay-ms=1 --seed=%d"\n' \
      "$i" "$test_bot" "$i"
  done
} >t.toml
total=12  # 3 pairs x 4 deals
# One secret for every run: runs in different directories make the same games.
"$arbiter" secret new league.secret --seed 3 >/dev/null
tournament=("$arbiter" tournament t.toml --secret league.secret --no-report)

# "game_id places" of every record, sorted; fails on a repeated id.
summary() {
  python3 - "$1" <<'PY'
import json, sys
seen = {}
for line in open(sys.argv[1]):
    try:
        r = json.loads(line)
    except ValueError:
        continue  # a line cut by kill -9
    if r["game_id"] in seen:
        sys.exit(f"game_id {r['game_id']} twice")
    seen[r["game_id"]] = r["result"]["places"]
for gid in sorted(seen):
    print(gid, seen[gid])
PY
}
first_record() {
  for _ in $(seq 1000); do
    [[ -s $1 ]] && return 0
    sleep 0.01
  done
  fail "no game recorded in $1"
}
verify() { "$arbiter" replay "$1" --verify >/dev/null 2>"$1.verify" ||
  fail "verify $1: $(tail -n 3 "$1.verify")"; }

# ---- two runs started together ----------------------------------------------
"${tournament[@]}" --out both >a.out 2>a.err &
a=$!
"${tournament[@]}" --out both >b.out 2>b.err &
b=$!
pids+=("$a" "$b")
sa=0 sb=0
wait "$a" || sa=$?
wait "$b" || sb=$?
if ((sa == 0 && sb == 2)); then
  loser=b winner=$a
elif ((sa == 2 && sb == 0)); then
  loser=a winner=$b
else
  fail "exit statuses $sa and $sb, not 0 and 2: $(cat a.err b.err)"
fi
grep -q "^arbiter tournament: --out both: in use by another run: pid $winner on host " \
  "$loser.err" || fail "the second run's message: $(cat "$loser.err")"
[[ $(summary both/games.jsonl | wc -l) == "$total" ]] ||
  fail "two runs at once: $(summary both/games.jsonl 2>&1 | tail -n 1)"
verify both/games.jsonl
[[ ! -e both/games.jsonl.lock ]] || fail "the lock's side file stayed"
echo "two runs at once: one played $total games, the other exited 2"

# --wait: the second waits for the first to end, then resumes (nothing left).
"${tournament[@]}" --out waited >/dev/null 2>w1.err &
w1=$!
pids+=("$w1")
first_record waited/games.jsonl
"${tournament[@]}" --out waited --wait >w2.out 2>w2.err ||
  fail "--wait: $(cat w2.err)"
wait "$w1" || fail "the first run beside --wait: $(cat w1.err)"
grep -q "in use by another run: pid $w1 .*; waiting for it to end" w2.err ||
  fail "--wait said: $(cat w2.err)"
grep -q "$total of $total games recorded in waited/games.jsonl (0 this run)" \
  w2.out || fail "--wait: $(cat w2.out)"
verify waited/games.jsonl

# ---- kill -9 -----------------------------------------------------------------
"${tournament[@]}" --out killed >/dev/null 2>&1 &
k=$!
pids+=("$k")
first_record killed/games.jsonl
kill -KILL "$k"
wait "$k" 2>/dev/null || true
[[ -e killed/games.jsonl.lock ]] || fail "no side file left by kill -9"
grep -q "^pid=$k$" killed/games.jsonl.lock || fail "$(cat killed/games.jsonl.lock)"
"${tournament[@]}" --out killed >killed.out 2>killed.err ||
  fail "resume after kill -9: $(cat killed.err)"
[[ $(summary killed/games.jsonl | wc -l) == "$total" ]] || fail "killed: games"
# The same games (bots' choices may differ: they keep state across games).
ids() { summary "$1" | cut -d' ' -f1; }
ids killed/games.jsonl | cmp -s - <(ids both/games.jsonl) ||
  fail "killed and resumed: not the games of one whole run"
echo "kill -9: the next run resumed and completed"

# ---- play --out twice --------------------------------------------------------
play=("$arbiter" play --bot "a=$test_bot --mode=slow --delay-ms=2"
  --bot "b=$test_bot" --ruleset hunt --out p.jsonl)
"${play[@]}" --games 10 >/dev/null 2>p1.err &
p1=$!
pids+=("$p1")
first_record p.jsonl
status=0
"${play[@]}" --games 2 >/dev/null 2>p2.err || status=$?
[[ $status == 2 ]] || fail "play --out twice: status $status: $(cat p2.err)"
grep -q "^arbiter play: --out p.jsonl: in use by another run: pid $p1 " p2.err ||
  fail "play's message: $(cat p2.err)"
wait "$p1" || fail "the first play: $(cat p1.err)"
verify p.jsonl
[[ $(summary p.jsonl | wc -l) == 10 ]] || fail "play: not 10 games"

# ---- match --out twice --------------------------------------------------------
match=("$arbiter" match "a=$test_bot --mode=slow --delay-ms=2 --seed=1"
  "b=$test_bot --seed=2" --games 8 --out m)
"${match[@]}" >/dev/null 2>m1.err &
m1=$!
pids+=("$m1")
first_record m/games.jsonl.zst
status=0
"${match[@]}" >/dev/null 2>m2.err || status=$?
[[ $status == 2 ]] || fail "match --out twice: status $status: $(cat m2.err)"
grep -q "^arbiter match: --out m: in use by another run: pid $m1 " m2.err ||
  fail "match's message: $(cat m2.err)"
wait "$m1" || fail "the first match: $(cat m1.err)"
verify m/games.jsonl.zst

# ---- a last record cut short, as a reader sees a run that writes -------------
cp both/games.jsonl torn.jsonl
head -c 500 both/games.jsonl >>torn.jsonl  # the first line is longer
"$arbiter" replay torn.jsonl --verify >torn.out 2>torn.err ||
  fail "verify with a torn last line: $(cat torn.out torn.err)"
grep -q "$total ok.*1 torn (skipped)" torn.out || fail "$(cat torn.out)"
"$arbiter" standings torn.jsonl >/dev/null 2>torn.err ||
  fail "standings with a torn last line: $(cat torn.err)"
"$arbiter" report torn.jsonl -o torn-report >/dev/null 2>torn.err ||
  fail "report with a torn last line: $(cat torn.err)"

# ---- repair ------------------------------------------------------------------
# Two runs of one tournament (one secret), their records concatenated: every
# game id twice, as two runs recording at once left them.
"${tournament[@]}" --out other >/dev/null 2>&1 || fail "the second run"
cp -r both damaged
cat other/games.jsonl >>damaged/games.jsonl
cmp -s damaged/games.jsonl other/games.jsonl && fail "one run's records only"
for what in verify resume report standings; do
  case $what in
  verify) cmd=(replay damaged/games.jsonl --verify) ;;
  resume) cmd=(tournament t.toml --out damaged --no-report) ;;
  report) cmd=(report damaged -o damaged-report) ;;
  standings) cmd=(standings damaged/games.jsonl) ;;
  esac
  if "$arbiter" "${cmd[@]}" >/dev/null 2>"damaged.$what"; then
    fail "$what accepted two records under one id"
  fi
done
grep -q "forged" damaged.resume || fail "resume: $(cat damaged.resume)"

# A game none of whose records is the schedule's: nothing is written.
cp -r damaged undecidable
python3 - undecidable/games.jsonl <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
first = json.loads(lines[0])["game_id"]
out = []
for line in lines:
    r = json.loads(line)
    if r["game_id"] == first:
        r["seed"] = "12345"  # a deal the secret does not give this game
        line = json.dumps(r, separators=(",", ":"))
    out.append(line)
open(sys.argv[1], "w").write("\n".join(out) + "\n")
PY
cp undecidable/games.jsonl undecidable.before
status=0
"$arbiter" repair t.toml --out undecidable >/dev/null 2>undecidable.err || status=$?
[[ $status == 1 ]] || fail "repair of an undecidable game: status $status"
grep -q "none of its 2 records is the schedule's" undecidable.err ||
  fail "$(cat undecidable.err)"
cmp -s undecidable/games.jsonl undecidable.before || fail "repair wrote"
[[ ! -e undecidable/games.jsonl.before-repair ]] || fail "backup written"

cp damaged/games.jsonl damaged.before
"$arbiter" repair t.toml --out damaged >repair.out 2>repair.err ||
  fail "repair: $(cat repair.err)"
[[ $(grep -c "dropped, another play of the game kept at damaged/games.jsonl:" \
  repair.out) == "$total" ]] || fail "repair said: $(tail -n 3 repair.out)"
grep -q "kept $total of $((2 * total)) records ($total game ids with different records); the original is damaged/games.jsonl.before-repair" \
  repair.out || fail "$(tail -n 1 repair.out)"
cmp -s damaged/games.jsonl.before-repair damaged.before || fail "backup"
verify damaged/games.jsonl
summary damaged/games.jsonl | cmp -s - <(summary both/games.jsonl) ||
  fail "repair kept other records than the first run's"
"${tournament[@]}" --out damaged >resumed.out 2>resumed.err ||
  fail "resume after repair: $(cat resumed.err)"
grep -q "(0 this run)" resumed.out || fail "$(cat resumed.out)"
"$arbiter" report damaged -o damaged-report2 >/dev/null 2>&1 || fail "report after repair"
"$arbiter" standings damaged/games.jsonl >/dev/null 2>&1 || fail "standings after repair"
"$arbiter" repair t.toml --out damaged >again.out 2>&1 || fail "repair again"
grep -q "nothing to repair" again.out || fail "$(cat again.out)"
echo "repair: $total duplicated games dropped; verify, resume, report and standings pass"
echo PASS
