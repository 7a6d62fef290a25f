#!/usr/bin/env bash
# Exits 0 where Java 17 or later (java and javac) and Maven 3.6 or later are
# on PATH; else prints one line naming what is missing (for CTest's skip,
# exit 77, in the scripts that call it) and exits 1.
set -uo pipefail
missing=()
# The first number of the first line: `openjdk version "17.0.15"`, `javac 17.0.15`.
major() { "$@" 2>&1 | head -1 | grep -o '[0-9][0-9]*' | head -1; }
for tool in java javac; do
  if ! command -v $tool >/dev/null; then
    missing+=("$tool")
  elif major=$(major $tool -version) && ((${major:-0} < 17)); then
    missing+=("$tool 17 or later (found ${major:-unknown})")
  fi
done
if ! command -v mvn >/dev/null; then
  missing+=("mvn")
else
  read -r major minor <<<"$(mvn -B -v 2>/dev/null | sed -n 's/.*Apache Maven \([0-9]*\)\.\([0-9]*\).*/\1 \2/p')"
  if ((${major:-0} < 3 || (${major:-0} == 3 && ${minor:-0} < 6))); then
    missing+=("Maven 3.6 or later (found ${major:-?}.${minor:-?})")
  fi
fi
if ((${#missing[@]})); then
  echo "skipped: the Java tests need ${missing[*]} (scripts/setup installs default-jdk-headless and maven)"
  exit 1
fi
