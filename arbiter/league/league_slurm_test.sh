#!/usr/bin/env bash
# `arbiter league run --slurm` on a single-node Slurm cluster of this
# machine (scripts/slurm/local-cluster): each batch a job array of 2 tasks,
# their records merged into the league's, each task's run log in its shard's
# folder; then a run killed with SIGKILL while its array runs, and a run
# again that waits for that array and merges it (no game lost, none twice,
# each naming its build).
# Exits 77 (skipped) without slurm-wlm and munge, or without root.
#   league_slurm_test.sh ARBITER SOURCE_DIR BUILD_DIR
set -euo pipefail
arbiter="$(realpath "$1")"
src="$(realpath "$2")"
random_bot="$(realpath "$3")/sample-bots/random/random_bot"
skip() { echo "SKIPPED: $*"; exit 77; }
for tool in sbatch slurmctld slurmd munged; do
  command -v "$tool" >/dev/null || skip "$tool not found (slurm-wlm, munge)"
done
[[ $(id -u) == 0 ]] || skip "a local Slurm cluster needs root (slurmd)"
[[ -x $random_bot ]] || skip "$random_bot is not built"

work=${KEEP_WORK:-$(mktemp -d)}
mkdir -p "$work"
chmod 755 "$work"  # munged's socket must be reachable by everyone
cluster=$work/cluster
run=""
cleanup() {
  [[ -n $run ]] && kill -9 "$run" 2>/dev/null
  "$src/scripts/slurm/local-cluster" stop "$cluster" >/dev/null 2>&1 || true
  [[ -n ${KEEP_WORK:-} ]] || rm -rf "$work"
}
trap cleanup EXIT
cd "$work"
L=$work/league
fail() {
  echo "FAIL: $*" >&2
  for f in "$L"/slurm/batch-*/task-*.out; do
    [[ -e $f ]] && { echo "--- $f" >&2; tail -n 8 "$f" >&2; }
  done
  exit 1
}
"$src/scripts/slurm/local-cluster" start "$cluster" 900 >/dev/null ||
  fail "the local cluster did not start"
# shellcheck disable=SC1091
. "$cluster/env"

ids() {  # sorted game ids of the league's records; fails on one twice
  zstdcat "$L/games.jsonl.zst" 2>/dev/null | python3 -c '
import json, sys
roster = {b["id"]: b["hash"] for b in json.load(open(sys.argv[1]))["bots"]}
seen = set()
for line in sys.stdin:
    try: r = json.loads(line)
    except ValueError: continue
    assert r["game_id"] not in seen, "twice: " + r["game_id"]
    for s in r["seats"]:
        assert s.get("bot_hash") == roster[s["bot_name"]], s
    seen.add(r["game_id"])
print("\n".join(sorted(seen)))' "$L/roster.json"
}

"$arbiter" league init "$L" --duplicate --concurrency 1 >/dev/null
"$arbiter" league add "$L" random --no-check -- "$random_bot" --seed 1 >/dev/null
"$arbiter" league add "$L" random-b --no-check -- "$random_bot" --seed 2 >/dev/null
"$arbiter" league add "$L" random-c --no-check -- "$random_bot" --seed 3 >/dev/null

# Two batches of 2 tables (4 games each), each an array of 2 tasks.
# Each task logs into its shard's folder at the run's --log-level.
timeout 600 "$arbiter" league run "$L" --slurm --tasks 2 --batch 2 --games 8 \
  --log-level debug >run.out 2>run.err || fail "run --slurm: $(tail -5 run.err)"
(( $(ids | wc -l) == 8 )) || fail "expected 8 games, got $(ids | wc -l)"
for b in 1 2; do
  [[ -f $L/slurm/batch-$b/merged ]] || fail "batch $b not merged"
  ls "$L"/slurm/batch-$b/task-*.out >/dev/null || fail "no task log, batch $b"
  for s in 0 1; do
    grep -q "arbiter league play-batch .* $b --tasks 2 --log-level debug --shard $s" \
      "$L/slurm/batch-$b/shard-$s/arbiter.log" || fail "no run log, batch $b task $s"
  done
  cat "$L"/slurm/batch-$b/shard-*/arbiter.log | grep -q " debug game .* ended" ||
    fail "batch $b: the tasks did not log at the run's level"
done
grep -q "games merged from its Slurm tasks" run.err || fail "no merge said"

# kill -9 while a batch's array runs; the run again merges it first.
"$arbiter" league run "$L" --slurm --tasks 2 --batch 2 >/dev/null 2>kill.err &
run=$!
for _ in $(seq 600); do [[ -f $L/slurm/batch-3/job ]] && break; sleep 0.2; done
[[ -f $L/slurm/batch-3/job ]] || fail "batch 3 never submitted"
kill -9 "$run"; wait "$run" 2>/dev/null || true; run=""
timeout 600 "$arbiter" league run "$L" --slurm --tasks 2 --batch 2 --games 1 \
  >>run.out 2>again.err || fail "run again: $(tail -5 again.err)"
grep -q "batch 3: waiting for its Slurm tasks" again.err ||
  fail "batch 3 not picked up: $(cat again.err)"
(( $(ids | grep -c -- '-r3-') == 4 )) || fail "batch 3's games are not all in"
(( $(ids | wc -l) == 12 )) || fail "expected 12 games, got $(ids | wc -l)"
"$arbiter" league status "$L" | grep -q "12 games recorded" ||
  fail "status: $("$arbiter" league status "$L")"
echo "league_slurm: ok"
