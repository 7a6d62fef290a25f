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
# shellcheck source=../polyglot/play_kit.sh
source "$repo/sample-bots/polyglot/play_kit.sh" typescript "$@"
kit_programs

"$repo/sdk/typescript/scripts/install.sh"
npm --prefix "$repo/sample-bots/typescript" run --silent build  # the SDK first

kit_match "ts=node $repo/sample-bots/typescript/dist/bot.js"
