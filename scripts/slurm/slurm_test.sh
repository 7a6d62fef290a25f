#!/usr/bin/env bash
# Leagues on a real single-node Slurm cluster of this machine
# (local-cluster), submitted with scripts/slurm/submit, each checked against
# the same tournament run locally: the same game ids with the same results,
# no game twice, the same ratings.
#  - a round-robin of builtin bots in 4 tasks, one of them requeued while it
#    runs (as after a node failure: Slurm kills it, runs it again), another
#    one warned of its time limit (USR1): it stops and requeues itself;
#  - a Swiss of builtin bots, each round an array of 3 tasks paired from the
#    records of the rounds before; the last job writes its Swiss table, the
#    local run's, and the report shows it;
#  - a round-robin of bot processes (the sample random bot) in 2 tasks, the
#    arbiter of one killed with SIGKILL: its task fails, the last job is
#    cancelled, and the same submission again completes the league.
#  - a league submitted twice: refused while its jobs run; submitted twice
#    all the same, the second task waits for the first on its shard (its
#    lock), both complete and no game is recorded twice; a submission whose
#    last sbatch fails cancels its array and blocks nothing.
# Exits 77 (skipped) where slurm-wlm and munge are not installed, or without
# root. About 30 s of CPU: one to two minutes on 2 idle cores.
#   slurm_test.sh BUILD_DIR
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=$(realpath "$1")
arbiter=$build/arbiter/cli/arbiter
ratings=$build/ratings/ratings
random_bot=$build/sample-bots/random/random_bot

skip() {
  echo "SKIPPED: $*"
  exit 77
}
for tool in sbatch slurmctld slurmd munged; do
  command -v "$tool" >/dev/null ||
    skip "$tool not found: install Debian's slurm-wlm and munge" \
      "(scripts/test does, through scripts/setup)"
done
[[ $(id -u) == 0 ]] || skip "a local Slurm cluster needs root (slurmd)"

# KEEP_WORK=DIR keeps the leagues, logs and cluster files there.
work=${KEEP_WORK:-$(mktemp -d)}
mkdir -p "$work"
chmod 755 "$work"  # munged's socket must be reachable by everyone
cluster=$work/cluster
cleanup() {
  "$root/scripts/slurm/local-cluster" stop "$cluster" >/dev/null 2>&1 || true
  [[ -n ${KEEP_WORK:-} ]] || rm -rf "$work"
}
trap cleanup EXIT
cd "$work"

fail() {
  echo "FAIL: $*" >&2
  for f in "$work"/leagues/*/slurm/*.out; do
    [[ -e $f ]] && { echo "--- $f" >&2; tail -n 8 "$f" >&2; }
  done
  exit 1
}

"$root/scripts/slurm/local-cluster" start "$cluster" 1500 >/dev/null ||
  fail "the local cluster did not start"
# shellcheck disable=SC1091
. "$cluster/env"

# ---- helpers ---------------------------------------------------------------

# The record lines of files, compressed (games.jsonl.zst, the default) or
# plain (games.jsonl); nothing for a missing or empty file. A record being
# written (its frame cut short) ends a compressed file's lines.
lines() {
  local f
  for f; do [[ ! -s $f ]] || zstd -dcqf "$f" 2>/dev/null || true; done
}

# "game_id places" of every record of the files, sorted; fails on a
# duplicate id.
summary() {
  lines "$@" | python3 -c '
import json, sys
seen = {}
for line in sys.stdin:
    r = json.loads(line)
    gid = r["game_id"]
    if gid in seen:
        sys.exit(f"duplicate game_id {gid}")
    seen[gid] = r["result"]["places"]
for gid in sorted(seen):
    print(gid, seen[gid])'
}

# The rating table of a record file, its records sorted by game id first
# (the bootstrap intervals depend on the order of the games). The table of
# decision times after it is left out: times differ from run to run.
rated() {
  lines "$1" | python3 -c '
import re, sys
lines = sys.stdin.read().splitlines()
lines.sort(key=lambda l: re.search(r"\"game_id\":\"([^\"]*)\"", l).group(1))
open(sys.argv[1], "w").write("\n".join(lines) + "\n")' "$2.sorted"
  "$ratings" "$2.sorted" | awk '/^ *# +name/ { on = 1 } on && NF == 0 { exit } { print }'
}

# Name and rating columns of a rating table, sorted (equal ratings may come
# in another order).
rating_columns() {
  awk '/^ *# +name/ { on = 1; next } on && NF == 0 { exit } on { print $2, $3 }' "$1" |
    sort
}

# The states of a job (of every task of an array), one per line.
states() {
  scontrol show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' |
    cut -d= -f2 || true
}
state() { states "$1" | head -n 1; }

# Waits (up to $2 s) until no task of job $1 is waiting or running.
wait_ended() {
  local deadline=$((SECONDS + $2))
  while states "$1" | grep -qE 'PENDING|RUNNING|REQUEUE|CONFIGURING|COMPLETING|SUSPENDED'; do
    ((SECONDS < deadline)) || fail "job $1 still $(states "$1" | sort | uniq -c | tr '\n' ' ') after $2 s"
    sleep 0.2
  done
}

# Waits (up to $2 s) until command "${@:3}" succeeds.
wait_for() {
  local what=$1 deadline=$((SECONDS + $2))
  shift 2
  until "$@"; do
    ((SECONDS < deadline)) || fail "waited $what"
    sleep 0.05
  done
}

# submit ARGS...: prints the job ids, the last one the merge.
submit() {
  local out
  out=$("$root/scripts/slurm/submit" "$@" --build "$build") ||
    fail "submit $*: $out"
  sed -n 's/^jobs: \([0-9 ]*\) (.*/\1/p' <<<"$out"
}

