#!/bin/bash
# The random bot plays every game of the arbiter through its legal list: for
# each game, `arbiter play` of two copies and a round-robin tournament of
# three copies (at three seats, two for High Card; every deal from every
# seat rotation), with no fault, and every
# record verifies (`arbiter replay --verify`).
#
#   every_game_test.sh ARBITER RANDOM_BOT
set -euo pipefail
arbiter=$(realpath "$1")
bot=$(realpath "$2")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/zetema-random-every-game-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

fail() { echo "FAIL: $*" >&2; exit 1; }

# check RECORDS COUNT GAME: COUNT records of GAME, no fault, all verified.
check() {
  local records=$1 count=$2 game=$3
  local n
  n=$(wc -l <"$records")
  [[ $n == "$count" ]] || fail "$records: $n records, expected $count"
  [[ $(grep -c "\"game\":\"$game\"" "$records") == "$count" ]] ||
    fail "$records: not every record names $game"
  if grep -q '"faults":\[{' "$records"; then
    grep -o '"faults":\[{[^]]*' "$records" >&2
    fail "$records: a game recorded a fault"
  fi
  timeout 120 "$arbiter" replay "$records" --verify >"$records.verify" 2>&1 ||
    { cat "$records.verify" >&2; fail "$records: a record does not verify"; }
}

for game in zetema pontoon scotch_whist high_card; do
  timeout 120 "$arbiter" play --game "$game" --bot "a=$bot" \
    --bot "b=$bot --seed 7" --games 2 --seed 11 --out "$game.jsonl" \
    >"$game.out" 2>"$game.err" ||
    { cat "$game.out" "$game.err" >&2; fail "arbiter play --game $game"; }
  check "$game.jsonl" 2 "$game"

  seats=3
  [[ $game == high_card ]] && seats=2
  cat >"$game.toml" <<TOML
name = "random-$game"
game = "$game"
seed = 3
format = "round-robin"
seats = $seats
duplicate = true
concurrency = 2

[[bots]]
name = "r1"
command = "$bot --seed 1"

[[bots]]
name = "r2"
command = "$bot --seed 2"

[[bots]]
name = "r3"
command = "$bot --seed 3"
TOML
  timeout 300 "$arbiter" tournament "$game.toml" --out "$game.t" --no-report \
    >"$game.t.out" 2>"$game.t.err" ||
    { cat "$game.t.out" "$game.t.err" >&2; fail "tournament of $game"; }
  zstd -dcq "$game.t/games.jsonl.zst" >"$game.t.jsonl"  # compressed: the default
  games=$(wc -l <"$game.t.jsonl")
  ((games >= 1)) || fail "tournament of $game: no records"
  check "$game.t.jsonl" "$games" "$game"
  # The bots print nothing when all goes well (the logs hold only the
  # arbiter's lines: a process's start, and before each game).
  if [[ -n $(cat "$game.jsonl.logs"/*.log "$game.t/logs"/*.log |
    grep -v '^\[arbiter\] \(game \|start$\)' || true) ]]; then
    cat "$game.jsonl.logs"/*.log "$game.t/logs"/*.log >&2
    fail "$game: the bots wrote to their logs"
  fi
  echo "ok: $game: 2 games played, $games in a tournament, every record verified"
done
