#!/usr/bin/env bash
# Builds the Java starter bot (the SDK installed into ~/.m2, then the bot's
# one jar) and plays it against the sample bots in each game with the
# sandbox on, then verifies every record (`arbiter replay --verify`):
#   Zetema        java-starter, the Python greedy bot, the C++ random bot
#   Pontoon       java-starter, the Python card counter, the C++ random bot
#   Scotch Whist  java-starter, the Python whist bot
#
#   sample-bots/java/match.sh [BUILD_DIR] [OUT_DIR] [GAMES]
#
# BUILD_DIR: the CMake build with the arbiter and random_bot (default
# build), OUT_DIR: where the records go (default out/java), GAMES per game
# (default 6). The arbiter runs in OUT_DIR, so the bot sees only its own
# target/ folder (and /usr): what a tournament's sandbox shows it. Exits 77
# (a skip for CTest) where Java 17 or Maven is missing.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
"$repo/sdk/java/scripts/check_java.sh" || exit 77
build=$(realpath -m "${1:-$repo/build}")
out=$(realpath -m "${2:-$repo/out/java}")
games=${3:-6}
arbiter=$build/arbiter/cli/arbiter
python=$repo/.venv/bin/python
random_bot=$build/sample-bots/random/random_bot
for f in "$arbiter" "$python" "$random_bot"; do
  [[ -x $f ]] || { echo "match.sh: $f is missing: run scripts/setup first" >&2; exit 1; }
done

mvn -q -B -f "$repo/sdk/java" install -DskipTests
mvn -q -B -f "$repo/sample-bots/java" package -DskipTests

mkdir -p "$out"
cd "$out"
# As its users start it: `java -jar` (the sandbox shows the JDK through its
# /etc/alternatives links).
java="java=java -jar $repo/sample-bots/java/target/bot.jar"
play() {  # GAME PLAYERS BOT...
  local game=$1 players=$2
  shift 2
  rm -rf "$game.jsonl" "$game.jsonl.secret" "$game.jsonl.logs"
  "$arbiter" play --game "$game" --players "$players" --games "$games" --seed 1 \
    --bot "$java" "${@/#/--bot=}" --out "$game.jsonl"
  "$arbiter" replay "$game.jsonl" --verify
}
play zetema 3 "greedy=$python $repo/sample-bots/greedy/bot.py" "random=$random_bot"
play pontoon 3 "counter=$python $repo/sample-bots/pontoon/pontoon_bot.py" "random=$random_bot"
play scotch_whist 2 "whist=$python $repo/sample-bots/scotch_whist/bot.py"
echo "match.sh: every record verified: $out/{zetema,pontoon,scotch_whist}.jsonl"
