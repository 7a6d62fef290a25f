#!/bin/bash
# The strong bot and `arbiter match` in real games (CTest, label e2e; about
# two minutes on 2 cores):
#   1. the strong bot at 20 ms per move against the random bot, 2 and 3
#      seats: no timeout, no illegal action, every record verified;
#   2. the SPRT stops with H1 for strong against greedy (20 ms per move,
#      bounds 0 and 100 Elo: 30 games with this seed and secret);
#   3. the SPRT stops with H0 for the random bot against a copy of itself
#      (another seed; bounds 0 and 50 Elo: 240 games with this seed and
#      secret).
# Bigger runs: sample-bots/strong/README.md.
#
#   match_test.sh ARBITER STRONG_BOT RANDOM_BOT PYTHON GREEDY_BOT_PY
set -euo pipefail
arbiter=$1 strong=$2 random=$3 python=$4 greedy=$5
tmp=$(mktemp -d "${TMPDIR:-/tmp}/zetema-strong-match-XXXXXX")
trap 'rm -rf "$tmp"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }

# Deals come from a seed and a secret: a fixed secret makes every run of this
# test play the same deals.
secret=$tmp/test.secret
(umask 077 && printf 'key = "%s"\n' 0123456789abcdef0123456789abcdef >"$secret")

match() {  # match OUT_DIR ARGS...: runs, keeps stdout in OUT_DIR.txt
  local out=$1
  shift
  "$arbiter" match "$@" --secret "$secret" --out "$out" >"$out.txt" \
    2>"$out.err" ||
    { cat "$out.txt" "$out.err" >&2; fail "arbiter match $*"; }
  cat "$out.txt"
}

clean() {  # clean OUT_DIR GAMES: GAMES records, no fault, all verified
  local records=$1/games.jsonl.zst lines=$1.jsonl
  local games
  zstd -dcq "$records" >"$lines" || fail "$records: not zstd"
  games=$(wc -l <"$lines")
  ((games >= $2)) || fail "$records: $games games, expected $2"
  if grep -q 'FAULT_REASON' "$lines"; then
    grep -o '"faults":\[[^]]*\]' "$lines" >&2
    fail "$records: a fault"
  fi
  "$arbiter" replay "$records" --verify >"$tmp/verify" 2>&1 ||
    { cat "$tmp/verify" >&2; fail "replay --verify $records"; }
}

# 1. Tight limits.
match "$tmp/p2" "strong=$strong --seed 3" "random=$random --seed 1" \
  --games 12 --move-ms 20 --concurrency 2 --seed 5
clean "$tmp/p2" 12
match "$tmp/p3" "strong=$strong --seed 3" "random=$random --seed 1" \
  --seats 3 --opponent "other=$random --seed 2" --games 6 --move-ms 20 \
  --concurrency 2 --seed 5
clean "$tmp/p3" 6

# 2. H1: strong is stronger than greedy.
match "$tmp/h1" "strong=$strong --seed 1" "greedy=$python $greedy" \
  --sprt elo0=0 elo1=100 alpha=0.05 beta=0.05 --games 200 --move-ms 20 \
  --concurrency 2 --seed 1 | tee "$tmp/h1.out"
grep -q '^H1 accepted' "$tmp/h1.out" || fail "strong vs greedy: no H1"

# 3. H0: a bot against a copy of itself.
match "$tmp/h0" "random=$random --seed 1" "copy=$random --seed 2" \
  --sprt elo0=0 elo1=50 alpha=0.05 beta=0.05 --games 400 --concurrency 2 \
  --seed 1 | tee "$tmp/h0.out"
grep -q '^H0 accepted' "$tmp/h0.out" || fail "random vs copy: no H0"

# The same command again decides from the records alone.
match "$tmp/h0" "random=$random --seed 1" "copy=$random --seed 2" \
  --sprt elo0=0 elo1=50 alpha=0.05 beta=0.05 --games 400 --concurrency 2 \
  --seed 1 >"$tmp/again.out"
grep -q '^H0 accepted' "$tmp/again.out" || fail "resumed match: no H0"
grep -q ' 0 games played now' "$tmp/again.out" || fail "resumed match replayed"
echo "strong match tests: 1 passed, 0 failed"
