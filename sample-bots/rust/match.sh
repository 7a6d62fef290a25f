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
build=$(realpath -m "${1:-$repo/build}")
source "$repo/sdk/rust/scripts/cargo_env.sh" "$build" "the Rust starter bot"
out=$(realpath -m "${2:-$repo/out/rust}")
games=${3:-6}
arbiter=$build/arbiter/cli/arbiter
python=$repo/.venv/bin/python
random_bot=$build/sample-bots/random/random_bot
for f in "$arbiter" "$python" "$random_bot"; do
  [[ -x $f ]] || { echo "match.sh: $f is missing: run scripts/setup first" >&2; exit 1; }
done

# In the kit's folder, so its .cargo/config.toml (static, x86-64 GNU) applies.
(cd "$repo/sample-bots/rust" && cargo build --locked --release --quiet)
mkdir -p "$out/bot"
cp "$CARGO_TARGET_DIR/x86_64-unknown-linux-gnu/release/rust-starter" "$out/bot/"

cd "$out"
bot="rust=$out/bot/rust-starter"
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