records() { lines "$1" | wc -l; }
has_records() { [[ -s $1 ]]; }

# The local run of a config, its summary and ratings. The league gets the
# local run's deal secret, as organisers replaying a league would do.
# RECORDS (default games.jsonl.zst) is the record file the config makes.
local_run() { # CONFIG NAME [RECORDS]
  local records=${3:-games.jsonl.zst}
  mkdir -p "leagues/$2"
  "$arbiter" secret new "leagues/$2/secret" >/dev/null || fail "secret new"
  "$arbiter" tournament "$1" --out "local-$2" --concurrency 2 \
    --secret "leagues/$2/secret" --no-report >/dev/null 2>&1 ||
    fail "local run of $1"
  [[ -s local-$2/$records ]] || fail "local run of $1: no $records"
  summary "local-$2/$records" >"local-$2.summary"
  rated "local-$2/$records" "local-$2" >"local-$2.ratings"
}

# Compares league $1 (under leagues/), merged into $3 (default
# games.jsonl.zst), with its local run; the last job ($2) also wrote the
# league's one report, and no task wrote one.
same_as_local() { # NAME JOB [RECORDS]
  local league=leagues/$1 records=${3:-games.jsonl.zst}
  [[ $(state "$2") == COMPLETED ]] || fail "$1: the last job is $(state "$2")"
  summary "$league/$records" >"$1.summary" || fail "$1: $(cat "$1.summary")"
  cmp -s "$1.summary" "local-$1.summary" ||
    fail "$1: the league's games differ from the local run's" \
      "($(wc -l <"$1.summary") and $(wc -l <"local-$1.summary") games)"
  [[ -s $league/report/index.html ]] || fail "$1: no report/index.html"
  [[ -z $(find "$league" -mindepth 2 -name 'report*') ]] ||
    fail "$1: a task wrote a report: $(find "$league" -mindepth 2 -name 'report*')"
  rated "$league/$records" "$1" >"$1.ratings"
  cmp -s "$1.ratings" "local-$1.ratings" ||
    fail "$1: ratings differ: $(diff "$1.ratings" "local-$1.ratings")"
  # The last job's own table: the same ratings (its intervals depend on the
  # order of the games).
  [[ -n $(rating_columns "$league/ratings.txt") ]] || fail "$1: no ratings.txt"
  [[ $(rating_columns "$league/ratings.txt") == $(rating_columns "local-$1.ratings") ]] ||
    fail "$1: the last job's ratings differ"
  echo "$1: $(wc -l <"$1.summary") games, the same as the local run"
}

bots() { # NAME_PREFIX COUNT COMMAND
  for i in $(seq 1 "$2"); do
    printf '[[bots]]\nname = "%s%d"\ncommand = "%s"\n' "$1" "$i" "$3"
  done
}

