#!/usr/bin/env bash
# Builds the Go starter bot as a static binary and plays it, sandboxed, in
# every game: a match against the sample bots (3 seats: the Go bot, the C++
# random bot, the game's Python sample bot) and one against the random bot
# alone (2 seats, 20 games). Every record must verify with no fault, and
# the Go bot must score more points than the random bot head to head.
#
#   sample-bots/go/play.sh [BUILD_DIR] [OUT_DIR] [GAMES]
#
# BUILD_DIR: the project's build (default build), for the arbiter and the
# random bot; OUT_DIR (default out/go-starter): the bot, records, logs;
# GAMES: games of each 3-seat match (default 4). Exit 77 (CTest's skip)
# when Go is missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
out=${2:-$root/out/go-starter}
games=${3:-4}
# shellcheck source=../../sdk/go/check_go.sh
source "$root/sdk/go/check_go.sh"
check_go "$root/sample-bots/go/go.mod" || exit 77
arbiter=$build/arbiter/cli/arbiter
random=$build/sample-bots/random/random_bot
python=$root/.venv/bin/python
for f in "$arbiter" "$random" "$python"; do
  [[ -x $f ]] || { echo "play.sh: $f is missing: run scripts/setup" >&2; exit 1; }
done
mkdir -p "$out"
out=$(cd "$out" && pwd)
bot=$out/go_starter
(cd "$root/sample-bots/go" && CGO_ENABLED=0 go build -trimpath -o "$bot" .)
echo "built $bot (static: $(file -b "$bot" | grep -o 'statically linked' || echo no))"

declare -A sample=(
  [zetema]=sample-bots/greedy/bot.py
  [pontoon]=sample-bots/pontoon/pontoon_bot.py
  [scotch_whist]=sample-bots/scotch_whist/bot.py
)
points() {  # points of bot $2 in the standings $1
  awk -v bot="$2" '$2 == bot && $3 ~ /^[0-9]+$/ { print $4; exit }' "$1"
}
# play NAME GAME GAMES BOT...: a sandboxed match, its records verified and
# free of faults; leaves the standings in $out/NAME.standings.
play() {
  local name=$1 game=$2 n=$3 records=$out/$1.jsonl
  shift 3
  rm -rf "$records" "$records.secret" "$records.logs"
  local bots=()
  for b; do bots+=(--bot "$b"); done
  timeout 900 "$arbiter" play --game "$game" --players $# --games "$n" \
    "${bots[@]}" --out "$records" >"$out/$name.out" 2>&1 ||
    { echo "FAIL $name: arbiter play: $(tail -5 "$out/$name.out")" >&2; return 1; }
  timeout 300 "$arbiter" replay "$records" --verify >"$out/$name.verify" ||
    { echo "FAIL $name: replay --verify: $(cat "$out/$name.verify")" >&2; return 1; }
  if grep -q '"reason"' "$records"; then
    echo "FAIL $name: a fault: $(grep -o '"detail":"[^"]*"' "$records" | head -3)" >&2
    return 1
  fi
  timeout 300 "$arbiter" standings "$records" >"$out/$name.standings"
}
status=0
for game in zetema pontoon scotch_whist; do
  play "$game" "$game" "$games" go="$bot" random="$random" \
    python="$python $root/${sample[$game]}" || { status=1; continue; }
  echo "$game against the sample bots: $(head -1 "$out/$game.verify"); points: go $(points "$out/$game.standings" go), random $(points "$out/$game.standings" random), python $(points "$out/$game.standings" python)"
  play "$game-vs-random" "$game" 20 go="$bot" random="$random" || { status=1; continue; }
  go_points=$(points "$out/$game-vs-random.standings" go)
  random_points=$(points "$out/$game-vs-random.standings" random)
  echo "$game against random: $(head -1 "$out/$game-vs-random.verify"); points: go $go_points, random $random_points"
  if ! awk -v a="$go_points" -v b="$random_points" 'BEGIN { exit !(a > b) }'; then
    echo "FAIL $game: the Go bot must score more than the random bot" >&2
    status=1
  fi
done
exit $status
