#!/usr/bin/env bash
# Builds the Go starter bot (a static binary) and plays it against the
# sample bots in each game with the sandbox on, then verifies every record
# (`arbiter replay --verify`):
#   Zetema        go-starter, the Python greedy bot, the C++ random bot
#   Pontoon       go-starter, the Python card counter, the C++ random bot
#   Scotch Whist  go-starter, the Python whist bot
#
#   sample-bots/go/match.sh [BUILD_DIR] [OUT_DIR] [GAMES]
#
# BUILD_DIR: the CMake build with the arbiter and random_bot (default
# build), OUT_DIR: where the records go (default out/go), GAMES per game
# (default 6). The bot is built into OUT_DIR/bot/ and the arbiter runs in
# OUT_DIR, so the bot sees only its own folder (and /usr): what a
# tournament's sandbox shows it. Exits 77 (a skip for CTest) where Go is
# missing or older than go.mod asks.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../../sdk/go/check_go.sh
source "$repo/sdk/go/check_go.sh"
check_go "$repo/sample-bots/go/go.mod" || exit 77
build=$(realpath -m "${1:-$repo/build}")
out=$(realpath -m "${2:-$repo/out/go}")
games=${3:-6}
arbiter=$build/arbiter/cli/arbiter
python=$repo/.venv/bin/python
random_bot=$build/sample-bots/random/random_bot
for f in "$arbiter" "$python" "$random_bot"; do
  [[ -x $f ]] || { echo "match.sh: $f is missing: run scripts/setup first" >&2; exit 1; }
done

mkdir -p "$out/bot"
(cd "$repo/sample-bots/go" && CGO_ENABLED=0 go build -trimpath -o "$out/bot/go-starter" .)

cd "$out"
bot="go=$out/bot/go-starter"
play() {  # GAME PLAYERS BOT...
  local game=$1 players=$2
  shift 2
  rm -rf "$game.jsonl" "$game.jsonl.secret" "$game.jsonl.logs"
  "$arbiter" play --game "$game" --players "$players" --games "$games" --seed 1 \
    --bot "$bot" "${@/#/--bot=}" --out "$game.jsonl"
  "$arbiter" replay "$game.jsonl" --verify
}
play zetema 3 "greedy=$python $repo/sample-bots/greedy/bot.py" "random=$random_bot"
play pontoon 3 "counter=$python $repo/sample-bots/pontoon/pontoon_bot.py" "random=$random_bot"
play scotch_whist 2 "whist=$python $repo/sample-bots/scotch_whist/bot.py"
echo "match.sh: every record verified: $out/{zetema,pontoon,scotch_whist}.jsonl"
