#!/bin/bash
# `arbiter match --game` with bot processes: the random bot against a copy of
# itself at Pontoon (3 seats, a third copy as the opponent) and at Scotch
# Whist (4 seats with partnerships): the result lines, the game in every
# record, every record verified (`arbiter replay --verify`), the same
# command again plays nothing (it goes on from the records), another game or
# a rebuilt bot into the same --out is refused, and an undecided --sprt
# exits 4. A few seconds.
#
#   match_test.sh ARBITER RANDOM_BOT
set -euo pipefail
arbiter=$(realpath "$1")
bot=$(realpath "$2")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/zetema-random-match-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

fail() { echo "FAIL: $*" >&2; exit 1; }

# match GAME OUT ARGS...: 4 games of GAME; stdout in OUT.txt.
match() {
  local game=$1 out=$2
  shift 2
  timeout 120 "$arbiter" match "a=$bot --seed 1" "b=$bot --seed 2" \
    --game "$game" --games 4 --seed 5 --concurrency 2 --out "$out" "$@" \
    >"$out.txt" 2>"$out.err" ||
    { cat "$out.txt" "$out.err" >&2; fail "arbiter match --game $game $*"; }
}

# check GAME OUT SEATS: 4 verified records of GAME at SEATS seats.
check() {
  local game=$1 out=$2 seats=$3
  # Compressed records (the default), read as JSON lines.
  local records=$out/games.jsonl.zst lines=$out.jsonl
  zstd -dcq "$records" >"$lines" || fail "$records: not zstd"
  grep -q "^a vs b: games 4 " "$out.txt" || fail "$out: $(cat "$out.txt")"
  grep -q "^fixed length: 4 games; a scores" "$out.txt" ||
    fail "$out: no fixed-length line: $(cat "$out.txt")"
  grep -q "^match: a (A) vs b (B), $game, $seats seats" "$out.err" ||
    fail "$out: the header does not name $game at $seats seats: $(cat "$out.err")"
  [[ $(wc -l <"$lines") == 4 ]] || fail "$records: not 4 records"
  [[ $(grep -c "\"game\":\"$game\"" "$lines") == 4 ]] ||
    fail "$records: not every record names $game"
  [[ $(grep -c "\"game_id\":\"[0-9a-f]*-$game-p$seats-d[12]-\(ab\|ba\)\"" \
    "$lines") == 4 ]] || fail "$records: game ids without $game"
  if grep -q '"faults":\[{' "$lines"; then
    grep -o '"faults":\[{[^]]*' "$lines" >&2
    fail "$records: a game recorded a fault"
  fi
  timeout 120 "$arbiter" replay "$records" --verify >"$out.verify" 2>&1 ||
    { cat "$out.verify" >&2; fail "$records: a record does not verify"; }
  grep -q "4 records, 4 ok" "$out.verify" || fail "$out: $(cat "$out.verify")"
}

match pontoon pontoon --seats 3 --opponent "o=$bot --seed 3"
check pontoon pontoon 3
match scotch_whist whist --seats 4 --opponent "o=$bot --seed 3" \
  --ruleset partnerships
check scotch_whist whist 4
grep -q "partnerships" whist.err || fail "whist: the preset is not named"

# The same command again: every game comes from the records.
match pontoon pontoon --seats 3 --opponent "o=$bot --seed 3"
grep -q " 0 games played now, 4 from earlier records" pontoon.txt ||
  fail "resumed match replayed: $(cat pontoon.txt)"
[[ $(zstd -dcq pontoon/games.jsonl.zst | wc -l) == 4 ]] ||
  fail "resume appended records"

# Plain JSON lines on request.
match pontoon plain --seats 3 --opponent "o=$bot --seed 3" --plain-records
[[ $(wc -l <plain/games.jsonl) == 4 && ! -e plain/games.jsonl.zst ]] ||
  fail "--plain-records: $(ls plain)"

# refused OUT PATTERN ARGS...: `arbiter match ARGS... --out OUT` exits 2,
# says PATTERN, and leaves OUT's records as they were.
refused() {
  local out=$1 pattern=$2
  shift 2
  local before
  before=$(md5sum <"$out/games.jsonl.zst")
  local rc=0
  timeout 120 "$arbiter" match "$@" --games 4 --seed 5 --out "$out" \
    >refused.txt 2>refused.err || rc=$?
  [[ $rc == 2 ]] || fail "expected exit 2, got $rc: $(cat refused.err)"
  grep -q "$pattern" refused.err ||
    fail "no '$pattern' in: $(cat refused.err)"
  [[ $(md5sum <"$out/games.jsonl.zst") == "$before" ]] ||
    fail "a refused match changed $out/games.jsonl.zst"
}

# Another game under the same --out is refused: its records are another
# match's.
refused pontoon "holds the records of another match (game" \
  "a=$bot --seed 1" "b=$bot --seed 2" --game scotch_whist --seats 3 \
  --opponent "o=$bot --seed 3"

# A bot rebuilt under the same name and command is refused: the earlier
# games are not its own.
printf '#!/bin/sh\nexec %q "$@"\n' "$bot" >wrapped.sh
chmod +x wrapped.sh
timeout 120 "$arbiter" match "a=./wrapped.sh --seed 1" "b=$bot --seed 2" \
  --games 2 --seed 5 --out rebuilt >rebuilt.txt 2>rebuilt.err ||
  fail "match of the wrapped bot: $(cat rebuilt.err)"
echo "# rebuilt" >>wrapped.sh
refused rebuilt "bots\[0\].build" "a=./wrapped.sh --seed 1" "b=$bot --seed 2"

# --sprt with --games run out before a verdict: "no decision yet", exit 4.
rc=0
timeout 120 "$arbiter" match "a=$bot --seed 1" "b=$bot --seed 2" \
  --sprt elo0=0 elo1=10 --games 2 --seed 5 --out undecided \
  >undecided.txt 2>undecided.err || rc=$?
[[ $rc == 4 ]] || fail "undecided match: exit $rc: $(cat undecided.err)"
grep -q "^no decision yet (LLR" undecided.txt ||
  fail "undecided match: $(cat undecided.txt)"

echo "random bot match tests: 1 passed, 0 failed"
