#!/usr/bin/env bash
# Builds the Rust starter bot (a static binary) and plays it against the
# sample bots in each game with the sandbox on, then verifies every record
# (`arbiter replay --verify`):
#   Zetema        rust-starter, the Python greedy bot, the C++ random bot
#   Pontoon       rust-starter, the Python card counter, the C++ random bot
#   Scotch Whist  rust-starter, the Python whist bot
#
#   sample-bots/rust/match.sh [BUILD_DIR] [OUT_DIR] [GAMES]
#
# BUILD_DIR: the CMake build with the arbiter and random_bot (default
# build); cargo builds into BUILD_DIR/rust (or $CARGO_TARGET_DIR). OUT_DIR:
# where the records go (default out/rust), GAMES per game (default 6). The
# bot is copied to OUT_DIR/bot/ and the arbiter runs in OUT_DIR, so the bot
# sees only its own folder (and /usr): what a tournament's sandbox shows it.
# Exits 77 (a skip for CTest) where cargo is missing or too old.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../polyglot/play_kit.sh
source "$repo/sample-bots/polyglot/play_kit.sh" rust "$@"
source "$repo/sdk/rust/scripts/cargo_env.sh" "$build" "the Rust starter bot"
kit_programs

# In the kit's folder, so its .cargo/config.toml (static, x86-64 GNU) applies.
(cd "$repo/sample-bots/rust" && cargo build --locked --release --quiet)
mkdir -p "$out/bot"
cp "$CARGO_TARGET_DIR/x86_64-unknown-linux-gnu/release/rust-starter" "$out/bot/"

kit_match "rust=$out/bot/rust-starter"
