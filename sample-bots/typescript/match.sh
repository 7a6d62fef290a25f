#!/usr/bin/env bash
# Builds the TypeScript starter bot (npm dependencies, the SDK, the bundle)
# and plays it against the sample bots in each game with the sandbox on,
# then verifies every record (`arbiter replay --verify`):
#   Zetema        ts-starter, the Python greedy bot, the C++ random bot
#   Pontoon       ts-starter, the Python card counter, the C++ random bot
#   Scotch Whist  ts-starter, the Python whist bot
#
#   sample-bots/typescript/match.sh [BUILD_DIR] [OUT_DIR] [GAMES]
#
# BUILD_DIR: the CMake build with the arbiter and random_bot (default
# build), OUT_DIR: where the records go (default out/typescript), GAMES per
# game (default 6). The arbiter runs in OUT_DIR, so the bot sees only its
# own dist/ folder (and /usr): what a tournament's sandbox shows it. Exits 77
# (a skip for CTest) where node or npm is missing.
set -euo pipefail
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "skipped: the TypeScript starter bot needs node and npm (scripts/setup installs them)"
  exit 77
fi
repo=$(cd "$(dirname "$0")/../.." && pwd)
build=$(realpath -m "${1:-$repo/build}")
out=$(realpath -m "${2:-$repo/out/typescript}")
games=${3:-6}
arbiter=$build/arbiter/cli/arbiter
python=$repo/.venv/bin/python
random_bot=$build/sample-bots/random/random_bot
for f in "$arbiter" "$python" "$random_bot"; do
  [[ -x $f ]] || { echo "match.sh: $f is missing: run scripts/setup first" >&2; exit 1; }
done

"$repo/sdk/typescript/scripts/install.sh"
npm --prefix "$repo/sample-bots/typescript" run --silent build  # the SDK first

mkdir -p "$out"
cd "$out"
ts="ts=node $repo/sample-bots/typescript/dist/bot.js"
play() {  # GAME PLAYERS BOT...
  local game=$1 players=$2
  shift 2
  rm -rf "$game.jsonl" "$game.jsonl.secret" "$game.jsonl.logs"
  "$arbiter" play --game "$game" --players "$players" --games "$games" --seed 1 \
    --bot "$ts" "${@/#/--bot=}" --out "$game.jsonl"
  "$arbiter" replay "$game.jsonl" --verify
}
play zetema 3 "greedy=$python $repo/sample-bots/greedy/bot.py" "random=$random_bot"
play pontoon 3 "counter=$python $repo/sample-bots/pontoon/pontoon_bot.py" "random=$random_bot"
play scotch_whist 2 "whist=$python $repo/sample-bots/scotch_whist/bot.py"
echo "match.sh: every record verified: $out/{zetema,pontoon,scotch_whist}.jsonl"