# ---- a round-robin, one task requeued while it runs ------------------------

{
  printf 'name = "rr"\nseed = 5\ndeals_per_pairing = 30\nduplicate = true\n'
  bots b 8 builtin:random
} >rr.toml  # 28 pairs x 30 deals x 2 seatings = 1680 games, 420 a shard
local_run rr.toml rr
read -r -a jobs <<<"$(submit rr.toml --shards 4 --max-running 1 --league leagues/rr)"
((${#jobs[@]} == 2)) || fail "rr: jobs ${jobs[*]}"
array=${jobs[0]}
# Tasks run one at a time (not in index order): stop the one playing (by a
# requeue, as Slurm does after a node failure), then another one (by the
# time limit's warning, as `#SBATCH --signal` sends it). Its arbiter is
# frozen (SIGSTOP) while the test counts its games: a task is interrupted
# only with many games left, so that however fast it plays and however
# slowly Slurm passes the stop on, it stops before its end; and not in its
# first games, when Slurm refuses a requeue for a moment. (`scontrol suspend`
# does not stop a batch script's children under proctrack/linuxproc.)
job_of() { echo "${array}_$1"; }
arbiter_of() { # TASK: the pid of its running attempt's arbiter
  sed -n 's/.* arbiter pid \([0-9]*\):.*/\1/p' \
    "leagues/rr/slurm/rr-games-${array}_$1.out" 2>/dev/null | tail -n 1
}
interrupt() { # TASK PID
  if [[ -z $requeued ]]; then
    scontrol requeue "$(job_of "$1")" || return 1
    kill -CONT "$2" 2>/dev/null || true
  else
    # To the batch script, as `--signal=B:USR1@120` sends it. (`scancel
    # --signal` retries a refused signal for seconds, and may reach the
    # task's next attempt.) Its trap must find its arbiter running.
    local script
    script=$(ps -o ppid= -p "$2" | tr -d ' ')
    kill -CONT "$2" 2>/dev/null || true
    kill -USR1 "$script"
  fi
}
# Attempts of task $1 that ended, as its log tells.
ended() {
  local n
  n=$(grep -cE "exit status|CANCELLED" "leagues/rr/slurm/rr-games-${array}_$1.out" 2>/dev/null) || true
  echo "${n:-0}"
}
ended_since() { (($(ended "$1") > $2)); }  # TASK COUNT
requeued="" warned="" tried=" " deadline=$((SECONDS + 180))
while [[ -z $warned ]]; do
  ((SECONDS < deadline)) || fail "rr: no task could be interrupted while it played"
  states "$array" | grep -qE 'PENDING|RUNNING|REQUEUE' ||
    fail "rr: the tasks ended before two could be interrupted"
  task=$(squeue --noheader --jobs="$array" --states=RUNNING --format=%K | head -n 1)
  file=leagues/rr/shard-$task/games.jsonl.zst
  if [[ -z $task || $tried == *" $task "* ]] || ! has_records "$file"; then
    sleep 0.05
    continue
  fi
  pid=$(arbiter_of "$task")
  [[ -n $pid ]] && kill -STOP "$pid" 2>/dev/null || continue  # it has just ended
  played=$(records "$file") before=$(ended "$task")
  if ((played < 20 || played > 300)); then
    kill -CONT "$pid"
    ((played < 20)) && sleep 0.05 || tried+="$task "  # too late for this one
    continue
  fi
  tried+="$task "
  interrupt "$task" "$pid" ||
    fail "rr: task $task could not be interrupted ($(states "$(job_of "$task")"))"
  wait_for "for task $task to stop" 30 ended_since "$task" "$before"
  (($(records "$file") < 420)) || fail "rr: task $task played all its games"
  if [[ -z $requeued ]]; then
    requeued=$task
    echo "rr: task $task requeued after $(records "$file") of its 420 games"
  else
    warned=$task
    echo "rr: task $task warned of its time limit after $(records "$file")" \
      "of its 420 games"
  fi
done
wait_ended "$array" 120
wait_ended "${jobs[1]}" 300
for task in "$requeued" "$warned"; do
  grep -q "attempt 2" "leagues/rr/slurm/rr-games-${array}_$task.out" ||
    fail "rr: no second attempt of task $task in its log"
done
grep -q "back in the queue" "leagues/rr/slurm/rr-games-${array}_$warned.out" ||
  fail "rr: task $warned did not requeue itself"
same_as_local rr "${jobs[1]}"

# ---- a Swiss, each round sharded --------------------------------------------

# Plain records (compress_records = false): every script reads and merges
# them as it does compressed ones.
{
  printf 'name = "swiss"\nseed = 8\nformat = "swiss"\nrounds = 3\n'
  printf 'deals_per_pairing = 4\nduplicate = true\ncompress_records = false\n'
  bots s 10 builtin:random
} >swiss.toml  # 5 tables x 8 games = 40 games a round
local_run swiss.toml swiss games.jsonl
read -r -a jobs <<<"$(submit swiss.toml --shards 3 --league leagues/swiss)"
((${#jobs[@]} == 4)) || fail "swiss: jobs ${jobs[*]} (3 rounds and the last)"
wait_ended "${jobs[3]}" 400
for r in 1 2 3; do
  [[ $(states "${jobs[$((r - 1))]}" | sort -u) == COMPLETED ]] ||
    fail "swiss: round $r: $(states "${jobs[$((r - 1))]}" | tr '\n' ' ')"
  [[ $(cat leagues/swiss/round-$r/shard-*/games.jsonl | wc -l) == 40 ]] ||
    fail "swiss: round $r has not 40 games"
done
[[ ! -e leagues/swiss/games.jsonl.zst ]] || fail "swiss: merged into .zst"
same_as_local swiss "${jobs[3]}" games.jsonl
# No task could write the Swiss table (each saw one shard of a round); the
# last job wrote it beside the ratings, the local run's to the byte, and
# the league's report shows it.
tables=$(find leagues/swiss -mindepth 2 \( -name swiss.json -o -name 'swiss*.csv' \))
[[ -z $tables ]] || fail "swiss: a task wrote a Swiss table: $tables"
for f in swiss.json swiss.csv swiss_rounds.csv standings.csv crosstable.csv; do
  [[ -s leagues/swiss/$f ]] || fail "swiss: the last job wrote no $f"
  cmp -s "leagues/swiss/$f" "local-swiss/$f" ||
    fail "swiss: the last job's $f differs from the local run's:" \
      "$(diff "leagues/swiss/$f" "local-swiss/$f" | head -n 6)"
done
grep -q "Swiss table in" "leagues/swiss/slurm/swiss-finish-${jobs[3]}.out" ||
  fail "swiss: the last job's log does not name the Swiss table"
python3 - leagues/swiss <<'EOF' || fail "swiss: the report does not show the Swiss table"
import json, pathlib, sys
league = pathlib.Path(sys.argv[1])
html = (league / "report" / "index.html").read_text()
start = html.index('id="report-data">') + len('id="report-data">')
data = json.loads(html[start:html.index("</script>", start)])
assert data["format_results"] == json.loads((league / "swiss.json").read_text())
EOF
echo "swiss: the last job's Swiss table is the local run's"

# ---- bot processes: an arbiter killed, the submission made again ------------

{
  printf 'name = "procs"\nseed = 11\ndeals_per_pairing = 20\nduplicate = true\n'
  printf '[time_control]\nmove_ms = 5000\n'
  for i in 1 2 3; do
    printf '[[bots]]\nname = "random-%d"\ncommand = "%s --seed %d"\n' \
      "$i" "$random_bot" "$i"
  done
} >procs.toml  # 3 pairs x 20 deals x 2 seatings = 120 games, 60 a shard
local_run procs.toml procs
read -r -a jobs <<<"$(submit procs.toml --shards 2 --max-running 1 --league leagues/procs)"
log=leagues/procs/slurm/procs-games-${jobs[0]}_0.out
wait_for "for the arbiter of task 0" 60 grep -qs "arbiter pid" "$log"
pid=$(sed -n 's/.* arbiter pid \([0-9]*\):.*/\1/p' "$log" | head -n 1)
wait_for "for a record of task 0" 60 has_records leagues/procs/shard-0/games.jsonl.zst
kill -KILL "$pid" || fail "procs: the arbiter (pid $pid) had already ended"
wait_ended "${jobs[0]}" 60
wait_ended "${jobs[1]}" 120
before=$(records leagues/procs/shard-0/games.jsonl.zst)
echo "procs: arbiter of task 0 killed after $before of its 60 games"
((before < 60)) || fail "procs: the kill came after the last game"
[[ $(state "${jobs[0]}_0") == FAILED ]] ||
  fail "procs: task 0 is $(state "${jobs[0]}_0"), not FAILED"
[[ $(state "${jobs[1]}") == CANCELLED ]] ||
  fail "procs: the last job is $(state "${jobs[1]}"), not CANCELLED"
# The same submission again: task 0 resumes, task 1 has nothing left to play.
read -r -a jobs <<<"$(submit procs.toml --shards 2 --max-running 1 --league leagues/procs)"
wait_ended "${jobs[0]}" 240
wait_ended "${jobs[1]}" 300
same_as_local procs "${jobs[1]}"

# ---- the same league submitted twice ----------------------------------------

sed 's/^name = "procs"$/name = "twice"/; s/^deals_per_pairing = .*/deals_per_pairing = 30/' \
  procs.toml >twice.toml  # 3 pairs x 30 deals x 2 seatings = 180 games, one shard
local_run twice.toml twice
read -r -a first <<<"$(submit twice.toml --shards 1 --league leagues/twice)"
log=leagues/twice/slurm/twice-games-${first[0]}_0.out
wait_for "for the first submission's arbiter" 60 grep -qs "arbiter pid" "$log"
pid=$(sed -n 's/.* arbiter pid \([0-9]*\):.*/\1/p' "$log" | head -n 1)
wait_for "for a record of the first submission" 60 has_records leagues/twice/shard-0/games.jsonl.zst
kill -STOP "$pid" || fail "twice: the first arbiter (pid $pid) had already ended"
# While the first submission's jobs run, submitting again is refused.
if "$root/scripts/slurm/submit" twice.toml --shards 1 --league leagues/twice \
  --build "$build" >/dev/null 2>err.txt; then
  kill -CONT "$pid"
  fail "twice: submitted again while the first submission ran"
fi
grep -q "has jobs of an earlier submission queued or running: ${first[*]} " err.txt ||
  { kill -CONT "$pid"; fail "twice: $(cat err.txt)"; }
# Two submissions at once all the same (as two submits started together):
# the second task waits for the first on the shard, never appends beside it.
rm leagues/twice/jobs.txt
read -r -a second <<<"$(submit twice.toml --shards 1 --league leagues/twice)"
log2=leagues/twice/slurm/twice-games-${second[0]}_0.out
wait_for "for the second task to wait" 60 grep -qs \
  "in use by another run: pid $pid .*; waiting for it to end" "$log2"
echo "twice: $(records leagues/twice/shard-0/games.jsonl.zst) games recorded by the" \
  "first task when the second started, and waited"
kill -CONT "$pid"
for job in "${first[@]}" "${second[@]}"; do wait_ended "$job" 300; done
for job in "${first[@]}" "${second[@]}"; do
  [[ $(states "$job" | sort -u) == COMPLETED ]] ||
    fail "twice: job $job is $(states "$job" | tr '\n' ' ')"
done
summary leagues/twice/shard-0/games.jsonl.zst >/dev/null ||
  fail "twice: a game twice in the shard's records"
[[ $(records leagues/twice/shard-0/games.jsonl.zst) == 180 ]] ||
  fail "twice: $(records leagues/twice/shard-0/games.jsonl.zst) records, not 180"
same_as_local twice "${second[1]}"
# A submission whose last sbatch fails cancels its array and blocks nothing.
if "$root/scripts/slurm/submit" twice.toml --shards 1 --league leagues/twice \
  --build "$build" --finish-mem 100000000 >/dev/null 2>err.txt; then
  fail "twice: a last job with more memory than any node was submitted"
fi
grep -q "cancelling the jobs already submitted" err.txt || fail "twice: $(cat err.txt)"
read -r -a third <<<"$(submit twice.toml --shards 1 --league leagues/twice)"
wait_ended "${third[1]}" 300
same_as_local twice "${third[1]}"

# A league keeps its shards.
if "$root/scripts/slurm/submit" procs.toml --shards 3 --league leagues/procs \
  --build "$build" --dry-run >/dev/null 2>err.txt; then
  fail "procs: submitted again with another number of shards"
fi
grep -q "use the same config and --shards" err.txt || fail "$(cat err.txt)"
# ---- docs/slurm.md's steps, as written --------------------------------------

# The block after `<!-- slurm_test: NAME -->` in docs/slurm.md, without its
# list indentation.
page_block() {
  awk -v marker="<!-- slurm_test: $1 -->" '
    index($0, marker) { found = 1; next }
    found && /^ *```/ { if (on) exit; on = 1; n = index($0, "`") - 1; next }
    on { print substr($0, n + 1) }' "$root/docs/slurm.md"
}
# Runs the page's block NAME in page/ (bash -e: every command must
# succeed); its output in page/NAME.out.
run_page() {
  local block
  block=$(page_block "$1")
  [[ -n $block ]] || fail "page: no block '$1' in docs/slurm.md"
  (cd page && bash -euo pipefail -c "$block") >"page/$1.out" 2>"page/$1.err" ||
    fail "page: the '$1' block failed: $(tail -n 5 "page/$1.err")"
}
page_jobs() { sed -n 's/^jobs: \([0-9 ]*\) (.*/\1/p' page/submit.out; }
# A checkout as the page has it: build, scripts, and its league.toml.
mkdir page
ln -s "$build" page/build
ln -s "$root/scripts" page/scripts
page_block league.toml >page/league.toml
run_page plan
page_block "plan output" >page/plan.expected
head -n "$(wc -l <page/plan.expected)" page/plan.out | cmp -s - page/plan.expected ||
  fail "page: the plan differs from the page's: $(cat page/plan.out)"
run_page probe
[[ $(records page/probe/games.jsonl.zst) == 30 ]] ||
  fail "page: the probe recorded $(records page/probe/games.jsonl.zst) games, not 30"
# The jobs run as the submitting user: `full` needs root, and submit
# refuses it to anyone else before it submits anything (a dry run here).
if command -v setpriv >/dev/null; then
  status=0
  (cd page && setpriv --reuid=65534 --regid=65534 --clear-groups \
    scripts/slurm/submit league.toml --shards 4 --league "$work/nobody" \
    --dry-run) >/dev/null 2>page/nobody.err || status=$?
  ((status == 2)) && grep -q "'full', which needs root" page/nobody.err ||
    fail "page: submit let a user other than root run the full sandbox" \
      "(exit $status): $(cat page/nobody.err)"
  (cd page && setpriv --reuid=65534 --regid=65534 --clear-groups \
    scripts/slurm/submit league.toml --shards 4 --league "$work/nobody" \
    --sandbox reduced --dry-run) >/dev/null 2>page/nobody.err ||
    fail "page: submit --sandbox reduced as another user: $(cat page/nobody.err)"
fi
run_page submit
read -r -a jobs <<<"$(page_jobs)"
((${#jobs[@]} == 2)) || fail "page: jobs ${jobs[*]}"
run_page watch
grep -q "^ *${jobs[1]} " page/watch.out || fail "page: squeue: $(cat page/watch.out)"
wait_ended "${jobs[0]}" 300
wait_ended "${jobs[1]}" 300
[[ $(state "${jobs[1]}") == COMPLETED ]] ||
  fail "page: the last job is $(state "${jobs[1]}")"
grep -q -- "--sandbox reduced" page/out/league/slurm/league-games-"${jobs[0]}"_0.out ||
  fail "page: the tasks did not run --sandbox reduced"
run_page results
grep -q "120 records, 120 ok" page/results.out || fail "page: $(cat page/results.out)"
grep -q "random-1" page/results.out || fail "page: no ratings: $(cat page/results.out)"
[[ -s page/out/league/report/index.html ]] || fail "page: no report/index.html"
# Step 8: the same command again plays nothing and completes.
run_page submit
read -r -a jobs <<<"$(page_jobs)"
wait_ended "${jobs[1]}" 300
[[ $(state "${jobs[1]}") == COMPLETED ]] ||
  fail "page: submitted again, the last job is $(state "${jobs[1]}")"
echo "page: docs/slurm.md's commands ran as written (120 games)"

echo "PASS ($SECONDS s)"
