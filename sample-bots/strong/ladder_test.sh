#!/bin/bash
# The ladder script at its smallest (CTest, label e2e, about a minute): one
# deal per pairing at 2, 3 and 4 seats, 20 ms per move; every game recorded
# with no fault, and a rating table per size.
#
#   ladder_test.sh SOURCE_DIR ARBITER STRONG_BOT RANDOM_BOT PYTHON
set -euo pipefail
src=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/zetema-ladder-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$src"
ARBITER=$2 STRONG_BOT=$3 RANDOM_BOT=$4 PYTHON=$5 MOVE_MS=20 GRACE_MS=100 \
  sample-bots/strong/ladder.sh 1 "$tmp/out" >"$tmp/ratings" 2>"$tmp/err" ||
  { cat "$tmp/ratings" "$tmp/err" >&2; echo "FAIL: ladder.sh" >&2; exit 1; }
for seats in 2 3 4; do
  expected=$((seats == 3 ? 3 : 6))
  zstd -dcq "$tmp/out/p$seats/games.jsonl.zst" >"$tmp/p$seats.jsonl"
  games=$(wc -l <"$tmp/p$seats.jsonl")
  [[ $games == "$expected" ]] ||
    { echo "FAIL: $seats seats: $games games, expected $expected" >&2; exit 1; }
  if grep -q FAULT_REASON "$tmp/p$seats.jsonl"; then
    echo "FAIL: $seats seats: a fault" >&2
    exit 1
  fi
done
[[ $(grep -c '^#  name' "$tmp/ratings") == 3 ]] ||
  { cat "$tmp/ratings" >&2; echo "FAIL: three rating tables" >&2; exit 1; }
echo "ladder test: 1 passed, 0 failed"
