#!/usr/bin/env bash
# `mvn test` of a Java package of this repository, for CTest (quiet, batch
# mode; Maven Central's jars are cached in ~/.m2 after the first run).
#   sdk/java/scripts/mvn_test.sh DIR [ARBITER]
# DIR: sdk/java or sample-bots/java (which first installs the SDK into
# ~/.m2); ARBITER: the `arbiter` command for the SDK's real-arbiter tests.
# Exits 77 (a skip for CTest), with one line, where Java 17 or Maven is missing.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../../.." && pwd)
"$repo/sdk/java/scripts/check_java.sh" || exit 77
if [[ $1 != sdk/java ]]; then
  mvn -q -B -f "$repo/sdk/java" install -DskipTests
fi
mvn -q -B -f "$repo/$1" test -Dzetema.arbiter="${2:-}"
