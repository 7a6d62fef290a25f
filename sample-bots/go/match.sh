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
# shellcheck source=../polyglot/play_kit.sh
source "$repo/sample-bots/polyglot/play_kit.sh" go "$@"
kit_programs

mkdir -p "$out/bot"
(cd "$repo/sample-bots/go" && CGO_ENABLED=0 go build -trimpath -o "$out/bot/go-starter" .)

kit_match "go=$out/bot/go-starter"
