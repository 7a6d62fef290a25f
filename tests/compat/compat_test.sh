#!/usr/bin/env bash
# What version 0.1 left behind keeps working:
# - its record file (records-v0.1.jsonl, written by the 0.1 arbiter: `play`
#   games at 2, 3 and 4 seats, a forfeit, strikes, a tournament game) replays,
#   verifies, rates and merges;
# - a bot built from the 0.1 protocol files (legacy_bot) plays games to their
#   end with no fault, and reads every result.
#   compat_test.sh ARBITER RATINGS LEGACY_BOT RANDOM_BOT
set -euo pipefail
arbiter=$1 ratings=$2 legacy=$3 random=$4
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

old=$here/records-v0.1.jsonl
timeout 120 "$arbiter" replay "$old" --verify >"$dir/verify.out" ||
  fail "the 0.1 records do not verify: $(cat "$dir/verify.out")"
grep -q "^4 records, 4 ok" "$dir/verify.out" || fail "$(cat "$dir/verify.out")"
timeout 120 "$arbiter" replay "$old" --game s12-g1 >"$dir/game.out" ||
  fail "replay --game of a 0.1 record"
grep -q "illegal action" "$dir/game.out" || fail "the forfeit is not shown"
timeout 120 "$ratings" "$old" >"$dir/ratings.out" || fail "ratings of 0.1 records"
grep -q "4 games, 6 players" "$dir/ratings.out" || fail "$(cat "$dir/ratings.out")"
timeout 120 "$arbiter" merge "$old" "$old" -o "$dir/merged.jsonl" \
  >"$dir/merge.out" 2>&1 || fail "merge: $(cat "$dir/merge.out")"
[[ $(wc -l <"$dir/merged.jsonl") -eq 4 ]] || fail "merge of a file with itself"

cd "$dir"
timeout 300 "$arbiter" play --bot old="$legacy" --bot random="$random" \
  --players 3 --games 3 --out legacy.jsonl >play.out 2>play.err ||
  fail "play with the 0.1 bot: $(cat play.err)"
timeout 120 "$arbiter" replay legacy.jsonl --verify >/dev/null ||
  fail "records of the 0.1 bot do not verify"
grep -q '"reason"' legacy.jsonl && fail "a fault: $(grep -o '"detail":"[^"]*"' legacy.jsonl)"
grep -q "legacy_bot: 3 games ok" legacy.jsonl.logs/old.log ||
  fail "the 0.1 bot: $(cat legacy.jsonl.logs/old.log)"
echo "compat: 0.1 records and a 0.1 bot work"
