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
# shellcheck source=../polyglot/play_kit.sh
source "$repo/sample-bots/polyglot/play_kit.sh" java "$@"
kit_programs

mvn -q -B -f "$repo/sdk/java" install -DskipTests
mvn -q -B -f "$repo/sample-bots/java" package -DskipTests

# As its users start it: `java -jar` (the sandbox shows the JDK through its
# /etc/alternatives links).
kit_match "java=java -jar $repo/sample-bots/java/target/bot.jar"
